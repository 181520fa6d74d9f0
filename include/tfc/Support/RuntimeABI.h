//===- RuntimeABI.h - The runtime calls compiled code makes -----*- C++ -*-===//
//
// The compiler's reading of tfc/runtime/abi.h: the signature of each runtime
// function compiled code may call, and a check of a call's types against it.
// A call the table does not list, or with the wrong kinds, is a compiler
// bug, reported before any code is made.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_SUPPORT_RUNTIMEABI_H
#define TFC_SUPPORT_RUNTIMEABI_H

#include "tfc/runtime/abi.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeRange.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"

namespace mlir::tfc {

/// The signature tfc/runtime/abi.h gives runtime function `name`, e.g.
/// "void(addr,i64)"; empty when the table does not list it.
inline StringRef getRuntimeCallSignature(StringRef name) {
#define TFC_RUNTIME_CALL_SIGNATURE(function, signature)                        \
  if (name == #function)                                                       \
    return signature;
  TFC_RUNTIME_CALLS(TFC_RUNTIME_CALL_SIGNATURE)
#undef TFC_RUNTIME_CALL_SIGNATURE
  return {};
}

/// Whether a value of `type` is passed as the table's `kind`. Addresses
/// are pointers or the index values memref ops make of them; an index (a
/// buffer's offset, size or stride) is also an i64: tfc targets 64-bit
/// CPUs, where index lowers to i64.
inline bool isRuntimeKind(Type type, StringRef kind) {
  if (kind == "i32")
    return type.isInteger(32);
  if (kind == "i64")
    return type.isInteger(64) || type.isIndex();
  if (kind == "f32")
    return type.isF32();
  if (kind == "addr")
    return type.isIndex() || isa<LLVM::LLVMPointerType>(type);
  return false;
}

/// Stops the compiler unless `name` is in the table with the kinds of
/// `inputs` and `results`.
inline void verifyRuntimeCall(StringRef name, TypeRange inputs,
                              TypeRange results) {
  StringRef signature = getRuntimeCallSignature(name);
  auto fail = [&](const Twine &why) {
    llvm::report_fatal_error("tfc: runtime call " + name + ": " + why +
                             " (tfc/runtime/abi.h)");
  };
  if (signature.empty())
    return fail("not in the table of runtime calls");
  auto [result, rest] = signature.split('(');
  SmallVector<StringRef> kinds;
  if (rest.drop_back() != "")
    llvm::SplitString(rest.drop_back(), kinds, ",");
  bool resultMatches = result == "void"
                           ? results.empty()
                           : results.size() == 1 &&
                                 isRuntimeKind(results.front(), result);
  if (!resultMatches || kinds.size() != inputs.size())
    return fail("does not match " + signature);
  for (auto [type, kind] : llvm::zip_equal(inputs, kinds))
    if (!isRuntimeKind(type, kind))
      return fail("does not match " + signature);
}

} // namespace mlir::tfc

#endif // TFC_SUPPORT_RUNTIMEABI_H
