//===- HotPathAllocationTest.cpp - what a model call allocates ------------===//
//
// A warm model call should cost no trip through malloc but the output
// tensors it returns. This program replaces malloc and its relatives with
// counting wrappers around glibc's own (a definition in the executable wins
// over libc's for every library, the runtime and the models included), so
// it is a program of its own, and it is not built with a sanitizer, which
// replaces them too. What the OpenMP runtime allocates is not counted:
// Debian's libomp allocates on every parallel loop (docs/performance.md),
// a cost of OpenMP, not of tfc, which the one-thread test below shows a
// call avoids.
//
//===----------------------------------------------------------------------===//

#include "ModelTestUtils.h"

#include "tfc/runtime.h"

#include <gtest/gtest.h>

#include <dlfcn.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <thread>

extern "C" {
void *__libc_malloc(size_t size);
void *__libc_calloc(size_t count, size_t size);
void *__libc_realloc(void *ptr, size_t size);
void *__libc_memalign(size_t alignment, size_t size);
void __libc_free(void *ptr);
}

namespace {

/// Counted on the thread that turned counting on; other threads (OpenMP
/// workers) are not, as their allocations would not be the call's anyway
/// when they are idle.
thread_local bool counting = false;
thread_local int64_t allocations = 0;
thread_local int64_t releases = 0;

/// Whether `caller`, the return address of an allocation function, is in
/// the OpenMP runtime.
bool isOpenMPCode(void *caller) {
  Dl_info info;
  return dladdr(caller, &info) && info.dli_fname &&
         std::strstr(info.dli_fname, "libomp");
}

/// Counts an allocation or a free made from `caller`.
void countCall(void *caller, int64_t &counter) {
  if (!counting)
    return;
  counting = false; // Whatever the lookup does is not counted.
  bool openMP = isOpenMPCode(caller);
  counting = true;
  if (!openMP)
    ++counter;
}

} // namespace

extern "C" {
void *malloc(size_t size) {
  countCall(__builtin_return_address(0), allocations);
  return __libc_malloc(size);
}
void *calloc(size_t count, size_t size) {
  countCall(__builtin_return_address(0), allocations);
  return __libc_calloc(count, size);
}
void *realloc(void *ptr, size_t size) {
  countCall(__builtin_return_address(0), allocations);
  return __libc_realloc(ptr, size);
}
void *memalign(size_t alignment, size_t size) {
  countCall(__builtin_return_address(0), allocations);
  return __libc_memalign(alignment, size);
}
void *aligned_alloc(size_t alignment, size_t size) {
  countCall(__builtin_return_address(0), allocations);
  return __libc_memalign(alignment, size);
}
int posix_memalign(void **result, size_t alignment, size_t size) {
  countCall(__builtin_return_address(0), allocations);
  void *ptr = __libc_memalign(alignment, size);
  if (!ptr)
    return ENOMEM;
  *result = ptr;
  return 0;
}
void free(void *ptr) {
  if (ptr)
    countCall(__builtin_return_address(0), releases);
  __libc_free(ptr);
}
}

namespace {

struct Counts {
  int64_t allocations;
  int64_t releases;
};

/// The allocations and frees `body` makes on this thread.
template <typename Body> Counts count(Body body) {
  allocations = releases = 0;
  counting = true;
  body();
  counting = false;
  return {allocations, releases};
}

using namespace tfc::testing;

/// A [rows, columns] f32 tensor of `value`.
Tensor filledMatrix(int64_t rows, int64_t columns, float value) {
  int64_t shape[] = {rows, columns};
  Tensor t(tfc_tensor_create(TFC_F32, 2, shape, nullptr));
  float *data = static_cast<float *>(tfc_tensor_data(t.get()));
  for (int64_t i = 0; i < rows * columns; ++i)
    data[i] = value;
  return t;
}

/// What a warm call may allocate: its output tensor's header, freed when the
/// caller destroys the output.
void expectOneAllocationPerCall(Counts counts, int64_t calls) {
  EXPECT_EQ(counts.allocations, calls);
  EXPECT_EQ(counts.releases, calls);
}

class HotPathAllocationTest : public ::testing::Test {
protected:
  void SetUp() override {
    const tfc_model_abi *abi = loadTestModel("mlp");
    ASSERT_TRUE(abi) << dlerror();
    model.reset(tfc_model_create(abi, nullptr, status.get()));
    ASSERT_TRUE(model) << tfc_status_message(status.get());
    ASSERT_EQ(
        tfc_model_initialize(model.get(), "GLOBAL_VARIABLES", status.get()),
        TFC_OK)
        << tfc_status_message(status.get());
  }

