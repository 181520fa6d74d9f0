//===- Optimizers.cpp - the updates of tf.train optimizers ----------------===//
//
// The update rules of TensorFlow's ApplyGradientDescent, ApplyMomentum and
// ApplyAdam kernels, as tfc variable reads and assigns. Slot variables are
// module-level global variables named as TensorFlow names them, so the
// initializer plan and checkpoints treat them like any other variable.
//
//===----------------------------------------------------------------------===//

#include "Optimizers.h"

#include "../TFNames.h"
#include "GradientUtils.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// Builds the ops of one step and the slot variables they use.
class StepBuilder {
public:
  StepBuilder(OpBuilder &builder, Location loc, OptimizerState &state,
              StringRef scope)
      : builder(builder), loc(loc), state(state), names(state.names),
        scope(scope) {}

  /// A new global variable `name` (made unique as TensorFlow does: `w/Adam`,
  /// then `w/Adam_1`) beside `anchor`, on its device, in GLOBAL_VARIABLES
  /// only (slots are not trainable), and a handle to it in the graph.
  Value createSlot(GlobalVariableOp anchor, StringRef name, TensorType type,
                   InitializerAttrInterface init) {
    MLIRContext *context = builder.getContext();
    OpBuilder moduleBuilder(context);
    Operation *&last = state.lastSlot[anchor];
    moduleBuilder.setInsertionPointAfter(last ? last : anchor.getOperation());
    auto slot = GlobalVariableOp::create(
        moduleBuilder, anchor.getLoc(),
        StringAttr::get(context, names.makeUnique(name)), TypeAttr::get(type),
        init, builder.getStrArrayAttr({kGlobalVariables}),
        anchor.getDeviceAttr(), /*initializer_function=*/FlatSymbolRefAttr());
    state.symbols.insert(slot);
    last = slot;
    return handleOf(slot);
  }

  Value handleOf(GlobalVariableOp global) {
    auto type = VarType::get(builder.getContext(),
                             cast<TensorType>(global.getValueType()));
    return VarHandleOp::create(builder, loc, type,
                               FlatSymbolRefAttr::get(global.getSymNameAttr()));
  }

  Value scalar(Type elementType, double value) {
    return buildScalar(builder, loc, elementType, value);
  }

  /// Reads `handle` now; returns the value and the read's token.
  std::pair<Value, Value> read(Value handle) {
    auto op = ReadOp::create(builder, loc, handle, ValueRange());
    return {op.getValue(), op.getControl()};
  }

  OpBuilder &builder;
  Location loc;
  OptimizerState &state;
  NameRegistry &names;
  std::string scope;
};

/// The tokens an update waits for: its variable's and the previous update.
SmallVector<Value> afterOf(const VariableUpdate &variable, Value chain,
                           ArrayRef<Value> more = {}) {
  SmallVector<Value> after(variable.after);
  llvm::append_range(after, more);
  if (chain)
    after.push_back(chain);
  return after;
}

std::string updateScope(StepBuilder &step, GlobalVariableOp global) {
  return joinScope(step.scope, "update_" + global.getSymName().str());
}

/// ApplyGradientDescent: var -= lr * g.
Value buildSGD(StepBuilder &step, SGDAttr sgd,
               ArrayRef<VariableUpdate> variables) {
  OpBuilder &b = step.builder;
  Value chain;
  for (const VariableUpdate &variable : variables) {
    GlobalVariableOp global = variable.global;
    ScopedOpNamer namer(b, step.names, updateScope(step, global));
    Value lr = step.scalar(elementTypeOf(variable.gradient),
                           sgd.getLearningRate().convertToDouble());
    Value delta = MulOp::create(b, step.loc, lr, variable.gradient);
    chain = AssignSubOp::create(b, step.loc, variable.handle, delta,
                                afterOf(variable, chain))
                .getControl();
  }
  return chain;
}

