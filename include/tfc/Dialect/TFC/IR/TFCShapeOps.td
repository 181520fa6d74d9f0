//===- TFCShapeOps.td - shapes, reshapes, fills and casts --*- tablegen -*-===//
//
// The ops that inspect or change a tensor's shape or dtype: shape, rank,
// size, reshape, expand_dims, squeeze, tile, fill, range and cast. Result
// types are inferred from operand types and attributes; a shape given as a
// tensor operand leaves the dimensions unknown (its rank is known when the
// operand's length is).
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCSHAPEOPS_TD
#define TFC_DIALECT_TFC_IR_TFCSHAPEOPS_TD

include "tfc/Dialect/TFC/IR/TFCBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

/// The dtype of a shape, size or index result: int32 (the default) or int64.
def TFC_IndexTypeAttr : TypeAttrOf<AnyTypeOf<[I32, I64]>>;

/// An op inferring its result types in C++ (`inferReturnTypes` in
/// TFCShapeOps.cpp or TFCSliceOps.cpp). Attributes that the inference reads
/// are spelled in the assembly format, never left to `attr-dict`: the
/// parser infers the types before it turns attr-dict entries into
/// properties, so inference would not see them.
class TFC_ShapeOp<string mnemonic, list<Trait> traits = []>
    : TFC_Op<mnemonic, !listconcat(traits, [Pure, InferTypeOpAdaptor])>;

//===----------------------------------------------------------------------===//
// Inspecting shapes
//===----------------------------------------------------------------------===//

def TFC_ShapeOfOp : TFC_ShapeOp<"shape"> {
  let summary = "the shape of a tensor as a 1-D tensor (`tf.shape`)";
  let description = [{
    Int32 by default; `out_type i64` gives int64. Folds to a constant when
    the input's shape is static.

    ```mlir
    %s = tfc.shape %x : tensor<?x3xf32>                  // tensor<2xi32>
    %t = tfc.shape %x out_type i64 : tensor<*xf32>       // tensor<?xi64>
    ```
  }];
  let arguments = (ins TFC_Tensor:$input,
                       OptionalAttr<TFC_IndexTypeAttr>:$out_type);
  let results = (outs TFC_IndexTensor:$output);
  let assemblyFormat = [{
    $input (`out_type` $out_type^)? attr-dict `:` type($input)
  }];
  let hasFolder = 1;
}

