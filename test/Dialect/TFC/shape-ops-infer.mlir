// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s
// The result types the shape ops infer, static, dynamic and unranked, as
// TensorFlow's shape functions compute them.

// CHECK-LABEL: sym_name = "shape_rank_size"
// CHECK: "tfc.shape"({{.*}}) : (tensor<?x3xf32>) -> tensor<2xi32>
// CHECK: "tfc.shape"({{.*}}) <{out_type = i64}> : (tensor<*xf32>) -> tensor<?xi64>
// CHECK: "tfc.rank"({{.*}}) : (tensor<*xf32>) -> tensor<i32>
// CHECK: "tfc.size"({{.*}}) : (tensor<?x3xf32>) -> tensor<i32>
// CHECK: "tfc.size"({{.*}}) <{out_type = i64}> : (tensor<*xf32>) -> tensor<i64>
func.func @shape_rank_size(%d: tensor<?x3xf32>, %u: tensor<*xf32>) {
  tfc.graph {
    %0 = tfc.shape %d : tensor<?x3xf32>
    %1 = tfc.shape %u out_type i64 : tensor<*xf32>
    %2 = tfc.rank %u : tensor<*xf32>
    %3 = tfc.size %d : tensor<?x3xf32>
    %4 = tfc.size %u out_type i64 : tensor<*xf32>
    tfc.fetch
  }
  return
}

// -----

// -1 takes the size that keeps the element count, or stays unknown when the
// count is unknown; a shape operand gives its length as rank.
// CHECK-LABEL: sym_name = "reshape"
// CHECK: "tfc.reshape"({{.*}}) <{new_shape = array<i64: 3, -1>}> : (tensor<4x6xf32>) -> tensor<3x8xf32>
// CHECK: "tfc.reshape"({{.*}}) <{new_shape = array<i64: -1>}> : (tensor<4x6xf32>) -> tensor<24xf32>
// CHECK: "tfc.reshape"({{.*}}) <{new_shape = array<i64: 2, 12>}> : (tensor<4x6xf32>) -> tensor<2x12xf32>
// CHECK: "tfc.reshape"({{.*}}) <{new_shape = array<i64: -1, 3>}> : (tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK: "tfc.reshape"({{.*}}) <{new_shape = array<i64: 2, 3>}> : (tensor<*xf32>) -> tensor<2x3xf32>
// CHECK: "tfc.reshape"({{.*}}) <{new_shape = array<i64>}> : (tensor<1x1xf32>) -> tensor<f32>
// CHECK: "tfc.reshape"({{.*}}) : (tensor<4x6xf32>, tensor<2xi32>) -> tensor<?x?xf32>
// CHECK: "tfc.reshape"({{.*}}) : (tensor<4x6xf32>, tensor<?xi64>) -> tensor<*xf32>
// CHECK: "tfc.reshape"({{.*}}) : (tensor<4x6xf32>, tensor<*xi32>) -> tensor<*xf32>
func.func @reshape(%x: tensor<4x6xf32>, %d: tensor<?x3xf32>, %u: tensor<*xf32>,
                   %one: tensor<1x1xf32>, %s: tensor<2xi32>, %t: tensor<?xi64>,
                   %w: tensor<*xi32>) {
  tfc.graph {
    %0 = tfc.reshape %x to [3, -1] : tensor<4x6xf32>
    %1 = tfc.reshape %x to [-1] : tensor<4x6xf32>
    %2 = tfc.reshape %x to [2, 12] : tensor<4x6xf32>
    %3 = tfc.reshape %d to [-1, 3] : tensor<?x3xf32>
    %4 = tfc.reshape %u to [2, 3] : tensor<*xf32>
    %5 = tfc.reshape %one to [] : tensor<1x1xf32>
    %6 = tfc.reshape %x, %s : tensor<4x6xf32>, tensor<2xi32>
    %7 = tfc.reshape %x, %t : tensor<4x6xf32>, tensor<?xi64>
    %8 = tfc.reshape %x, %w : tensor<4x6xf32>, tensor<*xi32>
    tfc.fetch
  }
  return
}

// -----

