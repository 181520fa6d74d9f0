//===- SplitFunctions.cpp - the tfc-split-functions pass ------------------===//
//
// Cuts large functions on buffers into pieces of bounded size, each
// outlined into a private, never inlined function: LLVM then optimizes
// many small functions (linear in the graph) instead of one huge one, and
// each function's stack slots stay bounded.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCSPLITFUNCTIONS
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// The number of operations in `op`, itself included.
static int64_t countOps(Operation *op) {
  int64_t count = 0;
  op->walk([&](Operation *) { ++count; });
  return count;
}

/// Ops that each piece gets a copy of instead of an argument: constants.
static bool isCloned(Operation *op) {
  return op->getNumOperands() == 0 && op->getNumRegions() == 0 &&
         op->getNumResults() == 1 && matchPattern(op, m_Constant());
}

/// Ops that stay in the function: a stack slot must outlive the piece that
/// would allocate it. The address of a global stays too, and the pieces
/// that use it take it as an argument, so that the loop nests of layers
/// that differ only in their weights make equal functions, which
/// tfc-merge-identical-functions then keeps once.
static bool staysInPlace(Operation *op) {
  return isa<memref::AllocaOp, memref::GetGlobalOp>(op) ||
         op->hasTrait<OpTrait::IsTerminator>();
}

namespace {
/// One piece of a function's body: consecutive top-level ops (minus those
/// that stay in place).
struct Piece {
  SmallVector<Operation *> ops;
};

class FunctionSplitter {
public:
  FunctionSplitter(func::FuncOp function, SymbolTable &symbols)
      : function(function), lastFunction(function), symbols(symbols),
        body(function.getBody().front()) {}

  /// Cuts the body into pieces and outlines each: a piece ends with each
  /// top-level op that has regions (a loop nest), and holds at most
  /// `maxOps` ops unless one loop nest is larger.
  void split(int64_t maxOps);

private:
  void outline(const Piece &piece, unsigned index);

  func::FuncOp function;
  /// The pieces follow their function in order.
  Operation *lastFunction;
  SymbolTable &symbols;
  Block &body;
};
} // namespace

void FunctionSplitter::split(int64_t maxOps) {
  SmallVector<Piece> pieces(1);
  llvm::DenseSet<Operation *> current;
  int64_t size = 0;
  auto cut = [&] {
    if (!pieces.back().ops.empty())
      pieces.emplace_back();
    current.clear();
    size = 0;
  };
  for (Operation &op : body) {
    if (isCloned(&op))
      continue;
    if (staysInPlace(&op)) {
      // The call replacing the piece comes after the piece's last op: an
      // op staying in place must not need a value the piece computes.
      if (llvm::any_of(op.getOperands(), [&](Value operand) {
            Operation *producer = operand.getDefiningOp();
            return producer && current.contains(producer);
          }))
        cut();
      continue;
    }
    int64_t opSize = countOps(&op);
    if (size + opSize > maxOps)
      cut();
    pieces.back().ops.push_back(&op);
    current.insert(&op);
    size += opSize;
    // Loop nests of the same shape then make equal pieces, whatever came
    // before them.
    if (op.getNumRegions() != 0)
      cut();
  }
  for (auto [index, piece] : llvm::enumerate(pieces))
    if (!piece.ops.empty())
      outline(piece, index);
}

void FunctionSplitter::outline(const Piece &piece, unsigned index) {
  llvm::DenseSet<Operation *> inPiece(piece.ops.begin(), piece.ops.end());
  // Whether `value` is computed outside the piece: by a top-level op that is
  // not in it, or as an argument of the function.
  auto definedOutside = [&](Value value) {
    if (value.getParentRegion() != &function.getBody())
      return false;
    Operation *producer = value.getDefiningOp();
    return !producer || !inPiece.contains(producer);
  };

  // Arguments: values from outside in the order of first use; constants
  // and globals are copied instead.
  llvm::SetVector<Value> arguments, copied;
  for (Operation *op : piece.ops)
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        if (!definedOutside(operand))
          continue;
        Operation *producer = operand.getDefiningOp();
        if (producer && isCloned(producer))
          copied.insert(operand);
        else
          arguments.insert(operand);
      }
    });
  // Results: values of the piece used after it.
  SmallVector<Value> results;
  for (Operation *op : piece.ops)
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            return !inPiece.contains(body.findAncestorOpInBlock(*user));
          }))
        results.push_back(result);

  Location loc = piece.ops.front()->getLoc();
  OpBuilder builder(function.getContext());
  builder.setInsertionPointAfter(lastFunction);
  auto type = builder.getFunctionType(
      llvm::map_to_vector(arguments, [](Value v) { return v.getType(); }),
      llvm::map_to_vector(results, [](Value v) { return v.getType(); }));
  auto callee = func::FuncOp::create(
      builder, loc, (function.getSymName() + "_part" + Twine(index)).str(),
      type);
  callee.setPrivate();
  // Kept apart in LLVM too: inlined back, the pieces would be one function
  // again. (convert-func-to-llvm carries `passthrough` over to llvm.func,
  // which translates it to the LLVM attribute; `no_inline` it drops.)
  callee->setAttr("passthrough",
                  builder.getArrayAttr({builder.getStringAttr("noinline")}));
  symbols.insert(callee);
  lastFunction = callee;

  Block *entry = callee.addEntryBlock();
  builder.setInsertionPointToStart(entry);
  IRMapping mapping;
  for (Value value : copied)
    mapping.map(value, builder.clone(*value.getDefiningOp())->getResult(0));
  for (auto [value, argument] : llvm::zip(arguments, entry->getArguments()))
    mapping.map(value, argument);
  for (Operation *op : piece.ops)
    builder.clone(*op, mapping);
  func::ReturnOp::create(
      builder, loc,
      llvm::map_to_vector(results, [&](Value v) { return mapping.lookup(v); }));

  builder.setInsertionPointAfter(piece.ops.back());
  auto call = func::CallOp::create(builder, loc, callee,
                                   arguments.getArrayRef());
  for (auto [value, replacement] : llvm::zip(results, call.getResults()))
    value.replaceUsesWithIf(replacement, [&](OpOperand &use) {
      return !inPiece.contains(body.findAncestorOpInBlock(*use.getOwner()));
    });
  for (Operation *op : llvm::reverse(piece.ops)) {
    op->dropAllUses();
    op->erase();
  }
}

namespace {
struct TFCSplitFunctionsPass
    : public tfc::impl::TFCSplitFunctionsBase<TFCSplitFunctionsPass> {
  using TFCSplitFunctionsBase::TFCSplitFunctionsBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    // The pieces are new functions: only the functions there before are
    // split.
    SmallVector<func::FuncOp> functions;
    for (auto function : module.getOps<func::FuncOp>())
      if (!function.isExternal() && function.getBody().hasOneBlock() &&
          countOps(function) > maxOps + 1)
        functions.push_back(function);
    for (func::FuncOp function : functions) {
      FunctionSplitter(function, symbols).split(maxOps);
      // What is left is calls; so many of them that the function is still
      // over the bound are cut again, into pieces of calls.
      if (countOps(function) > maxOps + 1)
        FunctionSplitter(function, symbols).split(maxOps);
    }
  }
};
} // namespace
