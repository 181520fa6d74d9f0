// RUN: tfc-opt %s --tfc-update-variables-in-place --split-input-file | FileCheck %s

// An SGD update of w, after every other read of w: its destination becomes
// w's value, read through the destination's block argument, so that it is
// computed in w's buffer and the write-back copies nothing.
// CHECK-LABEL: func.func @sgd
// CHECK-SAME: (%[[G:.*]]: tensor<4xf32>, %[[BUF:.*]]: memref<4xf32>)
// CHECK: %[[W:.*]] = bufferization.to_tensor %[[BUF]] restrict writable
// CHECK: %[[R:.*]] = arith.addf %[[W]], %[[W]]
// CHECK: %[[NEW:.*]] = linalg.generic {{.*}} ins(%[[G]] : tensor<4xf32>) outs(%[[W]] : tensor<4xf32>) attrs = {tfc.name = "update"} {
// CHECK-NEXT: ^bb0(%[[GRAD:.*]]: f32, %[[OLD:.*]]: f32):
// CHECK-NEXT:   %[[STEP:.*]] = arith.mulf %[[GRAD]], %{{.*}} : f32
// CHECK-NEXT:   %[[SUB:.*]] = arith.subf %[[OLD]], %[[STEP]] : f32
// CHECK-NEXT:   linalg.yield %[[SUB]] : f32
// CHECK: bufferization.materialize_in_destination %[[NEW]] in restrict writable %[[BUF]]
// CHECK: return %[[R]]
#id = affine_map<(d0) -> (d0)>
func.func @sgd(%g: tensor<4xf32>, %buf: memref<4xf32>) -> tensor<4xf32> {
  %lr = arith.constant 0.5 : f32
  %w = bufferization.to_tensor %buf restrict writable : memref<4xf32> to tensor<4xf32>
  %r = arith.addf %w, %w : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %new = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%w, %g : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) attrs = {tfc.name = "update"} {
  ^bb0(%old: f32, %grad: f32, %out: f32):
    %step = arith.mulf %grad, %lr : f32
    %sub = arith.subf %old, %step : f32
    linalg.yield %sub : f32
  } -> tensor<4xf32>
  bufferization.materialize_in_destination %new in restrict writable %buf : (tensor<4xf32>, memref<4xf32>) -> ()
  return %r : tensor<4xf32>
}

// -----

// The old value is read after the update (through a view): left alone, as
// the update would overwrite what the later read needs.
// CHECK-LABEL: func.func @read_after
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xf32>) outs(%{{.*}} : tensor<4xf32>)
#id = affine_map<(d0) -> (d0)>
func.func @read_after(%g: tensor<4xf32>, %buf: memref<4xf32>) -> tensor<2x2xf32> {
  %w = bufferization.to_tensor %buf restrict writable : memref<4xf32> to tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %new = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%w, %g : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%old: f32, %grad: f32, %out: f32):
    %sub = arith.subf %old, %grad : f32
    linalg.yield %sub : f32
  } -> tensor<4xf32>
  %view = tensor.expand_shape %w [[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
  %later = arith.negf %view : tensor<2x2xf32>
  bufferization.materialize_in_destination %new in restrict writable %buf : (tensor<4xf32>, memref<4xf32>) -> ()
  return %later : tensor<2x2xf32>
}

// -----

// A returned new value would be the variable's buffer itself: left alone.
// CHECK-LABEL: func.func @returned
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xf32>) outs(%{{.*}} : tensor<4xf32>)
#id = affine_map<(d0) -> (d0)>
func.func @returned(%g: tensor<4xf32>, %buf: memref<4xf32>) -> tensor<4xf32> {
  %w = bufferization.to_tensor %buf restrict writable : memref<4xf32> to tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %new = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%w, %g : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%old: f32, %grad: f32, %out: f32):
    %sub = arith.subf %old, %grad : f32
    linalg.yield %sub : f32
  } -> tensor<4xf32>
  bufferization.materialize_in_destination %new in restrict writable %buf : (tensor<4xf32>, memref<4xf32>) -> ()
  return %new : tensor<4xf32>
}

// -----

// The new value reads the old one at another position (a transpose): not
// element-wise, left alone.
// CHECK-LABEL: func.func @transposed
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<3x3xf32>) outs(%{{.*}} : tensor<3x3xf32>)
func.func @transposed(%buf: memref<3x3xf32>) {
  %w = bufferization.to_tensor %buf restrict writable : memref<3x3xf32> to tensor<3x3xf32>
  %e = tensor.empty() : tensor<3x3xf32>
  %new = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<3x3xf32>) outs(%e : tensor<3x3xf32>) {
  ^bb0(%old: f32, %out: f32):
    linalg.yield %old : f32
  } -> tensor<3x3xf32>
  bufferization.materialize_in_destination %new in restrict writable %buf : (tensor<3x3xf32>, memref<3x3xf32>) -> ()
  return
}
