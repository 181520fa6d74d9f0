//===- TrainingSupportOps.cpp - other families' ops training graphs use ---===//
//
// Ops of the array and random families that the gradient graphs and the
// variable initializers of TensorFlow's training examples use, written
// minimally: `Range` (the reduction axes of `reduce_mean` and its
// gradient), `ShapeN` (the sizes passed to the convolution gradients), and
// the stateful random ops of initializers (`RandomUniform`,
// `RandomStandardNormal`, `TruncatedNormal`), which become tfc's stateless
// ones seeded with the node's `seed` and `seed2`. A variable is initialized
// once, so the stateless op gives what the stateful one gives on its first
// run: numbers of the same distribution, not TensorFlow's (which depend on
// its Philox stream).
//
//===----------------------------------------------------------------------===//

#include "Formula.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

/// Range(start, limit, delta): a constant when all three are, as in the
/// gradient graphs of static shapes; else `tfc.range`.
static LogicalResult importRange(NodeImporter &n) {
  std::optional<DenseElementsAttr> start = n.constantInput(0),
                                   limit = n.constantInput(1),
                                   delta = n.constantInput(2);
  if (!start || !limit || !delta) {
    FailureOr<SmallVector<Value>> inputs = n.allInputs();
    if (failed(inputs))
      return failure();
    Formula f(n);
    Value range = f.op("range", *inputs);
    if (!range)
      return failure();
    n.setOutputs(range);
    return success();
  }
  Type element = start->getElementType();
  if (limit->getElementType() != element || delta->getElementType() != element)
    return n.error("start, limit and delta must have one dtype");
  if (start->getNumElements() != 1 || limit->getNumElements() != 1 ||
      delta->getNumElements() != 1)
    return n.error("start, limit and delta must be scalars");

  SmallVector<Attribute> values;
  if (isa<FloatType>(element)) {
    APFloat first = *start->getValues<APFloat>().begin();
    APFloat step = *delta->getValues<APFloat>().begin();
    auto toDouble = [](APFloat value) {
      bool losesInfo = false;
      value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                    &losesInfo);
      return value.convertToDouble();
    };
    double s = toDouble(first), d = toDouble(step),
           l = toDouble(*limit->getValues<APFloat>().begin());
    if (d == 0 || (d > 0 && s > l) || (d < 0 && s < l))
      return n.error(llvm::formatv("Range from {0} to {1} by {2} is empty or "
                                   "endless",
                                   s, l, d)
                         .str());
    auto size = static_cast<int64_t>(std::ceil(std::abs((l - s) / d)));
    // TensorFlow adds delta once per element, in the dtype.
    APFloat value = first;
    for (int64_t i = 0; i < size; ++i) {
      values.push_back(FloatAttr::get(element, value));
      value.add(step, APFloat::rmNearestTiesToEven);
    }
  } else {
    int64_t s = (*start->getValues<APInt>().begin()).getSExtValue();
    int64_t l = (*limit->getValues<APInt>().begin()).getSExtValue();
    int64_t d = (*delta->getValues<APInt>().begin()).getSExtValue();
    if (d == 0)
      return n.error("Requires delta != 0: " + Twine(d));
    if (d > 0 && s > l)
      return n.error("Requires start <= limit when delta > 0: " + Twine(s) +
                     "/" + Twine(l));
    if (d < 0 && s < l)
      return n.error("Requires start >= limit when delta < 0: " + Twine(s) +
                     "/" + Twine(l));
    int64_t size = (std::abs(l - s) + std::abs(d) - 1) / std::abs(d);
    for (int64_t i = 0; i < size; ++i)
      values.push_back(IntegerAttr::get(element, s + i * d));
  }
  auto type =
      RankedTensorType::get({static_cast<int64_t>(values.size())}, element);
  n.setOutputs(
      ConstantOp::create(n.builder, n.loc, DenseElementsAttr::get(type, values))
          .getResult());
  return success();
}

/// ShapeN: the shape of each input.
static LogicalResult importShapeN(NodeImporter &n) {
  FailureOr<SmallVector<Value>> inputs = n.allInputs();
  if (failed(inputs))
    return failure();
  SmallVector<NamedAttribute> attrs;
  const tensorflow::AttrValue *type = n.attr("out_type");
  if (type && type->type() == tensorflow::DT_INT64)
    attrs.push_back(
        n.namedAttr("out_type", TypeAttr::get(n.builder.getI64Type())));
  Formula f(n);
  SmallVector<Value> shapes;
  for (Value input : *inputs)
    shapes.push_back(f.op("shape", {input}, attrs));
  if (f.failed())
    return failure();
  n.setOutputs(shapes);
  return success();
}

/// RandomUniform, RandomStandardNormal and TruncatedNormal of a constant
/// shape: tfc's stateless op of that distribution, seeded [seed, seed2].
template <typename RandomOpTy>
static LogicalResult importRandom(NodeImporter &n) {
  FailureOr<SmallVector<int64_t>> dims = n.constantIntsInput(0, "the shape");
  FailureOr<Type> element = n.typeAttr("dtype");
  if (failed(dims) || failed(element))
    return failure();
  if (llvm::any_of(*dims, [](int64_t d) { return d < 0; }))
    return n.error("the shape has a negative size");
  SmallVector<int64_t> seed{n.intAttr("seed").value_or(0),
                            n.intAttr("seed2").value_or(0)};
  auto type = RankedTensorType::get(*dims, *element);
  auto op = RandomOpTy::create(n.builder, n.loc, type,
                               n.builder.getDenseI64ArrayAttr(seed),
                               FloatAttr(), FloatAttr());
  if (failed(n.check(op)))
    return failure();
  n.setOutputs(op.getResult());
  return success();
}

void mlir::tfc::graphdef::registerTrainingSupportOpImporters(
    OpRegistry &registry) {
  registry.add("Range", importRange, "tfc.constant (evaluated), tfc.range");
  registry.add("ShapeN", importShapeN, "tfc.shape");
  registry.add("RandomUniform", importRandom<RandomUniformOp>,
               "tfc.random_uniform");
  registry.add("RandomStandardNormal", importRandom<RandomNormalOp>,
               "tfc.random_normal");
  registry.add("TruncatedNormal", importRandom<TruncatedNormalOp>,
               "tfc.truncated_normal");
}
