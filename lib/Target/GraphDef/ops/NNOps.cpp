//===- NNOps.cpp - convolution, pooling and losses ------------------------===//

#include "../Importer.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

/// Conv2D: NHWC only; strides, padding and dilations as TensorFlow's.
static LogicalResult importConv2D(NodeImporter &n) {
  if (std::optional<std::string> format = n.stringAttr("data_format"))
    if (*format != "NHWC")
      return n.error("data_format " + *format +
                     " is not supported (tfc computes in NHWC)");
  FailureOr<Value> input = n.input(0), filter = n.input(1);
  if (failed(input) || failed(filter))
    return failure();
  std::optional<SmallVector<int64_t>> strides = n.intListAttr("strides");
  std::optional<std::string> padding = n.stringAttr("padding");
  if (!strides || !padding)
    return n.error("needs 'strides' and 'padding' attributes");
  SmallVector<NamedAttribute> attrs{
      n.namedAttr("strides", n.builder.getDenseI64ArrayAttr(*strides)),
      n.namedAttr("padding", n.builder.getStringAttr(*padding))};
  if (std::optional<SmallVector<int64_t>> dilations =
          n.intListAttr("dilations"))
    attrs.push_back(
        n.namedAttr("dilations", n.builder.getDenseI64ArrayAttr(*dilations)));
  FailureOr<Value> output = n.create1("tfc.conv2d", {*input, *filter}, attrs);
  if (failed(output))
    return failure();
  n.setOutputs(*output);
  return success();
}

/// MaxPool and AvgPool (`ksize` and `strides` attributes) and MaxPoolV2
/// (constant inputs): NHWC only.
static LogicalResult importPool(NodeImporter &n, StringRef tfcOp,
                                bool windowInputs) {
  if (std::optional<std::string> format = n.stringAttr("data_format"))
    if (*format != "NHWC")
      return n.error("data_format " + *format +
                     " is not supported (tfc computes in NHWC)");
  FailureOr<Value> input = n.input(0);
  if (failed(input))
    return failure();
  std::optional<SmallVector<int64_t>> ksize, strides;
  if (windowInputs) {
    FailureOr<SmallVector<int64_t>> k = n.constantIntsInput(1, "ksize");
    FailureOr<SmallVector<int64_t>> s = n.constantIntsInput(2, "strides");
    if (failed(k) || failed(s))
      return failure();
    ksize = *k;
    strides = *s;
  } else {
    ksize = n.intListAttr("ksize");
    strides = n.intListAttr("strides");
  }
  std::optional<std::string> padding = n.stringAttr("padding");
  if (!ksize || !strides || !padding)
    return n.error("needs 'ksize', 'strides' and 'padding'");
  return n.setResult(n.create1(
      tfcOp, {*input},
      {n.namedAttr("ksize", n.builder.getDenseI64ArrayAttr(*ksize)),
       n.namedAttr("strides", n.builder.getDenseI64ArrayAttr(*strides)),
       n.namedAttr("padding", n.builder.getStringAttr(*padding))}));
}

static LogicalResult importL2Loss(NodeImporter &n) {
  FailureOr<Value> input = n.input(0);
  if (failed(input))
    return failure();
  return n.setResult(n.create1("tfc.l2_loss", {*input}));
}

void mlir::tfc::graphdef::registerNNOpImporters(OpRegistry &registry) {
  registry.add("Conv2D", importConv2D, "tfc.conv2d");
  registry.add(
      "MaxPool",
      [](NodeImporter &n) { return importPool(n, "tfc.max_pool", false); },
      "tfc.max_pool");
  registry.add(
      "MaxPoolV2",
      [](NodeImporter &n) { return importPool(n, "tfc.max_pool", true); },
      "tfc.max_pool");
  registry.add(
      "AvgPool",
      [](NodeImporter &n) { return importPool(n, "tfc.avg_pool", false); },
      "tfc.avg_pool");
  registry.add("L2Loss", importL2Loss, "tfc.l2_loss");
}
