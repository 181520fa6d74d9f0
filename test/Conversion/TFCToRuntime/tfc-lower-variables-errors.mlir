// RUN: tfc-opt %s --split-input-file --tfc-lower-variables --verify-diagnostics

tfc.global_variable @v : tensor<2xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES"]
func.func @entry() -> tensor<2xf32> {
  %r = func.call @helper() : () -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// expected-error @+1 {{'func.func' op uses variables and is called from other functions; only entry points may use variables}}
func.func private @helper() -> tensor<2xf32> {
  %v = tfc.var_handle @v : !tfc.var<tensor<2xf32>>
  %a, %ta = tfc.read %v : !tfc.var<tensor<2xf32>>
  return %a : tensor<2xf32>
}

// -----

// expected-error @+1 {{variable handle does not come from tfc.var_handle; resolve scopes first}}
func.func @handle_argument(%v: !tfc.var<tensor<2xf32>>) -> tensor<2xf32> {
  %a, %ta = tfc.read %v : !tfc.var<tensor<2xf32>>
  return %a : tensor<2xf32>
}

// -----

tfc.global_variable @v : tensor<f32> init #tfc.zeros collections ["GLOBAL_VARIABLES"]
func.func @assign_in_condition(%x: tensor<f32>) -> tensor<f32> {
  %v = tfc.var_handle @v : !tfc.var<tensor<f32>>
  // expected-error @+1 {{'tfc.while' op assigns a variable in its condition, which code generation does not support; assign it in the body}}
  %r = tfc.while (%x) : (tensor<f32>) -> (tensor<f32>)
  cond {
  ^bb0(%a: tensor<f32>):
    %n, %t = tfc.assign %v, %a : !tfc.var<tensor<f32>>, tensor<f32>
    %z = tfc.constant dense<false> : tensor<i1>
    tfc.condition %z : tensor<i1>
  } body {
  ^bb0(%a: tensor<f32>):
    tfc.yield %a : tensor<f32>
  }
  return %r : tensor<f32>
}
