// RUN: tfc-opt %s --split-input-file --convert-tfc-to-linalg | FileCheck %s

// transpose is linalg.transpose into an empty tensor whose dynamic size is
// the input's, moved by the permutation.
// CHECK-LABEL: func.func @transpose
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x4xf32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<4x?x3xf32>
// CHECK: linalg.transpose ins(%[[X]] : tensor<?x3x4xf32>) outs(%[[E]] : tensor<4x?x3xf32>) permutation = [2, 0, 1]
func.func @transpose(%x: tensor<?x3x4xf32>) -> tensor<4x?x3xf32> {
  %0 = tfc.transpose %x perm [2, 0, 1] : tensor<?x3x4xf32>
  return %0 : tensor<4x?x3xf32>
}

// -----

// Each reduction starts from its value over nothing and combines with its
// own operation: min from +inf (minimumf propagates NaN), prod from 1, any
// from false with or, all from true with and.
// CHECK-LABEL: func.func @reductions
// CHECK: arith.constant 0x7F800000 : f32
// CHECK: linalg.reduce
// CHECK: arith.minimumf
// CHECK: arith.constant 1 : i32
// CHECK: linalg.reduce
// CHECK: arith.muli
// CHECK: arith.constant false
// CHECK: linalg.reduce
// CHECK: arith.ori
// CHECK: arith.constant true
// CHECK: linalg.reduce
// CHECK: arith.andi
func.func @reductions(%x: tensor<4x?xf32>, %i: tensor<4x3xi32>, %p: tensor<4x3xi1>) -> (tensor<4xf32>, tensor<i32>, tensor<3xi1>, tensor<4x1xi1>) {
  %0 = tfc.reduce_min %x axes [1] : tensor<4x?xf32>
  %1 = tfc.reduce_prod %i : tensor<4x3xi32>
  %2 = tfc.reduce_any %p axes [0] : tensor<4x3xi1>
  %3 = tfc.reduce_all %p axes [1] keep_dims : tensor<4x3xi1>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<i32>, tensor<3xi1>, tensor<4x1xi1>
}

// -----

// split: one extract_slice per part, the offsets adding up; a -1 size is
// the rest of the dimension.
// CHECK-LABEL: func.func @split
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [3, 1] [1, 1]
// CHECK: tensor.extract_slice %{{.*}}[0, 1] [3, 2] [1, 1]
// CHECK: tensor.extract_slice %{{.*}}[0, 3] [3, 1] [1, 1]
func.func @split(%x: tensor<3x4xf32>) -> (tensor<3x1xf32>, tensor<3x2xf32>, tensor<3x1xf32>) {
  %0:3 = tfc.split %x axis 1 sizes [1, -1, 1] : tensor<3x4xf32>
  return %0#0, %0#1, %0#2 : tensor<3x1xf32>, tensor<3x2xf32>, tensor<3x1xf32>
}

// -----

// pad is tensor.pad yielding the value; zeros_like of a dynamic shape is
// a fill (of a static one, a constant).
// CHECK-LABEL: func.func @pad
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[V:.*]]: tensor<f32>, %[[D:.*]]: tensor<?x3xf32>)
// CHECK: %[[S:.*]] = tensor.extract %[[V]][]
// CHECK: tensor.pad %[[X]] low[1, 0] high[1, 2]
// CHECK: tensor.yield %[[S]]
// CHECK: %[[N:.*]] = tensor.dim %[[D]]
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x3xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<?x3xf32>)
func.func @pad(%x: tensor<2x3xf32>, %v: tensor<f32>, %d: tensor<?x3xf32>) -> (tensor<4x5xf32>, tensor<?x3xf32>) {
  %0 = tfc.pad %x paddings [1, 1, 0, 2] value %v : tensor<2x3xf32>, tensor<f32>
  %1 = tfc.zeros_like %d : tensor<?x3xf32>
  return %0, %1 : tensor<4x5xf32>, tensor<?x3xf32>
}
