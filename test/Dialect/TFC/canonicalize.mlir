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

// Integer division by zero is left to run time (it is reported there).
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

// Integer quotients and remainders of shape arithmetic fold: Div truncates
// toward zero (-7 / 2 = -3, 7 / -2 = -3), FloorDiv rounds down (-7 // 2 = -4,
// 7 // -2 = -4), FloorMod takes the divisor's sign (-7 mod 2 = 1,
// 7 mod -2 = -1). Floats: 7.5 // 2 = 3, -7.5 mod 2 = 0.5.
// CHECK-LABEL: func.func @fold_int_division
// CHECK-DAG: tfc.constant dense<[-3, 3, -3]> : tensor<3xi32>
// CHECK-DAG: tfc.constant dense<[-4, 3, -4]> : tensor<3xi32>
// CHECK-DAG: tfc.constant dense<[1, 1, -1]> : tensor<3xi32>
// CHECK-DAG: tfc.constant dense<3.000000e+00> : tensor<f32>
// CHECK-DAG: tfc.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NOT: tfc.div
// CHECK-NOT: tfc.floordiv
// CHECK-NOT: tfc.mod
func.func @fold_int_division() -> (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<f32>, tensor<f32>) {
  %r:5 = tfc.graph -> (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<f32>, tensor<f32>) {
    %x = tfc.constant dense<[-7, 7, 7]> : tensor<3xi32>
    %y = tfc.constant dense<[2, 2, -2]> : tensor<3xi32>
    %d = tfc.div %x, %y : tensor<3xi32>, tensor<3xi32>
    %f = tfc.floordiv %x, %y : tensor<3xi32>, tensor<3xi32>
    %m = tfc.mod %x, %y : tensor<3xi32>, tensor<3xi32>
    %a = tfc.constant dense<7.5> : tensor<f32>
    %b = tfc.constant dense<2.0> : tensor<f32>
    %na = tfc.constant dense<-7.5> : tensor<f32>
    %ff = tfc.floordiv %a, %b : tensor<f32>, tensor<f32>
    %fm = tfc.mod %na, %b : tensor<f32>, tensor<f32>
    tfc.fetch %d, %f, %m, %ff, %fm : tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<f32>, tensor<f32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4 : tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<f32>, tensor<f32>
}

// -----

// A scalar operand folds with a constant of the result's shape (the shape
// arithmetic of gradients: maximum(shape, 1)); a non-splat constant is
// still never broadcast.
// CHECK-LABEL: func.func @fold_scalar_operand
// CHECK-DAG: tfc.constant dense<[4, 1]> : tensor<2xi32>
// CHECK-DAG: tfc.add %{{.*}}, %{{.*}} : tensor<2xi32>, tensor<3x2xi32>
// CHECK-NOT: tfc.maximum
func.func @fold_scalar_operand() -> (tensor<2xi32>, tensor<3x2xi32>) {
  %r:2 = tfc.graph -> (tensor<2xi32>, tensor<3x2xi32>) {
    %shape = tfc.constant dense<[4, 0]> : tensor<2xi32>
    %one = tfc.constant dense<1> : tensor<i32>
    %m = tfc.maximum %shape, %one : tensor<2xi32>, tensor<i32>
    %ones = tfc.constant dense<1> : tensor<3x2xi32>
    %b = tfc.add %shape, %ones : tensor<2xi32>, tensor<3x2xi32>
    tfc.fetch %m, %b : tensor<2xi32>, tensor<3x2xi32>
  }
  return %r#0, %r#1 : tensor<2xi32>, tensor<3x2xi32>
}

// FloorDiv and FloorMod by zero stay for run time too.
// CHECK-LABEL: func.func @no_int_floordiv_fold
// CHECK: tfc.floordiv
// CHECK: tfc.mod
func.func @no_int_floordiv_fold() -> (tensor<i32>, tensor<i32>) {
  %r:2 = tfc.graph -> (tensor<i32>, tensor<i32>) {
    %a = tfc.constant dense<7> : tensor<i32>
    %b = tfc.constant dense<0> : tensor<i32>
    %c = tfc.floordiv %a, %b : tensor<i32>, tensor<i32>
    %d = tfc.mod %a, %b : tensor<i32>, tensor<i32>
    tfc.fetch %c, %d : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}

// A float x // 1 is floor(x) and stays; an integer one is x.
// CHECK-LABEL: func.func @floordiv_by_one
// CHECK-SAME: %[[F:[a-z0-9]+]]: tensor<3xf32>, %[[I:[a-z0-9]+]]: tensor<3xi32>
// CHECK: %[[FLOOR:.*]] = tfc.floordiv %[[F]]
// CHECK-NOT: tfc.floordiv
// CHECK: tfc.fetch %[[FLOOR]], %[[I]]
func.func @floordiv_by_one(%f: tensor<3xf32>, %i: tensor<3xi32>) -> (tensor<3xf32>, tensor<3xi32>) {
  %r:2 = tfc.graph -> (tensor<3xf32>, tensor<3xi32>) {
    %one = tfc.constant dense<1.0> : tensor<f32>
    %ione = tfc.constant dense<1> : tensor<i32>
    %a = tfc.floordiv %f, %one : tensor<3xf32>, tensor<f32>
    %b = tfc.floordiv %i, %ione : tensor<3xi32>, tensor<i32>
    tfc.fetch %a, %b : tensor<3xf32>, tensor<3xi32>
  }
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xi32>
}

// -----

// Integer reductions of constants fold (the gradient of reduce_mean divides
// by the product of the reduced dimensions): shape [[2, 3, 4], [5, 6, 7]].
// prod over everything = 5040; sum over axis 0 = [7, 9, 11]; max over axis 1
// with keep_dims = [[4], [7]]; min over axis -1 = [2, 5]. Float reductions
// and reductions of non-constants stay.
// CHECK-LABEL: func.func @fold_int_reductions
// CHECK-DAG: tfc.constant dense<5040> : tensor<i64>
// CHECK-DAG: tfc.constant dense<[7, 9, 11]> : tensor<3xi64>
// CHECK-DAG: tfc.constant dense<{{\[}}[4], [7]]> : tensor<2x1xi64>
// CHECK-DAG: tfc.constant dense<[2, 5]> : tensor<2xi64>
// CHECK-DAG: tfc.reduce_sum %{{.*}} : tensor<2xf32>
// CHECK-DAG: tfc.reduce_prod %arg0 : tensor<2xi64>
func.func @fold_int_reductions(%arg0: tensor<2xi64>) -> (tensor<i64>, tensor<3xi64>, tensor<2x1xi64>, tensor<2xi64>, tensor<f32>, tensor<i64>) {
  %r:6 = tfc.graph -> (tensor<i64>, tensor<3xi64>, tensor<2x1xi64>, tensor<2xi64>, tensor<f32>, tensor<i64>) {
    %x = tfc.constant dense<[[2, 3, 4], [5, 6, 7]]> : tensor<2x3xi64>
    %p = tfc.reduce_prod %x : tensor<2x3xi64>
    %s = tfc.reduce_sum %x axes [0] : tensor<2x3xi64>
    %m = tfc.reduce_max %x axes [1] keep_dims : tensor<2x3xi64>
    %n = tfc.reduce_min %x axes [-1] : tensor<2x3xi64>
    %f = tfc.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %fs = tfc.reduce_sum %f : tensor<2xf32>
    %q = tfc.reduce_prod %arg0 : tensor<2xi64>
    tfc.fetch %p, %s, %m, %n, %fs, %q : tensor<i64>, tensor<3xi64>, tensor<2x1xi64>, tensor<2xi64>, tensor<f32>, tensor<i64>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5 : tensor<i64>, tensor<3xi64>, tensor<2x1xi64>, tensor<2xi64>, tensor<f32>, tensor<i64>
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
