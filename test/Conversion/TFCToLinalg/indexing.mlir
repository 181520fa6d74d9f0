// RUN: tfc-opt %s --split-input-file --convert-tfc-to-linalg | FileCheck %s --implicit-check-not=tfc.

// Gather reads params at the clamped index in the body of a generic over
// the result.
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[P:.*]]: tensor<5x3xf32>, %[[I:.*]]: tensor<2xi32>)
// CHECK: linalg.generic {{.*}} ins(%[[I]] : tensor<2xi32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: ^bb0(%[[IN:.*]]: i32, %{{.*}}: f32):
// CHECK: %[[IDX:.*]] = arith.index_cast %[[IN]] : i32 to index
// CHECK: %[[LO:.*]] = arith.maxsi %[[IDX]]
// CHECK: %[[CL:.*]] = arith.minsi %[[LO]]
// CHECK: %[[J:.*]] = linalg.index 1 : index
// CHECK: tensor.extract %[[P]][%[[CL]], %[[J]]] : tensor<5x3xf32>
func.func @gather(%p: tensor<5x3xf32>, %i: tensor<2xi32>) -> tensor<2x3xf32> {
  %0 = tfc.gather %p, %i : tensor<5x3xf32>, tensor<2xi32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @one_hot
// CHECK: %[[ON:.*]] = tensor.extract %{{.*}}[] : tensor<f32>
// CHECK: %[[OFF:.*]] = tensor.extract %{{.*}}[] : tensor<f32>
// CHECK: linalg.generic
// CHECK: %[[D:.*]] = linalg.index 1 : index
// CHECK: %[[DI:.*]] = arith.index_cast %[[D]] : index to i32
// CHECK: %[[HOT:.*]] = arith.cmpi eq, %[[DI]], %{{.*}} : i32
// CHECK: arith.select %[[HOT]], %[[ON]], %[[OFF]] : f32
func.func @one_hot(%i: tensor<?xi32>, %on: tensor<f32>, %off: tensor<f32>) -> tensor<?x4xf32> {
  %0 = tfc.one_hot %i, %on, %off depth 4 : tensor<?xi32>, tensor<f32>, tensor<f32>
  return %0 : tensor<?x4xf32>
}

// -----

// Argmax reduces into the best value and its index; a strictly larger
// value wins, so of equal values the first one is kept.
// CHECK-LABEL: func.func @argmax
// CHECK: %[[V:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<4x5xf32>) outs(%{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xi64>)
// CHECK: arith.cmpf ogt
// CHECK: return %[[V]]#1 : tensor<4xi64>
func.func @argmax(%x: tensor<4x5xf32>) -> tensor<4xi64> {
  %0 = tfc.argmax %x axis 1 : tensor<4x5xf32>
  return %0 : tensor<4xi64>
}

// -----

// top_k is k argmax reductions in a loop, each over the entries after the
// previous pick.
// CHECK-LABEL: func.func @top_k
// CHECK: %[[L:.*]]:4 = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[VS:.*]] = %{{.*}}, %[[IS:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<4x2xf32>, tensor<4x2xi32>, tensor<4xf32>, tensor<4xi32>)
// CHECK: %[[BEST:.*]]:2 = linalg.generic
// CHECK: arith.cmpf olt
// CHECK: tensor.insert_slice %[[BEST]]#0 into %[[VS]][0, %[[K]]] [4, 1] [1, 1]
// CHECK: tensor.insert_slice %[[BEST]]#1 into %[[IS]][0, %[[K]]] [4, 1] [1, 1]
// CHECK: return %[[L]]#0, %[[L]]#1
func.func @top_k(%x: tensor<4x5xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>) {
  %0, %1 = tfc.top_k %x k 2 : tensor<4x5xf32>
  return %0, %1 : tensor<4x2xf32>, tensor<4x2xi32>
}

// -----

// where is a broadcasting select.
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[X:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[Y:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @where
// CHECK: linalg.generic {indexing_maps = [#[[C]], #[[X]], #[[Y]], #[[X]]]
// CHECK: ^bb0(%[[P:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32, %{{.*}}: i32):
// CHECK: arith.select %[[P]], %[[A]], %[[B]] : i32
func.func @where(%c: tensor<2xi1>, %x: tensor<3x2xi32>, %y: tensor<i32>) -> tensor<3x2xi32> {
  %0 = tfc.where %c, %x, %y : tensor<2xi1>, tensor<3x2xi32>, tensor<i32>
  return %0 : tensor<3x2xi32>
}
