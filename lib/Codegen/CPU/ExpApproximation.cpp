//===- ExpApproximation.cpp - tfc's f32 exp -------------------------------===//
//
// exp(x) = 2^n * exp(r), n = round(x / ln 2), r = x - n ln 2 in
// [-ln 2 / 2, ln 2 / 2]:
// - n is rounded by adding 1.5 * 2^23 in the multiply-add that scales x:
//   the sum's low bits are then n itself, so that n << 23 is the sum's bits
//   shifted (no conversion to an integer and back);
// - r is reduced with ln 2 in two parts (Cody and Waite), the high part
//   short enough that n times it is exact;
// - exp(r) is a degree-6 polynomial with p(0) = 1 (a weighted least-squares
//   fit to the relative error), 8.7e-8 relative at most over [-87, 88];
// - 2^n scales it by an integer add to its exponent bits, which is right
//   for every n of the normal range: p(r) < 1 where n = 128, so 2^128 * p
//   is still finite, and p(r) >= 1 where n = -126;
// - below ln(FLT_MIN) the result is 0, above ln(FLT_MAX) it is +inf,
//   chosen by comparisons of x itself, which are false for NaN (NaN stays
//   NaN through the arithmetic).
// About 15 operations, each a single instruction on AVX2 (MLIR's own
// approximation took about 24, with clamps of x and of n and a float to
// integer conversion); softmax spends most of its time here.
//
//===----------------------------------------------------------------------===//

#include "ExpApproximation.h"

#include "tfc/Dialect/TFC/IR/TFCDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"

#include <limits>

using namespace mlir;
using namespace mlir::tfc;

namespace {
struct ExpApproximation : public OpRewritePattern<math::ExpOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::ExpOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "not f32");
    auto vectorType = dyn_cast<VectorType>(type);
    if (!vectorType && !type.isF32())
      return rewriter.notifyMatchFailure(op, "not a scalar or a vector");
    Type intType = rewriter.getI32Type();
    if (vectorType)
      intType = vectorType.clone(intType);
    Location loc = op.getLoc();
    // Constants of the operand's shape.
    auto splat = [&](Type type, Attribute value) -> Value {
      auto shaped = dyn_cast<ShapedType>(type);
      return arith::ConstantOp::create(
          rewriter, loc,
          shaped ? TypedAttr(DenseElementsAttr::get(shaped, value))
                 : cast<TypedAttr>(value));
    };
    auto constant = [&](float value) {
      return splat(type, rewriter.getF32FloatAttr(value));
    };
    auto fma = [&](Value a, Value b, Value c) -> Value {
      return math::FmaOp::create(rewriter, loc, a, b, c);
    };

    Value x = op.getOperand();
    // j = x log2(e) + 1.5 * 2^23, rounded to an integer; n = j - 1.5 * 2^23.
    Value magic = constant(12582912.0f);
    Value j = fma(x, constant(1.44269504f), magic);
    Value n = arith::SubFOp::create(rewriter, loc, j, magic);
    Value r = fma(n, constant(-0.693145751953125f), x);
    r = fma(n, constant(-1.4286068e-06f), r);
    // p(r) = 1 + r (c1 + r (c2 + ... r c6)).
    const float coefficients[] = {1.0f,      0.49999994f,  0.16666432f,
                                  0.041668f, 0.008374165f, 0.001384364f};
    Value p = constant(coefficients[5]);
    for (int i = 4; i >= 0; --i)
      p = fma(p, r, constant(coefficients[i]));
    p = fma(p, r, constant(1.0f));
    // 2^n p: n added to p's exponent; j's bits are those of 1.5 * 2^23
    // plus n, and 1.5 * 2^23 << 23 is 0 in 32 bits.
    Value exponent = arith::ShLIOp::create(
        rewriter, loc, arith::BitcastOp::create(rewriter, loc, intType, j),
        splat(intType, rewriter.getI32IntegerAttr(23)));
    Value scaled = arith::BitcastOp::create(
        rewriter, loc, type,
        arith::AddIOp::create(
            rewriter, loc, arith::BitcastOp::create(rewriter, loc, intType, p),
            exponent));
    // The ends: 0 below ln(FLT_MIN) (denormals flushed), +inf above
    // ln(FLT_MAX) (rounded down to stay clear of n = 129).
    Value tooSmall = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OLT, x, constant(-87.33655f));
    Value result = arith::SelectOp::create(rewriter, loc, tooSmall,
                                           constant(0.0f), scaled);
    // An operand known to be at most 0 (softmax's x - max) cannot overflow;
    // the test and the select (two of the few instructions that compete
    // with the polynomial for the multiply-add units) are left out.
    if (!op->hasAttr(kNonPositiveOperandAttrName)) {
      Value tooLarge = arith::CmpFOp::create(
          rewriter, loc, arith::CmpFPredicate::OGT, x, constant(88.7228f));
      result = arith::SelectOp::create(
          rewriter, loc, tooLarge,
          constant(std::numeric_limits<float>::infinity()), result);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};
} // namespace

void mlir::tfc::populateExpApproximationPatterns(RewritePatternSet &patterns) {
  // Before MLIR's approximation of exp, which would apply too.
  patterns.add<ExpApproximation>(patterns.getContext(), /*benefit=*/2);
}
