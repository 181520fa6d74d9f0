//===- TFCTrainingOps.td - gradients, optimizers, gradient kernels -------===//
//
// Training in the graph: `tfc.gradients` (tf.gradients), `tfc.minimize`
// (optimizer.minimize) and the gradient kernels the expanded gradient graphs
// use. `tfc-autodiff` expands the first two; the kernels are ordinary ops.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCTRAININGOPS_TD
#define TFC_DIALECT_TFC_IR_TFCTRAININGOPS_TD

include "tfc/Dialect/TFC/IR/TFCAttrs.td"
include "tfc/Dialect/TFC/IR/TFCBase.td"
include "tfc/Dialect/TFC/IR/TFCDebugOps.td"
include "tfc/Dialect/TFC/IR/TFCMathOps.td"
include "tfc/Dialect/TFC/IR/TFCNNOps.td"
include "tfc/Dialect/TFC/IR/TFCTypes.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TFC_Optimizer : AnyAttrOf<[TFC_SGDAttr, TFC_MomentumAttr, TFC_AdamAttr]>;

//===----------------------------------------------------------------------===//
// Gradients and optimizers
//===----------------------------------------------------------------------===//

def TFC_GradientsOp : TFC_Op<"gradients", [
    Pure, AttrSizedOperandSegments, InferTypeOpAdaptor]> {
  let summary = "symbolic gradients (`tf.gradients`)";
  let description = [{
    The gradient of the sum of the elements of `y` with respect to each of
    `xs`, as `tf.gradients(y, xs)`: a tensor of the graph, or a variable
    handle, whose gradient is the sum over every read of the variable in the
    graph. With `grad_ys`, the gradient of `sum(y * grad_ys)` (the
    `grad_ys` argument of `tf.gradients`). Each result has the type of its
    `x` (the value type for a variable).

    `tfc-autodiff` replaces the op with the reverse-mode gradient graph,
    built from the gradients the ops declare through
    `DifferentiableOpInterface`. Differentiating through an op without a
    gradient is an error naming the op; an `x` that `y` does not depend on
    gets a zero gradient and a warning (TensorFlow returns None).

    ```mlir
    %gx, %gw = tfc.gradients %loss wrt(%x, %w : tensor<4xf32>, !tfc.var<tensor<3xf32>>) : tensor<f32>
    %gs = tfc.gradients %y wrt(%x : tensor<4xf32>) grad_ys(%dy : tensor<4xf32>) : tensor<4xf32>
    ```
  }];
  let arguments = (ins TFC_FloatTensor:$y,
                       Variadic<AnyTypeOf<[TFC_FloatTensor, TFC_VarType]>>:$xs,
                       Optional<TFC_FloatTensor>:$grad_ys);
  let results = (outs Variadic<TFC_FloatTensor>:$gradients);
  let assemblyFormat = [{
    $y `wrt` `(` $xs `:` qualified(type($xs)) `)`
    (`grad_ys` `(` $grad_ys^ `:` type($grad_ys) `)`)? attr-dict `:` type($y)
  }];
  let hasVerifier = 1;
}

def TFC_MinimizeOp : TFC_Op<"minimize", [AttrSizedOperandSegments]> {
  let summary = "one optimizer step on a loss (`optimizer.minimize(loss)`)";
  let description = [{
    Updates the variables to decrease `loss` with `optimizer` (`#tfc.sgd`,
    `#tfc.momentum`, `#tfc.adam`): the variables of `var_list`, or every
    trainable variable (TRAINABLE_VARIABLES) the graph reads when the list
    is absent, as `optimizer.minimize(loss, var_list=...)`. The result is a
    control token, the `train_op`: fetch it as a target to take a step.

    `tfc-autodiff` expands it into the gradient graph and the optimizer's
    updates (`tfc.assign_sub` and friends), creating the optimizer's slot
    variables as global variables named as TensorFlow names them
    (`w/Adam`, `w/Adam_1`, `beta1_power`, `w/Momentum`). Every update runs
    after all the graph's accesses to its variable that do not depend on
    the step itself, and after the `after` tokens. A trainable variable the
    loss does not depend on is left alone; none at all is an error.

    ```mlir
    %train = tfc.minimize #tfc.adam<learning_rate = 0.1> %loss : tensor<f32>
    %step = tfc.minimize #tfc.sgd<learning_rate = 0.5> %loss
        var_list(%w : !tfc.var<tensor<3x1xf32>>) : tensor<f32>
    tfc.fetch %loss : tensor<f32> targets(%train)
    ```
  }];
  let arguments = (ins TFC_FloatTensor:$loss, TFC_Optimizer:$optimizer,
                       Variadic<TFC_VarType>:$var_list,
                       Variadic<TFC_ControlType>:$after);
  let results = (outs TFC_ControlType:$control);
  let assemblyFormat = [{
    $optimizer $loss
    (`var_list` `(` $var_list^ `:` qualified(type($var_list)) `)`)?
    (`after` `(` $after^ `)`)? attr-dict `:` type($loss)
  }];
  let hasVerifier = 1;
}

