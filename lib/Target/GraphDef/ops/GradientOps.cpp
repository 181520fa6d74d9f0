//===- GradientOps.cpp - the ops tf.gradients writes into a graph ---------===//
//
// The kernels of TensorFlow's gradient functions: element-wise gradients
// (`SigmoidGrad`, `TanhGrad`, ...) as the formulas of TensorFlow's CPU
// kernels (cwise_ops_gradients.h, relu_op_functor.h, softplus_op.h), the
// gradients of bias_add, convolution and pooling as tfc's gradient kernels,
// the cross-entropies with their gradient outputs, and the shape
// arithmetic of the gradient graphs (`BroadcastGradientArgs`,
// `DynamicStitch`, `InvertPermutation`, `ConcatOffset`), evaluated while
// importing: with the feeds' shapes static, the shapes they compute on are
// constants.
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

/// A 1-D integer constant of `element` type.
static Value intVector(NodeImporter &n, ArrayRef<int64_t> values,
                       Type element) {
  auto type =
      RankedTensorType::get({static_cast<int64_t>(values.size())}, element);
  SmallVector<APInt> ints;
  for (int64_t v : values)
    ints.push_back(
        APInt(element.getIntOrFloatBitWidth(), v, /*isSigned=*/true));
  return ConstantOp::create(n.builder, n.loc,
                            DenseElementsAttr::get(type, ints))
      .getResult();
}

//===----------------------------------------------------------------------===//
// Shape arithmetic
//===----------------------------------------------------------------------===//

/// The dims input `i` holds: a constant, or the shape of a ranked tensor
/// (`tfc.shape`) with -1 for its dynamic dimensions.
static std::optional<SmallVector<int64_t>> shapeInput(NodeImporter &n,
                                                      unsigned i) {
  if (n.constantInput(i)) {
    FailureOr<SmallVector<int64_t>> dims = n.constantIntsInput(i, "the shape");
    return succeeded(dims) ? std::optional(*dims) : std::nullopt;
  }
  FailureOr<Value> value = n.input(i);
  if (failed(value))
    return std::nullopt;
  auto shapeOf = value->getDefiningOp<ShapeOfOp>();
  auto type = shapeOf ? dyn_cast<RankedTensorType>(shapeOf.getInput().getType())
                      : RankedTensorType();
  if (!type)
    return std::nullopt;
  SmallVector<int64_t> dims;
  for (int64_t d : type.getShape())
    dims.push_back(ShapedType::isDynamic(d) ? -1 : d);
  return dims;
}

/// BroadcastGradientArgs(s0, s1): for each operand of a broadcasting binary
/// op, the dimensions its gradient is summed over. As TensorFlow's BCast:
/// the shapes are aligned on the right and padded with 1s; a dimension
/// where one shape has 1 and the other not is reduced for the first, and a
/// dimension where both have 1 is reduced for both. A dynamic dimension
/// (-1) is decided when the other shape has 1 there (the gradient of the
/// other operand is reduced; reducing the dynamic one too, were it 1 at
/// run time, would change nothing); otherwise it is an error.
static LogicalResult importBroadcastGradientArgs(NodeImporter &n) {
  std::optional<SmallVector<int64_t>> s0 = shapeInput(n, 0),
                                      s1 = shapeInput(n, 1);
  if (!s0 || !s1)
    return n.error("the shapes (inputs #0 and #1) must be constants or the "
                   "shapes of tensors of known rank");
  size_t rank = std::max(s0->size(), s1->size());
  auto dimOf = [rank](ArrayRef<int64_t> shape, size_t i) -> int64_t {
    size_t pad = rank - shape.size();
    return i < pad ? 1 : shape[i - pad];
  };
  SmallVector<int64_t> r0, r1;
  for (size_t i = 0; i < rank; ++i) {
    int64_t x = dimOf(*s0, i), y = dimOf(*s1, i);
    if ((x == -1 && y != 1) || (y == -1 && x != 1))
      return n.error("which operand's gradient to sum over dimension " +
                     Twine(i) + " of shapes " + formatShape(*s0) + " and " +
                     formatShape(*s1) +
                     " depends on sizes known only at run time: give the "
                     "fed tensors static shapes (e.g. --feed x:100)");
    if (x == y) {
      if (x == 1) {
        r0.push_back(i);
        r1.push_back(i);
      }
    } else if (x == 1) {
      r0.push_back(i);
    } else if (y == 1) {
      r1.push_back(i);
    } else {
      return n.error("Incompatible shapes: " + formatShape(*s0) + " vs. " +
                     formatShape(*s1));
    }
  }
  Type element = cast<TensorType>((*n.input(0)).getType()).getElementType();
  n.setOutputs({intVector(n, r0, element), intVector(n, r1, element)});
  return success();
}

