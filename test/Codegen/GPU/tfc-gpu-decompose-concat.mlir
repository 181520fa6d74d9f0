// RUN: tfc-opt %s --pass-pipeline='builtin.module(func.func(tfc-gpu-decompose-concat,cse))' --split-input-file | FileCheck %s

// The polynomial fit's features [x * x, x, 1]: the concatenation is
// insertions into an empty [n, 3]; the square and the fill of ones write
// their columns of it (each moved to just before its insertion), and x,
// which no op produces, is inserted as it is.
// CHECK-LABEL: func.func @features
// CHECK-SAME: (%[[X:.*]]: tensor<?x1xf32>)
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %c0
// CHECK: %[[RESULT:.*]] = tensor.empty(%[[N]]) : tensor<?x3xf32>
// CHECK: %[[COLUMN0:.*]] = tensor.extract_slice %[[RESULT]][0, 0] [%[[N]], 1] [1, 1]
// CHECK: %[[SQUARES:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<?x1xf32>) outs(%[[COLUMN0]] : tensor<?x1xf32>)
// CHECK: %[[WITH0:.*]] = tensor.insert_slice %[[SQUARES]] into %[[RESULT]][0, 0]
// CHECK: %[[WITH1:.*]] = tensor.insert_slice %[[X]] into %[[WITH0]][0, 1]
// CHECK: %[[COLUMN2:.*]] = tensor.extract_slice %[[WITH1]][0, 2] [%[[N]], 1] [1, 1]
// CHECK: %[[ONES:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[COLUMN2]] : tensor<?x1xf32>)
// CHECK: %[[WITH2:.*]] = tensor.insert_slice %[[ONES]] into %[[WITH1]][0, 2]
// CHECK: return %[[WITH2]]
// CHECK-NOT: tensor.empty
func.func @features(%x: tensor<?x1xf32>) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x1xf32>
  %e0 = tensor.empty(%n) : tensor<?x1xf32>
  %sq = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x1xf32>) outs(%e0 : tensor<?x1xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.mulf %in, %in : f32
    linalg.yield %m : f32
  } -> tensor<?x1xf32>
  %e1 = tensor.empty(%n) : tensor<?x1xf32>
  %ones = linalg.fill ins(%one : f32) outs(%e1 : tensor<?x1xf32>) -> tensor<?x1xf32>
  %c = tensor.concat dim(1) %sq, %x, %ones : (tensor<?x1xf32>, tensor<?x1xf32>, tensor<?x1xf32>) -> tensor<?x3xf32>
  return %c : tensor<?x3xf32>
}

// -----

// A producer whose result something else reads too keeps its own tensor.
// CHECK-LABEL: func.func @shared_operand
// CHECK: %[[OWN:.*]] = tensor.empty() : tensor<4x2xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[OWN]] : tensor<4x2xf32>)
func.func @shared_operand(%x: tensor<4x2xf32>) -> (tensor<4x4xf32>, tensor<4x2xf32>) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %ones = linalg.fill ins(%one : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %c = tensor.concat dim(1) %x, %ones : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x4xf32>
  return %c, %ones : tensor<4x4xf32>, tensor<4x2xf32>
}
