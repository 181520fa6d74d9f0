// RUN: tfc-opt %s --split-input-file --canonicalize | FileCheck %s

// `tf.cond(tf.constant(True), lambda: a + b, lambda: a * b)` is 3: the
// taken branch is inlined, folds, and the other branch's effect is gone.
// CHECK-LABEL: func.func @cond_constant
// CHECK: tfc.graph
// CHECK-NEXT: %[[C:.*]] = tfc.constant dense<3> : tensor<i32>
// CHECK-NEXT: tfc.fetch %[[C]]
// CHECK-NOT: tfc.cond
func.func @cond_constant() -> tensor<i32> {
  %r = tfc.graph -> (tensor<i32>) {
    %a = tfc.constant dense<1> : tensor<i32>
    %b = tfc.constant dense<2> : tensor<i32>
    %p = tfc.constant dense<true> : tensor<i1>
    %x = tfc.cond %p : tensor<i1> -> (tensor<i32>) {
      %s = tfc.add %a, %b : tensor<i32>, tensor<i32>
      tfc.yield %s : tensor<i32>
    } else {
      %m = tfc.mul %a, %b : tensor<i32>, tensor<i32>
      %m2, %t = tfc.print %m message "never" : tensor<i32>
      tfc.yield %m2 : tensor<i32>
    }
    tfc.fetch %x : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// The else branch with its effect; the token the branch yields replaces the
// cond's.
// CHECK-LABEL: func.func @cond_false
// CHECK-SAME: (%[[X:.*]]: tensor<f32>)
// CHECK: %[[P:.*]], %[[T:.*]] = tfc.print %[[X]] message "else"
// CHECK: tfc.fetch %[[P]] : tensor<f32> targets(%[[T]])
func.func @cond_false(%x: tensor<f32>) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %p = tfc.constant dense<false> : tensor<i1>
    %y:2 = tfc.cond %p : tensor<i1> -> (tensor<f32>, !tfc.control) {
      %a, %t = tfc.print %x message "then" : tensor<f32>
      tfc.yield %a, %t : tensor<f32>, !tfc.control
    } else {
      %b, %t = tfc.print %x message "else" : tensor<f32>
      tfc.yield %b, %t : tensor<f32>, !tfc.control
    }
    tfc.fetch %y#0 : tensor<f32> targets(%y#1)
  }
  return %r : tensor<f32>
}

// -----

