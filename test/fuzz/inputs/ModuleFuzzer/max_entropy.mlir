// Maximizing the entropy of softmax(w) ("Effective TensorFlow", using
// compute_gradient_error to check gradients):
//
//   def entropy(logits, dim=-1):
//     probs = tf.nn.softmax(logits, dim)
//     nplogp = probs * (tf.reduce_logsumexp(logits, dim, keep_dims=True) - logits)
//     return tf.reduce_sum(nplogp, dim)
//   w = tf.get_variable("w", shape=[5])
//   y = -entropy(w)
//   train_op = tf.train.AdamOptimizer().minimize(y)
//
// The uniform distribution has the largest entropy: after enough steps
// softmax(w) is [0.2, 0.2, 0.2, 0.2, 0.2] and the entropy ln(5) = 1.609.
// non_differentiable.mlir is the guide's version that does not get there.

// -entropy(w), the loss: also what `tfc check-gradients --fn loss` checks.
func.func @loss() -> (tensor<f32> {tfc.name = "y"}) {
  %r = tfc.graph -> (tensor<f32>) {
    %w = tfc.get_variable "w" : tensor<5xf32>
    %v, %t = tfc.read %w : !tfc.var<tensor<5xf32>>
    %probs = tfc.softmax %v : tensor<5xf32>
    %lse = tfc.reduce_logsumexp %v axes [-1] keep_dims : tensor<5xf32>
    %nlogp = tfc.sub %lse, %v : tensor<1xf32>, tensor<5xf32>
    %nplogp = tfc.mul %probs, %nlogp : tensor<5xf32>, tensor<5xf32>
    %entropy = tfc.reduce_sum %nplogp axes [-1] : tensor<5xf32>
    %y = tfc.neg %entropy : tensor<f32>
    tfc.fetch %y : tensor<f32>
  }
  return %r : tensor<f32>
}

// One Adam step (the guide's defaults: learning rate 0.001).
func.func @train() -> (tensor<f32> {tfc.name = "y"}) {
  %r = tfc.graph -> (tensor<f32>) {
    %w = tfc.variable_scope "" reuse -> (!tfc.var<tensor<5xf32>>) {
      %v = tfc.get_variable "w" : tensor<5xf32>
      tfc.yield %v : !tfc.var<tensor<5xf32>>
    }
    %v, %t = tfc.read %w : !tfc.var<tensor<5xf32>>
    %probs = tfc.softmax %v : tensor<5xf32>
    %lse = tfc.reduce_logsumexp %v axes [-1] keep_dims : tensor<5xf32>
    %nlogp = tfc.sub %lse, %v : tensor<1xf32>, tensor<5xf32>
    %nplogp = tfc.mul %probs, %nlogp : tensor<5xf32>, tensor<5xf32>
    %entropy = tfc.reduce_sum %nplogp axes [-1] : tensor<5xf32>
    %y = tfc.neg %entropy : tensor<f32>
    %train = tfc.minimize #tfc.adam %y : tensor<f32>
    tfc.fetch %y : tensor<f32> targets(%train)
  }
  return %r : tensor<f32>
}

// softmax(w) and its entropy.
func.func @probs() -> (tensor<5xf32> {tfc.name = "probs"}, tensor<f32> {tfc.name = "entropy"}) {
  %r:2 = tfc.graph -> (tensor<5xf32>, tensor<f32>) {
    %w = tfc.variable_scope "" reuse -> (!tfc.var<tensor<5xf32>>) {
      %v = tfc.get_variable "w" : tensor<5xf32>
      tfc.yield %v : !tfc.var<tensor<5xf32>>
    }
    %v, %t = tfc.read %w : !tfc.var<tensor<5xf32>>
    %probs = tfc.softmax %v : tensor<5xf32>
    %lse = tfc.reduce_logsumexp %v axes [-1] keep_dims : tensor<5xf32>
    %nlogp = tfc.sub %lse, %v : tensor<1xf32>, tensor<5xf32>
    %nplogp = tfc.mul %probs, %nlogp : tensor<5xf32>, tensor<5xf32>
    %entropy = tfc.reduce_sum %nplogp axes [-1] : tensor<5xf32>
    tfc.fetch %probs, %entropy : tensor<5xf32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<5xf32>, tensor<f32>
}
