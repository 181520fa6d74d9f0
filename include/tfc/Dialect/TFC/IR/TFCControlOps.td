//===- TFCControlOps.td - control tokens and dependencies --*- tablegen -*-===//
//
// The ops that make and merge control tokens (`tf.group`, `tf.no_op`) and
// `tfc.control_dependencies`, the region form of
// `with tf.control_dependencies(...)`.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCCONTROLOPS_TD
#define TFC_DIALECT_TFC_IR_TFCCONTROLOPS_TD

include "tfc/Dialect/TFC/IR/TFCBase.td"
include "tfc/Dialect/TFC/IR/TFCTypes.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TFC_GroupOp : TFC_Op<"group", [Pure]> {
  let summary = "merges control tokens into one (`tf.group`)";
  let description = [{
    The token it returns stands for all its inputs: an op ordered after it
    runs after every op that produced an input. It does nothing itself.
    It takes at least one token (a group of none is `tfc.no_op`; the
    operand list has no delimiters, so an empty one would swallow the next
    line of a graph region, where values may be used before they are
    defined).

    ```mlir
    %train = tfc.group %update_w, %update_b
    ```
  }];
  let arguments = (ins Variadic<TFC_ControlType>:$inputs);
  let results = (outs TFC_ControlType:$control);
  let assemblyFormat = "$inputs attr-dict";
  let hasFolder = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TFC_NoOpOp : TFC_Op<"no_op", [Pure]> {
  let summary = "an op that does nothing (`tf.no_op`)";
  let description = [{
    Runs after the ops producing its `after` tokens and does nothing else;
    its token stands for all of them. TensorFlow programs use it as a named
    target inside `tf.control_dependencies`; it means the same as
    `tfc.group` of the same tokens.

    ```mlir
    %done = tfc.no_op after(%assign, %print)
    ```
  }];
  let arguments = (ins Variadic<TFC_ControlType>:$after);
  let results = (outs TFC_ControlType:$control);
  let assemblyFormat = "(`after` `(` $after^ `)`)? attr-dict";
  let hasCanonicalizer = 1;
}

def TFC_ReadyOp : TFC_Op<"ready", [Pure]> {
  let summary = "a token for values once computed (a control edge on a node)";
  let description = [{
    The token it returns stands for the ops that computed its inputs: an
    op ordered after it runs after them. TensorFlow lets a control edge
    leave any node; when that node is a `tfc.cond` or `tfc.while` whose
    regions have effects (a variable updated in a loop's body), the token of
    its results orders later ops after those effects. It takes at least one
    value and does nothing itself.

    ```mlir
    %loop:2 = tfc.while (%i0, %x0) : ... { ... tfc.assign_add ... }
    %done = tfc.ready %loop#0 : tensor<i32>
    %v, %t = tfc.read %counter after(%done) : !tfc.var<tensor<f32>>
    ```
  }];
  let arguments =
      (ins Variadic<AnyTypeOf<[TFC_Tensor, TFC_TensorArrayType]>>:$values);
  let results = (outs TFC_ControlType:$control);
  let assemblyFormat = "$values attr-dict `:` type($values)";
  let hasVerifier = 1;
}

def TFC_ControlDependenciesOp : TFC_Op<"control_dependencies", [
    RecursiveMemoryEffects, RegionKindInterface, HasOnlyGraphRegion,
    SingleBlock, NoRegionArguments]> {
  let summary = "`with tf.control_dependencies([...])`";
  let description = [{
    Everything in the body runs after the ops that produced the tokens,
    and whenever anything the body computes is needed, those ops run too.
    This is TensorFlow 1's rule (every op created in the `with` block gets
    the control inputs, not only the effectful ones), kept because programs
    rely on it: `with tf.control_dependencies([check]): c = a + b` makes
    fetching `c` run the assertion `check`.

    The body is part of the graph (a graph region); the values it yields
    are the op's results. A value made in the body is only visible outside
    through them.

    ```mlir
    %a = tfc.var_handle @a : !tfc.var<tensor<i32>>
    %v, %read = tfc.read %a : !tfc.var<tensor<i32>>
    %new, %done = tfc.control_dependencies(%read) -> (tensor<i32>, !tfc.control) {
      %five = tfc.constant dense<5> : tensor<i32>
      %n, %t = tfc.assign %a, %five : !tfc.var<tensor<i32>>, tensor<i32>
      tfc.yield %n, %t : tensor<i32>, !tfc.control
    }
    ```
  }];
  let arguments = (ins Variadic<TFC_ControlType>:$tokens);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` $tokens `)` (`->` `(` type($results)^ `)`)? attr-dict-with-keyword
    $body
  }];
  let hasRegionVerifier = 1;
}

#endif // TFC_DIALECT_TFC_IR_TFCCONTROLOPS_TD
