//===- CudaUnavailableTest.cpp - CUDA models without a usable device ------===//
//
// Built twice: with TFC_CUDA_DRIVER naming a file that does not exist, and
// naming the fake driver built to report CUDA_ERROR_NO_DEVICE from cuInit.
// TFC_TEST_DRIVER and TFC_TEST_REASON (compile definitions) say which.
//
//===----------------------------------------------------------------------===//

#include "../RuntimeTestUtils.h"
#include "CudaTestModel.h"

#include <cstdlib>

using namespace tfc::runtime::testing;

namespace {

// Like a compiled CUDA model's global constructor: the driver is opened
// before main, while the library is being loaded. Setting the variable
// first in the same file orders the two.
const bool driverConfigured =
    setenv("TFC_CUDA_DRIVER", TFC_TEST_DRIVER, 1) == 0;
const char fakeImage[] = "not a cubin";
void *const moduleAtLoad =
    mgpuModuleLoad(const_cast<char *>(fakeImage), sizeof(fakeImage));

const std::string expected =
    std::string("no CUDA device available (") + TFC_TEST_REASON;

using tfc::ModelPtr;

ModelPtr createModel(bool cuda) {
  StatusPtr status = makeStatus();
  ModelPtr model(tfc_model_create(testModelAbi(cuda), nullptr, status.get()));
  EXPECT_TFC_OK(status.get());
  return model;
}

TEST(CudaUnavailable, ModuleLoadAtLoadTimeReturnsNull) {
  ASSERT_TRUE(driverConfigured);
  EXPECT_EQ(moduleAtLoad, nullptr);
  // Unloading what did not load is what a global destructor does next.
  mgpuModuleUnload(moduleAtLoad);
}

TEST(CudaUnavailable, CheckReportsTheReason) {
  StatusPtr status = makeStatus();
  EXPECT_EQ(tfc_cuda_check_available(status.get()), TFC_UNAVAILABLE);
  EXPECT_TFC_ERROR(status.get(), TFC_UNAVAILABLE, expected);
  EXPECT_STREQ(tfc_cuda_driver_path(), TFC_TEST_DRIVER);
  EXPECT_EQ(tfc_cuda_device_count(), 0);
  tfc_cuda_device_info info;
  EXPECT_EQ(tfc_cuda_device_get_info(0, &info, status.get()), TFC_UNAVAILABLE);
  int64_t shape[] = {4};
  EXPECT_EQ(tfc_cuda_tensor_create_pinned(TFC_F32, 1, shape, status.get()),
            nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_UNAVAILABLE, expected);
}

TEST(CudaUnavailable, KernelLookupOutsideACallReturnsNull) {
  // A null module (what mgpuModuleLoad returns without a device) gives a
  // null function whatever the driver: this line checks that the lookup
  // neither aborts nor unwinds outside a model call.
  EXPECT_EQ(mgpuModuleGetFunction(nullptr, "kernel"), nullptr);
  EXPECT_EQ(mgpuStreamCreate(), nullptr);
  EXPECT_EQ(mgpuMemAlloc(16, nullptr, false), nullptr);
}

TEST(CudaUnavailable, CudaModelLoadsAndReportsItsTarget) {
  ModelPtr model = createModel(/*cuda=*/true);
  ASSERT_TRUE(model);
  EXPECT_STREQ(tfc_model_target(model.get()), "cuda");
  EXPECT_STREQ(tfc_model_target_archs(model.get()), "sm_80,sm_90");
  EXPECT_EQ(tfc_model_num_entries(model.get()), 3);
}

TEST(CudaUnavailable, InitializeAndCallAreUnavailable) {
  ModelPtr model = createModel(/*cuda=*/true);
  ASSERT_TRUE(model);
  StatusPtr status = makeStatus();
  EXPECT_EQ(tfc_model_initialize(model.get(), "GLOBAL_VARIABLES", status.get()),
            TFC_UNAVAILABLE);
  EXPECT_TFC_ERROR(status.get(), TFC_UNAVAILABLE, expected);
  // Nothing was written: the variable is still uninitialized.
  EXPECT_EQ(tfc_variable_is_initialized(tfc_model_variable_at(model.get(), 0)),
            0);

  tfc_status_reset(status.get());
  TensorPtr x = parse("[1, 2]", TFC_F32);
  const tfc_tensor *inputs[] = {x.get()};
  tfc_tensor *outputs[1] = {nullptr};
  int callsBefore = entryLog().calls;
  EXPECT_EQ(tfc_model_call(model.get(), 0, inputs, 1, outputs, 1, status.get()),
            TFC_UNAVAILABLE);
  EXPECT_TFC_ERROR(status.get(), TFC_UNAVAILABLE, expected);
  EXPECT_EQ(entryLog().calls, callsBefore);
  EXPECT_EQ(outputs[0], nullptr);
}

TEST(CudaUnavailable, CpuModelsStillRun) {
  ModelPtr model = createModel(/*cuda=*/false);
  ASSERT_TRUE(model);
  EXPECT_STREQ(tfc_model_target(model.get()), "cpu");
  EXPECT_STREQ(tfc_model_target_archs(model.get()), "");
  StatusPtr status = makeStatus();
  ASSERT_EQ(tfc_model_initialize(model.get(), "GLOBAL_VARIABLES", status.get()),
            TFC_OK)
      << describe(status.get());
  TensorPtr x = parse("[2, 3]", TFC_F32);
  const tfc_tensor *inputs[] = {x.get()};
  tfc_tensor *outputs[1] = {nullptr};
  ASSERT_EQ(tfc_model_call(model.get(), 0, inputs, 1, outputs, 1, status.get()),
            TFC_OK)
      << describe(status.get());
  TensorPtr y(outputs[0]);
  EXPECT_EQ(toString(y.get()), "f32[2] [3 -6]");
}

} // namespace
