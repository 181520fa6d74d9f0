//===- RandomOps.cpp - TensorFlow's random ops as stateless tfc ops -------===//
//
// RandomUniform, RandomStandardNormal, TruncatedNormal and RandomUniformInt
// become tfc's stateless random ops, whose tensor is a function of
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

#include "../Importer.h"

#include "llvm/Support/xxhash.h"

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

/// The result type: the constant `shape` input and the dtype attribute.
static FailureOr<RankedTensorType> resultType(NodeImporter &n,
                                              StringRef dtypeAttr) {
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
  FailureOr<RankedTensorType> type = resultType(n, "dtype");
  if (failed(type))
    return failure();
  if (!isa<FloatType>(type->getElementType()))
    return n.error("makes floats, not " +
                   dataTypeName(n.attr("dtype")->type()));
  auto op = OpTy::create(n.builder, n.loc, *type, seedOf(n), FloatAttr(),
                         FloatAttr());
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
                                      FloatAttr(), FloatAttr());
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

void mlir::tfc::graphdef::registerRandomOpImporters(OpRegistry &registry) {
  registry.add("RandomUniform", importRandom<RandomUniformOp>,
               "tfc.random_uniform");
  registry.add("RandomStandardNormal", importRandom<RandomNormalOp>,
               "tfc.random_normal");
  registry.add("TruncatedNormal", importRandom<TruncatedNormalOp>,
               "tfc.truncated_normal");
  registry.add("RandomUniformInt", importRandomUniformInt,
               "tfc.random_uniform, tfc.mod, tfc.add");
}
