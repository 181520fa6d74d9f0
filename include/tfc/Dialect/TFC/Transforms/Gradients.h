//===- Gradients.h - the gradients of the tfc ops ---------------*- C++ -*-===//
//
// Registration of the ops' gradients (DifferentiableOpInterface external
// models). tfc-autodiff registers them itself; tools that differentiate
// outside that pass register them with the other dialect extensions.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_TRANSFORMS_GRADIENTS_H
#define TFC_DIALECT_TFC_TRANSFORMS_GRADIENTS_H

namespace mlir {
class DialectRegistry;

namespace tfc {

/// Attaches the gradient of every differentiable tfc op (and of tensor.cast)
/// to its op when the dialects load.
void registerDifferentiableOpInterfaceExternalModels(DialectRegistry &registry);

} // namespace tfc
} // namespace mlir

#endif // TFC_DIALECT_TFC_TRANSFORMS_GRADIENTS_H
