//===- GradientUtils.h - helpers of the gradient rules ----------*- C++ -*-===//
//
// What the per-family gradient rules share: constants, undoing a broadcast,
// spreading a reduction's gradient, and external-model templates for the
// common op shapes (unary, broadcasting binary).
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_DIALECT_TFC_TRANSFORMS_GRADIENTS_GRADIENTUTILS_H
#define TFC_LIB_DIALECT_TFC_TRANSFORMS_GRADIENTS_GRADIENTUTILS_H

#include "tfc/Dialect/TFC/IR/TFCDifferentiableOpInterface.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"

#include <string>
#include <utility>

namespace mlir::tfc {

class NameRegistry;

/// While alive, gives every tfc op the builder inserts a TensorFlow name,
/// `<prefix>/<default name>`, unique in `names` (`gradients/add_grad/Sum`,
/// `Adam/update_w/AssignSub`).
class ScopedOpNamer : public OpBuilder::Listener {
public:
  ScopedOpNamer(OpBuilder &builder, NameRegistry &names, std::string prefix);
  ~ScopedOpNamer() override;
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override;

private:
  OpBuilder &builder;
  NameRegistry &names;
  std::string prefix;
  OpBuilder::Listener *previousListener;
};

/// The element type of a tensor value.
Type elementTypeOf(Value value);

/// A rank-0 constant of `elementType` holding `value`.
Value buildScalar(OpBuilder &builder, Location loc, Type elementType,
                  double value);

/// A tensor of `like`'s shape filled with `value`: a splat constant when the
/// shape is static, a broadcast of a scalar otherwise.
Value buildFilledLike(OpBuilder &builder, Location loc, Value like,
                      double value);

/// Sums `gradient`, shaped like the result of a broadcast, down to `target`
/// (the operand's type): the leading dimensions the operand lacks are
/// reduced away, its size-1 dimensions reduced with keep_dims. Exactly the
/// operand's shape comes out, so no reshape is needed.
Value reduceToShape(OpBuilder &builder, Location loc, Value gradient,
                    Type target);

/// Broadcasts `value`, shaped like the result of a reduction of `input` over
/// `axes` (with `keepDims` or not), back to `input`'s shape.
Value spreadOverAxes(OpBuilder &builder, Location loc, Value value, Value input,
                     ArrayRef<int64_t> axes, bool keepDims);

/// `value` with `type` when it is a more or less static form of it (a
/// tensor.cast), `value` itself when it already has it.
Value castToType(OpBuilder &builder, Location loc, Value value, Type type);

/// The gradient of a single-operand, single-result op: `Rule` returns the
/// operand's gradient from the result's.
template <typename OpTy, Value (*Rule)(OpBuilder &, Location, OpTy, Value)>
struct UnaryGradientModel : public DifferentiableOpInterface::ExternalModel<
                                UnaryGradientModel<OpTy, Rule>, OpTy> {
  LogicalResult buildGradients(Operation *op, OpBuilder &builder,
                               ValueRange resultGradients,
                               SmallVectorImpl<Value> &operandGradients) const {
    operandGradients.push_back(
        Rule(builder, op->getLoc(), cast<OpTy>(op), resultGradients[0]));
    return success();
  }
};

/// The gradient of operand 0 alone, from a rule that may fail (reporting
/// the error on the op). Any other operand (indices, a padding value) has
/// none.
template <typename OpTy,
          FailureOr<Value> (*Rule)(OpBuilder &, Location, OpTy, Value)>
struct FirstOperandGradientModel
    : public DifferentiableOpInterface::ExternalModel<
          FirstOperandGradientModel<OpTy, Rule>, OpTy> {
  LogicalResult buildGradients(Operation *op, OpBuilder &builder,
                               ValueRange resultGradients,
                               SmallVectorImpl<Value> &operandGradients) const {
    FailureOr<Value> gradient =
        Rule(builder, op->getLoc(), cast<OpTy>(op), resultGradients[0]);
    if (failed(gradient))
      return failure();
    operandGradients.push_back(*gradient);
    return success();
  }
  bool hasGradient(Operation *, unsigned index) const { return index == 0; }
};

/// The gradient of a broadcasting binary op: `Rule` returns both operands'
/// gradients in the result's shape; the model reduces each to its operand's
/// shape.
template <typename OpTy,
          std::pair<Value, Value> (*Rule)(OpBuilder &, Location, OpTy, Value)>
struct BinaryGradientModel : public DifferentiableOpInterface::ExternalModel<
                                 BinaryGradientModel<OpTy, Rule>, OpTy> {
  LogicalResult buildGradients(Operation *op, OpBuilder &builder,
                               ValueRange resultGradients,
                               SmallVectorImpl<Value> &operandGradients) const {
    Location loc = op->getLoc();
    auto [lhs, rhs] = Rule(builder, loc, cast<OpTy>(op), resultGradients[0]);
    operandGradients.push_back(
        reduceToShape(builder, loc, lhs, op->getOperand(0).getType()));
    operandGradients.push_back(
        reduceToShape(builder, loc, rhs, op->getOperand(1).getType()));
    return success();
  }
};

/// The external models of each op family, attached when the tfc dialect
/// (and, for tensor.cast, the tensor dialect) loads.
void registerElementwiseGradients(DialectRegistry &registry);
void registerMatMulGradients(DialectRegistry &registry);
void registerReductionGradients(DialectRegistry &registry);
void registerNNGradients(DialectRegistry &registry);
void registerShapeGradients(DialectRegistry &registry);
void registerIndexingGradients(DialectRegistry &registry);
void registerWindowGradients(DialectRegistry &registry);

} // namespace mlir::tfc

#endif // TFC_LIB_DIALECT_TFC_TRANSFORMS_GRADIENTS_GRADIENTUTILS_H
