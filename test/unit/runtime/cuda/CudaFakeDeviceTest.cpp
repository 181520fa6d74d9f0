//===- CudaFakeDeviceTest.cpp - CUDA models on the fake driver ------------===//
//
// The device paths that need no kernel: variables in device memory,
// initialization, checkpoints across targets, input and result copies,
// device-pointer inputs, the per-model workspace, and failures of device
// operations inside a call. The fake driver's memory is host memory, so the
// tests can ask it whether a pointer is "device" memory.
//
//===----------------------------------------------------------------------===//

#include "../RuntimeTestUtils.h"
#include "CudaTestModel.h"

#include <cstdlib>
#include <dlfcn.h>
#include <thread>

using namespace tfc::runtime::testing;

namespace {

const bool driverConfigured =
    setenv("TFC_CUDA_DRIVER", TFC_TEST_DRIVER, 1) == 0;

/// The fake driver's test hooks, from the copy the runtime opened.
struct FakeDriver {
  int (*isDeviceMemory)(const void *, size_t);
  long long (*liveBlocks)();
  long long (*totalAllocations)();
  void (*failNextLaunch)(int);
  long long (*moduleLoadCalls)();
  long long (*liveStreamsAndEvents)();
};

const FakeDriver &fake() {
  static FakeDriver hooks = [] {
    // Opening the driver first, as the runtime does it at first use.
    tfc_cuda_check_available(nullptr);
    void *handle = dlopen(TFC_TEST_DRIVER, RTLD_NOW | RTLD_NOLOAD);
    EXPECT_NE(handle, nullptr) << "the runtime did not open the fake driver";
    FakeDriver d{};
    d.isDeviceMemory = reinterpret_cast<int (*)(const void *, size_t)>(
        dlsym(handle, "fake_cuda_is_device_memory"));
    d.liveBlocks = reinterpret_cast<long long (*)()>(
        dlsym(handle, "fake_cuda_live_blocks"));
    d.totalAllocations = reinterpret_cast<long long (*)()>(
        dlsym(handle, "fake_cuda_total_allocations"));
    d.failNextLaunch = reinterpret_cast<void (*)(int)>(
        dlsym(handle, "fake_cuda_fail_next_launch"));
    d.moduleLoadCalls = reinterpret_cast<long long (*)()>(
        dlsym(handle, "fake_cuda_module_load_calls"));
    d.liveStreamsAndEvents = reinterpret_cast<long long (*)()>(
        dlsym(handle, "fake_cuda_live_streams_and_events"));
    return d;
  }();
  return hooks;
}

using tfc::ModelPtr;

ModelPtr createModel(bool cuda, tfc_store *store = nullptr) {
  StatusPtr status = makeStatus();
  ModelPtr model(tfc_model_create(testModelAbi(cuda), store, status.get()));
  EXPECT_TFC_OK(status.get());
  return model;
}

void initialize(tfc_model *model) {
  StatusPtr status = makeStatus();
  EXPECT_EQ(tfc_model_initialize(model, "GLOBAL_VARIABLES", status.get()),
            TFC_OK)
      << describe(status.get());
}

/// scale(x) as text, or the error.
std::string scale(tfc_model *model, const char *x,
                  const tfc_call_options *options = nullptr,
                  const tfc_tensor *input = nullptr) {
  StatusPtr status = makeStatus();
  TensorPtr parsed = input ? nullptr : parse(x, TFC_F32);
  const tfc_tensor *inputs[] = {input ? input : parsed.get()};
  tfc_tensor *outputs[1] = {nullptr};
  if (tfc_model_call_with_options(model, 0, inputs, 1, outputs, 1, options,
                                  status.get()) != TFC_OK)
    return describe(status.get());
  TensorPtr y(outputs[0]);
  return toString(y.get());
}

void addToW(tfc_model *model, const char *x) {
  StatusPtr status = makeStatus();
  TensorPtr input = parse(x, TFC_F32);
  const tfc_tensor *inputs[] = {input.get()};
  EXPECT_EQ(tfc_model_call(model, 1, inputs, 1, nullptr, 0, status.get()),
            TFC_OK)
      << describe(status.get());
}

std::string readW(tfc_model *model) {
  StatusPtr status = makeStatus();
  TensorPtr value(
      tfc_variable_read(tfc_model_variable_at(model, 0), status.get()));
  return value ? toString(value.get()) : describe(status.get());
}

TEST(CudaFakeDevice, DriverAndDeviceAreReported) {
  ASSERT_TRUE(driverConfigured);
  StatusPtr status = makeStatus();
  ASSERT_EQ(tfc_cuda_check_available(status.get()), TFC_OK)
      << describe(status.get());
  EXPECT_EQ(tfc_cuda_driver_version(), 13000);
  ASSERT_EQ(tfc_cuda_device_count(), 1);
  tfc_cuda_device_info info;
  ASSERT_EQ(tfc_cuda_device_get_info(0, &info, status.get()), TFC_OK);
  EXPECT_STREQ(info.name, "tfc fake device");
  EXPECT_EQ(info.major, 9);
  EXPECT_EQ(info.minor, 0);
  EXPECT_EQ(info.total_memory, int64_t(1) << 30);
  EXPECT_EQ(tfc_cuda_device_get_info(1, &info, status.get()),
            TFC_INVALID_ARGUMENT);
}

TEST(CudaFakeDevice, InitializeCopiesInitialValuesToTheDevice) {
  ModelPtr model = createModel(/*cuda=*/true);
  ASSERT_TRUE(model);
  EXPECT_EQ(scale(model.get(), "[1, 1]"),
            "FAILED_PRECONDITION: Attempting to use uninitialized value w");
  initialize(model.get());
  EXPECT_EQ(scale(model.get(), "[2, 3]"), "f32[2] [3 -6]");
  // The entry point got device buffers: a copy of the input and the
  // variable's device copy, not its host buffer.
  const EntryLog &log = entryLog();
  EXPECT_TRUE(fake().isDeviceMemory(log.argument, 8));
  EXPECT_TRUE(fake().isDeviceMemory(log.variable, 8));
  tfc_variable *w = tfc_model_variable_at(model.get(), 0);
  EXPECT_NE(log.variable, tfc_variable_data(w));
  EXPECT_FALSE(fake().isDeviceMemory(tfc_variable_data(w), 8));
}

TEST(CudaFakeDevice, InitialValuesComputedOnTheDevice) {
  ModelPtr model = createModel(/*cuda=*/true);
  ASSERT_TRUE(model);
  initialize(model.get());
  // v's initializer entry point returned a device buffer; it was copied
  // back, assigned, and uploaded with w.
  tfc_variable *v = tfc_model_variable_at(model.get(), 1);
  ASSERT_STREQ(tfc_variable_name(v), "v");
  StatusPtr status = makeStatus();
  TensorPtr value(tfc_variable_read(v, status.get()));
  ASSERT_TRUE(value) << describe(status.get());
  EXPECT_EQ(toString(value.get()), "f32[2] [7 8]");
}

TEST(CudaFakeDevice, DeviceAssignsReachTheHost) {
  ModelPtr model = createModel(/*cuda=*/true);
  ASSERT_TRUE(model);
  initialize(model.get());
  addToW(model.get(), "[1, 1]");
  EXPECT_EQ(readW(model.get()), "f32[2] [2.5 -1]");
  EXPECT_EQ(scale(model.get(), "[2, 2]"), "f32[2] [5 -2]");
  // And host assigns reach the device.
  StatusPtr status = makeStatus();
  TensorPtr value = parse("[4, 5]", TFC_F32);
  ASSERT_EQ(tfc_variable_assign(tfc_model_variable_at(model.get(), 0),
                                value.get(), status.get()),
            TFC_OK);
  EXPECT_EQ(scale(model.get(), "[1, 2]"), "f32[2] [4 10]");
}

TEST(CudaFakeDevice, StridedResultsAreGathered) {
  for (bool cuda : {false, true}) {
    ModelPtr model = createModel(cuda);
    ASSERT_TRUE(model);
    initialize(model.get());
    StatusPtr status = makeStatus();
    tfc_tensor *outputs[1] = {nullptr};
    ASSERT_EQ(
        tfc_model_call(model.get(), 2, nullptr, 0, outputs, 1, status.get()),
        TFC_OK)
        << describe(status.get());
    TensorPtr y(outputs[0]);
    EXPECT_EQ(toString(y.get()), "f32[2] [-2 1.5]") << "cuda: " << cuda;
  }
}

TEST(CudaFakeDevice, WorkspaceIsReusedAcrossCalls) {
  ModelPtr model = createModel(/*cuda=*/true);
  ASSERT_TRUE(model);
  initialize(model.get());
  ASSERT_EQ(scale(model.get(), "[1, 2]"), "f32[2] [1.5 -4]");
  long long allocations = fake().totalAllocations();
  long long live = fake().liveBlocks();
  for (int i = 0; i < 5; ++i)
    ASSERT_EQ(scale(model.get(), "[1, 2]"), "f32[2] [1.5 -4]");
  EXPECT_EQ(fake().totalAllocations(), allocations);
  EXPECT_EQ(fake().liveBlocks(), live);
  // Destroying the model returns its workspace and variables' copies.
  model.reset();
  EXPECT_LT(fake().liveBlocks(), live);
}

TEST(CudaFakeDevice, CheckpointsCrossTargets) {
  TempDir dir;
  StatusPtr status = makeStatus();
  ModelPtr cpu = createModel(/*cuda=*/false);
  ModelPtr gpu = createModel(/*cuda=*/true);
  ASSERT_TRUE(cpu && gpu);
  // Trained on the CPU, restored on the device.
  initialize(cpu.get());
  addToW(cpu.get(), "[10, 10]");
  std::string fromCpu = dir.file("cpu.ckpt");
  ASSERT_EQ(
      tfc_store_save(tfc_model_store(cpu.get()), fromCpu.c_str(), status.get()),
      TFC_OK)
      << describe(status.get());
  ASSERT_EQ(tfc_store_restore(tfc_model_store(gpu.get()), fromCpu.c_str(),
                              status.get()),
            TFC_OK)
      << describe(status.get());
  EXPECT_EQ(scale(gpu.get(), "[1, 1]"), "f32[2] [11.5 8]");

  // Trained on the device, restored on the CPU.
  addToW(gpu.get(), "[1, 1]");
  std::string fromGpu = dir.file("gpu.ckpt");
  ASSERT_EQ(
      tfc_store_save(tfc_model_store(gpu.get()), fromGpu.c_str(), status.get()),
      TFC_OK)
      << describe(status.get());
  ASSERT_EQ(tfc_store_restore(tfc_model_store(cpu.get()), fromGpu.c_str(),
                              status.get()),
            TFC_OK)
      << describe(status.get());
  EXPECT_EQ(scale(cpu.get(), "[1, 1]"), "f32[2] [12.5 9]");

  // Same values, same file, whichever target saved it.
  std::string again = dir.file("cpu-again.ckpt");
  ASSERT_EQ(
      tfc_store_save(tfc_model_store(cpu.get()), again.c_str(), status.get()),
      TFC_OK);
  EXPECT_EQ(readFile(again), readFile(fromGpu));
}

TEST(CudaFakeDevice, SharedStoreKeepsOneValue) {
  ModelPtr gpu = createModel(/*cuda=*/true);
  ASSERT_TRUE(gpu);
  ModelPtr cpu = createModel(/*cuda=*/false, tfc_model_store(gpu.get()));
  ASSERT_TRUE(cpu);
  initialize(gpu.get());
  addToW(gpu.get(), "[1, 1]");
  EXPECT_EQ(scale(cpu.get(), "[1, 1]"), "f32[2] [2.5 -1]");
  addToW(cpu.get(), "[1, 1]");
  EXPECT_EQ(scale(gpu.get(), "[1, 1]"), "f32[2] [3.5 0]");
}

TEST(CudaFakeDevice, InputsMayBeDevicePointers) {
  ModelPtr model = createModel(/*cuda=*/true);
  ASSERT_TRUE(model);
  initialize(model.get());
  // Device memory the program owns (outside a call, mgpuMemAlloc goes to
  // the driver).
  float host[2] = {2, 4};
  void *device = mgpuMemAlloc(sizeof(host), nullptr, false);
  ASSERT_NE(device, nullptr);
  mgpuMemcpy(device, host, sizeof(host), nullptr);
  int64_t shape[] = {2};
  StatusPtr status = makeStatus();
  TensorPtr input(tfc_tensor_wrap(TFC_F32, 1, shape, device, nullptr, nullptr,
                                  status.get()));
  ASSERT_TRUE(input);
  tfc_call_options options = {TFC_CALL_INPUTS_ON_DEVICE, nullptr};
  EXPECT_EQ(scale(model.get(), nullptr, &options, input.get()),
            "f32[2] [3 -8]");
  EXPECT_EQ(entryLog().argument, device);

  ModelPtr cpu = createModel(/*cuda=*/false);
  initialize(cpu.get());
  EXPECT_NE(scale(cpu.get(), nullptr, &options, input.get())
                .find("INVALID_ARGUMENT: scale: inputs on the device need a "
                      "model compiled for CUDA"),
            std::string::npos);
  tfc_call_options outputs = {TFC_CALL_OUTPUTS_ON_DEVICE, nullptr};
  EXPECT_NE(scale(cpu.get(), "[1, 1]", &outputs)
                .find("INVALID_ARGUMENT: scale: outputs on the device need a "
                      "model compiled for CUDA"),
            std::string::npos);
  tfc_call_options after = {TFC_CALL_AFTER_STREAM, nullptr};
  EXPECT_NE(scale(cpu.get(), "[1, 1]", &after)
                .find("INVALID_ARGUMENT: scale: calls after a CUDA stream "
                      "need a model compiled for CUDA"),
            std::string::npos);
  mgpuMemFree(device, nullptr);
}

/// PTX with the kernel the hand-written model launches.
const char kScalePtx[] = ".version 8.0\n.target sm_90\n.address_size 64\n"
                         ".visible .entry scale_kernel() { ret; }\n";

TEST(CudaFakeDevice, DeviceFailuresEndTheCallWithAStatus) {
  ModelPtr model = createModel(/*cuda=*/true);
  ASSERT_TRUE(model);
  initialize(model.get());
  ASSERT_EQ(scale(model.get(), "[1, 1]"), "f32[2] [1.5 -2]");
  long long live = fake().liveBlocks();
  void *module =
      mgpuModuleLoad(const_cast<char *>(kScalePtx), sizeof(kScalePtx));
  ASSERT_NE(module, nullptr);
  setLaunch(true, module);
  EXPECT_EQ(scale(model.get(), "[1, 1]"), "f32[2] [1.5 -2]");
  fake().failNextLaunch(719);
  EXPECT_EQ(scale(model.get(), "[1, 1]"),
            "INTERNAL: mgpuLaunchKernel: launching a kernel failed: "
            "CUDA_ERROR_LAUNCH_FAILED");
  // The call unwound past the code destroying its stream; the runtime
  // destroyed it when the call ended.
  EXPECT_EQ(fake().liveStreamsAndEvents(), 0);
  setLaunch(false, nullptr);
  mgpuModuleUnload(module);
  // The lock was released and the call's blocks went back to the workspace.
  EXPECT_EQ(fake().liveBlocks(), live);
  addToW(model.get(), "[1, 1]");
  EXPECT_EQ(readW(model.get()), "f32[2] [2.5 -1]");
}

TEST(CudaFakeDevice, AKernelTheModuleLacksIsNotFound) {
  ModelPtr model = createModel(/*cuda=*/true);
  ASSERT_TRUE(model);
  initialize(model.get());
  const char otherPtx[] = ".version 8.0\n.target sm_90\n.address_size 64\n"
                          ".visible .entry other_kernel() { ret; }\n";
  void *module = mgpuModuleLoad(const_cast<char *>(otherPtx), sizeof(otherPtx));
  ASSERT_NE(module, nullptr);
  setLaunch(true, module);
  EXPECT_EQ(scale(model.get(), "[1, 1]"),
            "INTERNAL: mgpuModuleGetFunction: scale_kernel failed: "
            "CUDA_ERROR_NOT_FOUND");
  setLaunch(false, nullptr);
  mgpuModuleUnload(module);
}

// ctest runs each test in a process of its own (gtest_discover_tests), where
// no module load was attempted before this one.
TEST(CudaFakeDevice, AModuleNeverLoadedIsReportedAsSuch) {
  if (fake().moduleLoadCalls() > 0)
    GTEST_SKIP() << "an earlier test of this process loaded a module";
  ModelPtr model = createModel(/*cuda=*/true);
  ASSERT_TRUE(model);
  initialize(model.get());
  setLaunch(true, nullptr);
  EXPECT_EQ(scale(model.get(), "[1, 1]"),
            "UNAVAILABLE: kernel 'scale_kernel': the model's GPU module was "
            "never loaded: the library's constructors did not run");
  setLaunch(false, nullptr);
}

TEST(CudaFakeDevice, AModuleThatFailedToLoadSaysWhy) {
  ModelPtr model = createModel(/*cuda=*/true);
  ASSERT_TRUE(model);
  initialize(model.get());
  const char image[] = "not a GPU binary";
  EXPECT_EQ(mgpuModuleLoad(const_cast<char *>(image), sizeof(image)), nullptr);
  setLaunch(true, nullptr);
  EXPECT_EQ(scale(model.get(), "[1, 1]"),
            "UNAVAILABLE: kernel 'scale_kernel': loading the model's GPU "
            "binary failed: CUDA_ERROR_INVALID_IMAGE");
  setLaunch(false, nullptr);
}

TEST(CudaFakeDevice, ConcurrentCallsOnOneModel) {
  ModelPtr gpu = createModel(/*cuda=*/true);
  ASSERT_TRUE(gpu);
  ModelPtr cpu = createModel(/*cuda=*/false, tfc_model_store(gpu.get()));
  ASSERT_TRUE(cpu);
  initialize(gpu.get());
  // Readers on both targets while one thread assigns on the device: each
  // read sees w before or after an assign, never a torn value.
  std::vector<std::thread> threads;
  std::vector<int> bad(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      tfc_model *model = t % 2 ? cpu.get() : gpu.get();
      for (int i = 0; i < 50; ++i) {
        // w = [1.5 + n, -2 + n] after n assigns: x = [1, 1] gives w[0] -
        // w[1] = 3.5 always.
        std::string y = scale(model, "[1, -1]");
        float w0 = 0, minusW1 = 0;
        if (std::sscanf(y.c_str(), "f32[2] [%f %f]", &w0, &minusW1) != 2 ||
            w0 + minusW1 != 3.5f)
          ++bad[t];
      }
    });
  threads.emplace_back([&] {
    for (int i = 0; i < 50; ++i)
      addToW(gpu.get(), "[1, 1]");
  });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(bad, std::vector<int>(4, 0));
  EXPECT_EQ(readW(cpu.get()), "f32[2] [51.5 48]");
}

} // namespace
