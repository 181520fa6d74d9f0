//===- TFCCheckpointOps.td - a graph's own saver ---------*- tablegen -*-===//
//
// `tf.train.Saver`'s ops inside a graph: SaveV2 and RestoreV2 write and read
// a checkpoint whose path is a tensor of the graph, so that an entry point
// targeting `save/control_dependency` or `save/restore_all` behaves as
// `saver.save` and `saver.restore` do in a TensorFlow session.
//
// Paths are TensorFlow scalar strings, which tfc holds as their bytes: a
// `tensor<?xi8>` (docs/dialect.md, "Strings").
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCCHECKPOINTOPS_TD
#define TFC_DIALECT_TFC_IR_TFCCHECKPOINTOPS_TD

include "tfc/Dialect/TFC/IR/TFCBase.td"
include "tfc/Dialect/TFC/IR/TFCTypes.td"
include "tfc/Dialect/TFC/IR/TFCDebugOps.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

/// A TensorFlow scalar string: its bytes, without a terminating NUL.
def TFC_StringBytes : 1DTensorOf<[I8]>;

def TFC_SaveTensorsOp : TFC_Op<"save_tensors", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead<TFC_HostResource>, MemWrite<TFC_HostResource>]>]> {
  let summary = "writes tensors as a TensorFlow checkpoint (`SaveV2`)";
  let description = [{
    When it runs, writes `tensors` under the names `tensor_names` as a
    TensorFlow checkpoint of format V2 at the prefix `prefix` (the bytes of
    a path: `PREFIX.index` and `PREFIX.data-00000-of-00001`), replacing
    the files atomically as `tfc_store_save_tensorflow` does. A failure
    (an unwritable directory, two tensors of one name) fails the run with
    an error status naming the file. Returns a control token.

    ```mlir
    %done = tfc.save_tensors %path, ["b", "w"] (%b, %w)
        : tensor<?xi8>, (tensor<1xf32>, tensor<1xf32>)
    ```
  }];
  let arguments = (ins TFC_StringBytes:$prefix, Variadic<TFC_Tensor>:$tensors,
                       StrArrayAttr:$tensor_names,
                       Variadic<TFC_ControlType>:$after);
  let results = (outs TFC_ControlType:$control);
  let assemblyFormat = [{
    $prefix `,` $tensor_names `(` $tensors `)` (`after` `(` $after^ `)`)?
    attr-dict `:` type($prefix) `,` `(` type($tensors) `)`
  }];
  let hasVerifier = 1;
}

def TFC_RestoreTensorsOp : TFC_Op<"restore_tensors", [
    MemoryEffects<[MemRead<TFC_HostResource>, MemWrite<TFC_HostResource>]>]> {
  let summary = "reads tensors from a checkpoint (`RestoreV2`)";
  let description = [{
    When it runs, reads the tensors `tensor_names` of the checkpoint at
    `prefix` (TensorFlow's format V2, or tfc's own, told apart by the
    files) and returns them with a control token. Each tensor must have
    its result's dtype and shape; a missing tensor, another type, or a
    damaged file fails the run with an error status naming the file and
    the tensor. The results are values: assigning them to variables is up
    to the graph (`save/Assign`).

    ```mlir
    %b, %w, %done = tfc.restore_tensors %path, ["b", "w"]
        : tensor<?xi8> -> tensor<1xf32>, tensor<1xf32>
    ```
  }];
  let arguments = (ins TFC_StringBytes:$prefix, StrArrayAttr:$tensor_names,
                       Variadic<TFC_ControlType>:$after);
  let results = (outs Variadic<TFC_Tensor>:$outputs,
                      TFC_ControlType:$control);
  let assemblyFormat = [{
    $prefix `,` $tensor_names (`after` `(` $after^ `)`)? attr-dict `:`
    type($prefix) `->` type($outputs)
  }];
  let hasVerifier = 1;
}

#endif // TFC_DIALECT_TFC_IR_TFCCHECKPOINTOPS_TD
