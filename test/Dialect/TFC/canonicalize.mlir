// RUN: tfc-opt %s --split-input-file --canonicalize | FileCheck %s

// Constants fold; the folded constant stays inside the graph.
// a = [1, 2], b = 3: c = [4, 5], d = [4, 10], e = [3, 8], f = [3, 4],
// g = [3, 8], h = [3, 8], i = [3, 3], j = [7, 13], k = j - g = [4, 5].
// CHECK-LABEL: func.func @fold_arithmetic
// CHECK: tfc.graph
// CHECK-NEXT: %[[C:.*]] = tfc.constant dense<[4.000000e+00, 5.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: tfc.fetch %[[C]]
// CHECK-NOT: tfc.mul
func.func @fold_arithmetic() -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %a = tfc.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %b = tfc.constant dense<3.0> : tensor<2xf32>
    %c = tfc.add %a, %b : tensor<2xf32>, tensor<2xf32>
    %d = tfc.mul %c, %a : tensor<2xf32>, tensor<2xf32>
    %e = tfc.sub %d, %a : tensor<2xf32>, tensor<2xf32>
    %f = tfc.div %e, %a : tensor<2xf32>, tensor<2xf32>
    %g = tfc.mul %f, %a : tensor<2xf32>, tensor<2xf32>
    %h = tfc.maximum %g, %a : tensor<2xf32>, tensor<2xf32>
    %i = tfc.minimum %h, %b : tensor<2xf32>, tensor<2xf32>
    %j = tfc.add %i, %d : tensor<2xf32>, tensor<2xf32>
    %k = tfc.sub %j, %g : tensor<2xf32>, tensor<2xf32>
    tfc.fetch %k : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// -----

// Two splats broadcast to a splat of the result shape.
// CHECK-LABEL: func.func @fold_splat_broadcast
// CHECK: tfc.constant dense<5> : tensor<2x3xi32>
// CHECK-NOT: tfc.add
func.func @fold_splat_broadcast() -> tensor<2x3xi32> {
  %r = tfc.graph -> (tensor<2x3xi32>) {
    %a = tfc.constant dense<2> : tensor<2x1xi32>
    %b = tfc.constant dense<3> : tensor<3xi32>
    %c = tfc.add %a, %b : tensor<2x1xi32>, tensor<3xi32>
    tfc.fetch %c : tensor<2x3xi32>
  }
  return %r : tensor<2x3xi32>
}

// -----

// A non-splat constant is never expanded by broadcasting.
// CHECK-LABEL: func.func @no_fold_broadcast
// CHECK: tfc.add
func.func @no_fold_broadcast() -> tensor<2x2xf32> {
  %r = tfc.graph -> (tensor<2x2xf32>) {
    %a = tfc.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
    %b = tfc.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %c = tfc.add %a, %b : tensor<2x1xf32>, tensor<2xf32>
    tfc.fetch %c : tensor<2x2xf32>
  }
  return %r : tensor<2x2xf32>
}

// -----

// Identities that keep the operand's type fold away.
// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>, %[[I:.*]]: tensor<3xi32>)
// CHECK: tfc.fetch %[[X]], %[[X]], %[[X]], %[[I]] :
func.func @identities(%x: tensor<3xf32>, %i: tensor<3xi32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi32>) {
  %r:4 = tfc.graph -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi32>) {
    %one = tfc.constant dense<1.0> : tensor<3xf32>
    %zero = tfc.constant dense<0.0> : tensor<3xf32>
    %izero = tfc.constant dense<0> : tensor<3xi32>
    %a = tfc.mul %x, %one : tensor<3xf32>, tensor<3xf32>
    %b = tfc.div %x, %one : tensor<3xf32>, tensor<3xf32>
    %c = tfc.sub %x, %zero : tensor<3xf32>, tensor<3xf32>
    %d = tfc.add %i, %izero : tensor<3xi32>, tensor<3xi32>
    tfc.fetch %a, %b, %c, %d : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi32>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi32>
}

// -----

// x + 0.0 stays for floats (-0.0 + 0.0 is +0.0); x * 1 that broadcasts stays.
// CHECK-LABEL: func.func @no_identity
// CHECK: tfc.add
// CHECK: tfc.mul
func.func @no_identity(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<2x3xf32>) {
  %r:2 = tfc.graph -> (tensor<3xf32>, tensor<2x3xf32>) {
    %zero = tfc.constant dense<0.0> : tensor<3xf32>
    %one = tfc.constant dense<1.0> : tensor<2x3xf32>
    %a = tfc.add %x, %zero : tensor<3xf32>, tensor<3xf32>
    %b = tfc.mul %x, %one : tensor<3xf32>, tensor<2x3xf32>
    tfc.fetch %a, %b : tensor<3xf32>, tensor<2x3xf32>
  }
  return %r#0, %r#1 : tensor<3xf32>, tensor<2x3xf32>
}

// -----

