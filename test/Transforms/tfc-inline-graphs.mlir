// RUN: tfc-opt %s --split-input-file --tfc-inline-graphs --verify-diagnostics | FileCheck %s

// The body replaces the graph; its results are the fetched values; fetch
// targets only ordered effects and go away.
// CHECK-LABEL: func.func @inline
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>, %[[T:.*]]: !tfc.control)
// CHECK-NEXT: %[[N:.*]] = tfc.neg %[[X]] : tensor<2xf32>
// CHECK-NEXT: %[[E:.*]] = tfc.exp %[[N]] : tensor<2xf32>
// CHECK-NEXT: return %[[E]], %[[N]] : tensor<2xf32>, tensor<2xf32>
// CHECK-NOT: tfc.graph
// CHECK-NOT: tfc.fetch
func.func @inline(%x: tensor<2xf32>, %t: !tfc.control) -> (tensor<2xf32>, tensor<2xf32>) {
  %r:2 = tfc.graph -> (tensor<2xf32>, tensor<2xf32>) {
    %n = tfc.neg %x : tensor<2xf32>
    %e = tfc.exp %n : tensor<2xf32>
    tfc.fetch %e, %n : tensor<2xf32>, tensor<2xf32> targets(%t)
  }
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// A graph whose ops are not in execution order must be scheduled first.
func.func @unscheduled(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    // expected-error @+1 {{'tfc.exp' op uses a value of an op that comes later in the graph; schedule the graph (tfc-schedule) before inlining it}}
    %e = tfc.exp %n : tensor<2xf32>
    // expected-note @+1 {{defined here}}
    %n = tfc.neg %x : tensor<2xf32>
    tfc.fetch %e : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