  /// Calls `entry` with `inputs` `calls` times, destroying each output, and
  /// returns the counts of the calls after three warm-up calls.
  Counts countCalls(const char *entry, const tfc_tensor *const *inputs,
                    int64_t numInputs, int calls) {
    int64_t index = tfc_model_find_entry(model.get(), entry);
    EXPECT_GE(index, 0) << entry;
    auto call = [&] {
      tfc_tensor *out = nullptr;
      tfc_code code = tfc_model_call(model.get(), index, inputs, numInputs,
                                     &out, 1, status.get());
      EXPECT_EQ(code, TFC_OK);
      tfc_tensor_destroy(out);
    };
    for (int i = 0; i < 3; ++i)
      call();
    return count([&] {
      for (int i = 0; i < calls; ++i)
        call();
    });
  }

  Status status{tfc_status_create()};
  Model model;
};

TEST_F(HotPathAllocationTest, CountingSeesTheRuntimesAllocations) {
  // Guards the test itself: a tensor the runtime creates is counted.
  Counts counts = count([] {
    int64_t shape[] = {4};
    tfc_tensor_destroy(tfc_tensor_create(TFC_F32, 1, shape, nullptr));
  });
  EXPECT_EQ(counts.allocations, 2);
  EXPECT_EQ(counts.releases, 2);
}

// One allocation per call: the returned tensor's header. Its data is the
// buffer the compiled code wrote, reused from the previous call's output.
TEST_F(HotPathAllocationTest, InferenceAllocatesOnlyTheOutputTensor) {
  for (int64_t batch : {1, 64}) {
    SCOPED_TRACE(batch);
    auto x = filledMatrix(batch, 4, 0.5f);
    const tfc_tensor *inputs[] = {x.get()};
    expectOneAllocationPerCall(countCalls("predict", inputs, 1, 100), 100);
  }
}

TEST_F(HotPathAllocationTest, TrainingStepAllocatesOnlyTheOutputTensor) {
  auto x = filledMatrix(8, 4, 0.5f);
  auto y = filledMatrix(8, 3, 1.0f / 3);
  const tfc_tensor *inputs[] = {x.get(), y.get()};
  expectOneAllocationPerCall(countCalls("train_step", inputs, 2, 100), 100);
}

// With one thread, the parallel loops run as their serial twins and never
// enter OpenMP, whose fork and loop scheduling allocate.
TEST(HotPathAllocation, OneThreadNeverEntersOpenMP) {
  const tfc_model_abi *abi = loadTestModel("parallel");
  ASSERT_TRUE(abi) << dlerror();
  Status status(tfc_status_create());
  Model model(tfc_model_create(abi, nullptr, status.get()));
  ASSERT_TRUE(model) << tfc_status_message(status.get());
  ASSERT_EQ(tfc_model_set_num_threads(model.get(), 1, status.get()), TFC_OK);
  Tensor a = filledMatrix(512, 40, 1.0f), b = filledMatrix(40, 64, 0.5f);
  const tfc_tensor *inputs[] = {a.get(), b.get()};
  auto call = [&] {
    tfc_tensor *out = nullptr;
    ASSERT_EQ(tfc_model_call(model.get(), 0, inputs, 2, &out, 1, status.get()),
              TFC_OK)
        << tfc_status_message(status.get());
    EXPECT_EQ(static_cast<float *>(tfc_tensor_data(out))[512 * 64 - 1], 20.0f);
    tfc_tensor_destroy(out);
  };
  for (int i = 0; i < 3; ++i)
    call();
  Counts counts = count([&] {
    for (int i = 0; i < 20; ++i)
      call();
  });
  expectOneAllocationPerCall(counts, 20);
}

// A thread that only ever calls once still gets its results; its cached
// blocks go back to the system when it ends (checked by LeakSanitizer
// builds of the other tests; here: no crash at thread exit).
TEST_F(HotPathAllocationTest, ThreadsEndingWithCachedBlocksAreFine) {
  auto x = filledMatrix(2, 4, 0.5f);
  const tfc_tensor *input = x.get();
  int64_t index = tfc_model_find_entry(model.get(), "predict");
  // The probabilities the calling thread computes, to compare with.
  tfc_tensor *reference = nullptr;
  ASSERT_EQ(tfc_model_call(model.get(), index, &input, 1, &reference, 1,
                           status.get()),
            TFC_OK);
  Tensor owned(reference);
  const float *expected =
      static_cast<const float *>(tfc_tensor_data(reference));
  for (int round = 0; round < 4; ++round) {
    tfc_tensor *out = nullptr;
    std::thread worker([&] {
      ASSERT_EQ(
          tfc_model_call(model.get(), index, &input, 1, &out, 1, status.get()),
          TFC_OK);
    });
    worker.join();
    ASSERT_TRUE(out);
    ASSERT_EQ(tfc_tensor_num_elements(out), 6);
    const float *values = static_cast<const float *>(tfc_tensor_data(out));
    for (int i = 0; i < 6; ++i)
      EXPECT_EQ(values[i], expected[i]) << "element " << i;
    // Freed on another thread than the one that allocated it.
    tfc_tensor_destroy(out);
  }
}

} // namespace