// Integer division is left to run time (division by zero is reported there).
// CHECK-LABEL: func.func @no_int_div_fold
// CHECK: tfc.div
func.func @no_int_div_fold() -> tensor<i32> {
  %r = tfc.graph -> (tensor<i32>) {
    %a = tfc.constant dense<7> : tensor<i32>
    %b = tfc.constant dense<0> : tensor<i32>
    %c = tfc.div %a, %b : tensor<i32>, tensor<i32>
    tfc.fetch %c : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// CHECK-LABEL: func.func @fold_unary
// CHECK-DAG: tfc.constant dense<[-1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-DAG: tfc.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-DAG: tfc.constant dense<[1.000000e+00, 4.000000e+00]> : tensor<2xf32>
// CHECK-DAG: tfc.constant dense<[1.000000e+00, 0.000000e+00]> : tensor<2xf32>
// CHECK-DAG: tfc.constant dense<[2.71828175, 0.135335281]> : tensor<2xf32>
// CHECK-DAG: tfc.constant dense<[0.000000e+00, 0.693147182]> : tensor<2xf32>
// CHECK-DAG: tfc.constant dense<[1.000000e+00, 0.707106769]> : tensor<2xf32>
// CHECK-DAG: tfc.constant dense<[0.761594176, -0.964027583]> : tensor<2xf32>
// CHECK-DAG: tfc.constant dense<[0.731058597, 0.119202919]> : tensor<2xf32>
// CHECK-DAG: tfc.constant dense<[false, true]> : tensor<2xi1>
// CHECK-DAG: tfc.constant dense<[3, 0]> : tensor<2xi32>
// CHECK-NOT: tfc.neg
// CHECK-NOT: tfc.exp
func.func @fold_unary() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xi1>, tensor<2xi32>) {
  %r:11 = tfc.graph -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xi1>, tensor<2xi32>) {
    %x = tfc.constant dense<[1.0, -2.0]> : tensor<2xf32>
    %p = tfc.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %b = tfc.constant dense<[true, false]> : tensor<2xi1>
    %i = tfc.constant dense<[3, -3]> : tensor<2xi32>
    %0 = tfc.neg %x : tensor<2xf32>
    %1 = tfc.abs %x : tensor<2xf32>
    %2 = tfc.square %x : tensor<2xf32>
    %3 = tfc.relu %x : tensor<2xf32>
    %4 = tfc.exp %x : tensor<2xf32>
    %5 = tfc.log %p : tensor<2xf32>
    %6 = tfc.rsqrt %p : tensor<2xf32>
    %7 = tfc.tanh %x : tensor<2xf32>
    %8 = tfc.sigmoid %x : tensor<2xf32>
    %9 = tfc.logical_not %b : tensor<2xi1>
    %10 = tfc.relu %i : tensor<2xi32>
    tfc.fetch %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xi1>, tensor<2xi32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xi1>, tensor<2xi32>
}

// -----

// Involutions and idempotent ops on non-constants.
// CHECK-LABEL: func.func @involutions
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[B:.*]]: tensor<?xi1>)
// CHECK: %[[R:.*]] = tfc.relu %[[X]]
// CHECK-NOT: tfc.neg
// CHECK-NOT: tfc.logical_not
// CHECK: tfc.fetch %[[X]], %[[B]], %[[R]] :
func.func @involutions(%x: tensor<?xf32>, %b: tensor<?xi1>) -> (tensor<?xf32>, tensor<?xi1>, tensor<?xf32>) {
  %r:3 = tfc.graph -> (tensor<?xf32>, tensor<?xi1>, tensor<?xf32>) {
    %0 = tfc.neg %x : tensor<?xf32>
    %1 = tfc.neg %0 : tensor<?xf32>
    %2 = tfc.logical_not %b : tensor<?xi1>
    %3 = tfc.logical_not %2 : tensor<?xi1>
    %4 = tfc.relu %x : tensor<?xf32>
    %5 = tfc.relu %4 : tensor<?xf32>
    tfc.fetch %1, %3, %5 : tensor<?xf32>, tensor<?xi1>, tensor<?xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<?xf32>, tensor<?xi1>, tensor<?xf32>
}

// -----

// A reduction over an empty axis list is the identity; ops nothing fetches
// are removed, like TensorFlow prunes what session.run does not need.
// CHECK-LABEL: func.func @empty_reduction_and_pruning
// CHECK-SAME: (%[[X:.*]]: tensor<4x3xf32>)
// CHECK-NOT: tfc.reduce_sum
// CHECK-NOT: tfc.matmul
// CHECK: tfc.fetch %[[X]] : tensor<4x3xf32>
func.func @empty_reduction_and_pruning(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %r = tfc.graph -> (tensor<4x3xf32>) {
    %0 = tfc.reduce_sum %x axes [] : tensor<4x3xf32>
    %unused = tfc.matmul %x, %x transpose_b : tensor<4x3xf32>, tensor<4x3xf32>
    tfc.fetch %0 : tensor<4x3xf32>
  }
  return %r : tensor<4x3xf32>
}
