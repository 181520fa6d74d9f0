//===- TFCNNOps.td - softmax, cross-entropy, tf.nn ops ----*- tablegen -*-===//
//
// The numerically stable building blocks of `tf.nn`: softmax and
// log-softmax, logsumexp, softmax cross-entropy, softplus, the L2 loss and
// bias_add. tfc-stable-softmax rewrites the naive formulas users write by
// hand into these ops; their lowerings are the stable ones.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCNNOPS_TD
#define TFC_DIALECT_TFC_IR_TFCNNOPS_TD

include "tfc/Dialect/TFC/IR/TFCBase.td"
include "tfc/Dialect/TFC/IR/TFCMathOps.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Softmax and log-softmax
//===----------------------------------------------------------------------===//

/// A normalization along one axis of `logits` (the last by default); the
/// result has the operand's type.
class TFC_SoftmaxLikeOp<string mnemonic, string tfName, string formula>
    : TFC_Op<mnemonic,
             [Pure, SameOperandsAndResultType, InferTypeOpInterface]> {
  let summary = "`tf.nn." # tfName # "` along one axis";
  let description = [{
    Computes `}] # formula # [{` along `axis` (the last axis when absent;
    negative axes count from the end), as `tf.nn.}] # tfName # [{` does. It
    is evaluated stably: the maximum along the axis is subtracted before
    exponentiating, so large logits do not overflow
    (`}] # mnemonic # [{([1000, 0])` is `}] #
    !if(!eq(mnemonic, "softmax"), "[1, 0]", "[0, -1000]") # [{`). The logits
    have at least one dimension; an axis out of range is an error.

    ```mlir
    %p = tfc.}] # mnemonic # [{ %logits : tensor<?x10xf32>
    %q = tfc.}] # mnemonic # [{ %logits axis 0 : tensor<?x10xf32>
    ```
  }];
  let arguments = (ins TFC_FloatTensor:$logits,
                       DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs TFC_FloatTensor:$output);
  let assemblyFormat = "$logits (`axis` $axis^)? attr-dict `:` type($logits)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// The axis normalized to [0, rank). Requires a ranked operand.
    int64_t getNormalizedAxis();
  }];
  let extraClassDefinition = [{
    int64_t $cppClass::getNormalizedAxis() {
      int64_t rank =
          ::llvm::cast<::mlir::RankedTensorType>(getLogits().getType())
              .getRank();
      // I64Attr's accessor is unsigned; the axis may be negative.
      int64_t axis = getAxisAttr().getInt();
      return axis < 0 ? axis + rank : axis;
    }
  }];
}

def TFC_SoftmaxOp
    : TFC_SoftmaxLikeOp<"softmax", "softmax", "e^x / sum(e^x)">;
def TFC_LogSoftmaxOp
    : TFC_SoftmaxLikeOp<"log_softmax", "log_softmax", "x - ln(sum(e^x))">;

//===----------------------------------------------------------------------===//
// Reductions and losses
//===----------------------------------------------------------------------===//

def TFC_ReduceLogSumExpOp
    : TFC_ReductionOp<"reduce_logsumexp", "reduce_logsumexp", TFC_FloatTensor>;

def TFC_SoftmaxCrossEntropyWithLogitsOp
    : TFC_Op<"softmax_cross_entropy_with_logits", [Pure, InferTypeOpAdaptor]> {
  let summary = "softmax cross-entropy per example "
                "(`tf.nn.softmax_cross_entropy_with_logits`)";
  let description = [{
    Computes `-sum(labels * log_softmax(logits))` along the last axis: the
    cross-entropy between the distribution `labels` and the softmax of
    `logits`, one value per example. `labels` and `logits` have the same
    shape with at least one dimension; the result has the shape of `logits`
    without its last dimension. It is evaluated stably (with labels
    `[0.5, 0.5]` and logits `[1000, 0]` the loss is 500, not inf). A
    dynamic dimension is assumed to agree with the other operand's.

    ```mlir
    %loss = tfc.softmax_cross_entropy_with_logits %labels, %logits
        : tensor<?x10xf32>, tensor<?x10xf32>
    ```
  }];
  let arguments = (ins TFC_FloatTensor:$labels, TFC_FloatTensor:$logits);
  let results = (outs TFC_FloatTensor:$loss);
  let assemblyFormat = [{
    $labels `,` $logits attr-dict `:` type($labels) `,` type($logits)
  }];
}

def TFC_L2LossOp : TFC_Op<"l2_loss", [Pure, InferTypeOpAdaptor]> {
  let summary = "half the sum of squares (`tf.nn.l2_loss`)";
  let description = [{
    Computes `sum(x * x) / 2` over every element of `input`; the result is
    a scalar of the input's element type, whatever the input's rank.

    ```mlir
    %l = tfc.l2_loss %w : tensor<784x512xf32>
    ```
  }];
  let arguments = (ins TFC_FloatTensor:$input);
  let results = (outs 0DTensorOf<[TFC_FloatElement]>:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

//===----------------------------------------------------------------------===//
// Element-wise activations
//===----------------------------------------------------------------------===//

def TFC_SoftplusOp
    : TFC_UnaryOp<"softplus", "nn.softplus", TFC_FloatTensor, "ln(1 + e^x)">;

//===----------------------------------------------------------------------===//
// Bias
//===----------------------------------------------------------------------===//

def TFC_BiasAddOp : TFC_Op<"bias_add", [Pure, InferTypeOpAdaptor]> {
  let summary = "adds a bias along the last dimension (`tf.nn.bias_add`)";
  let description = [{
    Adds the rank-1 `bias` to `value` along its last (channel) dimension,
    the NHWC layout of `tf.nn.bias_add`. `value` has at least two
    dimensions and its last one has the size of `bias` (`Must provide as
    many biases as the last dimension of the input tensor: [4] vs. [2,3]`).
    The result has the type of `value`, with a dynamic channel dimension
    refined by the bias's size.

    ```mlir
    %y = tfc.bias_add %conv, %b : tensor<?x28x28x32xf32>, tensor<32xf32>
    ```
  }];
  let arguments = (ins TFC_NumericTensor:$value, TFC_NumericTensor:$bias);
  let results = (outs TFC_NumericTensor:$output);
  let assemblyFormat = [{
    $value `,` $bias attr-dict `:` type($value) `,` type($bias)
  }];
  let hasFolder = 1;
}

#endif // TFC_DIALECT_TFC_IR_TFCNNOPS_TD
