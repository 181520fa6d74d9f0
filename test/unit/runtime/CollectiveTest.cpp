//===- CollectiveTest.cpp - The processes of a data-parallel job ----------===//
//
// A process alone is a job of size 1: every operation is local. The
// weighting of the gradient mean and the failure agreement are checked
// against a second rank simulated by tfc_collective_set_ops, each in a
// fresh process (a death test), since a process joins its job once.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace tfc::runtime::testing;

namespace {

TEST(CollectiveTest, AProcessAloneIsRankZeroOfOne) {
  if (std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMI_SIZE"))
    GTEST_SKIP() << "running under mpirun";
  StatusPtr status = makeStatus();
  EXPECT_EQ(tfc_collective_init(status.get()), TFC_OK)
      << describe(status.get());
  EXPECT_EQ(tfc_collective_rank(), 0);
  EXPECT_EQ(tfc_collective_size(), 1);
}

TEST(CollectiveTest, OperationsAtSizeOneLeaveTheData) {
  if (std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMI_SIZE"))
    GTEST_SKIP() << "running under mpirun";
  StatusPtr status = makeStatus();
  float data[3] = {1.5f, -2.0f, 3.25f};
  ASSERT_EQ(tfc_collective_all_reduce_sum(data, 3, status.get()), TFC_OK)
      << describe(status.get());
  EXPECT_EQ(data[0], 1.5f);
  EXPECT_EQ(data[1], -2.0f);
  EXPECT_EQ(data[2], 3.25f);
  char bytes[4] = {'a', 'b', 'c', 'd'};
  ASSERT_EQ(tfc_collective_broadcast(bytes, 4, 0, status.get()), TFC_OK)
      << describe(status.get());
  EXPECT_EQ(std::memcmp(bytes, "abcd", 4), 0);
  ASSERT_EQ(tfc_collective_all_reduce_mean(data, 3, 7.0, status.get()), TFC_OK)
      << describe(status.get());
  EXPECT_EQ(data[1], -2.0f);
  EXPECT_TFC_OK(status.get());
}

TEST(CollectiveTest, RejectsInvalidArguments) {
  StatusPtr status = makeStatus();
  EXPECT_EQ(tfc_collective_all_reduce_sum(nullptr, 2, status.get()),
            TFC_INVALID_ARGUMENT);
  char byte = 0;
  EXPECT_EQ(
      tfc_collective_broadcast(&byte, 1, tfc_collective_size(), status.get()),
      TFC_INVALID_ARGUMENT);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "is not a rank");
  float value = 1;
  EXPECT_EQ(tfc_collective_all_reduce_mean(&value, 1, -1.0, status.get()),
            TFC_INVALID_ARGUMENT);
  // Once joined, the job's communication cannot change.
  tfc_collective_init(status.get());
  EXPECT_EQ(tfc_collective_set_ops(nullptr, status.get()),
            TFC_FAILED_PRECONDITION);
}

TEST(CollectiveTest, TheGradientExchangeIsTheRuntimesHostFunction) {
  if (std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMI_SIZE"))
    GTEST_SKIP() << "running under mpirun";
  StatusPtr status = makeStatus();
  EXPECT_TRUE(tfc_host_is_registered(TFC_COLLECTIVE_ALL_REDUCE_MEAN_FN));
  tfc_host_fn nothing = [](void *, const tfc_tensor *const *, int64_t,
                           tfc_tensor **, int64_t,
                           tfc_status *) -> tfc_code { return TFC_OK; };
  // Its name begins with "tfc.", which programs cannot register.
  EXPECT_EQ(tfc_host_register(TFC_COLLECTIVE_ALL_REDUCE_MEAN_FN, nothing,
                              nullptr, nullptr, status.get()),
            TFC_INVALID_ARGUMENT);

  TensorPtr buffer = parse("[1, 2, 3]", TFC_F32);
  TensorPtr shape = parse("[5, 4]", TFC_I64);
  const tfc_tensor *inputs[] = {buffer.get(), shape.get()};
  tfc_tensor *output = nullptr;
  ASSERT_EQ(tfc_host_call(TFC_COLLECTIVE_ALL_REDUCE_MEAN_FN, inputs, 2, &output,
                          1, status.get()),
            TFC_OK)
      << describe(status.get());
  TensorPtr result(output);
  EXPECT_EQ(toString(result.get(), -1), toString(buffer.get(), -1));
  EXPECT_NE(tfc_tensor_data(result.get()), tfc_tensor_data(buffer.get()));

  // A step's result reuses the memory of the last step's once that is
  // destroyed: a training loop touches no fresh pages.
  void *first = tfc_tensor_data(result.get());
  result.reset();
  ASSERT_EQ(tfc_host_call(TFC_COLLECTIVE_ALL_REDUCE_MEAN_FN, inputs, 2, &output,
                          1, status.get()),
            TFC_OK)
      << describe(status.get());
  result.reset(output);
  EXPECT_EQ(tfc_tensor_data(result.get()), first);
  EXPECT_EQ(toString(result.get(), -1), toString(buffer.get(), -1));
  // While it is alive, the next result has memory of its own.
  ASSERT_EQ(tfc_host_call(TFC_COLLECTIVE_ALL_REDUCE_MEAN_FN, inputs, 2, &output,
                          1, status.get()),
            TFC_OK)
      << describe(status.get());
  TensorPtr second(output);
  EXPECT_NE(tfc_tensor_data(second.get()), tfc_tensor_data(result.get()));
  EXPECT_EQ(toString(second.get(), -1), toString(buffer.get(), -1));

  TensorPtr integers = parse("[1, 2]", TFC_I32);
  const tfc_tensor *bad[] = {integers.get()};
  EXPECT_EQ(tfc_host_call(TFC_COLLECTIVE_ALL_REDUCE_MEAN_FN, bad, 1, &output, 1,
                          status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "rank-1 f32 buffer");
}

//===----------------------------------------------------------------------===//
// A simulated second rank
//===----------------------------------------------------------------------===//

/// Rank 1 of 2; rank 0 holds `peerGradient` of `peerWeight` examples, or
/// fails with `peerFailure` when that is set.
struct Peer {
  std::vector<float> peerGradient;
  float peerWeight = 0;
  const char *peerFailure = nullptr;
};
Peer peer;

tfc_code peerSum(void *, float *data, int64_t count, char *, int64_t) {
  for (int64_t i = 0; i + 1 < count; ++i)
    data[i] += peer.peerGradient[i] * peer.peerWeight;
  data[count - 1] += peer.peerWeight;
  return TFC_OK;
}

tfc_code peerMax(void *, int64_t *data, int64_t count, char *, int64_t) {
  // Rank 0 failing raises the flag to size - 0 = 2.
  for (int64_t i = 0; i < count; ++i)
    data[i] = std::max<int64_t>(data[i], peer.peerFailure ? 2 : 0);
  return TFC_OK;
}

tfc_code peerBroadcast(void *, void *data, int64_t bytes, int32_t root,
                       char *error, int64_t errorSize) {
  if (root != 0) {
    std::snprintf(error, static_cast<size_t>(errorSize), "root %d", root);
    return TFC_INTERNAL;
  }
  std::snprintf(static_cast<char *>(data), static_cast<size_t>(bytes), "%s",
                peer.peerFailure);
  return TFC_OK;
}

const tfc_collective_ops peerOps = {1,       2,       nullptr,
                                    peerSum, peerMax, peerBroadcast};

/// Joins the simulated job, or exits.
void joinSimulatedJob() {
  StatusPtr status = makeStatus();
  if (tfc_collective_set_ops(&peerOps, status.get()) != TFC_OK ||
      tfc_collective_init(status.get()) != TFC_OK) {
    std::fprintf(stderr, "join: %s\n", describe(status.get()).c_str());
    std::exit(2);
  }
}

/// rank 1 holds {1, 2} of 3 examples, rank 0 {4, 8} of 1: the mean
/// weighted by examples is {(3 + 4) / 4, (6 + 8) / 4}.
void weightedMean() {
  joinSimulatedJob();
  peer.peerGradient = {4, 8};
  peer.peerWeight = 1;
  StatusPtr status = makeStatus();
  float gradient[2] = {1, 2};
  if (tfc_collective_rank() != 1 || tfc_collective_size() != 2 ||
      tfc_collective_all_reduce_mean(gradient, 2, 3.0, status.get()) !=
          TFC_OK) {
    std::fprintf(stderr, "mean: %s\n", describe(status.get()).c_str());
    std::exit(3);
  }
  std::fprintf(stderr, "mean %g %g\n", gradient[0], gradient[1]);
  std::exit(gradient[0] == 1.75f && gradient[1] == 3.5f ? 0 : 4);
}

/// Rank 0 fails: this rank's next operation fails with its message, and
/// so does every later one, without communicating.
void failureOfAnotherRank() {
  joinSimulatedJob();
  peer.peerFailure = "bad input";
  StatusPtr status = makeStatus();
  float gradient[1] = {1};
  tfc_code first =
      tfc_collective_all_reduce_mean(gradient, 1, 1.0, status.get());
  std::fprintf(stderr, "first: %s\n", describe(status.get()).c_str());
  peer.peerFailure = nullptr;
  tfc_code later = tfc_collective_barrier(status.get());
  std::fprintf(stderr, "later: %s\n", describe(status.get()).c_str());
  std::exit(first == TFC_ABORTED && later == TFC_ABORTED ? 0 : 5);
}

TEST(CollectiveDeathTest, WeightsTheMeanByEachRanksExamples) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(weightedMean(), ::testing::ExitedWithCode(0), "mean 1.75 3.5");
}

TEST(CollectiveDeathTest, AFailingRankFailsTheOthersWithItsMessage) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(failureOfAnotherRank(), ::testing::ExitedWithCode(0),
              "first: ABORTED: rank 0: bad input\n"
              "later: ABORTED: rank 0: bad input");
}

} // namespace
