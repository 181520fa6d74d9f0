// RUN: tfc-opt %s --split-input-file --tfc-drop-control --verify-diagnostics | FileCheck %s

tfc.global_variable @v : tensor<i32> init #tfc.zeros collections ["GLOBAL_VARIABLES"]

// After inlining, `after` lists, groups and no_ops go; the effects stay in
// their order and keep their (unused) token results.
// CHECK-LABEL: func.func @sequential
// CHECK-NEXT: %[[V:.*]] = tfc.var_handle @v
// CHECK-NEXT: %[[OLD:.*]], %{{.*}} = tfc.read %[[V]] : !tfc.var<tensor<i32>>
// CHECK-NEXT: %[[NEW:.*]], %{{.*}} = tfc.assign %[[V]], %[[OLD]] : !tfc.var<tensor<i32>>, tensor<i32>
// CHECK-NEXT: %{{.*}}, %{{.*}} = tfc.print %[[NEW]] message "new: " : tensor<i32>
// CHECK-NEXT: %{{.*}} = tfc.assert_positive %[[NEW]] : tensor<i32>
// CHECK-NEXT: %[[AFTER:.*]], %{{.*}} = tfc.read %[[V]] : !tfc.var<tensor<i32>>
// CHECK-NEXT: return %[[AFTER]]
func.func @sequential() -> tensor<i32> {
  %v = tfc.var_handle @v : !tfc.var<tensor<i32>>
  %old, %t0 = tfc.read %v : !tfc.var<tensor<i32>>
  %new, %t1 = tfc.assign %v, %old after(%t0) : !tfc.var<tensor<i32>>, tensor<i32>
  %p, %t2 = tfc.print %new message "new: " after(%t1) : tensor<i32>
  %g = tfc.group %t1, %t2
  %t3 = tfc.assert_positive %new after(%g) : tensor<i32>
  %n = tfc.no_op after(%t3, %g)
  %after, %t4 = tfc.read %v after(%n) : !tfc.var<tensor<i32>>
  return %after : tensor<i32>
}

// -----

// A cond passes tokens out of its branches: they leave the yields and the
// results, also of a cond nested in a branch.
// CHECK-LABEL: func.func @cond
// CHECK: %[[R:.*]] = tfc.cond %{{.*}} : tensor<i1> -> (tensor<i32>) {
// CHECK: %[[IN:.*]] = tfc.cond %{{.*}} : tensor<i1> -> (tensor<i32>) {
// CHECK: tfc.yield %{{.*}} : tensor<i32>
// CHECK: tfc.yield %[[IN]] : tensor<i32>
// CHECK: } else {
// CHECK: tfc.yield %{{.*}} : tensor<i32>
// CHECK: return %[[R]] : tensor<i32>
// CHECK-NOT: tfc.group
func.func @cond(%p: tensor<i1>, %x: tensor<i32>) -> tensor<i32> {
  %r, %t = tfc.cond %p : tensor<i1> -> (tensor<i32>, !tfc.control) {
    %inner, %u = tfc.cond %p : tensor<i1> -> (tensor<i32>, !tfc.control) {
      %y, %printed = tfc.print %x : tensor<i32>
      tfc.yield %y, %printed : tensor<i32>, !tfc.control
    } else {
      %n = tfc.no_op
      tfc.yield %x, %n : tensor<i32>, !tfc.control
    }
    tfc.yield %inner, %u : tensor<i32>, !tfc.control
  } else {
    %n = tfc.no_op
    tfc.yield %x, %n : tensor<i32>, !tfc.control
  }
  %done = tfc.group %t
  %checked = tfc.assert_positive %r after(%done) : tensor<i32>
  return %r : tensor<i32>
}

// -----

// A token of a loop's results (a control edge leaving a loop whose body has
// effects) goes with the `after` list that used it.
tfc.global_variable @v : tensor<i32> init #tfc.zeros collections ["GLOBAL_VARIABLES"]

// CHECK-LABEL: func.func @ready
// CHECK: %[[LOOP:.*]] = tfc.while
// CHECK-NOT: tfc.ready
// CHECK: %[[AFTER:.*]], %{{.*}} = tfc.read %{{.*}} : !tfc.var<tensor<i32>>
func.func @ready(%n: tensor<i32>) -> tensor<i32> {
  %v = tfc.var_handle @v : !tfc.var<tensor<i32>>
  %loop = tfc.while (%n) : (tensor<i32>) -> tensor<i32> cond {
  ^bb0(%i: tensor<i32>):
    %zero = tfc.constant dense<0> : tensor<i32>
    %go = tfc.greater %i, %zero : tensor<i32>, tensor<i32>
    tfc.condition %go : tensor<i1>
  } body {
  ^bb0(%i: tensor<i32>):
    %one = tfc.constant dense<1> : tensor<i32>
    %new, %t = tfc.assign_add %v, %one : !tfc.var<tensor<i32>>, tensor<i32>
    %next = tfc.sub %i, %one : tensor<i32>, tensor<i32>
    tfc.yield %next : tensor<i32>
  }
  %done = tfc.ready %loop : tensor<i32>
  %after, %t = tfc.read %v after(%done) : !tfc.var<tensor<i32>>
  return %after : tensor<i32>
}

// -----

// A scheduled graph loses its fetch targets.
// CHECK-LABEL: func.func @scheduled
// CHECK: tfc.graph -> (tensor<i32>) attributes {tfc.scheduled}
// CHECK: tfc.fetch %{{.*}} : tensor<i32>{{$}}
func.func @scheduled(%x: tensor<i32>) -> tensor<i32> {
  %r = tfc.graph -> (tensor<i32>) attributes {tfc.scheduled} {
    %y, %t = tfc.print %x : tensor<i32>
    tfc.fetch %y : tensor<i32> targets(%t)
  }
  return %r : tensor<i32>
}

// -----

// In a graph that is not scheduled, the tokens still decide the order.
func.func @unscheduled(%x: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{'tfc.graph' op is not scheduled; its control tokens still order it (run tfc-schedule first)}}
  %r = tfc.graph -> (tensor<i32>) {
    %y, %t = tfc.print %x : tensor<i32>
    tfc.fetch %y : tensor<i32> targets(%t)
  }
  return %r : tensor<i32>
}
