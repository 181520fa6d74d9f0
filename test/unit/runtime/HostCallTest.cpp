//===- HostCallTest.cpp - The host function registry ----------------------===//

#include "RuntimeTestUtils.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

using namespace tfc::runtime::testing;

namespace {

/// out[0] = in[0] + *(float *)userData, for f32 tensors.
tfc_code addConstant(void *userData, const tfc_tensor *const *inputs,
                     int64_t numInputs, tfc_tensor **outputs,
                     int64_t numOutputs, tfc_status *status) {
  if (numInputs != 1 || numOutputs != 1)
    return tfc_status_set(status, TFC_INVALID_ARGUMENT, "want 1 in, 1 out");
  if (tfc_tensor_check(inputs[0], "input", TFC_F32, -1, nullptr, status))
    return tfc_status_code(status);
  tfc_tensor *out = tfc_tensor_clone(inputs[0], status);
  if (!out)
    return tfc_status_code(status);
  auto *data = static_cast<float *>(tfc_tensor_data(out));
  for (int64_t i = 0; i < tfc_tensor_num_elements(out); ++i)
    data[i] += *static_cast<float *>(userData);
  outputs[0] = out;
  return TFC_OK;
}

/// Sets its first output, then fails as `userData` (a tfc_code) says.
tfc_code failAfterOneOutput(void *userData, const tfc_tensor *const *, int64_t,
                            tfc_tensor **outputs, int64_t, tfc_status *status) {
  outputs[0] = tfc_tensor_create(TFC_F32, 0, nullptr, status);
  auto code = static_cast<tfc_code>(reinterpret_cast<intptr_t>(userData));
  if (code == TFC_ABORTED)
    tfc_status_set(status, code, "boom");
  return code;
}

int releases = 0;
void countRelease(void *) { ++releases; }

class HostCallTest : public ::testing::Test {
protected:
  void TearDown() override {
    for (const char *name : {"add", "fail", "slow", "lazy"})
      tfc_host_unregister(name, nullptr);
  }
  StatusPtr status = makeStatus();
  float increment = 10;
};

TEST_F(HostCallTest, CallsTheRegisteredFunction) {
  ASSERT_EQ(
      tfc_host_register("add", addConstant, &increment, nullptr, status.get()),
      TFC_OK)
      << describe(status.get());
  EXPECT_EQ(tfc_host_is_registered("add"), 1);
  TensorPtr input = parse("[1, 2, 3]", TFC_F32);
  const tfc_tensor *inputs[] = {input.get()};
  tfc_tensor *outputs[1];
  ASSERT_EQ(tfc_host_call("add", inputs, 1, outputs, 1, status.get()), TFC_OK)
      << describe(status.get());
  TensorPtr output(outputs[0]);
  EXPECT_EQ(toString(output.get()), "f32[3] [11 12 13]");
  EXPECT_EQ(toString(input.get()), "f32[3] [1 2 3]");
}

TEST_F(HostCallTest, UnregisteredNamesAreNotFound) {
  tfc_tensor *outputs[1] = {reinterpret_cast<tfc_tensor *>(0x1)};
  EXPECT_EQ(tfc_host_call("nope", nullptr, 0, outputs, 1, status.get()),
            TFC_NOT_FOUND);
  EXPECT_TFC_ERROR(status.get(), TFC_NOT_FOUND,
                   "no host function is registered under 'nope' (register it "
                   "with tfc_host_register");
  EXPECT_EQ(outputs[0], nullptr);
  EXPECT_EQ(tfc_host_is_registered("nope"), 0);
  EXPECT_EQ(tfc_host_is_registered(nullptr), 0);
  EXPECT_EQ(tfc_host_unregister("nope", status.get()), TFC_NOT_FOUND);
}

TEST_F(HostCallTest, DuplicateRegistrationFailsWithoutRelease) {
  releases = 0;
  ASSERT_EQ(tfc_host_register("add", addConstant, &increment, countRelease,
                              status.get()),
            TFC_OK);
  EXPECT_EQ(tfc_host_register("add", addConstant, &increment, countRelease,
                              status.get()),
            TFC_ALREADY_EXISTS);
  EXPECT_TFC_ERROR(status.get(), TFC_ALREADY_EXISTS,
                   "already registered under 'add'");
  EXPECT_EQ(releases, 0);
  EXPECT_EQ(tfc_host_unregister("add", status.get()), TFC_OK);
  EXPECT_EQ(releases, 1);
  EXPECT_EQ(tfc_host_is_registered("add"), 0);
  // The name is free again.
  EXPECT_EQ(
      tfc_host_register("add", addConstant, &increment, nullptr, status.get()),
      TFC_OK);
}

TEST_F(HostCallTest, FailuresArePrefixedAndOutputsFreed) {
  tfc_host_register("fail", failAfterOneOutput,
                    reinterpret_cast<void *>(intptr_t(TFC_ABORTED)), nullptr,
                    status.get());
  tfc_tensor *outputs[2];
  EXPECT_EQ(tfc_host_call("fail", nullptr, 0, outputs, 2, status.get()),
            TFC_ABORTED);
  EXPECT_TFC_ERROR(status.get(), TFC_ABORTED, "host function 'fail': boom");
  // The output the function set was destroyed (LeakSanitizer would tell).
  EXPECT_EQ(outputs[0], nullptr);
  EXPECT_EQ(outputs[1], nullptr);
}

TEST_F(HostCallTest, SilentOrOddFailuresStillReport) {
  tfc_tensor *outputs[2];
  tfc_host_register("fail", failAfterOneOutput,
                    reinterpret_cast<void *>(intptr_t(TFC_INTERNAL)), nullptr,
                    status.get());
  EXPECT_EQ(tfc_host_call("fail", nullptr, 0, outputs, 2, status.get()),
            TFC_INTERNAL);
  EXPECT_TFC_ERROR(status.get(), TFC_INTERNAL,
                   "host function 'fail': failed with code 13 and no message");
  tfc_host_unregister("fail", nullptr);
  tfc_host_register("fail", failAfterOneOutput,
                    reinterpret_cast<void *>(intptr_t(1234)), nullptr,
                    status.get());
  EXPECT_EQ(tfc_host_call("fail", nullptr, 0, outputs, 2, status.get()),
            TFC_UNKNOWN);
  EXPECT_TFC_ERROR(status.get(), TFC_UNKNOWN, "failed with code 1234");
  tfc_host_unregister("fail", nullptr);
  // Returns OK but sets only one of two outputs.
  tfc_host_register("fail", failAfterOneOutput,
                    reinterpret_cast<void *>(intptr_t(TFC_OK)), nullptr,
                    status.get());
  EXPECT_EQ(tfc_host_call("fail", nullptr, 0, outputs, 2, status.get()),
            TFC_INTERNAL);
  EXPECT_TFC_ERROR(status.get(), TFC_INTERNAL,
                   "host function 'fail' returned OK but did not set output 1 "
                   "of 2");
  EXPECT_EQ(outputs[0], nullptr);
}

TEST_F(HostCallTest, RejectsBadArguments) {
  EXPECT_EQ(
      tfc_host_register(nullptr, addConstant, nullptr, nullptr, status.get()),
      TFC_INVALID_ARGUMENT);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "a NULL name");
  EXPECT_EQ(tfc_host_register("", addConstant, nullptr, nullptr, status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_EQ(tfc_host_register("add", nullptr, nullptr, nullptr, status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "a NULL function pointer");
  tfc_host_register("add", addConstant, &increment, nullptr, status.get());
  tfc_tensor *outputs[1];
  EXPECT_EQ(tfc_host_call("add", nullptr, 1, outputs, 1, status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "invalid input list");
  const tfc_tensor *nullInput[] = {nullptr};
  EXPECT_EQ(tfc_host_call("add", nullInput, 1, outputs, 1, status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "input 0 is NULL");
  EXPECT_EQ(tfc_host_call("add", nullptr, 0, nullptr, 1, status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "invalid output list");
  EXPECT_EQ(tfc_host_call(nullptr, nullptr, 0, nullptr, 0, status.get()),
            TFC_INVALID_ARGUMENT);
  // The function's own checks reach the caller too.
  TensorPtr ints = parse("[1]", TFC_I32);
  const tfc_tensor *inputs[] = {ints.get()};
  EXPECT_EQ(tfc_host_call("add", inputs, 1, outputs, 1, status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "host function 'add': input must be f32[*] but is i32[1]");
}

/// Blocks inside the call until released, to unregister meanwhile.
struct Gate {
  std::mutex mutex;
  std::condition_variable changed;
  bool entered = false;
  bool open = false;
  int released = 0;
};

tfc_code waitAtGate(void *userData, const tfc_tensor *const *, int64_t,
                    tfc_tensor **, int64_t, tfc_status *) {
  auto *gate = static_cast<Gate *>(userData);
  std::unique_lock<std::mutex> lock(gate->mutex);
  gate->entered = true;
  gate->changed.notify_all();
  gate->changed.wait(lock, [&] { return gate->open; });
  return TFC_OK;
}

void releaseGate(void *userData) {
  auto *gate = static_cast<Gate *>(userData);
  std::lock_guard<std::mutex> lock(gate->mutex);
  ++gate->released;
}

TEST_F(HostCallTest, UnregisterDuringACallReleasesAfterIt) {
  Gate gate;
  ASSERT_EQ(
      tfc_host_register("slow", waitAtGate, &gate, releaseGate, status.get()),
      TFC_OK);
  tfc_code result = TFC_UNKNOWN;
  std::thread caller(
      [&] { result = tfc_host_call("slow", nullptr, 0, nullptr, 0, nullptr); });
  {
    std::unique_lock<std::mutex> lock(gate.mutex);
    gate.changed.wait(lock, [&] { return gate.entered; });
  }
  EXPECT_EQ(tfc_host_unregister("slow", status.get()), TFC_OK);
  EXPECT_EQ(tfc_host_is_registered("slow"), 0);
  {
    std::lock_guard<std::mutex> lock(gate.mutex);
    EXPECT_EQ(gate.released, 0) << "released while a call was running";
    gate.open = true;
  }
  gate.changed.notify_all();
  caller.join();
  EXPECT_EQ(result, TFC_OK);
  std::lock_guard<std::mutex> lock(gate.mutex);
  EXPECT_EQ(gate.released, 1);
}

TEST_F(HostCallTest, ConcurrentCalls) {
  ASSERT_EQ(
      tfc_host_register("add", addConstant, &increment, nullptr, status.get()),
      TFC_OK);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        StatusPtr local = makeStatus();
        std::string literal = std::to_string(t * 1000 + i);
        TensorPtr input = parse(literal.c_str(), TFC_F32);
        const tfc_tensor *inputs[] = {input.get()};
        tfc_tensor *outputs[1];
        if (tfc_host_call("add", inputs, 1, outputs, 1, local.get()) !=
            TFC_OK) {
          ++wrong;
          continue;
        }
        TensorPtr output(outputs[0]);
        wrong += elements<float>(output.get())[0] != float(t * 1000 + i + 10);
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(wrong.load(), 0);
}

} // namespace
