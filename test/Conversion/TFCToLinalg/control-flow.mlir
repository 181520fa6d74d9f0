// RUN: tfc-opt %s --split-input-file --convert-tfc-to-linalg | FileCheck %s --implicit-check-not=tfc.

// A cond is an scf.if on the predicate's element; a branch yielding a
// more static type than the result is cast.
// CHECK-LABEL: func.func @cond
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[A:.*]]: tensor<2xi32>, %[[B:.*]]: tensor<?xi32>)
// CHECK: %[[C:.*]] = tensor.extract %[[P]][] : tensor<i1>
// CHECK: %[[R:.*]] = scf.if %[[C]] -> (tensor<?xi32>) {
// CHECK: %[[S:.*]] = linalg.generic
// CHECK: %[[CAST:.*]] = tensor.cast %[[S]] : tensor<2xi32> to tensor<?xi32>
// CHECK: scf.yield %[[CAST]] : tensor<?xi32>
// CHECK: } else {
// CHECK: scf.yield %[[B]] : tensor<?xi32>
// CHECK: return %[[R]]
func.func @cond(%p: tensor<i1>, %a: tensor<2xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %x = tfc.cond %p : tensor<i1> -> (tensor<?xi32>) {
    %s = tfc.add %a, %a : tensor<2xi32>, tensor<2xi32>
    tfc.yield %s : tensor<2xi32>
  } else {
    tfc.yield %b : tensor<?xi32>
  }
  return %x : tensor<?xi32>
}

// -----

// A while is an scf.while over the shape invariants: the more static
// initial value is cast to tensor<?xi32>, which the concat grows.
// CHECK-LABEL: func.func @grow
// CHECK: %[[START:.*]] = tensor.cast %{{.*}} : tensor<2xi32> to tensor<?xi32>
// CHECK: %[[L:.*]]:2 = scf.while (%[[I:.*]] = %{{.*}}, %[[C:.*]] = %[[START]]) : (tensor<i32>, tensor<?xi32>) -> (tensor<i32>, tensor<?xi32>) {
// CHECK: %[[LT:.*]] = linalg.generic
// CHECK: arith.cmpi slt
// CHECK: %[[GO:.*]] = tensor.extract %[[LT]][] : tensor<i1>
// CHECK: scf.condition(%[[GO]]) %[[I]], %[[C]] : tensor<i32>, tensor<?xi32>
// CHECK: } do {
// CHECK: ^bb0(%[[I2:.*]]: tensor<i32>, %[[C2:.*]]: tensor<?xi32>):
// CHECK: %[[NEXT:.*]] = linalg.generic
// CHECK: %[[E:.*]] = tensor.expand_shape %[[I2]] [] output_shape [1] : tensor<i32> into tensor<1xi32>
// CHECK: %[[LONGER:.*]] = tensor.concat dim(0) %[[C2]], %[[E]]
// CHECK: scf.yield %[[NEXT]], %[[LONGER]] : tensor<i32>, tensor<?xi32>
// CHECK: return %[[L]]#1
func.func @grow(%n: tensor<i32>) -> tensor<?xi32> {
  %one = tfc.constant dense<1> : tensor<i32>
  %start = tfc.constant dense<[1, 1]> : tensor<2xi32>
  %i, %c = tfc.while (%one, %start) : (tensor<i32>, tensor<2xi32>) -> (tensor<i32>, tensor<?xi32>)
  cond {
  ^bb0(%i: tensor<i32>, %c: tensor<?xi32>):
    %lt = tfc.less %i, %n : tensor<i32>, tensor<i32>
    tfc.condition %lt : tensor<i1>
  } body {
  ^bb0(%i: tensor<i32>, %c: tensor<?xi32>):
    %next = tfc.add %i, %one : tensor<i32>, tensor<i32>
    %e = tfc.expand_dims %i axis 0 : tensor<i32>
    %longer = tfc.concat %c, %e axis 0 : tensor<?xi32>, tensor<1xi32>
    tfc.yield %next, %longer : tensor<i32>, tensor<?xi32>
  }
  return %c : tensor<?xi32>
}

// -----

// A loop carrying a tensor array carries the tensor of its rows.
// CHECK-LABEL: func.func @carry
// CHECK: %[[A:.*]] = linalg.fill {{.*}} -> tensor<?xf32>
// CHECK: scf.while (%{{.*}} = %{{.*}}, %[[T:.*]] = %[[A]]) : (tensor<i32>, tensor<?xf32>) -> (tensor<i32>, tensor<?xf32>)
// CHECK: scf.condition(%{{.*}}) %{{.*}}, %[[T]] : tensor<i32>, tensor<?xf32>
// CHECK: ^bb0(%[[I:.*]]: tensor<i32>, %[[U:.*]]: tensor<?xf32>):
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}] [1] [1] : tensor<f32> into tensor<?xf32>
func.func @carry(%n: tensor<i32>, %x: tensor<f32>) -> tensor<?xf32> {
  %zero = tfc.constant dense<0> : tensor<i32>
  %one = tfc.constant dense<1> : tensor<i32>
  %ta = tfc.tensor_array_create %n : !tfc.tensor_array<tensor<f32>>
  %i, %t = tfc.while (%zero, %ta) : (tensor<i32>, !tfc.tensor_array<tensor<f32>>) -> (tensor<i32>, !tfc.tensor_array<tensor<f32>>)
  cond {
  ^bb0(%i: tensor<i32>, %t: !tfc.tensor_array<tensor<f32>>):
    %lt = tfc.less %i, %n : tensor<i32>, tensor<i32>
    tfc.condition %lt : tensor<i1>
  } body {
  ^bb0(%i: tensor<i32>, %t: !tfc.tensor_array<tensor<f32>>):
    %w = tfc.tensor_array_write %t[%i], %x : !tfc.tensor_array<tensor<f32>>, tensor<f32>
    %next = tfc.add %i, %one : tensor<i32>, tensor<i32>
    tfc.yield %next, %w : tensor<i32>, !tfc.tensor_array<tensor<f32>>
  }
  %s = tfc.tensor_array_stack %t : !tfc.tensor_array<tensor<f32>>
  return %s : tensor<?xf32>
}