/// ApplyMomentum: accum = accum * momentum + g; var -= lr * accum, or with
/// Nesterov var -= g * lr + accum * momentum * lr.
Value buildMomentum(StepBuilder &step, MomentumAttr momentum,
                    ArrayRef<VariableUpdate> variables) {
  OpBuilder &b = step.builder;
  Location loc = step.loc;
  Value chain;
  for (const VariableUpdate &variable : variables) {
    GlobalVariableOp global = variable.global;
    Type elementType = elementTypeOf(variable.gradient);
    auto type = cast<TensorType>(global.getValueType());
    Value accumHandle =
        step.createSlot(global, joinScope(global.getSymName(), "Momentum"),
                        type, ZerosAttr::get(b.getContext()));
    ScopedOpNamer namer(b, step.names, updateScope(step, global));
    Value lr =
        step.scalar(elementType, momentum.getLearningRate().convertToDouble());
    Value mu =
        step.scalar(elementType, momentum.getMomentum().convertToDouble());
    auto [accum, readAccum] = step.read(accumHandle);
    Value newAccum = AddOp::create(b, loc, MulOp::create(b, loc, accum, mu),
                                   variable.gradient);
    Value accumDone =
        AssignOp::create(b, loc, accumHandle, newAccum, ValueRange{readAccum})
            .getControl();
    Value delta;
    if (momentum.getUseNesterov())
      delta = AddOp::create(
          b, loc, MulOp::create(b, loc, variable.gradient, lr),
          MulOp::create(b, loc, MulOp::create(b, loc, newAccum, mu), lr));
    else
      delta = MulOp::create(b, loc, lr, newAccum);
    chain = AssignSubOp::create(b, loc, variable.handle, delta,
                                afterOf(variable, chain, {accumDone}))
                .getControl();
  }
  return chain;
}

/// The scalars every variable's Adam update uses: the two powers (read
/// once per step), the bias-corrected learning rate and the constants.
struct AdamScalars {
  Value beta1PowerHandle, beta2PowerHandle;
  Value beta1Power, beta1Read, beta2Power, beta2Read;
  Value lrT, oneMinusBeta1, oneMinusBeta2, epsilon;
};

AdamScalars buildAdamScalars(StepBuilder &step, AdamAttr adam,
                             ArrayRef<VariableUpdate> variables) {
  OpBuilder &b = step.builder;
  Location loc = step.loc;
  double beta1 = adam.getBeta1().convertToDouble();
  double beta2 = adam.getBeta2().convertToDouble();
  Type elementType = elementTypeOf(variables.front().gradient);
  auto scalarType = RankedTensorType::get({}, elementType);
  auto initTo = [&](double value) {
    return ConstantInitAttr::get(
        b.getContext(),
        DenseElementsAttr::get(scalarType, b.getFloatAttr(elementType, value)));
  };
  AdamScalars s;
  // TensorFlow colocates the powers with the first variable.
  GlobalVariableOp first = variables.front().global;
  s.beta1PowerHandle =
      step.createSlot(first, "beta1_power", scalarType, initTo(beta1));
  s.beta2PowerHandle =
      step.createSlot(first, "beta2_power", scalarType, initTo(beta2));

  ScopedOpNamer namer(b, step.names, step.scope);
  std::tie(s.beta1Power, s.beta1Read) = step.read(s.beta1PowerHandle);
  std::tie(s.beta2Power, s.beta2Read) = step.read(s.beta2PowerHandle);
  Value one = step.scalar(elementType, 1.0);
  Value lr = step.scalar(elementType, adam.getLearningRate().convertToDouble());
  // lr_t = lr * sqrt(1 - beta2^t) / (1 - beta1^t)
  Value correction = DivOp::create(
      b, loc, SqrtOp::create(b, loc, SubOp::create(b, loc, one, s.beta2Power)),
      SubOp::create(b, loc, one, s.beta1Power));
  s.lrT = MulOp::create(b, loc, lr, correction);
  s.oneMinusBeta1 = step.scalar(elementType, 1.0 - beta1);
  s.oneMinusBeta2 = step.scalar(elementType, 1.0 - beta2);
  s.epsilon = step.scalar(elementType, adam.getEpsilon().convertToDouble());
  return s;
}

