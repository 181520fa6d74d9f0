//===- ParseExample.h - TensorFlow's ParseExample ---------------*- C++ -*-===//
//
// The runtime's host function for TensorFlow's ParseExample (dense
// features), `tfc.parse_example` (TFC_PARSE_EXAMPLE_FN).
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_PARSEEXAMPLE_H
#define TFC_RUNTIME_SRC_PARSEEXAMPLE_H

#include "tfc/runtime/host_call.h"

namespace tfc::runtime {

/// `tfc.parse_example(serialized, (key, shape, default)...)`: the dense
/// features of a TFRecord-framed batch of tf.Examples, one output each.
tfc_code parseExample(void *userData, const tfc_tensor *const *inputs,
                      int64_t numInputs, tfc_tensor **outputs,
                      int64_t numOutputs, tfc_status *status);

} // namespace tfc::runtime

#endif // TFC_RUNTIME_SRC_PARSEEXAMPLE_H
