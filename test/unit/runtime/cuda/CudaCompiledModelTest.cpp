//===- CudaCompiledModelTest.cpp - Compiled CUDA libraries on the fake ----===//
//
// Libraries made by `tfc compile --target=cuda`, opened with dlopen and
// called through the C API on the fake CUDA 13 driver. Their constructors
// load the embedded fatbin, and every mgpu* call, launch and
// synchronization they make goes to the fake, which checks it the way the
// real driver does. Kernels do not run here, so the tests check that calls
// complete and which kernels were launched, never the numbers.
//
//===----------------------------------------------------------------------===//

#include "../RuntimeTestUtils.h"

#include <cstdlib>
#include <dlfcn.h>
#include <string>
#include <thread>

using namespace tfc::runtime::testing;

namespace {

// Kernels do not run on the fake: device memory starting as bytes of 1
// makes the deferred assertions of the runtime checks hold.
const bool driverConfigured =
    setenv("TFC_CUDA_DRIVER", TFC_TEST_DRIVER, 1) == 0 &&
    setenv("TFC_FAKE_CUDA_FILL", "1", 1) == 0;

/// The fake driver's test hooks and some of its entry points, from the copy
/// the runtime opened.
struct FakeDriver {
  void *handle = nullptr;

  template <typename Fn> Fn get(const char *name) const {
    return reinterpret_cast<Fn>(dlsym(handle, name));
  }
  long long modulesLoaded() const {
    return get<long long (*)()>("fake_cuda_modules_loaded")();
  }
  long long liveModules() const {
    return get<long long (*)()>("fake_cuda_live_modules")();
  }
  long long launchCount() const {
    return get<long long (*)()>("fake_cuda_launch_count")();
  }
  std::string launchKernel(long long i) const {
    const char *name =
        get<const char *(*)(long long)>("fake_cuda_launch_kernel")(i);
    return name ? name : "";
  }
  long long legacyCalls() const {
    return get<long long (*)()>("fake_cuda_legacy_calls")();
  }
  int versionAsked(const char *name) const {
    return get<int (*)(const char *)>("fake_cuda_version_asked")(name);
  }
  long long streamsCreated() const {
    return get<long long (*)()>("fake_cuda_streams_created")();
  }
  bool isDeviceMemory(const void *ptr, size_t bytes) const {
    return get<int (*)(const void *, size_t)>("fake_cuda_is_device_memory")(
               ptr, bytes) != 0;
  }
  long long totalAllocations() const {
    return get<long long (*)()>("fake_cuda_total_allocations")();
  }
  long long streamWaits() const {
    return get<long long (*)()>("fake_cuda_stream_waits")();
  }
  /// A stream of the fake's, as a caller's framework would make.
  void *createStream() const {
    void *stream = nullptr;
    get<int (*)(void **, unsigned)>("cuStreamCreate")(&stream, 1);
    return stream;
  }
  long long graphLaunches() const {
    return get<long long (*)()>("fake_cuda_graph_launches")();
  }
  long long pinnedAllocations() const {
    return get<long long (*)()>("fake_cuda_pinned_allocations")();
  }
  void failNextLaunch(int error) const {
    get<void (*)(int)>("fake_cuda_fail_next_launch")(error);
  }
};

const FakeDriver &fake() {
  static FakeDriver driver = [] {
    // Opening the driver first, as the runtime does it at first use.
    tfc_cuda_check_available(nullptr);
    FakeDriver d;
    d.handle = dlopen(TFC_TEST_DRIVER, RTLD_NOW | RTLD_NOLOAD);
    EXPECT_NE(d.handle, nullptr) << "the runtime did not open the fake driver";
    return d;
  }();
  return driver;
}

/// A compiled library, open for the test's duration.
class Library {
public:
  explicit Library(const std::string &name) : name(name) {
    std::string path = std::string(TFC_TEST_MODELS) + "/lib" + name + ".so";
    handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    EXPECT_NE(handle, nullptr) << dlerror();
  }
  ~Library() {
    model.reset();
    if (handle)
      dlclose(handle);
  }
  Library(const Library &) = delete;
  Library &operator=(const Library &) = delete;

