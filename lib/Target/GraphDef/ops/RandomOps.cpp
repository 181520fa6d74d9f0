//===- RandomOps.cpp - TensorFlow's random ops as stateless tfc ops -------===//
//
// RandomUniform, RandomStandardNormal, TruncatedNormal and RandomUniformInt
// become tfc's stateless random ops, and LogUniformCandidateSampler a
// formula of them, whose tensor is a function of
// `seed [s0, s1]` alone (docs/dialect.md, "Random numbers"):
// - an op with a `seed` or `seed2` attribute (TensorFlow's graph-level
//   and op-level seeds) gets `seed [seed, seed2]`;
// - an op with neither (TensorFlow then seeds it nondeterministically)
//   gets `seed [h, 0]` with h a hash of its node name, so that two
//   unseeded ops do not draw the same numbers.
// The distributions are TensorFlow's, not the values: TensorFlow's
// generators are stateful (each run draws new numbers) and derive their
// Philox key and counter from the seeds differently, so no seed mapping
// reproduces its samples. Every run of a compiled graph draws the same
// numbers.
//
//===----------------------------------------------------------------------===//

#include "Formula.h"

#include "llvm/Support/xxhash.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

static DenseI64ArrayAttr seedOf(NodeImporter &n) {
  int64_t seed = n.intAttr("seed").value_or(0);
  int64_t seed2 = n.intAttr("seed2").value_or(0);
  if (seed == 0 && seed2 == 0)
    seed = static_cast<int64_t>(llvm::xxh3_64bits(n.name()));
  return n.builder.getDenseI64ArrayAttr({seed, seed2});
}

/// The result type: the constant `shape` input and the dtype attribute. A
/// shape known only at run time (`shape(x)` over a batch of unknown size)
/// sets `dims` to it, and its sizes are dynamic.
static FailureOr<RankedTensorType> resultType(NodeImporter &n,
                                              StringRef dtypeAttr,
                                              Value *dims = nullptr) {
  if (dims && !n.constantInput(0)) {
    FailureOr<Value> value = n.runTimeVectorInput(0, "the shape");
    FailureOr<Type> element = n.typeAttr(dtypeAttr);
    if (failed(value) || failed(element))
      return failure();
    *dims = *value;
    int64_t rank = cast<RankedTensorType>(value->getType()).getDimSize(0);
    return RankedTensorType::get(
        SmallVector<int64_t>(rank, ShapedType::kDynamic), *element);
  }
  FailureOr<SmallVector<int64_t>> shape = n.constantIntsInput(0, "the shape");
  if (failed(shape))
    return failure();
  if (llvm::any_of(*shape, [](int64_t d) { return d < 0; }))
    return n.error("the shape must not have negative dimensions");
  FailureOr<Type> element = n.typeAttr(dtypeAttr);
  if (failed(element))
    return failure();
  return RankedTensorType::get(*shape, *element);
}

template <typename OpTy> static LogicalResult importRandom(NodeImporter &n) {
  Value dims;
  FailureOr<RankedTensorType> type = resultType(n, "dtype", &dims);
  if (failed(type))
    return failure();
  if (!isa<FloatType>(type->getElementType()))
    return n.error("makes floats, not " +
                   dataTypeName(n.attr("dtype")->type()));
  auto op = OpTy::create(n.builder, n.loc, *type, seedOf(n), FloatAttr(),
                         FloatAttr(), dims);
  if (failed(n.check(op))) {
    op->erase();
    return failure();
  }
  n.setOutputs(op.getResult());
  return success();
}

/// RandomUniformInt: `minval + (bits mod (maxval - minval))` of uniform
/// random bits, TensorFlow's own formula, but with a floor modulo of
/// signed bits where TensorFlow takes the unsigned remainder: both are
/// uniform up to a bias below range / 2^32 (2^64 for int64). The range
/// must fit the dtype.
static LogicalResult importRandomUniformInt(NodeImporter &n) {
  FailureOr<RankedTensorType> type = resultType(n, "Tout");
  if (failed(type))
    return failure();
  FailureOr<Value> low = n.input(1), high = n.input(2);
  if (failed(low) || failed(high))
    return failure();
  std::optional<DenseElementsAttr> lowValue = n.constantInput(1),
                                   highValue = n.constantInput(2);
  if (lowValue && highValue && lowValue->getNumElements() == 1 &&
      highValue->getNumElements() == 1) {
    APInt lo = *lowValue->value_begin<APInt>();
    APInt hi = *highValue->value_begin<APInt>();
    if (!lo.slt(hi))
      return n.error("Need minval < maxval: " + Twine(lo.getSExtValue()) +
                     " >= " + Twine(hi.getSExtValue()));
    bool overflow;
    (void)hi.ssub_ov(lo, overflow);
    if (overflow)
      return n.error("the range [" + Twine(lo.getSExtValue()) + ", " +
                     Twine(hi.getSExtValue()) + ") is too large for " +
                     dataTypeName(n.attr("Tout")->type()));
  }
  auto bits = RandomUniformOp::create(n.builder, n.loc, *type, seedOf(n),
                                      FloatAttr(), FloatAttr(), Value());
  if (failed(n.check(bits))) {
    bits->erase();
    return failure();
  }
  FailureOr<Value> range = n.create1("tfc.sub", {*high, *low});
  if (failed(range))
    return failure();
  FailureOr<Value> offset = n.create1("tfc.mod", {bits.getResult(), *range});
  if (failed(offset))
    return failure();
  return n.setResult(n.create1("tfc.add", {*offset, *low}));
}

