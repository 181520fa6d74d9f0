//===- ConstantStrings.h - strings passed to the runtime -------*- C++ -*-===//
//
// The constant strings compiled code passes to the runtime (messages, site
// descriptions): one internal LLVM global per distinct text.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_CONVERSION_TFCTORUNTIME_CONSTANTSTRINGS_H
#define TFC_CONVERSION_TFCTORUNTIME_CONSTANTSTRINGS_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::tfc {

class ConstantStrings {
public:
  /// Globals go to the start of `module`, named `symbolName` (made unique
  /// in `symbols`, the module's table).
  ConstantStrings(ModuleOp module, SymbolTable &symbols, StringRef symbolName)
      : module(module), symbols(symbols), symbolName(symbolName.str()) {}

  /// The address of a NUL-terminated copy of `text`.
  Value address(OpBuilder &builder, Location loc, StringRef text);

private:
  ModuleOp module;
  SymbolTable &symbols;
  std::string symbolName;
  llvm::StringMap<LLVM::GlobalOp> globals;
};

} // namespace mlir::tfc

#endif // TFC_CONVERSION_TFCTORUNTIME_CONSTANTSTRINGS_H
