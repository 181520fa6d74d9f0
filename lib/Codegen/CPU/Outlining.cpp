//===- Outlining.cpp - moving consecutive ops into a function -------------===//
//
// Part of tfc. See Outlining.h.
//
//===----------------------------------------------------------------------===//

#include "Outlining.h"

#include "tfc/Dialect/TFC/IR/TFCDialect.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tfc;

int64_t mlir::tfc::countOps(Operation *op) {
  int64_t count = 0;
  op->walk([&](Operation *) { ++count; });
  return count;
}

bool mlir::tfc::isConstantOp(Operation *op) {
  return op->getNumOperands() == 0 && op->getNumRegions() == 0 &&
         op->getNumResults() == 1 && matchPattern(op, m_Constant());
}

bool CutPolicy::staysInPlace(Operation *op) {
  return isa<memref::AllocaOp, memref::GetGlobalOp>(op) ||
         op->hasTrait<OpTrait::IsTerminator>();
}

SmallVector<func::FuncOp> mlir::tfc::getFunctionsToCut(ModuleOp module,
                                                       int64_t maxOps) {
  SmallVector<func::FuncOp> functions;
  for (auto function : module.getOps<func::FuncOp>())
    if (!function.isExternal() && function.getBody().hasOneBlock() &&
        countOps(function) > maxOps + 1)
      functions.push_back(function);
  return functions;
}

SmallVector<SmallVector<Operation *>>
mlir::tfc::cutIntoPieces(Block &body, int64_t maxOps, CutPolicy &policy) {
  SmallVector<SmallVector<Operation *>> pieces(1);
  llvm::DenseSet<Operation *> current;
  int64_t size = 0;
  auto cut = [&] {
    if (pieces.back().empty())
      return;
    pieces.emplace_back();
    current.clear();
    size = 0;
    policy.started();
  };
  // Whether `value` is computed by the current piece, or by copied ops
  // (which stay in the function too) from what the piece computes.
  auto fromCurrent = [&](Value value, auto &self) -> bool {
    Operation *producer = value.getDefiningOp();
    if (!producer || producer->getBlock() != &body)
      return false;
    if (current.contains(producer))
      return true;
    return policy.isCopied(producer) &&
           llvm::any_of(producer->getOperands(),
                        [&](Value operand) { return self(operand, self); });
  };
  policy.started();
  for (Operation &op : body) {
    if (policy.isCopied(&op))
      continue;
    if (policy.staysInPlace(&op)) {
      if (llvm::any_of(op.getOperands(), [&](Value operand) {
            return fromCurrent(operand, fromCurrent);
          }))
        cut();
      continue;
    }
    int64_t opSize = countOps(&op);
    if (size + opSize > maxOps && policy.mayCutBefore(&op))
      cut();
    pieces.back().push_back(&op);
    current.insert(&op);
    size += opSize;
    policy.added(&op);
    if (policy.mustCutAfter(&op))
      cut();
  }
  if (pieces.back().empty())
    pieces.pop_back();
  return pieces;
}

void mlir::tfc::outlinePieces(func::FuncOp function,
                              ArrayRef<SmallVector<Operation *>> pieces,
                              StringRef suffix, SymbolTable &symbols,
                              CutPolicy &policy) {
  Operation *last = function;
  for (auto [index, piece] : llvm::enumerate(pieces))
    last = outlineOps(
        function, piece,
        (function.getSymName() + "_" + suffix + Twine(index)).str(), last,
        symbols, [&](Operation *op) { return policy.isCopied(op); });
  // A copy that ops staying in the function still use may read a value a
  // call now computes, after the copy: each moves to just before its first
  // user (users first, so that a copy of a copy comes before it, and an
  // unused copy of a copy is seen unused once its user is erased).
  Block &body = function.getBody().front();
  SmallVector<Operation *> copies;
  for (Operation &op : body)
    if (policy.isCopied(&op))
      copies.push_back(&op);
  for (Operation *copy : llvm::reverse(copies)) {
    if (copy->use_empty()) {
      copy->erase();
      continue;
    }
    Operation *first = nullptr;
    for (Operation *user : copy->getUsers()) {
      Operation *top = body.findAncestorOpInBlock(*user);
      if (top && (!first || top->isBeforeInBlock(first)))
        first = top;
    }
    if (first)
      copy->moveBefore(first);
  }
}

