//===- DataParallelTest.cpp - a data-parallel step against a simulated rank
//===//
//
// A model compiled with --data-parallel runs as rank 1 of a job of two
// whose rank 0 is simulated by tfc_collective_set_ops: the step's one
// gradient exchange is summed in place with rank 0's share, and the update
// applies the weighted mean. Each case runs in a fresh process (a death
// test), since a process joins its job once.
//
//===----------------------------------------------------------------------===//

#include "ModelTestUtils.h"

#include "tfc/runtime.h"

#include <gtest/gtest.h>

#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

using namespace tfc::testing;

/// v's length (exchange.mlir): exchanged in place, not packed.
constexpr int64_t kLargeGradient = 20000;

/// The job as rank 1 sees it: rank 0's gradients of `examples` examples,
/// w's and one value for all of v's (or its failure), and this rank's own
/// batch, which rank 0 would weigh its gradients against.
struct SimulatedJob {
  std::vector<float> gradient;
  float largeGradient = 0;
  int64_t examples = 0;
  int64_t ownExamples = 0;
  const char *failure = nullptr;
  /// The exchanges of gradients seen (sums of more than one value).
  int exchanges = 0;
};
SimulatedJob job;

/// Every agreement carries the failure flag and the largest and smallest
/// batch (the smallest negated).
tfc_code rank0Max(void *, int64_t *data, int64_t count, char *, int64_t) {
  int64_t mine[] = {job.failure ? 2 : 0, job.examples, -job.examples};
  for (int64_t i = 0; i < count && i < 3; ++i)
    data[i] = std::max(data[i], mine[i]);
  return TFC_OK;
}

/// The sum of the batches (one value), or of v's gradient or the packed
/// small ones (w's): rank 0's as is when the batches are equal, weighted
/// by its share of the examples otherwise, as rank 0 itself weighs them.
tfc_code rank0Sum(void *, float *data, int64_t count, char *, int64_t) {
  if (count == 1) {
    data[0] += static_cast<float>(job.examples);
    return TFC_OK;
  }
  ++job.exchanges;
  float share = 1;
  if (job.examples != job.ownExamples)
    share = static_cast<float>(job.examples) /
            static_cast<float>(job.examples + job.ownExamples);
  for (int64_t i = 0; i < count; ++i)
    data[i] +=
        (count == kLargeGradient ? job.largeGradient : job.gradient[i]) * share;
  return TFC_OK;
}

/// Rank 0's variables are this rank's (both start at zeros); its failure
/// message when it failed.
tfc_code rank0Broadcast(void *, void *data, int64_t bytes, int32_t, char *,
                        int64_t) {
  if (job.failure)
    std::snprintf(static_cast<char *>(data), static_cast<size_t>(bytes), "%s",
                  job.failure);
  return TFC_OK;
}

const tfc_collective_ops kRank1Of2 = {1,        2,        nullptr,
                                      rank0Sum, rank0Max, rank0Broadcast};

/// Joins the simulated job, initializes the model, has rank 0 fail with
/// `failure` if given, runs one step on `x` (rows of 3) and prints the
/// step's status, w afterwards and the exchanges, then exits.
[[noreturn]] void stepAsRank1(const std::vector<float> &x,
                              const char *failure = nullptr) {
  Status status(tfc_status_create());
  if (tfc_collective_set_ops(&kRank1Of2, status.get()) != TFC_OK) {
    std::fprintf(stderr, "join: %s\n", tfc_status_message(status.get()));
    std::exit(2);
  }
  const tfc_model_abi *abi = loadTestModel("exchange");
  Model model(abi ? tfc_model_create(abi, nullptr, status.get()) : nullptr);
  if (!model || tfc_model_initialize(model.get(), "GLOBAL_VARIABLES",
                                     status.get()) != TFC_OK) {
    std::fprintf(stderr, "model: %s\n",
                 abi ? tfc_status_message(status.get()) : dlerror());
    std::exit(3);
  }
  job.failure = failure;
  job.ownExamples = static_cast<int64_t>(x.size() / 3);
  int64_t shape[] = {job.ownExamples, 3};
  Tensor input(tfc_tensor_create(TFC_F32, 2, shape, nullptr));
  std::copy(x.begin(), x.end(),
            static_cast<float *>(tfc_tensor_data(input.get())));
  const tfc_tensor *args[] = {input.get()};
  tfc_tensor *loss = nullptr;
  tfc_code code =
      tfc_model_call(model.get(), 0, args, 1, &loss, 1, status.get());
  Tensor owned(loss);
  const float *w = static_cast<const float *>(
      tfc_variable_data(tfc_model_variable_at(model.get(), 0)));
  const float *v = static_cast<const float *>(
      tfc_variable_data(tfc_model_variable_at(model.get(), 1)));
  std::fprintf(stderr, "step %s; w %g %g %g; v %g %g; exchanges %d\n",
               code == TFC_OK ? "OK" : tfc_status_message(status.get()), w[0],
               w[1], w[2], v[0], v[kLargeGradient - 1], job.exchanges);
  std::exit(0);
}

TEST(DataParallelDeathTest, EqualBatchesAverageTheSum) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // This rank's gradient of w is the mean of its rows, {2, 2, 2}; the
  // mean with rank 0's {4, 0, -2} is {3, 1, 0}, and SGD at rate 1 from
  // zeros makes w its negative. v's: (0.5 + 1.5) / 2. Two exchanges: v in
  // place, w packed.
  job.gradient = {4, 0, -2};
  job.largeGradient = 1.5f;
  job.examples = 2;
  EXPECT_EXIT(stepAsRank1({1, 2, 3, 3, 2, 1}), ::testing::ExitedWithCode(0),
              "step OK; w -3 -1 0; v -1 -1; exchanges 2");
}

TEST(DataParallelDeathTest, UnequalBatchesWeighEachRanksExamples) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // Three examples here (gradient {2, 2, 2}) and one on rank 0 ({6, 2,
  // -2}): (3 * {2, 2, 2} + {6, 2, -2}) / 4 = {3, 2, 1}; v's (3 * 0.5 +
  // 1.5) / 4.
  job.gradient = {6, 2, -2};
  job.largeGradient = 1.5f;
  job.examples = 1;
  EXPECT_EXIT(stepAsRank1({1, 2, 3, 3, 2, 1, 2, 2, 2}),
              ::testing::ExitedWithCode(0),
              "step OK; w -3 -2 -1; v -0.75 -0.75; exchanges 2");
}

TEST(DataParallelDeathTest, AFailedRankFailsTheStepAndLeavesTheVariables) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  job.gradient = {4, 0, -2};
  job.examples = 2;
  EXPECT_EXIT(stepAsRank1({1, 2, 3, 3, 2, 1}, "bad input"),
              ::testing::ExitedWithCode(0),
              "step rank 0: bad input; w 0 0 0; v 0 0; exchanges 0");
}

} // namespace
