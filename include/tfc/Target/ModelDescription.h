//===- ModelDescription.h - what a compiled model exposes -------*- C++ -*-===//
//
// The reflection data of a compiled model: its entry points with their
// signatures, its variables with their initializers, and the initializer
// plans. It is read off the module once the ABI is fixed (after
// tfc-lower-variables and tfc-mark-entry-points) and travels into the
// library as the metadata text the runtime parses (docs/model-abi.md).
//
//===----------------------------------------------------------------------===//

#ifndef TFC_TARGET_MODELDESCRIPTION_H
#define TFC_TARGET_MODELDESCRIPTION_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace mlir::tfc {

/// A tensor argument or result: name, dtype (`f32`, `i64`, `bool`, ...) and
/// shape, with -1 for dynamic dimensions.
struct TensorSignature {
  std::string name;
  std::string dtype;
  SmallVector<int64_t> shape;
};

struct EntryPointDescription {
  /// The function's name, and the `_mlir_ciface_` function implementing it.
  std::string name;
  SmallVector<TensorSignature> arguments;
  SmallVector<TensorSignature> results;
  /// The variables passed after the arguments, in order.
  SmallVector<std::string> variables;
  /// Packed copies of variables passed after them, in order: the variable
  /// and the width of its panels (tfc-pack-weights).
  SmallVector<std::pair<std::string, int64_t>> packedVariables;
  bool writesVariables = false;
  /// Computes a variable's initial value; not part of the public API.
  bool isInitializer = false;
};

/// How the runtime initializes a variable: `zeros`, `ones`, `constant`
/// (data in a blob), `random_normal`, `truncated_normal`, `random_uniform`,
/// `glorot_uniform`, or `function` (an initializer entry point).
struct InitializerDescription {
  std::string kind;
  SmallVector<double> parameters;
  int64_t seed = 0;
  int64_t blob = -1;
  bool splat = false;
  int64_t function = -1;
};

struct VariableDescription {
  std::string name;
  std::string dtype;
  SmallVector<int64_t> shape;
  SmallVector<std::string> collections;
  std::string device;
  InitializerDescription initializer;
};

struct InitializerPlanDescription {
  std::string collection;
  SmallVector<std::string> variables;
};

struct ModelDescription {
  std::string name;
  /// Where the model runs: empty for the CPU, else `cuda ARCHS` (the
  /// `target` line of the metadata).
  std::string target;
  std::vector<EntryPointDescription> entryPoints;
  std::vector<VariableDescription> variables;
  std::vector<InitializerPlanDescription> plans;
  /// Constant initializer data, little-endian, one element after another.
  std::vector<std::string> blobs;

  /// The metadata text stored in the library (docs/model-abi.md).
  std::string toMetadata() const;
};

/// Reads the description of `module`, whose ABI is fixed. Fails with a
/// diagnostic for types the runtime cannot pass (unranked tensors, ...).
FailureOr<ModelDescription> describeModel(ModuleOp module, StringRef name);

/// Adds to `model` the packed copies of variables that code generation
/// made its entry points take (the module's `tfc.packed_variables`).
LogicalResult describePackedVariables(ModuleOp module, ModelDescription &model);

/// The dtype name of a tfc element type: f16, bf16, f32, f64, bool, i8, i32,
/// i64; empty for any other type.
std::string abiDTypeName(Type elementType);

/// The seed of a random initializer without one: a hash of the variable's
/// name, so builds are reproducible and equal shapes do not start equal.
int64_t defaultSeed(StringRef variableName);

/// The C header of a compiled model (declarations and inline wrappers around
/// the runtime's model API, plus a small C++ class).
std::string emitModelHeader(const ModelDescription &model);

} // namespace mlir::tfc

#endif // TFC_TARGET_MODELDESCRIPTION_H
