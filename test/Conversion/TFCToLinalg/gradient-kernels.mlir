// RUN: tfc-opt %s --split-input-file --convert-tfc-to-linalg | FileCheck %s \
// RUN:   --implicit-check-not=tfc.

// relu_grad is a select on the broadcast features, not a product: a
// masked-out NaN gradient gives 0.
// CHECK: #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @relu_grad
// CHECK-SAME: (%[[DY:[a-z0-9_]+]]: tensor<4xf32>, %[[X:[a-z0-9_]+]]: tensor<?x4xf32>)
// CHECK: %[[DIM:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x4xf32>
// CHECK: %[[INIT:.*]] = tensor.empty(%[[DIM]]) : tensor<?x4xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ROW]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[DY]], %[[X]] : tensor<4xf32>, tensor<?x4xf32>) outs(%[[INIT]] : tensor<?x4xf32>)
// CHECK: ^bb0(%[[G:.*]]: f32, %[[F:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[POS:.*]] = arith.cmpf ogt, %[[F]], %[[ZERO]] : f32
// CHECK: %[[SEL:.*]] = arith.select %[[POS]], %[[G]], %[[ZERO]] : f32
// CHECK: linalg.yield %[[SEL]] : f32
func.func @relu_grad(%dy: tensor<4xf32>, %x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %a = tfc.relu_grad %dy, %x : tensor<4xf32>, tensor<?x4xf32>
  return %a : tensor<?x4xf32>
}

// -----

// broadcast_like reads only the input; `like` gives the dynamic sizes. With
// `dims`, the input's dimension pairs with the first result dimension.
// CHECK: #[[COL:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK: #[[STRETCH:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @broadcast_like
// CHECK-SAME: (%[[V:[a-z0-9_]+]]: tensor<?xf32>, %[[LIKE:[a-z0-9_]+]]: tensor<?x3xf32>, %[[S:[a-z0-9_]+]]: tensor<f32>, %[[ROW:[a-z0-9_]+]]: tensor<1x3xf32>)
// CHECK: %[[DIM:.*]] = tensor.dim %[[LIKE]], %{{.*}} : tensor<?x3xf32>
// CHECK: %[[INIT:.*]] = tensor.empty(%[[DIM]]) : tensor<?x3xf32>
// CHECK: %[[A:.*]] = linalg.generic {indexing_maps = [#[[COL]], #[[ID]]], {{.*}}} ins(%[[V]] : tensor<?xf32>) outs(%[[INIT]] : tensor<?x3xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID]]], {{.*}}} ins(%[[S]] : tensor<f32>)
// CHECK: linalg.generic {indexing_maps = [#[[STRETCH]], #[[ID]]], {{.*}}} ins(%[[ROW]] : tensor<1x3xf32>)
func.func @broadcast_like(%v: tensor<?xf32>, %like: tensor<?x3xf32>, %s: tensor<f32>, %row: tensor<1x3xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>) {
  %a = tfc.broadcast_like %v to %like dims [1] : tensor<?xf32>, tensor<?x3xf32>
  %b = tfc.broadcast_like %s to %like : tensor<f32>, tensor<?x3xf32>
  %c = tfc.broadcast_like %row to %like : tensor<1x3xf32>, tensor<?x3xf32>
  return %a, %b, %c : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>
}
