//===- ConstantStrings.cpp - strings passed to the runtime ----------------===//

#include "ConstantStrings.h"

using namespace mlir;
using namespace mlir::tfc;

Value ConstantStrings::address(OpBuilder &builder, Location loc,
                               StringRef text) {
  LLVM::GlobalOp &global = globals[text];
  if (!global) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module.getBody());
    std::string bytes = text.str();
    bytes.push_back('\0');
    auto type = LLVM::LLVMArrayType::get(builder.getI8Type(), bytes.size());
    global = LLVM::GlobalOp::create(builder, loc, type, /*isConstant=*/true,
                                    LLVM::Linkage::Internal, symbolName,
                                    builder.getStringAttr(bytes));
    symbols.insert(global);
  }
  return LLVM::AddressOfOp::create(builder, loc, global);
}
