//===- TFCOps.cpp - tfc dialect ops ---------------------------------------===//
//
// Verifiers and type inference of the tfc ops. The shape rules they share live
// in TFCShapes.cpp, the folders in TFCFolders.cpp.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tfc;

//===----------------------------------------------------------------------===//
// GraphOp
//===----------------------------------------------------------------------===//

FetchOp GraphOp::getFetch() { return cast<FetchOp>(getBody().front().back()); }

/// Finds the op of `block` that contains `op` (possibly `op` itself), or null
/// when `op` is outside the block.
static Operation *ancestorInBlock(Block &block, Operation *op) {
  return op ? block.findAncestorOpInBlock(*op) : nullptr;
}

/// An edge runs from the op defining a value to every op that uses it,
/// directly or from a nested region.
LogicalResult mlir::tfc::verifyAcyclicGraph(Block &block) {
  enum class Mark { Unvisited, Active, Done };
  DenseMap<Operation *, Mark> marks;
  for (Operation &op : block)
    marks[&op] = Mark::Unvisited;

  // The producers of `op`'s operands (and of its nested ops' operands) that
  // live in the block.
  auto producers = [&](Operation *op) {
    SmallVector<Operation *> result;
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *def = operand.getDefiningOp();
        // Values made inside `op` are internal to it, not graph edges.
        if (!def || op->isProperAncestor(def))
          continue;
        if (Operation *producer = ancestorInBlock(block, def))
          result.push_back(producer);
      }
    });
    return result;
  };

  // Iterative depth-first search: recursion could overflow on deep graphs.
  for (Operation &root : block) {
    if (marks[&root] != Mark::Unvisited)
      continue;
    SmallVector<std::pair<Operation *, SmallVector<Operation *>>> stack;
    marks[&root] = Mark::Active;
    stack.push_back({&root, producers(&root)});
    while (!stack.empty()) {
      auto &[op, pending] = stack.back();
      if (pending.empty()) {
        marks[op] = Mark::Done;
        stack.pop_back();
        continue;
      }
      Operation *next = pending.pop_back_val();
      if (marks[next] == Mark::Done)
        continue;
      if (marks[next] == Mark::Active) {
        InFlightDiagnostic diag =
            next->emitOpError("is part of a cycle of data edges; a graph "
                              "must be acyclic (use tfc.while for loops)");
        if (next != op)
          diag.attachNote(op->getLoc()) << "the cycle passes through this op";
        return diag;
      }
      marks[next] = Mark::Active;
      stack.push_back({next, producers(next)});
    }
  }
  return success();
}

LogicalResult GraphOp::verifyRegions() {
  Block &body = getBody().front();
  auto fetch = body.empty() ? FetchOp() : dyn_cast<FetchOp>(body.back());
  if (!fetch)
    return emitOpError("body must end in 'tfc.fetch'");

  TypeRange fetched = fetch.getFetches().getTypes();
  if (fetched.size() != getNumResults())
    return emitOpError("has ")
           << getNumResults() << " results but its 'tfc.fetch' fetches "
           << fetched.size() << " tensors";
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip_equal(getResultTypes(), fetched))) {
    auto [resultType, fetchedType] = pair;
    if (resultType != fetchedType)
      return emitOpError("result #")
             << index << " has type " << resultType
             << " but the fetched tensor has type " << fetchedType;
  }
  return verifyAcyclicGraph(body);
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> location,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &inferred) {
  ElementsAttr value = adaptor.getValue();
  if (!value)
    return emitOptionalError(location, "'tfc.constant' needs a value");
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    return emitOptionalError(location,
                             "'tfc.constant' value must be a ranked tensor, "
                             "got ",
                             value.getType());
  inferred.push_back(type);
  return success();
}

LogicalResult ConstantOp::verify() {
  Type elementType = getValue().getElementType();
  if (!isTfcElementType(elementType))
    return emitOpError("element type ")
           << elementType
           << " is not a tfc dtype (expected f16, bf16, f32, f64, i1, i8, "
              "i32 or i64)";
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

//===----------------------------------------------------------------------===//
// MatMulOp
//===----------------------------------------------------------------------===//

LogicalResult MatMulOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  auto aType = dyn_cast<TensorType>(adaptor.getA().getType());
  auto bType = dyn_cast<TensorType>(adaptor.getB().getType());
  if (!aType || !bType)
    return emitOptionalError(location, "MatMul: operands must be tensors");
  if (aType.getElementType() != bType.getElementType())
    return emitOptionalError(location,
                             "MatMul: In[0] and In[1] must have the same "
                             "dtype, got ",
                             aType.getElementType(), " and ",
                             bType.getElementType());
  Type elementType = aType.getElementType();
  if (!aType.hasRank() || !bType.hasRank()) {
    inferred.push_back(UnrankedTensorType::get(elementType));
    return success();
  }

  ArrayRef<int64_t> a = aType.getShape(), b = bType.getShape();
  for (auto [index, shape] : llvm::enumerate(ArrayRef{a, b}))
    if (shape.size() < 2)
      return emitOptionalError(location, "MatMul: In[", index,
                               "] ndims must be >= 2: ", shape.size());

  bool transposeA = adaptor.getTransposeA(), transposeB = adaptor.getTransposeB();
  int64_t m = a[a.size() - (transposeA ? 1 : 2)];
  int64_t ka = a[a.size() - (transposeA ? 2 : 1)];
  int64_t kb = b[b.size() - (transposeB ? 1 : 2)];
  int64_t n = b[b.size() - (transposeB ? 2 : 1)];
  if (!ShapedType::isDynamic(ka) && !ShapedType::isDynamic(kb) && ka != kb)
    return emitOptionalError(location, "Matrix size-incompatible: In[0]: ",
                             formatShape(aType), ", In[1]: ",
                             formatShape(bType));

  std::optional<SmallVector<int64_t>> shape =
      broadcastShapes(a.drop_back(2), b.drop_back(2));
  if (!shape)
    return emitOptionalError(
        location, "MatMul: In[0] and In[1] must have compatible batch "
                  "dimensions: ",
        formatShape(aType), " vs. ", formatShape(bType));
  shape->push_back(m);
  shape->push_back(n);
  inferred.push_back(RankedTensorType::get(*shape, elementType));
  return success();
}

#define GET_OP_CLASSES
#include "tfc/Dialect/TFC/IR/TFCOps.cpp.inc"
