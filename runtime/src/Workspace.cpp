//===- Workspace.cpp - Reused buffers for compiled code -------------------===//
//
// Compiled code allocates its temporaries and results on every call, and
// fresh memory is slow: a large block from the system costs a page fault per
// 4 KiB page on first touch (64 MiB: 16k faults, more than an element-wise
// op's whole computation), and a batch-1 MLP makes dozens of small
// allocations per call. So freed blocks are kept for the next call:
//  - small blocks (under 1 MiB) are rounded up to a power of two and kept,
//    per size, in the cache of the thread that frees them (bounded);
//  - large blocks are kept in one process-wide, bounded list: the workspace.
// Each block has a header in front of it with its size and the links by
// which the arena of the call that allocated it finds it again.
//
//===----------------------------------------------------------------------===//

#include "Model.h"

#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <vector>

using namespace tfc::runtime;

namespace {

/// Blocks at least this large come from the workspace.
constexpr size_t kLargeBlock = size_t(1) << 20;
/// Large blocks are page-aligned, which also satisfies every alignment
/// compiled code asks for.
constexpr size_t kPage = 4096;
/// The least space in front of a small block: room for the header, and the
/// alignment of a cache line.
constexpr size_t kSmallHeaderSpace = 64;

/// Small size classes: 2^kMinClass .. 2^kMaxClass bytes.
constexpr unsigned kMinClass = 6;
constexpr unsigned kMaxClass = 20;
constexpr unsigned kLargeClass = kMaxClass + 1;
/// A small block asking for more alignment than the header space gives is
/// not cached.
constexpr unsigned kUncachedClass = kMaxClass + 2;

/// What one thread's cache keeps at most.
constexpr size_t kMaxCachedBytes = size_t(8) << 20;
constexpr uint32_t kMaxCachedPerClass = 16;

/// What the workspace keeps at most, free and ready.
constexpr size_t kMaxKeptBytes = size_t(512) << 20;
constexpr size_t kMaxKeptBlocks = 16;

struct BlockHeader {
  BufferArena::Link link;
  /// Usable bytes from the block's start.
  size_t capacity;
  /// Bytes from the system allocation's start to the block's.
  size_t headerSpace;
  unsigned sizeClass;
};
static_assert(sizeof(BlockHeader) <= kSmallHeaderSpace);

BlockHeader *headerOf(void *ptr) {
  return reinterpret_cast<BlockHeader *>(static_cast<char *>(ptr) -
                                         sizeof(BlockHeader));
}
void *blockOf(BlockHeader *header) { return header + 1; }
void *baseOf(BlockHeader *header) {
  return static_cast<char *>(blockOf(header)) - header->headerSpace;
}

/// A new block from the system with its header filled in.
void *systemBlock(size_t headerSpace, size_t capacity, unsigned sizeClass) {
  void *base = std::aligned_alloc(headerSpace, headerSpace + capacity);
  if (!base)
    return nullptr;
  void *ptr = static_cast<char *>(base) + headerSpace;
  BlockHeader *header = headerOf(ptr);
  header->link = {nullptr, nullptr};
  header->capacity = capacity;
  header->headerSpace = headerSpace;
  header->sizeClass = sizeClass;
  return ptr;
}

void freeBlock(BlockHeader *header) { std::free(baseOf(header)); }

/// The header whose link is `link`: the link is the header's first member.
BlockHeader *headerOfLink(BufferArena::Link *link) {
  return reinterpret_cast<BlockHeader *>(link);
}

/// Freed small blocks of one thread, by size class, each list chained
/// through link.next.
struct ThreadCache {
  BlockHeader *free[kMaxClass + 1] = {};
  uint32_t count[kMaxClass + 1] = {};
  size_t bytes = 0;

