//===- TFCShapes.cpp - TensorFlow's shape rules ---------------------------===//
//
// Broadcasting, reduction shapes and TensorFlow-style shape printing, shared by
// the type inference of the tfc ops.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCShapes.h"

#include "tfc/Dialect/TFC/IR/TFCTypes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tfc;

std::string mlir::tfc::formatShape(Type tensorType) {
  auto ranked = dyn_cast<RankedTensorType>(tensorType);
  if (!ranked)
    return "<unknown>";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '[';
  llvm::interleave(
      ranked.getShape(), os,
      [&](int64_t dim) {
        if (ShapedType::isDynamic(dim))
          os << '?';
        else
          os << dim;
      },
      ",");
  os << ']';
  return text;
}

std::optional<SmallVector<int64_t>>
mlir::tfc::broadcastShapes(ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs) {
  size_t rank = std::max(lhs.size(), rhs.size());
  SmallVector<int64_t> result(rank);
  for (size_t i = 0; i < rank; ++i) {
    // Align on the innermost dimension; a missing dimension acts as size 1.
    int64_t l = i < lhs.size() ? lhs[lhs.size() - 1 - i] : 1;
    int64_t r = i < rhs.size() ? rhs[rhs.size() - 1 - i] : 1;
    int64_t &out = result[rank - 1 - i];
    if (l == 1) {
      out = r;
    } else if (r == 1) {
      out = l;
    } else if (ShapedType::isDynamic(l)) {
      out = r;
    } else if (ShapedType::isDynamic(r) || l == r) {
      out = l;
    } else {
      return std::nullopt;
    }
  }
  return result;
}

std::string mlir::tfc::dtypeName(Type type) {
  if (type.isF16())
    return "half";
  if (type.isBF16())
    return "bfloat16";
  if (type.isF32())
    return "float";
  if (type.isF64())
    return "double";
  if (type.isInteger(1))
    return "bool";
  if (auto intType = dyn_cast<IntegerType>(type))
    return "int" + std::to_string(intType.getWidth());
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

std::string mlir::tfc::pythonDTypeName(Type type) {
  if (type.isF16())
    return "float16";
  if (type.isF32())
    return "float32";
  if (type.isF64())
    return "float64";
  // bfloat16, bool and the integers are named alike in both spellings.
  return dtypeName(type);
}

LogicalResult mlir::tfc::inferBroadcastBinaryResultType(
    std::optional<Location> loc, StringRef tfName, Type lhs, Type rhs,
    bool boolResult, SmallVectorImpl<Type> &inferred) {
  auto lhsType = dyn_cast<TensorType>(lhs);
  auto rhsType = dyn_cast<TensorType>(rhs);
  if (!lhsType || !rhsType)
    return emitOptionalError(loc, "cannot compute ", tfName,
                             ": operands must be tensors, got ", lhs, " and ",
                             rhs);
  if (lhsType.getElementType() != rhsType.getElementType())
    return emitOptionalError(
        loc, "cannot compute ", tfName,
        " as input #1(zero-based) was expected to be a ",
        dtypeName(lhsType.getElementType()), " tensor but is a ",
        dtypeName(rhsType.getElementType()), " tensor");

  Type elementType = boolResult ? IntegerType::get(lhs.getContext(), 1)
                                : lhsType.getElementType();
  if (!lhsType.hasRank() || !rhsType.hasRank()) {
    inferred.push_back(UnrankedTensorType::get(elementType));
    return success();
  }
  std::optional<SmallVector<int64_t>> shape =
      broadcastShapes(lhsType.getShape(), rhsType.getShape());
  if (!shape)
    return emitOptionalError(loc, "Incompatible shapes: ", formatShape(lhs),
                             " vs. ", formatShape(rhs), " [Op:", tfName, "]");
  inferred.push_back(RankedTensorType::get(*shape, elementType));
  return success();
}

SmallVector<int64_t>
mlir::tfc::normalizeReductionAxes(int64_t rank,
                                  std::optional<ArrayRef<int64_t>> axes) {
  SmallVector<int64_t> result;
  if (!axes) {
    result = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    return result;
  }
  for (int64_t axis : *axes)
    result.push_back(axis < 0 ? axis + rank : axis);
  llvm::sort(result);
  return result;
}

LogicalResult mlir::tfc::inferReductionResultType(
    std::optional<Location> loc, StringRef tfName, Type input,
    std::optional<ArrayRef<int64_t>> axes, bool keepDims,
    SmallVectorImpl<Type> &inferred) {
  auto inputType = dyn_cast<TensorType>(input);
  if (!inputType)
    return emitOptionalError(loc, tfName, ": input must be a tensor, got ",
                             input);
  auto ranked = dyn_cast<RankedTensorType>(inputType);
  if (!ranked) {
    // Reducing everything without keep_dims gives a scalar whatever the rank.
    if (!axes && !keepDims)
      inferred.push_back(RankedTensorType::get({}, inputType.getElementType()));
    else
      inferred.push_back(inputType);
    return success();
  }

  int64_t rank = ranked.getRank();
  if (axes) {
    SmallVector<bool> seen(rank, false);
    for (int64_t axis : *axes) {
      if (axis < -rank || axis >= rank)
        return emitOptionalError(loc, tfName, ": Invalid reduction dimension (",
                                 axis, " for input with ", rank,
                                 " dimension(s))");
      int64_t normalized = axis < 0 ? axis + rank : axis;
      if (seen[normalized])
        return emitOptionalError(loc, tfName, ": Duplicate reduction dimension ",
                                 axis);
      seen[normalized] = true;
    }
  }

  SmallVector<int64_t> reduced = normalizeReductionAxes(rank, axes);
  SmallVector<int64_t> shape;
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (!llvm::is_contained(reduced, dim))
      shape.push_back(ranked.getDimSize(dim));
    else if (keepDims)
      shape.push_back(1);
  }
  inferred.push_back(RankedTensorType::get(shape, ranked.getElementType()));
  return success();
}

