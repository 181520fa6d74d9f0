//===- Workspace.cpp - Reused large buffers for compiled code -------------===//
//
// Compiled code allocates its temporaries and results per call. A large
// block fresh from the system costs a page fault per 4 KiB page on first
// touch (64 MiB: 16k faults, more than the computation itself for an
// element-wise op), so large blocks are kept when freed and handed out
// again: the workspace. It is process-wide and bounded; small blocks go to
// malloc as before.
//
//===----------------------------------------------------------------------===//

#include "Model.h"

#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <unordered_map>
#include <vector>

using namespace tfc::runtime;

namespace {

/// Blocks at least this large are kept for reuse.
constexpr size_t kLargeBlock = size_t(1) << 20;
/// What the workspace keeps at most, free and ready.
constexpr size_t kMaxKeptBytes = size_t(512) << 20;
constexpr size_t kMaxKeptBlocks = 16;
/// Large blocks are page-aligned, which also satisfies every alignment
/// compiled code asks for.
constexpr size_t kPage = 4096;

struct FreeBlock {
  void *ptr;
  size_t capacity;
};

class Workspace {
public:
  void *allocate(size_t size) {
    size_t capacity = (size + kPage - 1) / kPage * kPage;
    {
      std::lock_guard<std::mutex> lock(mutex);
      // The smallest kept block that fits without wasting half of it.
      size_t best = kept.size();
      for (size_t i = 0; i < kept.size(); ++i)
        if (kept[i].capacity >= capacity && kept[i].capacity / 2 <= capacity &&
            (best == kept.size() || kept[i].capacity < kept[best].capacity))
          best = i;
      if (best != kept.size()) {
        FreeBlock block = kept[best];
        kept.erase(kept.begin() + best);
        keptBytes -= block.capacity;
        live[block.ptr] = block.capacity;
        return block.ptr;
      }
    }
    void *ptr = std::aligned_alloc(kPage, capacity);
    if (!ptr)
      return nullptr;
    std::lock_guard<std::mutex> lock(mutex);
    live[ptr] = capacity;
    return ptr;
  }

  /// Keeps `ptr` if it is a large block, else frees it.
  void release(void *ptr) {
    if (!ptr)
      return;
    // Large blocks are page-aligned: anything else is a small buffer from
    // malloc, freed without taking the workspace's lock.
    if (reinterpret_cast<uintptr_t>(ptr) % kPage != 0) {
      std::free(ptr);
      return;
    }
    std::vector<void *> evicted;
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto it = live.find(ptr);
      if (it == live.end()) {
        std::free(ptr);
        return;
      }
      size_t capacity = it->second;
      live.erase(it);
      kept.push_back({ptr, capacity});
      keptBytes += capacity;
      // The oldest blocks go first.
      while (keptBytes > kMaxKeptBytes || kept.size() > kMaxKeptBlocks) {
        evicted.push_back(kept.front().ptr);
        keptBytes -= kept.front().capacity;
        kept.erase(kept.begin());
      }
    }
    for (void *block : evicted)
      std::free(block);
  }

private:
  std::mutex mutex;
  std::unordered_map<void *, size_t> live;
  std::vector<FreeBlock> kept;
  size_t keptBytes = 0;
};

/// Never destroyed: tensors may be freed by static destructors at exit.
Workspace &workspace() {
  static Workspace *instance = new Workspace();
  return *instance;
}

} // namespace

void *tfc::runtime::allocateBuffer(size_t alignment, size_t size) {
  if (size >= kLargeBlock && alignment <= kPage)
    return workspace().allocate(size);
  if (alignment <= alignof(std::max_align_t))
    return std::malloc(size ? size : 1);
  size = (size + alignment - 1) / alignment * alignment;
  return std::aligned_alloc(alignment, size ? size : alignment);
}

void tfc::runtime::releaseBuffer(void *ptr) { workspace().release(ptr); }
