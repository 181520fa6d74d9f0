//===- TensorArrayOps.cpp - TensorArrayV3 and its reads and writes --------===//
//
// TensorFlow's TensorArrayV3 is a resource (the handle, output 0) plus a
// "flow" scalar (output 1) that each write returns anew and each read
// takes, only to order the accesses. tfc's TensorArrays are values: the
// importer makes the flow the array itself. TensorArrayV3 creates a
// `!tfc.tensor_array` and gives it as both outputs; every op then takes
// the array from its flow input and ignores the handle, and a write's or
// scatter's flow output is the new array. A loop that writes an array
// carries its flow as a loop variable (that is how `tf.while_loop` writes
// it), so the array flows through the `tfc.while` like any other value; a
// handle that enters a loop is captured but never read.
//
//===----------------------------------------------------------------------===//

#include "../Importer.h"

#include "tfc/Dialect/TFC/IR/TFCShapes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

/// The array a TensorArray op reads: its flow input, data input `flow`.
static FailureOr<Value> arrayInput(NodeImporter &n, unsigned flow) {
  FailureOr<Value> array = n.input(flow);
  if (failed(array))
    return failure();
  if (!isa<TensorArrayType>(array->getType())) {
    (void)n.error("its flow input (input " + Twine(flow) +
                  ") must come from a TensorArray op");
    return failure();
  }
  return array;
}

/// Whether data input `input` of the node is `Range(0, limit, 1)`, and
/// then the node of `limit`.
static std::optional<NodeInput> fullRangeLimit(NodeImporter &n,
                                               unsigned input) {
  const GraphIndex &index = n.scope.importer.index;
  SmallVector<NodeInput> inputs = index.dataInputs(n.index);
  if (input >= inputs.size())
    return std::nullopt;
  int range = inputs[input].node;
  if (index.node(range).op() != "Range")
    return std::nullopt;
  SmallVector<NodeInput> bounds = index.dataInputs(range);
  if (bounds.size() != 3)
    return std::nullopt;
  auto isConstant = [&](NodeInput in, int64_t expected) {
    const tensorflow::NodeDef &node = index.node(in.node);
    auto value = node.attr().find("value");
    if (node.op() != "Const" || value == node.attr().end())
      return false;
    std::string error;
    FailureOr<DenseElementsAttr> attr =
        convertTensor(value->second.tensor(), n.getContext(), error);
    if (failed(attr) || attr->getNumElements() != 1 ||
        !isa<IntegerType>(attr->getElementType()))
      return false;
    return (*attr->value_begin<APInt>()).getSExtValue() == expected;
  };
  if (!isConstant(bounds[0], 0) || !isConstant(bounds[2], 1))
    return std::nullopt;
  return bounds[1];
}

TensorType mlir::tfc::graphdef::refineArrayElement(TensorType element,
                                                   TensorType written) {
  if (element.getElementType() != written.getElementType() ||
      !written.hasRank())
    return element;
  if (!element.hasRank())
    return written;
  if (element.getRank() != written.getRank())
    return element;
  SmallVector<int64_t> dims(element.getShape());
  for (auto [dim, known] : llvm::zip(dims, written.getShape())) {
    if (ShapedType::isDynamic(dim))
      dim = known;
    else if (!ShapedType::isDynamic(known) && known != dim)
      return element;
  }
  return RankedTensorType::get(dims, element.getElementType());
}

/// `array` made with the element type refined by a value of type `written`
/// stored in it, when `array` is a `tfc.tensor_array_create` nothing has
/// written yet: a new create of the refined type. TensorFlow fixes an
/// array's element shape at its first write; tfc needs it known where the
/// array is made.
static Value refinedArray(NodeImporter &n, Value array, TensorType written) {
  auto create = array.getDefiningOp<TensorArrayCreateOp>();
  if (!create)
    return array;
  TensorType element = create.getType().getElementType();
  TensorType refined = refineArrayElement(element, written);
  if (refined == element)
    return array;
  auto refinedCreate = TensorArrayCreateOp::create(
      n.builder, create.getLoc(), TensorArrayType::get(n.getContext(), refined),
      create.getSize(), create.getDynamicSize());
  refinedCreate->setDiscardableAttrs(create->getDiscardableAttrDictionary());
  return refinedCreate.getResult();
}

