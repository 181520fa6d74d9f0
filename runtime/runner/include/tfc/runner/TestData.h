//===- TestData.h - Generated inputs and expected outputs -------*- C++ -*-===//
//
// What `tfc-run --generate-inputs` and `--expect-dir` are made of: inputs
// that are the same on every run and every machine, and the comparison of
// an output with the one it should be.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNNER_TESTDATA_H
#define TFC_RUNNER_TESTDATA_H

#include "tfc/runtime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tfc::runner {

/// A new tensor for the argument `info`: each dynamic size is 2, and the
/// values come from a generator seeded with the argument's name, so they
/// depend on nothing else. Floats are uniform in [-2, 2] (f16 and bf16
/// rounded to nearest even), integers uniform in {0, 1, 2}, bools
/// alternate false, true, ... NULL on error (status set).
tfc_tensor *generateInput(const tfc_tensor_info &info, tfc_status *status);

/// The same values for a tensor of `shape` (the caller checks that it fits
/// the argument).
tfc_tensor *generateInputOfShape(const tfc_tensor_info &info,
                                 const std::vector<int64_t> &shape,
                                 tfc_status *status);

/// Compares `actual` with `expected`: the same dtype and shape, floats
/// within |actual - expected| <= atol + rtol * |expected| (NaN matches NaN,
/// an infinity only itself), integers and bools exactly. Returns "" when
/// they match, else why: "dtype f32, expected f64", "shape [2,3], expected
/// [3]" or "2 of 6 elements differ, max abs error 0.5 at [1,2] (got 1.5,
/// expected 1)".
std::string compareTensors(const tfc_tensor *actual,
                           const tfc_tensor *expected, double rtol,
                           double atol);

} // namespace tfc::runner

#endif // TFC_RUNNER_TESTDATA_H