// A branch yielding a more static type than the result stays: inlining it
// would change the type its users see.
// CHECK-LABEL: func.func @cond_refined
// CHECK: tfc.cond
func.func @cond_refined(%x: tensor<2xf32>) -> tensor<?xf32> {
  %r = tfc.graph -> (tensor<?xf32>) {
    %p = tfc.constant dense<true> : tensor<i1>
    %y = tfc.cond %p : tensor<i1> -> (tensor<?xf32>) {
      tfc.yield %x : tensor<2xf32>
    } else {
      tfc.yield %x : tensor<2xf32>
    }
    tfc.fetch %y : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// `tf.where([True, False], a + b, a * b)` with a = [1, 1], b = [2, 2] is
// [3, 2].
// CHECK-LABEL: func.func @where_constant
// CHECK: tfc.graph
// CHECK-NEXT: %[[C:.*]] = tfc.constant dense<[3, 2]> : tensor<2xi32>
// CHECK-NEXT: tfc.fetch %[[C]]
func.func @where_constant() -> tensor<2xi32> {
  %r = tfc.graph -> (tensor<2xi32>) {
    %a = tfc.constant dense<[1, 1]> : tensor<2xi32>
    %b = tfc.constant dense<[2, 2]> : tensor<2xi32>
    %p = tfc.constant dense<[true, false]> : tensor<2xi1>
    %s = tfc.add %a, %b : tensor<2xi32>, tensor<2xi32>
    %m = tfc.mul %a, %b : tensor<2xi32>, tensor<2xi32>
    %x = tfc.where %p, %s, %m : tensor<2xi1>, tensor<2xi32>, tensor<2xi32>
    tfc.fetch %x : tensor<2xi32>
  }
  return %r : tensor<2xi32>
}

// -----

// A splat condition picks an operand of the result's type; one that would
// need broadcasting stays.
// CHECK-LABEL: func.func @where_splat
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>, %[[Y:.*]]: tensor<3xf32>, %[[S:.*]]: tensor<f32>)
// CHECK: %[[W:.*]] = tfc.where %{{.*}}, %[[S]], %[[Y]]
// CHECK: tfc.fetch %[[Y]], %[[W]]
func.func @where_splat(%x: tensor<3xf32>, %y: tensor<3xf32>, %s: tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %r:2 = tfc.graph -> (tensor<3xf32>, tensor<3xf32>) {
    %p = tfc.constant dense<false> : tensor<3xi1>
    %q = tfc.constant dense<true> : tensor<i1>
    %a = tfc.where %p, %x, %y : tensor<3xi1>, tensor<3xf32>, tensor<3xf32>
    %b = tfc.where %q, %s, %y : tensor<i1>, tensor<f32>, tensor<3xf32>
    tfc.fetch %a, %b : tensor<3xf32>, tensor<3xf32>
  }
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// A loop variable nothing reads after the loop, which the condition ignores
// and which in the body only feeds its own next value (a gradient stack a
// forward-only entry never pops), is dropped with the ops that compute it.
// The counter and the sum stay; so does a variable whose result is unused
// but that the condition reads (%limit), and one feeding another's next
// value (%step).
// CHECK-LABEL: func.func @dead_loop_variables
// CHECK: %[[L:.*]]:4 = tfc.while(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {tfc.name = "loop"} : (tensor<i32>, tensor<f32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<f32>, tensor<i32>, tensor<i32>)
// CHECK: ^bb0(%[[I:.*]]: tensor<i32>, %[[S:.*]]: tensor<f32>, %[[LIMIT:.*]]: tensor<i32>, %[[STEP:.*]]: tensor<i32>):
// CHECK: tfc.condition
// CHECK: ^bb0(
// CHECK-NOT: tfc.tensor_array
// CHECK: tfc.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<i32>, tensor<f32>, tensor<i32>, tensor<i32>
// CHECK: tfc.fetch %[[L]]#1
func.func @dead_loop_variables(%x: tensor<f32>) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %zero = tfc.constant dense<0> : tensor<i32>
    %one = tfc.constant dense<1> : tensor<i32>
    %ten = tfc.constant dense<10> : tensor<i32>
    %fzero = tfc.constant dense<0.0> : tensor<f32>
    %stack = tfc.tensor_array_create %zero dynamic_size : !tfc.tensor_array<tensor<f32>>
    %i, %s, %st, %limit, %step = tfc.while(%zero, %fzero, %stack, %ten, %one) {tfc.name = "loop"} : (tensor<i32>, tensor<f32>, !tfc.tensor_array<tensor<f32>>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<f32>, !tfc.tensor_array<tensor<f32>>, tensor<i32>, tensor<i32>)
    cond {
    ^bb0(%ci: tensor<i32>, %cs: tensor<f32>, %cst: !tfc.tensor_array<tensor<f32>>, %cl: tensor<i32>, %cp: tensor<i32>):
      %lt = tfc.less %ci, %cl : tensor<i32>, tensor<i32>
      tfc.condition %lt : tensor<i1>
    } body {
    ^bb0(%bi: tensor<i32>, %bs: tensor<f32>, %bst: !tfc.tensor_array<tensor<f32>>, %bl: tensor<i32>, %bp: tensor<i32>):
      %size = tfc.tensor_array_size %bst : !tfc.tensor_array<tensor<f32>>
      %pushed = tfc.tensor_array_write %bst[%size], %bs : !tfc.tensor_array<tensor<f32>>, tensor<f32>
      %next = tfc.add %bi, %bp : tensor<i32>, tensor<i32>
      %sum = tfc.add %bs, %x : tensor<f32>, tensor<f32>
      tfc.yield %next, %sum, %pushed, %bl, %bp : tensor<i32>, tensor<f32>, !tfc.tensor_array<tensor<f32>>, tensor<i32>, tensor<i32>
    }
    tfc.fetch %s : tensor<f32>
  }
  return %r : tensor<f32>
}
