//===- MathOps.cpp - element-wise math, matmul and reductions -------------===//

#include "../Importer.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

/// An op whose inputs map one to one onto a tfc op's operands and whose
/// outputs onto its results.
static OpImportFn direct(StringRef tfcOp) {
  std::string name = ("tfc." + tfcOp).str();
  return [name](NodeImporter &n) -> LogicalResult {
    FailureOr<SmallVector<Value>> inputs = n.allInputs();
    if (failed(inputs))
      return failure();
    FailureOr<SmallVector<Value>> results = n.create(name, *inputs);
    if (failed(results))
      return failure();
    n.setOutputs(*results);
    return success();
  };
}

/// A scalar constant of `like`'s element type.
static Value scalarLike(NodeImporter &n, Value like, double value) {
  Type element = cast<TensorType>(like.getType()).getElementType();
  auto type = RankedTensorType::get({}, element);
  Attribute scalar =
      isa<FloatType>(element)
          ? Attribute(FloatAttr::get(element, value))
          : Attribute(IntegerAttr::get(element, static_cast<int64_t>(value)));
  return ConstantOp::create(n.builder, n.loc,
                            DenseElementsAttr::get(type, scalar))
      .getResult();
}

static LogicalResult importReciprocal(NodeImporter &n) {
  FailureOr<Value> x = n.input(0);
  if (failed(x))
    return failure();
  FailureOr<Value> result = n.create1("tfc.div", {scalarLike(n, *x, 1.0), *x});
  if (failed(result))
    return failure();
  n.setOutputs(*result);
  return success();
}

static LogicalResult importRelu6(NodeImporter &n) {
  FailureOr<Value> x = n.input(0);
  if (failed(x))
    return failure();
  FailureOr<Value> relu = n.create1("tfc.relu", {*x});
  if (failed(relu))
    return failure();
  FailureOr<Value> clipped =
      n.create1("tfc.minimum", {*relu, scalarLike(n, *x, 6.0)});
  if (failed(clipped))
    return failure();
  n.setOutputs(*clipped);
  return success();
}

static LogicalResult importMatMul(NodeImporter &n, StringRef transposeA,
                                  StringRef transposeB) {
  FailureOr<Value> a = n.input(0), b = n.input(1);
  if (failed(a) || failed(b))
    return failure();
  SmallVector<NamedAttribute> attrs;
  if (n.boolAttr(transposeA, false))
    attrs.push_back(n.namedAttr("transpose_a", n.builder.getUnitAttr()));
  if (n.boolAttr(transposeB, false))
    attrs.push_back(n.namedAttr("transpose_b", n.builder.getUnitAttr()));
  FailureOr<Value> product = n.create1("tfc.matmul", {*a, *b}, attrs);
  if (failed(product))
    return failure();
  n.setOutputs(*product);
  return success();
}

/// Sum, Mean, Max, Min, Prod, Any, All: the axes input must be constant.
static OpImportFn reduction(StringRef tfcOp) {
  std::string name = ("tfc." + tfcOp).str();
  return [name](NodeImporter &n) -> LogicalResult {
    FailureOr<Value> input = n.input(0);
    if (failed(input))
      return failure();
    FailureOr<SmallVector<int64_t>> axes =
        n.constantIntsInput(1, "the reduction axes");
    if (failed(axes))
      return failure();
    SmallVector<NamedAttribute> attrs{
        n.namedAttr("axes", n.builder.getDenseI64ArrayAttr(*axes))};
    if (n.boolAttr("keep_dims", false))
      attrs.push_back(n.namedAttr("keep_dims", n.builder.getUnitAttr()));
    FailureOr<Value> result = n.create1(name, {*input}, attrs);
    if (failed(result))
      return failure();
    n.setOutputs(*result);
    return success();
  };
}

/// Cast. `Truncate = true` makes TensorFlow clear the mantissa bits a
/// narrower float type drops before it converts (rounding toward zero);
/// tfc rounds to nearest, so that case is an error. It changes no other
/// conversion.
static LogicalResult importCast(NodeImporter &n) {
  FailureOr<Value> input = n.input(0);
  FailureOr<Type> type = n.typeAttr("DstT");
  if (failed(input) || failed(type))
    return failure();
  auto from =
      dyn_cast<FloatType>(cast<TensorType>(input->getType()).getElementType());
  auto to = dyn_cast<FloatType>(*type);
  if (n.boolAttr("Truncate", false) && from && to &&
      to.getFPMantissaWidth() < from.getFPMantissaWidth()) {
    n.emitError() << "Truncate = true (rounding toward zero) from " << from
                  << " to " << to << " is not supported: tfc rounds to nearest";
    return failure();
  }
  FailureOr<Value> result = n.create1(
      "tfc.cast", {*input}, {n.namedAttr("dtype", TypeAttr::get(*type))});
  if (failed(result))
    return failure();
  n.setOutputs(*result);
  return success();
}

