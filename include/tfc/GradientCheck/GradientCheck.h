//===- GradientCheck.h - finite-difference gradient checking ----*- C++ -*-===//
//
// The analogue of tf.test.compute_gradient_error: compiles a function and
// its gradient (tfc.gradients), evaluates the Jacobian both ways and reports
// the largest difference per input. The work behind `tfc check-gradients`.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_GRADIENTCHECK_GRADIENTCHECK_H
#define TFC_GRADIENTCHECK_GRADIENTCHECK_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tfc {

/// An input the gradient is checked for: a float argument of the function
/// or a float variable it reads.
struct CheckedInput {
  std::string name;
  bool isVariable = false;
  /// The argument's position (arguments only).
  unsigned argument = 0;
};

/// Turns `function` of `module` (with resolved scopes) into the function a
/// check calls: its arguments, then `dy` shaped like its first result y; it
/// returns y, then the gradient of sum(y * dy) with respect to each float
/// argument and each float variable it reads, in that order (the inputs
/// returned). `function` must not assign variables.
FailureOr<std::vector<CheckedInput>> addGradientsToFunction(ModuleOp module,
                                                            StringRef function);

struct GradientCheckOptions {
  std::string inputPath;
  std::string function;
  /// `name=file.npy` or `name=[...]` for arguments and variables; other
  /// float arguments are uniform in [0, 1) as in compute_gradient_error,
  /// variables keep their initial values.
  std::vector<std::string> inputs;
  /// The finite-difference step, in the input's dtype.
  double delta = 1e-3;
  /// When set, an input whose error exceeds it fails the check.
  std::optional<double> tolerance;
  uint64_t seed = 0;
  unsigned optLevel = 2;
  bool allowUndefinedGradients = false;
  std::string runtimeLibraryDir;
};

/// Checks the gradients of `options.function` and prints, per input, its
/// shape and the largest absolute difference between the symbolic and the
/// numerical Jacobian. Returns the process exit code: 0, or 1 on an error
/// or an error above the tolerance.
int checkGradients(const GradientCheckOptions &options, llvm::raw_ostream &outs,
                   llvm::raw_ostream &errs);

} // namespace mlir::tfc

#endif // TFC_GRADIENTCHECK_GRADIENTCHECK_H