//===----------------------------------------------------------------------===//
// LogUniformCandidateSampler
//===----------------------------------------------------------------------===//

/// The log-uniform (Zipfian) distribution over [0, range_max) gives class
/// k the probability log((k + 2) / (k + 1)) / log(range_max + 1); computed
/// in f64 for classes `k` of any integer type.
static Value logUniformProbability(Formula &f, Value classes,
                                   double logRange) {
  Value k = f.castTo(classes, f.element);
  Value ratio = f.div(f.add(k, f.c(2)), f.add(k, f.c(1)));
  return f.div(f.op("log", {ratio}), f.c(logRange));
}

/// A class drawn from a uniform float `u` in (0, 1): the inverse of the
/// distribution's cumulative function, `floor(exp(u * log(range_max + 1)))
/// - 1`, wrapped into [0, range_max) as TensorFlow does for u close to 1.
static Value logUniformClass(Formula &f, Value u, double logRange,
                             int64_t rangeMax) {
  Type i64 = f.n.builder.getI64Type();
  // exp(...) >= 1, so truncating to an integer is the floor.
  Value floored = f.castTo(f.exp(f.mul(u, f.c(logRange))), i64);
  Value one = f.n.scalar(i64, 1), range = f.n.scalar(i64, rangeMax);
  return f.op("mod", {f.sub(floored, one), range});
}

/// The expected count of a class of probability `p` among the samples:
/// `p * num_sampled` when drawing with replacement; without replacement,
/// the chance the class came up in `tries` draws, `1 - (1 - p)^tries`, or
/// `p * num_sampled` again when no draw was rejected (TensorFlow's rule).
static Value expectedCount(Formula &f, Value p, Value tries,
                           int64_t numSampled, bool unique) {
  Value withReplacement = f.mul(p, f.c(static_cast<double>(numSampled)));
  if (!unique)
    return withReplacement;
  Value t = f.castTo(tries, f.element);
  Value once = f.sub(f.c(1), f.exp(f.mul(t, f.op("log", {f.sub(f.c(1), p)}))));
  Value noRejection =
      f.op("equal", {t, f.c(static_cast<double>(numSampled))});
  return f.where(noRejection, withReplacement, once);
}

/// Draws `numSampled` distinct classes by rejection: a tfc.while draws one
/// class per iteration and keeps it when it is new, until it has them all.
/// tfc's random ops are functions of an attribute seed, so one draw cannot
/// be repeated inside a loop; the loop instead steps a Lehmer generator
/// (x' = 48271 x mod 2^31 - 1, whose products fit in i64) seeded by one
/// stateless random draw. Returns the samples and the number of draws.
static FailureOr<std::pair<Value, Value>>
sampleUnique(NodeImporter &n, int64_t numSampled, int64_t rangeMax,
             double logRange) {
  OpBuilder &b = n.builder;
  Type i64 = b.getI64Type();
  constexpr int64_t kModulus = 2147483647, kMultiplier = 48271;
  auto scalarType = RankedTensorType::get({}, i64);
  auto samplesType = RankedTensorType::get({numSampled}, i64);

  auto bits = RandomUniformOp::create(b, n.loc, scalarType, seedOf(n),
                                      FloatAttr(), FloatAttr(), Value());
  if (failed(n.check(bits)))
    return failure();
  Formula f(n, b.getF64Type());
  // A state in [1, modulus): the generator never leaves it.
  Value state = f.add(f.op("mod", {bits.getResult(),
                                   n.scalar(i64, kModulus - 1)}),
                      n.scalar(i64, 1));
  Value samples = n.constant(DenseElementsAttr::get(
      samplesType, IntegerAttr::get(i64, 0)));
  Value zero = n.scalar(i64, 0);
  if (f.failed())
    return failure();
  SmallVector<Value> inits{samples, zero, zero, state};
  SmallVector<Type> types(ValueRange(inits).getTypes());
  SmallVector<Location> locs(types.size(), n.loc);

  OperationState loopState(n.loc, WhileOp::getOperationName());
  loopState.addOperands(inits);
  loopState.addTypes(types);
  Region *condRegion = loopState.addRegion();
  Region *bodyRegion = loopState.addRegion();
  Block *condBlock = new Block();
  condRegion->push_back(condBlock);
  condBlock->addArguments(types, locs);
  Block *bodyBlock = new Block();
  bodyRegion->push_back(bodyBlock);
  bodyBlock->addArguments(types, locs);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(condBlock);
    Value more = f.op("less", {condBlock->getArgument(1),
                               n.scalar(i64, numSampled)});
    if (f.failed())
      return failure();
    ConditionOp::create(b, n.loc, more);

    b.setInsertionPointToEnd(bodyBlock);
    Value kept = bodyBlock->getArgument(0), count = bodyBlock->getArgument(1),
          tries = bodyBlock->getArgument(2), x = bodyBlock->getArgument(3);
    Value next = f.op("mod", {f.mul(x, n.scalar(i64, kMultiplier)),
                              n.scalar(i64, kModulus)});
    Value u = f.div(f.castTo(next, f.element),
                    f.c(static_cast<double>(kModulus)));
    Value candidate = logUniformClass(f, u, logRange, rangeMax);
    SmallVector<int64_t> positions(numSampled);
    for (int64_t i = 0; i < numSampled; ++i)
      positions[i] = i;
    Value iota = n.constant(DenseElementsAttr::get(
        samplesType, ArrayRef<int64_t>(positions)));
    Value filled = f.op("less", {iota, count});
    Value seen = f.op(
        "reduce_any",
        {f.op("logical_and", {f.op("equal", {kept, candidate}), filled})},
        {n.namedAttr("axes", b.getDenseI64ArrayAttr({0}))});
    Value fresh = f.op("logical_not", {seen});
    Value slot = f.op("logical_and", {f.op("equal", {iota, count}), fresh});
    Value nextKept = f.where(slot, candidate, kept);
    Value nextCount = f.add(count, f.castTo(fresh, i64));
    Value nextTries = f.add(tries, n.scalar(i64, 1));
    if (f.failed())
      return failure();
    YieldOp::create(b, n.loc,
                    ValueRange{nextKept, nextCount, nextTries, next});
  }
  Operation *loop = b.create(loopState);
  if (failed(n.check(loop)))
    return failure();
  return std::pair<Value, Value>(loop->getResult(0), loop->getResult(2));
}

