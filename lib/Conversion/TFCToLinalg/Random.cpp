//===- Random.cpp - stateless random ops to linalg ------------------------===//
//
// random_uniform, random_normal and truncated_normal become a
// linalg.generic over the result whose body runs Philox-4x32-10 (Salmon et
// al., "Parallel random numbers: as easy as 1, 2, 3") on the element's
// block number: no state, so every element is computed independently and
// the loop parallelizes like any element-wise op (and vectorizes, but for
// truncated_normal's redraw loop).
//
// Element i of a result whose samples take `w` 32-bit words (1 for 32-bit
// and narrower types, 2 for 64-bit ones) reads words (i mod (4 / w)) * w
// onwards of block i / (4 / w). The key is seed[0], the counter is
// [block (64 bits), seed[1] (64 bits)], low words first.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utils.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

// Philox-4x32's multipliers and Weyl key increments.
constexpr uint32_t kMultiplier0 = 0xD2511F53;
constexpr uint32_t kMultiplier1 = 0xCD9E8D57;
constexpr uint32_t kKeyStep0 = 0x9E3779B9;
constexpr uint32_t kKeyStep1 = 0xBB67AE85;
constexpr int kRounds = 10;

/// An optional float attribute's value, or `otherwise`.
double attrOr(FloatAttr attr, double otherwise) {
  return attr ? attr.getValueAsDouble() : otherwise;
}

Value i32Constant(OpBuilder &b, Location loc, uint32_t value) {
  return arith::ConstantOp::create(
      b, loc, b.getI32IntegerAttr(static_cast<int32_t>(value)));
}

/// The four words of Philox-4x32-10 for `counter` under `key` (the key
/// schedule is computed at compile time).
std::array<Value, 4> philox(OpBuilder &b, Location loc,
                            std::array<Value, 4> counter,
                            std::array<uint32_t, 2> key) {
  Value m0 = i32Constant(b, loc, kMultiplier0);
  Value m1 = i32Constant(b, loc, kMultiplier1);
  for (int round = 0; round < kRounds; ++round) {
    auto p0 = arith::MulUIExtendedOp::create(b, loc, m0, counter[0]);
    auto p1 = arith::MulUIExtendedOp::create(b, loc, m1, counter[2]);
    Value k0 = i32Constant(b, loc, key[0]);
    Value k1 = i32Constant(b, loc, key[1]);
    counter = {arith::XOrIOp::create(
                   b, loc,
                   arith::XOrIOp::create(b, loc, p1.getHigh(), counter[1]), k0),
               p1.getLow(),
               arith::XOrIOp::create(
                   b, loc,
                   arith::XOrIOp::create(b, loc, p0.getHigh(), counter[3]), k1),
               p0.getLow()};
    key[0] += kKeyStep0;
    key[1] += kKeyStep1;
  }
  return counter;
}

/// words[lane], selected at run time.
Value selectWord(OpBuilder &b, Location loc, ArrayRef<Value> words,
                 Value lane) {
  Value result = words.back();
  for (int64_t i = static_cast<int64_t>(words.size()) - 2; i >= 0; --i) {
    Value isLane =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane,
                              arith::ConstantIndexOp::create(b, loc, i));
    result = arith::SelectOp::create(b, loc, isLane, words[i], result);
  }
  return result;
}

/// Words [0, 1] or [2, 3] of a block, for `lane` 0 or 1: the (low, high)
/// words of a 64-bit sample, or the pair of words of a pair of samples.
std::pair<Value, Value> sampleWords64(OpBuilder &b, Location loc,
                                      ArrayRef<Value> words, Value lane) {
  Value isFirst =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane,
                            arith::ConstantIndexOp::create(b, loc, 0));
  return {arith::SelectOp::create(b, loc, isFirst, words[0], words[2]),
          arith::SelectOp::create(b, loc, isFirst, words[1], words[3])};
}

/// `high:low` as one i64.
Value join64(OpBuilder &b, Location loc, Value low, Value high) {
  Type i64 = b.getI64Type();
  return arith::OrIOp::create(
      b, loc, arith::ExtUIOp::create(b, loc, i64, low),
      arith::ShLIOp::create(
          b, loc, arith::ExtUIOp::create(b, loc, i64, high),
          arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(32))));
}

