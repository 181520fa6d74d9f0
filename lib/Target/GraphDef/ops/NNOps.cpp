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

void mlir::tfc::graphdef::registerNNOpImporters(OpRegistry &registry) {
  registry.add("Conv2D", importConv2D, "tfc.conv2d");
}
