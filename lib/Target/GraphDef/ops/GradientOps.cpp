//===- GradientOps.cpp - the ops tf.gradients writes into a graph ---------===//
//
// The kernels of TensorFlow's gradient functions: element-wise gradients
// (`SigmoidGrad`, `TanhGrad`, ...) as the formulas of TensorFlow's CPU
// kernels (cwise_ops_gradients.h, relu_op_functor.h, softplus_op.h), the
// gradients of bias_add, convolution and pooling as tfc's gradient kernels.
// The cross-entropies are in LossOps.cpp, the shape arithmetic of gradient
// graphs in ShapeFolding.cpp.
//
//===----------------------------------------------------------------------===//

#include "Formula.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

static LogicalResult setResult(NodeImporter &n, Value value) {
  if (!value)
    return failure();
  n.setOutputs(value);
  return success();
}

static std::string formatShape(ArrayRef<int64_t> dims) {
  return "[" +
         llvm::join(
             llvm::map_range(dims, [](int64_t d) { return std::to_string(d); }),
             ",") +
         "]";
}

//===----------------------------------------------------------------------===//
// Element-wise gradients
//===----------------------------------------------------------------------===//

/// `dy == 0 ? 0 : value`: TensorFlow's sqrt, rsqrt and reciprocal gradients
/// give 0 where the incoming gradient is 0, even where `y` is 0 or inf.
static Value zeroWhereZero(Formula &f, Value dy, Value value) {
  Value zero = f.scalar(dy, 0.0);
  return f.op("where", {f.op("equal", {dy, zero}), zero, value});
}

/// An element-wise gradient `fn(a, b)` of the node's two float inputs.
template <typename Fn>
static LogicalResult importElementwiseGrad(NodeImporter &n, Fn fn) {
  FailureOr<SmallVector<Value>> in = floatInputs(n, 2);
  if (failed(in))
    return failure();
  Formula f(n);
  return setResult(n, fn(f, (*in)[0], (*in)[1]));
}

static void registerElementwiseGradients(OpRegistry &registry) {
  // scalar_sigmoid_gradient_op: dy * y * (1 - y).
  registry.add(
      "SigmoidGrad",
      [](NodeImporter &n) {
        return importElementwiseGrad(n, [](Formula &f, Value y, Value dy) {
          return f.mul(f.mul(dy, y), f.sub(f.scalar(y, 1.0), y));
        });
      },
      "tfc.mul, tfc.sub");
  // scalar_tanh_gradient_op: dy * (1 - y * y).
  registry.add(
      "TanhGrad",
      [](NodeImporter &n) {
        return importElementwiseGrad(n, [](Formula &f, Value y, Value dy) {
          return f.mul(dy, f.sub(f.scalar(y, 1.0), f.mul(y, y)));
        });
      },
      "tfc.mul, tfc.sub");
  // scalar_sqrt_gradient_op: 0.5 * dy / y, 0 where dy is 0.
  registry.add(
      "SqrtGrad",
      [](NodeImporter &n) {
        return importElementwiseGrad(n, [](Formula &f, Value y, Value dy) {
          return zeroWhereZero(f, dy, f.div(f.mul(f.scalar(y, 0.5), dy), y));
        });
      },
      "tfc.div, tfc.where");
  // scalar_rsqrt_gradient_op: -0.5 * (dy * y) * (y * y), 0 where dy is 0.
  registry.add(
      "RsqrtGrad",
      [](NodeImporter &n) {
        return importElementwiseGrad(n, [](Formula &f, Value y, Value dy) {
          Value scaled = f.mul(f.scalar(y, -0.5), f.mul(dy, y));
          return zeroWhereZero(f, dy, f.mul(scaled, f.mul(y, y)));
        });
      },
      "tfc.mul, tfc.where");
  // scalar_inverse_gradient_op: -y * y * dy, 0 where dy is 0.
  auto reciprocalGrad = [](NodeImporter &n) {
    return importElementwiseGrad(n, [](Formula &f, Value y, Value dy) {
      return zeroWhereZero(f, dy, f.mul(f.mul(f.neg(y), y), dy));
    });
  };
  registry.add("ReciprocalGrad", reciprocalGrad, "tfc.mul, tfc.where");
  registry.add("InvGrad", reciprocalGrad, "tfc.mul, tfc.where");
  // Relu6GradOp: gradients * ((features > 0) * (features < 6)), the mask
  // cast to the dtype (a NaN gradient stays NaN where the mask is 0).
  registry.add(
      "Relu6Grad",
      [](NodeImporter &n) {
        return importElementwiseGrad(n, [](Formula &f, Value dy, Value x) {
          Value inside =
              f.op("logical_and", {f.op("greater", {x, f.scalar(x, 0.0)}),
                                   f.op("less", {x, f.scalar(x, 6.0)})});
          Type element = cast<TensorType>(dy.getType()).getElementType();
          Value mask =
              f.op("cast", {inside},
                   {NamedAttribute(StringAttr::get(dy.getContext(), "dtype"),
                                   TypeAttr::get(element))});
          return f.mul(dy, mask);
        });
      },
      "tfc.mul, tfc.cast");
  // SoftplusGradOp: gradients / (exp(-features) + 1).
  registry.add(
      "SoftplusGrad",
      [](NodeImporter &n) {
        return importElementwiseGrad(n, [](Formula &f, Value dy, Value x) {
          return f.div(dy, f.add(f.exp(f.neg(x)), f.scalar(x, 1.0)));
        });
      },
      "tfc.div, tfc.exp");
}