def TFC_RankOp : TFC_Op<"rank", [Pure]> {
  let summary = "the number of dimensions of a tensor (`tf.rank`)";
  let description = [{
    A scalar int32; folds to a constant when the input is ranked.

    ```mlir
    %r = tfc.rank %x : tensor<*xf32>
    ```
  }];
  let arguments = (ins TFC_Tensor:$input);
  let results = (outs TFC_I32Scalar:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasFolder = 1;
}

def TFC_SizeOp : TFC_ShapeOp<"size"> {
  let summary = "the number of elements of a tensor (`tf.size`)";
  let description = [{
    A scalar, int32 unless `out_type i64`; folds to a constant when the
    input's shape is static.

    ```mlir
    %n = tfc.size %x : tensor<?x3xf32>
    ```
  }];
  let arguments = (ins TFC_Tensor:$input,
                       OptionalAttr<TFC_IndexTypeAttr>:$out_type);
  let results = (outs TFC_IndexTensor:$output);
  let assemblyFormat = [{
    $input (`out_type` $out_type^)? attr-dict `:` type($input)
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Changing shapes
//===----------------------------------------------------------------------===//

def TFC_ReshapeOp : TFC_ShapeOp<"reshape"> {
  let summary = "the same elements in a new shape (`tf.reshape`)";
  let description = [{
    The new shape is an attribute (`to [2, -1]`), whose one `-1` stands for
    the size that keeps the number of elements, or a 1-D int32/int64 tensor
    operand known only at run time: the result then has the operand's
    length as rank and unknown dimensions. Element counts that cannot
    match are an error (`Cannot reshape a tensor with 6 elements to shape
    [4,2] (8 elements)`). Reshaping a constant folds.

    ```mlir
    %y = tfc.reshape %x to [2, -1] : tensor<6xf32>             // tensor<2x3xf32>
    %z = tfc.reshape %x, %s : tensor<6xf32>, tensor<2xi32>     // tensor<?x?xf32>
    ```
  }];
  let arguments = (ins TFC_Tensor:$input,
                       Optional<TFC_IndexTensor>:$shape,
                       OptionalAttr<DenseI64ArrayAttr>:$new_shape);
  let results = (outs TFC_Tensor:$output);
  let assemblyFormat = [{
    $input (`to` $new_shape^)? (`,` $shape^)? attr-dict `:` type($input)
    (`,` type($shape)^)?
  }];
  let hasFolder = 1;
}

def TFC_ExpandDimsOp : TFC_ShapeOp<"expand_dims"> {
  let summary = "inserts a dimension of size 1 (`tf.expand_dims`)";
  let description = [{
    `axis` is in `[-rank - 1, rank]`; a negative axis counts from the end.
    Folds on constants.

    ```mlir
    %y = tfc.expand_dims %x axis 0 : tensor<3xf32>     // tensor<1x3xf32>
    %z = tfc.expand_dims %x axis -1 : tensor<3xf32>    // tensor<3x1xf32>
    ```
  }];
  let arguments = (ins TFC_Tensor:$input, I64Attr:$axis);
  let results = (outs TFC_Tensor:$output);
  let assemblyFormat = "$input `axis` $axis attr-dict `:` type($input)";
  let hasFolder = 1;
}

def TFC_SqueezeOp : TFC_ShapeOp<"squeeze"> {
  let summary = "removes dimensions of size 1 (`tf.squeeze`)";
  let description = [{
    Removes the dimensions listed in `axes`, which must have size 1 (an
    unknown size is checked at run time), or, without `axes`, every
    dimension of size 1: then an unknown dimension makes the result's rank
    unknown, as in TensorFlow. Folds on constants.

    ```mlir
    %y = tfc.squeeze %x axes [1] : tensor<3x1x1xf32>     // tensor<3x1xf32>
    %z = tfc.squeeze %x : tensor<3x1x1xf32>              // tensor<3xf32>
    ```
  }];
  let arguments = (ins TFC_Tensor:$input,
                       OptionalAttr<DenseI64ArrayAttr>:$axes);
  let results = (outs TFC_Tensor:$output);
  let assemblyFormat = "$input (`axes` $axes^)? attr-dict `:` type($input)";
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// The dimensions of the (ranked) input this squeeze removes, in
    /// ascending order: its axes made non-negative, or without axes every
    /// dimension of static size 1.
    ::llvm::SmallVector<int64_t> getRemovedDims();
  }];
}

def TFC_TileOp : TFC_ShapeOp<"tile"> {
  let summary = "repeats a tensor along each dimension (`tf.tile`)";
  let description = [{
    Dimension `i` of the result is `multiples[i]` times dimension `i` of
    the input; `multiples` has one entry per dimension. A multiple of -1 is
    known only at run time: it is entry `i` of the 1-D int32/int64 operand
    after `from` (`tf.tile(g, tf.shape(x))`, a gradient over a batch of
    unknown size), which then has one entry per dimension; a negative one
    there fails the run.

    ```mlir
    %y = tfc.tile %x multiples [2, 1] : tensor<3x4xf32>     // tensor<6x4xf32>
    %z = tfc.tile %g multiples [-1, 1] from %m : tensor<1x4xf32>, tensor<2xi32>
                                                             // tensor<?x4xf32>
    ```
  }];
  let arguments = (ins TFC_Tensor:$input, DenseI64ArrayAttr:$multiples,
                       Optional<TFC_IndexTensor>:$dynamic_multiples);
  let results = (outs TFC_Tensor:$output);
  let assemblyFormat = [{
    $input `multiples` $multiples (`from` $dynamic_multiples^)? attr-dict `:`
    type($input) (`,` type($dynamic_multiples)^)?
  }];
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// Whether some multiple is known only at run time.
    bool hasDynamicMultiples() {
      return ::llvm::is_contained(getMultiples(), -1);
    }
  }];
}

//===----------------------------------------------------------------------===//
// Making tensors
//===----------------------------------------------------------------------===//