namespace {
/// What a set of ops reads from outside: the values that become arguments
/// and, for each op, the producers cloned in just before it, operands
/// before their users (a producer may read a value an earlier op computes).
struct Inputs {
  llvm::SetVector<Value> arguments;
  llvm::DenseSet<Operation *> cloned;
  SmallVector<SmallVector<Operation *>> clonedBefore;
};
} // namespace

static Inputs collectInputs(func::FuncOp function, ArrayRef<Operation *> ops,
                            const llvm::DenseSet<Operation *> &inPiece,
                            function_ref<bool(Operation *)> rematerialized) {
  Inputs inputs;
  inputs.clonedBefore.resize(ops.size());
  // Whether `value` is computed outside the ops: by a top-level op that is
  // not one of them, or as an argument of the function.
  auto definedOutside = [&](Value value) {
    if (value.getParentRegion() != &function.getBody())
      return false;
    Operation *producer = value.getDefiningOp();
    return !producer || !inPiece.contains(producer);
  };
  auto visit = [&](Operation *op, SmallVector<Operation *> &clones,
                   auto &self) -> void {
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        if (!definedOutside(operand))
          continue;
        Operation *producer = operand.getDefiningOp();
        if (!producer || !rematerialized(producer)) {
          inputs.arguments.insert(operand);
          continue;
        }
        if (!inputs.cloned.insert(producer).second)
          continue;
        self(producer, clones, self);
        clones.push_back(producer);
      }
    });
  };
  for (auto [op, clones] : llvm::zip(ops, inputs.clonedBefore))
    visit(op, clones, visit);
  return inputs;
}

func::FuncOp
mlir::tfc::outlineOps(func::FuncOp function, ArrayRef<Operation *> ops,
                      StringRef name, Operation *insertAfter,
                      SymbolTable &symbols,
                      function_ref<bool(Operation *)> rematerialized) {
  Block &body = function.getBody().front();
  llvm::DenseSet<Operation *> inPiece(ops.begin(), ops.end());
  Inputs inputs = collectInputs(function, ops, inPiece, rematerialized);
  // Results: values of the ops used after them.
  SmallVector<Value> results;
  for (Operation *op : ops)
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            return !inPiece.contains(body.findAncestorOpInBlock(*user));
          }))
        results.push_back(result);

  Location loc = ops.front()->getLoc();
  OpBuilder builder(function.getContext());
  builder.setInsertionPointAfter(insertAfter);
  auto type = builder.getFunctionType(
      llvm::map_to_vector(inputs.arguments,
                          [](Value v) { return v.getType(); }),
      llvm::map_to_vector(results, [](Value v) { return v.getType(); }));
  auto callee = func::FuncOp::create(builder, loc, name, type);
  callee.setPrivate();
  // Kept apart in LLVM too: inlined back, the pieces would be one function
  // again. (convert-func-to-llvm carries `passthrough` over to llvm.func,
  // which translates it to the LLVM attribute; `no_inline` it drops.)
  callee->setAttr("passthrough",
                  builder.getArrayAttr({builder.getStringAttr("noinline")}));
  // A piece of a merged function stands for as many pieces.
  if (Attribute merged = function->getAttr(kMergedFunctionsAttrName))
    callee->setAttr(kMergedFunctionsAttrName, merged);
  symbols.insert(callee);

  Block *entry = callee.addEntryBlock();
  builder.setInsertionPointToStart(entry);
  IRMapping mapping;
  for (auto [value, argument] :
       llvm::zip(inputs.arguments, entry->getArguments()))
    mapping.map(value, argument);
  for (auto [op, clones] : llvm::zip(ops, inputs.clonedBefore)) {
    for (Operation *producer : clones)
      builder.clone(*producer, mapping);
    builder.clone(*op, mapping);
  }
  func::ReturnOp::create(
      builder, loc,
      llvm::map_to_vector(results, [&](Value v) { return mapping.lookup(v); }));

  builder.setInsertionPointAfter(ops.back());
  auto call = func::CallOp::create(builder, loc, callee,
                                   inputs.arguments.getArrayRef());
  for (auto [value, replacement] : llvm::zip(results, call.getResults()))
    value.replaceUsesWithIf(replacement, [&](OpOperand &use) {
      return !inPiece.contains(body.findAncestorOpInBlock(*use.getOwner()));
    });
  for (Operation *op : llvm::reverse(ops)) {
    op->dropAllUses();
    op->erase();
  }
  return callee;
}