// CHECK-LABEL: sym_name = "expand_squeeze_tile"
// CHECK: "tfc.expand_dims"({{.*}}) <{axis = 0 : i64}> : (tensor<3xf32>) -> tensor<1x3xf32>
// CHECK: "tfc.expand_dims"({{.*}}) <{axis = -1 : i64}> : (tensor<3xf32>) -> tensor<3x1xf32>
// CHECK: "tfc.expand_dims"({{.*}}) <{axis = 1 : i64}> : (tensor<?x3xf32>) -> tensor<?x1x3xf32>
// CHECK: "tfc.expand_dims"({{.*}}) <{axis = 0 : i64}> : (tensor<f32>) -> tensor<1xf32>
// CHECK: "tfc.expand_dims"({{.*}}) <{axis = 5 : i64}> : (tensor<*xf32>) -> tensor<*xf32>
// CHECK: "tfc.squeeze"({{.*}}) <{axes = array<i64: 1>}> : (tensor<3x1x1xf32>) -> tensor<3x1xf32>
// CHECK: "tfc.squeeze"({{.*}}) : (tensor<3x1x1xf32>) -> tensor<3xf32>
// CHECK: "tfc.squeeze"({{.*}}) <{axes = array<i64: -2>}> : (tensor<?x?x3xf32>) -> tensor<?x3xf32>
// CHECK: "tfc.squeeze"({{.*}}) : (tensor<?x1x3xf32>) -> tensor<*xf32>
// CHECK: "tfc.squeeze"({{.*}}) : (tensor<1x1xf32>) -> tensor<f32>
// CHECK: "tfc.tile"({{.*}}) <{multiples = array<i64: 2, 1>}> : (tensor<3x4xf32>) -> tensor<6x4xf32>
// CHECK: "tfc.tile"({{.*}}) <{multiples = array<i64: 2, 0>}> : (tensor<?x?xf32>) -> tensor<?x0xf32>
// CHECK: "tfc.tile"({{.*}}) <{multiples = array<i64: 2, 3>}> : (tensor<*xf32>) -> tensor<?x?xf32>
// A multiple known at run time (-1) makes its dimension dynamic, except
// where the input's is 0.
// CHECK: "tfc.tile"({{.*}}) <{multiples = array<i64: -1, 3>}> : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<?x12xf32>
// CHECK: "tfc.tile"({{.*}}) <{multiples = array<i64: 1, -1>}> : (tensor<3x0xf32>, tensor<2xi64>) -> tensor<3x0xf32>
func.func @expand_squeeze_tile(%v: tensor<3xf32>, %d: tensor<?x3xf32>, %s: tensor<f32>,
                               %u: tensor<*xf32>, %x: tensor<3x1x1xf32>,
                               %y: tensor<?x?x3xf32>, %z: tensor<?x1x3xf32>,
                               %one: tensor<1x1xf32>, %m: tensor<3x4xf32>,
                               %n: tensor<?x?xf32>, %dm: tensor<2xi32>,
                               %empty: tensor<3x0xf32>, %dm64: tensor<2xi64>) {
  tfc.graph {
    %0 = tfc.expand_dims %v axis 0 : tensor<3xf32>
    %1 = tfc.expand_dims %v axis -1 : tensor<3xf32>
    %2 = tfc.expand_dims %d axis 1 : tensor<?x3xf32>
    %3 = tfc.expand_dims %s axis 0 : tensor<f32>
    %4 = tfc.expand_dims %u axis 5 : tensor<*xf32>
    %5 = tfc.squeeze %x axes [1] : tensor<3x1x1xf32>
    %6 = tfc.squeeze %x : tensor<3x1x1xf32>
    %7 = tfc.squeeze %y axes [-2] : tensor<?x?x3xf32>
    %8 = tfc.squeeze %z : tensor<?x1x3xf32>
    %9 = tfc.squeeze %one : tensor<1x1xf32>
    %10 = tfc.tile %m multiples [2, 1] : tensor<3x4xf32>
    %11 = tfc.tile %n multiples [2, 0] : tensor<?x?xf32>
    %12 = tfc.tile %u multiples [2, 3] : tensor<*xf32>
    %13 = tfc.tile %m multiples [-1, 3] from %dm : tensor<3x4xf32>, tensor<2xi32>
    %14 = tfc.tile %empty multiples [1, -1] from %dm64 : tensor<3x0xf32>, tensor<2xi64>
    tfc.fetch
  }
  return
}

// -----

