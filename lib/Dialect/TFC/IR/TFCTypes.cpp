//===- TFCTypes.cpp - tfc dialect types -----------------------------------===//
//
// Verification of `!tfc.var`, `!tfc.tensor_array` and the element types tfc
// computes with.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCTypes.h"

#include "tfc/Dialect/TFC/IR/TFCDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tfc;

bool mlir::tfc::isTfcElementType(Type type) {
  if (type.isF16() || type.isBF16() || type.isF32() || type.isF64())
    return true;
  auto intType = dyn_cast<IntegerType>(type);
  if (!intType || !intType.isSignless())
    return false;
  unsigned width = intType.getWidth();
  return width == 1 || width == 8 || width == 32 || width == 64;
}

LogicalResult VarType::verify(function_ref<InFlightDiagnostic()> emitError,
                              TensorType valueType) {
  if (!valueType)
    return emitError() << "a variable holds a tensor";
  if (!isTfcElementType(valueType.getElementType()))
    return emitError() << "a variable cannot hold elements of type "
                       << valueType.getElementType()
                       << " (expected f16, bf16, f32, f64, i1, i8, i32 or i64)";
  return success();
}

LogicalResult
TensorArrayType::verify(function_ref<InFlightDiagnostic()> emitError,
                        TensorType elementType) {
  if (!elementType)
    return emitError() << "a tensor array holds tensors";
  if (!isTfcElementType(elementType.getElementType()))
    return emitError() << "a tensor array cannot hold elements of type "
                       << elementType.getElementType()
                       << " (expected f16, bf16, f32, f64, i1, i8, i32 or i64)";
  return success();
}

#define GET_TYPEDEF_CLASSES
#include "tfc/Dialect/TFC/IR/TFCOpsTypes.cpp.inc"

void TFCDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tfc/Dialect/TFC/IR/TFCOpsTypes.cpp.inc"
      >();
}
