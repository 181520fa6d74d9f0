//===- TFCControlFlowOps.td - cond, while and where --------*- tablegen -*-===//
//
// TensorFlow's control flow: `tf.cond` and `tf.while_loop` as ops with graph
// regions, and `tf.where`, the element-wise select.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCCONTROLFLOWOPS_TD
#define TFC_DIALECT_TFC_IR_TFCCONTROLFLOWOPS_TD

include "tfc/Dialect/TFC/IR/TFCBase.td"
include "tfc/Dialect/TFC/IR/TFCTypes.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

/// What a branch or a loop can pass on: tensors and tensor arrays, and for
/// `tfc.cond` also control tokens (an effect in a branch orders later ops
/// through the token the cond returns).
def TFC_LoopValue : AnyTypeOf<[TFC_Tensor, TFC_TensorArrayType]>;
def TFC_BranchValue
    : AnyTypeOf<[TFC_Tensor, TFC_TensorArrayType, TFC_ControlType]>;

def TFC_CondOp : TFC_Op<"cond", [
    RecursiveMemoryEffects, RegionKindInterface, HasOnlyGraphRegion,
    SingleBlock, NoRegionArguments]> {
  let summary = "runs one of two branches (`tf.cond`)";
  let description = [{
    Runs `then` when the scalar bool `pred` is true and `else` otherwise;
    only the taken branch's ops run, effects included. Each branch is a
    graph region ending in `tfc.yield`; the taken branch's yielded values
    are the results. A branch may yield a more static type than the result
    (`tensor<2xi32>` for a `tensor<?xi32>` result), not a different one.

    Ops a branch uses from outside are computed outside, whichever branch
    runs (TensorFlow 1 behaves the same way); put an effect inside a branch
    to make it conditional.

    ```mlir
    %x = tfc.cond %p : tensor<i1> -> (tensor<i32>) {
      %s = tfc.add %a, %b : tensor<i32>, tensor<i32>
      tfc.yield %s : tensor<i32>
    } else {
      %m = tfc.mul %a, %b : tensor<i32>, tensor<i32>
      tfc.yield %m : tensor<i32>
    }
    ```
  }];
  // The predicate is any tfc tensor so that the verifier, not the type
  // constraint, reports a wrong dtype or shape in TensorFlow's words.
  let arguments = (ins TFC_Tensor:$pred);
  let results = (outs Variadic<TFC_BranchValue>:$results);
  let regions = (region SizedRegion<1>:$then_branch,
                        SizedRegion<1>:$else_branch);
  let assemblyFormat = [{
    $pred `:` type($pred) (`->` `(` type($results)^ `)`)?
    attr-dict-with-keyword $then_branch `else` $else_branch
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let hasCanonicalizer = 1;
}

def TFC_WhileOp : TFC_Op<"while", [
    RecursiveMemoryEffects, RegionKindInterface, HasOnlyGraphRegion,
    SingleBlock]> {
  let summary = "a loop with loop-carried values (`tf.while_loop`)";
  let description = [{
    Starts with the loop variables `inits`; while the `cond` region, given
    the current values, yields true (`tfc.condition`), runs the `body`
    region on them, whose `tfc.yield` gives the next values. The results
    are the values for which `cond` was false.

    The loop's types (after `->`) are the shape invariants (TensorFlow's
    `shape_invariants`): an initial value may be more static than its
    invariant, and the body must yield values that fit the invariant. A
    loop variable whose shape grows needs a looser invariant such as
    `tensor<?xi32>`, or the verifier reports which value changes shape
    and how. Both regions are graph regions taking the current values as
    arguments.

    ```mlir
    // i, a, b = tf.while_loop(lambda i, a, b: i < n,
    //                         lambda i, a, b: (i + 1, b, a + b), (2, 1, 1))
    %i, %a, %b = tfc.while (%two, %one, %one)
        : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>)
    cond {
    ^bb0(%i: tensor<i32>, %a: tensor<i32>, %b: tensor<i32>):
      %lt = tfc.less %i, %n : tensor<i32>, tensor<i32>
      tfc.condition %lt : tensor<i1>
    } body {
    ^bb0(%i: tensor<i32>, %a: tensor<i32>, %b: tensor<i32>):
      %i1 = tfc.add %i, %one : tensor<i32>, tensor<i32>
      %ab = tfc.add %a, %b : tensor<i32>, tensor<i32>
      tfc.yield %i1, %b, %ab : tensor<i32>, tensor<i32>, tensor<i32>
    }
    ```
  }];
  let arguments = (ins Variadic<TFC_LoopValue>:$inits);
  let results = (outs Variadic<TFC_LoopValue>:$results);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` $inits `)` attr-dict `:` functional-type($inits, $results)
    `cond` $cond `body` $body
  }];
  let hasRegionVerifier = 1;
  let hasCanonicalizer = 1;
}

def TFC_ConditionOp : TFC_Op<"condition", [
    Pure, Terminator, ReturnLike, HasParent<"WhileOp">]> {
  let summary = "ends the condition region of a `tfc.while`";
  let description = [{
    The loop continues while `condition`, a scalar bool, is true.

    ```mlir
    tfc.condition %lt : tensor<i1>
    ```
  }];
  let arguments = (ins TFC_Tensor:$condition);
  let assemblyFormat = "$condition attr-dict `:` type($condition)";
  let hasVerifier = 1;
}

def TFC_WhereOp : TFC_Op<"where", [Pure, InferTypeOpAdaptor]> {
  let summary = "element-wise select with broadcasting (`tf.where`)";
  let description = [{
    Takes each element from `x` where `condition` is true and from `y`
    where it is false. All three broadcast against each other as in
    `tf.where` of TensorFlow 2 (`SelectV2`); `x` and `y` have one dtype.
    (TensorFlow 1's `tf.where(condition)` without `x` and `y`, which
    returns the coordinates of true elements, is not this op.)

    ```mlir
    %r = tfc.where %p, %sum, %prod : tensor<2xi1>, tensor<2xi32>, tensor<2xi32>
    ```
  }];
  let arguments = (ins TFC_BoolTensor:$condition, TFC_Tensor:$x,
                       TFC_Tensor:$y);
  let results = (outs TFC_Tensor:$output);
  let assemblyFormat = [{
    $condition `,` $x `,` $y attr-dict `:` type($condition) `,` type($x) `,`
    type($y)
  }];
  let hasFolder = 1;
}

#endif // TFC_DIALECT_TFC_IR_TFCCONTROLFLOWOPS_TD
