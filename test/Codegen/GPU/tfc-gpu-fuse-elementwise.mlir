// RUN: tfc-opt %s --tfc-gpu-fuse-elementwise --split-input-file | FileCheck %s

// exp(x - max) feeds the row sum (a linalg.reduce, generalized here) and
// the normalization: it is recomputed in both, and no [4, 100] temporary
// is left.
// CHECK-LABEL: func.func @softmax_tail
// CHECK-NOT: linalg.reduce
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK: math.exp
// CHECK: arith.divf
// CHECK-NOT: linalg.generic
func.func @softmax_tail(%x: tensor<4x100xf32>, %max: tensor<4xf32>, %zeros: tensor<4xf32>) -> tensor<4x100xf32> {
  %empty = tensor.empty() : tensor<4x100xf32>
  %e = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %max : tensor<4x100xf32>, tensor<4xf32>) outs(%empty : tensor<4x100xf32>) {
  ^bb0(%in: f32, %m: f32, %o: f32):
    %d = arith.subf %in, %m : f32
    %v = math.exp %d : f32
    linalg.yield %v : f32
  } -> tensor<4x100xf32>
  %sum = linalg.reduce ins(%e : tensor<4x100xf32>) outs(%zeros : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %p = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%e, %sum : tensor<4x100xf32>, tensor<4xf32>) outs(%empty : tensor<4x100xf32>) {
  ^bb0(%in: f32, %s: f32, %o: f32):
    %q = arith.divf %in, %s : f32
    linalg.yield %q : f32
  } -> tensor<4x100xf32>
  return %p : tensor<4x100xf32>
}

// -----

// a + b read by two ops: recomputing it would read two full-size inputs
// where the result is one, so it stays a producer of its own.
// CHECK-LABEL: func.func @two_full_inputs
// CHECK: %[[SUM:.*]] = linalg.generic
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} ins(%[[SUM]]
// CHECK: linalg.generic {{.*}} ins(%[[SUM]]
func.func @two_full_inputs(%a: tensor<100xf32>, %b: tensor<100xf32>) -> (tensor<100xf32>, tensor<100xf32>) {
  %empty = tensor.empty() : tensor<100xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a, %b : tensor<100xf32>, tensor<100xf32>) outs(%empty : tensor<100xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %v = arith.addf %x, %y : f32
    linalg.yield %v : f32
  } -> tensor<100xf32>
  %e = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%s : tensor<100xf32>) outs(%empty : tensor<100xf32>) {
  ^bb0(%x: f32, %o: f32):
    %v = math.exp %x : f32
    linalg.yield %v : f32
  } -> tensor<100xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%s : tensor<100xf32>) outs(%empty : tensor<100xf32>) {
  ^bb0(%x: f32, %o: f32):
    %v = arith.negf %x : f32
    linalg.yield %v : f32
  } -> tensor<100xf32>
  return %e, %n : tensor<100xf32>, tensor<100xf32>
}
