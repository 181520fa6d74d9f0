//===- TFCSliceOps.td - joining, slicing and indexing ------*- tablegen -*-===//
//
// concat, stack, unstack, slice, strided_slice, gather,
// unsorted_segment_sum, top_k, argmax and one_hot, with TensorFlow's shape
// rules and messages. Positions and sizes that TensorFlow takes as tensors
// are attributes here (unsorted_segment_sum's num_segments too), except the
// values that select data (gather's indices, one_hot's on/off values).
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCSLICEOPS_TD
#define TFC_DIALECT_TFC_IR_TFCSLICEOPS_TD

include "tfc/Dialect/TFC/IR/TFCShapeOps.td"

def TFC_ConcatOp : TFC_ShapeOp<"concat"> {
  let summary = "joins tensors along a dimension (`tf.concat`)";
  let description = [{
    The inputs have one dtype and one rank (at least 1) and agree on every
    dimension but `axis`, along which the result is their concatenation.

    ```mlir
    %c = tfc.concat %a, %b axis 0 : tensor<?xi32>, tensor<1xi32>   // tensor<?xi32>
    ```
  }];
  let arguments = (ins Variadic<TFC_Tensor>:$inputs, I64Attr:$axis);
  let results = (outs TFC_Tensor:$output);
  let assemblyFormat = "$inputs `axis` $axis attr-dict `:` type($inputs)";
  let hasFolder = 1;
}

def TFC_StackOp : TFC_ShapeOp<"stack"> {
  let summary = "stacks tensors of one shape along a new dimension (`tf.stack`)";
  let description = [{
    ```mlir
    %s = tfc.stack %a, %b axis 1 : tensor<3xf32>, tensor<3xf32>   // tensor<3x2xf32>
    ```
  }];
  let arguments = (ins Variadic<TFC_Tensor>:$inputs,
                       DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs TFC_Tensor:$output);
  let assemblyFormat = "$inputs (`axis` $axis^)? attr-dict `:` type($inputs)";
  let hasFolder = 1;
}

def TFC_UnstackOp : TFC_ShapeOp<"unstack"> {
  let summary = "splits a tensor along a dimension into its slices (`tf.unstack`)";
  let description = [{
    One result per index of dimension `axis`, without that dimension. The
    number of results is the dimension's size, or `num` when the size is
    unknown.

    ```mlir
    %r:3 = tfc.unstack %x : tensor<3x2xf32>                  // 3 x tensor<2xf32>
    %s:2 = tfc.unstack %y axis 1 num 2 : tensor<4x?xf32>     // 2 x tensor<4xf32>
    ```
  }];
  let arguments = (ins TFC_Tensor:$input,
                       DefaultValuedAttr<I64Attr, "0">:$axis,
                       OptionalAttr<I64Attr>:$num);
  let results = (outs Variadic<TFC_Tensor>:$outputs);
  let assemblyFormat = [{
    $input (`axis` $axis^)? (`num` $num^)? attr-dict `:` type($input)
  }];
}

def TFC_SplitOp : TFC_ShapeOp<"split"> {
  let summary = "splits a tensor along a dimension into parts (`tf.split`)";
  let description = [{
    `num N` cuts dimension `axis` into N equal parts (it must divide the
    size); `sizes [...]` gives each part's size, one of which may be -1 for
    the rest. The parts keep the dimension.

    ```mlir
    %a:2 = tfc.split %x axis 1 num 2 : tensor<3x4xf32>           // 2 x tensor<3x2xf32>
    %b:3 = tfc.split %x axis 1 sizes [1, -1, 1] : tensor<3x4xf32> // 3x1, 3x2, 3x1
    ```
  }];
  let arguments = (ins TFC_Tensor:$input, I64Attr:$axis,
                       OptionalAttr<I64Attr>:$num,
                       OptionalAttr<DenseI64ArrayAttr>:$sizes);
  let results = (outs Variadic<TFC_Tensor>:$outputs);
  let assemblyFormat = [{
    $input `axis` $axis (`num` $num^)? (`sizes` $sizes^)? attr-dict `:`
    type($input)
  }];
  let extraClassDeclaration = [{
    /// The normalized axis. Requires a ranked input.
    int64_t getNormalizedAxis();
  }];
}

