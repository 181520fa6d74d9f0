// RUN: tfc-opt %s --split-input-file --tfc-insert-runtime-checks | FileCheck %s

// An integer divisor that may be zero is checked before the division.
// CHECK-LABEL: func.func @int_div
// CHECK-SAME: (%[[X:.*]]: tensor<4xi32>, %[[Y:.*]]: tensor<4xi32>)
// CHECK: %[[ZERO:.*]] = tfc.constant dense<0> : tensor<i32>
// CHECK: %[[NZ:.*]] = tfc.not_equal %[[Y]], %[[ZERO]]
// CHECK: %[[ALL:.*]] = tfc.reduce_all %[[NZ]] : tensor<4xi1>
// CHECK: tfc.assert %[[ALL]] message "Integer division by zero"
// CHECK: tfc.div %[[X]], %[[Y]]
// CHECK: tfc.not_equal
// CHECK: tfc.floordiv
// CHECK: tfc.not_equal
// CHECK: tfc.mod
func.func @int_div(%x: tensor<4xi32>, %y: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %0 = tfc.div %x, %y : tensor<4xi32>, tensor<4xi32>
  %1 = tfc.floordiv %x, %y : tensor<4xi32>, tensor<4xi32>
  %2 = tfc.mod %x, %y : tensor<4xi32>, tensor<4xi32>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// No check: float division, a constant divisor without zeros.
// CHECK-LABEL: func.func @no_div_check
// CHECK-NOT: tfc.assert
// CHECK: return
func.func @no_div_check(%x: tensor<4xi32>, %f: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>) {
  %c = tfc.constant dense<[1, -2, 3, 4]> : tensor<4xi32>
  %0 = tfc.div %x, %c : tensor<4xi32>, tensor<4xi32>
  %1 = tfc.div %f, %f : tensor<4xf32>, tensor<4xf32>
  return %0, %1 : tensor<4xi32>, tensor<4xf32>
}

// -----

// A scalar divisor needs no reduction.
// CHECK-LABEL: func.func @scalar_divisor
// CHECK: %[[NZ:.*]] = tfc.not_equal
// CHECK-NOT: tfc.reduce_all
// CHECK: tfc.assert %[[NZ]] message "Integer division by zero"
func.func @scalar_divisor(%x: tensor<4xi64>, %y: tensor<i64>) -> tensor<4xi64> {
  %0 = tfc.floordiv %x, %y : tensor<4xi64>, tensor<i64>
  return %0 : tensor<4xi64>
}

// -----

// gather on a static axis: indices in [0, 5), reported with the indices.
// CHECK-LABEL: func.func @gather_static
// CHECK-SAME: (%[[P:.*]]: tensor<5x3xf32>, %[[I:.*]]: tensor<2xi32>)
// CHECK-DAG: %[[N:.*]] = tfc.constant dense<5> : tensor<i32>
// CHECK-DAG: %[[Z:.*]] = tfc.constant dense<0> : tensor<i32>
// CHECK: %[[GE:.*]] = tfc.greater_equal %[[I]], %[[Z]]
// CHECK: %[[LT:.*]] = tfc.less %[[I]], %[[N]]
// CHECK: %[[IN:.*]] = tfc.logical_and %[[GE]], %[[LT]]
// CHECK: %[[ALL:.*]] = tfc.reduce_all %[[IN]]
// CHECK: tfc.assert %[[ALL]], [%[[I]]] message "gather: indices are not in [0, 5)"
// CHECK: tfc.gather %[[P]], %[[I]]
func.func @gather_static(%p: tensor<5x3xf32>, %i: tensor<2xi32>) -> tensor<2x3xf32> {
  %0 = tfc.gather %p, %i : tensor<5x3xf32>, tensor<2xi32>
  return %0 : tensor<2x3xf32>
}

// -----

// A dynamic axis: the size comes from the shape at run time.
// CHECK-LABEL: func.func @gather_dynamic
// CHECK: %[[S:.*]] = tfc.shape %{{.*}} out_type i64 : tensor<3x?xf32>
// CHECK: %[[D:.*]] = tfc.slice %[[S]] begin [1] size [1]
// CHECK: %[[N:.*]] = tfc.reshape %[[D]] to []
// CHECK: tfc.less %{{.*}}, %[[N]]
// CHECK: tfc.assert {{.*}} message "gather: indices are not in [0, size of axis 1)"
func.func @gather_dynamic(%p: tensor<3x?xf32>, %i: tensor<4xi64>) -> tensor<3x4xf32> {
  %0 = tfc.gather %p, %i axis 1 : tensor<3x?xf32>, tensor<4xi64>
  return %0 : tensor<3x4xf32>
}

// -----

// Constant indices in range need no check.
// CHECK-LABEL: func.func @gather_constant
// CHECK-NOT: tfc.assert
// CHECK: return
func.func @gather_constant(%p: tensor<5x3xf32>) -> tensor<2x3xf32> {
  %i = tfc.constant dense<[4, 0]> : tensor<2xi32>
  %0 = tfc.gather %p, %i : tensor<5x3xf32>, tensor<2xi32>
  return %0 : tensor<2x3xf32>
}

// -----

// unsorted_segment_sum: ids below num_segments (negative ones are dropped,
// not checked), reported with the ids.
// CHECK-LABEL: func.func @segment_ids
// CHECK-SAME: (%[[D:.*]]: tensor<4x3xf32>, %[[I:.*]]: tensor<4xi64>)
// CHECK: %[[N:.*]] = tfc.constant dense<5> : tensor<i64>
// CHECK: %[[LT:.*]] = tfc.less %[[I]], %[[N]]
// CHECK: %[[ALL:.*]] = tfc.reduce_all %[[LT]]
// CHECK: tfc.assert %[[ALL]], [%[[I]]] message "unsorted_segment_sum: segment_ids are not < num_segments = 5"
// CHECK: tfc.unsorted_segment_sum %[[D]], %[[I]]
func.func @segment_ids(%d: tensor<4x3xf32>, %i: tensor<4xi64>) -> tensor<5x3xf32> {
  %0 = tfc.unsorted_segment_sum %d, %i num_segments 5 : tensor<4x3xf32>, tensor<4xi64>
  return %0 : tensor<5x3xf32>
}

// -----

// No check: constant ids below num_segments (-1 is dropped); ids that a
// gather from as many rows reads (its check covers them), as in the
// gradient of gather.
// CHECK-LABEL: func.func @segment_ids_covered
// CHECK-NOT: tfc.assert
// CHECK: tfc.assert {{.*}} message "gather: indices are not in [0, 5)"
// CHECK-NOT: tfc.assert
// CHECK: return
func.func @segment_ids_covered(%d: tensor<4x3xf32>, %p: tensor<5x3xf32>, %i: tensor<4xi32>) -> (tensor<5x3xf32>, tensor<4x3xf32>, tensor<5x3xf32>) {
  %c = tfc.constant dense<[4, -1, 0, 4]> : tensor<4xi32>
  %0 = tfc.unsorted_segment_sum %d, %c num_segments 5 : tensor<4x3xf32>, tensor<4xi32>
  %1 = tfc.gather %p, %i : tensor<5x3xf32>, tensor<4xi32>
  %2 = tfc.unsorted_segment_sum %1, %i num_segments 5 : tensor<4x3xf32>, tensor<4xi32>
  return %0, %1, %2 : tensor<5x3xf32>, tensor<4x3xf32>, tensor<5x3xf32>
}

// -----

// A dynamic dimension against a static 3 and against another dynamic one:
// each pair must be equal at run time, or one of its sizes 1 (which
// broadcasts). The statically size-1 pair broadcasts unchecked.
// CHECK-LABEL: func.func @broadcast_dynamic
// CHECK-SAME: (%[[A:.*]]: tensor<?x?x1xf32>, %[[B:.*]]: tensor<?x3x4xf32>)
// CHECK: %[[SA:.*]] = tfc.shape %[[A]] out_type i64
// CHECK: %[[SB:.*]] = tfc.shape %[[B]] out_type i64
// CHECK: %[[ONE:.*]] = tfc.constant dense<1> : tensor<i64>
// CHECK: %[[A1:.*]] = tfc.slice %[[SA]] begin [1] size [1]
// CHECK: %[[B1:.*]] = tfc.slice %[[SB]] begin [1] size [1]
// CHECK: %[[E1:.*]] = tfc.equal %[[A1]], %[[B1]]
// CHECK: %[[A1ONE:.*]] = tfc.equal %[[A1]], %[[ONE]]
// CHECK: %[[B1ONE:.*]] = tfc.equal %[[B1]], %[[ONE]]
// CHECK: %[[ONE1:.*]] = tfc.logical_or %[[A1ONE]], %[[B1ONE]]
// CHECK: %[[FITS1:.*]] = tfc.logical_or %[[E1]], %[[ONE1]]
// CHECK: %[[A0:.*]] = tfc.slice %[[SA]] begin [0] size [1]
// CHECK: %[[B0:.*]] = tfc.slice %[[SB]] begin [0] size [1]
// CHECK: %[[E0:.*]] = tfc.equal %[[A0]], %[[B0]]
// CHECK: %[[A0ONE:.*]] = tfc.equal %[[A0]], %[[ONE]]
// CHECK: %[[B0ONE:.*]] = tfc.equal %[[B0]], %[[ONE]]
// CHECK: %[[ONE0:.*]] = tfc.logical_or %[[A0ONE]], %[[B0ONE]]
// CHECK: %[[FITS0:.*]] = tfc.logical_or %[[E0]], %[[ONE0]]
// CHECK: %[[AND:.*]] = tfc.logical_and %[[FITS1]], %[[FITS0]]
// CHECK: %[[ALL:.*]] = tfc.reduce_all %[[AND]]
// CHECK: tfc.assert %[[ALL]], [%[[SA]], %[[SB]]] message "Incompatible shapes at run time in tfc.add"
// CHECK: tfc.add %[[A]], %[[B]]
func.func @broadcast_dynamic(%a: tensor<?x?x1xf32>, %b: tensor<?x3x4xf32>) -> tensor<?x3x4xf32> {
  %0 = tfc.add %a, %b : tensor<?x?x1xf32>, tensor<?x3x4xf32>
  return %0 : tensor<?x3x4xf32>
}

// -----

// Static shapes, and a dynamic dimension against a missing or size-1 one,
// need no check.
// CHECK-LABEL: func.func @broadcast_static
// CHECK-NOT: tfc.assert
// CHECK: return
func.func @broadcast_static(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %d: tensor<?x3xf32>, %one: tensor<1x3xf32>) -> (tensor<2x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>) {
  %0 = tfc.mul %a, %b : tensor<2x3xf32>, tensor<3xf32>
  %1 = tfc.sub %d, %b : tensor<?x3xf32>, tensor<3xf32>
  %2 = tfc.maximum %d, %one : tensor<?x3xf32>, tensor<1x3xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>
}

// -----

// Multiples known only at run time are checked to be non-negative; a
// constant operand without negatives needs no check.
// CHECK-LABEL: func.func @tile_multiples
// CHECK-SAME: (%[[X:.*]]: tensor<1x3xf32>, %[[M:.*]]: tensor<2xi32>)
// CHECK: %[[ZERO:.*]] = tfc.constant dense<0> : tensor<i32>
// CHECK: %[[OK:.*]] = tfc.greater_equal %[[M]], %[[ZERO]]
// CHECK: %[[ALL:.*]] = tfc.reduce_all %[[OK]] : tensor<2xi1>
// CHECK: tfc.assert %[[ALL]], [%[[M]]] message "Tile: Expected multiples >= 0"
// CHECK: tfc.tile %[[X]] multiples [-1, 1] from %[[M]]
// CHECK-NOT: tfc.assert
// CHECK: return
func.func @tile_multiples(%x: tensor<1x3xf32>, %m: tensor<2xi32>) -> (tensor<?x3xf32>, tensor<?x3xf32>) {
  %0 = tfc.tile %x multiples [-1, 1] from %m : tensor<1x3xf32>, tensor<2xi32>
  %c = tfc.constant dense<[4, 1]> : tensor<2xi32>
  %1 = tfc.tile %x multiples [-1, 1] from %c : tensor<1x3xf32>, tensor<2xi32>
  return %0, %1 : tensor<?x3xf32>, tensor<?x3xf32>
}
