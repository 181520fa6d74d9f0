// The guide's non-differentiable entropy:
//
//   def non_differentiable_entropy(logits):
//     probs = tf.nn.softmax(logits)
//     return tf.nn.softmax_cross_entropy_with_logits(labels=probs, logits=logits)
//   w = tf.get_variable("w", shape=[5])
//   y = -non_differentiable_entropy(w)
//   train_op = tf.train.AdamOptimizer().minimize(y)
//
// The cross-entropy has no gradient with respect to its labels. TensorFlow
// silently takes it as zero; what is left, d/dw = softmax(w) - probs, is
// zero too, so w never moves and softmax(w) stays whatever the initializer
// made it (the guide printed [0.34, 0.24, 0.23, 0.09, 0.09]).
// compute_gradient_error exposes it (0.06 to 0.1 in the guide).
//
// tfc compile reports the op instead; with --allow-undefined-gradients it
// does what TensorFlow does, with a warning.

func.func @loss() -> (tensor<f32> {tfc.name = "y"}) {
  %r = tfc.graph -> (tensor<f32>) {
    %w = tfc.get_variable "w" : tensor<5xf32>
    %v, %t = tfc.read %w : !tfc.var<tensor<5xf32>>
    %probs = tfc.softmax %v : tensor<5xf32>
    %xent = tfc.softmax_cross_entropy_with_logits %probs, %v {tfc.name = "xent"}
        : tensor<5xf32>, tensor<5xf32>
    %y = tfc.neg %xent : tensor<f32>
    tfc.fetch %y : tensor<f32>
  }
  return %r : tensor<f32>
}

func.func @train() -> (tensor<f32> {tfc.name = "y"}) {
  %r = tfc.graph -> (tensor<f32>) {
    %w = tfc.variable_scope "" reuse -> (!tfc.var<tensor<5xf32>>) {
      %v = tfc.get_variable "w" : tensor<5xf32>
      tfc.yield %v : !tfc.var<tensor<5xf32>>
    }
    %v, %t = tfc.read %w : !tfc.var<tensor<5xf32>>
    %probs = tfc.softmax %v : tensor<5xf32>
    %xent = tfc.softmax_cross_entropy_with_logits %probs, %v {tfc.name = "xent"}
        : tensor<5xf32>, tensor<5xf32>
    %y = tfc.neg %xent : tensor<f32>
    %train = tfc.minimize #tfc.adam %y : tensor<f32>
    tfc.fetch %y : tensor<f32> targets(%train)
  }
  return %r : tensor<f32>
}

func.func @probs() -> (tensor<5xf32> {tfc.name = "probs"}) {
  %r = tfc.graph -> (tensor<5xf32>) {
    %w = tfc.variable_scope "" reuse -> (!tfc.var<tensor<5xf32>>) {
      %v = tfc.get_variable "w" : tensor<5xf32>
      tfc.yield %v : !tfc.var<tensor<5xf32>>
    }
    %v, %t = tfc.read %w : !tfc.var<tensor<5xf32>>
    %probs = tfc.softmax %v : tensor<5xf32>
    tfc.fetch %probs : tensor<5xf32>
  }
  return %r : tensor<5xf32>
}
