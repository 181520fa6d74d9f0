//===- BatchNormOps.cpp - FusedBatchNorm, V2 and V3 -----------------------===//
//
// TensorFlow's fused batch normalization, written with tfc's element-wise
// ops and reductions in the order of TensorFlow's CPU kernel: in inference
// the given statistics normalize x; in training the batch's do, and the
// outputs are the running statistics TensorFlow updates (the variance with
// Bessel's correction, averaged with the old one when
// `exponential_avg_factor` is not 1).
//
//===----------------------------------------------------------------------===//

#include "Formula.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

static std::optional<float> floatAttr(NodeImporter &n, StringRef name) {
  const tensorflow::AttrValue *value = n.attr(name);
  if (!value || value->value_case() != tensorflow::AttrValue::kF)
    return std::nullopt;
  return value->f();
}

/// FusedBatchNorm (`version` 1), V2 and V3 in NHWC: x is normalized per
/// channel, in the dtype of the statistics (x is cast to it and back).
static LogicalResult importFusedBatchNorm(NodeImporter &n, int version) {
  if (std::optional<std::string> format = n.stringAttr("data_format"))
    if (*format != "NHWC")
      return n.error("data_format " + *format +
                     " is not supported (tfc computes in NHWC)");
  FailureOr<SmallVector<Value>> inputs = n.allInputs();
  if (failed(inputs))
    return failure();
  if (inputs->size() != 5)
    return n.error("needs x, scale, offset, mean and variance");
  Value x = (*inputs)[0], scale = (*inputs)[1], offset = (*inputs)[2],
        mean = (*inputs)[3], variance = (*inputs)[4];
  auto xType = dyn_cast<RankedTensorType>(x.getType());
  if (!xType || xType.getRank() != 4)
    return n.error("input must be 4-dimensional");
  Type t = xType.getElementType();
  Type u = cast<TensorType>(scale.getType()).getElementType();
  if (!isa<FloatType>(t) || !isa<FloatType>(u))
    return n.error("needs float tensors");
  // TensorFlow's op definitions give these defaults.
  double epsilon = floatAttr(n, "epsilon").value_or(0.0001f);
  double factor = floatAttr(n, "exponential_avg_factor").value_or(1.0f);
  bool training = n.boolAttr("is_training", true);

  Formula f(n, u);
  if (t != u)
    x = f.castTo(x, u);
  Value eps = f.c(epsilon);
  Value y, runningMean, runningVariance, savedMean, savedVariance;
  if (!training) {
    Value scaling = f.mul(f.op("rsqrt", f.add(variance, eps)), scale);
    y = f.add(f.mul(f.sub(x, mean), scaling), offset);
    runningMean = savedMean = mean;
    runningVariance = savedVariance = variance;
  } else {
    NamedAttribute axes =
        n.namedAttr("axes", n.builder.getDenseI64ArrayAttr({0, 1, 2}));
    Value batchMean = f.op("reduce_mean", x, axes);
    Value centered = f.sub(x, batchMean);
    Value batchVariance = f.op("reduce_mean", f.op("square", centered), axes);
    Value scaling = f.mul(f.op("rsqrt", f.add(batchVariance, eps)), scale);
    y = f.add(f.mul(centered, scaling), offset);
    savedMean = batchMean;
    savedVariance = batchVariance;

    // Bessel's correction rest / (rest - 1), rest = N * H * W (1 when rest
    // is 1).
    Value adjust;
    ArrayRef<int64_t> shape = xType.getShape();
    if (!ShapedType::isDynamicShape(shape.drop_back())) {
      double rest = shape[0] * shape[1] * shape[2];
      adjust = f.c(rest > 1 ? rest / (rest - 1) : 1.0);
    } else if (!xType.isDynamicDim(3)) {
      Value rest = f.div(f.castTo(f.op("size", x), u),
                         f.c(static_cast<double>(shape[3])));
      adjust = f.where(f.op("greater", {rest, f.c(1)}),
                       f.div(rest, f.sub(rest, f.c(1))), f.c(1));
    } else {
      return n.error("needs a known number of channels");
    }
    if (factor == 1.0) {
      runningMean = batchMean;
      runningVariance = f.mul(batchVariance, adjust);
    } else {
      Value keep = f.c(1.0 - factor), take = f.c(factor);
      runningMean = f.add(f.mul(keep, mean), f.mul(take, batchMean));
      runningVariance = f.add(f.mul(keep, variance),
                              f.mul(f.mul(take, adjust), batchVariance));
    }
  }
  if (t != u)
    y = f.castTo(y, t);
  if (f.hasFailed)
    return failure();
  SmallVector<Value> outputs{y, runningMean, runningVariance, savedMean,
                             savedVariance};
  // V3's reserve_space_3: a scalar the CPU kernel does not use.
  if (version == 3)
    outputs.push_back(f.c(0));
  n.setOutputs(outputs);
  return success();
}

void mlir::tfc::graphdef::registerBatchNormOpImporters(OpRegistry &registry) {
  const char *tfcOps = "tfc.sub, tfc.mul, tfc.add, tfc.rsqrt, "
                       "tfc.reduce_mean, tfc.square, tfc.cast";
  registry.add(
      "FusedBatchNorm",
      [](NodeImporter &n) { return importFusedBatchNorm(n, 1); }, tfcOps);
  registry.add(
      "FusedBatchNormV2",
      [](NodeImporter &n) { return importFusedBatchNorm(n, 2); }, tfcOps);
  registry.add(
      "FusedBatchNormV3",
      [](NodeImporter &n) { return importFusedBatchNorm(n, 3); }, tfcOps);
}