OpFoldResult mlir::tfc::foldEmptyReduction(Operation *op, Value input,
                                           std::optional<ArrayRef<int64_t>> axes) {
  if (axes && axes->empty() && input.getType() == op->getResult(0).getType())
    return input;
  return {};
}

/// The element type of a tensor array, or `type` itself: the type relations
/// below treat an array like its element type.
static Type unwrapArray(Type type) {
  if (auto array = dyn_cast<TensorArrayType>(type))
    return array.getElementType();
  return type;
}

bool mlir::tfc::isRefinementOf(Type specific, Type general) {
  if (isa<TensorArrayType>(specific) != isa<TensorArrayType>(general))
    return false;
  auto s = dyn_cast<TensorType>(unwrapArray(specific));
  auto g = dyn_cast<TensorType>(unwrapArray(general));
  if (!s || !g)
    return specific == general;
  if (s.getElementType() != g.getElementType())
    return false;
  if (!g.hasRank())
    return true;
  if (!s.hasRank() || s.getRank() != g.getRank())
    return false;
  return llvm::all_of(llvm::zip_equal(s.getShape(), g.getShape()),
                      [](auto dims) {
                        auto [sd, gd] = dims;
                        return ShapedType::isDynamic(gd) || sd == gd;
                      });
}

bool mlir::tfc::areCompatibleTypes(Type a, Type b) {
  if (isa<TensorArrayType>(a) != isa<TensorArrayType>(b))
    return false;
  auto ta = dyn_cast<TensorType>(unwrapArray(a));
  auto tb = dyn_cast<TensorType>(unwrapArray(b));
  if (!ta || !tb)
    return a == b;
  if (ta.getElementType() != tb.getElementType())
    return false;
  if (!ta.hasRank() || !tb.hasRank())
    return true;
  if (ta.getRank() != tb.getRank())
    return false;
  return llvm::all_of(llvm::zip_equal(ta.getShape(), tb.getShape()),
                      [](auto dims) {
                        auto [x, y] = dims;
                        return ShapedType::isDynamic(x) ||
                               ShapedType::isDynamic(y) || x == y;
                      });
}

Type mlir::tfc::joinTypes(Type a, Type b) {
  if (isa<TensorArrayType>(a) != isa<TensorArrayType>(b))
    return {};
  auto ta = dyn_cast<TensorType>(unwrapArray(a));
  auto tb = dyn_cast<TensorType>(unwrapArray(b));
  if (!ta || !tb)
    return a == b ? a : Type();
  if (ta.getElementType() != tb.getElementType())
    return {};
  TensorType joined;
  if (!ta.hasRank() || !tb.hasRank() || ta.getRank() != tb.getRank()) {
    joined = UnrankedTensorType::get(ta.getElementType());
  } else {
    SmallVector<int64_t> shape;
    for (auto [x, y] : llvm::zip_equal(ta.getShape(), tb.getShape()))
      shape.push_back(x == y ? x : ShapedType::kDynamic);
    joined = RankedTensorType::get(shape, ta.getElementType());
  }
  if (isa<TensorArrayType>(a))
    return TensorArrayType::get(a.getContext(), joined);
  return joined;
}

RankedTensorType
mlir::tfc::getRankedOrInferSame(Type input, SmallVectorImpl<Type> &inferred) {
  auto ranked = dyn_cast<RankedTensorType>(input);
  if (!ranked)
    inferred.push_back(input);
  return ranked;
}

std::optional<LogicalResult> mlir::tfc::inferShapeFromOperandIfGiven(
    std::optional<Location> loc, StringRef tfName, StringRef what, Value shape,
    bool hasAttribute, Type elementType, SmallVectorImpl<Type> &inferred) {
  if (static_cast<bool>(shape) == hasAttribute)
    return emitOptionalError(loc, tfName, ": give the ", what,
                             " either as an attribute (`to [...]`) or as an "
                             "operand, not both or neither");
  if (!shape)
    return std::nullopt;
  return inferShapeFromOperand(loc, tfName, shape.getType(), elementType,
                               inferred);
}
