//===- OutputArgs.cpp - the output arguments of TensorFlow ops ------------===//
//
// The output arguments of the TensorFlow ops whose outputs function bodies
// name by argument (InlineFunctions.cpp), from the ops' definitions.
//
//===----------------------------------------------------------------------===//

#include "OutputArgs.h"

using namespace mlir::tfc::graphdef;

const std::vector<OpOutputs> &mlir::tfc::graphdef::builtinOutputLayouts() {
  static const std::vector<OpOutputs> table = {
      {"Switch", {{"output_false"}, {"output_true"}}},
      {"RefSwitch", {{"output_false"}, {"output_true"}}},
      {"Merge", {{"output"}, {"value_index"}}},
      {"RefMerge", {{"output"}, {"value_index"}}},
      {"Unique", {{"y"}, {"idx"}}},
      {"UniqueV2", {{"y"}, {"idx"}}},
      {"UniqueWithCounts", {{"y"}, {"idx"}, {"count"}}},
      {"BroadcastGradientArgs", {{"r0"}, {"r1"}}},
      {"FusedBatchNorm",
       {{"y"},
        {"batch_mean"},
        {"batch_variance"},
        {"reserve_space_1"},
        {"reserve_space_2"}}},
      {"FusedBatchNormV2",
       {{"y"},
        {"batch_mean"},
        {"batch_variance"},
        {"reserve_space_1"},
        {"reserve_space_2"}}},
      {"FusedBatchNormV3",
       {{"y"},
        {"batch_mean"},
        {"batch_variance"},
        {"reserve_space_1"},
        {"reserve_space_2"},
        {"reserve_space_3"}}},
      {"FusedBatchNormGrad",
       {{"x_backprop"},
        {"scale_backprop"},
        {"offset_backprop"},
        {"reserve_space_3"},
        {"reserve_space_4"}}},
      {"FusedBatchNormGradV2",
       {{"x_backprop"},
        {"scale_backprop"},
        {"offset_backprop"},
        {"reserve_space_3"},
        {"reserve_space_4"}}},
      {"FusedBatchNormGradV3",
       {{"x_backprop"},
        {"scale_backprop"},
        {"offset_backprop"},
        {"reserve_space_4"},
        {"reserve_space_5"}}},
      {"SoftmaxCrossEntropyWithLogits", {{"loss"}, {"backprop"}}},
      {"SparseSoftmaxCrossEntropyWithLogits", {{"loss"}, {"backprop"}}},
      {"TopK", {{"values"}, {"indices"}}},
      {"TopKV2", {{"values"}, {"indices"}}},
      {"MaxPoolWithArgmax", {{"output"}, {"argmax"}}},
      {"TensorArrayV3", {{"handle"}, {"flow"}}},
      {"TensorArrayGradV3", {{"grad_handle"}, {"flow_out"}}},
      {"TensorArrayConcatV3", {{"value"}, {"lengths"}}},
      {"LogUniformCandidateSampler",
       {{"sampled_candidates"},
        {"true_expected_count"},
        {"sampled_expected_count"}}},
      {"UniformCandidateSampler",
       {{"sampled_candidates"},
        {"true_expected_count"},
        {"sampled_expected_count"}}},
      {"Split", {{"output", "num_split"}}},
      {"SplitV", {{"output", "num_split"}}},
      {"Unpack", {{"output", "num"}}},
      {"ShapeN", {{"output", "N"}}},
      {"DynamicPartition", {{"outputs", "num_partitions"}}},
      {"RestoreV2", {{"tensors", nullptr, "dtypes"}}},
      {"IdentityN", {{"output", nullptr, "T"}}},
  };
  return table;
}