/// TensorArrayV3(size): a new array of the node's dtype and element shape.
static LogicalResult importTensorArray(NodeImporter &n) {
  FailureOr<Value> size = n.input(0);
  FailureOr<Type> dtype = n.typeAttr("dtype");
  if (failed(size) || failed(dtype))
    return failure();
  auto sizeType = dyn_cast<RankedTensorType>(size->getType());
  if (!sizeType || sizeType.getRank() != 0 ||
      !sizeType.getElementType().isInteger(32))
    return n.error("size must be a scalar int32, not " +
                   formatShape(size->getType()));
  Type element = UnrankedTensorType::get(*dtype);
  if (const tensorflow::AttrValue *shape = n.attr("element_shape"))
    element = convertShape(shape->shape(), *dtype);
  auto type = TensorArrayType::getChecked(
      [&] { return n.emitError(); }, n.getContext(), cast<TensorType>(element));
  if (!type)
    return failure();
  auto create = TensorArrayCreateOp::create(n.builder, n.loc, type, *size,
                                            n.boolAttr("dynamic_size", false));
  if (failed(n.check(create)))
    return failure();
  n.setOutputs({create.getResult(), create.getResult()});
  return success();
}

/// Whether the node's handle (data input 0) is a gradient array's, made by
/// TensorArrayGradV3: TensorFlow adds what is written to such an array to
/// what it holds.
static bool writesGradientArray(NodeImporter &n) {
  const GraphIndex &index = n.scope.importer.index;
  SmallVector<NodeInput> inputs = index.dataInputs(n.index);
  return !inputs.empty() &&
         index.node(inputs[0].node).op() == "TensorArrayGradV3";
}

/// Whether `array` is a `tfc.tensor_array_create` nothing has written to.
static bool isFreshArray(Value array) {
  return array.getDefiningOp<TensorArrayCreateOp>() != nullptr;
}

/// TensorArrayWriteV3(handle, index, value, flow_in) -> flow_out. Into a
/// gradient array that may hold a value at `index`, the sum.
static LogicalResult importWrite(NodeImporter &n) {
  FailureOr<Value> array = arrayInput(n, 3);
  FailureOr<Value> index = n.input(1), value = n.input(2);
  if (failed(array) || failed(index) || failed(value))
    return failure();
  Value target = *array;
  if (auto valueType = dyn_cast<TensorType>(value->getType()))
    target = refinedArray(n, target, valueType);
  if (writesGradientArray(n) && !isFreshArray(target)) {
    FailureOr<Value> held =
        n.create1("tfc.tensor_array_read", {target, *index});
    if (failed(held))
      return failure();
    value = n.create1("tfc.add", {*held, *value});
    if (failed(value))
      return failure();
  }
  return n.setResult(
      n.create1("tfc.tensor_array_write", {target, *index, *value}));
}

/// TensorArrayReadV3(handle, index, flow_in) -> value.
static LogicalResult importRead(NodeImporter &n) {
  FailureOr<Value> array = arrayInput(n, 2);
  FailureOr<Value> index = n.input(1);
  if (failed(array) || failed(index))
    return failure();
  return n.setResult(n.create1("tfc.tensor_array_read", {*array, *index}));
}

/// TensorArraySizeV3(handle, flow_in) -> size.
static LogicalResult importSize(NodeImporter &n) {
  FailureOr<Value> array = arrayInput(n, 1);
  if (failed(array))
    return failure();
  return n.setResult(n.create1("tfc.tensor_array_size", {*array}));
}

