//===- RuntimeCallsTest.cpp - prints and assertions of compiled code ------===//
//
// A model compiled at build time prints through the print hook and fails
// calls whose assertion does not hold with an error status: never an
// abort, with the store's lock released and the variables unchanged.
//
//===----------------------------------------------------------------------===//

#include "ModelTestUtils.h"

#include "tfc/runtime.h"

#include <gtest/gtest.h>

#include <dlfcn.h>

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace tfc::testing;

const tfc_model_abi *loadChecked() { return loadTestModel("checked"); }

Tensor scalar(float value) {
  Tensor t(tfc_tensor_create(TFC_F32, 0, nullptr, nullptr));
  *static_cast<float *>(tfc_tensor_data(t.get())) = value;
  return t;
}

/// Collects printed lines.
void collect(void *userData, const char *text, size_t size) {
  static_cast<std::vector<std::string> *>(userData)->emplace_back(text, size);
}

class RuntimeCallsTest : public ::testing::Test {
protected:
  void SetUp() override {
    const tfc_model_abi *abi = loadChecked();
    ASSERT_TRUE(abi) << dlerror();
    model.reset(tfc_model_create(abi, nullptr, status.get()));
    ASSERT_TRUE(model) << tfc_status_message(status.get());
    ASSERT_EQ(
        tfc_model_initialize(model.get(), "GLOBAL_VARIABLES", status.get()),
        TFC_OK);
    tfc_set_print_hook(collect, &printed);
  }
  void TearDown() override { tfc_set_print_hook(nullptr, nullptr); }

  /// step(limit): the counter after the call, or the error code.
  tfc_code step(float limit, float *counter, tfc_status *into) {
    Tensor input = scalar(limit);
    const tfc_tensor *inputs[] = {input.get()};
    tfc_tensor *output = nullptr;
    tfc_code code = tfc_model_call(model.get(), 0, inputs, 1, &output, 1, into);
    if (code == TFC_OK && counter)
      *counter = *static_cast<float *>(tfc_tensor_data(output));
    tfc_tensor_destroy(output);
    return code;
  }

  Status status{tfc_status_create()};
  Model model;
  std::vector<std::string> printed;
};

TEST_F(RuntimeCallsTest, PrintsThroughTheHook) {
  float counter = -1;
  ASSERT_EQ(step(5, &counter, status.get()), TFC_OK);
  EXPECT_EQ(counter, 1);
  ASSERT_EQ(step(5, &counter, status.get()), TFC_OK);
  EXPECT_EQ(printed,
            (std::vector<std::string>{"counter: [0]", "counter: [1]"}));
}

TEST_F(RuntimeCallsTest, FailedAssertionIsAnErrorStatus) {
  float counter = -1;
  ASSERT_EQ(step(1, &counter, status.get()), TFC_OK);
  EXPECT_EQ(step(1, &counter, status.get()), TFC_INVALID_ARGUMENT);
  EXPECT_STREQ(tfc_status_message(status.get()),
               "assertion failed: [counter below limit] [1] [1]");
  // The assign after the assertion did not run: the counter is still 1.
  ASSERT_EQ(step(2, &counter, status.get()), TFC_OK);
  EXPECT_EQ(counter, 2);
}

TEST_F(RuntimeCallsTest, FailingCallsReleaseTheLock) {
  float counter = -1;
  ASSERT_EQ(step(1, &counter, status.get()), TFC_OK);
  // Every call fails while holding the exclusive lock; a lock left held
  // would hang the next one.
  constexpr int kThreads = 4, kCalls = 100;
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&] {
      Status own(tfc_status_create());
      for (int i = 0; i < kCalls; ++i)
        if (step(1, nullptr, own.get()) == TFC_INVALID_ARGUMENT)
          ++failures;
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(failures, kThreads * kCalls);
  ASSERT_EQ(step(3, &counter, status.get()), TFC_OK);
  EXPECT_EQ(counter, 2);
}

} // namespace