/// A uniform f32 in [0, 1) from the top 23 bits of a word: 1.mantissa
/// minus 1, TensorFlow's Uint32ToFloat.
Value uniformF32(OpBuilder &b, Location loc, Value word) {
  Value mantissa = arith::ShRUIOp::create(b, loc, word, i32Constant(b, loc, 9));
  Value bits =
      arith::OrIOp::create(b, loc, mantissa, i32Constant(b, loc, 0x3f800000));
  Value one = arith::BitcastOp::create(b, loc, b.getF32Type(), bits);
  return arith::SubFOp::create(
      b, loc, one, arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0f)));
}

/// A uniform f64 in [0, 1) from the top 52 bits of two words (low first).
Value uniformF64(OpBuilder &b, Location loc, Value low, Value high) {
  Value wide = join64(b, loc, low, high);
  Value mantissa = arith::ShRUIOp::create(
      b, loc, wide, arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(12)));
  Value bits = arith::OrIOp::create(
      b, loc, mantissa,
      arith::ConstantOp::create(b, loc,
                                b.getI64IntegerAttr(0x3ff0000000000000LL)));
  Value one = arith::BitcastOp::create(b, loc, b.getF64Type(), bits);
  return arith::SubFOp::create(
      b, loc, one, arith::ConstantOp::create(b, loc, b.getF64FloatAttr(1.0)));
}

/// The Philox words of an element's block. `attempt` (an i32, null for the
/// first draw) is added to the counter's third word: the redraws of
/// truncated_normal.
using DrawWords =
    function_ref<std::array<Value, 4>(OpBuilder &, Location, Value attempt)>;

/// The body shared by the random ops: the element's block and lane, and
/// `finish` turning the block's words (from `draw`) into the element.
template <typename OpTy>
LogicalResult
lowerRandom(OpTy op, Value dims, ConversionPatternRewriter &rewriter,
            function_ref<Value(OpBuilder &, Location, DrawWords draw,
                               Value lane, int64_t wordsPerSample)>
                finish) {
  auto type = dyn_cast<RankedTensorType>(op.getType());
  if (!type || (!type.hasStaticShape() && !dims))
    return rewriter.notifyMatchFailure(op, "needs a static shape");
  Location loc = op.getLoc();
  // The sizes: static ones from the type, the others from `dims`.
  SmallVector<Value> sizes, dynamicSizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    if (!type.isDynamicDim(dim)) {
      sizes.push_back(
          arith::ConstantIndexOp::create(rewriter, loc, type.getDimSize(dim)));
      continue;
    }
    sizes.push_back(extractIndex(rewriter, loc, dims, dim));
    dynamicSizes.push_back(sizes.back());
  }
  Type elementType = type.getElementType();
  int64_t wordsPerSample = elementType.getIntOrFloatBitWidth() > 32 ? 2 : 1;
  int64_t samplesPerBlock = 4 / wordsPerSample;
  ArrayRef<int64_t> seed = op.getSeed();
  auto seed0 = static_cast<uint64_t>(seed[0]);
  auto seed1 = static_cast<uint64_t>(seed[1]);
  std::array<uint32_t, 2> key = {static_cast<uint32_t>(seed0),
                                 static_cast<uint32_t>(seed0 >> 32)};
  int64_t rank = type.getRank();
  Value init = tensor::EmptyOp::create(rewriter, loc, type, dynamicSizes);
  SmallVector<AffineMap> maps = {rewriter.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange{type}, ValueRange(), init, maps, iterators,
      [&](OpBuilder &b, Location nestedLoc, ValueRange) {
        // The row-major position of the element.
        Value linear = arith::ConstantIndexOp::create(b, nestedLoc, 0);
        for (int64_t dim = 0; dim < rank; ++dim)
          linear = arith::AddIOp::create(
              b, nestedLoc,
              arith::MulIOp::create(b, nestedLoc, linear, sizes[dim]),
              linalg::IndexOp::create(b, nestedLoc, dim));
        Value perBlock =
            arith::ConstantIndexOp::create(b, nestedLoc, samplesPerBlock);
        Value block = arith::DivUIOp::create(b, nestedLoc, linear, perBlock);
        Value lane = arith::RemUIOp::create(b, nestedLoc, linear, perBlock);
        Value block64 =
            arith::IndexCastUIOp::create(b, nestedLoc, b.getI64Type(), block);
        Type i32 = b.getI32Type();
        Value blockLow = arith::TruncIOp::create(b, nestedLoc, i32, block64);
        Value blockHigh = arith::TruncIOp::create(
            b, nestedLoc, i32,
            arith::ShRUIOp::create(b, nestedLoc, block64,
                                   arith::ConstantOp::create(
                                       b, nestedLoc, b.getI64IntegerAttr(32))));
        auto draw = [&](OpBuilder &db, Location dl, Value attempt) {
          Value third = i32Constant(db, dl, static_cast<uint32_t>(seed1));
          if (attempt)
            third = arith::AddIOp::create(db, dl, third, attempt);
          std::array<Value, 4> counter = {
              blockLow, blockHigh, third,
              i32Constant(db, dl, static_cast<uint32_t>(seed1 >> 32))};
          return philox(db, dl, counter, key);
        };
        linalg::YieldOp::create(
            b, nestedLoc, finish(b, nestedLoc, draw, lane, wordsPerSample));
      });
  rewriter.replaceOp(op, generic.getResult(0));
  return success();
}