/// The number of elements of `array` where it is fixed when the graph is
/// imported: a constant size of the create it comes from, through writes
/// and loops.
static std::optional<int64_t> staticArraySize(Value array) {
  while (Operation *op = array.getDefiningOp()) {
    if (auto create = dyn_cast<TensorArrayCreateOp>(op)) {
      DenseElementsAttr size;
      if (create.getDynamicSize() ||
          !matchPattern(create.getSize(), m_Constant(&size)))
        return std::nullopt;
      return (*size.value_begin<APInt>()).getSExtValue();
    }
    if (auto write = dyn_cast<TensorArrayWriteOp>(op))
      array = write.getHandle();
    else if (auto unstack = dyn_cast<TensorArrayUnstackOp>(op))
      array = unstack.getHandle();
    else if (auto loop = dyn_cast<WhileOp>(op))
      array = loop->getOperand(cast<OpResult>(array).getResultNumber());
    else
      return std::nullopt;
  }
  return std::nullopt;
}

/// TensorArrayGatherV3(handle, indices, flow_in) -> the elements at
/// `indices`, stacked: the whole array when the indices are
/// `range(0, size)` (`TensorArray.stack`), else a gather of its rows.
static LogicalResult importGather(NodeImporter &n) {
  FailureOr<Value> array = arrayInput(n, 2);
  if (failed(array))
    return failure();
  FailureOr<Value> stacked = n.create1("tfc.tensor_array_stack", {*array});
  if (failed(stacked))
    return failure();
  // A fixed size the import knows makes the first dimension static.
  auto stackedType = cast<TensorType>(stacked->getType());
  if (std::optional<int64_t> size = staticArraySize(*array);
      size && stackedType.hasRank() && stackedType.isDynamicDim(0) &&
      llvm::count_if(stackedType.getShape(), ShapedType::isDynamic) == 1) {
    SmallVector<int64_t> dims(stackedType.getShape());
    dims[0] = *size;
    stacked = n.create1(
        "tfc.reshape", {*stacked},
        {n.namedAttr("new_shape", n.builder.getDenseI64ArrayAttr(dims))});
    if (failed(stacked))
      return failure();
  }
  std::optional<NodeInput> limit = fullRangeLimit(n, 1);
  if (limit &&
      n.scope.importer.index.node(limit->node).op() == "TensorArraySizeV3")
    return n.setResult(stacked);
  FailureOr<Value> indices = n.input(1);
  if (failed(indices))
    return failure();
  return n.setResult(n.create1("tfc.gather", {*stacked, *indices}));
}

/// TensorArrayScatterV3(handle, indices, value, flow_in) -> flow_out, for
/// the indices `TensorArray.unstack` writes: `range(0, n)`, with `n` the
/// first dimension of `value` (an error where both are known and differ).
static LogicalResult importScatter(NodeImporter &n) {
  FailureOr<Value> array = arrayInput(n, 3);
  FailureOr<Value> indices = n.input(1), value = n.input(2);
  if (failed(array) || failed(indices) || failed(value))
    return failure();
  if (!fullRangeLimit(n, 1))
    return n.error("tfc scatters into a TensorArray only the indices "
                   "range(0, n) that TensorArray.unstack writes");
  auto indexType = dyn_cast<RankedTensorType>(indices->getType());
  auto valueType = dyn_cast<RankedTensorType>(value->getType());
  if (indexType && valueType && indexType.getRank() == 1 &&
      valueType.getRank() >= 1 && !indexType.isDynamicDim(0) &&
      !valueType.isDynamicDim(0) &&
      indexType.getDimSize(0) != valueType.getDimSize(0))
    return n.error("Could not scatter " + Twine(valueType.getDimSize(0)) +
                   " elements to " + Twine(indexType.getDimSize(0)) +
                   " indices");
  Value target = *array;
  if (valueType && valueType.getRank() >= 1)
    target =
        refinedArray(n, target,
                     RankedTensorType::get(valueType.getShape().drop_front(),
                                           valueType.getElementType()));
  if (writesGradientArray(n) && !isFreshArray(target)) {
    FailureOr<Value> held = n.create1("tfc.tensor_array_stack", {target});
    if (failed(held))
      return failure();
    value = n.create1("tfc.add", {*held, *value});
    if (failed(value))
      return failure();
  }
  return n.setResult(n.create1("tfc.tensor_array_unstack", {target, *value}));
}