/// DynamicStitch and ParallelDynamicStitch of constants:
/// `merged[indices[m][i...], ...] = data[m][i..., ...]`, a later index
/// winning over an earlier one as on TensorFlow's CPU. The first dimension
/// is the largest index + 1; rows no index names are zeros.
static LogicalResult importDynamicStitch(NodeImporter &n) {
  unsigned count = n.getNumInputs() / 2;
  if (count == 0 || n.getNumInputs() != 2 * count)
    return n.error("needs N indices and N data inputs");
  SmallVector<DenseElementsAttr> indices, data;
  for (unsigned i = 0; i < 2 * count; ++i) {
    std::optional<DenseElementsAttr> value = n.constantInput(i);
    if (!value)
      return n.error("input #" + Twine(i) +
                     " must be a constant: tfc evaluates DynamicStitch while "
                     "importing, on the shapes of a graph whose fed tensors "
                     "have static shapes");
    (i < count ? indices : data).push_back(*value);
  }
  Type element = data.front().getElementType();
  std::optional<SmallVector<int64_t>> slice;
  int64_t rows = 0;
  for (unsigned m = 0; m < count; ++m) {
    if (!indices[m].getElementType().isInteger(32) &&
        !indices[m].getElementType().isInteger(64))
      return n.error("indices #" + Twine(m) + " must be int32 or int64");
    ArrayRef<int64_t> indexShape = indices[m].getType().getShape();
    ArrayRef<int64_t> dataShape = data[m].getType().getShape();
    if (data[m].getElementType() != element)
      return n.error("the data inputs must have one dtype");
    if (dataShape.take_front(indexShape.size()) != indexShape)
      return n.error("data #" + Twine(m) + " of shape " +
                     formatShape(dataShape) +
                     " does not start with the shape " +
                     formatShape(indexShape) + " of indices #" + Twine(m));
    SmallVector<int64_t> rest(dataShape.drop_front(indexShape.size()));
    if (slice && *slice != rest)
      return n.error("the data inputs' slices have different shapes");
    slice = rest;
    for (const APInt &index : indices[m].getValues<APInt>()) {
      if (index.isNegative())
        return n.error("index " + Twine(index.getSExtValue()) + " is negative");
      rows = std::max(rows, index.getSExtValue() + 1);
    }
  }
  int64_t sliceSize = 1;
  for (int64_t d : *slice)
    sliceSize *= d;
  SmallVector<Attribute> values(rows * sliceSize,
                                n.builder.getZeroAttr(element));
  for (unsigned m = 0; m < count; ++m) {
    auto dataValues = llvm::to_vector(data[m].getValues<Attribute>());
    int64_t i = 0;
    for (const APInt &index : indices[m].getValues<APInt>()) {
      int64_t row = index.getSExtValue();
      for (int64_t k = 0; k < sliceSize; ++k)
        values[row * sliceSize + k] = dataValues[i * sliceSize + k];
      ++i;
    }
  }
  SmallVector<int64_t> shape{rows};
  shape.append(*slice);
  auto type = RankedTensorType::get(shape, element);
  return setResult(n, ConstantOp::create(n.builder, n.loc,
                                         DenseElementsAttr::get(type, values))
                          .getResult());
}

/// InvertPermutation of a constant: `y[x[i]] = i`.
static LogicalResult importInvertPermutation(NodeImporter &n) {
  FailureOr<SmallVector<int64_t>> perm =
      n.constantIntsInput(0, "the permutation");
  if (failed(perm))
    return failure();
  int64_t size = perm->size();
  SmallVector<int64_t> inverse(size, -1);
  for (int64_t i = 0; i < size; ++i) {
    int64_t p = (*perm)[i];
    if (p < 0 || p >= size || inverse[p] != -1)
      return n.error(formatShape(*perm) + " is not a permutation of 0.." +
                     Twine(size - 1));
    inverse[p] = i;
  }
  return setResult(n,
                   intVector(n, inverse, n.constantInput(0)->getElementType()));
}

