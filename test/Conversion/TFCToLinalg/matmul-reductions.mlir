// RUN: tfc-opt %s --split-input-file --convert-tfc-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @plain
// CHECK: %[[F:.*]] = linalg.fill
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<?x4xf32>, tensor<4x5xf32>) outs(%[[F]] : tensor<?x5xf32>)
func.func @plain(%a: tensor<?x4xf32>, %b: tensor<4x5xf32>) -> tensor<?x5xf32> {
  %0 = tfc.matmul %a, %b : tensor<?x4xf32>, tensor<4x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

// CHECK-LABEL: func.func @batched
// CHECK: linalg.batch_matmul
func.func @batched(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %0 = tfc.matmul %a, %b : tensor<2x3x4xf32>, tensor<2x4x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// Transposes and broadcast batches become a contraction generic.
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @transposed
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @transposed(%a: tensor<2x4x3xf32>, %b: tensor<5x4xf32>) -> tensor<2x3x5xf32> {
  %0 = tfc.matmul %a, %b transpose_a transpose_b : tensor<2x4x3xf32>, tensor<5x4xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// A transposed B with enough rows is copied transposed and multiplied by a
// linalg.matmul, which tiling packs and register-tiles along contiguous
// columns: 8 rows per 2^20 elements of B, at least 8. With fewer rows, or
// a number known only at run time, B is read in place by a contraction.
// CHECK-LABEL: func.func @transposed_b
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<64x32xf32>
// CHECK: %[[BT:.*]] = linalg.transpose ins(%{{.*}} : tensor<32x64xf32>) outs(%[[EMPTY]] : tensor<64x32xf32>) permutation = [1, 0]
// CHECK: linalg.matmul ins(%{{.*}}, %[[BT]] : tensor<8x64xf32>, tensor<64x32xf32>)
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic
// CHECK: %[[LT:.*]] = linalg.transpose ins(%{{.*}} : tensor<1025x1024xf32>) outs(%{{.*}} : tensor<1024x1025xf32>) permutation = [1, 0]
// CHECK: linalg.matmul ins(%{{.*}}, %[[LT]] : tensor<16x1024xf32>, tensor<1024x1025xf32>)
func.func @transposed_b(%a: tensor<8x64xf32>, %b: tensor<32x64xf32>, %few: tensor<7x64xf32>, %dyn: tensor<?x64xf32>, %wide: tensor<15x1024xf32>, %large: tensor<1025x1024xf32>, %wider: tensor<16x1024xf32>) -> (tensor<8x32xf32>, tensor<7x32xf32>, tensor<?x32xf32>, tensor<15x1025xf32>, tensor<16x1025xf32>) {
  %0 = tfc.matmul %a, %b transpose_b : tensor<8x64xf32>, tensor<32x64xf32>
  %1 = tfc.matmul %few, %b transpose_b : tensor<7x64xf32>, tensor<32x64xf32>
  %2 = tfc.matmul %dyn, %b transpose_b : tensor<?x64xf32>, tensor<32x64xf32>
  %3 = tfc.matmul %wide, %large transpose_b : tensor<15x1024xf32>, tensor<1025x1024xf32>
  %4 = tfc.matmul %wider, %large transpose_b : tensor<16x1024xf32>, tensor<1025x1024xf32>
  return %0, %1, %2, %3, %4 : tensor<8x32xf32>, tensor<7x32xf32>, tensor<?x32xf32>, tensor<15x1025xf32>, tensor<16x1025xf32>
}

// -----

// CHECK-LABEL: func.func @reductions
// CHECK: %[[NEG:.*]] = arith.constant 0xFF800000 : f32
// CHECK: linalg.reduce ins(%{{.*}} : tensor<4x?xf32>) {{.*}} dimensions = [1]
// CHECK: arith.maximumf
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0, 1]] {{.*}} : tensor<4xf32> into tensor<4x1xf32>
// CHECK: linalg.reduce {{.*}} dimensions = [0, 1]
// CHECK: arith.addf
// CHECK: arith.divf
func.func @reductions(%x: tensor<4x?xf32>) -> (tensor<4x1xf32>, tensor<f32>) {
  %0 = tfc.reduce_max %x axes [1] keep_dims : tensor<4x?xf32>
  %1 = tfc.reduce_mean %x : tensor<4x?xf32>
  return %0, %1 : tensor<4x1xf32>, tensor<f32>
}

// -----

// The NN ops lower through their stable forms: softmax subtracts the max,
// and its exponential is marked as one of a non-positive operand (no
// overflow).
// CHECK-LABEL: func.func @softmax
// CHECK: linalg.reduce
// CHECK: arith.maximumf
// CHECK: arith.subf
// CHECK: math.exp %{{.*}} {tfc.nonpositive_operand}
// CHECK: linalg.reduce
// CHECK: arith.addf
// CHECK: arith.divf
// CHECK-NOT: tfc.softmax
func.func @softmax(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %0 = tfc.softmax %x : tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
