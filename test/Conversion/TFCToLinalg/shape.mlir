// RUN: tfc-opt %s --split-input-file --convert-tfc-to-linalg | FileCheck %s --implicit-check-not=tfc.

// A reshape collapses to one dimension and expands again: views, no copy.
// The -1 is the element count over the other sizes.
// CHECK-LABEL: func.func @reshape
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>)
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<?x3xf32> into tensor<?xf32>
// CHECK: arith.muli
// CHECK: %[[COUNT:.*]] = arith.muli
// CHECK: %[[ROWS:.*]] = arith.divui %[[COUNT]], %{{.*}} : index
// CHECK: tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [%[[ROWS]], 2] : tensor<?xf32> into tensor<?x2xf32>
func.func @reshape(%x: tensor<?x3xf32>) -> tensor<?x2xf32> {
  %0 = tfc.reshape %x to [-1, 2] : tensor<?x3xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// A shape known only at run time goes to tensor.reshape, as indices.
// CHECK-LABEL: func.func @reshape_operand
// CHECK: %[[S:.*]] = linalg.generic
// CHECK: arith.index_cast %{{.*}} : i32 to index
// CHECK: tensor.reshape %{{.*}}(%[[S]]) : (tensor<6xf32>, tensor<2xindex>) -> tensor<?x?xf32>
func.func @reshape_operand(%x: tensor<6xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %0 = tfc.reshape %x, %s : tensor<6xf32>, tensor<2xi32>
  return %0 : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @expand_squeeze
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [%{{.*}}, 1, 3] : tensor<?x3xf32> into tensor<?x1x3xf32>
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2]] : tensor<1x4x1xf32> into tensor<4xf32>
func.func @expand_squeeze(%x: tensor<?x3xf32>, %y: tensor<1x4x1xf32>) -> (tensor<?x1x3xf32>, tensor<4xf32>) {
  %0 = tfc.expand_dims %x axis 1 : tensor<?x3xf32>
  %1 = tfc.squeeze %y axes [0, 2] : tensor<1x4x1xf32>
  return %0, %1 : tensor<?x1x3xf32>, tensor<4xf32>
}

// -----

// Shapes and sizes of dynamic tensors are read with tensor.dim.
// CHECK-LABEL: func.func @shape
// CHECK: %[[D0:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x3xf32>
// CHECK: %[[I0:.*]] = arith.index_cast %[[D0]] : index to i64
// CHECK: %[[D1:.*]] = tensor.dim
// CHECK: %[[I1:.*]] = arith.index_cast %[[D1]] : index to i64
// CHECK: tensor.from_elements %[[I0]], %[[I1]] : tensor<2xi64>
// CHECK: %[[N:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: tensor.from_elements %[[N]] : tensor<i32>
func.func @shape(%x: tensor<?x3xf32>) -> (tensor<2xi64>, tensor<i32>) {
  %0 = tfc.shape %x out_type i64 : tensor<?x3xf32>
  %1 = tfc.size %x : tensor<?x3xf32>
  return %0, %1 : tensor<2xi64>, tensor<i32>
}

// -----

// A tile broadcasts into [m0, d0, m1, d1] and collapses the pairs.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @tile
// CHECK: %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<2x?x2x3xf32>
// CHECK: %[[B:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]]
// CHECK: tensor.collapse_shape %[[B]] {{\[}}[0, 1], [2, 3]] : tensor<2x?x2x3xf32> into tensor<?x6xf32>
func.func @tile(%x: tensor<?x3xf32>) -> tensor<?x6xf32> {
  %0 = tfc.tile %x multiples [2, 2] : tensor<?x3xf32>
  return %0 : tensor<?x6xf32>
}

// -----

