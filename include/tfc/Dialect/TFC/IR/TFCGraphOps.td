//===- TFCGraphOps.td - graphs and fetches -----------------*- tablegen -*-===//
//
// `tfc.graph` holds a TensorFlow graph: a graph region, so op order in the text
// means nothing and only data and control edges order execution.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCGRAPHOPS_TD
#define TFC_DIALECT_TFC_IR_TFCGRAPHOPS_TD

include "tfc/Dialect/TFC/IR/TFCBase.td"
include "tfc/Dialect/TFC/IR/TFCTypes.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TFC_GraphOp : TFC_Op<"graph", [
    RecursiveMemoryEffects, RegionKindInterface, HasOnlyGraphRegion,
    SingleBlock, NoRegionArguments]> {
  let summary = "a TensorFlow graph, run like `session.run`";
  let description = [{
    The body is a graph region: its ops form an unordered dataflow graph, as
    in TensorFlow, and may be written in any order; only the terminating
    `tfc.fetch` must come last. Only data edges and
    control tokens (`!tfc.control`) order execution. The body ends in
    `tfc.fetch`, whose tensors become the op's results, like the fetches of
    `session.run`; the control tokens it lists are run for their effects
    only, like `session.run` targets. Ops that no fetch reaches do not run.

    Data edges must not form a cycle (loops are `tfc.while`).

    An entry point is a `func.func` whose body is a `tfc.graph`; its
    arguments play the part of placeholders.

    ```mlir
    func.func @predict(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
      %r = tfc.graph -> (tensor<?x3xf32>) {
        %y = tfc.relu %z : tensor<?x3xf32>
        %z = tfc.neg %x : tensor<?x3xf32>   // used above: order is free
        tfc.fetch %y : tensor<?x3xf32>
      }
      return %r : tensor<?x3xf32>
    }
    ```
  }];
  let results = (outs Variadic<TFC_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "(`->` `(` type($results)^ `)`)? attr-dict-with-keyword $body";
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The `tfc.fetch` that ends the body.
    FetchOp getFetch();
  }];
}

def TFC_FetchOp : TFC_Op<"fetch", [
    Pure, Terminator, ReturnLike, HasParent<"GraphOp">,
    AttrSizedOperandSegments]> {
  let summary = "the fetches and targets of a `tfc.graph`";
  let description = [{
    Ends a `tfc.graph`. The tensors become the graph's results, in order; the
    control tokens after `targets` name effects that must run although
    nothing is returned for them (`session.run(train_op)`).

    ```mlir
    tfc.fetch %loss : tensor<f32> targets(%train)
    ```
  }];
  let arguments = (ins Variadic<TFC_Tensor>:$fetches,
                       Variadic<TFC_ControlType>:$targets);
  let assemblyFormat = [{
    ($fetches^ `:` type($fetches))? (`targets` `(` $targets^ `)`)? attr-dict
  }];
}

#endif // TFC_DIALECT_TFC_IR_TFCGRAPHOPS_TD
