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

// unsorted_segment_sum: a zero-filled result, one loop per dimension of
// the ids, and for an id in [0, num_segments) the data row added into the
// output row it names, in place; other ids leave the output as it is.
// CHECK-LABEL: func.func @unsorted_segment_sum
// CHECK-SAME: (%[[D:.*]]: tensor<?x3xf32>, %[[I:.*]]: tensor<?xi32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<5x3xf32>)
// CHECK: %[[N:.*]] = tensor.dim %[[I]], %{{.*}} : tensor<?xi32>
// CHECK: %[[R:.*]] = scf.for %[[K:.*]] = %[[C0]] to %[[N]] step %{{.*}} iter_args(%[[OUT:.*]] = %[[INIT]]) -> (tensor<5x3xf32>)
// CHECK: %[[ID:.*]] = tensor.extract %[[I]][%[[K]]] : tensor<?xi32>
// CHECK: %[[S:.*]] = arith.index_cast %[[ID]] : i32 to index
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[S]], %[[C0]] : index
// CHECK: %[[LT:.*]] = arith.cmpi slt, %[[S]], %[[C5]] : index
// CHECK: %[[IN:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK: %[[IF:.*]] = scf.if %[[IN]] -> (tensor<5x3xf32>)
// CHECK: %[[ROW:.*]] = tensor.extract_slice %[[D]][%[[K]], 0] [1, 3] [1, 1] : tensor<?x3xf32> to tensor<3xf32>
// CHECK: %[[ACC:.*]] = tensor.extract_slice %[[OUT]][%[[S]], 0] [1, 3] [1, 1] : tensor<5x3xf32> to tensor<3xf32>
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[ROW]] : tensor<3xf32>) outs(%[[ACC]] : tensor<3xf32>)
// CHECK: arith.addf
// CHECK: %[[NEW:.*]] = tensor.insert_slice %[[SUM]] into %[[OUT]][%[[S]], 0] [1, 3] [1, 1] : tensor<3xf32> into tensor<5x3xf32>
// CHECK: scf.yield %[[NEW]] : tensor<5x3xf32>
// CHECK: } else {
// CHECK: scf.yield %[[OUT]] : tensor<5x3xf32>
// CHECK: scf.yield %[[IF]] : tensor<5x3xf32>
// CHECK: return %[[R]] : tensor<5x3xf32>
func.func @unsorted_segment_sum(%d: tensor<?x3xf32>, %i: tensor<?xi32>) -> tensor<5x3xf32> {
  %0 = tfc.unsorted_segment_sum %d, %i num_segments 5 : tensor<?x3xf32>, tensor<?xi32>
  return %0 : tensor<5x3xf32>
}

// -----

// Ids over all of data's dimensions: a loop nest over both, scalar rows
// (rank-0 slices), integer addition.
// CHECK-LABEL: func.func @unsorted_segment_sum_elements
// CHECK: scf.for %[[A:[a-z0-9_]+]] = {{.*}} -> (tensor<4xi32>)
// CHECK: scf.for %[[B:[a-z0-9_]+]] = {{.*}} -> (tensor<4xi32>)
// CHECK: tensor.extract %{{.*}}[%[[A]], %[[B]]] : tensor<2x3xi64>
// CHECK: scf.if
// CHECK: tensor.extract_slice %{{.*}}[%[[A]], %[[B]]] [1, 1] [1, 1] : tensor<2x3xi32> to tensor<i32>
// CHECK: arith.addi
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}] [1] [1] : tensor<i32> into tensor<4xi32>
func.func @unsorted_segment_sum_elements(%d: tensor<2x3xi32>, %i: tensor<2x3xi64>) -> tensor<4xi32> {
  %0 = tfc.unsorted_segment_sum %d, %i num_segments 4 : tensor<2x3xi32>, tensor<2x3xi64>
  return %0 : tensor<4xi32>
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

// -----

// num_segments as an operand: the result's first dimension is its value.
// CHECK-LABEL: func.func @unsorted_segment_sum_dynamic
// CHECK-SAME: (%[[D:.*]]: tensor<?x3xf32>, %[[I:.*]]: tensor<?xi32>, %[[N:.*]]: tensor<i32>)
// CHECK: %[[V:.*]] = tensor.extract %[[N]][] : tensor<i32>
// CHECK: %[[S:.*]] = arith.index_cast %[[V]] : i32 to index
// CHECK: %[[E:.*]] = tensor.empty(%[[S]]) : tensor<?x3xf32>
// CHECK: linalg.fill {{.*}} outs(%[[E]] : tensor<?x3xf32>)
// CHECK: scf.for
// CHECK: arith.cmpi slt, %{{.*}}, %[[S]] : index
func.func @unsorted_segment_sum_dynamic(%d: tensor<?x3xf32>, %i: tensor<?xi32>, %n: tensor<i32>) -> tensor<?x3xf32> {
  %0 = tfc.unsorted_segment_sum %d, %i, %n : tensor<?x3xf32>, tensor<?xi32>, tensor<i32>
  return %0 : tensor<?x3xf32>
}

// -----

// unique: one pass carrying the distinct elements (in a buffer as long as
// the input), the positions and their count; a search among the distinct
// ones (scf.while), an append when the element is new; the result is the
// buffer's filled part.
// CHECK-LABEL: func.func @unique
// CHECK-SAME: (%[[X:.*]]: tensor<?xi64>)
// CHECK: %[[LEN:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?xi64>
// CHECK: %[[BUF:.*]] = tensor.empty(%[[LEN]]) : tensor<?xi64>
// CHECK: %[[POS:.*]] = tensor.empty(%[[LEN]]) : tensor<?xi32>
// CHECK: %[[R:.*]]:3 = scf.for %[[K:.*]] = %{{.*}} to %[[LEN]] step %{{.*}} iter_args(%[[D:.*]] = %[[BUF]], %[[P:.*]] = %[[POS]], %[[C:.*]] = %{{.*}}) -> (tensor<?xi64>, tensor<?xi32>, index)
// CHECK: %[[E:.*]] = tensor.extract %[[X]][%[[K]]] : tensor<?xi64>
// CHECK: %[[J:.*]] = scf.while
// CHECK: arith.cmpi slt, %{{.*}}, %[[C]] : index
// CHECK: arith.cmpi eq, %{{.*}}, %[[E]] : i64
// CHECK: scf.condition
// CHECK: %[[NEW:.*]] = arith.cmpi eq, %[[J]], %[[C]] : index
// CHECK: scf.if %[[NEW]] -> (tensor<?xi64>, index)
// CHECK: tensor.insert %[[E]] into %[[D]][%[[C]]] : tensor<?xi64>
// CHECK: tensor.insert %{{.*}} into %[[P]][%[[K]]] : tensor<?xi32>
// CHECK: %[[Y:.*]] = tensor.extract_slice %[[R]]#0[0] [%[[R]]#2] [1] : tensor<?xi64> to tensor<?xi64>
// CHECK: return %[[Y]], %[[R]]#1 : tensor<?xi64>, tensor<?xi32>
func.func @unique(%x: tensor<?xi64>) -> (tensor<?xi64>, tensor<?xi32>) {
  %y, %idx = tfc.unique %x : tensor<?xi64>
  return %y, %idx : tensor<?xi64>, tensor<?xi32>
}