  /// The library's model on a fresh store, initialized.
  tfc_model *create() {
    auto *abi = static_cast<const tfc_model_abi *>(
        dlsym(handle, ("tfc_model_" + name).c_str()));
    EXPECT_NE(abi, nullptr);
    if (!abi)
      return nullptr;
    StatusPtr status = makeStatus();
    model.reset(tfc_model_create(abi, nullptr, status.get()));
    EXPECT_TFC_OK(status.get());
    if (model)
      EXPECT_EQ(
          tfc_model_initialize(model.get(), "GLOBAL_VARIABLES", status.get()),
          TFC_OK)
          << describe(status.get());
    return model.get();
  }

  void close() {
    model.reset();
    dlclose(handle);
    handle = nullptr;
  }

private:
  std::string name;
  void *handle = nullptr;
  tfc::ModelPtr model;
};

/// Calls entry point `fn` with literal inputs of f32 (or `dtype`); returns
/// "" on success, else the status.
std::string call(tfc_model *model, const char *fn,
                 std::vector<std::string> inputs, tfc_dtype dtype = TFC_F32) {
  int64_t index = tfc_model_find_entry(model, fn);
  if (index < 0)
    return std::string("no entry point ") + fn;
  const tfc_entry_info *entry = tfc_model_entry_at(model, index);
  std::vector<TensorPtr> owned;
  std::vector<const tfc_tensor *> args;
  for (const std::string &input : inputs) {
    owned.push_back(parse(input.c_str(), dtype));
    args.push_back(owned.back().get());
  }
  std::vector<tfc_tensor *> outputs(entry->num_outputs, nullptr);
  StatusPtr status = makeStatus();
  tfc_code code = tfc_model_call(model, index, args.data(), args.size(),
                                 outputs.data(), outputs.size(), status.get());
  for (tfc_tensor *output : outputs)
    tfc_tensor_destroy(output);
  return code == TFC_OK ? "" : describe(status.get());
}

/// Calls entry point `index` of one input and one output with `options`;
/// "" and the result in `output` on success, else the status.
std::string callOne(tfc_model *model, int64_t index, const tfc_tensor *input,
                    TensorPtr &output,
                    const tfc_call_options *options = nullptr) {
  const tfc_tensor *args[] = {input};
  tfc_tensor *result = nullptr;
  StatusPtr status = makeStatus();
  tfc_code code = tfc_model_call_with_options(model, index, args, 1, &result, 1,
                                              options, status.get());
  output.reset(result);
  return code == TFC_OK ? "" : describe(status.get());
}

TEST(CudaCompiledModel, TheDriverIsBoundInTheFormsOfCuda12) {
  ASSERT_TRUE(driverConfigured);
  StatusPtr status = makeStatus();
  ASSERT_EQ(tfc_cuda_check_available(status.get()), TFC_OK)
      << describe(status.get());
  EXPECT_EQ(tfc_cuda_driver_version(), 13000);
  // cuGetProcAddress was asked for the CUDA 12.0 forms, so CUDA 13's
  // cuCtxSynchronize_v2 (which takes a context) was not handed out.
  EXPECT_EQ(fake().versionAsked("cuCtxSynchronize"), 12000);
  EXPECT_EQ(fake().versionAsked("cuMemAlloc"), 12000);
  EXPECT_EQ(fake().versionAsked("cuLaunchKernel"), 12000);
}

TEST(CudaCompiledModel, OpeningTheLibraryLoadsItsKernels) {
  long long loaded = fake().modulesLoaded();
  long long live = fake().liveModules();
  Library library("softmax");
  // The library's constructor ran and loaded the fatbin.
  EXPECT_EQ(fake().modulesLoaded(), loaded + 1);
  EXPECT_EQ(fake().liveModules(), live + 1);
  library.close();
  // And its destructor unloaded it.
  EXPECT_EQ(fake().liveModules(), live);
}

TEST(CudaCompiledModel, SoftmaxCompletesAndLaunchesItsKernels) {
  Library library("softmax");
  tfc_model *model = library.create();
  ASSERT_TRUE(model);
  long long before = fake().launchCount();
  EXPECT_EQ(call(model, "softmax", {"[[1000, 0], [1, 2], [-1, 0.5]]"}), "");
  long long after = fake().launchCount();
  EXPECT_GT(after, before);
  for (long long i = before; i < after; ++i)
    EXPECT_NE(fake().launchKernel(i).find("softmax"), std::string::npos)
        << fake().launchKernel(i);
  // The same launches again: modules and functions stay valid across calls.
  EXPECT_EQ(call(model, "softmax", {"[[1, 2]]"}), "");
  EXPECT_EQ(fake().launchCount(), after + (after - before));
  EXPECT_EQ(fake().legacyCalls(), 0);
}

TEST(CudaCompiledModel, MlpPredictsAndTrainsOnTheFakeDevice) {
  Library library("mlp");
  tfc_model *model = library.create();
  ASSERT_TRUE(model);
  long long before = fake().launchCount();
  EXPECT_EQ(call(model, "predict", {"[[1, 2, 3, 4], [0.5, -1, 0, 2]]"}), "");
  long long predictLaunches = fake().launchCount() - before;
  EXPECT_GT(predictLaunches, 0);
  for (int step = 0; step < 3; ++step)
    EXPECT_EQ(
        call(model, "train_step",
             {"[[1, 2, 3, 4], [0.5, -1, 0, 2]]", "[[1, 0, 0], [0, 0, 1]]"}),
        "");
  // A training step does more than a prediction: gradients and updates.
  EXPECT_GT(fake().launchCount() - before, 4 * predictLaunches);
  EXPECT_EQ(fake().legacyCalls(), 0);
}

TEST(CudaCompiledModel, RepeatedCallsAskTheDriverForNothingNew) {
  Library library("mlp");
  tfc_model *model = library.create();
  ASSERT_TRUE(model);
  // Training first: a workspace block a prediction wrote would hold its
  // data, not the fill that makes the fake's deferred assertions hold.
  auto train = [&] {
    EXPECT_EQ(
        call(model, "train_step",
             {"[[1, 2, 3, 4], [0.5, -1, 0, 2]]", "[[1, 0, 0], [0, 0, 1]]"}),
        "");
  };
  auto predict = [&] {
    EXPECT_EQ(call(model, "predict", {"[[1, 2, 3, 4], [0.5, -1, 0, 2]]"}), "");
  };
  train();
  long long streams = fake().streamsCreated();
  for (int i = 0; i < 3; ++i)
    train();
  EXPECT_EQ(fake().streamsCreated(), streams);
  // The first prediction runs as compiled, the second is captured into a
  // graph, the third replays it and takes page-locked staging for it.
  for (int i = 0; i < 3; ++i)
    predict();
  streams = fake().streamsCreated();
  long long pinned = fake().pinnedAllocations();
  EXPECT_GT(pinned, 0) << "results are not copied into page-locked memory";
  for (int i = 0; i < 3; ++i)
    predict();
  // The streams of the first calls, the page-locked buffers of their
  // results (destroyed by `call`) and the graph's staging served the later
  // ones.
  EXPECT_EQ(fake().streamsCreated(), streams);
  EXPECT_EQ(fake().pinnedAllocations(), pinned);
}

TEST(CudaCompiledModel, AResultOutlivesItsModelAndLibrary) {
  TensorPtr kept;
  {
    Library library("softmax");
    tfc_model *model = library.create();
    ASSERT_TRUE(model);
    int64_t index = tfc_model_find_entry(model, "softmax");
    ASSERT_GE(index, 0);
    TensorPtr input = parse("[[1, 2], [3, 4]]", TFC_F32);
    ASSERT_EQ(callOne(model, index, input.get(), kept), "");
  }
  // The fake's kernels do not run: the result holds the device memory's
  // fill, copied into the tensor. Its page-locked buffer goes back to the
  // runtime after the library is gone.
  ASSERT_TRUE(kept);
  ASSERT_EQ(tfc_tensor_num_elements(kept.get()), 4);
  const auto *bytes =
      static_cast<const unsigned char *>(tfc_tensor_data(kept.get()));
  for (int i = 0; i < 16; ++i)
    EXPECT_EQ(bytes[i], 1) << "byte " << i;
  kept.reset();
}

TEST(CudaCompiledModel, PinnedTensorsAreInputsAndComeBackForReuse) {
  Library library("softmax");
  tfc_model *model = library.create();
  ASSERT_TRUE(model);
  int64_t index = tfc_model_find_entry(model, "softmax");
  ASSERT_GE(index, 0);
  int64_t shape[] = {3, 5};
  StatusPtr status = makeStatus();
  long long pinned = fake().pinnedAllocations();
  for (int round = 0; round < 5; ++round) {
    TensorPtr input(
        tfc_cuda_tensor_create_pinned(TFC_F32, 2, shape, status.get()));
    ASSERT_TRUE(input) << describe(status.get());
    EXPECT_EQ(tfc_tensor_num_elements(input.get()), 15);
    auto *values = static_cast<float *>(tfc_tensor_data(input.get()));
    for (int i = 0; i < 15; ++i) {
      EXPECT_EQ(values[i], 0.0f) << "not zero-filled at " << i;
      values[i] = static_cast<float>(i);
    }
    TensorPtr output;
    ASSERT_EQ(callOne(model, index, input.get(), output), "");
  }
  // The input and the result of the first round served the later ones;
  // the third call, the first replay of the graph the second captured,
  // took page-locked staging for the argument.
  EXPECT_EQ(fake().pinnedAllocations(), pinned + 3);
  int64_t bad[] = {-1};
  EXPECT_EQ(tfc_cuda_tensor_create_pinned(TFC_F32, 1, bad, status.get()),
            nullptr);
  EXPECT_EQ(tfc_status_code(status.get()), TFC_INVALID_ARGUMENT);
}

TEST(CudaCompiledModel, TheSecondCallIsCapturedAndLaterOnesReplayIt) {
  Library library("mlp");
  tfc_model *model = library.create();
  ASSERT_TRUE(model);
  const char *x = "[[1, 2, 3, 4], [0.5, -1, 0, 2]]";
  long long graphs = fake().graphLaunches();
  long long launches = fake().launchCount();
  EXPECT_EQ(call(model, "predict", {x}), "");
  long long perCall = fake().launchCount() - launches;
  ASSERT_GT(perCall, 0);
  // The first call runs as compiled, the second is captured and its graph
  // launched, the later ones launch the graph: the same kernels each time.
  EXPECT_EQ(fake().graphLaunches(), graphs);
  for (int i = 1; i < 4; ++i) {
    EXPECT_EQ(call(model, "predict", {x}), "");
    EXPECT_EQ(fake().graphLaunches(), graphs + i);
    EXPECT_EQ(fake().launchCount() - launches, perCall * (i + 1));
  }
  // Other shapes are other graphs; the first call of a shape runs without.
  EXPECT_EQ(call(model, "predict", {"[[1, 2, 3, 4]]"}), "");
  EXPECT_EQ(fake().graphLaunches(), graphs + 3);
  EXPECT_EQ(call(model, "predict", {"[[1, 2, 3, 4]]"}), "");
  EXPECT_EQ(fake().graphLaunches(), graphs + 4);
  EXPECT_EQ(call(model, "predict", {x}), "");
  EXPECT_EQ(fake().graphLaunches(), graphs + 5);
  // Training steps too: the graph assigns the variables.
  const char *y = "[[1, 0, 0], [0, 0, 1]]";
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(call(model, "train_step", {x, y}), "");
  EXPECT_EQ(fake().graphLaunches(), graphs + 7);
}

TEST(CudaCompiledModel, HostCodeReadingTheDeviceIsNeverCaptured) {
  Library library("cond");
  tfc_model *model = library.create();
  ASSERT_TRUE(model);
  long long graphs = fake().graphLaunches();
  // The branch taken depends on a value the host reads from the device: the
  // capture of the second call is abandoned and the call runs again as
  // compiled, with the same launches as the first.
  long long before = fake().launchCount();
  EXPECT_EQ(call(model, "cond_fed", {"false"}, TFC_BOOL), "");
  long long perCall = fake().launchCount() - before;
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(call(model, "cond_fed", {"false"}, TFC_BOOL), "");
  EXPECT_EQ(fake().launchCount() - before, 4 * perCall);
  EXPECT_EQ(fake().graphLaunches(), graphs);
}

TEST(CudaCompiledModel, OutputsStayOnTheDeviceAndFeedTheNextCall) {
  Library library("softmax");
  tfc_model *model = library.create();
  ASSERT_TRUE(model);
  int64_t index = tfc_model_find_entry(model, "softmax");
  ASSERT_GE(index, 0);
  tfc_call_options outputsOnDevice = {TFC_CALL_OUTPUTS_ON_DEVICE, nullptr};
  tfc_call_options both = {
      TFC_CALL_INPUTS_ON_DEVICE | TFC_CALL_OUTPUTS_ON_DEVICE, nullptr};
  TensorPtr input = parse("[[1, 2, 3], [4, 5, 6]]", TFC_F32);
  long long allocations = 0;
  // Calls run as compiled, captured, then replayed: the results stay on
  // the device in each, and a result feeds the next call without a copy.
  for (int round = 0; round < 5; ++round) {
    if (round == 3)
      allocations = fake().totalAllocations();
    TensorPtr onDevice;
    ASSERT_EQ(callOne(model, index, input.get(), onDevice, &outputsOnDevice),
              "");
    EXPECT_TRUE(fake().isDeviceMemory(tfc_tensor_data(onDevice.get()), 24));
    EXPECT_EQ(tfc_tensor_num_elements(onDevice.get()), 6);
    // The fake runs no kernel: the result is the device memory's fill.
    const auto *bytes =
        static_cast<const unsigned char *>(tfc_tensor_data(onDevice.get()));
    EXPECT_EQ(bytes[0], 1);
    EXPECT_EQ(bytes[23], 1);
    TensorPtr second;
    ASSERT_EQ(callOne(model, index, onDevice.get(), second, &both), "");
    EXPECT_TRUE(fake().isDeviceMemory(tfc_tensor_data(second.get()), 24));
  }
  // The device buffers of destroyed results served the later ones.
  EXPECT_EQ(fake().totalAllocations(), allocations);
}

TEST(CudaCompiledModel, CallsWaitForTheCallersStream) {
  Library library("mlp");
  tfc_model *model = library.create();
  ASSERT_TRUE(model);
  int64_t index = tfc_model_find_entry(model, "predict");
  ASSERT_GE(index, 0);
  // The test thread has the runtime's context current after a call.
  ASSERT_EQ(call(model, "predict", {"[[1, 2, 3, 4]]"}), "");
  void *stream = fake().createStream();
  ASSERT_NE(stream, nullptr);
  tfc_call_options options = {TFC_CALL_AFTER_STREAM, stream};
  TensorPtr x = parse("[[1, 2, 3, 4], [0.5, -1, 0, 2]]", TFC_F32);
  // As compiled, captured, replayed: each call's work waits for the
  // caller's stream.
  for (int i = 0; i < 4; ++i) {
    long long waits = fake().streamWaits();
    TensorPtr output;
    ASSERT_EQ(callOne(model, index, x.get(), output, &options), "");
    EXPECT_GT(fake().streamWaits(), waits) << "call " << i;
  }
  // A stream the driver does not know is the caller's error.
  tfc_call_options unknown = {TFC_CALL_AFTER_STREAM,
                              reinterpret_cast<void *>(uintptr_t{0x1234})};
  TensorPtr output;
  std::string error = callOne(model, index, x.get(), output, &unknown);
  EXPECT_NE(error.find("INVALID_ARGUMENT: TFC_CALL_AFTER_STREAM: recording an "
                       "event on the caller's stream failed: "
                       "CUDA_ERROR_INVALID_HANDLE"),
            std::string::npos)
      << error;
  EXPECT_EQ(output, nullptr);
}

TEST(CudaCompiledModel, CondReadsItsConditionFromTheDevice) {
  Library library("cond");
  tfc_model *model = library.create();
  ASSERT_TRUE(model);
  // `cond`'s predicate is a constant, folded at compile time.
  EXPECT_EQ(call(model, "cond", {}), "");
  // `cond_fed`'s is an input: a kernel copies it into a device scalar, the
  // host reads it back and runs the branch's kernels.
  long long before = fake().launchCount();
  EXPECT_EQ(call(model, "cond_fed", {"false"}, TFC_BOOL), "");
  EXPECT_GT(fake().launchCount(), before);
}

TEST(CudaCompiledModel, CallsFromManyThreadsComplete) {
  Library library("softmax");
  tfc_model *model = library.create();
  ASSERT_TRUE(model);
  std::vector<std::string> failures(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 20 && failures[t].empty(); ++i)
        failures[t] = call(model, "softmax", {"[[1, 2], [3, 4]]"});
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(failures, std::vector<std::string>(4));
}

TEST(CudaCompiledModel, AKernelFailureEndsTheCallWithItsError) {
  Library library("softmax");
  tfc_model *model = library.create();
  ASSERT_TRUE(model);
  fake().failNextLaunch(719);
  EXPECT_EQ(call(model, "softmax", {"[[1, 2]]"}),
            "INTERNAL: mgpuLaunchKernel: launching a kernel failed: "
            "CUDA_ERROR_LAUNCH_FAILED");
  EXPECT_EQ(call(model, "softmax", {"[[1, 2]]"}), "");
}

// Compiled for sm_100 only: neither the cubin nor the PTX suits the fake's
// sm_90 device (PTX compiles for later architectures only).
TEST(CudaCompiledModel, ALibraryWithoutCodeForTheDeviceSaysWhichItHas) {
  Library library("softmax_sm100");
  tfc_model *model = library.create();
  ASSERT_TRUE(model);
  std::string error = call(model, "softmax", {"[[1, 2]]"});
  EXPECT_NE(error.find("UNAVAILABLE: kernel '"), std::string::npos) << error;
  EXPECT_NE(
      error.find("loading the model's GPU binary failed: "
                 "CUDA_ERROR_NO_BINARY_FOR_GPU: no code for device 0 "
                 "(sm_90); the library holds sm_100 (cubin), sm_100 (PTX)"),
      std::string::npos)
      << error;
  EXPECT_NE(error.find("recompile with --cuda-arch sm_90"), std::string::npos)
      << error;
}

// The fake itself refuses what the real driver refuses.
TEST(FakeCudaDriver, RefusesWhatTheRealDriverRefuses) {
  ASSERT_TRUE(fake().handle);
  using Result = int;
  auto getProc =
      fake()
          .get<Result (*)(const char *, void **, int, unsigned long long,
                          int *)>("cuGetProcAddress_v2");
  ASSERT_TRUE(getProc);
  // CUDA 13's cuCtxSynchronize takes a context; a stale one is refused.
  void *sync13 = nullptr;
  ASSERT_EQ(getProc("cuCtxSynchronize", &sync13, 13000, 0, nullptr), 0);
  int notAContext = 0;
  EXPECT_EQ(reinterpret_cast<Result (*)(void *)>(sync13)(&notAContext), 709);
  // A thread without a current context cannot allocate.
  void *alloc = nullptr;
  ASSERT_EQ(getProc("cuMemAlloc", &alloc, 12000, 0, nullptr), 0);
  Result fromNewThread = -1;
  std::thread([&] {
    unsigned long long ptr = 0;
    fromNewThread = reinterpret_cast<Result (*)(unsigned long long *, size_t)>(
        alloc)(&ptr, 16);
  }).join();
  EXPECT_EQ(fromNewThread, 201); // CUDA_ERROR_INVALID_CONTEXT
  // A module that was never loaded, with the primary context current.
  void *retain = nullptr, *setCurrent = nullptr, *getFunction = nullptr;
  ASSERT_EQ(getProc("cuDevicePrimaryCtxRetain", &retain, 12000, 0, nullptr), 0);
  ASSERT_EQ(getProc("cuCtxSetCurrent", &setCurrent, 12000, 0, nullptr), 0);
  ASSERT_EQ(getProc("cuModuleGetFunction", &getFunction, 12000, 0, nullptr), 0);
  void *context = nullptr;
  ASSERT_EQ(reinterpret_cast<Result (*)(void **, int)>(retain)(&context, 0), 0);
  ASSERT_EQ(reinterpret_cast<Result (*)(void *)>(setCurrent)(context), 0);
  int notAModule = 0;
  void *function = nullptr;
  EXPECT_EQ(reinterpret_cast<Result (*)(void **, void *, const char *)>(
                getFunction)(&function, &notAModule, "softmax_kernel"),
            400); // CUDA_ERROR_INVALID_HANDLE
  // An entry point unknown to a CUDA 2.0 driver.
  void *old = nullptr;
  int found = -1;
  EXPECT_EQ(getProc("cuMemAllocManaged", &old, 2000, 0, &found), 500);
  EXPECT_EQ(found, 2); // CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT
}

} // namespace