/// One variable's Adam update with its slots `m` and `v`, after `chain`;
/// returns the update's control token.
Value buildAdamUpdate(StepBuilder &step, const AdamScalars &s,
                      const VariableUpdate &variable, Value chain) {
  OpBuilder &b = step.builder;
  Location loc = step.loc;
  MLIRContext *context = b.getContext();
  GlobalVariableOp global = variable.global;
  auto type = cast<TensorType>(global.getValueType());
  std::string name = joinScope(global.getSymName(), "Adam");
  Value mHandle = step.createSlot(global, name, type, ZerosAttr::get(context));
  Value vHandle = step.createSlot(global, name, type, ZerosAttr::get(context));
  ScopedOpNamer namer(b, step.names, updateScope(step, global));
  Value g = variable.gradient;
  // m += (g - m) * (1 - beta1); v += (g^2 - v) * (1 - beta2)
  auto [m, readM] = step.read(mHandle);
  Value newM = AddOp::create(
      b, loc, m,
      MulOp::create(b, loc, SubOp::create(b, loc, g, m), s.oneMinusBeta1));
  Value mDone =
      AssignOp::create(b, loc, mHandle, newM, ValueRange{readM}).getControl();
  auto [v, readV] = step.read(vHandle);
  Value newV = AddOp::create(
      b, loc, v,
      MulOp::create(b, loc,
                    SubOp::create(b, loc, SquareOp::create(b, loc, g), v),
                    s.oneMinusBeta2));
  Value vDone =
      AssignOp::create(b, loc, vHandle, newV, ValueRange{readV}).getControl();
  // var -= lr_t * m / (sqrt(v) + epsilon)
  Value delta = DivOp::create(
      b, loc, MulOp::create(b, loc, newM, s.lrT),
      AddOp::create(b, loc, SqrtOp::create(b, loc, newV), s.epsilon));
  return AssignSubOp::create(b, loc, variable.handle, delta,
                             afterOf(variable, chain, {mDone, vDone}))
      .getControl();
}

/// ApplyAdam with TensorFlow 1's bias correction through the beta1_power and
/// beta2_power variables, which are updated once all variables are.
Value buildAdam(StepBuilder &step, AdamAttr adam,
                ArrayRef<VariableUpdate> variables) {
  OpBuilder &b = step.builder;
  Location loc = step.loc;
  AdamScalars s = buildAdamScalars(step, adam, variables);
  Value chain;
  for (const VariableUpdate &variable : variables)
    chain = buildAdamUpdate(step, s, variable, chain);

  Type elementType = elementTypeOf(variables.front().gradient);
  double beta1 = adam.getBeta1().convertToDouble();
  double beta2 = adam.getBeta2().convertToDouble();
  ScopedOpNamer namer(b, step.names, step.scope);
  Value beta1Done =
      AssignOp::create(
          b, loc, s.beta1PowerHandle,
          MulOp::create(b, loc, s.beta1Power, step.scalar(elementType, beta1)),
          ValueRange{chain, s.beta1Read})
          .getControl();
  return AssignOp::create(b, loc, s.beta2PowerHandle,
                          MulOp::create(b, loc, s.beta2Power,
                                        step.scalar(elementType, beta2)),
                          ValueRange{beta1Done, s.beta2Read})
      .getControl();
}

} // namespace

StringRef mlir::tfc::getOptimizerName(Attribute optimizer) {
  return llvm::TypeSwitch<Attribute, StringRef>(optimizer)
      .Case([](SGDAttr) { return "GradientDescent"; })
      .Case([](MomentumAttr) { return "Momentum"; })
      .Case([](AdamAttr) { return "Adam"; })
      .Default([](Attribute) { return "Optimizer"; });
}

Value mlir::tfc::buildOptimizerStep(OpBuilder &builder, Location loc,
                                    Attribute optimizer,
                                    ArrayRef<VariableUpdate> variables,
                                    OptimizerState &state, StringRef scope) {
  StepBuilder step(builder, loc, state, scope);
  return llvm::TypeSwitch<Attribute, Value>(optimizer)
      .Case([&](SGDAttr sgd) { return buildSGD(step, sgd, variables); })
      .Case([&](MomentumAttr momentum) {
        return buildMomentum(step, momentum, variables);
      })
      .Case([&](AdamAttr adam) { return buildAdam(step, adam, variables); })
      .Default([](Attribute) { return Value(); });
}
