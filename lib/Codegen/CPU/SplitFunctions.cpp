//===- SplitFunctions.cpp - the tfc-split-functions pass ------------------===//
//
// Cuts large functions on buffers into pieces of bounded size, each
// outlined into a private, never inlined function: LLVM then optimizes
// many small functions (linear in the graph) instead of one huge one, and
// each function's stack slots stay bounded.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"

#include "Outlining.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCSPLITFUNCTIONS
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

namespace {
/// On buffers: constants are copied into the pieces; stack slots and the
/// addresses of globals stay (CutPolicy's default). A piece ends with each
/// top-level op that has regions (a loop nest), so that loop nests of the
/// same shape make equal pieces whatever came before them.
class SplitPolicy : public CutPolicy {
public:
  bool isCopied(Operation *op) override { return isConstantOp(op); }
  bool mustCutAfter(Operation *op) override { return op->getNumRegions() != 0; }
};
} // namespace

/// Cuts `function`'s body into pieces and outlines each.
static void split(func::FuncOp function, int64_t maxOps, SymbolTable &symbols) {
  SplitPolicy policy;
  outlinePieces(function,
                cutIntoPieces(function.getBody().front(), maxOps, policy),
                "part", symbols, policy);
}

namespace {
struct TFCSplitFunctionsPass
    : public tfc::impl::TFCSplitFunctionsBase<TFCSplitFunctionsPass> {
  using TFCSplitFunctionsBase::TFCSplitFunctionsBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    for (func::FuncOp function : getFunctionsToCut(module, maxOps)) {
      split(function, maxOps, symbols);
      // What is left is calls; so many of them that the function is still
      // over the bound are cut again, into pieces of calls.
      if (countOps(function) > maxOps + 1)
        split(function, maxOps, symbols);
    }
  }
};
} // namespace