// CHECK-LABEL: sym_name = "fill_range_cast"
// CHECK: "tfc.fill"({{.*}}) <{shape = array<i64: 2, 3>}> : (tensor<f32>) -> tensor<2x3xf32>
// CHECK: "tfc.fill"({{.*}}) : (tensor<i1>, tensor<3xi64>) -> tensor<?x?x?xi1>
// CHECK: "tfc.range"({{.*}}) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
// CHECK: "tfc.cast"({{.*}}) <{dtype = i32}> : (tensor<?x3xf32>) -> tensor<?x3xi32>
// CHECK: "tfc.cast"({{.*}}) <{dtype = f16}> : (tensor<*xi1>) -> tensor<*xf16>
func.func @fill_range_cast(%v: tensor<f32>, %b: tensor<i1>, %dims: tensor<3xi64>,
                           %i: tensor<i32>, %d: tensor<?x3xf32>, %u: tensor<*xi1>) {
  tfc.graph {
    %0 = tfc.fill %v to [2, 3] : tensor<f32>
    %1 = tfc.fill %b, %dims : tensor<i1>, tensor<3xi64>
    %2 = tfc.range %i, %i, %i : tensor<i32>, tensor<i32>, tensor<i32>
    %3 = tfc.cast %d : tensor<?x3xf32> to i32
    %4 = tfc.cast %u : tensor<*xi1> to f16
    tfc.fetch
  }
  return
}

// -----

// The guide's growing sequence: tf.concat([c, [a + b]], 0).
// CHECK-LABEL: sym_name = "concat_stack_unstack"
// CHECK: "tfc.concat"({{.*}}) <{axis = 0 : i64}> : (tensor<?xi32>, tensor<1xi32>) -> tensor<?xi32>
// CHECK: "tfc.concat"({{.*}}) <{axis = 0 : i64}> : (tensor<2xi32>, tensor<1xi32>) -> tensor<3xi32>
// CHECK: "tfc.concat"({{.*}}) <{axis = -1 : i64}> : (tensor<?x3xf32>, tensor<4x6xf32>) -> tensor<4x9xf32>
// CHECK: "tfc.concat"({{.*}}) <{axis = 1 : i64}> : (tensor<*xf32>, tensor<4x6xf32>) -> tensor<4x?xf32>
// CHECK: "tfc.stack"({{.*}}) <{axis = 0 : i64}> : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<2x2x3xf32>
// CHECK: "tfc.stack"({{.*}}) <{axis = -1 : i64}> : (tensor<4x6xf32>) -> tensor<4x6x1xf32>
// CHECK: "tfc.stack"({{.*}}) <{axis = 0 : i64}> : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
// CHECK: "tfc.unstack"({{.*}}) <{axis = 1 : i64}> : (tensor<4x2xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// CHECK: "tfc.unstack"({{.*}}) <{axis = 0 : i64, num = 3 : i64}> : (tensor<?x3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
// CHECK: "tfc.unstack"({{.*}}) <{axis = 0 : i64, num = 2 : i64}> : (tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
func.func @concat_stack_unstack(%c: tensor<?xi32>, %one: tensor<1xi32>, %two: tensor<2xi32>,
                                %d: tensor<?x3xf32>, %x: tensor<4x6xf32>, %u: tensor<*xf32>,
                                %e: tensor<2x?xf32>, %p: tensor<4x2xf32>) {
  tfc.graph {
    %0 = tfc.concat %c, %one axis 0 : tensor<?xi32>, tensor<1xi32>
    %1 = tfc.concat %two, %one axis 0 : tensor<2xi32>, tensor<1xi32>
    %2 = tfc.concat %d, %x axis -1 : tensor<?x3xf32>, tensor<4x6xf32>
    %3 = tfc.concat %u, %x axis 1 : tensor<*xf32>, tensor<4x6xf32>
    %4 = tfc.stack %d, %e : tensor<?x3xf32>, tensor<2x?xf32>
    %5 = tfc.stack %x axis -1 : tensor<4x6xf32>
    %6 = tfc.stack %u, %u : tensor<*xf32>, tensor<*xf32>
    %7:2 = tfc.unstack %p axis 1 : tensor<4x2xf32>
    %8:3 = tfc.unstack %d num 3 : tensor<?x3xf32>
    %9:2 = tfc.unstack %u num 2 : tensor<*xf32>
    tfc.fetch
  }
  return
}

// -----

