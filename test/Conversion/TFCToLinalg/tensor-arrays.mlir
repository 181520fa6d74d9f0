// RUN: tfc-opt %s --split-input-file --convert-tfc-to-linalg --canonicalize | FileCheck %s --implicit-check-not=tfc.

// An array of n elements tensor<3xf32> is a zero-filled tensor<?x3xf32>:
// a write inserts row i (growing a dynamic_size array first when i is past
// its end), a read extracts it, stack is the tensor and size its first
// dimension.
// CHECK-LABEL: func.func @array
// CHECK-SAME: (%[[N:.*]]: tensor<i32>, %[[V:.*]]: tensor<3xf32>, %[[I:.*]]: tensor<i32>)
// CHECK: %[[SIZE:.*]] = tensor.extract %[[N]][] : tensor<i32>
// CHECK: %[[ROWS:.*]] = arith.index_cast %[[SIZE]] : i32 to index
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[ROWS]]) : tensor<?x3xf32>
// CHECK: %[[A:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[EMPTY]] : tensor<?x3xf32>)
// CHECK: %[[IDX:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[PAST:.*]] = arith.cmpi uge, %[[IDX]], %{{.*}} : index
// CHECK: %[[G:.*]] = scf.if %[[PAST]] -> (tensor<?x3xf32>) {
// CHECK: %[[BIGGER:.*]] = linalg.fill
// CHECK: %[[COPY:.*]] = tensor.insert_slice %[[A]] into %[[BIGGER]][0, 0] [%{{.*}}, 3] [1, 1]
// CHECK: scf.yield %[[COPY]]
// CHECK: } else {
// CHECK: scf.yield %[[A]]
// CHECK: %[[W:.*]] = tensor.insert_slice %[[V]] into %[[G]][%[[IDX]], 0] [1, 3] [1, 1] : tensor<3xf32> into tensor<?x3xf32>
// CHECK: %[[R:.*]] = tensor.extract_slice %[[W]][%{{.*}}, 0] [1, 3] [1, 1] : tensor<?x3xf32> to tensor<3xf32>
// CHECK: %[[D:.*]] = tensor.dim %[[G]], %{{.*}} : tensor<?x3xf32>
// CHECK: %[[D32:.*]] = arith.index_cast %[[D]] : index to i32
// CHECK: %[[Z:.*]] = tensor.from_elements %[[D32]] : tensor<i32>
// CHECK: return %[[W]], %[[R]], %[[Z]]
func.func @array(%n: tensor<i32>, %v: tensor<3xf32>, %i: tensor<i32>) -> (tensor<?x3xf32>, tensor<3xf32>, tensor<i32>) {
  %ta = tfc.tensor_array_create %n dynamic_size : !tfc.tensor_array<tensor<3xf32>>
  %tb = tfc.tensor_array_write %ta[%i], %v : !tfc.tensor_array<tensor<3xf32>>, tensor<3xf32>
  %r = tfc.tensor_array_read %tb[%i] : !tfc.tensor_array<tensor<3xf32>>
  %s = tfc.tensor_array_stack %tb : !tfc.tensor_array<tensor<3xf32>>
  %z = tfc.tensor_array_size %tb : !tfc.tensor_array<tensor<3xf32>>
  return %s, %r, %z : tensor<?x3xf32>, tensor<3xf32>, tensor<i32>
}

// -----

// A fixed-size array is written in place, also in a loop.
// CHECK-LABEL: func.func @fixed
// CHECK-NOT: scf.if
// CHECK: scf.while
// CHECK-NOT: scf.if
// CHECK: tensor.insert_slice
// CHECK-NOT: scf.if
func.func @fixed(%n: tensor<i32>, %x: tensor<f32>) -> tensor<?xf32> {
  %zero = tfc.constant dense<0> : tensor<i32>
  %one = tfc.constant dense<1> : tensor<i32>
  %ta = tfc.tensor_array_create %n : !tfc.tensor_array<tensor<f32>>
  %i, %t = tfc.while (%zero, %ta) : (tensor<i32>, !tfc.tensor_array<tensor<f32>>) -> (tensor<i32>, !tfc.tensor_array<tensor<f32>>)
  cond {
  ^bb0(%i: tensor<i32>, %t: !tfc.tensor_array<tensor<f32>>):
    %lt = tfc.less %i, %n : tensor<i32>, tensor<i32>
    tfc.condition %lt : tensor<i1>
  } body {
  ^bb0(%i: tensor<i32>, %t: !tfc.tensor_array<tensor<f32>>):
    %w = tfc.tensor_array_write %t[%i], %x : !tfc.tensor_array<tensor<f32>>, tensor<f32>
    %next = tfc.add %i, %one : tensor<i32>, tensor<i32>
    tfc.yield %next, %w : tensor<i32>, !tfc.tensor_array<tensor<f32>>
  }
  %s = tfc.tensor_array_stack %t : !tfc.tensor_array<tensor<f32>>
  return %s : tensor<?xf32>
}

// -----

// unstack makes the rows of a tensor the elements: the tensor itself.
// CHECK-LABEL: func.func @unstack
// CHECK-SAME: (%{{.*}}: tensor<i32>, %[[X:.*]]: tensor<4x2xf32>)
// CHECK: %[[C:.*]] = tensor.cast %[[X]] : tensor<4x2xf32> to tensor<?x2xf32>
// CHECK: return %[[C]]
func.func @unstack(%n: tensor<i32>, %x: tensor<4x2xf32>) -> tensor<?x2xf32> {
  %ta = tfc.tensor_array_create %n : !tfc.tensor_array<tensor<2xf32>>
  %tb = tfc.tensor_array_unstack %ta, %x : !tfc.tensor_array<tensor<2xf32>>, tensor<4x2xf32>
  %s = tfc.tensor_array_stack %tb : !tfc.tensor_array<tensor<2xf32>>
  return %s : tensor<?x2xf32>
}
