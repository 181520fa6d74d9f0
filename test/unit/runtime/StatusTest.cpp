//===- StatusTest.cpp - Status objects and code names ---------------------===//

#include "RuntimeTestUtils.h"

using namespace tfc::runtime::testing;

namespace {

TEST(Status, StartsOkWithAnEmptyMessage) {
  StatusPtr status = makeStatus();
  ASSERT_TRUE(status);
  EXPECT_EQ(tfc_status_code(status.get()), TFC_OK);
  EXPECT_STREQ(tfc_status_message(status.get()), "");
}

TEST(Status, SetStoresCodeAndMessage) {
  StatusPtr status = makeStatus();
  EXPECT_EQ(tfc_status_set(status.get(), TFC_DATA_LOSS, "bad bytes"),
            TFC_DATA_LOSS);
  EXPECT_EQ(tfc_status_code(status.get()), TFC_DATA_LOSS);
  EXPECT_STREQ(tfc_status_message(status.get()), "bad bytes");
  // A second error replaces the first.
  tfc_status_set(status.get(), TFC_NOT_FOUND, nullptr);
  EXPECT_EQ(tfc_status_code(status.get()), TFC_NOT_FOUND);
  EXPECT_STREQ(tfc_status_message(status.get()), "");
}

TEST(Status, OkAndResetClearTheMessage) {
  StatusPtr status = makeStatus();
  tfc_status_set(status.get(), TFC_INTERNAL, "oops");
  tfc_status_set(status.get(), TFC_OK, "ignored");
  EXPECT_EQ(tfc_status_code(status.get()), TFC_OK);
  EXPECT_STREQ(tfc_status_message(status.get()), "");
  tfc_status_set(status.get(), TFC_INTERNAL, "oops");
  tfc_status_reset(status.get());
  EXPECT_EQ(tfc_status_code(status.get()), TFC_OK);
  EXPECT_STREQ(tfc_status_message(status.get()), "");
}

TEST(Status, OutOfRangeCodeBecomesUnknown) {
  StatusPtr status = makeStatus();
  EXPECT_EQ(tfc_status_set(status.get(), 99, "from a host function"),
            TFC_UNKNOWN);
  EXPECT_TFC_ERROR(status.get(), TFC_UNKNOWN,
                   "invalid status code 99: from a host function");
  EXPECT_EQ(tfc_status_set(status.get(), -1, "x"), TFC_UNKNOWN);
}

TEST(Status, NullStatusIsHarmless) {
  EXPECT_EQ(tfc_status_code(nullptr), TFC_INVALID_ARGUMENT);
  EXPECT_STREQ(tfc_status_message(nullptr), "status is NULL");
  EXPECT_EQ(tfc_status_set(nullptr, TFC_ABORTED, "x"), TFC_ABORTED);
  tfc_status_reset(nullptr);
  tfc_status_destroy(nullptr);
}

TEST(Status, CodeNamesFollowTensorFlow) {
  EXPECT_STREQ(tfc_code_name(TFC_OK), "OK");
  EXPECT_STREQ(tfc_code_name(TFC_INVALID_ARGUMENT), "INVALID_ARGUMENT");
  EXPECT_STREQ(tfc_code_name(TFC_FAILED_PRECONDITION), "FAILED_PRECONDITION");
  EXPECT_STREQ(tfc_code_name(TFC_DATA_LOSS), "DATA_LOSS");
  EXPECT_STREQ(tfc_code_name(TFC_UNAUTHENTICATED), "UNAUTHENTICATED");
  EXPECT_STREQ(tfc_code_name(17), "UNKNOWN_CODE");
  EXPECT_STREQ(tfc_code_name(-3), "UNKNOWN_CODE");
  // TensorFlow's numeric values, which error.proto fixes.
  EXPECT_EQ(TFC_INVALID_ARGUMENT, 3);
  EXPECT_EQ(TFC_NOT_FOUND, 5);
  EXPECT_EQ(TFC_FAILED_PRECONDITION, 9);
  EXPECT_EQ(TFC_UNAVAILABLE, 14);
  EXPECT_EQ(TFC_DATA_LOSS, 15);
}

TEST(Status, AbiVersionMatchesTheHeader) {
  EXPECT_EQ(tfc_runtime_abi_version(), TFC_RUNTIME_ABI_VERSION);
}

} // namespace
