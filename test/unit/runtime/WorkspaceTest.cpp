//===- WorkspaceTest.cpp - reuse of compiled code's buffers ---------------===//
//
// Compiled code allocates through _mlir_memref_to_llvm_*: large blocks come
// back to the next allocation that fits instead of going to the system, so
// a call's temporaries and results stop costing page faults; small ones
// come back from the freeing thread's cache, so they stop costing malloc.
//
//===----------------------------------------------------------------------===//

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <thread>

extern "C" {
void *_mlir_memref_to_llvm_alloc(uint64_t size);
void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment, uint64_t size);
void _mlir_memref_to_llvm_free(void *ptr);
}

namespace {

constexpr uint64_t kMiB = 1 << 20;

TEST(WorkspaceTest, LargeBlocksAreReused) {
  void *first = _mlir_memref_to_llvm_aligned_alloc(64, 8 * kMiB);
  ASSERT_NE(first, nullptr);
  std::memset(first, 1, 8 * kMiB);
  _mlir_memref_to_llvm_free(first);
  // The same size again, or a little less: the kept block.
  void *second = _mlir_memref_to_llvm_aligned_alloc(64, 8 * kMiB - 4096);
  EXPECT_EQ(second, first);
  _mlir_memref_to_llvm_free(second);
}

TEST(WorkspaceTest, BlocksTooLargeForTheRequestAreNotUsed) {
  void *big = _mlir_memref_to_llvm_alloc(16 * kMiB);
  ASSERT_NE(big, nullptr);
  _mlir_memref_to_llvm_free(big);
  // Less than half of the kept block: a block of its own.
  void *small = _mlir_memref_to_llvm_alloc(2 * kMiB);
  ASSERT_NE(small, nullptr);
  EXPECT_NE(small, big);
  void *again = _mlir_memref_to_llvm_alloc(16 * kMiB);
  EXPECT_EQ(again, big);
  _mlir_memref_to_llvm_free(small);
  _mlir_memref_to_llvm_free(again);
}

TEST(WorkspaceTest, AlignmentIsKept) {
  for (uint64_t alignment : {64u, 128u, 4096u}) {
    void *ptr = _mlir_memref_to_llvm_aligned_alloc(alignment, 3 * kMiB + 5);
    ASSERT_NE(ptr, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(ptr) % alignment, 0u);
    _mlir_memref_to_llvm_free(ptr);
  }
  // Small blocks are aligned as asked too.
  void *small = _mlir_memref_to_llvm_aligned_alloc(256, 100);
  ASSERT_NE(small, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(small) % 256, 0u);
  _mlir_memref_to_llvm_free(small);
}

TEST(WorkspaceTest, SmallBlocksComeBackFromTheThreadsCache) {
  void *first = _mlir_memref_to_llvm_alloc(100);
  ASSERT_NE(first, nullptr);
  std::memset(first, 1, 100);
  _mlir_memref_to_llvm_free(first);
  // The same size class (65 to 128 bytes): the block just freed.
  void *second = _mlir_memref_to_llvm_alloc(128);
  EXPECT_EQ(second, first);
  // Another class: another block.
  void *third = _mlir_memref_to_llvm_alloc(129);
  EXPECT_NE(third, first);
  std::memset(third, 2, 129);
  _mlir_memref_to_llvm_free(second);
  _mlir_memref_to_llvm_free(third);
}

TEST(WorkspaceTest, BlocksFreedOnAnotherThreadGoToThatThreadsCache) {
  // A result freed by the thread the caller handed it to: that thread's
  // next allocation of the size class gets it.
  void *block = _mlir_memref_to_llvm_alloc(1000);
  ASSERT_NE(block, nullptr);
  std::memset(block, 3, 1000);
  void *reused = nullptr;
  std::thread([&] {
    _mlir_memref_to_llvm_free(block);
    reused = _mlir_memref_to_llvm_alloc(1000);
    _mlir_memref_to_llvm_free(reused);
  }).join();
  EXPECT_EQ(reused, block);
  // A block of a thread that has ended (its cache freed with it), freed
  // here and then served from this thread's cache.
  void *fromEndedThread = nullptr;
  std::thread([&] { fromEndedThread = _mlir_memref_to_llvm_alloc(1000); })
      .join();
  ASSERT_NE(fromEndedThread, nullptr);
  std::memset(fromEndedThread, 4, 1000);
  _mlir_memref_to_llvm_free(fromEndedThread);
  void *again = _mlir_memref_to_llvm_alloc(1000);
  EXPECT_EQ(again, fromEndedThread);
  _mlir_memref_to_llvm_free(again);
}

} // namespace