def TFC_SliceOp : TFC_ShapeOp<"slice"> {
  let summary = "a contiguous block of a tensor (`tf.slice`)";
  let description = [{
    Starts at `begin` and takes `size` elements in each dimension; a size
    of -1 takes everything to the end.

    ```mlir
    %s = tfc.slice %x begin [1, 0] size [2, -1] : tensor<3x4xf32>   // tensor<2x4xf32>
    ```
  }];
  let arguments = (ins TFC_Tensor:$input, DenseI64ArrayAttr:$begin,
                       DenseI64ArrayAttr:$size);
  let results = (outs TFC_Tensor:$output);
  let assemblyFormat = [{
    $input `begin` $begin `size` $size attr-dict `:` type($input)
  }];
  let hasFolder = 1;
}

def TFC_PadOp : TFC_ShapeOp<"pad"> {
  let summary = "pads a tensor with a constant (`tf.pad`, mode CONSTANT)";
  let description = [{
    `paddings` holds, for each dimension, the number of elements added
    before and after it: `[before0, after0, before1, after1, ...]`, the
    `[rank, 2]` paddings tensor of TensorFlow flattened. The new elements
    are `value` (a scalar of the input's element type), 0 without it.

    ```mlir
    %p = tfc.pad %x paddings [1, 1, 0, 2] : tensor<2x3xf32>            // tensor<4x5xf32>
    %q = tfc.pad %x paddings [0, 1, 0, 0] value %v : tensor<2x3xf32>, tensor<f32>
    ```
  }];
  let arguments = (ins TFC_Tensor:$input, DenseI64ArrayAttr:$paddings,
                       Optional<TFC_Tensor>:$value);
  let results = (outs TFC_Tensor:$output);
  let assemblyFormat = [{
    $input `paddings` $paddings (`value` $value^)? attr-dict `:` type($input)
    (`,` type($value)^)?
  }];
}

def TFC_StridedSliceOp : TFC_ShapeOp<"strided_slice"> {
  let summary = "Python-style slicing `x[b:e:s, ...]` (`tf.strided_slice`)";
  let description = [{
    TensorFlow's strided slice with its masks: bit `i` of `begin_mask` /
    `end_mask` ignores `begin[i]` / `end[i]` (the slice starts / ends at the
    edge), `ellipsis_mask` makes entry `i` a `...`, `new_axis_mask` inserts
    a dimension of size 1 (`tf.newaxis`), and `shrink_axis_mask` takes the
    single index `begin[i]` and drops the dimension. Negative indices count
    from the end; out-of-range ones are clamped, except shrinking ones.
    `strides` defaults to all ones.

    ```mlir
    // x[1:, ::2] of a tensor<4x6xf32>: tensor<3x3xf32>
    %a = tfc.strided_slice %x begin [1, 0] end [0, 0] strides [1, 2] end_mask 3 : tensor<4x6xf32>
    // x[-1] : tensor<6xf32>
    %b = tfc.strided_slice %x begin [-1] end [0] shrink_axis_mask 1 : tensor<4x6xf32>
    ```
  }];
  let arguments = (ins TFC_Tensor:$input, DenseI64ArrayAttr:$begin,
                       DenseI64ArrayAttr:$end,
                       OptionalAttr<DenseI64ArrayAttr>:$strides,
                       DefaultValuedAttr<I64Attr, "0">:$begin_mask,
                       DefaultValuedAttr<I64Attr, "0">:$end_mask,
                       DefaultValuedAttr<I64Attr, "0">:$ellipsis_mask,
                       DefaultValuedAttr<I64Attr, "0">:$new_axis_mask,
                       DefaultValuedAttr<I64Attr, "0">:$shrink_axis_mask);
  let results = (outs TFC_Tensor:$output);
  let assemblyFormat = [{
    $input `begin` $begin `end` $end (`strides` $strides^)?
    (`begin_mask` $begin_mask^)? (`end_mask` $end_mask^)?
    (`ellipsis_mask` $ellipsis_mask^)? (`new_axis_mask` $new_axis_mask^)?
    (`shrink_axis_mask` $shrink_axis_mask^)? attr-dict `:` type($input)
  }];
  let hasFolder = 1;
}

def TFC_GatherOp : TFC_ShapeOp<"gather"> {
  let summary = "slices of `params` selected by `indices` (`tf.gather`)";
  let description = [{
    The result's shape is `params.shape[:axis] + indices.shape +
    params.shape[axis + 1:]`. An index out of range fails the run (on CPU,
    as in TensorFlow).

    ```mlir
    %g = tfc.gather %params, %ids : tensor<5x3xf32>, tensor<2xi32>          // tensor<2x3xf32>
    %h = tfc.gather %params, %ids axis 1 : tensor<5x3xf32>, tensor<2xi32>   // tensor<5x2xf32>
    ```
  }];
  let arguments = (ins TFC_Tensor:$params, TFC_IndexTensor:$indices,
                       DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs TFC_Tensor:$output);
  let assemblyFormat = [{
    $params `,` $indices (`axis` $axis^)? attr-dict `:` type($params) `,`
    type($indices)
  }];
}

def TFC_UnsortedSegmentSumOp : TFC_ShapeOp<"unsorted_segment_sum"> {
  let summary = "sums of slices of `data` grouped by segment id "
                "(`tf.math.unsorted_segment_sum`)";
  let description = [{
    `output[s, ...]` is the sum of `data[i..., ...]` over the positions `i`
    of `segment_ids` that hold `s`; zero for a segment no id names. The
    shape of `segment_ids` is a prefix of the shape of `data`, and the
    result's shape is `[num_segments] + data.shape[rank(segment_ids):]`.

    TensorFlow takes `num_segments` as a tensor. Here it is an attribute
    when it is known at compile time (the result's first dimension is then
    static), or a scalar operand when only the run knows it (the count of a
    `tfc.unique`, say; the first dimension is then `?`); exactly one of the
    two is given. Negative ids are dropped, as in TensorFlow; an id `>=
    num_segments` fails the run on CPU, as in TensorFlow
    (`tfc-insert-runtime-checks`), and is dropped where the target inserts
    no checks (CUDA). This is the gradient of `gather` along axis 0.

    ```mlir
    %s = tfc.unsorted_segment_sum %data, %ids num_segments 5 : tensor<4x3xf32>, tensor<4xi32>   // tensor<5x3xf32>
    %t = tfc.unsorted_segment_sum %data, %ids, %n : tensor<4x3xf32>, tensor<4xi32>, tensor<i32>  // tensor<?x3xf32>
    ```
  }];
  let arguments = (ins TFC_NumericTensor:$data, TFC_IndexTensor:$segment_ids,
                       Optional<0DTensorOf<[I32, I64]>>:$dynamic_num_segments,
                       OptionalAttr<I64Attr>:$num_segments);
  let results = (outs TFC_NumericTensor:$output);
  let assemblyFormat = [{
    $data `,` $segment_ids (`,` $dynamic_num_segments^)?
    (`num_segments` $num_segments^)? attr-dict `:`
    type($data) `,` type($segment_ids) (`,` type($dynamic_num_segments)^)?
  }];
  let builders = [
    OpBuilder<(ins "Value":$data, "Value":$segment_ids,
                   "int64_t":$num_segments), [{
      build($_builder, $_state, data, segment_ids, Value(),
            $_builder.getI64IntegerAttr(num_segments));
    }]>
  ];
}

def TFC_UniqueOp : TFC_ShapeOp<"unique"> {
  let summary = "the distinct elements of a vector (`tf.unique`)";
  let description = [{
    `output` holds the distinct elements of the 1-D `input` in the order of
    their first occurrence, and `idx[i]` is the position of `input[i]` in
    `output`, so that `input == gather(output, idx)`. The length of
    `output` is known only at run time (at most the input's): its type has
    a dynamic dimension. Float elements compare with `==`, so every NaN is
    an element of its own. `idx` is int32 unless `out_idx i64`.

    ```mlir
    %y, %idx = tfc.unique %x : tensor<6xi32>   // tensor<?xi32>, tensor<6xi32>
    ```
  }];
  let arguments = (ins TFC_Tensor:$input,
                       OptionalAttr<TFC_IndexTypeAttr>:$out_idx);
  let results = (outs TFC_Tensor:$output, TFC_IndexTensor:$idx);
  let assemblyFormat = [{
    $input (`out_idx` $out_idx^)? attr-dict `:` type($input)
  }];
}

def TFC_TopKOp : TFC_ShapeOp<"top_k"> {
  let summary = "the k largest entries of the last dimension (`tf.nn.top_k`)";
  let description = [{
    Values and their int32 indices, largest first unless `sorted = false`.

    ```mlir
    %v, %i = tfc.top_k %x k 2 : tensor<4x5xf32>   // tensor<4x2xf32>, tensor<4x2xi32>
    ```
  }];
  let arguments = (ins TFC_NumericTensor:$input, I64Attr:$k,
                       DefaultValuedAttr<BoolAttr, "true">:$sorted);
  let results = (outs TFC_NumericTensor:$values, TFC_IndexTensor:$indices);
  let assemblyFormat = "$input `k` $k attr-dict `:` type($input)";
}

def TFC_ArgMaxOp : TFC_ShapeOp<"argmax"> {
  let summary = "the index of the largest entry along an axis (`tf.argmax`)";
  let description = [{
    Int64 indices unless `output_type i32`; `axis` defaults to 0.

    ```mlir
    %i = tfc.argmax %x axis 1 : tensor<4x5xf32>   // tensor<4xi64>
    ```
  }];
  let arguments = (ins TFC_NumericTensor:$input,
                       DefaultValuedAttr<I64Attr, "0">:$axis,
                       OptionalAttr<TFC_IndexTypeAttr>:$output_type);
  let results = (outs TFC_IndexTensor:$output);
  let assemblyFormat = [{
    $input (`axis` $axis^)? (`output_type` $output_type^)? attr-dict `:`
    type($input)
  }];
}

def TFC_OneHotOp : TFC_ShapeOp<"one_hot"> {
  let summary = "one-hot encoding of indices (`tf.one_hot`)";
  let description = [{
    A new dimension of size `depth` at `axis` (-1: last) holds `on_value`
    at each index and `off_value` elsewhere; indices outside `[0, depth)`
    give a row of `off_value`. The scalar on and off values give the dtype.

    ```mlir
    %y = tfc.one_hot %labels, %one, %zero depth 10 : tensor<?xi32>, tensor<f32>, tensor<f32>   // tensor<?x10xf32>
    ```
  }];
  let arguments = (ins TFC_IndexTensor:$indices, TFC_Tensor:$on_value,
                       TFC_Tensor:$off_value, I64Attr:$depth,
                       DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs TFC_Tensor:$output);
  let assemblyFormat = [{
    $indices `,` $on_value `,` $off_value `depth` $depth (`axis` $axis^)?
    attr-dict `:` type($indices) `,` type($on_value) `,` type($off_value)
  }];
}

#endif // TFC_DIALECT_TFC_IR_TFCSLICEOPS_TD