  ~ThreadCache();
};

/// Set once this thread's cache is destroyed: tensors freed by destructors
/// that run after it go straight back to the system.
thread_local bool threadCacheGone = false;
thread_local ThreadCache threadCache;

ThreadCache::~ThreadCache() {
  threadCacheGone = true;
  for (BlockHeader *&head : free)
    while (BlockHeader *header = head) {
      head = headerOfLink(header->link.next);
      freeBlock(header);
    }
}

void *allocateSmall(size_t size) {
  unsigned sizeClass = kMinClass;
  while ((size_t(1) << sizeClass) < size)
    ++sizeClass;
  if (!threadCacheGone) {
    ThreadCache &cache = threadCache;
    if (BlockHeader *header = cache.free[sizeClass]) {
      cache.free[sizeClass] = headerOfLink(header->link.next);
      --cache.count[sizeClass];
      cache.bytes -= header->capacity;
      header->link = {nullptr, nullptr};
      return blockOf(header);
    }
  }
  return systemBlock(kSmallHeaderSpace, size_t(1) << sizeClass, sizeClass);
}

void releaseSmall(BlockHeader *header) {
  unsigned sizeClass = header->sizeClass;
  if (threadCacheGone || sizeClass > kMaxClass) {
    freeBlock(header);
    return;
  }
  ThreadCache &cache = threadCache;
  if (cache.count[sizeClass] >= kMaxCachedPerClass ||
      cache.bytes + header->capacity > kMaxCachedBytes) {
    freeBlock(header);
    return;
  }
  BlockHeader *next = cache.free[sizeClass];
  header->link = {nullptr, next ? &next->link : nullptr};
  cache.free[sizeClass] = header;
  ++cache.count[sizeClass];
  cache.bytes += header->capacity;
}

/// Large free blocks, shared by all threads.
class Workspace {
public:
  Workspace() { kept.reserve(kMaxKeptBlocks + 1); }

  void *allocate(size_t size) {
    size_t capacity = (size + kPage - 1) / kPage * kPage;
    {
      std::lock_guard<std::mutex> lock(mutex);
      // The smallest kept block that fits without wasting half of it.
      size_t best = findBestFit(kept.size(), capacity,
                                [&](size_t i) { return kept[i]->capacity; });
      if (best != kept.size()) {
        BlockHeader *header = kept[best];
        kept.erase(kept.begin() + best);
        keptBytes -= header->capacity;
        header->link = {nullptr, nullptr};
        return blockOf(header);
      }
    }
    return systemBlock(kPage, capacity, kLargeClass);
  }

  void release(BlockHeader *header) {
    BlockHeader *evicted[kMaxKeptBlocks + 1];
    size_t numEvicted = 0;
    {
      std::lock_guard<std::mutex> lock(mutex);
      kept.push_back(header);
      keptBytes += header->capacity;
      // The oldest blocks go first.
      while (keptBytes > kMaxKeptBytes || kept.size() > kMaxKeptBlocks) {
        evicted[numEvicted++] = kept.front();
        keptBytes -= kept.front()->capacity;
        kept.erase(kept.begin());
      }
    }
    for (size_t i = 0; i < numEvicted; ++i)
      freeBlock(evicted[i]);
  }

private:
  std::mutex mutex;
  std::vector<BlockHeader *> kept;
  size_t keptBytes = 0;
};

/// Never destroyed: tensors may be freed by static destructors at exit.
Workspace &workspace() {
  static Workspace *instance = new Workspace();
  return *instance;
}

void unlink(BlockHeader *header) {
  BufferArena::Link &link = header->link;
  if (!link.prev)
    return;
  link.prev->next = link.next;
  link.next->prev = link.prev;
  link = {nullptr, nullptr};
}

} // namespace

void *tfc::runtime::allocateBuffer(size_t alignment, size_t size) {
  if (size >= kLargeBlock && alignment <= kPage)
    return workspace().allocate(size);
  if (alignment <= kSmallHeaderSpace)
    return allocateSmall(size);
  // Rare: more alignment than a cache line. Not cached.
  size_t space = (sizeof(BlockHeader) + alignment - 1) / alignment * alignment;
  size_t capacity = (size + alignment - 1) / alignment * alignment;
  return systemBlock(space, capacity ? capacity : alignment, kUncachedClass);
}

void tfc::runtime::releaseBuffer(void *ptr) {
  if (!ptr)
    return;
  BlockHeader *header = headerOf(ptr);
  unlink(header);
  if (header->sizeClass == kLargeClass)
    workspace().release(header);
  else
    releaseSmall(header);
}

BufferArena::BufferArena() { sentinel.prev = sentinel.next = &sentinel; }

BufferArena::~BufferArena() {
  while (sentinel.next != &sentinel)
    releaseBuffer(blockOf(headerOfLink(sentinel.next)));
}

void BufferArena::track(void *ptr) {
  Link &link = headerOf(ptr)->link;
  link.prev = &sentinel;
  link.next = sentinel.next;
  sentinel.next->prev = &link;
  sentinel.next = &link;
}

bool BufferArena::untrack(void *ptr) {
  for (Link *link = sentinel.next; link != &sentinel; link = link->next)
    if (blockOf(headerOfLink(link)) == ptr) {
      unlink(headerOfLink(link));
      return true;
    }
  return false;
}
