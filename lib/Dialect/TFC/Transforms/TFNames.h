//===- TFNames.h - TensorFlow's op and scope names --------------*- C++ -*-===//
//
// The name bookkeeping of a TensorFlow graph: unique names as
// `Graph.unique_name` makes them, and the default names of ops.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_DIALECT_TFC_TRANSFORMS_TFNAMES_H
#define TFC_LIB_DIALECT_TFC_TRANSFORMS_TFNAMES_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringMap.h"

#include <string>

namespace mlir::tfc {

/// The names in use in one TensorFlow graph. Like TensorFlow, it compares
/// names case-insensitively and numbers repeats: `add`, `add_1`, `add_2`.
class NameRegistry {
public:
  /// Returns `name` if it is free, else the first free `name_N`, and marks
  /// the result as used.
  std::string makeUnique(llvm::StringRef name);

  /// Marks `name` as used without changing it.
  void markUsed(llvm::StringRef name);

private:
  llvm::StringMap<unsigned> namesInUse;
};

/// Joins a scope and a name with `/`; the root scope is empty.
std::string joinScope(llvm::StringRef scope, llvm::StringRef name);

/// The last component of a `/`-separated name.
llvm::StringRef lastComponent(llvm::StringRef name);

/// The name TensorFlow gives an op of this kind when the program names none:
/// `add` for `a + b`, `MatMul`, `Sum`, `Const`, ...
std::string defaultTFName(Operation *op);

/// Formats a shape as Python prints a TensorFlow shape tuple: `(2,)`,
/// `(2, 3)`, `()`, `(?, 3)`; `<unknown>` when unranked.
std::string formatShapeTuple(Type tensorType);

/// The TensorFlow name of an element type: `float32`, `int64`, `bool`...
std::string formatDType(Type elementType);

} // namespace mlir::tfc

#endif // TFC_LIB_DIALECT_TFC_TRANSFORMS_TFNAMES_H
