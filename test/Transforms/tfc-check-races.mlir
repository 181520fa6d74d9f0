// RUN: tfc-opt %s --split-input-file --verify-diagnostics --tfc-check-races
// With `strict`, a race is an error and the pass fails:
// RUN: not tfc-opt %s --split-input-file --tfc-check-races=strict 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STRICT
// STRICT: tfc-check-races.mlir:[[# @LINE + 14]]:{{[0-9]+}}: error: race on variable 'a'

// The guide's race: `c = a + b` and `assign(a, 5)` fetched together give
// 3 or 7 in TensorFlow.
tfc.global_variable @a : tensor<i32> init #tfc.constant<dense<1> : tensor<i32>> collections ["GLOBAL_VARIABLES"]
func.func @race() -> (tensor<i32>, tensor<i32>) {
  %r:2 = tfc.graph -> (tensor<i32>, tensor<i32>) {
    %a = tfc.var_handle @a : !tfc.var<tensor<i32>>
    %b = tfc.constant dense<2> : tensor<i32>
    // expected-note @+1 {{the other access to variable 'a' is here}}
    %av, %read = tfc.read %a : !tfc.var<tensor<i32>>
    %c = tfc.add %av, %b : tensor<i32>, tensor<i32>
    %five = tfc.constant dense<5> : tensor<i32>
    // expected-warning @+1 {{race on variable 'a': 'tfc.read' and 'tfc.assign' are not ordered by data or control edges, so TensorFlow may run either first and the result depends on timing; tfc runs 'tfc.read' first. Add a control dependency to choose the order, e.g. put 'tfc.assign' in a 'tfc.control_dependencies' block on the token of 'tfc.read'}}
    %assign, %assigned = tfc.assign %a, %five : !tfc.var<tensor<i32>>, tensor<i32>
    tfc.fetch %assign, %c : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}

// -----

// The guide's fix, `with tf.control_dependencies([c]): assign(a, 5)`: no
// warning (c's read is what the assign must follow).
tfc.global_variable @a : tensor<i32> init #tfc.constant<dense<1> : tensor<i32>> collections ["GLOBAL_VARIABLES"]
func.func @fixed() -> (tensor<i32>, tensor<i32>) {
  %r:2 = tfc.graph -> (tensor<i32>, tensor<i32>) {
    %a = tfc.var_handle @a : !tfc.var<tensor<i32>>
    %b = tfc.constant dense<2> : tensor<i32>
    %av, %read = tfc.read %a : !tfc.var<tensor<i32>>
    %c = tfc.add %av, %b : tensor<i32>, tensor<i32>
    %assign, %assigned = tfc.control_dependencies(%read) -> (tensor<i32>, !tfc.control) {
      %five = tfc.constant dense<5> : tensor<i32>
      %n, %t = tfc.assign %a, %five : !tfc.var<tensor<i32>>, tensor<i32>
      tfc.yield %n, %t : tensor<i32>, !tfc.control
    }
    tfc.fetch %assign, %c : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}

// -----

// Accesses ordered by `after` tokens (directly or through a group) do not
// race, nor does an assign that no fetch needs (it never runs), nor two
// reads, nor accesses to different variables.
tfc.global_variable @a : tensor<i32> init #tfc.constant<dense<1> : tensor<i32>> collections ["GLOBAL_VARIABLES"]
tfc.global_variable @b : tensor<i32> init #tfc.constant<dense<1> : tensor<i32>> collections ["GLOBAL_VARIABLES"]
func.func @ordered(%x: tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>) {
  %r:3 = tfc.graph -> (tensor<i32>, tensor<i32>, tensor<i32>) {
    %a = tfc.var_handle @a : !tfc.var<tensor<i32>>
    %b = tfc.var_handle @b : !tfc.var<tensor<i32>>
    %v1, %r1 = tfc.read %a : !tfc.var<tensor<i32>>
    %v2, %r2 = tfc.read %a : !tfc.var<tensor<i32>>
    %n1, %t1 = tfc.assign %a, %x after(%r1, %r2) : !tfc.var<tensor<i32>>, tensor<i32>
    %n2, %t2 = tfc.assign_add %a, %x after(%t1) : !tfc.var<tensor<i32>>, tensor<i32>
    %g = tfc.group %t2
    %v3, %r3 = tfc.read %a after(%g) : !tfc.var<tensor<i32>>
    %n4, %t4 = tfc.assign %b, %v3 : !tfc.var<tensor<i32>>, tensor<i32>
    %unfetched, %t5 = tfc.assign_sub %a, %x : !tfc.var<tensor<i32>>, tensor<i32>
    %s = tfc.add %v1, %v2 : tensor<i32>, tensor<i32>
    tfc.fetch %s, %v3, %n4 : tensor<i32>, tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1, %r#2 : tensor<i32>, tensor<i32>, tensor<i32>
}

// -----

// Two assigns race; tfc runs them in text order. A variable passed in as a
// handle is the same variable wherever the handle is used.
func.func @two_assigns(%v: !tfc.var<tensor<f32>>, %x: tensor<f32>) {
  tfc.graph {
    // expected-note @+1 {{the other access to variable passed as argument #0 is here}}
    %n1, %t1 = tfc.assign %v, %x : !tfc.var<tensor<f32>>, tensor<f32>
    // expected-warning @+1 {{race on variable passed as argument #0: 'tfc.assign' and 'tfc.assign_add' are not ordered by data or control edges, so TensorFlow may run either first and the result depends on timing; tfc runs 'tfc.assign' first}}
    %n2, %t2 = tfc.assign_add %v, %x : !tfc.var<tensor<f32>>, tensor<f32>
    tfc.fetch targets(%t1, %t2)
  }
  return
}

// -----

// Branches of one cond never both run; an access in a branch races with an
// unordered one outside the cond.
tfc.global_variable @a : tensor<i32> init #tfc.constant<dense<1> : tensor<i32>> collections ["GLOBAL_VARIABLES"]
func.func @branches(%p: tensor<i1>, %x: tensor<i32>) -> tensor<i32> {
  %r = tfc.graph -> (tensor<i32>) {
    %a = tfc.var_handle @a : !tfc.var<tensor<i32>>
    %y = tfc.cond %p : tensor<i1> -> (tensor<i32>) {
      // expected-warning @+1 {{race on variable 'a': 'tfc.read' and 'tfc.assign' are not ordered}}
      %n, %t = tfc.assign %a, %x : !tfc.var<tensor<i32>>, tensor<i32>
      tfc.yield %n : tensor<i32>
    } else {
      %v, %t = tfc.read %a : !tfc.var<tensor<i32>>
      tfc.yield %v : tensor<i32>
    }
    // expected-note @+1 {{the other access to variable 'a' is here}}
    %v, %t = tfc.read %a : !tfc.var<tensor<i32>>
    %s = tfc.add %y, %v : tensor<i32>, tensor<i32>
    tfc.fetch %s : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// Inside a loop body, unordered accesses race at every iteration.
func.func @loop(%v: !tfc.var<tensor<i32>>, %i: tensor<i32>, %p: tensor<i1>) -> tensor<i32> {
  %r = tfc.graph -> (tensor<i32>) {
    %l = tfc.while (%i) : (tensor<i32>) -> (tensor<i32>)
    cond {
    ^bb0(%k: tensor<i32>):
      tfc.condition %p : tensor<i1>
    } body {
    ^bb0(%k: tensor<i32>):
      // expected-note @+1 {{the other access}}
      %x, %t1 = tfc.read %v : !tfc.var<tensor<i32>>
      // expected-warning @+1 {{race on variable passed as argument #0: 'tfc.read' and 'tfc.assign_add'}}
      %n, %t2 = tfc.assign_add %v, %k : !tfc.var<tensor<i32>>, tensor<i32>
      %g = tfc.group %t2
      %y = tfc.control_dependencies(%g) -> (tensor<i32>) {
        tfc.yield %x : tensor<i32>
      }
      tfc.yield %y : tensor<i32>
    }
    tfc.fetch %l : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// A scheduled graph runs in text order: nothing is left to race.
func.func @scheduled(%v: !tfc.var<tensor<i32>>, %x: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %r:2 = tfc.graph -> (tensor<i32>, tensor<i32>) attributes {tfc.scheduled} {
    %value, %t = tfc.read %v : !tfc.var<tensor<i32>>
    %n, %w = tfc.assign %v, %x : !tfc.var<tensor<i32>>, tensor<i32>
    tfc.fetch %n, %value : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}
