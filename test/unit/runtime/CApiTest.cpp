//===- CApiTest.cpp - Runs the C scenario of CApiTest.c -------------------===//

#include "RuntimeTestUtils.h"

extern "C" const char *tfcRunCApiScenario(const char *checkpointPath);

using namespace tfc::runtime::testing;

namespace {

TEST(CApi, ScenarioFromC) {
  TempDir dir;
  const char *failure = tfcRunCApiScenario(dir.file("c.ckpt").c_str());
  EXPECT_EQ(failure, nullptr) << failure;
}

} // namespace
