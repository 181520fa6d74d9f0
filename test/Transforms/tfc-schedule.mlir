// RUN: tfc-opt %s --split-input-file --verify-diagnostics --tfc-schedule \
// RUN:   | FileCheck %s --implicit-check-not=tfc.control_dependencies
// control_dependencies blocks never survive scheduling; graphs stay, marked
// as scheduled, with their ops in the order they run.

// Pruning: fetching `c` does not run the unrelated assign or print.
// CHECK-LABEL: func.func @prune
// CHECK-NEXT: tfc.graph -> (tensor<i32>) attributes {tfc.scheduled} {
// CHECK-NEXT: %[[C:.*]] = tfc.add
// CHECK-NEXT: tfc.fetch %[[C]] : tensor<i32>
// CHECK-NEXT: }
tfc.global_variable @a : tensor<i32> init #tfc.constant<dense<1> : tensor<i32>> collections ["GLOBAL_VARIABLES"]
func.func @prune(%x: tensor<i32>) -> tensor<i32> {
  %r = tfc.graph -> (tensor<i32>) {
    %a = tfc.var_handle @a : !tfc.var<tensor<i32>>
    %five = tfc.constant dense<5> : tensor<i32>
    %new, %assigned = tfc.assign %a, %five : !tfc.var<tensor<i32>>, tensor<i32>
    %x2, %printed = tfc.print %x message "unused" : tensor<i32>
    %c = tfc.add %x, %x : tensor<i32>, tensor<i32>
    tfc.fetch %c : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// Data edges order the ops, whatever the text order; targets run although
// nothing is returned for them.
// CHECK-LABEL: func.func @order_and_targets
// CHECK-SAME: (%[[X:.*]]: tensor<f32>)
// CHECK-NEXT: tfc.graph
// CHECK-NEXT: %[[N:.*]] = tfc.neg %[[X]]
// CHECK-NEXT: %[[E:.*]] = tfc.exp %[[N]]
// CHECK-NEXT: %{{.*}}, %[[T:.*]] = tfc.print %[[E]] message "target"
// CHECK-NEXT: tfc.fetch %[[E]] : tensor<f32> targets(%[[T]])
func.func @order_and_targets(%x: tensor<f32>) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %p, %printed = tfc.print %e message "target" : tensor<f32>
    %e = tfc.exp %n : tensor<f32>
    %n = tfc.neg %x : tensor<f32>
    tfc.fetch %e : tensor<f32> targets(%printed)
  }
  return %r : tensor<f32>
}

// -----

