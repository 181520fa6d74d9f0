// RUN: tfc-opt %s --split-input-file --convert-tfc-to-linalg | FileCheck %s

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @broadcast
// CHECK-SAME: (%[[A:.*]]: tensor<?x1xf32>, %[[B:.*]]: tensor<3xf32>)
// CHECK: %[[D:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x1xf32>
// CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[COL]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<?x1xf32>, tensor<3xf32>) outs(%[[E]] : tensor<?x3xf32>)
// CHECK: arith.addf
// CHECK-NOT: tfc.add
func.func @broadcast(%a: tensor<?x1xf32>, %b: tensor<3xf32>) -> tensor<?x3xf32> {
  %0 = tfc.add %a, %b : tensor<?x1xf32>, tensor<3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// Integer division guards against traps; comparisons produce i1.
// CHECK-LABEL: func.func @ints
// CHECK: linalg.generic
// CHECK: arith.cmpi eq
// CHECK: arith.select
// CHECK: arith.divsi
// CHECK: linalg.generic
// CHECK: arith.cmpi slt
// CHECK-SAME: i32
// CHECK: -> tensor<4xi1>
func.func @ints(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi1>) {
  %0 = tfc.div %a, %b : tensor<4xi32>, tensor<4xi32>
  %1 = tfc.less %a, %b : tensor<4xi32>, tensor<4xi32>
  return %0, %1 : tensor<4xi32>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @unary
// CHECK: math.exp
// CHECK: arith.maximumf
// CHECK: math.rsqrt
// CHECK-NOT: tfc.
func.func @unary(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = tfc.exp %x : tensor<8xf32>
  %1 = tfc.relu %0 : tensor<8xf32>
  %2 = tfc.rsqrt %1 : tensor<8xf32>
  return %2 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func @constant
// CHECK: arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
func.func @constant() -> tensor<2xf32> {
  %0 = tfc.constant dense<[1.0, 2.0]> : tensor<2xf32>
  return %0 : tensor<2xf32>
}
