//===- ShapeRulesTest.cpp - TensorFlow's shape rules ----------------------===//
//
// Broadcasting and shape printing, checked against what TensorFlow does.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCShapes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::tfc;

namespace {

constexpr int64_t kDyn = ShapedType::kDynamic;

TEST(ShapeRules, BroadcastsLikeNumPy) {
  using Shape = SmallVector<int64_t>;
  EXPECT_EQ(broadcastShapes({2, 1}, {2}), Shape({2, 2}));
  EXPECT_EQ(broadcastShapes({5, 1, 6}, {3, 1}), Shape({5, 3, 6}));
  EXPECT_EQ(broadcastShapes({}, {4, 3}), Shape({4, 3}));
  EXPECT_EQ(broadcastShapes({1}, {1}), Shape({1}));
  EXPECT_EQ(broadcastShapes({0, 1}, {1, 3}), Shape({0, 3}));
  EXPECT_FALSE(broadcastShapes({3, 2}, {3, 4}));
  EXPECT_FALSE(broadcastShapes({2}, {0}));
}

TEST(ShapeRules, BroadcastsDynamicDimensions) {
  using Shape = SmallVector<int64_t>;
  // An unknown dimension against a static one > 1 must be that size.
  EXPECT_EQ(broadcastShapes({kDyn, 3}, {4, 3}), Shape({4, 3}));
  // Against 1 it stays unknown; two unknowns stay unknown.
  EXPECT_EQ(broadcastShapes({kDyn, 3}, {1, 3}), Shape({kDyn, 3}));
  EXPECT_EQ(broadcastShapes({kDyn}, {kDyn}), Shape({kDyn}));
  EXPECT_EQ(broadcastShapes({kDyn}, {}), Shape({kDyn}));
}

TEST(ShapeRules, FormatsShapesLikeTensorFlow) {
  MLIRContext context;
  Type f32 = Float32Type::get(&context);
  EXPECT_EQ(formatShape(RankedTensorType::get({3, 2}, f32)), "[3,2]");
  EXPECT_EQ(formatShape(RankedTensorType::get({kDyn, 4}, f32)), "[?,4]");
  EXPECT_EQ(formatShape(RankedTensorType::get({}, f32)), "[]");
  EXPECT_EQ(formatShape(UnrankedTensorType::get(f32)), "<unknown>");
}

TEST(ShapeRules, NormalizesReductionAxes) {
  EXPECT_EQ(normalizeReductionAxes(3, std::nullopt),
            (SmallVector<int64_t>{0, 1, 2}));
  EXPECT_EQ(normalizeReductionAxes(3, ArrayRef<int64_t>{-1, 0}),
            (SmallVector<int64_t>{0, 2}));
  EXPECT_TRUE(normalizeReductionAxes(2, ArrayRef<int64_t>{}).empty());
}

} // namespace
