// RUN: tfc-opt %s --split-input-file --tfc-plan-initialization --verify-diagnostics

// expected-error @+1 {{initializer dependency cycle: @a -> @b -> @c -> @a}}
tfc.global_variable @a : tensor<f32> collections ["GLOBAL_VARIABLES"] initial_value {
  %h = tfc.var_handle @b : !tfc.var<tensor<f32>>
  %x = tfc.initialized_value %h : !tfc.var<tensor<f32>>
  tfc.yield %x : tensor<f32>
}
// expected-note @+1 {{@b is on the cycle}}
tfc.global_variable @b : tensor<f32> collections ["GLOBAL_VARIABLES"] initial_value {
  %h = tfc.var_handle @c : !tfc.var<tensor<f32>>
  %x = tfc.initialized_value %h : !tfc.var<tensor<f32>>
  tfc.yield %x : tensor<f32>
}
// expected-note @+1 {{@c is on the cycle}}
tfc.global_variable @c : tensor<f32> collections ["LOCAL_VARIABLES"] initial_value {
  %h = tfc.var_handle @a : !tfc.var<tensor<f32>>
  %x = tfc.initialized_value %h : !tfc.var<tensor<f32>>
  tfc.yield %x : tensor<f32>
}

// -----

// expected-error @+1 {{initializer dependency cycle: @self -> @self}}
tfc.global_variable @self : tensor<f32> collections ["GLOBAL_VARIABLES"] initial_value {
  %h = tfc.var_handle @self : !tfc.var<tensor<f32>>
  %x = tfc.initialized_value %h : !tfc.var<tensor<f32>>
  tfc.yield %x : tensor<f32>
}