// CHECK-LABEL: sym_name = "slices"
// CHECK: "tfc.slice"{{.*}} : (tensor<4x6xf32>) -> tensor<3x3xf32>
// CHECK: "tfc.slice"{{.*}} : (tensor<?x6xf32>) -> tensor<?x2xf32>
// CHECK: "tfc.slice"{{.*}} : (tensor<*xf32>) -> tensor<2x?xf32>
// x[1:, ::2]
// CHECK: "tfc.strided_slice"{{.*}} : (tensor<4x6xf32>) -> tensor<3x3xf32>
// x[-1]
// CHECK: "tfc.strided_slice"{{.*}} : (tensor<4x6xf32>) -> tensor<6xf32>
// x[..., tf.newaxis]
// CHECK: "tfc.strided_slice"{{.*}} : (tensor<4x6xf32>) -> tensor<4x6x1xf32>
// x[:, 5:0:-1]
// CHECK: "tfc.strided_slice"{{.*}} : (tensor<4x6xf32>) -> tensor<4x5xf32>
// x[::-1]
// CHECK: "tfc.strided_slice"{{.*}} : (tensor<4x6xf32>) -> tensor<4x6xf32>
// x[tf.newaxis, ..., 2] of a rank-3 tensor
// CHECK: "tfc.strided_slice"{{.*}} : (tensor<2x3x4xf32>) -> tensor<1x2x3xf32>
// x[1:100, -100:2]: clamped
// CHECK: "tfc.strided_slice"{{.*}} : (tensor<4x6xf32>) -> tensor<3x2xf32>
// x[3:1]: empty
// CHECK: "tfc.strided_slice"{{.*}} : (tensor<4x6xf32>) -> tensor<0x6xf32>
// d[0, 1:]: an unknown dimension is shrunk, the other sliced
// CHECK: "tfc.strided_slice"{{.*}} : (tensor<?x?xf32>) -> tensor<?xf32>
// CHECK: "tfc.strided_slice"{{.*}} : (tensor<*xf32>) -> tensor<*xf32>
func.func @slices(%x: tensor<4x6xf32>, %d: tensor<?x6xf32>, %u: tensor<*xf32>,
                  %t: tensor<2x3x4xf32>, %e: tensor<?x?xf32>) {
  tfc.graph {
    %0 = tfc.slice %x begin [1, 2] size [-1, 3] : tensor<4x6xf32>
    %1 = tfc.slice %d begin [1, 4] size [-1, -1] : tensor<?x6xf32>
    %2 = tfc.slice %u begin [0, 1] size [2, -1] : tensor<*xf32>
    %3 = tfc.strided_slice %x begin [1, 0] end [0, 0] strides [1, 2] end_mask 3 : tensor<4x6xf32>
    %4 = tfc.strided_slice %x begin [-1] end [0] shrink_axis_mask 1 : tensor<4x6xf32>
    %5 = tfc.strided_slice %x begin [0, 0] end [0, 0] ellipsis_mask 1 new_axis_mask 2 : tensor<4x6xf32>
    %6 = tfc.strided_slice %x begin [0, 5] end [0, 0] strides [1, -1] begin_mask 1 end_mask 1 : tensor<4x6xf32>
    %7 = tfc.strided_slice %x begin [0] end [0] strides [-1] begin_mask 1 end_mask 1 : tensor<4x6xf32>
    %8 = tfc.strided_slice %t begin [0, 0, 2] end [0, 0, 3] ellipsis_mask 2 new_axis_mask 1 shrink_axis_mask 4 : tensor<2x3x4xf32>
    %9 = tfc.strided_slice %x begin [1, -100] end [100, 2] : tensor<4x6xf32>
    %10 = tfc.strided_slice %x begin [3] end [1] : tensor<4x6xf32>
    %11 = tfc.strided_slice %e begin [0, 1] end [1, 0] end_mask 2 shrink_axis_mask 1 : tensor<?x?xf32>
    %12 = tfc.strided_slice %u begin [0] end [1] : tensor<*xf32>
    tfc.fetch
  }
  return
}

// -----

