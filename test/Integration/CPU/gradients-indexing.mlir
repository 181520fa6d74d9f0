// Gradients of gather and unsorted_segment_sum against finite differences
// (tf.test.compute_gradient_error), then their exact values.

// Repeated indices: row 2 of x is read twice, its gradient is the sum of
// both reads' (the squares make them differ).
// RUN: tfc check-gradients %s --fn gather_rows --tolerance 1e-3 | FileCheck %s --check-prefix=GATHER_ROWS
// GATHER_ROWS: x f32[4,3]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn gather_axis1 --tolerance 1e-3 | FileCheck %s --check-prefix=GATHER_AXIS1
// GATHER_AXIS1: x f32[2,4,3]: max error {{.*}} ok
// A scalar index (a segment sum without loops) and the last axis, as -1.
// RUN: tfc check-gradients %s --fn gather_scalar --tolerance 1e-3 | FileCheck %s --check-prefix=GATHER_SCALAR
// GATHER_SCALAR: x f32[4,3]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn gather_last_axis --tolerance 1e-3 | FileCheck %s --check-prefix=GATHER_LAST
// GATHER_LAST: x f32[2,4]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn segment_sum --tolerance 1e-3 | FileCheck %s --check-prefix=SEGMENT_SUM
// SEGMENT_SUM: x f32[4,3]: max error {{.*}} ok

// The gradient of sum(gather(x, [2, 0, 2])) counts the reads of each row;
// along axis 1 with indices [[2, 2], [0, 2]], of each column. The gradient
// of sum(unsorted_segment_sum(x, [1, -1, 2, -3], 3) * [1, 2, 3]) gives each
// row its segment's weight, 0 for the dropped ids -1 and -3.
// RUN: tfc compile %s -o %t.so
// RUN: tfc run %t.so --fn gather_counts --input "x=[[1,2,3],[4,5,6],[7,8,9],[1,1,1]]" | FileCheck %s --check-prefix=COUNTS
// COUNTS: output0 = f32[4,3] {{\[}}[1 1 1] [0 0 0] [2 2 2] [0 0 0]]
// COUNTS-NEXT: output1 = f32[4,3] {{\[}}[1 0 3] [1 0 3] [1 0 3] [1 0 3]]
// RUN: tfc run %t.so --fn segment_weights --input "x=[[1,2,3],[4,5,6],[7,8,9],[1,1,1]]" | FileCheck %s --check-prefix=WEIGHTS
// WEIGHTS: output0 = f32[4,3] {{\[}}[2 2 2] [0 0 0] [3 3 3] [0 0 0]]

func.func @gather_rows(%x: tensor<4x3xf32> {tfc.name = "x"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %ids = tfc.constant dense<[2, 0, 2]> : tensor<3xi32>
    %g = tfc.gather %x, %ids : tensor<4x3xf32>, tensor<3xi32>
    %w = tfc.constant dense<[[1.0], [2.0], [3.0]]> : tensor<3x1xf32>
    %sq = tfc.square %g : tensor<3x3xf32>
    %p = tfc.mul %sq, %w : tensor<3x3xf32>, tensor<3x1xf32>
    %s = tfc.reduce_sum %p : tensor<3x3xf32>
    tfc.fetch %s : tensor<f32>
  }
  return %r : tensor<f32>
}

func.func @gather_axis1(%x: tensor<2x4x3xf32> {tfc.name = "x"}) -> tensor<2x2x2x3xf32> {
  %r = tfc.graph -> (tensor<2x2x2x3xf32>) {
    %ids = tfc.constant dense<[[3, 1], [1, 1]]> : tensor<2x2xi64>
    %g = tfc.gather %x, %ids axis 1 : tensor<2x4x3xf32>, tensor<2x2xi64>
    %y = tfc.square %g : tensor<2x2x2x3xf32>
    tfc.fetch %y : tensor<2x2x2x3xf32>
  }
  return %r : tensor<2x2x2x3xf32>
}

func.func @gather_scalar(%x: tensor<4x3xf32> {tfc.name = "x"}) -> tensor<3xf32> {
  %r = tfc.graph -> (tensor<3xf32>) {
    %i = tfc.constant dense<2> : tensor<i32>
    %g = tfc.gather %x, %i : tensor<4x3xf32>, tensor<i32>
    %y = tfc.square %g : tensor<3xf32>
    tfc.fetch %y : tensor<3xf32>
  }
  return %r : tensor<3xf32>
}

func.func @gather_last_axis(%x: tensor<2x4xf32> {tfc.name = "x"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %i = tfc.constant dense<[3, 0, 3]> : tensor<3xi32>
    %g = tfc.gather %x, %i axis -1 : tensor<2x4xf32>, tensor<3xi32>
    %y = tfc.square %g : tensor<2x3xf32>
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @segment_sum(%x: tensor<4x3xf32> {tfc.name = "x"}) -> tensor<3x3xf32> {
  %r = tfc.graph -> (tensor<3x3xf32>) {
    %ids = tfc.constant dense<[1, -1, 1, -2]> : tensor<4xi32>
    %s = tfc.unsorted_segment_sum %x, %ids num_segments 3 : tensor<4x3xf32>, tensor<4xi32>
    %y = tfc.square %s : tensor<3x3xf32>
    tfc.fetch %y : tensor<3x3xf32>
  }
  return %r : tensor<3x3xf32>
}

func.func @gather_counts(%x: tensor<4x3xf32> {tfc.name = "x"}) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %r:2 = tfc.graph -> (tensor<4x3xf32>, tensor<4x3xf32>) {
    %rows = tfc.constant dense<[2, 0, 2]> : tensor<3xi32>
    %g = tfc.gather %x, %rows : tensor<4x3xf32>, tensor<3xi32>
    %s = tfc.reduce_sum %g : tensor<3x3xf32>
    %dg = tfc.gradients %s wrt(%x : tensor<4x3xf32>) : tensor<f32>
    %cols = tfc.constant dense<[[2, 2], [0, 2]]> : tensor<2x2xi32>
    %h = tfc.gather %x, %cols axis 1 : tensor<4x3xf32>, tensor<2x2xi32>
    %t = tfc.reduce_sum %h : tensor<4x2x2xf32>
    %dh = tfc.gradients %t wrt(%x : tensor<4x3xf32>) : tensor<f32>
    tfc.fetch %dg, %dh : tensor<4x3xf32>, tensor<4x3xf32>
  }
  return %r#0, %r#1 : tensor<4x3xf32>, tensor<4x3xf32>
}

func.func @segment_weights(%x: tensor<4x3xf32> {tfc.name = "x"}) -> tensor<4x3xf32> {
  %r = tfc.graph -> (tensor<4x3xf32>) {
    %ids = tfc.constant dense<[1, -1, 2, -3]> : tensor<4xi32>
    %s = tfc.unsorted_segment_sum %x, %ids num_segments 3 : tensor<4x3xf32>, tensor<4xi32>
    %w = tfc.constant dense<[[1.0], [2.0], [3.0]]> : tensor<3x1xf32>
    %p = tfc.mul %s, %w : tensor<3x3xf32>, tensor<3x1xf32>
    %t = tfc.reduce_sum %p : tensor<3x3xf32>
    %d = tfc.gradients %t wrt(%x : tensor<4x3xf32>) : tensor<f32>
    tfc.fetch %d : tensor<4x3xf32>
  }
  return %r : tensor<4x3xf32>
}
