// RUN: tfc-opt %s --split-input-file | FileCheck %s
// Round trip through the generic form as well:
// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | tfc-opt --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @group_and_no_op
// CHECK-SAME: (%[[T0:.*]]: !tfc.control, %[[T1:.*]]: !tfc.control)
// CHECK: %[[G:.*]] = tfc.group %[[T0]], %[[T1]]{{$}}
// CHECK: %[[N:.*]] = tfc.no_op after(%[[G]], %[[T0]]){{$}}
// CHECK: %[[E:.*]] = tfc.no_op{{$}}
// CHECK: tfc.fetch targets(%[[N]], %[[E]])
func.func @group_and_no_op(%t0: !tfc.control, %t1: !tfc.control) {
  tfc.graph {
    %g = tfc.group %t0, %t1
    %n = tfc.no_op after(%g, %t0)
    %e = tfc.no_op
    tfc.fetch targets(%n, %e)
  }
  return
}

// -----

// A token for values: what waits for it waits for the ops computing them.
// CHECK-LABEL: func.func @ready
// CHECK: %[[R:.*]] = tfc.ready %{{.*}}, %{{.*}} : tensor<i32>, tensor<2xf32>{{$}}
// CHECK: tfc.fetch targets(%[[R]])
func.func @ready(%x: tensor<i32>, %y: tensor<2xf32>) {
  tfc.graph {
    %r = tfc.ready %x, %y : tensor<i32>, tensor<2xf32>
    tfc.fetch targets(%r)
  }
  return
}

// -----

// The guide's race fix: `with tf.control_dependencies([c]): assign(a, 5)`.
// CHECK-LABEL: func.func @control_dependencies
// CHECK: %[[A:.*]] = tfc.var_handle @a
// CHECK: %[[V:.*]], %[[R:.*]] = tfc.read %[[A]]
// CHECK: %[[D:.*]]:2 = tfc.control_dependencies(%[[R]]) -> (tensor<i32>, !tfc.control) {
// CHECK:   %[[FIVE:.*]] = tfc.constant dense<5> : tensor<i32>
// CHECK:   %[[N:.*]], %[[T:.*]] = tfc.assign %[[A]], %[[FIVE]]
// CHECK:   tfc.yield %[[N]], %[[T]] : tensor<i32>, !tfc.control
// CHECK: }
// CHECK: tfc.fetch %[[V]], %[[D]]#0 : tensor<i32>, tensor<i32> targets(%[[D]]#1)
tfc.global_variable @a : tensor<i32> init #tfc.constant<dense<1> : tensor<i32>> collections ["GLOBAL_VARIABLES"]
func.func @control_dependencies() -> (tensor<i32>, tensor<i32>) {
  %r:2 = tfc.graph -> (tensor<i32>, tensor<i32>) {
    %a = tfc.var_handle @a : !tfc.var<tensor<i32>>
    %v, %read = tfc.read %a : !tfc.var<tensor<i32>>
    %new, %done = tfc.control_dependencies(%read) -> (tensor<i32>, !tfc.control) {
      %five = tfc.constant dense<5> : tensor<i32>
      %n, %t = tfc.assign %a, %five : !tfc.var<tensor<i32>>, tensor<i32>
      tfc.yield %n, %t : tensor<i32>, !tfc.control
    }
    tfc.fetch %v, %new : tensor<i32>, tensor<i32> targets(%done)
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}

// -----

// The body is a graph region: values may be used before their definition,
// and blocks nest.
// CHECK-LABEL: func.func @nested_control_dependencies
// CHECK: tfc.control_dependencies(%[[T0:.*]]) -> (tensor<f32>) {
// CHECK:   %[[Y:.*]] = tfc.neg %[[X:.*]] : tensor<f32>
// CHECK:   %[[X]] = tfc.control_dependencies(%[[T0]], %[[T1:.*]]) -> (tensor<f32>) {
// CHECK:     tfc.yield %{{.*}} : tensor<f32>
// CHECK:   }
// CHECK:   tfc.yield %[[Y]] : tensor<f32>
// CHECK: tfc.control_dependencies() {
// CHECK-NEXT: tfc.yield{{$}}
func.func @nested_control_dependencies(%t0: !tfc.control, %t1: !tfc.control,
                                       %z: tensor<f32>) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %y = tfc.control_dependencies(%t0) -> (tensor<f32>) {
      %y = tfc.neg %x : tensor<f32>
      %x = tfc.control_dependencies(%t0, %t1) -> (tensor<f32>) {
        %e = tfc.exp %z : tensor<f32>
        tfc.yield %e : tensor<f32>
      }
      tfc.yield %y : tensor<f32>
    }
    tfc.control_dependencies() {
      tfc.yield
    }
    tfc.fetch %y : tensor<f32>
  }
  return %r : tensor<f32>
}