/// ConcatOffset(concat_dim, shape_0, ..., shape_{N-1}) of constants: where
/// each input of a concatenation starts in its result (the gradient of
/// concat slices it there): zeros but along the axis, where it is the sum
/// of the previous inputs' sizes.
static LogicalResult importConcatOffset(NodeImporter &n) {
  if (n.getNumInputs() < 2)
    return n.error("needs an axis and at least one shape");
  FailureOr<SmallVector<int64_t>> axis = n.constantIntsInput(0, "the axis");
  if (failed(axis))
    return failure();
  SmallVector<SmallVector<int64_t>> shapes;
  for (unsigned i = 1, e = n.getNumInputs(); i < e; ++i) {
    FailureOr<SmallVector<int64_t>> shape = n.constantIntsInput(i, "the shape");
    if (failed(shape))
      return failure();
    shapes.push_back(*shape);
  }
  int64_t rank = shapes.front().size();
  if (axis->size() != 1 || (*axis)[0] < -rank || (*axis)[0] >= rank)
    return n.error("the axis must be a scalar in [" + Twine(-rank) + ", " +
                   Twine(rank) + ")");
  int64_t dim = (*axis)[0] < 0 ? (*axis)[0] + rank : (*axis)[0];
  Type element = n.constantInput(1)->getElementType();
  SmallVector<Value> offsets;
  int64_t start = 0;
  for (ArrayRef<int64_t> shape : shapes) {
    for (int64_t d = 0; d < rank; ++d)
      if (static_cast<int64_t>(shape.size()) != rank ||
          (d != dim && shape[d] != shapes.front()[d]))
        return n.error("the shapes " + formatShape(shapes.front()) + " and " +
                       formatShape(shape) + " do not concatenate along " +
                       Twine(dim));
    SmallVector<int64_t> offset(rank, 0);
    offset[dim] = start;
    start += shape[dim];
    offsets.push_back(intVector(n, offset, element));
  }
  n.setOutputs(offsets);
  return success();
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

//===----------------------------------------------------------------------===//
// Losses
//===----------------------------------------------------------------------===//

/// SoftmaxCrossEntropyWithLogits(features, labels): the loss per example
/// and its gradient with respect to the logits, `softmax(features) -
/// labels`, which TensorFlow's kernel returns as its second output.
static LogicalResult importSoftmaxCrossEntropyWithLogits(NodeImporter &n) {
  FailureOr<SmallVector<Value>> in = floatInputs(n, 2);
  if (failed(in))
    return failure();
  Value logits = (*in)[0], labels = (*in)[1];
  Formula f(n);
  Value loss = f.op("softmax_cross_entropy_with_logits", {labels, logits});
  Value backprop = f.sub(f.op("softmax", {logits}), labels);
  if (f.failed())
    return failure();
  n.setOutputs({loss, backprop});
  return success();
}

/// SparseSoftmaxCrossEntropyWithLogits(features, labels): the dense op of
/// one_hot(labels). A label outside [0, classes) fails the run, as on
/// TensorFlow's CPU (the results wait for the check).
static LogicalResult
importSparseSoftmaxCrossEntropyWithLogits(NodeImporter &n) {
  FailureOr<SmallVector<Value>> in = floatInputs(n, 1);
  FailureOr<Value> labels = n.input(1);
  if (failed(in) || failed(labels))
    return failure();
  Value logits = in->front();
  auto type = dyn_cast<RankedTensorType>(logits.getType());
  if (!type || type.getRank() != 2 || type.isDynamicDim(1)) {
    n.emitError() << "the logits must be [batch, classes] with a static "
                     "number of classes, not "
                  << logits.getType();
    return failure();
  }
  int64_t classes = type.getDimSize(1);
  Formula f(n);
  Value oneHot =
      f.op("one_hot", {*labels, f.scalar(logits, 1.0), f.scalar(logits, 0.0)},
           {n.namedAttr("depth", n.builder.getI64IntegerAttr(classes))});
  Value loss = f.op("softmax_cross_entropy_with_logits", {oneHot, logits});
  Value backprop = f.sub(f.op("softmax", {logits}), oneHot);
  Value valid =
      f.op("reduce_all",
           {f.op("logical_and",
                 {f.op("greater_equal", {*labels, f.scalar(*labels, 0)}),
                  f.op("less", {*labels, f.scalar(*labels, classes)})})});
  if (f.failed())
    return failure();
  auto check = AssertOp::create(
      n.builder, n.loc, valid, ValueRange{*labels},
      n.builder.getStringAttr(("Received a label value outside the valid "
                               "range of [0, " +
                               Twine(classes) + "). Labels:")
                                  .str()),
      IntegerAttr(), ValueRange());
  if (failed(n.check(check)))
    return failure();
  auto checked = ControlDependenciesOp::create(
      n.builder, n.loc, TypeRange{loss.getType(), backprop.getType()},
      ValueRange{check.getControl()});
  OpBuilder body = OpBuilder::atBlockEnd(&checked.getBody().emplaceBlock());
  YieldOp::create(body, n.loc, ValueRange{loss, backprop});
  n.setOutputs(checked.getResults());
  return success();
}

void mlir::tfc::graphdef::registerGradientOpImporters(OpRegistry &registry) {
  registry.add("BroadcastGradientArgs", importBroadcastGradientArgs,
               "tfc.constant (evaluated)");
  registry.add("DynamicStitch", importDynamicStitch,
               "tfc.constant (evaluated)");
  registry.add("ParallelDynamicStitch", importDynamicStitch,
               "tfc.constant (evaluated)");
  registry.add("InvertPermutation", importInvertPermutation,
               "tfc.constant (evaluated)");
  registry.add("ConcatOffset", importConcatOffset, "tfc.constant (evaluated)");
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
  registry.add("SoftmaxCrossEntropyWithLogits",
               importSoftmaxCrossEntropyWithLogits,
               "tfc.softmax_cross_entropy_with_logits, tfc.softmax, tfc.sub");
  registry.add("SparseSoftmaxCrossEntropyWithLogits",
               importSparseSoftmaxCrossEntropyWithLogits,
               "tfc.one_hot, tfc.softmax_cross_entropy_with_logits, "
               "tfc.softmax, tfc.assert");
}
