// RUN: tfc-opt %s --tfc-frontend | FileCheck %s
// RUN: tfc-opt %s --pass-pipeline='builtin.module(tfc-frontend)' --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=ORDER

// tfc-autodiff runs after scopes are resolved and the stable rewrites, and
// before initialization is planned: the plan holds the optimizer's slots.
// ORDER: tfc-resolve-scopes
// ORDER: tfc-stable-softmax
// ORDER: tfc-autodiff
// ORDER: tfc-plan-initialization
// ORDER: tfc-inline-graphs

// CHECK: tfc.global_variable @"model/w" : tensor<3xf32>
// CHECK: tfc.global_variable @beta1_power
// CHECK: tfc.global_variable @beta2_power
// CHECK: tfc.global_variable @"model/w/Adam" : tensor<3xf32>
// CHECK: tfc.global_variable @"model/w/Adam_1" : tensor<3xf32>
// CHECK: tfc.initializer_plan "GLOBAL_VARIABLES" [@"model/w", @beta1_power, @beta2_power, @"model/w/Adam", @"model/w/Adam_1"]
// The graph is inlined: the step's reads, gradients and assigns are
// ordinary code, in execution order.
// CHECK-LABEL: func.func @train
// CHECK-NOT: tfc.graph
// CHECK: tfc.softmax_cross_entropy_with_logits
// CHECK: tfc.assign_sub
// CHECK: return
func.func @train(%x: tensor<4x3xf32>, %labels: tensor<4x3xf32>) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %loss = tfc.variable_scope "model" -> (tensor<f32>) {
      %w = tfc.get_variable "w" : tensor<3xf32> init #tfc.zeros
      %wv, %t = tfc.read %w : !tfc.var<tensor<3xf32>>
      %logits = tfc.mul %x, %wv : tensor<4x3xf32>, tensor<3xf32>
      // The naive cross-entropy: rewritten to the stable op, then
      // differentiated.
      %e = tfc.exp %logits : tensor<4x3xf32>
      %s = tfc.reduce_sum %e axes [1] keep_dims : tensor<4x3xf32>
      %p = tfc.div %e, %s : tensor<4x3xf32>, tensor<4x1xf32>
      %lp = tfc.log %p : tensor<4x3xf32>
      %m = tfc.mul %labels, %lp : tensor<4x3xf32>, tensor<4x3xf32>
      %xe = tfc.reduce_sum %m axes [-1] : tensor<4x3xf32>
      %nxe = tfc.neg %xe : tensor<4xf32>
      %l = tfc.reduce_mean %nxe axes [0] : tensor<4xf32>
      tfc.yield %l : tensor<f32>
    }
    %train = tfc.minimize #tfc.adam %loss : tensor<f32>
    tfc.fetch %loss : tensor<f32> targets(%train)
  }
  return %r : tensor<f32>
}
