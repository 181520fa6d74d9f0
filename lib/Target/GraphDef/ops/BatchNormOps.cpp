//===- BatchNormOps.cpp - FusedBatchNorm and its gradient -----------------===//
//
// TensorFlow's fused batch normalization, written with tfc's element-wise
// ops and reductions in the order of TensorFlow's CPU kernel: in inference
// the given statistics normalize x; in training the batch's do, and the
// outputs are the running statistics TensorFlow updates (the variance with
// Bessel's correction, averaged with the old one when
// `exponential_avg_factor` is not 1). FusedBatchNormGrad is its gradient,
// with the formulas of TensorFlow's CPU kernel.
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

/// Bessel's correction rest / (rest - 1) of the batch variance, rest =
/// N * H * W (1 when rest is 1): a constant, or computed from x's size when
/// the batch or the image is known at run time only.
static FailureOr<Value> getBesselCorrection(NodeImporter &n, Formula &f,
                                            Value x, RankedTensorType xType,
                                            Type u) {
  ArrayRef<int64_t> shape = xType.getShape();
  if (!ShapedType::isDynamicShape(shape.drop_back())) {
    double rest = shape[0] * shape[1] * shape[2];
    return f.c(rest > 1 ? rest / (rest - 1) : 1.0);
  }
  if (xType.isDynamicDim(3))
    return n.error("needs a known number of channels");
  Value rest =
      f.div(f.castTo(f.op("size", x), u), f.c(static_cast<double>(shape[3])));
  return f.where(f.op("greater", {rest, f.c(1)}),
                 f.div(rest, f.sub(rest, f.c(1))), f.c(1));
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

    FailureOr<Value> adjust = getBesselCorrection(n, f, x, xType, u);
    if (failed(adjust))
      return failure();
    if (factor == 1.0) {
      runningMean = batchMean;
      runningVariance = f.mul(batchVariance, *adjust);
    } else {
      Value keep = f.c(1.0 - factor), take = f.c(factor);
      runningMean = f.add(f.mul(keep, mean), f.mul(take, batchMean));
      runningVariance = f.add(f.mul(keep, variance),
                              f.mul(f.mul(take, *adjust), batchVariance));
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

/// FusedBatchNormGrad, V2 and V3 (NHWC): the gradients of FusedBatchNorm
/// with respect to x, scale and offset, by the formulas of TensorFlow's CPU
/// kernels. In training the reserve spaces are the batch's mean and biased
/// variance that the forward op saved, and x's gradient goes through them:
///   x_backprop = scale * rsqrt(var + eps)
///                * (dy - mean(dy) - (x - mean) * mean(dy * (x - mean))
///                                   / (var + eps))
/// In inference they are the given population statistics, constants of
/// the normalization: x_backprop = dy * scale * rsqrt(var + eps). In both,
/// scale_backprop = sum(dy * (x - mean) * rsqrt(var + eps)) and
/// offset_backprop = sum(dy), over N, H and W. The last two outputs are
/// empty, as TensorFlow's.
static LogicalResult importFusedBatchNormGrad(NodeImporter &n, int version) {
  if (std::optional<std::string> format = n.stringAttr("data_format"))
    if (*format != "NHWC")
      return n.error("data_format " + *format +
                     " is not supported (tfc computes in NHWC)");
  unsigned expected = version == 3 ? 6 : 5;
  if (n.getNumInputs() != expected)
    return n.error("needs y_backprop, x, scale and " + Twine(expected - 3) +
                   " reserve spaces, has " + Twine(n.getNumInputs()) +
                   " inputs");
  SmallVector<Value> in;
  for (unsigned i = 0; i < 5; ++i) {
    FailureOr<Value> value = n.input(i);
    if (failed(value))
      return failure();
    in.push_back(*value);
  }
  Value dy = in[0], x = in[1], scale = in[2], mean = in[3], variance = in[4];
  auto xType = dyn_cast<RankedTensorType>(x.getType());
  auto dyType = dyn_cast<RankedTensorType>(dy.getType());
  if (!xType || xType.getRank() != 4 || !dyType || dyType.getRank() != 4)
    return n.error("x and y_backprop must be 4-dimensional");
  Type t = xType.getElementType();
  Type u = cast<TensorType>(scale.getType()).getElementType();
  if (!isa<FloatType>(t) || !isa<FloatType>(u))
    return n.error("needs float tensors");
  double epsilon = floatAttr(n, "epsilon").value_or(0.0001f);
  bool training = n.boolAttr("is_training", true);

  Formula f(n, u);
  if (t != u) {
    x = f.castTo(x, u);
    dy = f.castTo(dy, u);
  }
  NamedAttribute axes =
      n.namedAttr("axes", n.builder.getDenseI64ArrayAttr({0, 1, 2}));
  Value centered = f.sub(x, mean);
  Value inverse = f.rsqrt(f.add(variance, f.c(epsilon)));
  Value dyCentered = f.mul(dy, centered);
  Value scaleBackprop = f.op("reduce_sum", f.mul(dyCentered, inverse), axes);
  Value offsetBackprop = f.op("reduce_sum", dy, axes);
  Value xBackprop;
  if (training) {
    Value dyOffMean = f.sub(dy, f.op("reduce_mean", dy, axes));
    Value coefficient =
        f.mul(f.square(inverse), f.op("reduce_mean", dyCentered, axes));
    xBackprop = f.mul(f.mul(scale, inverse),
                      f.sub(dyOffMean, f.mul(centered, coefficient)));
  } else {
    xBackprop = f.mul(dy, f.mul(scale, inverse));
  }
  if (t != u)
    xBackprop = f.castTo(xBackprop, t);
  if (f.failed())
    return failure();
  Value empty = n.constant(DenseElementsAttr::get(RankedTensorType::get({0}, u),
                                                  ArrayRef<Attribute>()));
  n.setOutputs({xBackprop, scaleBackprop, offsetBackprop, empty, empty});
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
  const char *gradOps = "tfc.sub, tfc.mul, tfc.add, tfc.rsqrt, "
                        "tfc.reduce_sum, tfc.reduce_mean, tfc.square, "
                        "tfc.cast";
  registry.add(
      "FusedBatchNormGrad",
      [](NodeImporter &n) { return importFusedBatchNormGrad(n, 1); }, gradOps);
  registry.add(
      "FusedBatchNormGradV2",
      [](NodeImporter &n) { return importFusedBatchNormGrad(n, 2); }, gradOps);
  registry.add(
      "FusedBatchNormGradV3",
      [](NodeImporter &n) { return importFusedBatchNormGrad(n, 3); }, gradOps);
}