// A multiple known at run time is read from the operand: the broadcast's
// dimension takes it, in order with the input's dynamic sizes.
// CHECK-LABEL: func.func @tile_run_time_multiples
// CHECK-SAME: (%[[X:.*]]: tensor<1x?xf32>, %[[M:.*]]: tensor<2xi64>)
// CHECK: %[[M0:.*]] = tensor.extract %[[M]][%{{.*}}] : tensor<2xi64>
// CHECK: %[[S0:.*]] = arith.index_cast %[[M0]] : i64 to index
// CHECK: %[[D1:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<1x?xf32>
// CHECK: %[[E:.*]] = tensor.empty(%[[S0]], %[[D1]]) : tensor<?x1x3x?xf32>
// CHECK: %[[B:.*]] = linalg.generic
// CHECK: tensor.collapse_shape %[[B]] {{\[}}[0, 1], [2, 3]] : tensor<?x1x3x?xf32> into tensor<?x?xf32>
func.func @tile_run_time_multiples(%x: tensor<1x?xf32>, %m: tensor<2xi64>) -> tensor<?x?xf32> {
  %0 = tfc.tile %x multiples [-1, 3] from %m : tensor<1x?xf32>, tensor<2xi64>
  return %0 : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @fill
// CHECK-SAME: (%[[V:.*]]: tensor<f32>, %[[D:.*]]: tensor<2xi32>)
// CHECK: %[[D0:.*]] = tensor.extract %[[D]][%{{.*}}] : tensor<2xi32>
// CHECK: %[[S0:.*]] = arith.index_cast %[[D0]] : i32 to index
// CHECK: %[[D1:.*]] = tensor.extract %[[D]][%{{.*}}] : tensor<2xi32>
// CHECK: %[[S1:.*]] = arith.index_cast %[[D1]] : i32 to index
// CHECK: %[[E:.*]] = tensor.empty(%[[S0]], %[[S1]]) : tensor<?x?xf32>
// CHECK: %[[X:.*]] = tensor.extract %[[V]][] : tensor<f32>
// CHECK: linalg.fill ins(%[[X]] : f32) outs(%[[E]] : tensor<?x?xf32>)
func.func @fill(%v: tensor<f32>, %d: tensor<2xi32>) -> tensor<?x?xf32> {
  %0 = tfc.fill %v, %d : tensor<f32>, tensor<2xi32>
  return %0 : tensor<?x?xf32>
}

// -----

// The length is ceil((limit - start) / delta), at least 0; a zero delta is
// replaced so that the division cannot trap.
// CHECK-LABEL: func.func @range
// CHECK: %[[ZERO:.*]] = arith.cmpi eq
// CHECK: %[[SAFE:.*]] = arith.select %[[ZERO]]
// CHECK: %[[SPAN:.*]] = arith.subi
// CHECK: arith.ceildivsi %[[SPAN]], %[[SAFE]] : i32
// CHECK: linalg.generic
// CHECK: linalg.index 0
// CHECK: arith.muli
// CHECK: arith.addi
func.func @range(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>) -> tensor<?xi32> {
  %0 = tfc.range %a, %b, %c : tensor<i32>, tensor<i32>, tensor<i32>
  return %0 : tensor<?xi32>
}

// -----

// Floats truncate into integers; numbers become bools by comparison with 0
// (unordered: NaN is true); bools become 0 or 1.
// CHECK-LABEL: func.func @cast
// CHECK: arith.fptosi %{{.*}} : f32 to i32
// CHECK: arith.cmpf une
// CHECK: arith.uitofp %{{.*}} : i1 to f64
// CHECK: arith.extsi %{{.*}} : i32 to i64
func.func @cast(%x: tensor<4xf32>, %b: tensor<4xi1>, %i: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi1>, tensor<4xf64>, tensor<4xi64>) {
  %0 = tfc.cast %x : tensor<4xf32> to i32
  %1 = tfc.cast %x : tensor<4xf32> to i1
  %2 = tfc.cast %b : tensor<4xi1> to f64
  %3 = tfc.cast %i : tensor<4xi32> to i64
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xi1>, tensor<4xf64>, tensor<4xi64>
}
