// RUN: tfc-opt %s --tfc-privatize-destinations --split-input-file | FileCheck %s

// The zeros that CSE shared between ten matmuls of the same input: the
// first eight keep them, the other two share a fill of an empty tensor of
// their own, made just before the first of them (groups of eight users keep bufferization
// linear and still let users whose values do not overlap share a buffer).

// CHECK-LABEL: func.func @shared_fill(
// CHECK:         %[[E1:.*]] = tensor.empty() : tensor<8x64xf32>
// CHECK:         %[[Z1:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E1]] : tensor<8x64xf32>)
// CHECK-COUNT-8: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x64xf32>, tensor<64x64xf32>) outs(%[[Z1]] : tensor<8x64xf32>)
// CHECK:         %[[E2:.*]] = tensor.empty() : tensor<8x64xf32>
// CHECK:         %[[Z2:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E2]] : tensor<8x64xf32>)
// CHECK-COUNT-2: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x64xf32>, tensor<64x64xf32>) outs(%[[Z2]] : tensor<8x64xf32>)
// CHECK:         return
func.func @shared_fill(%x: tensor<8x64xf32>, %w: tensor<64x64xf32>) -> tensor<8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m0 = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m1 = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m2 = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m3 = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m4 = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m5 = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m6 = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m7 = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m8 = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m9 = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  return %m9 : tensor<8x64xf32>
}

// -----

// A value with at most eight users is left shared.

// CHECK-LABEL: func.func @few_users(
// CHECK-COUNT-1: linalg.fill
// CHECK-NOT:     linalg.fill
func.func @few_users(%x: tensor<8x64xf32>, %w: tensor<64x64xf32>) -> tensor<8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m0 = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m1 = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %s = arith.addf %m0, %m1 : tensor<8x64xf32>
  return %s : tensor<8x64xf32>
}

// -----

// A user that reads what another user wrote into the shared value gets a
// copy of its own, whatever the count: the second layer of a chain reads
// the first while it writes, so the two cannot share a buffer (sharing made
// bufferization copy one of them). The third layer reads the second, which
// has its own zeros now, and shares the first's.

// CHECK-LABEL: func.func @chain(
// CHECK:         %[[Z:.*]] = linalg.fill
// CHECK:         %[[M0:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : {{.*}}) outs(%[[Z]] : tensor<8x64xf32>)
// CHECK:         %[[E1:.*]] = tensor.empty() : tensor<8x64xf32>
// CHECK:         %[[Z1:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E1]] : tensor<8x64xf32>)
// CHECK:         %[[M1:.*]] = linalg.matmul ins(%[[M0]], %{{.*}} : {{.*}}) outs(%[[Z1]] : tensor<8x64xf32>)
// CHECK:         %[[M2:.*]] = linalg.matmul ins(%[[M1]], %{{.*}} : {{.*}}) outs(%[[Z]] : tensor<8x64xf32>)
// A tiled op reads what its loop's body takes from above: a weight's
// update, given the empty tensor its gradient was written into.
// CHECK:         %[[G:.*]] = linalg.generic {{.*}} outs(%[[E:.*]] : tensor<8x64xf32>)
// CHECK:         %[[E2:.*]] = tensor.empty() : tensor<8x64xf32>
// CHECK:         scf.forall ({{.*}}) in (8) shared_outs(%{{.*}} = %[[E2]])
// CHECK:           tensor.extract_slice %[[G]]
func.func @chain(%x: tensor<8x64xf32>, %w: tensor<64x64xf32>) -> tensor<8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m0 = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m1 = linalg.matmul ins(%m0, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m2 = linalg.matmul ins(%m1, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<8x64xf32>
  %u = scf.forall (%i) in (8) shared_outs(%acc = %e) -> (tensor<8x64xf32>) {
    %row = tensor.extract_slice %g[%i, 0] [1, 64] [1, 1] : tensor<8x64xf32> to tensor<1x64xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %row into %acc[%i, 0] [1, 64] [1, 1] : tensor<1x64xf32> into tensor<8x64xf32>
    }
  }
  %r = arith.addf %m2, %u : tensor<8x64xf32>
  return %r : tensor<8x64xf32>
}

// -----

// A fill of an argument reads no empty tensor: it is not copied, however
// many users it has.

// CHECK-LABEL: func.func @fill_of_argument(
// CHECK-COUNT-1: linalg.fill
// CHECK-NOT:     linalg.fill
func.func @fill_of_argument(%x: tensor<8x64xf32>, %w: tensor<64x64xf32>, %init: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %z = linalg.fill ins(%zero : f32) outs(%init : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m0 = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m1 = linalg.matmul ins(%m0, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m2 = linalg.matmul ins(%m1, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m3 = linalg.matmul ins(%m2, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m4 = linalg.matmul ins(%m3, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m5 = linalg.matmul ins(%m4, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m6 = linalg.matmul ins(%m5, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m7 = linalg.matmul ins(%m6, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m8 = linalg.matmul ins(%m7, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  %m9 = linalg.matmul ins(%m8, %w : tensor<8x64xf32>, tensor<64x64xf32>) outs(%z : tensor<8x64xf32>) -> tensor<8x64xf32>
  return %m9 : tensor<8x64xf32>
}

// -----

// Copies go before the loop that uses the value, never into its body.

// CHECK-LABEL: func.func @use_in_loop(
// CHECK:         scf.for
// CHECK-NOT:       tensor.empty
// CHECK:         scf.yield
func.func @use_in_loop(%n: index, %v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %f) -> (tensor<4xf32>) {
    %g0 = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %g1 = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %g2 = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %g3 = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %g4 = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %g5 = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %g6 = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %g7 = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %g8 = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %g8 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