//===----------------------------------------------------------------------===//
// Gradient arrays (FunctionalizeGradientArrays.cpp routes their flows)
//===----------------------------------------------------------------------===//

/// A zero-filled array of the size and element type of `array`: reading an
/// element of a gradient array nothing wrote gives zeros, as in
/// TensorFlow.
static FailureOr<Value> zerosLikeArray(NodeImporter &n, Value array) {
  FailureOr<Value> size = n.create1("tfc.tensor_array_size", {array});
  if (failed(size))
    return failure();
  auto create = TensorArrayCreateOp::create(
      n.builder, n.loc, cast<TensorArrayType>(array.getType()), *size, false);
  if (failed(n.check(create)))
    return failure();
  return create.getResult();
}

/// TensorArrayGradV3(handle, flow_in) -> (grad_handle, flow_out). Output 0
/// is a fresh gradient array like the forward array of `flow_in`, for the
/// writes of the gradients of reads and gathers; output 1 passes `flow_in`
/// on, as TensorFlow's kernel does. A `flow_in` that is no array (the flow
/// of a gradient array TensorFlow has not written yet) is passed on as
/// both.
static LogicalResult importTensorArrayGrad(NodeImporter &n) {
  FailureOr<Value> flow = n.input(1);
  if (failed(flow))
    return failure();
  if (!isa<TensorArrayType>(flow->getType())) {
    n.setOutputs({*flow, *flow});
    return success();
  }
  FailureOr<Value> zeros = zerosLikeArray(n, *flow);
  if (failed(zeros))
    return failure();
  n.setOutputs({*zeros, *flow});
  return success();
}

/// _TfcTensorArrayZerosLike(array): a zero-filled array like `array`, the
/// start of a backward loop's gradient array.
static LogicalResult importZerosLikeArray(NodeImporter &n) {
  FailureOr<Value> array = arrayInput(n, 0);
  if (failed(array))
    return failure();
  return n.setResult(zerosLikeArray(n, *array));
}

//===----------------------------------------------------------------------===//
// The stacks of gradient loops (Functionalize.cpp rewrites their uses)
//===----------------------------------------------------------------------===//

/// StackV2(max_size): an empty array that grows as pushes append to it;
/// the element shape comes from what the forward loop pushes.
static LogicalResult importStack(NodeImporter &n) {
  FailureOr<Type> dtype = n.typeAttr("elem_type");
  if (failed(dtype))
    return failure();
  auto type = TensorArrayType::getChecked(
      [&] { return n.emitError(); }, n.getContext(),
      cast<TensorType>(UnrankedTensorType::get(*dtype)));
  if (!type)
    return failure();
  Value empty = n.scalar(n.builder.getI32Type(), 0);
  auto create =
      TensorArrayCreateOp::create(n.builder, n.loc, type, empty, true);
  if (failed(n.check(create)))
    return failure();
  return n.setResult(create.getResult());
}

/// _TfcStackPush(stack, elem) -> (elem, the stack with elem appended).
static LogicalResult importStackPush(NodeImporter &n) {
  FailureOr<Value> stack = arrayInput(n, 0);
  FailureOr<Value> elem = n.input(1);
  if (failed(stack) || failed(elem))
    return failure();
  FailureOr<Value> size = n.create1("tfc.tensor_array_size", {*stack});
  if (failed(size))
    return failure();
  FailureOr<Value> pushed =
      n.create1("tfc.tensor_array_write", {*stack, *size, *elem});
  if (failed(pushed))
    return failure();
  // The node's first output is the pushed value: the write is what
  // carries the push's name.
  pushed->getDefiningOp()->setAttr(kNameAttrName,
                                   n.builder.getStringAttr(n.name()));
  n.setOutputs({*elem, *pushed});
  return success();
}