static LogicalResult importAddN(NodeImporter &n) {
  FailureOr<SmallVector<Value>> inputs = n.allInputs();
  if (failed(inputs) || inputs->empty())
    return failed(inputs) ? failure() : n.error("has no inputs");
  Value sum = inputs->front();
  for (Value term : llvm::drop_begin(*inputs)) {
    FailureOr<Value> next = n.create1("tfc.add", {sum, term});
    if (failed(next))
      return failure();
    sum = *next;
  }
  n.setOutputs(sum);
  return success();
}

static LogicalResult importBiasAdd(NodeImporter &n) {
  if (std::optional<std::string> format = n.stringAttr("data_format"))
    if (*format != "NHWC")
      return n.error("data_format " + *format +
                     " is not supported (tfc computes in NHWC)");
  return direct("bias_add")(n);
}

void mlir::tfc::graphdef::registerMathOpImporters(OpRegistry &registry) {
  static const std::pair<const char *, const char *> binary[] = {
      {"Add", "add"},
      {"AddV2", "add"},
      {"Sub", "sub"},
      {"Mul", "mul"},
      {"RealDiv", "div"},
      {"Div", "div"},
      {"FloorDiv", "floordiv"},
      {"FloorMod", "mod"},
      {"Pow", "pow"},
      {"Maximum", "maximum"},
      {"Minimum", "minimum"},
      {"Equal", "equal"},
      {"NotEqual", "not_equal"},
      {"Less", "less"},
      {"LessEqual", "less_equal"},
      {"Greater", "greater"},
      {"GreaterEqual", "greater_equal"},
      {"LogicalAnd", "logical_and"},
      {"LogicalOr", "logical_or"},
      {"SelectV2", "where"},
      {"Neg", "neg"},
      {"Abs", "abs"},
      {"Square", "square"},
      {"Relu", "relu"},
      {"Exp", "exp"},
      {"Log", "log"},
      {"Sqrt", "sqrt"},
      {"Rsqrt", "rsqrt"},
      {"Tanh", "tanh"},
      {"Sigmoid", "sigmoid"},
      {"Softplus", "softplus"},
      {"LogicalNot", "logical_not"},
      {"Softmax", "softmax"},
      {"LogSoftmax", "log_softmax"},
      {"ReluGrad", "relu_grad"},
  };
  for (auto [tfOp, tfcOp] : binary)
    registry.add(tfOp, direct(tfcOp), std::string("tfc.") + tfcOp);
  registry.add("Reciprocal", importReciprocal, "tfc.div");
  registry.add("Inv", importReciprocal, "tfc.div");
  registry.add("Relu6", importRelu6, "tfc.relu, tfc.minimum");
  registry.add(
      "MatMul",
      [](NodeImporter &n) {
        return importMatMul(n, "transpose_a", "transpose_b");
      },
      "tfc.matmul");
  for (const char *op : {"BatchMatMul", "BatchMatMulV2", "BatchMatMulV3"})
    registry.add(
        op, [](NodeImporter &n) { return importMatMul(n, "adj_x", "adj_y"); },
        "tfc.matmul");
  static const std::pair<const char *, const char *> reductions[] = {
      {"Sum", "reduce_sum"}, {"Mean", "reduce_mean"}, {"Max", "reduce_max"},
      {"Min", "reduce_min"}, {"Prod", "reduce_prod"}, {"Any", "reduce_any"},
      {"All", "reduce_all"}};
  for (auto [tfOp, tfcOp] : reductions)
    registry.add(tfOp, reduction(tfcOp), std::string("tfc.") + tfcOp);
  registry.add("Cast", importCast, "tfc.cast");
  registry.add("AddN", importAddN, "tfc.add");
  registry.add("BiasAdd", importBiasAdd, "tfc.bias_add");
  registry.add("BiasAddV1", direct("bias_add"), "tfc.bias_add");
}
