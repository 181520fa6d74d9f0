//===- CpuTargetTest.cpp - A CPU model's target line ----------------------===//
//
// The metadata's `target cpu TRIPLE CPU FEATURES` line: its fields through
// the reflection API, the older `target cpu` form, damaged lines, and
// feature names the runtime cannot test (which count as present). That a
// missing feature is refused is checked by the lit tests, which pick one
// this machine lacks (test/tools/tfc/cpu-features.test).
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"

using namespace tfc::runtime::testing;

namespace {

using tfc::ModelPtr;

/// A model without entry points or variables whose metadata has `target`
/// as its target line.
class TargetModel {
public:
  explicit TargetModel(const std::string &target)
      : text("tfc-model 1\nmodel m\n" + target + "\nend\n") {
    abi = {TFC_MODEL_ABI_VERSION, 0,       0,       0,      text.c_str(),
           text.size(),           nullptr, nullptr, nullptr};
  }
  ModelPtr create(tfc_status *status) {
    return ModelPtr(tfc_model_create(&abi, nullptr, status));
  }

private:
  std::string text;
  tfc_model_abi abi;
};

TEST(CpuTarget, FieldsAreReflected) {
  // sse3 is part of every x86-64 CPU this runtime can run on; other
  // architectures cannot test it, so it counts as present there too.
  TargetModel source(
      "target cpu x86_64-pc-linux-gnu x86-64 sse3,no-such-feature");
  StatusPtr status = makeStatus();
  ModelPtr model = source.create(status.get());
  ASSERT_TRUE(model) << tfc_status_message(status.get());
  EXPECT_STREQ(tfc_model_target(model.get()), "cpu");
  EXPECT_STREQ(tfc_model_target_triple(model.get()), "x86_64-pc-linux-gnu");
  EXPECT_STREQ(tfc_model_target_cpu(model.get()), "x86-64");
  EXPECT_STREQ(tfc_model_target_features(model.get()),
               "sse3,no-such-feature");
}

TEST(CpuTarget, NoFeatures) {
  TargetModel source("target cpu aarch64-unknown-linux-gnu generic -");
  StatusPtr status = makeStatus();
  ModelPtr model = source.create(status.get());
  ASSERT_TRUE(model) << tfc_status_message(status.get());
  EXPECT_STREQ(tfc_model_target_cpu(model.get()), "generic");
  EXPECT_STREQ(tfc_model_target_features(model.get()), "");
}

TEST(CpuTarget, OlderModelsNameNoTriple) {
  TargetModel source("target cpu");
  StatusPtr status = makeStatus();
  ModelPtr model = source.create(status.get());
  ASSERT_TRUE(model) << tfc_status_message(status.get());
  EXPECT_STREQ(tfc_model_target_triple(model.get()), "");
  EXPECT_STREQ(tfc_model_target_cpu(model.get()), "");
  EXPECT_STREQ(tfc_model_target_features(model.get()), "");
}

TEST(CpuTarget, IncompleteLineIsDamage) {
  TargetModel source("target cpu x86_64-pc-linux-gnu znver3");
  StatusPtr status = makeStatus();
  EXPECT_FALSE(source.create(status.get()));
  EXPECT_TFC_ERROR(status.get(), TFC_DATA_LOSS, "bad target line");
}

} // namespace