def TFC_TransposeOp : TFC_ShapeOp<"transpose"> {
  let summary = "permutes the dimensions of a tensor (`tf.transpose`)";
  let description = [{
    Dimension `i` of the result is dimension `perm[i]` of the input. Without
    `perm` the dimensions are reversed, as in TensorFlow. `perm` must be a
    permutation of `[0, rank)`.

    ```mlir
    %y = tfc.transpose %x perm [1, 0, 2] : tensor<2x3x4xf32>    // tensor<3x2x4xf32>
    %z = tfc.transpose %x : tensor<2x3xf32>                     // tensor<3x2xf32>
    ```
  }];
  let arguments = (ins TFC_Tensor:$input, OptionalAttr<DenseI64ArrayAttr>:$perm);
  let results = (outs TFC_Tensor:$output);
  let assemblyFormat = "$input (`perm` $perm^)? attr-dict `:` type($input)";
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// The permutation: `perm`, or the reversal of the input's dimensions.
    /// Requires a ranked input.
    ::llvm::SmallVector<int64_t> getPermutation();
  }];
}

class TFC_FilledLikeOp<string mnemonic, string tfName, int fillValue>
    : TFC_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let summary = "a tensor of " # fillValue # "s shaped like another (`tf." #
                tfName # "`)";
  let description = [{
    The result has the input's shape and element type; only the input's
    (possibly dynamic) shape is used.

    ```mlir
    %z = tfc.}] # mnemonic # [{ %x : tensor<?x3xf32>
    ```
  }];
  let arguments = (ins TFC_Tensor:$input);
  let results = (outs TFC_Tensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasFolder = 1;
}

def TFC_ZerosLikeOp : TFC_FilledLikeOp<"zeros_like", "zeros_like", 0>;
def TFC_OnesLikeOp : TFC_FilledLikeOp<"ones_like", "ones_like", 1>;

def TFC_FillOp : TFC_ShapeOp<"fill"> {
  let summary = "a tensor of one value (`tf.fill`)";
  let description = [{
    A tensor of the shape given by the attribute (`to [2, 3]`) or by a 1-D
    int32/int64 operand (`tf.fill(tf.shape(x), v)`: unknown dimensions),
    every element `value`, a scalar. Folds to a splat constant when the
    value is constant and the shape static.

    ```mlir
    %z = tfc.fill %zero to [2, 3] : tensor<f32>                     // tensor<2x3xf32>
    %w = tfc.fill %zero, %dims : tensor<f32>, tensor<2xi32>         // tensor<?x?xf32>
    ```
  }];
  let arguments = (ins TFC_Tensor:$value,
                       Optional<TFC_IndexTensor>:$dims,
                       OptionalAttr<DenseI64ArrayAttr>:$shape);
  let results = (outs TFC_Tensor:$output);
  let assemblyFormat = [{
    $value (`to` $shape^)? (`,` $dims^)? attr-dict `:` type($value)
    (`,` type($dims)^)?
  }];
  let hasFolder = 1;
}

def TFC_RangeOp : TFC_ShapeOp<"range"> {
  let summary = "the sequence start, start + delta, ... below limit (`tf.range`)";
  let description = [{
    Three scalars of one numeric dtype; the result is 1-D with a length
    known at run time (`delta == 0` fails the run).

    ```mlir
    %r = tfc.range %start, %limit, %delta : tensor<i32>, tensor<i32>, tensor<i32>   // tensor<?xi32>
    ```
  }];
  let arguments = (ins TFC_NumericTensor:$start, TFC_NumericTensor:$limit,
                       TFC_NumericTensor:$delta);
  let results = (outs TFC_NumericTensor:$output);
  let assemblyFormat = [{
    $start `,` $limit `,` $delta attr-dict `:` type($start) `,` type($limit)
    `,` type($delta)
  }];
}

def TFC_CastOp : TFC_ShapeOp<"cast"> {
  let summary = "converts the elements to another dtype (`tf.cast`)";
  let description = [{
    Floats become integers by truncation toward zero, numbers become bools
    by comparison with zero, bools become 0 or 1. Folds on constants
    (except float-to-integer conversions out of range or of NaN, whose
    result TensorFlow leaves undefined) and when the dtype does not change.

    ```mlir
    %i = tfc.cast %x : tensor<2xf32> to i32     // tensor<2xi32>
    ```
  }];
  let arguments = (ins TFC_Tensor:$input, TypeAttrOf<TFC_Element>:$dtype);
  let results = (outs TFC_Tensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` $dtype";
  let hasFolder = 1;
}

#endif // TFC_DIALECT_TFC_IR_TFCSHAPEOPS_TD
