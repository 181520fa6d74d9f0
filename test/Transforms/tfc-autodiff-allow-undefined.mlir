// RUN: tfc-opt %s --split-input-file --verify-diagnostics \
// RUN:   --tfc-autodiff=allow-undefined-gradients=true | FileCheck %s

// TensorFlow's behaviour, on request: a missing gradient is a warning and
// the gradient stops there. The guide's non-differentiable entropy then
// only sees the logits' path of the cross-entropy.
// CHECK-LABEL: func.func @entropy_through_labels
// CHECK: %[[V:[a-z0-9_]+]], %{{.*}} = tfc.read
// CHECK: %[[P:[a-z0-9_]+]] = tfc.softmax %[[V]]
// CHECK: %[[SM:[a-z0-9_]+]] = tfc.softmax %[[V]] {tfc.name = "gradients/xent_grad/Softmax"}
// CHECK: %[[R:[a-z0-9_]+]] = tfc.sub %[[SM]], %[[P]]
// CHECK-NOT: gradients/Softmax_grad
// CHECK: tfc.assign_sub
tfc.global_variable @w : tensor<5xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
func.func @entropy_through_labels() {
  tfc.graph {
    %w = tfc.var_handle @w : !tfc.var<tensor<5xf32>>
    %v, %t = tfc.read %w : !tfc.var<tensor<5xf32>>
    %p = tfc.softmax %v {tfc.name = "Softmax"} : tensor<5xf32>
    // expected-warning @+1 {{No gradient defined for operand #0 of operation 'xent' (op type: tfc.softmax_cross_entropy_with_logits); its gradient is taken as zero, as TensorFlow does}}
    %e = tfc.softmax_cross_entropy_with_logits %p, %v {tfc.name = "xent"} : tensor<5xf32>, tensor<5xf32>
    %y = tfc.neg %e : tensor<f32>
    // expected-note @+1 {{differentiated here}}
    %train = tfc.minimize #tfc.sgd<learning_rate = 0.1> %y : tensor<f32>
    tfc.fetch targets(%train)
  }
  return
}

// -----

// An op without a gradient is a constant: x reaches y only through it, so
// its gradient is zero (with the warning that says why).
// CHECK-LABEL: func.func @floordiv
// CHECK: %[[Z:[a-z0-9_]+]] = tfc.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK: tfc.fetch %[[Z]]
func.func @floordiv(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %r = tfc.graph -> (tensor<3xf32>) {
    // expected-warning @+1 {{No gradient defined for operation 'floordiv' (op type: tfc.floordiv); its gradient is taken as zero, as TensorFlow does}}
    %q = tfc.floordiv %x, %y {tfc.name = "floordiv"} : tensor<3xf32>, tensor<3xf32>
    %s = tfc.reduce_sum %q {tfc.name = "Sum"} : tensor<3xf32>
    // expected-note @+2 {{differentiated here}}
    // expected-warning @+1 {{no gradient of 'Sum' flows to operand #1 of tfc.gradients; it is zero (tf.gradients returns None)}}
    %g = tfc.gradients %s wrt(%x : tensor<3xf32>) : tensor<f32>
    tfc.fetch %g : tensor<3xf32>
  }
  return %r : tensor<3xf32>
}
