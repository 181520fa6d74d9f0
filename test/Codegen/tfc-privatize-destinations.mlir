// RUN: tfc-opt %s --tfc-privatize-destinations --split-input-file | FileCheck %s

// The zeros that CSE shared between two matmuls: each matmul accumulates
// into a fill of an empty tensor of its own, made just before it.

// CHECK-LABEL: func.func @shared_fill(
// CHECK:         %[[E1:.*]] = tensor.empty() : tensor<8x64xf32>
// CHECK:         %[[Z1:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E1]] : tensor<8x64xf32>)
// CHECK:         %[[E2:.*]] = tensor.empty() : tensor<8x64xf32>
// CHECK:         %[[Z2:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E2]] : tensor<8x64xf32>)
// CHECK:         %[[A:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x64xf32>, tensor<64x64xf32>) outs(%[[Z2]] : tensor<8x64xf32>)
// CHECK:         linalg.matmul ins(%[[A]], %{{.*}} : tensor<8x64xf32>, tensor<64x64xf32>) outs(%[[Z1]] : tensor<8x64xf32>)
func.func @shared_fill(%x: tensor<8x64xf32>, %w: tensor<64x64xf32>) -> tensor<8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x64xf32>) -> tensor<8x64xf32>
  %a = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %b = linalg.matmul ins(%a, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  return %b : tensor<8x64xf32>
}

// -----

// A fill of an argument reads no empty tensor: it is not copied.

// CHECK-LABEL: func.func @fill_of_argument(
// CHECK-COUNT-1: linalg.fill
// CHECK-NOT:     linalg.fill
func.func @fill_of_argument(%x: tensor<8x64xf32>, %w: tensor<64x64xf32>, %init: tensor<8x64xf32>) -> (tensor<8x64xf32>, tensor<8x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %z = linalg.fill ins(%zero : f32) outs(%init : tensor<8x64xf32>) -> tensor<8x64xf32>
  %a = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %b = linalg.matmul ins(%a, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  return %a, %b : tensor<8x64xf32>, tensor<8x64xf32>
}

// -----

// An empty tensor used inside a loop is copied before the loop, not into
// its body.

// CHECK-LABEL: func.func @use_in_loop(
// CHECK:         tensor.empty
// CHECK:         tensor.empty
// CHECK:         scf.for
// CHECK-NOT:       tensor.empty
// CHECK:         return
func.func @use_in_loop(%n: index, %v: f32) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %f) -> (tensor<4xf32>) {
    %g = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %g : tensor<4xf32>
  }
  return %f, %r : tensor<4xf32>, tensor<4xf32>
}
