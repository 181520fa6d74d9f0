// RUN: tfc-opt %s --split-input-file --tfc-autodiff --verify-diagnostics

// Differentiating through an op without a gradient names it, as
// TensorFlow's LookupError does, instead of a silent zero.
func.func @floordiv(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %r = tfc.graph -> (tensor<3xf32>) {
    // expected-error @+1 {{No gradient defined for operation 'foo/floordiv' (op type: tfc.floordiv)}}
    %q = tfc.floordiv %x, %y {tfc.name = "foo/floordiv"} : tensor<3xf32>, tensor<3xf32>
    %s = tfc.reduce_sum %q : tensor<3xf32>
    // expected-note @+1 {{differentiated here; TensorFlow would silently take the gradient as zero (tfc-autodiff allow-undefined-gradients does the same, with a warning)}}
    %g = tfc.gradients %s wrt(%x : tensor<3xf32>) : tensor<f32>
    tfc.fetch %g : tensor<3xf32>
  }
  return %r : tensor<3xf32>
}

// -----

// The guide's non-differentiable entropy: the labels of the cross-entropy
// have no gradient.
tfc.global_variable @w : tensor<5xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
func.func @entropy_through_labels() {
  tfc.graph {
    %w = tfc.var_handle @w : !tfc.var<tensor<5xf32>>
    %v, %t = tfc.read %w : !tfc.var<tensor<5xf32>>
    %p = tfc.softmax %v : tensor<5xf32>
    // expected-error @+1 {{No gradient defined for operand #0 of operation 'xent' (op type: tfc.softmax_cross_entropy_with_logits)}}
    %e = tfc.softmax_cross_entropy_with_logits %p, %v {tfc.name = "xent"} : tensor<5xf32>, tensor<5xf32>
    %y = tfc.neg %e : tensor<f32>
    // expected-note @+1 {{differentiated here}}
    %train = tfc.minimize #tfc.adam %y : tensor<f32>
    tfc.fetch targets(%train)
  }
  return
}

// -----

// No trainable variable reaches the loss.
tfc.global_variable @w : tensor<2xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
tfc.global_variable @b : tensor<2xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
func.func @no_gradients(%x: tensor<2xf32>) {
  tfc.graph {
    %l = tfc.l2_loss %x {tfc.name = "L2Loss"} : tensor<2xf32>
    // expected-error @+1 {{'tfc.minimize' op No gradients provided for any variable, check your graph for ops that do not support gradients, between variables ['w', 'b'] and loss 'L2Loss'}}
    %train = tfc.minimize #tfc.sgd<learning_rate = 0.1> %l : tensor<f32>
    tfc.fetch targets(%train)
  }
  return
}

// -----

// A tensor the result does not depend on gets a zero gradient, with a
// warning: tf.gradients returns None there.
func.func @unconnected(%x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %l = tfc.l2_loss %x {tfc.name = "L2Loss"} : tensor<2xf32>
    // expected-warning @+1 {{no gradient of 'L2Loss' flows to operand #1 of tfc.gradients; it is zero (tf.gradients returns None)}}
    %g = tfc.gradients %l wrt(%y : tensor<2xf32>) : tensor<f32>
    tfc.fetch %g : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// -----

func.func @unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  %r = tfc.graph -> (tensor<*xf32>) {
    %e = tfc.exp %x : tensor<*xf32>
    // expected-error @+1 {{cannot differentiate through a tensor of unknown rank 'tensor<*xf32>'}}
    %s = tfc.reduce_sum %e axes [0] : tensor<*xf32>
    %g = tfc.gradients %s wrt(%x : tensor<*xf32>) : tensor<*xf32>
    tfc.fetch %g : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}

// -----

// tfc-autodiff sees graphs with resolved scopes only.
func.func @in_scope(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %g = tfc.name_scope "s" -> (tensor<2xf32>) {
      %l = tfc.l2_loss %x : tensor<2xf32>
      // expected-error @+1 {{'tfc.gradients' op must be directly inside a tfc.graph; resolve scopes (tfc-resolve-scopes) before tfc-autodiff}}
      %d = tfc.gradients %l wrt(%x : tensor<2xf32>) : tensor<f32>
      tfc.yield %d : tensor<2xf32>
    }
    tfc.fetch %g : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// -----

// The gradient of gather is a sum into a static number of rows.
func.func @gather_dynamic_rows(%p: tensor<?x3xf32>, %i: tensor<2xi32>) -> tensor<?x3xf32> {
  %r = tfc.graph -> (tensor<?x3xf32>) {
    // expected-error @+1 {{the gradient of gather needs ranked indices and a static params size along the axis, got 'tensor<?x3xf32>' and 'tensor<2xi32>'}}
    %g = tfc.gather %p, %i : tensor<?x3xf32>, tensor<2xi32>
    %s = tfc.reduce_sum %g : tensor<2x3xf32>
    %d = tfc.gradients %s wrt(%p : tensor<?x3xf32>) : tensor<f32>
    tfc.fetch %d : tensor<?x3xf32>
  }
  return %r : tensor<?x3xf32>
}