def TFC_AllReduceGradientsOp : TFC_Op<"all_reduce_gradients", [
    AttrSizedOperandSegments, InferTypeOpAdaptor,
    MemoryEffects<[MemRead<TFC_HostResource>, MemWrite<TFC_HostResource>]>]> {
  let summary = "sums a data-parallel step's gradients over the processes";
  let description = [{
    The gradient exchange of a data-parallel training step (`tfc-autodiff
    data-parallel=true`, `docs/distributed.md`). Each process of the job
    (each rank under `mpirun`) gives its `gradients`, computed on a batch of
    as many examples as `batch` has rows (its first dimension; 1 without
    `batch`). The mean of the processes' gradients, each weighted by its
    batch, is each of `sums` times `scale`. The op returns the two factors
    so that the scaling happens where the gradients are read, fused into
    the optimizer's update, rather than in a pass over them of its own.

    With equal batches `sums` are the plain sums over the processes and
    `scale` is 1 / their number; with unequal ones each process's
    gradients are weighted before the sum and `scale` is 1. A process
    alone (no job) gets its `gradients` back and 1. A process that fails
    fails the exchange on every process, with its rank and message. All
    the gradients travel in one exchange (the small ones packed together);
    each is summed in its own buffer.

    ```mlir
    %sw, %sb, %scale = tfc.all_reduce_gradients %gw, %gb weighted by %x : tensor<?x784xf32> : tensor<784x512xf32>, tensor<512xf32>
    %mean = tfc.mul %sw, %scale : tensor<784x512xf32>, tensor<f32>
    ```
  }];
  let arguments = (ins Variadic<StaticShapeTensorOf<[F32]>>:$gradients,
                       Optional<TFC_Tensor>:$batch);
  let results = (outs Variadic<StaticShapeTensorOf<[F32]>>:$sums,
                      0DTensorOf<[F32]>:$scale);
  let assemblyFormat = [{
    $gradients (`weighted` `by` $batch^ `:` type($batch))? attr-dict `:`
    type($gradients)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Gradient kernels
//===----------------------------------------------------------------------===//

def TFC_ReluGradOp : TFC_ArithmeticOp<"relu_grad", "ReluGrad"> {
  let summary = "the gradient of relu (`ReluGrad`)";
  let description = [{
    `gradients` where `features > 0`, else 0, element-wise with
    broadcasting: TensorFlow's `ReluGrad` kernel, evaluated as a select (a
    masked NaN gradient gives 0). The gradients of `relu`, `abs`,
    `maximum`, `minimum`, `reduce_max` and `pow` use it as their mask.

    ```mlir
    %dx = tfc.relu_grad %dy, %x : tensor<?x3xf32>, tensor<?x3xf32>
    ```
  }];
}

def TFC_BroadcastLikeOp : TFC_Op<"broadcast_like", [
    Pure, InferTypeOpAdaptor]> {
  let summary = "broadcasts a tensor to the shape of another";
  let description = [{
    The tensor of `like`'s shape and `input`'s element type whose elements
    are `input`'s, broadcast: the gradient of a reduction spreads its
    incoming gradient this way (`tf.broadcast_to(dy, tf.shape(x))`). The
    values of `like` are not used, only its (possibly dynamic) shape.

    Without `dims`, `input` broadcasts as in NumPy: shapes align on the
    right and each dimension of `input` is 1 or `like`'s. With `dims`,
    those dimensions of the result are new (size-1 in `input`'s place, as
    the dimensions a reduction without `keep_dims` dropped) and `input`'s
    dimensions pair in order with the remaining ones. Dimensions that
    cannot pair are an error.

    ```mlir
    %dx = tfc.broadcast_like %dy to %x dims [1] : tensor<4xf32>, tensor<4x3xf32>
    %ones = tfc.broadcast_like %one to %x : tensor<f32>, tensor<?x3xf32>
    ```
  }];
  let arguments = (ins TFC_Tensor:$input, TFC_Tensor:$like,
                       OptionalAttr<DenseI64ArrayAttr>:$dims);
  let results = (outs TFC_Tensor:$output);
  let assemblyFormat = [{
    $input `to` $like (`dims` $dims^)? attr-dict `:` type($input) `,`
    type($like)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// For each dimension of `input`, the dimension of the result it
    /// becomes. Requires ranked operands that verify.
    ::llvm::SmallVector<int64_t> getInputToResultDims();
  }];
}

//===----------------------------------------------------------------------===//
// Gradient kernels of convolution and pooling
//===----------------------------------------------------------------------===//

def TFC_4DFloatTensor : TensorRankOf<[TFC_FloatElement], [4]>;

/// A window op's gradient with respect to one of its operands: it has the
/// window attributes of the forward op and the type of that operand.
class TFC_WindowGradOp<string mnemonic, string tfName, string operandName,
                       list<Trait> traits = []>
    : TFC_WindowOp<mnemonic, !listconcat(traits, [
          AllTypesMatch<[operandName, "output"]>])> {
  let summary = "gradient kernel `" # tfName # "`";
  let results = (outs TFC_4DFloatTensor:$output);
  let hasVerifier = 1;
}

def TFC_Conv2DBackpropInputOp
    : TFC_WindowGradOp<"conv2d_backprop_input", "Conv2DBackpropInput",
                       "input"> {
  let description = [{
    The gradient of `tfc.conv2d` with respect to its input: every element
    of `out_backprop` (the gradient of the convolution's output) is spread
    back over the input window it came from, weighted by the filter.
    `input` is the convolution's input, of which only the shape is used
    (TensorFlow passes `input_sizes`).

    ```mlir
    %dx = tfc.conv2d_backprop_input %x, %w, %dy strides [1, 1, 1, 1]
        padding "SAME" : tensor<2x5x5x3xf32>, tensor<3x3x3x4xf32>,
        tensor<2x5x5x4xf32>
    ```
  }];
  let arguments = (ins TFC_4DFloatTensor:$input, TFC_4DFloatTensor:$filter,
                       TFC_4DFloatTensor:$out_backprop,
                       DenseI64ArrayAttr:$strides, StrAttr:$padding,
                       DefaultValuedOptionalAttr<DenseI64ArrayAttr,
                                                 "{1, 1, 1, 1}">:$dilations);
  let assemblyFormat = [{
    $input `,` $filter `,` $out_backprop `strides` $strides `padding` $padding
    (`dilations` $dilations^)? attr-dict `:` type($input) `,` type($filter)
    `,` type($out_backprop)
  }];
  let extraClassDeclaration = windowDeclarations;
}

def TFC_Conv2DBackpropFilterOp
    : TFC_WindowGradOp<"conv2d_backprop_filter", "Conv2DBackpropFilter",
                       "filter"> {
  let description = [{
    The gradient of `tfc.conv2d` with respect to its filter: the
    correlation of the (padded) input with `out_backprop`. Only the shape
    of `filter` is used (TensorFlow passes `filter_sizes`).

    ```mlir
    %dw = tfc.conv2d_backprop_filter %x, %w, %dy strides [1, 1, 1, 1]
        padding "SAME" : tensor<2x5x5x3xf32>, tensor<3x3x3x4xf32>,
        tensor<2x5x5x4xf32>
    ```
  }];
  let arguments = (ins TFC_4DFloatTensor:$input, TFC_4DFloatTensor:$filter,
                       TFC_4DFloatTensor:$out_backprop,
                       DenseI64ArrayAttr:$strides, StrAttr:$padding,
                       DefaultValuedOptionalAttr<DenseI64ArrayAttr,
                                                 "{1, 1, 1, 1}">:$dilations);
  let assemblyFormat = [{
    $input `,` $filter `,` $out_backprop `strides` $strides `padding` $padding
    (`dilations` $dilations^)? attr-dict `:` type($input) `,` type($filter)
    `,` type($out_backprop)
  }];
  let extraClassDeclaration = windowDeclarations;
}

class TFC_PoolGradOp<string mnemonic, string tfName, string rule>
    : TFC_WindowGradOp<mnemonic, tfName, "input"> {
  let description = [{
    The gradient of `tfc.}] # !subst("_grad", "", mnemonic) # [{` with
    respect to its input: }] # rule # [{ `input` is the pooling's input.

    ```mlir
    %dx = tfc.}] # mnemonic # [{ %x, %dy ksize [1, 2, 2, 1]
        strides [1, 2, 2, 1] padding "VALID"
        : tensor<1x4x4x3xf32>, tensor<1x2x2x3xf32>
    ```
  }];
  let arguments = (ins TFC_4DFloatTensor:$input, TFC_4DFloatTensor:$grad,
                       DenseI64ArrayAttr:$ksize, DenseI64ArrayAttr:$strides,
                       StrAttr:$padding);
  let assemblyFormat = [{
    $input `,` $grad `ksize` $ksize `strides` $strides `padding` $padding
    attr-dict `:` type($input) `,` type($grad)
  }];
  let extraClassDeclaration = windowDeclarations;
}

def TFC_MaxPoolGradOp : TFC_PoolGradOp<"max_pool_grad", "MaxPoolGrad", [{
    each window's gradient goes to the first element (in row-major order)
    holding the window's maximum, as TensorFlow's CPU kernel routes it.
  }]>;
def TFC_AvgPoolGradOp : TFC_PoolGradOp<"avg_pool_grad", "AvgPoolGrad", [{
    each window's gradient is shared equally by the input elements of the
    window (padding excluded, as in the forward average).
  }]>;

#endif // TFC_DIALECT_TFC_IR_TFCTRAININGOPS_TD