/// A uniform float in [0, 1) from the words of sample `lane`: f32 from
/// one word, f64 from two (samples [0, 1] and [2, 3] of the block).
Value uniformSample(OpBuilder &b, Location loc, ArrayRef<Value> words,
                    Value lane, int64_t wordsPerSample) {
  if (wordsPerSample == 1)
    return uniformF32(b, loc, selectWord(b, loc, words, lane));
  auto [low, high] = sampleWords64(b, loc, words, lane);
  return uniformF64(b, loc, low, high);
}

/// `value` (f32 or f64) as `type`.
Value convertFloat(OpBuilder &b, Location loc, Value value, Type type) {
  unsigned from = value.getType().getIntOrFloatBitWidth();
  unsigned to = type.getIntOrFloatBitWidth();
  if (type == value.getType())
    return value;
  if (to < from)
    return arith::TruncFOp::create(b, loc, type, value);
  return arith::ExtFOp::create(b, loc, type, value);
}

struct RandomUniformLowering : public OpConversionPattern<RandomUniformOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(RandomUniformOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type elementType = cast<TensorType>(op.getType()).getElementType();
    double low = attrOr(op.getMinvalAttr(), 0.0);
    double high = attrOr(op.getMaxvalAttr(), 1.0);
    return lowerRandom(
        op, adaptor.getDims(), rewriter,
        [&](OpBuilder &b, Location loc, DrawWords draw, Value lane,
            int64_t wordsPerSample) -> Value {
          std::array<Value, 4> words = draw(b, loc, Value());
          if (isa<IntegerType>(elementType)) {
            if (wordsPerSample == 1)
              return selectWord(b, loc, words, lane);
            auto [low, high] = sampleWords64(b, loc, words, lane);
            return join64(b, loc, low, high);
          }
          Value unit = uniformSample(b, loc, words, lane, wordsPerSample);
          Type computeType = unit.getType();
          Value scaled = arith::AddFOp::create(
              b, loc,
              arith::MulFOp::create(
                  b, loc, unit,
                  arith::ConstantOp::create(
                      b, loc, b.getFloatAttr(computeType, high - low))),
              arith::ConstantOp::create(b, loc,
                                        b.getFloatAttr(computeType, low)));
          return convertFloat(b, loc, scaled, elementType);
        });
  }
};

/// A standard normal sample (f32 for 32-bit types, f64 for 64-bit ones)
/// by Box-Muller on the sample's pair of uniforms (u1, u2): r = sqrt(-2 ln
/// u1) with u1 kept above 1e-7, angle 2 pi u2; the pair's first element is
/// r sin, the second r cos, as TensorFlow's BoxMullerFloat.
Value standardNormal(OpBuilder &b, Location loc, ArrayRef<Value> words,
                     Value lane, int64_t wordsPerSample) {
  Value u1, u2;
  // A pair of uniforms per pair of samples: f32 lanes 0, 1 share words
  // 0, 1 and lanes 2, 3 words 2, 3; f64 lanes 0, 1 share the whole block.
  if (wordsPerSample == 1) {
    Value pair = arith::DivUIOp::create(
        b, loc, lane, arith::ConstantIndexOp::create(b, loc, 2));
    auto [first, next] = sampleWords64(b, loc, words, pair);
    u1 = uniformF32(b, loc, first);
    u2 = uniformF32(b, loc, next);
  } else {
    u1 = uniformF64(b, loc, words[0], words[1]);
    u2 = uniformF64(b, loc, words[2], words[3]);
  }
  Value second = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(b, loc, lane,
                             arith::ConstantIndexOp::create(b, loc, 2)),
      arith::ConstantIndexOp::create(b, loc, 1));
  Type computeType = u1.getType();
  auto constant = [&](double value) -> Value {
    return arith::ConstantOp::create(b, loc,
                                     b.getFloatAttr(computeType, value));
  };
  u1 = arith::MaximumFOp::create(b, loc, u1, constant(1e-7));
  Value radius = math::SqrtOp::create(
      b, loc,
      arith::MulFOp::create(b, loc, constant(-2.0),
                            math::LogOp::create(b, loc, u1)));
  Value angle =
      arith::MulFOp::create(b, loc, constant(2 * llvm::numbers::pi), u2);
  Value trig = arith::SelectOp::create(b, loc, second,
                                       math::CosOp::create(b, loc, angle),
                                       math::SinOp::create(b, loc, angle));
  return arith::MulFOp::create(b, loc, radius, trig);
}

