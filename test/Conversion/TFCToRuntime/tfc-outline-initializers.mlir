// RUN: tfc-opt %s --tfc-outline-initializers | FileCheck %s

// An initial_value region becomes a function returning the value; other
// variables' initial values become reads of those variables.
// CHECK: tfc.global_variable @v : tensor<2xf32> init #tfc.ones
// CHECK: tfc.global_variable @w : tensor<2xf32> collections ["GLOBAL_VARIABLES"] {initializer_function = @__tfc_initial_value_0}
// CHECK-LABEL: func.func private @__tfc_initial_value_0() -> tensor<2xf32>
// CHECK: %[[H:.*]] = tfc.var_handle @v
// CHECK: %[[V:.*]], %{{.*}} = tfc.read %[[H]]
// CHECK: %[[S:.*]] = tfc.add %[[V]], %{{.*}}
// CHECK: return %[[S]] : tensor<2xf32>
// CHECK-NOT: tfc.initialized_value
tfc.global_variable @v : tensor<2xf32> init #tfc.ones collections ["GLOBAL_VARIABLES"]
tfc.global_variable @w : tensor<2xf32> collections ["GLOBAL_VARIABLES"] initial_value {
  %h = tfc.var_handle @v : !tfc.var<tensor<2xf32>>
  %v0 = tfc.initialized_value %h : !tfc.var<tensor<2xf32>>
  %one = tfc.constant dense<1.0> : tensor<f32>
  %w0 = tfc.add %v0, %one : tensor<2xf32>, tensor<f32>
  tfc.yield %w0 : tensor<2xf32>
}
