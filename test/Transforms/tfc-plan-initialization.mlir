// RUN: tfc-opt %s --split-input-file --tfc-plan-initialization | FileCheck %s
// RUN: tfc-opt %s --split-input-file --tfc-resolve-scopes --tfc-plan-initialization | FileCheck %s --check-prefix=RESOLVED

// w = v.initialized_value() + 1 initializes v first, although w comes first
// in the module; independent variables keep module order; local variables
// get their own plan.
// CHECK-LABEL: module
// CHECK: tfc.global_variable @w
// CHECK: tfc.global_variable @a
// CHECK: tfc.global_variable @v
// CHECK: tfc.global_variable @counter
// CHECK-NEXT: tfc.initializer_plan "GLOBAL_VARIABLES" [@v, @w, @a]
// CHECK-NEXT: tfc.initializer_plan "LOCAL_VARIABLES" [@counter]
tfc.global_variable @w : tensor<2xf32> collections ["GLOBAL_VARIABLES"] initial_value {
  %h = tfc.var_handle @v : !tfc.var<tensor<2xf32>>
  %v0 = tfc.initialized_value %h : !tfc.var<tensor<2xf32>>
  %one = tfc.constant dense<1.0> : tensor<f32>
  %w0 = tfc.add %v0, %one : tensor<2xf32>, tensor<f32>
  tfc.yield %w0 : tensor<2xf32>
}
tfc.global_variable @a : tensor<f32> init #tfc.zeros collections ["GLOBAL_VARIABLES"]
tfc.global_variable @v : tensor<2xf32> init #tfc.ones collections ["GLOBAL_VARIABLES"]
tfc.global_variable @counter : tensor<i64> init #tfc.zeros collections ["LOCAL_VARIABLES"]

// -----

// Plans are made anew, not duplicated; an empty collection has an empty plan.
// CHECK-LABEL: module
// CHECK: tfc.initializer_plan "GLOBAL_VARIABLES" [@x]
// CHECK-NEXT: tfc.initializer_plan "LOCAL_VARIABLES" []
// CHECK-NEXT: }
tfc.global_variable @x : tensor<f32> init #tfc.zeros collections ["GLOBAL_VARIABLES"]
tfc.initializer_plan "GLOBAL_VARIABLES" [@x]

// -----

// From the front end: the guide's `w = tf.Variable(v.initialized_value() + 1)`.
// RESOLVED-LABEL: module
// RESOLVED: tfc.initializer_plan "GLOBAL_VARIABLES" [@v, @w]
// RESOLVED: func.func @init_from_other
func.func @init_from_other() {
  tfc.graph {
    %v = tfc.variable "v" init #tfc.constant<dense<[1.0, 2.0]> : tensor<2xf32>>
    %w = tfc.variable "w" initial_value {
      %v0 = tfc.initialized_value %v : !tfc.var<tensor<2xf32>>
      %one = tfc.constant dense<1.0> : tensor<f32>
      %w0 = tfc.add %v0, %one : tensor<2xf32>, tensor<f32>
      tfc.yield %w0 : tensor<2xf32>
    }
    tfc.fetch
  }
  return
}