/// The value each element of `array` holds when every element is the same
/// constant: a stack that a loop, starting empty, fills by pushing one
/// constant per iteration. That is how `tf.gradients` saves the shapes
/// BroadcastGradientArgs needs in a backward loop, and static shapes make
/// them constants.
static std::optional<DenseElementsAttr> constantElement(Value array) {
  auto result = dyn_cast<OpResult>(array);
  auto loop = result ? dyn_cast<WhileOp>(result.getOwner()) : nullptr;
  if (!loop)
    return std::nullopt;
  unsigned i = result.getResultNumber();
  auto create = loop.getInits()[i].getDefiningOp<TensorArrayCreateOp>();
  DenseElementsAttr size;
  if (!create || !matchPattern(create.getSize(), m_Constant(&size)) ||
      !(*size.value_begin<APInt>()).isZero())
    return std::nullopt;
  Block &body = loop.getBody().front();
  auto write =
      body.getTerminator()->getOperand(i).getDefiningOp<TensorArrayWriteOp>();
  DenseElementsAttr value;
  if (!write || write.getHandle() != body.getArgument(i) ||
      !matchPattern(write.getValue(), m_Constant(&value)))
    return std::nullopt;
  return value;
}

/// _TfcStackPop(array, count) -> (array[count - 1], count - 1): the last of
/// the `count` elements not popped yet.
static LogicalResult importStackPop(NodeImporter &n) {
  FailureOr<Value> array = arrayInput(n, 0);
  FailureOr<Value> count = n.input(1);
  if (failed(array) || failed(count))
    return failure();
  FailureOr<Value> last =
      n.create1("tfc.sub", {*count, n.scalar(n.builder.getI32Type(), 1)});
  if (failed(last))
    return failure();
  if (std::optional<DenseElementsAttr> same = constantElement(*array)) {
    n.setOutputs({n.constant(*same), *last});
    return success();
  }
  FailureOr<Value> value = n.create1("tfc.tensor_array_read", {*array, *last});
  if (failed(value))
    return failure();
  value->getDefiningOp()->setAttr(kNameAttrName,
                                  n.builder.getStringAttr(n.name()));
  n.setOutputs({*value, *last});
  return success();
}

/// _TfcStackSize(array): how many elements the forward loop pushed.
static LogicalResult importStackSize(NodeImporter &n) {
  FailureOr<Value> array = arrayInput(n, 0);
  if (failed(array))
    return failure();
  return n.setResult(n.create1("tfc.tensor_array_size", {*array}));
}

void mlir::tfc::graphdef::registerTensorArrayOpImporters(OpRegistry &registry) {
  registry.add("StackV2", importStack, "tfc.tensor_array_create");
  registry.add("_TfcStackPush", importStackPush,
               "tfc.tensor_array_size, tfc.tensor_array_write");
  registry.add("_TfcStackPop", importStackPop,
               "tfc.sub, tfc.tensor_array_read");
  registry.add("_TfcStackSize", importStackSize, "tfc.tensor_array_size");
  registry.add("TensorArrayV3", importTensorArray, "tfc.tensor_array_create");
  registry.add("TensorArrayGradV3", importTensorArrayGrad,
               "tfc.tensor_array_size, tfc.tensor_array_create");
  registry.add("_TfcTensorArrayZerosLike", importZerosLikeArray,
               "tfc.tensor_array_size, tfc.tensor_array_create");
  registry.add("TensorArrayWriteV3", importWrite,
               "tfc.tensor_array_write, tfc.tensor_array_read, tfc.add");
  registry.add("TensorArrayReadV3", importRead, "tfc.tensor_array_read");
  registry.add("TensorArraySizeV3", importSize, "tfc.tensor_array_size");
  registry.add("TensorArrayGatherV3", importGather,
               "tfc.tensor_array_stack, tfc.reshape, tfc.gather");
  registry.add("TensorArrayScatterV3", importScatter,
               "tfc.tensor_array_unstack, tfc.tensor_array_stack, tfc.add");
}
