//===- TFCDebugOps.td - print, assertions and host calls ---*- tablegen -*-===//
//
// The effectful ops that talk to the host: `tf.Print`, the `tf.assert*`
// family and `tf.py_func`'s compiled analogue, a call of a C function that
// the program registers with the runtime.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCDEBUGOPS_TD
#define TFC_DIALECT_TFC_IR_TFCDEBUGOPS_TD

include "tfc/Dialect/TFC/IR/TFCBase.td"
include "tfc/Dialect/TFC/IR/TFCTypes.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

/// What the outside world sees: printed text, a failed run, a host
/// function's own effects. Ops touching it are ordered among themselves by
/// their tokens only, like any other effect.
def TFC_HostResource : Resource<"::mlir::tfc::HostResource">;

def TFC_PrintOp : TFC_Op<"print", [
    InferTypeOpAdaptor, AttrSizedOperandSegments,
    MemoryEffects<[MemRead<TFC_HostResource>, MemWrite<TFC_HostResource>]>]> {
  let summary = "prints tensors and passes its input through (`tf.Print`)";
  let description = [{
    When it runs, prints `message` followed by the tensors of `data` to the
    runtime's print hook (standard error by default) and returns `input`
    unchanged. Like every op it runs only when something needs it: use its
    result instead of `input`, or order it with its token.
    `first_n` (print only the first n times) and `summarize` (elements
    printed per tensor) are TensorFlow's attributes.

    ```mlir
    %a2, %printed = tfc.print %a, [%a, %b] message "a and b: " : tensor<2xf32>, [tensor<2xf32>, tensor<f32>]
    ```
  }];
  let arguments = (ins TFC_Tensor:$input, Variadic<TFC_Tensor>:$data,
                       OptionalAttr<StrAttr>:$message,
                       OptionalAttr<I64Attr>:$first_n,
                       OptionalAttr<I64Attr>:$summarize,
                       Variadic<TFC_ControlType>:$after);
  let results = (outs TFC_Tensor:$output, TFC_ControlType:$control);
  let assemblyFormat = [{
    $input (`,` `[` $data^ `]`)? (`message` $message^)?
    (`after` `(` $after^ `)`)? attr-dict `:` type($input)
    (`,` `[` type($data)^ `]`)?
  }];
}

/// The `tf.assert*` ops: each returns a control token, the only way to make
/// it run, and fails the run (an error status, never an abort) with
/// `message` when its check fails. An assertion that is statically false is
/// a compile-time error (`tfc-check-asserts`); one that is statically true
/// folds away.
class TFC_AssertOpBase<string mnemonic, list<Trait> traits = []>
    : TFC_Op<mnemonic, !listconcat(traits, [
        MemoryEffects<[MemWrite<TFC_HostResource>]>])> {
  let results = (outs TFC_ControlType:$control);
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    /// Whether the assertion holds, when that is known at compile time
    /// (from types and constant operands).
    std::optional<bool> evaluateStatically();
  }];
}

def TFC_AssertOp : TFC_AssertOpBase<"assert", [AttrSizedOperandSegments]> {
  let summary = "fails the run when a condition is false (`tf.Assert`)";
  let description = [{
    `condition` is a scalar bool. When it is false the run fails with
    `message` followed by the tensors of `data`.

    ```mlir
    %ok = tfc.assert %positive, [%x] message "x must be positive" : tensor<i1>, [tensor<3xf32>]
    ```
  }];
  let arguments = (ins TFC_BoolTensor:$condition, Variadic<TFC_Tensor>:$data,
                       OptionalAttr<StrAttr>:$message,
                       OptionalAttr<I64Attr>:$summarize,
                       Variadic<TFC_ControlType>:$after);
  let assemblyFormat = [{
    $condition (`,` `[` $data^ `]`)? (`message` $message^)?
    (`after` `(` $after^ `)`)? attr-dict `:` type($condition)
    (`,` `[` type($data)^ `]`)?
  }];
  let hasVerifier = 1;
}

def TFC_AssertRankOp : TFC_AssertOpBase<"assert_rank"> {
  let summary = "checks a tensor's rank (`tf.assert_rank`)";
  let description = [{
    Fails the run when `input` does not have rank `rank`. As in TensorFlow,
    a rank known at compile time is checked at once: a wrong one is a
    verifier error, a right one folds the assertion away.

    ```mlir
    %ok = tfc.assert_rank %x rank 2 : tensor<*xf32>
    ```
  }];
  let arguments = (ins TFC_Tensor:$input, I64Attr:$rank,
                       OptionalAttr<StrAttr>:$message,
                       Variadic<TFC_ControlType>:$after);
  let assemblyFormat = [{
    $input `rank` $rank (`message` $message^)? (`after` `(` $after^ `)`)?
    attr-dict `:` type($input)
  }];
  let hasVerifier = 1;
}

def TFC_AssertPositiveOp : TFC_AssertOpBase<"assert_positive"> {
  let summary = "checks that every element is > 0 (`tf.assert_positive`)";
  let description = [{
    Fails the run when an element of `input` is not positive.

    ```mlir
    %ok = tfc.assert_positive %x message "x" : tensor<?xf32>
    ```
  }];
  let arguments = (ins TFC_NumericTensor:$input,
                       OptionalAttr<StrAttr>:$message,
                       Variadic<TFC_ControlType>:$after);
  let assemblyFormat = [{
    $input (`message` $message^)? (`after` `(` $after^ `)`)? attr-dict `:`
    type($input)
  }];
}

def TFC_HostCallOp : TFC_Op<"host_call", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead<TFC_HostResource>, MemWrite<TFC_HostResource>]>]> {
  let summary = "calls a C function registered with the runtime (`tf.py_func`)";
  let description = [{
    Calls the host function registered under `callee` with the runtime
    (`tfc_host_register`) and returns its results and a control
    token. The name is looked up when the call runs; a missing function, or
    results of other dtypes or shapes than declared, fail the run with an
    error status. The function may have any effect, so the call is ordered
    like every effectful op, by its tokens; it is never folded or moved.

    ```mlir
    %y, %done = tfc.host_call @my_relu(%x) : (tensor<?xf32>) -> tensor<?xf32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<TFC_Tensor>:$args,
                       Variadic<TFC_ControlType>:$after);
  let results = (outs Variadic<TFC_Tensor>:$outputs,
                      TFC_ControlType:$control);
  let assemblyFormat = [{
    $callee `(` $args `)` (`after` `(` $after^ `)`)? attr-dict `:`
    functional-type($args, $outputs)
  }];
}

#endif // TFC_DIALECT_TFC_IR_TFCDEBUGOPS_TD
