//===- TFCAttrs.cpp - tfc dialect attributes ------------------------------===//
//
// Registration of the initializer attributes and the checks that an
// initializer fits the variable it initializes.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCAttrs.h"

#include "tfc/Dialect/TFC/IR/TFCDialect.h"
#include "tfc/Dialect/TFC/IR/TFCShapes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tfc;

#include "tfc/Dialect/TFC/IR/TFCAttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tfc/Dialect/TFC/IR/TFCAttrs.cpp.inc"

void TFCDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tfc/Dialect/TFC/IR/TFCAttrs.cpp.inc"
      >();
}

/// Random initializers sample floats: TensorFlow rejects them for integers.
static LogicalResult
requireFloat(StringRef initializer, TensorType valueType,
             function_ref<InFlightDiagnostic()> emitError) {
  if (isa<FloatType>(valueType.getElementType()))
    return success();
  return emitError() << initializer
                     << " initializer needs a floating-point variable, got "
                     << valueType.getElementType();
}

LogicalResult
ZerosAttr::verifyForType(TensorType,
                         function_ref<InFlightDiagnostic()>) const {
  return success();
}

LogicalResult OnesAttr::verifyForType(TensorType,
                                      function_ref<InFlightDiagnostic()>) const {
  return success();
}

LogicalResult
ConstantInitAttr::verifyForType(TensorType valueType,
                                function_ref<InFlightDiagnostic()> emitError) const {
  DenseElementsAttr value = getValue();
  auto initType = cast<ShapedType>(value.getType());
  // TensorFlow's words for get_variable(initializer=<tensor>, dtype=...).
  if (initType.getElementType() != valueType.getElementType())
    return emitError() << "Initializer type '<dtype: '"
                       << pythonDTypeName(initType.getElementType())
                       << "'>' and explicit dtype '<dtype: '"
                       << pythonDTypeName(valueType.getElementType())
                       << "'>' don't match.";
  // A single value fills any shape, as tf.constant_initializer(2.0) does.
  if (value.isSplat() || initType.getNumElements() == 1)
    return success();
  auto ranked = dyn_cast<RankedTensorType>(valueType);
  if (!ranked)
    return success();
  bool fits = ranked.getRank() == initType.getRank() &&
              llvm::all_of(llvm::zip_equal(ranked.getShape(),
                                           initType.getShape()),
                           [](auto dims) {
                             auto [want, have] = dims;
                             return ShapedType::isDynamic(want) || want == have;
                           });
  if (!fits)
    return emitError() << "initializer value of shape "
                       << formatShape(initType.clone(initType.getShape()))
                       << " does not fit the variable's shape "
                       << formatShape(valueType);
  return success();
}

LogicalResult RandomNormalAttr::verifyForType(
    TensorType valueType, function_ref<InFlightDiagnostic()> emitError) const {
  if (getStddev().isNegative())
    return emitError() << "random_normal initializer needs stddev >= 0, got "
                       << getStddev().convertToDouble();
  return requireFloat("random_normal", valueType, emitError);
}

LogicalResult TruncatedNormalAttr::verifyForType(
    TensorType valueType, function_ref<InFlightDiagnostic()> emitError) const {
  if (getStddev().isNegative())
    return emitError() << "truncated_normal initializer needs stddev >= 0, got "
                       << getStddev().convertToDouble();
  return requireFloat("truncated_normal", valueType, emitError);
}

LogicalResult RandomUniformAttr::verifyForType(
    TensorType valueType, function_ref<InFlightDiagnostic()> emitError) const {
  if (getMinval().compare(getMaxval()) != APFloat::cmpLessThan)
    return emitError() << "random_uniform initializer needs minval < maxval, "
                          "got ["
                       << getMinval().convertToDouble() << ", "
                       << getMaxval().convertToDouble() << ")";
  // Uniform integers are fine in TensorFlow; booleans are not.
  if (valueType.getElementType().isInteger(1))
    return emitError() << "random_uniform initializer cannot fill a bool "
                          "variable";
  return success();
}

LogicalResult GlorotUniformAttr::verifyForType(
    TensorType valueType, function_ref<InFlightDiagnostic()> emitError) const {
  return requireFloat("glorot_uniform", valueType, emitError);
}
