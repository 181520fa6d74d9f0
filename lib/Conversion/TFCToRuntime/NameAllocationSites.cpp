//===- NameAllocationSites.cpp - heap buffers that say what they are for --===//
//
// Implements tfc-name-allocation-sites: MLIR's generic allocation calls
// become tfc_rt_alloc_at calls that pass a description of the op, so that
// a buffer the runtime cannot give fails the call naming the op.
//
//===----------------------------------------------------------------------===//

#include "ConstantStrings.h"

#include "tfc/Conversion/Passes.h"
#include "tfc/Dialect/TFC/IR/TFCDialect.h"
#include "tfc/Support/RuntimeABI.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCNAMEALLOCATIONSITES
#include "tfc/Conversion/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// The allocation functions finalize-memref-to-llvm calls with
/// use-generic-functions, and the runtime's call that replaces both.
static constexpr StringLiteral kAlloc = "_mlir_memref_to_llvm_alloc";
static constexpr StringLiteral kAlignedAlloc =
    "_mlir_memref_to_llvm_aligned_alloc";
static constexpr StringLiteral kAllocAt = "tfc_rt_alloc_at";

/// Collects the first node name and the first source position in `loc`.
static void collectSite(Location loc, std::string &name,
                        std::string &position) {
  if (auto named = dyn_cast<NameLoc>(loc)) {
    if (name.empty())
      name = named.getName().str();
    collectSite(named.getChildLoc(), name, position);
  } else if (auto file = dyn_cast<FileLineColLoc>(loc)) {
    if (position.empty() && file.getLine() > 0)
      position = llvm::formatv("{0}:{1}:{2}", file.getFilename().getValue(),
                               file.getLine(), file.getColumn());
  } else if (auto call = dyn_cast<CallSiteLoc>(loc)) {
    collectSite(call.getCallee(), name, position);
  } else if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location part : fused.getLocations())
      collectSite(part, name, position);
  }
}

/// "'name' (file:line:col)", or whichever part `loc` has; empty when it
/// has neither.
static std::string describeSite(Location loc) {
  std::string name, position;
  collectSite(loc, name, position);
  if (name.empty())
    return position;
  std::string site = "'" + name + "'";
  return position.empty() ? site : site + " (" + position + ")";
}

/// How many equal parts of the graph the function holding `op` stands for
/// (tfc-merge-identical-functions): its ops' locations name one of them.
static int64_t getMergedCount(Operation *op) {
  auto function = op->getParentOfType<FunctionOpInterface>();
  auto count =
      function ? function->getAttrOfType<IntegerAttr>(kMergedFunctionsAttrName)
               : IntegerAttr();
  return count ? count.getInt() : 1;
}

namespace {

/// Declares tfc_rt_alloc_at(alignment, size, site) -> ptr.
LLVM::LLVMFuncOp declareAllocAt(ModuleOp module) {
  if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(kAllocAt))
    return existing;
  OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
  MLIRContext *context = module.getContext();
  Type i64 = builder.getI64Type();
  auto ptr = LLVM::LLVMPointerType::get(context);
  auto type = LLVM::LLVMFunctionType::get(ptr, {i64, i64, ptr});
  verifyRuntimeCall(kAllocAt, type.getParams(), ptr);
  return LLVM::LLVMFuncOp::create(builder, module.getLoc(), kAllocAt, type);
}

struct TFCNameAllocationSitesPass
    : public tfc::impl::TFCNameAllocationSitesBase<TFCNameAllocationSitesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<LLVM::CallOp> allocations;
    module.walk([&](LLVM::CallOp call) {
      std::optional<StringRef> callee = call.getCallee();
      if (callee && (*callee == kAlloc || *callee == kAlignedAlloc))
        allocations.push_back(call);
    });
    if (allocations.empty())
      return;

    LLVM::LLVMFuncOp allocAt = declareAllocAt(module);
    SymbolTable symbols(module);
    ConstantStrings strings(module, symbols, "__tfc_alloc_site");
    for (LLVM::CallOp call : allocations) {
      OpBuilder builder(call);
      Location loc = call.getLoc();
      // The generic functions take (size) and (alignment, size).
      ValueRange operands = call.getArgOperands();
      Value alignment = operands.size() == 2
                            ? operands[0]
                            : LLVM::ConstantOp::create(
                                  builder, loc, builder.getI64IntegerAttr(0))
                                  .getResult();
      std::string description = describeSite(loc);
      int64_t merged = getMergedCount(call);
      if (!description.empty() && merged == 2)
        description += " or the same op of the equal part of the graph "
                       "compiled with it";
      else if (!description.empty() && merged > 2)
        description += llvm::formatv(" or the same op of one of the {0} "
                                     "equal parts of the graph compiled "
                                     "with it",
                                     merged - 1);
      Value site =
          description.empty()
              ? LLVM::ZeroOp::create(builder, loc,
                                     LLVM::LLVMPointerType::get(&getContext()))
                    .getResult()
              : strings.address(builder, loc, description);
      auto named = LLVM::CallOp::create(
          builder, loc, allocAt, ValueRange{alignment, operands.back(), site});
      call.replaceAllUsesWith(named.getResults());
      call.erase();
    }
    // The generic declarations are unused now.
    for (StringRef name : {StringRef(kAlloc), StringRef(kAlignedAlloc)})
      if (auto declaration = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
        if (SymbolTable::symbolKnownUseEmpty(declaration, module))
          declaration.erase();
  }
};

} // namespace
