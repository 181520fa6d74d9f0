// RUN: tfc-opt %s --split-input-file | FileCheck %s
// Round trip through the generic form as well:
// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | tfc-opt --split-input-file | FileCheck %s

// `x = tf.cond(p, lambda: a + b, lambda: a * b)`
// CHECK-LABEL: func.func @cond
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[A:.*]]: tensor<i32>, %[[B:.*]]: tensor<i32>)
// CHECK: %[[X:.*]] = tfc.cond %[[P]] : tensor<i1> -> (tensor<i32>) {
// CHECK:   %[[S:.*]] = tfc.add %[[A]], %[[B]]
// CHECK:   tfc.yield %[[S]] : tensor<i32>
// CHECK: } else {
// CHECK:   %[[M:.*]] = tfc.mul %[[A]], %[[B]]
// CHECK:   tfc.yield %[[M]] : tensor<i32>
// CHECK: }
// CHECK: tfc.fetch %[[X]]
func.func @cond(%p: tensor<i1>, %a: tensor<i32>, %b: tensor<i32>) -> tensor<i32> {
  %r = tfc.graph -> (tensor<i32>) {
    %x = tfc.cond %p : tensor<i1> -> (tensor<i32>) {
      %s = tfc.add %a, %b : tensor<i32>, tensor<i32>
      tfc.yield %s : tensor<i32>
    } else {
      %m = tfc.mul %a, %b : tensor<i32>, tensor<i32>
      tfc.yield %m : tensor<i32>
    }
    tfc.fetch %x : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// Branches may yield more static types than the results, tokens for their
// effects, and nothing at all; the predicate may have an unknown rank.
// CHECK-LABEL: func.func @cond_effects
// CHECK: %[[R:.*]]:2 = tfc.cond %{{.*}} : tensor<*xi1> -> (tensor<?xf32>, !tfc.control) {
// CHECK:   tfc.yield %{{.*}}, %{{.*}} : tensor<2xf32>, !tfc.control
// CHECK: } else {
// CHECK:   tfc.yield %{{.*}}, %{{.*}} : tensor<3xf32>, !tfc.control
// CHECK: }
// CHECK: tfc.cond %{{.*}} : tensor<*xi1> {
// CHECK-NEXT: tfc.yield{{$}}
// CHECK-NEXT: } else {
// CHECK-NEXT: tfc.yield{{$}}
func.func @cond_effects(%p: tensor<*xi1>, %x: tensor<2xf32>, %y: tensor<3xf32>) {
  tfc.graph {
    %r:2 = tfc.cond %p : tensor<*xi1> -> (tensor<?xf32>, !tfc.control) {
      %x2, %t = tfc.print %x message "then" : tensor<2xf32>
      tfc.yield %x2, %t : tensor<2xf32>, !tfc.control
    } else {
      %y2, %t = tfc.print %y message "else" : tensor<3xf32>
      tfc.yield %y2, %t : tensor<3xf32>, !tfc.control
    }
    tfc.cond %p : tensor<*xi1> {
      tfc.yield
    } else {
      tfc.yield
    }
    tfc.fetch targets(%r#1)
  }
  return
}

// -----

// The guide's Fibonacci loop: `tf.while_loop(cond, body, (2, 1, 1))`.
// CHECK-LABEL: func.func @while
// CHECK: %[[N:.*]] = tfc.constant dense<5>
// CHECK: %[[L:.*]]:3 = tfc.while(%[[TWO:.*]], %[[ONE:.*]], %[[ONE]]) : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>) cond {
// CHECK: ^bb0(%[[I:.*]]: tensor<i32>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>):
// CHECK:   %[[LT:.*]] = tfc.less %[[I]], %[[N]]
// CHECK:   tfc.condition %[[LT]] : tensor<i1>
// CHECK: } body {
// CHECK: ^bb0(%[[I2:.*]]: tensor<i32>, %[[A:.*]]: tensor<i32>, %[[B:.*]]: tensor<i32>):
// CHECK:   %[[I3:.*]] = tfc.add %[[I2]], %[[ONE]]
// CHECK:   %[[AB:.*]] = tfc.add %[[A]], %[[B]]
// CHECK:   tfc.yield %[[I3]], %[[B]], %[[AB]]
// CHECK: }
// CHECK: tfc.fetch %[[L]]#2 : tensor<i32>
func.func @while() -> tensor<i32> {
  %r = tfc.graph -> (tensor<i32>) {
    %n = tfc.constant dense<5> : tensor<i32>
    %one = tfc.constant dense<1> : tensor<i32>
    %two = tfc.constant dense<2> : tensor<i32>
    %i, %a, %b = tfc.while (%two, %one, %one) : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>)
    cond {
    ^bb0(%i: tensor<i32>, %a: tensor<i32>, %b: tensor<i32>):
      %lt = tfc.less %i, %n : tensor<i32>, tensor<i32>
      tfc.condition %lt : tensor<i1>
    } body {
    ^bb0(%i: tensor<i32>, %a: tensor<i32>, %b: tensor<i32>):
      %i1 = tfc.add %i, %one : tensor<i32>, tensor<i32>
      %ab = tfc.add %a, %b : tensor<i32>, tensor<i32>
      tfc.yield %i1, %b, %ab : tensor<i32>, tensor<i32>, tensor<i32>
    }
    tfc.fetch %b : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// Initial values may be more static than the shape invariants; tensor
// arrays are loop variables too.
// CHECK-LABEL: func.func @while_invariants
// CHECK: tfc.while(%{{.*}}, %{{.*}}) : (tensor<2xi32>, !tfc.tensor_array<tensor<i32>>) -> (tensor<?xi32>, !tfc.tensor_array<tensor<i32>>) cond {
// CHECK: ^bb0(%{{.*}}: tensor<?xi32>, %{{.*}}: !tfc.tensor_array<tensor<i32>>):
// CHECK: } body {
// CHECK:   tfc.yield %{{.*}}, %{{.*}} : tensor<?xi32>, !tfc.tensor_array<tensor<i32>>
func.func @while_invariants(%c: tensor<2xi32>, %ta: !tfc.tensor_array<tensor<i32>>, %p: tensor<i1>) {
  tfc.graph {
    %c2, %ta2 = tfc.while (%c, %ta) : (tensor<2xi32>, !tfc.tensor_array<tensor<i32>>) -> (tensor<?xi32>, !tfc.tensor_array<tensor<i32>>)
    cond {
    ^bb0(%cc: tensor<?xi32>, %t: !tfc.tensor_array<tensor<i32>>):
      tfc.condition %p : tensor<i1>
    } body {
    ^bb0(%cc: tensor<?xi32>, %t: !tfc.tensor_array<tensor<i32>>):
      tfc.yield %cc, %t : tensor<?xi32>, !tfc.tensor_array<tensor<i32>>
    }
    tfc.fetch
  }
  return
}

// -----

// `tf.where(p, a + b, a * b)` with broadcasting.
// CHECK-LABEL: func.func @where
// CHECK: tfc.where %[[P:.*]], %[[X:.*]], %[[Y:.*]] : tensor<2xi1>, tensor<2xi32>, tensor<2xi32>
// CHECK: tfc.where %[[Q:.*]], %[[S:.*]], %[[T:.*]] : tensor<3x1xi1>, tensor<f32>, tensor<4xf32>
func.func @where(%p: tensor<2xi1>, %x: tensor<2xi32>, %y: tensor<2xi32>,
                 %q: tensor<3x1xi1>, %s: tensor<f32>, %t: tensor<4xf32>) -> tensor<3x4xf32> {
  %r = tfc.graph -> (tensor<3x4xf32>) {
    %0 = tfc.where %p, %x, %y : tensor<2xi1>, tensor<2xi32>, tensor<2xi32>
    %1 = tfc.where %q, %s, %t : tensor<3x1xi1>, tensor<f32>, tensor<4xf32>
    tfc.fetch %1 : tensor<3x4xf32>
  }
  return %r : tensor<3x4xf32>
}