//===----------------------------------------------------------------------===//
// Bias, convolution and pooling
//===----------------------------------------------------------------------===//

static LogicalResult checkNHWC(NodeImporter &n) {
  if (std::optional<std::string> format = n.stringAttr("data_format"))
    if (*format != "NHWC")
      return n.error("data_format " + *format +
                     " is not supported (tfc computes in NHWC)");
  return success();
}

/// BiasAddGrad: the sum of the gradient over every dimension but the last.
static LogicalResult importBiasAddGrad(NodeImporter &n) {
  if (failed(checkNHWC(n)))
    return failure();
  FailureOr<Value> dy = n.input(0);
  if (failed(dy))
    return failure();
  auto type = dyn_cast<RankedTensorType>(dy->getType());
  if (!type || type.getRank() < 2) {
    n.emitError() << "the gradient must have a known rank of at least 2, not "
                  << dy->getType();
    return failure();
  }
  SmallVector<int64_t> axes;
  for (int64_t d = 0; d + 1 < type.getRank(); ++d)
    axes.push_back(d);
  Formula f(n);
  return setResult(
      n, f.op("reduce_sum", {*dy},
              {n.namedAttr("axes", n.builder.getDenseI64ArrayAttr(axes))}));
}

/// The imported value of tensor `id` when it is a tensor (not a variable
/// reference, which would need a read).
static Value importedTensor(NodeImporter &n, TensorId id) {
  if (const ImportedValue *given = n.scope.findGiven(id))
    return given->value;
  ImportedNode *node = n.scope.find(id.node);
  if (!node || id.output >= static_cast<int>(node->outputs.size()))
    return Value();
  return node->outputs[id.output].value;
}

/// For the gradient kernels that take the forward tensor for its shape
/// (TensorFlow passes the shape): the tensor whose shape input `i` is
/// (`Shape` or `ShapeN` of it in the graph), else zeros of the constant
/// shape, which lowering never reads.
static FailureOr<Value> tensorOfShape(NodeImporter &n, unsigned i, Type element,
                                      StringRef what) {
  const GraphIndex &index = n.scope.importer.index;
  SmallVector<NodeInput> inputs = index.dataInputs(n.index);
  if (i < inputs.size()) {
    StringRef op = index.node(inputs[i].node).op();
    SmallVector<NodeInput> sources = index.dataInputs(inputs[i].node);
    unsigned which = op == "ShapeN" ? inputs[i].output : 0;
    if ((op == "Shape" || op == "ShapeN") && which < sources.size())
      if (Value source = importedTensor(
              n, TensorId{sources[which].node, sources[which].output}))
        if (cast<TensorType>(source.getType()).getElementType() == element)
          return source;
  }
  FailureOr<SmallVector<int64_t>> dims = n.constantIntsInput(i, what);
  if (failed(dims))
    return failure();
  if (llvm::any_of(*dims, [](int64_t d) { return d < 0; }))
    return n.error(what + " " + formatShape(*dims) + " has a negative size");
  auto type = RankedTensorType::get(*dims, element);
  return ConstantOp::create(
             n.builder, n.loc,
             DenseElementsAttr::get(type, n.builder.getZeroAttr(element)))
      .getResult();
}

/// `strides`, `padding` and (for convolutions) `dilations` attributes.
static FailureOr<SmallVector<NamedAttribute>> windowAttrs(NodeImporter &n,
                                                          bool convolution) {
  std::optional<SmallVector<int64_t>> strides = n.intListAttr("strides");
  std::optional<std::string> padding = n.stringAttr("padding");
  if (!strides || !padding)
    return n.error("needs 'strides' and 'padding' attributes");
  SmallVector<NamedAttribute> attrs{
      n.namedAttr("strides", n.builder.getDenseI64ArrayAttr(*strides)),
      n.namedAttr("padding", n.builder.getStringAttr(*padding))};
  if (convolution) {
    if (std::optional<SmallVector<int64_t>> dilations =
            n.intListAttr("dilations"))
      attrs.push_back(
          n.namedAttr("dilations", n.builder.getDenseI64ArrayAttr(*dilations)));
  } else {
    std::optional<SmallVector<int64_t>> ksize = n.intListAttr("ksize");
    if (!ksize)
      return n.error("needs a 'ksize' attribute");
    attrs.push_back(
        n.namedAttr("ksize", n.builder.getDenseI64ArrayAttr(*ksize)));
  }
  return attrs;
}

