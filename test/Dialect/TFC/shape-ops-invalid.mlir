// RUN: tfc-opt %s --split-input-file --verify-diagnostics
// Every error of the shape ops, in TensorFlow's words where TensorFlow has them.

func.func @shape_out_type(%x: tensor<2xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.shape' op attribute 'out_type' failed to satisfy constraint: type attribute of 32-bit signless integer or 64-bit signless integer}}
    %0 = tfc.shape %x out_type f32 : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @reshape_two_unknowns(%x: tensor<6xf32>) {
  tfc.graph {
    // expected-error @+1 {{Reshape: Only one input size may be -1, not both 0 and 1}}
    %0 = tfc.reshape %x to [-1, -1] : tensor<6xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @reshape_negative(%x: tensor<6xf32>) {
  tfc.graph {
    // expected-error @+1 {{Reshape: Size 1 must be non-negative, not -2}}
    %0 = tfc.reshape %x to [3, -2] : tensor<6xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @reshape_count(%x: tensor<6xf32>) {
  tfc.graph {
    // expected-error @+1 {{Cannot reshape a tensor with 6 elements to shape [4,2] (8 elements)}}
    %0 = tfc.reshape %x to [4, 2] : tensor<6xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @reshape_multiple(%x: tensor<6xf32>) {
  tfc.graph {
    // expected-error @+1 {{Input to reshape is a tensor with 6 values, but the requested shape requires a multiple of 4}}
    %0 = tfc.reshape %x to [4, -1] : tensor<6xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @reshape_empty(%x: tensor<0x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{Reshape cannot infer the missing input size for an empty tensor unless all specified input sizes are non-zero}}
    %0 = tfc.reshape %x to [0, -1] : tensor<0x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @reshape_shape_rank(%x: tensor<6xf32>, %s: tensor<2x2xi32>) {
  tfc.graph {
    // expected-error @+1 {{Reshape: Shape must be rank 1 but is rank 2}}
    %0 = tfc.reshape %x, %s : tensor<6xf32>, tensor<2x2xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @reshape_both(%x: tensor<6xf32>, %s: tensor<2xi32>) {
  tfc.graph {
    // expected-error @+1 {{Reshape: give the new shape either as an attribute (`to [...]`) or as an operand, not both or neither}}
    %0 = tfc.reshape %x to [2, 3], %s : tensor<6xf32>, tensor<2xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @reshape_neither(%x: tensor<6xf32>) {
  tfc.graph {
    // expected-error @+1 {{Reshape: give the new shape either as an attribute (`to [...]`) or as an operand, not both or neither}}
    %0 = tfc.reshape %x : tensor<6xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @reshape_float_shape(%x: tensor<6xf32>, %s: tensor<2xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.reshape' op operand #1 must be tensor of 32-bit signless integer or 64-bit signless integer values}}
    %0 = "tfc.reshape"(%x, %s) : (tensor<6xf32>, tensor<2xf32>) -> tensor<?x?xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @expand_dims_axis(%x: tensor<3xf32>) {
  tfc.graph {
    // expected-error @+1 {{Tried to expand dim index 2 for tensor with 1 dimensions.}}
    %0 = tfc.expand_dims %x axis 2 : tensor<3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @expand_dims_negative_axis(%x: tensor<3xf32>) {
  tfc.graph {
    // expected-error @+1 {{Tried to expand dim index -3 for tensor with 1 dimensions.}}
    %0 = tfc.expand_dims %x axis -3 : tensor<3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @squeeze_axis(%x: tensor<3x1xf32>) {
  tfc.graph {
    // expected-error @+1 {{Tried to squeeze dim index 2 for tensor with 2 dimensions.}}
    %0 = tfc.squeeze %x axes [2] : tensor<3x1xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @squeeze_not_one(%x: tensor<3x1xf32>) {
  tfc.graph {
    // expected-error @+1 {{Can not squeeze dim[0], expected a dimension of 1, got 3}}
    %0 = tfc.squeeze %x axes [0] : tensor<3x1xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @tile_length(%x: tensor<3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{Expected multiples argument to be a vector of length 2 but got length 1}}
    %0 = tfc.tile %x multiples [2] : tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @tile_negative(%x: tensor<3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{Expected multiples[1] >= 0, but got -1 (a run-time multiple needs the operand)}}
    %0 = tfc.tile %x multiples [2, -1] : tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @tile_run_time_multiples_length(%x: tensor<3x4xf32>, %m: tensor<3xi32>) {
  tfc.graph {
    // expected-error @+1 {{the run-time multiples must be a vector of 2 entries, got 'tensor<3xi32>'}}
    %0 = tfc.tile %x multiples [-1, 1] from %m : tensor<3x4xf32>, tensor<3xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @fill_value(%v: tensor<2xf32>) {
  tfc.graph {
    // expected-error @+1 {{Fill: value must be a scalar, not shape [2]}}
    %0 = tfc.fill %v to [2] : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @fill_negative(%v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{Fill: dims[1] must be non-negative, got -1}}
    %0 = tfc.fill %v to [2, -1] : tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @fill_dims_rank(%v: tensor<f32>, %d: tensor<i32>) {
  tfc.graph {
    // expected-error @+1 {{Fill: Shape must be rank 1 but is rank 0}}
    %0 = tfc.fill %v, %d : tensor<f32>, tensor<i32>
    tfc.fetch
  }
  return
}

// -----

func.func @fill_neither(%v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{Fill: give the shape either as an attribute (`to [...]`) or as an operand, not both or neither}}
    %0 = tfc.fill %v : tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @range_scalar(%s: tensor<2xi32>, %i: tensor<i32>) {
  tfc.graph {
    // expected-error @+1 {{limit must be a scalar, not shape [2]}}
    %0 = tfc.range %i, %s, %i : tensor<i32>, tensor<2xi32>, tensor<i32>
    tfc.fetch
  }
  return
}

// -----

func.func @range_dtype(%i: tensor<i32>, %f: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{Range: start, limit and delta must have one dtype, got int32, float and int32}}
    %0 = tfc.range %i, %f, %i : tensor<i32>, tensor<f32>, tensor<i32>
    tfc.fetch
  }
  return
}

// -----

func.func @range_bool(%b: tensor<i1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.range' op operand #0 must be tensor of}}
    %0 = tfc.range %b, %b, %b : tensor<i1>, tensor<i1>, tensor<i1>
    tfc.fetch
  }
  return
}

// -----

func.func @cast_dtype(%x: tensor<2xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.cast' op attribute 'dtype' failed to satisfy constraint}}
    %0 = tfc.cast %x : tensor<2xf32> to ui8
    tfc.fetch
  }
  return
}

// -----

func.func @concat_dtype(%a: tensor<2xi32>, %b: tensor<2xf32>) {
  tfc.graph {
    // expected-error @+1 {{Tensors in list passed to 'values' of 'ConcatV2' Op have types [int32, float] that don't all match.}}
    %0 = tfc.concat %a, %b axis 0 : tensor<2xi32>, tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @concat_rank(%a: tensor<2xf32>, %b: tensor<2x1xf32>) {
  tfc.graph {
    // expected-error @+1 {{ConcatOp : Ranks of all input tensors should match: shape[0] = [2] vs. shape[1] = [2,1]}}
    %0 = tfc.concat %a, %b axis 0 : tensor<2xf32>, tensor<2x1xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @concat_scalars(%a: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{Can't concatenate scalars (use tf.stack instead)}}
    %0 = tfc.concat %a, %a axis 0 : tensor<f32>, tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @concat_axis(%a: tensor<2xf32>) {
  tfc.graph {
    // expected-error @+1 {{ConcatOp : Expected concatenating dimensions in the range [-1, 1), but got 1}}
    %0 = tfc.concat %a, %a axis 1 : tensor<2xf32>, tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @concat_dims(%a: tensor<2x3xf32>, %b: tensor<?x3xf32>, %c: tensor<4x2xf32>) {
  tfc.graph {
    // expected-error @+1 {{ConcatOp : Dimensions of inputs should match: shape[0] = [2,3] vs. shape[2] = [4,2]}}
    %0 = tfc.concat %a, %b, %c axis 1 : tensor<2x3xf32>, tensor<?x3xf32>, tensor<4x2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @concat_none() {
  tfc.graph {
    // expected-error @+2 {{ConcatOp : Expected a number of input tensors >= 1}}
    // expected-error @+1 {{'tfc.concat' op failed to infer returned types}}
    %0 = "tfc.concat"() {axis = 0 : i64} : () -> tensor<*xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @stack_dtype(%a: tensor<2xi32>, %b: tensor<2xf32>) {
  tfc.graph {
    // expected-error @+1 {{Tensors in list passed to 'values' of 'Pack' Op have types [int32, float] that don't all match.}}
    %0 = tfc.stack %a, %b : tensor<2xi32>, tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @stack_shapes(%a: tensor<2xf32>, %b: tensor<3xf32>) {
  tfc.graph {
    // expected-error @+1 {{Shapes of all inputs must match: values[0].shape = [2] != values[1].shape = [3]}}
    %0 = tfc.stack %a, %b : tensor<2xf32>, tensor<3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @stack_axis(%a: tensor<2xf32>) {
  tfc.graph {
    // expected-error @+1 {{axis = 2 not in [-2, 2)}}
    %0 = tfc.stack %a, %a axis 2 : tensor<2xf32>, tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @unstack_dynamic(%x: tensor<?x2xf32>) {
  tfc.graph {
    // expected-error @+1 {{Cannot infer argument `num` from shape [?,2]}}
    %0:2 = tfc.unstack %x : tensor<?x2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @unstack_unranked(%x: tensor<*xf32>) {
  tfc.graph {
    // expected-error @+1 {{Cannot infer argument `num` from shape <unknown>}}
    %0:2 = tfc.unstack %x : tensor<*xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @unstack_num(%x: tensor<3x2xf32>) {
  tfc.graph {
    // expected-error @+1 {{num = 4 does not match dimension 0 of shape [3,2]}}
    %0:4 = tfc.unstack %x num 4 : tensor<3x2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @unstack_axis(%x: tensor<3x2xf32>) {
  tfc.graph {
    // expected-error @+1 {{axis = 2 not in [-2, 2)}}
    %0:3 = tfc.unstack %x axis 2 : tensor<3x2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @unstack_negative_num(%x: tensor<*xf32>) {
  tfc.graph {
    // expected-error @+1 {{num must be non-negative, got -1}}
    %0 = tfc.unstack %x num -1 : tensor<*xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @slice_lengths(%x: tensor<3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{Expected begin and size arguments to be 1-D tensors of size 2, but got shapes [1] and [2] instead.}}
    %0 = tfc.slice %x begin [1] size [2, 2] : tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @slice_begin(%x: tensor<3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{Expected begin[0] in [0, 3], but got 4}}
    %0 = tfc.slice %x begin [4, 0] size [-1, -1] : tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @slice_negative_begin(%x: tensor<?x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{Expected begin[0] in [0, ?], but got -1}}
    %0 = tfc.slice %x begin [-1, 0] size [-1, -1] : tensor<?x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @slice_size(%x: tensor<3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{Expected size[0] in [0, 2], but got 3}}
    %0 = tfc.slice %x begin [1, 1] size [3, 2] : tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @strided_lengths(%x: tensor<3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{Expected begin, end, and strides to be 1D equal size tensors, but got shapes [2], [1], and [2] instead.}}
    %0 = tfc.strided_slice %x begin [0, 0] end [1] : tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @strided_ellipses(%x: tensor<3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{Multiple ellipses in slice spec not allowed}}
    %0 = tfc.strided_slice %x begin [0, 0] end [0, 0] ellipsis_mask 3 : tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @strided_zero_stride(%x: tensor<3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{strides[1] must be non-zero}}
    %0 = tfc.strided_slice %x begin [0, 0] end [1, 1] strides [1, 0] : tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @strided_too_many(%x: tensor<3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{Index out of range using input dim 2; input has only 2 dims}}
    %0 = tfc.strided_slice %x begin [0, 0, 0] end [1, 1, 1] : tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @strided_shrink_bounds(%x: tensor<3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{slice index 5 of dimension 0 out of bounds.}}
    %0 = tfc.strided_slice %x begin [5] end [6] shrink_axis_mask 1 : tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @strided_shrink_stride(%x: tensor<3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{only stride 1 allowed on non-range indexing.}}
    %0 = tfc.strided_slice %x begin [1] end [0] strides [-1] shrink_axis_mask 1 : tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @gather_axis(%p: tensor<5x3xf32>, %i: tensor<2xi32>) {
  tfc.graph {
    // expected-error @+1 {{Expected axis in the range [-2, 2), but got 2}}
    %0 = tfc.gather %p, %i axis 2 : tensor<5x3xf32>, tensor<2xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @gather_scalar(%p: tensor<f32>, %i: tensor<2xi32>) {
  tfc.graph {
    // expected-error @+1 {{params must be at least 1 dimensional}}
    %0 = tfc.gather %p, %i : tensor<f32>, tensor<2xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @gather_float_indices(%p: tensor<5xf32>, %i: tensor<2xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.gather' op operand #1 must be tensor of 32-bit signless integer or 64-bit signless integer values}}
    %0 = tfc.gather %p, %i : tensor<5xf32>, tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @segment_sum_prefix(%x: tensor<4x3xf32>, %i: tensor<3xi32>) {
  tfc.graph {
    // expected-error @+1 {{data.shape = [4,3] does not start with segment_ids.shape = [3]}}
    %0 = tfc.unsorted_segment_sum %x, %i num_segments 5 : tensor<4x3xf32>, tensor<3xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @segment_sum_rank(%x: tensor<4xf32>, %i: tensor<4x1xi32>) {
  tfc.graph {
    // expected-error @+1 {{data.shape = [4] does not start with segment_ids.shape = [4,1]}}
    %0 = tfc.unsorted_segment_sum %x, %i num_segments 5 : tensor<4xf32>, tensor<4x1xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @segment_sum_negative(%x: tensor<4xf32>, %i: tensor<4xi32>) {
  tfc.graph {
    // expected-error @+1 {{Input num_segments == -1 must not be negative.}}
    %0 = tfc.unsorted_segment_sum %x, %i num_segments -1 : tensor<4xf32>, tensor<4xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @segment_sum_bool(%x: tensor<4xi1>, %i: tensor<4xi32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.unsorted_segment_sum' op operand #0 must be tensor of}}
    %0 = tfc.unsorted_segment_sum %x, %i num_segments 2 : tensor<4xi1>, tensor<4xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @top_k_negative(%x: tensor<4x5xf32>) {
  tfc.graph {
    // expected-error @+1 {{Need k >= 0, got -1}}
    %0:2 = tfc.top_k %x k -1 : tensor<4x5xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @top_k_columns(%x: tensor<4x5xf32>) {
  tfc.graph {
    // expected-error @+1 {{input must have at least k columns. Had 5, needs 7}}
    %0:2 = tfc.top_k %x k 7 : tensor<4x5xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @top_k_scalar(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{input must be >= 1-D, got shape []}}
    %0:2 = tfc.top_k %x k 1 : tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @argmax_axis(%x: tensor<4x5xf32>) {
  tfc.graph {
    // expected-error @+1 {{Expected dimension in the range [-2, 2), but got 2}}
    %0 = tfc.argmax %x axis 2 : tensor<4x5xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @argmax_bool(%x: tensor<4xi1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.argmax' op operand #0 must be tensor of}}
    %0 = tfc.argmax %x : tensor<4xi1>
    tfc.fetch
  }
  return
}

// -----

func.func @one_hot_depth(%i: tensor<3xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{depth must be non-negative, got: -1}}
    %0 = tfc.one_hot %i, %v, %v depth -1 : tensor<3xi32>, tensor<f32>, tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @one_hot_axis(%i: tensor<3xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{Expected axis to be -1 or between [0, 2).  But received: 3}}
    %0 = tfc.one_hot %i, %v, %v depth 2 axis 3 : tensor<3xi32>, tensor<f32>, tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @one_hot_dtypes(%i: tensor<3xi32>, %v: tensor<f32>, %w: tensor<i32>) {
  tfc.graph {
    // expected-error @+1 {{on_value and off_value must have the same dtype, got float and int32}}
    %0 = tfc.one_hot %i, %v, %w depth 2 : tensor<3xi32>, tensor<f32>, tensor<i32>
    tfc.fetch
  }
  return
}

// -----

func.func @one_hot_on_value(%i: tensor<3xi32>, %v: tensor<2xf32>, %w: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{on_value must be a scalar, but got: [2]}}
    %0 = tfc.one_hot %i, %v, %w depth 2 : tensor<3xi32>, tensor<2xf32>, tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @reshape_overflow(%x: tensor<6xf32>) {
  tfc.graph {
    // expected-error @+1 {{Reshape: shape [9223372036854775807,2,-1] has too many elements}}
    %0 = tfc.reshape %x to [9223372036854775807, 2, -1] : tensor<6xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @tile_overflow(%x: tensor<4611686018427387904xf32>) {
  tfc.graph {
    // expected-error @+1 {{Tile: dimension 0 of [4611686018427387904] times 2 is too large}}
    %0 = tfc.tile %x multiples [2] : tensor<4611686018427387904xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @segment_sum_twice(%x: tensor<4x3xf32>, %i: tensor<4xi32>, %n: tensor<i32>) {
  tfc.graph {
    // expected-error @+1 {{num_segments must be given once: as an attribute or as an operand}}
    %0 = tfc.unsorted_segment_sum %x, %i, %n num_segments 5 : tensor<4x3xf32>, tensor<4xi32>, tensor<i32>
    tfc.fetch
  }
  return
}

// -----

func.func @unique_matrix(%x: tensor<2x3xi32>) {
  tfc.graph {
    // expected-error @+1 {{unique expects a 1D vector, got [2,3]}}
    %y, %idx = tfc.unique %x : tensor<2x3xi32>
    tfc.fetch
  }
  return
}
