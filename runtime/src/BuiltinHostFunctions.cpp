//===- BuiltinHostFunctions.cpp - Host functions of the runtime -----------===//
//
// `tfc.merge_v2_checkpoints(delete_old_dirs: bool, part..., destination)`,
// TensorFlow's MergeV2Checkpoints: each part and the destination a string
// (an i8 vector of its bytes). No results.
// `tfc.all_reduce_mean` (TFC_COLLECTIVE_ALL_REDUCE_MEAN_FN), the gradient
// exchange of a data-parallel step (CollectiveHostCall.cpp).
// `tfc.parse_example` (TFC_PARSE_EXAMPLE_FN), TensorFlow's ParseExample
// (ParseExample.cpp).
//
//===----------------------------------------------------------------------===//

#include "BuiltinHostFunctions.h"
#include "ParseExample.h"
#include "TensorBundle.h"

#include "tfc/runtime/collective.h"

#include <cstring>
#include <string>
#include <vector>

using namespace tfc::runtime;

/// The string tensor `tensor` as text; false (with `status` set) when it is
/// not one.
static bool stringOf(const tfc_tensor *tensor, const char *function,
                     const char *what, std::string &text, tfc_status *status) {
  if (tensor->dtype != TFC_I8 || tensor->rank != 1) {
    setError(status, TFC_INVALID_ARGUMENT, "%s: %s is not a string", function,
             what);
    return false;
  }
  text.assign(static_cast<const char *>(tensor->data),
              static_cast<size_t>(tensor->dims[0]));
  if (text.empty() || text.find('\0') != std::string::npos) {
    setError(status, TFC_INVALID_ARGUMENT, "%s: %s is %s", function, what,
             text.empty() ? "empty" : "not a C string");
    return false;
  }
  return true;
}

static tfc_code mergeV2Checkpoints(void *, const tfc_tensor *const *inputs,
                                   int64_t numInputs, tfc_tensor **,
                                   int64_t numOutputs, tfc_status *status) {
  const char *function = "MergeV2Checkpoints";
  if (numInputs < 3 || numOutputs != 0 || inputs[0]->dtype != TFC_BOOL ||
      inputs[0]->rank != 0)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "%s: takes a bool, the parts and the destination, and "
                    "returns nothing",
                    function);
  bool deleteOldDirs = *static_cast<const unsigned char *>(inputs[0]->data);
  std::vector<std::string> parts(static_cast<size_t>(numInputs - 2));
  for (size_t i = 0; i < parts.size(); ++i) {
    std::string what = "part " + std::to_string(i);
    if (!stringOf(inputs[i + 1], function, what.c_str(), parts[i], status))
      return status->code;
  }
  std::string destination;
  if (!stringOf(inputs[numInputs - 1], function, "the destination", destination,
                status))
    return status->code;
  return bundle::mergeBundles(parts, destination, deleteOldDirs, status);
}

static tfc_code allReduceMean(void *, const tfc_tensor *const *inputs,
                              int64_t numInputs, tfc_tensor **outputs,
                              int64_t numOutputs, tfc_status *status) {
  return callAllReduceMean(inputs, numInputs, outputs, numOutputs, status);
}

tfc_host_fn tfc::runtime::builtinHostFunction(const char *name) {
  if (std::strcmp(name, TFC_MERGE_V2_CHECKPOINTS_FN) == 0)
    return mergeV2Checkpoints;
  if (std::strcmp(name, TFC_COLLECTIVE_ALL_REDUCE_MEAN_FN) == 0)
    return allReduceMean;
  if (std::strcmp(name, TFC_PARSE_EXAMPLE_FN) == 0)
    return parseExample;
  return nullptr;
}
