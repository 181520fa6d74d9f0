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

//===----------------------------------------------------------------------===//
// Convolution and pooling (NHWC)
//===----------------------------------------------------------------------===//

/// The attributes of a sliding window over the two spatial dimensions of
/// an NHWC tensor, spelled as `tf.nn` spells them: 4-element `strides`
/// (and `ksize`, `dilations`) and the padding "SAME" or "VALID".
class TFC_WindowOp<string mnemonic, list<Trait> traits = []>
    : TFC_Op<mnemonic, !listconcat([Pure], traits)> {
  code windowDeclarations = [{
    /// The spatial geometry of this op for its operands' static sizes (the
    /// pads TensorFlow's SAME arithmetic puts before and after each of H and
    /// W). Requires a verified op.
    ::mlir::tfc::Window2D getWindow();
  }];
}

def TFC_Conv2DOp : TFC_WindowOp<"conv2d", [InferTypeOpAdaptor]> {
  let summary = "2-D convolution of NHWC input with an HWIO filter "
                "(`tf.nn.conv2d`)";
  let description = [{
    Computes `output[n, i, j, f] = sum(input[n, i*sh + di*dh - pt,
    j*sw + dj*dw - pl, c] * filter[di, dj, c, f])` over `di`, `dj` and `c`,
    as `tf.nn.conv2d` with `data_format = "NHWC"`: `input` is
    `[batch, height, width, in_channels]` and `filter` is
    `[filter_height, filter_width, in_channels, out_channels]`.

    `strides` and `dilations` have 4 elements, 1 for the batch and channel
    dimensions; `dilations` defaults to all ones. With `padding = "VALID"`
    there is no padding; with `"SAME"` the output has `ceil(in / stride)`
    rows and columns and the input is padded with zeros by
    `max((out - 1) * stride + (k - 1) * dilation + 1 - in, 0)`, half of it
    (rounded down) before and the rest after, as TensorFlow does.

    ```mlir
    %y = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME"
        : tensor<8x64x64x32xf32>, tensor<5x5x32x32xf32>
    %z = tfc.conv2d %x, %w strides [1, 2, 2, 1] padding "VALID"
        dilations [1, 2, 2, 1] : tensor<?x28x28x1xf32>, tensor<3x3x1x8xf32>
    ```
  }];
  let arguments = (ins TFC_FloatTensor:$input, TFC_FloatTensor:$filter,
                       DenseI64ArrayAttr:$strides, StrAttr:$padding,
                       DefaultValuedOptionalAttr<DenseI64ArrayAttr,
                                                 "{1, 1, 1, 1}">:$dilations);
  let results = (outs TFC_FloatTensor:$output);
  let assemblyFormat = [{
    $input `,` $filter `strides` $strides `padding` $padding
    (`dilations` $dilations^)? attr-dict `:` type($input) `,` type($filter)
  }];
  let extraClassDeclaration = windowDeclarations;
}

/// max_pool and avg_pool: a `ksize` window over H and W of each channel.
class TFC_PoolOp<string mnemonic, string tfName, string what,
                 Type elementTensor>
    : TFC_WindowOp<mnemonic, [InferTypeOpAdaptor]> {
  let summary = "the " # what # " of each window (`tf.nn." # mnemonic #
                "`, `" # tfName # "`)";
  let description = [{
    Slides a `ksize` window with `strides` over the height and width of the
    NHWC `input` and takes the }] # what # [{ of each window, per channel, as
    `tf.nn.}] # mnemonic # [{` does. `ksize` and `strides` have 4 elements,
    1 for the batch and channel dimensions. The output size and the SAME
    padding follow `tfc.conv2d`; padded positions never count: }] #
    !if(!eq(mnemonic, "max_pool"),
        "they are -inf for the maximum.",
        "the average divides by the number of input elements in the window.")
    # [{

    ```mlir
    %y = tfc.}] # mnemonic # [{ %x ksize [1, 2, 2, 1] strides [1, 2, 2, 1]
        padding "SAME" : tensor<?x28x28x32xf32>
    ```
  }];
  let arguments = (ins elementTensor:$input, DenseI64ArrayAttr:$ksize,
                       DenseI64ArrayAttr:$strides, StrAttr:$padding);
  let results = (outs elementTensor:$output);
  let assemblyFormat = [{
    $input `ksize` $ksize `strides` $strides `padding` $padding attr-dict `:`
    type($input)
  }];
  let extraClassDeclaration = windowDeclarations;
}

def TFC_MaxPoolOp
    : TFC_PoolOp<"max_pool", "MaxPool", "maximum", TFC_NumericTensor>;
def TFC_AvgPoolOp
    : TFC_PoolOp<"avg_pool", "AvgPool", "average", TFC_FloatTensor>;

#endif // TFC_DIALECT_TFC_IR_TFCNNOPS_TD