/// LogUniformCandidateSampler: `num_sampled` classes of [0, range_max)
/// drawn log-uniformly (distinct ones when `unique`), and the expected
/// counts of the true and the sampled classes that sampled losses
/// subtract. The draws are tfc's (seeded like the random ops above), not
/// TensorFlow's; the distribution and the expected counts are TensorFlow's.
static LogicalResult importLogUniformCandidateSampler(NodeImporter &n) {
  FailureOr<Value> trueClasses = n.input(0);
  if (failed(trueClasses))
    return failure();
  std::optional<int64_t> numSampled = n.intAttr("num_sampled");
  std::optional<int64_t> rangeMax = n.intAttr("range_max");
  if (!numSampled || !rangeMax || *numSampled < 1 || *rangeMax < 1)
    return n.error("needs positive 'num_sampled' and 'range_max' attributes");
  bool unique = n.boolAttr("unique", false);
  if (unique && *numSampled > *rangeMax)
    return n.error("cannot draw " + Twine(*numSampled) +
                   " distinct classes from a range of " + Twine(*rangeMax));
  double logRange = std::log(static_cast<double>(*rangeMax) + 1.0);
  OpBuilder &b = n.builder;
  Formula f(n, b.getF64Type());

  Value samples, tries;
  if (unique) {
    FailureOr<std::pair<Value, Value>> drawn =
        sampleUnique(n, *numSampled, *rangeMax, logRange);
    if (failed(drawn))
      return failure();
    std::tie(samples, tries) = *drawn;
  } else {
    auto u = RandomUniformOp::create(
        b, n.loc, RankedTensorType::get({*numSampled}, b.getF64Type()),
        seedOf(n), FloatAttr(), FloatAttr(), Value());
    if (failed(n.check(u)))
      return failure();
    samples = logUniformClass(f, u.getResult(), logRange, *rangeMax);
  }
  Type f32 = b.getF32Type();
  Value trueCount = f.castTo(
      expectedCount(f, logUniformProbability(f, *trueClasses, logRange), tries,
                    *numSampled, unique),
      f32);
  Value sampledCount = f.castTo(
      expectedCount(f, logUniformProbability(f, samples, logRange), tries,
                    *numSampled, unique),
      f32);
  if (f.failed())
    return failure();
  n.setOutputs({samples, trueCount, sampledCount});
  return success();
}

void mlir::tfc::graphdef::registerRandomOpImporters(OpRegistry &registry) {
  registry.add("RandomUniform", importRandom<RandomUniformOp>,
               "tfc.random_uniform");
  registry.add("RandomStandardNormal", importRandom<RandomNormalOp>,
               "tfc.random_normal");
  registry.add("TruncatedNormal", importRandom<TruncatedNormalOp>,
               "tfc.truncated_normal");
  registry.add("RandomUniformInt", importRandomUniformInt,
               "tfc.random_uniform, tfc.mod, tfc.add");
  registry.add("LogUniformCandidateSampler",
               importLogUniformCandidateSampler,
               "tfc.random_uniform, tfc.while, tfc.log, tfc.exp, tfc.where");
}
