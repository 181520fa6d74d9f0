//===- TFCOptimizerAttrs.td - optimizers of tfc.minimize ---*- tablegen -*-===//
//
// The optimizers `tfc.minimize` applies, as TensorFlow 1's `tf.train.*`
// optimizers with their hyperparameters. `tfc-autodiff` turns them into
// variable updates and slot variables.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCOPTIMIZERATTRS_TD
#define TFC_DIALECT_TFC_IR_TFCOPTIMIZERATTRS_TD

include "tfc/Dialect/TFC/IR/TFCAttrs.td"

/// A hyperparameter without a default: it must be written.
class TFC_RequiredDoubleParameter<string desc>
    : TFC_DoubleParameter<"0.0", desc> {
  let defaultValue = "";
}

/// A boolean written as `true` or `false`.
class TFC_BoolParameter<string value, string desc>
    : AttrOrTypeParameter<"bool", desc> {
  let defaultValue = value;
  let parser = [{ [&]() -> ::mlir::FailureOr<bool> {
    if (::mlir::succeeded($_parser.parseOptionalKeyword("true")))
      return true;
    if (::mlir::succeeded($_parser.parseOptionalKeyword("false")))
      return false;
    return $_parser.emitError($_parser.getCurrentLocation(),
                              "expected 'true' or 'false'");
  }() }];
  let printer = [{ $_printer << ($_self ? "true" : "false") }];
}

class TFC_OptimizerAttr<string name, string attrMnemonic>
    : TFC_Attr<name, attrMnemonic> {
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def TFC_SGDAttr : TFC_OptimizerAttr<"SGD", "sgd"> {
  let summary = "plain gradient descent (`tf.train.GradientDescentOptimizer`)";
  let description = [{
    Each step subtracts `learning_rate * gradient` from every variable. No
    slot variables.

    ```mlir
    %train = tfc.minimize #tfc.sgd<learning_rate = 0.1> %loss : tensor<f32>
    ```
  }];
  let parameters = (ins
      TFC_RequiredDoubleParameter<"the learning rate">:$learning_rate);
}

def TFC_MomentumAttr : TFC_OptimizerAttr<"Momentum", "momentum"> {
  let summary = "gradient descent with momentum (`tf.train.MomentumOptimizer`)";
  let description = [{
    Keeps an accumulator per variable (the slot variable `<var>/Momentum`,
    zero-initialized): `accum = momentum * accum + gradient`, then
    `var -= learning_rate * accum`, or with `use_nesterov`
    `var -= learning_rate * (gradient + momentum * accum)`, exactly as
    TensorFlow's `ApplyMomentum`.

    ```mlir
    #tfc.momentum<learning_rate = 0.01, momentum = 0.9, use_nesterov = true>
    ```
  }];
  let parameters = (ins
      TFC_RequiredDoubleParameter<"the learning rate">:$learning_rate,
      TFC_RequiredDoubleParameter<"the momentum">:$momentum,
      TFC_BoolParameter<"false", "use Nesterov momentum">:$use_nesterov);
}

def TFC_AdamAttr : TFC_OptimizerAttr<"Adam", "adam"> {
  let summary = "Adam (`tf.train.AdamOptimizer`)";
  let description = [{
    TensorFlow 1's Adam, with its defaults: slot variables `<var>/Adam` (m)
    and `<var>/Adam_1` (v), zero-initialized, and the non-slot variables
    `beta1_power` and `beta2_power`, initialized to `beta1` and `beta2`. A
    step computes `lr_t = learning_rate * sqrt(1 - beta2_power) /
    (1 - beta1_power)`, `m += (g - m) * (1 - beta1)`,
    `v += (g * g - v) * (1 - beta2)`, `var -= lr_t * m / (sqrt(v) + epsilon)`
    for every variable, then multiplies the powers by `beta1` and `beta2`.

    ```mlir
    #tfc.adam<learning_rate = 0.1>
    #tfc.adam<learning_rate = 0.001, beta1 = 0.9, beta2 = 0.999, epsilon = 1.0e-08>
    ```
  }];
  let parameters = (ins
      TFC_DoubleParameter<"0.001", "the learning rate">:$learning_rate,
      TFC_DoubleParameter<"0.9", "decay of the first moment">:$beta1,
      TFC_DoubleParameter<"0.999", "decay of the second moment">:$beta2,
      TFC_DoubleParameter<"1e-8", "the epsilon of the denominator">:$epsilon);
  // `#tfc.adam` alone is `tf.train.AdamOptimizer()` with every default.
  let assemblyFormat = "(`<` struct(params)^ `>`)?";
}

#endif // TFC_DIALECT_TFC_IR_TFCOPTIMIZERATTRS_TD