/// `mean + stddev * z` as `type`.
Value scaleNormal(OpBuilder &b, Location loc, Value z, double mean,
                  double stddev, Type type) {
  Type computeType = z.getType();
  Value value = arith::AddFOp::create(
      b, loc,
      arith::MulFOp::create(b, loc, z,
                            arith::ConstantOp::create(
                                b, loc, b.getFloatAttr(computeType, stddev))),
      arith::ConstantOp::create(b, loc, b.getFloatAttr(computeType, mean)));
  return convertFloat(b, loc, value, type);
}

/// Redraws of an element beyond two standard deviations, at most: each
/// is needed with probability 0.0455, so 64 never run out in practice
/// (the last draw is clamped to the interval if they did).
constexpr int32_t kMaxTruncatedNormalAttempts = 64;

/// truncated_normal from random_normal's first draw `first`:
/// `while (|z| > 2) z = draw(++attempt)`.
Value redrawBeyondTwo(OpBuilder &b, Location loc, Value first, DrawWords draw,
                      Value lane, int64_t wordsPerSample) {
  Type computeType = first.getType();
  auto bound = [&](double value) -> Value {
    return arith::ConstantOp::create(b, loc,
                                     b.getFloatAttr(computeType, value));
  };
  auto loop = scf::WhileOp::create(
      b, loc, TypeRange{b.getI32Type(), computeType},
      ValueRange{i32Constant(b, loc, 0), first},
      [&](OpBuilder &wb, Location wl, ValueRange args) {
        Value outside = arith::CmpFOp::create(
            wb, wl, arith::CmpFPredicate::UGT,
            math::AbsFOp::create(wb, wl, args[1]), bound(2.0));
        Value attemptsLeft = arith::CmpIOp::create(
            wb, wl, arith::CmpIPredicate::slt, args[0],
            i32Constant(wb, wl, kMaxTruncatedNormalAttempts));
        Value again = arith::AndIOp::create(wb, wl, outside, attemptsLeft);
        scf::ConditionOp::create(wb, wl, again, args);
      },
      [&](OpBuilder &wb, Location wl, ValueRange args) {
        Value attempt =
            arith::AddIOp::create(wb, wl, args[0], i32Constant(wb, wl, 1));
        Value z =
            standardNormal(wb, wl, draw(wb, wl, attempt), lane, wordsPerSample);
        scf::YieldOp::create(wb, wl, ValueRange{attempt, z});
      });
  return arith::MinimumFOp::create(
      b, loc, arith::MaximumFOp::create(b, loc, loop.getResult(1), bound(-2.0)),
      bound(2.0));
}

/// random_normal and truncated_normal: `mean + stddev * z` for a standard
/// normal z, redrawn beyond two standard deviations for the latter.
template <typename OpTy>
struct NormalLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;
  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type elementType = cast<TensorType>(op.getType()).getElementType();
    double mean = attrOr(op.getMeanAttr(), 0.0);
    double stddev = attrOr(op.getStddevAttr(), 1.0);
    return lowerRandom(
        op, adaptor.getDims(), rewriter,
        [&](OpBuilder &b, Location loc, DrawWords draw, Value lane,
            int64_t wordsPerSample) -> Value {
          Value z = standardNormal(b, loc, draw(b, loc, Value()), lane,
                                   wordsPerSample);
          if constexpr (std::is_same_v<OpTy, TruncatedNormalOp>)
            z = redrawBeyondTwo(b, loc, z, draw, lane, wordsPerSample);
          return scaleNormal(b, loc, z, mean, stddev, elementType);
        });
  }
};

} // namespace

void mlir::tfc::populateRandomToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<RandomUniformLowering, NormalLowering<RandomNormalOp>,
               NormalLowering<TruncatedNormalOp>>(patterns.getContext());
}
