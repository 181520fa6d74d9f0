//===- TFCDifferentiableOpInterface.cpp - gradients of ops ----------------===//
//
// The generated definitions of the differentiable-op interface. The
// gradients themselves are external models in the Transforms library.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCDifferentiableOpInterface.h"

#include "tfc/Dialect/TFC/IR/TFCDifferentiableOpInterface.cpp.inc"