// The guide's race: `c = a + b` and `assign(a, 5)` fetched together. tfc
// reads before the unordered assign, so c is 3 and the assign's value 5.
// CHECK-LABEL: func.func @race
// CHECK: %[[A:.*]] = tfc.var_handle @a
// CHECK: %[[V:.*]], %{{.*}} = tfc.read %[[A]]
// CHECK: %[[N:.*]], %{{.*}} = tfc.assign %[[A]]
// CHECK: %[[C:.*]] = tfc.add %[[V]]
// CHECK: tfc.fetch %[[N]], %[[C]]
tfc.global_variable @a : tensor<i32> init #tfc.constant<dense<1> : tensor<i32>> collections ["GLOBAL_VARIABLES"]
func.func @race() -> (tensor<i32>, tensor<i32>) {
  %r:2 = tfc.graph -> (tensor<i32>, tensor<i32>) {
    %a = tfc.var_handle @a : !tfc.var<tensor<i32>>
    %five = tfc.constant dense<5> : tensor<i32>
    %assign, %assigned = tfc.assign %a, %five : !tfc.var<tensor<i32>>, tensor<i32>
    %b = tfc.constant dense<2> : tensor<i32>
    %av, %read = tfc.read %a : !tfc.var<tensor<i32>>
    %c = tfc.add %av, %b : tensor<i32>, tensor<i32>
    tfc.fetch %assign, %c : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}

// -----

// The opposite order, asked for with a control dependency, is honored: the
// block, whose read waits for the assign, is inlined after it.
// CHECK-LABEL: func.func @assign_first
// CHECK: %[[A:.*]] = tfc.var_handle @a
// CHECK: %{{.*}}, %[[T:.*]] = tfc.assign %[[A]]
// CHECK: tfc.read %[[A]]
// CHECK: tfc.add
tfc.global_variable @a : tensor<i32> init #tfc.constant<dense<1> : tensor<i32>> collections ["GLOBAL_VARIABLES"]
func.func @assign_first() -> (tensor<i32>, tensor<i32>) {
  %r:2 = tfc.graph -> (tensor<i32>, tensor<i32>) {
    %a = tfc.var_handle @a : !tfc.var<tensor<i32>>
    %b = tfc.constant dense<2> : tensor<i32>
    %c = tfc.control_dependencies(%assigned) -> (tensor<i32>) {
      %av, %read = tfc.read %a : !tfc.var<tensor<i32>>
      %c = tfc.add %av, %b : tensor<i32>, tensor<i32>
      tfc.yield %c : tensor<i32>
    }
    %five = tfc.constant dense<5> : tensor<i32>
    %assign, %assigned = tfc.assign %a, %five : !tfc.var<tensor<i32>>, tensor<i32>
    tfc.fetch %assign, %c : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}

// -----

// Two unordered assigns run in text order.
// CHECK-LABEL: func.func @two_assigns
// CHECK: tfc.assign %{{.*}}, %[[ONE:.*]] :
// CHECK: tfc.assign_add %{{.*}}, %[[TWO:.*]] :
tfc.global_variable @v : tensor<i32> init #tfc.zeros collections ["GLOBAL_VARIABLES"]
func.func @two_assigns(%one: tensor<i32>, %two: tensor<i32>) {
  tfc.graph {
    %v = tfc.var_handle @v : !tfc.var<tensor<i32>>
    %x, %t1 = tfc.assign %v, %one : !tfc.var<tensor<i32>>, tensor<i32>
    %y, %t2 = tfc.assign_add %v, %two : !tfc.var<tensor<i32>>, tensor<i32>
    tfc.fetch targets(%t1, %t2)
  }
  return
}

// -----

// Each write would wait for a read that itself comes after the other write:
// the rule gives way to text order for the first write, then applies again
// (the read after the first write runs before the second write).
// CHECK-LABEL: func.func @crossed
// CHECK: %{{.*}}, %[[W2:.*]] = tfc.assign %{{.*}}, %[[X:.*]] :
// CHECK-NEXT: %[[R1:.*]], %{{.*}} = tfc.read %{{.*}} after(%[[W2]])
// CHECK-NEXT: %{{.*}}, %[[W1:.*]] = tfc.assign_add %{{.*}}, %[[Y:.*]] :
// CHECK-NEXT: %[[R2:.*]], %{{.*}} = tfc.read %{{.*}} after(%[[W1]])
// CHECK-NEXT: tfc.fetch %[[R1]], %[[R2]]
func.func @crossed(%v: !tfc.var<tensor<i32>>, %x: tensor<i32>, %y: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %r:2 = tfc.graph -> (tensor<i32>, tensor<i32>) {
    %n2, %w2 = tfc.assign %v, %x : !tfc.var<tensor<i32>>, tensor<i32>
    %r1, %t1 = tfc.read %v after(%w2) : !tfc.var<tensor<i32>>
    %n1, %w1 = tfc.assign_add %v, %y : !tfc.var<tensor<i32>>, tensor<i32>
    %r2, %t2 = tfc.read %v after(%w1) : !tfc.var<tensor<i32>>
    tfc.fetch %r1, %r2 : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}

// -----

// A read written after an unordered write still runs first, even when it
// only becomes ready later (after a computation of its own).
// CHECK-LABEL: func.func @late_read
// CHECK: tfc.read
// CHECK: tfc.assign
func.func @late_read(%v: !tfc.var<tensor<i32>>, %x: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %r:2 = tfc.graph -> (tensor<i32>, tensor<i32>) {
    %n, %w = tfc.assign %v, %x : !tfc.var<tensor<i32>>, tensor<i32>
    %g = tfc.no_op
    %d = tfc.group %g
    %value, %t = tfc.read %v after(%d) : !tfc.var<tensor<i32>>
    tfc.fetch %n, %value : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}

// -----

// TensorFlow 1's control_dependencies: fetching `c`, made in the block,
// runs the assertions behind its tokens, before the block. The pure add is
// ordered after them too.
// CHECK-LABEL: func.func @assert_idiom
// CHECK: tfc.assert_rank
// CHECK: tfc.assert_positive
// CHECK: %[[C:.*]] = tfc.add
// CHECK-NEXT: tfc.fetch %[[C]]
func.func @assert_idiom(%a: tensor<*xf32>, %b: tensor<2xf32>) -> tensor<*xf32> {
  %r = tfc.graph -> (tensor<*xf32>) {
    %c = tfc.control_dependencies(%check_a, %check_b) -> (tensor<*xf32>) {
      %c = tfc.add %a, %b : tensor<*xf32>, tensor<2xf32>
      tfc.yield %c : tensor<*xf32>
    }
    %check_a = tfc.assert_rank %a rank 1 : tensor<*xf32>
    %check_b = tfc.assert_positive %b : tensor<2xf32>
    tfc.fetch %c : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}

// -----

// Branches and loop bodies are pruned and sorted in place; the ops stay.
// CHECK-LABEL: func.func @control_flow
// CHECK: tfc.cond
// CHECK-NEXT: %[[N:.*]] = tfc.neg
// CHECK-NEXT: %[[E:.*]] = tfc.exp %[[N]]
// CHECK-NEXT: tfc.yield %[[E]]
// CHECK-NEXT: } else {
// CHECK-NEXT: tfc.yield
// CHECK: tfc.while
// CHECK: tfc.condition
// CHECK: } body {
// CHECK-NEXT: ^bb0(%[[I:.*]]: tensor<i32>):
// CHECK-NEXT: %[[J:.*]] = tfc.add %[[I]]
// CHECK-NEXT: tfc.yield %[[J]]
// CHECK-NOT: tfc.print
func.func @control_flow(%p: tensor<i1>, %x: tensor<f32>, %i: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  %r:2 = tfc.graph -> (tensor<f32>, tensor<i32>) {
    %y = tfc.cond %p : tensor<i1> -> (tensor<f32>) {
      %e = tfc.exp %n : tensor<f32>
      %unused, %t = tfc.print %x message "unused" : tensor<f32>
      %n = tfc.neg %x : tensor<f32>
      tfc.yield %e : tensor<f32>
    } else {
      tfc.yield %x : tensor<f32>
    }
    %l = tfc.while (%i) : (tensor<i32>) -> (tensor<i32>)
    cond {
    ^bb0(%k: tensor<i32>):
      tfc.condition %p : tensor<i1>
    } body {
    ^bb0(%k: tensor<i32>):
      %unused, %t = tfc.print %k message "unused" : tensor<i32>
      %k1 = tfc.add %k, %k : tensor<i32>, tensor<i32>
      tfc.yield %k1 : tensor<i32>
    }
    tfc.fetch %y, %l : tensor<f32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<i32>
}

// -----

func.func @unresolved() {
  tfc.graph {
    // expected-error @+1 {{'tfc.variable' must be resolved by tfc-resolve-scopes before tfc-schedule}}
    %v = tfc.variable "v" init #tfc.zeros : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

// A scheduled graph keeps its order: running the pass again changes
// nothing, even where the text order differs from what tfc would pick.
// CHECK-LABEL: func.func @already_scheduled
// CHECK: tfc.assign
// CHECK: tfc.read
func.func @already_scheduled(%v: !tfc.var<tensor<i32>>, %x: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %r:2 = tfc.graph -> (tensor<i32>, tensor<i32>) attributes {tfc.scheduled} {
    %n, %w = tfc.assign %v, %x : !tfc.var<tensor<i32>>, tensor<i32>
    %value, %t = tfc.read %v : !tfc.var<tensor<i32>>
    tfc.fetch %n, %value : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}

// -----

// A control_dependencies block outside any graph is inlined too.
// CHECK-LABEL: func.func @outside_graph
// CHECK-SAME: (%[[T:.*]]: !tfc.control, %[[X:.*]]: tensor<f32>)
// CHECK-NEXT: %[[N:.*]] = tfc.neg %[[X]]
// CHECK-NEXT: return %[[N]]
func.func @outside_graph(%t: !tfc.control, %x: tensor<f32>) -> tensor<f32> {
  %y = tfc.control_dependencies(%t) -> (tensor<f32>) {
    %n = tfc.neg %x : tensor<f32>
    tfc.yield %n : tensor<f32>
  }
  return %y : tensor<f32>
}