// CHECK-LABEL: sym_name = "indexing"
// CHECK: "tfc.gather"({{.*}}) <{axis = 0 : i64}> : (tensor<5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
// CHECK: "tfc.gather"({{.*}}) <{axis = -1 : i64}> : (tensor<5x3xf32>, tensor<?xi64>) -> tensor<5x?xf32>
// CHECK: "tfc.gather"({{.*}}) <{axis = 0 : i64}> : (tensor<5x3xf32>, tensor<*xi32>) -> tensor<*xf32>
// CHECK: "tfc.top_k"{{.*}} : (tensor<4x5xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>)
// CHECK: "tfc.top_k"{{.*}} : (tensor<?x?xi64>) -> (tensor<?x3xi64>, tensor<?x3xi32>)
// CHECK: "tfc.top_k"{{.*}} : (tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
// CHECK: "tfc.argmax"({{.*}}) <{axis = 1 : i64}> : (tensor<4x5xf32>) -> tensor<4xi64>
// CHECK: "tfc.argmax"({{.*}}) <{axis = 0 : i64, output_type = i32}> : (tensor<?x?xi64>) -> tensor<?xi32>
// CHECK: "tfc.one_hot"({{.*}}) <{axis = -1 : i64, depth = 10 : i64}> : (tensor<?xi32>, tensor<f32>, tensor<f32>) -> tensor<?x10xf32>
// CHECK: "tfc.one_hot"({{.*}}) <{axis = 1 : i64, depth = 3 : i64}> : (tensor<2x4xi64>, tensor<i1>, tensor<i1>) -> tensor<2x3x4xi1>
// CHECK: "tfc.one_hot"({{.*}}) <{axis = -1 : i64, depth = 3 : i64}> : (tensor<*xi32>, tensor<f32>, tensor<f32>) -> tensor<*xf32>
func.func @indexing(%p: tensor<5x3xf32>, %i: tensor<2x4xi32>, %j: tensor<?xi64>,
                    %k: tensor<*xi32>, %x: tensor<4x5xf32>, %y: tensor<?x?xi64>,
                    %u: tensor<*xf32>, %on: tensor<f32>, %off: tensor<f32>,
                    %l: tensor<?xi32>, %m: tensor<2x4xi64>, %t: tensor<i1>) {
  tfc.graph {
    %0 = tfc.gather %p, %i : tensor<5x3xf32>, tensor<2x4xi32>
    %1 = tfc.gather %p, %j axis -1 : tensor<5x3xf32>, tensor<?xi64>
    %2 = tfc.gather %p, %k : tensor<5x3xf32>, tensor<*xi32>
    %3:2 = tfc.top_k %x k 2 : tensor<4x5xf32>
    %4:2 = tfc.top_k %y k 3 : tensor<?x?xi64>
    %5:2 = tfc.top_k %u k 3 : tensor<*xf32>
    %6 = tfc.argmax %x axis 1 : tensor<4x5xf32>
    %7 = tfc.argmax %y output_type i32 : tensor<?x?xi64>
    %8 = tfc.one_hot %l, %on, %off depth 10 : tensor<?xi32>, tensor<f32>, tensor<f32>
    %9 = tfc.one_hot %m, %t, %t depth 3 axis 1 : tensor<2x4xi64>, tensor<i1>, tensor<i1>
    %10 = tfc.one_hot %k, %on, %off depth 3 : tensor<*xi32>, tensor<f32>, tensor<f32>
    tfc.fetch
  }
  return
}

// -----

// CHECK-LABEL: sym_name = "segment_sum"
// CHECK: "tfc.unsorted_segment_sum"({{.*}}) <{num_segments = 5 : i64}> : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<5x3xf32>
// CHECK: "tfc.unsorted_segment_sum"({{.*}}) <{num_segments = 2 : i64}> : (tensor<2x3x4xi32>, tensor<2x3xi64>) -> tensor<2x4xi32>
// CHECK: "tfc.unsorted_segment_sum"({{.*}}) <{num_segments = 7 : i64}> : (tensor<4x3xf32>, tensor<4x3xi32>) -> tensor<7xf32>
// CHECK: "tfc.unsorted_segment_sum"({{.*}}) <{num_segments = 0 : i64}> : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<0x?xf32>
// CHECK: "tfc.unsorted_segment_sum"({{.*}}) <{num_segments = 5 : i64}> : (tensor<4x3xf32>, tensor<*xi32>) -> tensor<*xf32>
// CHECK: "tfc.unsorted_segment_sum"({{.*}}) <{num_segments = 5 : i64}> : (tensor<*xf32>, tensor<4xi32>) -> tensor<*xf32>
func.func @segment_sum(%x: tensor<4x3xf32>, %i: tensor<4xi32>,
                       %n: tensor<2x3x4xi32>, %m: tensor<2x3xi64>,
                       %j: tensor<4x3xi32>, %d: tensor<?x?xf32>,
                       %k: tensor<3xi32>, %ui: tensor<*xi32>,
                       %u: tensor<*xf32>) {
  tfc.graph {
    %0 = tfc.unsorted_segment_sum %x, %i num_segments 5 : tensor<4x3xf32>, tensor<4xi32>
    %1 = tfc.unsorted_segment_sum %n, %m num_segments 2 : tensor<2x3x4xi32>, tensor<2x3xi64>
    %2 = tfc.unsorted_segment_sum %x, %j num_segments 7 : tensor<4x3xf32>, tensor<4x3xi32>
    %3 = tfc.unsorted_segment_sum %d, %k num_segments 0 : tensor<?x?xf32>, tensor<3xi32>
    %4 = tfc.unsorted_segment_sum %x, %ui num_segments 5 : tensor<4x3xf32>, tensor<*xi32>
    %5 = tfc.unsorted_segment_sum %u, %i num_segments 5 : tensor<*xf32>, tensor<4xi32>
    tfc.fetch
  }
  return
}
