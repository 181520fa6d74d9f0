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

// Rows known only at run time on both sides: either may be 1 and then
// broadcasts (TensorFlow's rule). The result has the first row count that
// is not 1; each operand is read through an element-wise op with no inputs
// that reads its row 0 for every row when its row count is 1, and row i
// otherwise. Tiling fuses that op into its consumer, so operands of equal
// sizes are read in place. An element-wise producer of an operand is
// rebuilt on its own operands broadcast that way, so the sum still reads an
// element-wise op that tiling fuses into it.
// CHECK-LABEL: func.func @broadcast_runtime
// CHECK-SAME: (%[[A:.*]]: tensor<?x2xf32>, %[[B:.*]]: tensor<?x2xf32>, %[[C:.*]]: tensor<?x2xf32>)
// CHECK-NOT: scf.if
// CHECK: %[[RA:.*]] = tensor.dim %[[A]]
// CHECK: %[[RB:.*]] = tensor.dim %[[B]]
// CHECK: %[[AONE:.*]] = arith.cmpi eq, %[[RA]], %{{.*}} : index
// CHECK: %[[ROWS:.*]] = arith.select %[[AONE]], %[[RB]], %[[RA]] : index
// CHECK: %[[RA2:.*]] = tensor.dim %[[A]]
// CHECK: %[[ROW0:.*]] = arith.cmpi eq, %[[RA2]], %{{.*}} : index
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[ROWS]]) : tensor<?x2xf32>
// CHECK: %[[A2:.*]] = linalg.generic {{.*}} outs(%[[EMPTY]] : tensor<?x2xf32>)
// CHECK:   %[[I:.*]] = linalg.index 0 : index
// CHECK:   %[[IA:.*]] = arith.select %[[ROW0]], %{{.*}}, %[[I]] : index
// CHECK:   %[[J:.*]] = linalg.index 1 : index
// CHECK:   tensor.extract %[[A]][%[[IA]], %[[J]]] : tensor<?x2xf32>
// CHECK: %[[B2:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<?x2xf32>)
// CHECK:   tensor.extract %[[B]]
// CHECK: linalg.generic {{.*}} ins(%[[A2]], %[[B2]] : tensor<?x2xf32>, tensor<?x2xf32>)
// CHECK:   arith.mulf
// CHECK: %[[AB2:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<?x2xf32>, tensor<?x2xf32>)
// CHECK:   arith.mulf
// CHECK: %[[C2:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<?x2xf32>)
// CHECK:   tensor.extract %[[C]]
// CHECK: linalg.generic {{.*}} ins(%[[AB2]], %[[C2]] : tensor<?x2xf32>, tensor<?x2xf32>)
// CHECK:   arith.addf
func.func @broadcast_runtime(%a: tensor<?x2xf32>, %b: tensor<?x2xf32>, %c: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %ab = tfc.mul %a, %b : tensor<?x2xf32>, tensor<?x2xf32>
  %0 = tfc.add %ab, %c : tensor<?x2xf32>, tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
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

// A plain exponential is not marked (tfc.nonpositive_operand: softmax's).
// CHECK-LABEL: func.func @unary
// CHECK: math.exp %{{[^ ]+}} : f32
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

// -----

// Sizes read from the same dimension are equal at run time: the maximum's
// rows are the input's (through the reduction, its fill and empty tensor,
// and the reshape that keeps the dimension), so nothing broadcasts.
// CHECK-LABEL: func.func @same_rows
// CHECK-NOT: scf.if
// CHECK: arith.subf
func.func @same_rows(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %m = tfc.reduce_max %x axes [1] keep_dims : tensor<?x4xf32>
  %d = tfc.sub %x, %m : tensor<?x4xf32>, tensor<?x1xf32>
  return %d : tensor<?x4xf32>
}
