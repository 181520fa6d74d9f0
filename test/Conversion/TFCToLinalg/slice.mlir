// The strided-slice arithmetic is built in index ops that fold on static
// shapes, hence the canonicalizer.
// RUN: tfc-opt %s --split-input-file --convert-tfc-to-linalg --canonicalize | FileCheck %s --implicit-check-not=tfc.

// CHECK-LABEL: func.func @concat
// CHECK: tensor.concat dim(0) %{{.*}}, %{{.*}} : (tensor<?xi32>, tensor<1xi32>) -> tensor<?xi32>
func.func @concat(%a: tensor<?xi32>, %b: tensor<1xi32>) -> tensor<?xi32> {
  %0 = tfc.concat %a, %b axis 0 : tensor<?xi32>, tensor<1xi32>
  return %0 : tensor<?xi32>
}

// -----

// A stack inserts the new unit dimension into each input and concatenates.
// CHECK-LABEL: func.func @stack
// CHECK: %[[A:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [3, 1] : tensor<3xf32> into tensor<3x1xf32>
// CHECK: %[[B:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [3, 1] : tensor<3xf32> into tensor<3x1xf32>
// CHECK: tensor.concat dim(1) %[[A]], %[[B]] : (tensor<3x1xf32>, tensor<3x1xf32>) -> tensor<3x2xf32>
func.func @stack(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3x2xf32> {
  %0 = tfc.stack %a, %b axis 1 : tensor<3xf32>, tensor<3xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @unstack
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<3xf32>
// CHECK: tensor.extract_slice %{{.*}}[1, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<3xf32>
func.func @unstack(%x: tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0:2 = tfc.unstack %x : tensor<2x3xf32>
  return %0#0, %0#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// A size of -1 runs to the end: the dimension minus the start.
// CHECK-LABEL: func.func @slice
// CHECK: %[[D:.*]] = tensor.dim
// CHECK: %[[N:.*]] = arith.addi %[[D]], %{{.*}} : index
// CHECK: tensor.extract_slice %{{.*}}[1, 2] [%[[N]], 2] [1, 1] : tensor<?x4xf32> to tensor<?x2xf32>
func.func @slice(%x: tensor<?x4xf32>) -> tensor<?x2xf32> {
  %0 = tfc.slice %x begin [1, 2] size [-1, 2] : tensor<?x4xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// x[1:, ::2]; x[-1, ::-1] (a negative stride, a shrunk axis);
// x[tf.newaxis, :, 2] (a new axis).
// CHECK-LABEL: func.func @strided
// CHECK: tensor.extract_slice %{{.*}}[1, 0] [3, 3] [1, 2] : tensor<4x6xf32> to tensor<3x3xf32>
// CHECK: %[[R:.*]] = tensor.extract_slice %{{.*}}[3, 5] [1, 6] [1, -1] : tensor<4x6xf32> to tensor<1x6xf32>
// CHECK: tensor.collapse_shape %[[R]] {{\[}}[0, 1]] : tensor<1x6xf32> into tensor<6xf32>
// CHECK: %[[C:.*]] = tensor.extract_slice %{{.*}}[0, 2] [4, 1] [1, 1] : tensor<4x6xf32> to tensor<4x1xf32>
// CHECK: %[[F:.*]] = tensor.collapse_shape %[[C]] {{\[}}[0, 1]] : tensor<4x1xf32> into tensor<4xf32>
// CHECK: tensor.expand_shape %[[F]] {{\[}}[0, 1]] output_shape [1, 4] : tensor<4xf32> into tensor<1x4xf32>
func.func @strided(%x: tensor<4x6xf32>) -> (tensor<3x3xf32>, tensor<6xf32>, tensor<1x4xf32>) {
  %a = tfc.strided_slice %x begin [1, 0] end [0, 0] strides [1, 2] end_mask 3 : tensor<4x6xf32>
  %b = tfc.strided_slice %x begin [-1, 0] end [0, 0] strides [1, -1] begin_mask 2 end_mask 2 shrink_axis_mask 1 : tensor<4x6xf32>
  %c = tfc.strided_slice %x begin [0, 0, 2] end [0, 0, 0] end_mask 2 new_axis_mask 1 shrink_axis_mask 4 : tensor<4x6xf32>
  return %a, %b, %c : tensor<3x3xf32>, tensor<6xf32>, tensor<1x4xf32>
}

// -----

// On a dynamic dimension the begin is clamped and the size computed at
// run time.
// CHECK-LABEL: func.func @strided_dynamic
// CHECK: %[[D:.*]] = tensor.dim
// CHECK: arith.minsi
// CHECK: arith.ceildivsi
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}] [%{{.*}}] [2] : tensor<?xf32> to tensor<?xf32>
func.func @strided_dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tfc.strided_slice %x begin [1] end [-1] strides [2] : tensor<?xf32>
  return %0 : tensor<?xf32>
}
