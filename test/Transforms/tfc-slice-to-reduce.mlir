// RUN: tfc-opt %s --split-input-file --tfc-slice-to-reduce | FileCheck %s

// z = z + x[i] for every row, written with x[i] (strided slices).
// CHECK-LABEL: func.func @every_row
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>, %[[Z:.*]]: tensor<4xf32>)
// CHECK: %[[S:.*]] = tfc.reduce_sum %[[X]] axes [0] : tensor<3x4xf32>
// CHECK: %[[R:.*]] = tfc.add %[[Z]], %[[S]]
// CHECK: return %[[R]]
func.func @every_row(%x: tensor<3x4xf32>, %z: tensor<4xf32>) -> tensor<4xf32> {
  %x0 = tfc.strided_slice %x begin [0] end [1] shrink_axis_mask 1 : tensor<3x4xf32>
  %x1 = tfc.strided_slice %x begin [1] end [2] shrink_axis_mask 1 : tensor<3x4xf32>
  %x2 = tfc.strided_slice %x begin [2] end [3] shrink_axis_mask 1 : tensor<3x4xf32>
  %z0 = tfc.add %z, %x0 : tensor<4xf32>, tensor<4xf32>
  %z1 = tfc.add %z0, %x1 : tensor<4xf32>, tensor<4xf32>
  %z2 = tfc.add %z1, %x2 : tensor<4xf32>, tensor<4xf32>
  return %z2 : tensor<4xf32>
}

// -----

// An unstack-and-add chain, in any order, without an initial value.
// CHECK-LABEL: func.func @unstacked
// CHECK-SAME: (%[[X:.*]]: tensor<3x2xf32>)
// CHECK: %[[S:.*]] = tfc.reduce_sum %[[X]] axes [0] : tensor<3x2xf32>
// CHECK: return %[[S]]
func.func @unstacked(%x: tensor<3x2xf32>) -> tensor<2xf32> {
  %r:3 = tfc.unstack %x : tensor<3x2xf32>
  %a = tfc.add %r#2, %r#0 : tensor<2xf32>, tensor<2xf32>
  %b = tfc.add %a, %r#1 : tensor<2xf32>, tensor<2xf32>
  return %b : tensor<2xf32>
}

// -----

// Rows taken by tf.slice keep their leading dimension.
// CHECK-LABEL: func.func @sliced
// CHECK: tfc.reduce_sum %{{.*}} axes [0] keep_dims : tensor<2x5xf32>
func.func @sliced(%x: tensor<2x5xf32>) -> tensor<1x5xf32> {
  %a = tfc.slice %x begin [0, 0] size [1, -1] : tensor<2x5xf32>
  %b = tfc.slice %x begin [1, 0] size [1, 5] : tensor<2x5xf32>
  %s = tfc.add %a, %b : tensor<1x5xf32>, tensor<1x5xf32>
  return %s : tensor<1x5xf32>
}

// -----

// Partial coverage, a row twice, rows of two tensors, and a partial sum used
// elsewhere stay as they are.
// CHECK-LABEL: func.func @negatives
// CHECK-NOT: tfc.reduce_sum
// CHECK: return
func.func @negatives(%x: tensor<3x4xf32>, %y: tensor<3x4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %x0 = tfc.strided_slice %x begin [0] end [1] shrink_axis_mask 1 : tensor<3x4xf32>
  %x1 = tfc.strided_slice %x begin [1] end [2] shrink_axis_mask 1 : tensor<3x4xf32>
  %x2 = tfc.strided_slice %x begin [2] end [3] shrink_axis_mask 1 : tensor<3x4xf32>
  %y2 = tfc.strided_slice %y begin [2] end [3] shrink_axis_mask 1 : tensor<3x4xf32>
  %partial = tfc.add %x0, %x1 : tensor<4xf32>, tensor<4xf32>
  %twice0 = tfc.add %x0, %x0 : tensor<4xf32>, tensor<4xf32>
  %twice = tfc.add %twice0, %x2 : tensor<4xf32>, tensor<4xf32>
  %mixed0 = tfc.add %x0, %x1 : tensor<4xf32>, tensor<4xf32>
  %mixed = tfc.add %mixed0, %y2 : tensor<4xf32>, tensor<4xf32>
  %shared = tfc.add %x2, %x1 : tensor<4xf32>, tensor<4xf32>
  %escaping = tfc.add %shared, %x0 : tensor<4xf32>, tensor<4xf32>
  %use = tfc.mul %shared, %escaping : tensor<4xf32>, tensor<4xf32>
  return %partial, %twice, %mixed, %use : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
