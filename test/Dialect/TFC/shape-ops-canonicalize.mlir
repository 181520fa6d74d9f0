// RUN: tfc-opt %s --split-input-file --canonicalize | FileCheck %s

// shape, rank and size fold from static types only.
// CHECK-LABEL: func.func @shape_rank_size
// CHECK-DAG: %[[S:.*]] = tfc.constant dense<[4, 6]> : tensor<2xi32>
// CHECK-DAG: %[[S64:.*]] = tfc.constant dense<[4, 6]> : tensor<2xi64>
// CHECK-DAG: %[[R:.*]] = tfc.constant dense<2> : tensor<i32>
// CHECK-DAG: %[[N:.*]] = tfc.constant dense<24> : tensor<i32>
// CHECK-DAG: %[[DS:.*]] = tfc.shape %{{.*}} : tensor<?x3xf32>
// CHECK-DAG: %[[DN:.*]] = tfc.size %{{.*}} : tensor<?x3xf32>
// CHECK-DAG: %[[UR:.*]] = tfc.rank %{{.*}} : tensor<*xf32>
// CHECK: tfc.fetch %[[S]], %[[S64]], %[[R]], %[[N]], %[[DS]], %[[R]], %[[DN]], %[[UR]]
func.func @shape_rank_size(%x: tensor<4x6xf32>, %d: tensor<?x3xf32>, %u: tensor<*xf32>)
    -> (tensor<2xi32>, tensor<2xi64>, tensor<i32>, tensor<i32>, tensor<2xi32>, tensor<i32>, tensor<i32>, tensor<i32>) {
  %r:8 = tfc.graph -> (tensor<2xi32>, tensor<2xi64>, tensor<i32>, tensor<i32>, tensor<2xi32>, tensor<i32>, tensor<i32>, tensor<i32>) {
    %0 = tfc.shape %x : tensor<4x6xf32>
    %1 = tfc.shape %x out_type i64 : tensor<4x6xf32>
    %2 = tfc.rank %x : tensor<4x6xf32>
    %3 = tfc.size %x : tensor<4x6xf32>
    %4 = tfc.shape %d : tensor<?x3xf32>
    %5 = tfc.rank %d : tensor<?x3xf32>
    %6 = tfc.size %d : tensor<?x3xf32>
    %7 = tfc.rank %u : tensor<*xf32>
    tfc.fetch %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2xi32>, tensor<2xi64>, tensor<i32>, tensor<i32>, tensor<2xi32>, tensor<i32>, tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7 : tensor<2xi32>, tensor<2xi64>, tensor<i32>, tensor<i32>, tensor<2xi32>, tensor<i32>, tensor<i32>, tensor<i32>
}

// -----

// Constants change shape at compile time; shape-only ops of the same type
// disappear.
// CHECK-LABEL: func.func @reshape_constants
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-DAG: %[[A:.*]] = tfc.constant dense<{{\[}}[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
// CHECK-DAG: %[[B:.*]] = tfc.constant dense<{{\[}}[1, 2, 3, 4, 5, 6]]> : tensor<1x6xi32>
// CHECK-DAG: %[[C:.*]] = tfc.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
// CHECK-DAG: %[[D:.*]] = tfc.constant dense<7.000000e+00> : tensor<2x3xf32>
// CHECK: tfc.fetch %[[A]], %[[B]], %[[C]], %[[X]], %[[X]], %[[X]], %[[D]], %[[D]]
func.func @reshape_constants(%x: tensor<2x3xf32>)
    -> (tensor<3x2xi32>, tensor<1x6xi32>, tensor<6xi32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %r:8 = tfc.graph -> (tensor<3x2xi32>, tensor<1x6xi32>, tensor<6xi32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
    %c = tfc.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
    %a = tfc.reshape %c to [3, -1] : tensor<2x3xi32>
    %f = tfc.reshape %c to [-1] : tensor<2x3xi32>
    %b = tfc.expand_dims %f axis 0 : tensor<6xi32>
    %s = tfc.squeeze %b : tensor<1x6xi32>
    %same = tfc.reshape %x to [2, 3] : tensor<2x3xf32>
    %nothing = tfc.squeeze %x : tensor<2x3xf32>
    %once = tfc.tile %x multiples [1, 1] : tensor<2x3xf32>
    %seven = tfc.constant dense<7.0> : tensor<f32>
    %filled = tfc.fill %seven to [2, 3] : tensor<f32>
    %splat = tfc.constant dense<7.0> : tensor<1x3xf32>
    %tiled = tfc.tile %splat multiples [2, 1] : tensor<1x3xf32>
    tfc.fetch %a, %b, %s, %same, %nothing, %once, %filled, %tiled : tensor<3x2xi32>, tensor<1x6xi32>, tensor<6xi32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7 : tensor<3x2xi32>, tensor<1x6xi32>, tensor<6xi32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// A non-splat constant is never tiled, nor filled into a shape known only at
// run time.
// CHECK-LABEL: func.func @no_expansion
// CHECK: tfc.tile
// CHECK: tfc.fill
func.func @no_expansion(%dims: tensor<2xi32>) -> (tensor<4x2xi32>, tensor<?x?xf32>) {
  %r:2 = tfc.graph -> (tensor<4x2xi32>, tensor<?x?xf32>) {
    %c = tfc.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    %t = tfc.tile %c multiples [2, 1] : tensor<2x2xi32>
    %zero = tfc.constant dense<0.0> : tensor<f32>
    %f = tfc.fill %zero, %dims : tensor<f32>, tensor<2xi32>
    tfc.fetch %t, %f : tensor<4x2xi32>, tensor<?x?xf32>
  }
  return %r#0, %r#1 : tensor<4x2xi32>, tensor<?x?xf32>
}

// -----

// Casts fold as TensorFlow's kernels convert: truncation toward zero, wrap
// to a narrower integer, comparison with zero for bools, 0/1 from bools.
// CHECK-LABEL: func.func @cast_constants
// CHECK-DAG: tfc.constant dense<[1, -1, 0]> : tensor<3xi32>
// CHECK-DAG: tfc.constant dense<[1.900390e+00, -1.500000e+00, 0.000000e+00]> : tensor<3xf16>
// CHECK-DAG: tfc.constant dense<[true, true, false]> : tensor<3xi1>
// CHECK-DAG: tfc.constant dense<[1, 0]> : tensor<2xi32>
// CHECK-DAG: tfc.constant dense<[44, -1]> : tensor<2xi8>
// CHECK-DAG: tfc.constant dense<[3.000000e+00, -1.000000e+00]> : tensor<2xf64>
// CHECK-DAG: tfc.constant dense<2> : tensor<4xi64>
func.func @cast_constants() -> (tensor<3xi32>, tensor<3xf16>, tensor<3xi1>, tensor<2xi32>, tensor<2xi8>, tensor<2xf64>, tensor<4xi64>) {
  %r:7 = tfc.graph -> (tensor<3xi32>, tensor<3xf16>, tensor<3xi1>, tensor<2xi32>, tensor<2xi8>, tensor<2xf64>, tensor<4xi64>) {
    %f = tfc.constant dense<[1.9, -1.5, 0.0]> : tensor<3xf32>
    %0 = tfc.cast %f : tensor<3xf32> to i32
    %1 = tfc.cast %f : tensor<3xf32> to f16
    %2 = tfc.cast %f : tensor<3xf32> to i1
    %b = tfc.constant dense<[true, false]> : tensor<2xi1>
    %3 = tfc.cast %b : tensor<2xi1> to i32
    %i = tfc.constant dense<[300, -1]> : tensor<2xi32>
    %4 = tfc.cast %i : tensor<2xi32> to i8
    %j = tfc.constant dense<[3, -1]> : tensor<2xi64>
    %5 = tfc.cast %j : tensor<2xi64> to f64
    %s = tfc.constant dense<2.5> : tensor<4xf32>
    %6 = tfc.cast %s : tensor<4xf32> to i64
    tfc.fetch %0, %1, %2, %3, %4, %5, %6 : tensor<3xi32>, tensor<3xf16>, tensor<3xi1>, tensor<2xi32>, tensor<2xi8>, tensor<2xf64>, tensor<4xi64>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6 : tensor<3xi32>, tensor<3xf16>, tensor<3xi1>, tensor<2xi32>, tensor<2xi8>, tensor<2xf64>, tensor<4xi64>
}

// -----

// NaN and out-of-range floats have no defined integer: no folding. A cast
// to the same dtype is the identity.
// CHECK-LABEL: func.func @cast_no_fold
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>)
// CHECK: %[[A:.*]] = tfc.cast %{{.*}} : tensor<f32> to i32
// CHECK: %[[B:.*]] = tfc.cast %{{.*}} : tensor<f32> to i8
// CHECK: tfc.fetch %[[A]], %[[B]], %[[X]]
func.func @cast_no_fold(%x: tensor<2xf32>) -> (tensor<i32>, tensor<i8>, tensor<2xf32>) {
  %r:3 = tfc.graph -> (tensor<i32>, tensor<i8>, tensor<2xf32>) {
    %nan = tfc.constant dense<0x7FC00000> : tensor<f32>
    %0 = tfc.cast %nan : tensor<f32> to i32
    %big = tfc.constant dense<1000.0> : tensor<f32>
    %1 = tfc.cast %big : tensor<f32> to i8
    %2 = tfc.cast %x : tensor<2xf32> to f32
    tfc.fetch %0, %1, %2 : tensor<i32>, tensor<i8>, tensor<2xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<i32>, tensor<i8>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>, %[[D:.*]]: tensor<?x4xf32>)
// CHECK: %[[S:.*]] = tfc.slice %[[D]] begin [1, 0]
// CHECK: tfc.fetch %[[X]], %[[X]], %[[D]], %[[S]]
func.func @identities(%x: tensor<3x4xf32>, %d: tensor<?x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) {
  %r:4 = tfc.graph -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) {
    %0 = tfc.concat %x axis 0 : tensor<3x4xf32>
    %1 = tfc.slice %x begin [0, 0] size [3, -1] : tensor<3x4xf32>
    // Everything from the start, whatever the size.
    %2 = tfc.slice %d begin [0, 0] size [-1, -1] : tensor<?x4xf32>
    // Same type, but not from the start.
    %3 = tfc.slice %d begin [1, 0] size [-1, -1] : tensor<?x4xf32>
    tfc.fetch %0, %1, %2, %3 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

// Small integer constants are joined and sliced when the graph is built:
// the shapes, offsets and axes that gradient graphs compute become
// constants.
// c = [2, 3, 4, 5], m = [[1, 2, 3], [4, 5, 6]]
// CHECK-LABEL: func.func @join_and_slice_constants
// CHECK-DAG: %[[CONCAT:.*]] = tfc.constant dense<[2, 3, 4, 5, 2, 3]> : tensor<6xi32>
// CHECK-DAG: %[[COLUMNS:.*]] = tfc.constant dense<{{\[}}[1, 2, 3, 1], [4, 5, 6, 4]]> : tensor<2x4xi32>
// CHECK-DAG: %[[STACKED:.*]] = tfc.constant dense<{{\[}}[2, 1], [3, 2], [4, 3], [5, 4]]> : tensor<4x2xi32>
// CHECK-DAG: %[[SLICED:.*]] = tfc.constant dense<{{\[}}[5, 6]]> : tensor<1x2xi32>
// CHECK-DAG: %[[REVERSED:.*]] = tfc.constant dense<[5, 3]> : tensor<2xi32>
// CHECK-DAG: %[[LAST:.*]] = tfc.constant dense<4> : tensor<i32>
// CHECK-DAG: %[[COLUMN:.*]] = tfc.constant dense<{{\[}}[3], [6]]> : tensor<2x1xi32>
// CHECK-DAG: %[[EMPTY:.*]] = tfc.constant dense<> : tensor<0xi32>
// CHECK: tfc.fetch %[[CONCAT]], %[[COLUMNS]], %[[STACKED]], %[[SLICED]], %[[REVERSED]], %[[LAST]], %[[COLUMN]], %[[EMPTY]]
func.func @join_and_slice_constants() -> (tensor<6xi32>, tensor<2x4xi32>, tensor<4x2xi32>, tensor<1x2xi32>, tensor<2xi32>, tensor<i32>, tensor<2x1xi32>, tensor<0xi32>) {
  %r:8 = tfc.graph -> (tensor<6xi32>, tensor<2x4xi32>, tensor<4x2xi32>, tensor<1x2xi32>, tensor<2xi32>, tensor<i32>, tensor<2x1xi32>, tensor<0xi32>) {
    %c = tfc.constant dense<[2, 3, 4, 5]> : tensor<4xi32>
    %m = tfc.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
    %head = tfc.slice %c begin [0] size [2] : tensor<4xi32>
    %0 = tfc.concat %c, %head axis 0 : tensor<4xi32>, tensor<2xi32>
    %first = tfc.slice %m begin [0, 0] size [-1, 1] : tensor<2x3xi32>
    %1 = tfc.concat %m, %first axis -1 : tensor<2x3xi32>, tensor<2x1xi32>
    // [1] + c[:-1], with a splat operand.
    %init = tfc.strided_slice %c begin [0] end [-1] begin_mask 1 : tensor<4xi32>
    %one = tfc.constant dense<1> : tensor<1xi32>
    %shifted = tfc.concat %one, %init axis 0 : tensor<1xi32>, tensor<3xi32>
    %2 = tfc.stack %c, %shifted axis 1 : tensor<4xi32>, tensor<4xi32>
    %3 = tfc.slice %m begin [1, 1] size [1, 2] : tensor<2x3xi32>
    // c[::-2], c[-2], m[:, -1:], c[3:1]
    %4 = tfc.strided_slice %c begin [0] end [0] strides [-2] begin_mask 1 end_mask 1 : tensor<4xi32>
    %5 = tfc.strided_slice %c begin [-2] end [-1] shrink_axis_mask 1 : tensor<4xi32>
    %6 = tfc.strided_slice %m begin [0, -1] end [0, 0] begin_mask 1 end_mask 3 : tensor<2x3xi32>
    %7 = tfc.strided_slice %c begin [3] end [1] : tensor<4xi32>
    tfc.fetch %0, %1, %2, %3, %4, %5, %6, %7 : tensor<6xi32>, tensor<2x4xi32>, tensor<4x2xi32>, tensor<1x2xi32>, tensor<2xi32>, tensor<i32>, tensor<2x1xi32>, tensor<0xi32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7 : tensor<6xi32>, tensor<2x4xi32>, tensor<4x2xi32>, tensor<1x2xi32>, tensor<2xi32>, tensor<i32>, tensor<2x1xi32>, tensor<0xi32>
}

// -----

// Tensors of values known at run time, and data (floats), are joined and
// sliced then.
// CHECK-LABEL: func.func @join_and_slice_values
// CHECK: tfc.concat
// CHECK: tfc.stack
// CHECK: tfc.strided_slice
// CHECK: tfc.slice
func.func @join_and_slice_values(%x: tensor<2xi32>) -> (tensor<4xi32>, tensor<2x2xi32>, tensor<i32>, tensor<1xf32>) {
  %r:4 = tfc.graph -> (tensor<4xi32>, tensor<2x2xi32>, tensor<i32>, tensor<1xf32>) {
    %c = tfc.constant dense<[7, 8]> : tensor<2xi32>
    %0 = tfc.concat %x, %c axis 0 : tensor<2xi32>, tensor<2xi32>
    %1 = tfc.stack %c, %x : tensor<2xi32>, tensor<2xi32>
    %2 = tfc.strided_slice %x begin [0] end [1] shrink_axis_mask 1 : tensor<2xi32>
    %f = tfc.constant dense<[1.5, 2.5]> : tensor<2xf32>
    %3 = tfc.slice %f begin [1] size [1] : tensor<2xf32>
    tfc.fetch %0, %1, %2, %3 : tensor<4xi32>, tensor<2x2xi32>, tensor<i32>, tensor<1xf32>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<4xi32>, tensor<2x2xi32>, tensor<i32>, tensor<1xf32>
}
