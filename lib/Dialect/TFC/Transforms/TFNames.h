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

/// The variable scopes opened so far, counted by full name as TensorFlow's
/// variable scope store counts them. `tf.variable_scope(None,
/// default_name=...)` uses the counts to pick a name no sibling scope has
/// taken: `merge`, `merge_1`, ...
class VariableScopeCounts {
public:
  /// Counts one more opening of the variable scope `scope`.
  void open(llvm::StringRef scope) { ++counts[scope]; }

  /// Forgets the scopes opened inside `scope`: leaving a scope entered by
  /// name resets the numbering of its default-named children.
  void closeSubscopes(llvm::StringRef scope);

  /// `prefix` if no variable scope `parent/prefix` was opened, else the first
  /// `prefix_N` not opened either.
  std::string makeUnique(llvm::StringRef parent, llvm::StringRef prefix) const;

  /// The counts, to be restored when a scope entered by object is left: as
  /// in TensorFlow, the numbering inside it then continues from where it was.
  llvm::StringMap<unsigned> save() const { return counts; }
  void restore(llvm::StringMap<unsigned> saved) { counts = std::move(saved); }

private:
  unsigned count(llvm::StringRef scope) const { return counts.lookup(scope); }

  llvm::StringMap<unsigned> counts;
};

/// Joins a scope and a name with `/`; the root scope is empty.
std::string joinScope(llvm::StringRef scope, llvm::StringRef name);

/// True when TensorFlow accepts `name` for a name scope or an op opened in
/// the name scope `current`. At the root a name must match
/// `[A-Za-z0-9.][A-Za-z0-9_.\-/]*`; inside a scope it may also start with
/// `_`, `-` or `/`. Like TensorFlow, the empty name (the root) is valid.
bool isValidScopeName(llvm::StringRef name, llvm::StringRef current);

/// The last component of a `/`-separated name.
llvm::StringRef lastComponent(llvm::StringRef name);

/// The name TensorFlow gives an op of this kind when the program names none:
/// `add` for `a + b`, `MatMul`, `Sum`, `Const`, ...
std::string defaultTFName(Operation *op);

/// Formats a shape as Python prints a TensorFlow shape tuple: `(2,)`,
/// `(2, 3)`, `()`, `(?, 3)`; `<unknown>` when unranked.
std::string formatShapeTuple(Type tensorType);

} // namespace mlir::tfc

#endif // TFC_LIB_DIALECT_TFC_TRANSFORMS_TFNAMES_H