/// Conv2DBackpropInput(input_sizes, filter, out_backprop) and
/// Conv2DBackpropFilter(input, filter_sizes, out_backprop): the sizes
/// become the tensor they are the shape of.
static LogicalResult importConv2DBackprop(NodeImporter &n, bool filterGrad) {
  if (failed(checkNHWC(n)))
    return failure();
  unsigned sizes = filterGrad ? 1 : 0;
  FailureOr<Value> other = n.input(filterGrad ? 0 : 1);
  FailureOr<Value> dy = n.input(2);
  FailureOr<SmallVector<NamedAttribute>> attrs = windowAttrs(n, true);
  if (failed(other) || failed(dy) || failed(attrs))
    return failure();
  Type element = cast<TensorType>(dy->getType()).getElementType();
  FailureOr<Value> like = tensorOfShape(
      n, sizes, element, filterGrad ? "filter_sizes" : "input_sizes");
  if (failed(like))
    return failure();
  Formula f(n);
  if (filterGrad)
    return setResult(
        n, f.op("conv2d_backprop_filter", {*other, *like, *dy}, *attrs));
  return setResult(n,
                   f.op("conv2d_backprop_input", {*like, *other, *dy}, *attrs));
}

/// MaxPoolGrad(orig_input, orig_output, grad) and MaxPoolGradV2 (ksize and
/// strides as constant inputs #3 and #4).
static LogicalResult importMaxPoolGrad(NodeImporter &n, bool v2) {
  if (failed(checkNHWC(n)))
    return failure();
  FailureOr<Value> x = n.input(0), dy = n.input(2);
  if (failed(x) || failed(dy))
    return failure();
  SmallVector<NamedAttribute> attrs;
  if (v2) {
    FailureOr<SmallVector<int64_t>> ksize = n.constantIntsInput(3, "ksize");
    FailureOr<SmallVector<int64_t>> strides =
        n.constantIntsInput(4, "the strides");
    std::optional<std::string> padding = n.stringAttr("padding");
    if (failed(ksize) || failed(strides))
      return failure();
    if (!padding)
      return n.error("needs a 'padding' attribute");
    attrs = {n.namedAttr("ksize", n.builder.getDenseI64ArrayAttr(*ksize)),
             n.namedAttr("strides", n.builder.getDenseI64ArrayAttr(*strides)),
             n.namedAttr("padding", n.builder.getStringAttr(*padding))};
  } else {
    FailureOr<SmallVector<NamedAttribute>> window = windowAttrs(n, false);
    if (failed(window))
      return failure();
    attrs = *window;
  }
  Formula f(n);
  return setResult(n, f.op("max_pool_grad", {*x, *dy}, attrs));
}

/// AvgPoolGrad(orig_input_shape, grad).
static LogicalResult importAvgPoolGrad(NodeImporter &n) {
  if (failed(checkNHWC(n)))
    return failure();
  FailureOr<Value> dy = n.input(1);
  FailureOr<SmallVector<NamedAttribute>> attrs = windowAttrs(n, false);
  if (failed(dy) || failed(attrs))
    return failure();
  FailureOr<Value> like =
      tensorOfShape(n, 0, cast<TensorType>(dy->getType()).getElementType(),
                    "orig_input_shape");
  if (failed(like))
    return failure();
  Formula f(n);
  return setResult(n, f.op("avg_pool_grad", {*like, *dy}, *attrs));
}

void mlir::tfc::graphdef::registerGradientOpImporters(OpRegistry &registry) {
  registerElementwiseGradients(registry);
  registry.add("BiasAddGrad", importBiasAddGrad, "tfc.reduce_sum");
  registry.add(
      "Conv2DBackpropInput",
      [](NodeImporter &n) { return importConv2DBackprop(n, false); },
      "tfc.conv2d_backprop_input");
  registry.add(
      "Conv2DBackpropFilter",
      [](NodeImporter &n) { return importConv2DBackprop(n, true); },
      "tfc.conv2d_backprop_filter");
  registry.add(
      "MaxPoolGrad",
      [](NodeImporter &n) { return importMaxPoolGrad(n, false); },
      "tfc.max_pool_grad");
  registry.add(
      "MaxPoolGradV2",
      [](NodeImporter &n) { return importMaxPoolGrad(n, true); },
      "tfc.max_pool_grad");
  registry.add("AvgPoolGrad", importAvgPoolGrad, "tfc.avg_pool_grad");
}
