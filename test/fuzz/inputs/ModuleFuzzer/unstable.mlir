// Numerical stability, from "Effective TensorFlow": the formulas as users
// write them. Evaluated as written they overflow; tfc-stable-softmax turns
// each into the stable op (see docs/rewrites.md).

// def unstable_softmax(logits):
//   exp = tf.exp(logits)
//   return exp / tf.reduce_sum(exp)
// unstable_softmax([1000., 0.])            # [nan, 0.]; softmax gives [1., 0.]
func.func @unstable_softmax(%logits: tensor<2xf32>) -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %exp = tfc.exp %logits : tensor<2xf32>
    %sum = tfc.reduce_sum %exp : tensor<2xf32>
    %p = tfc.div %exp, %sum : tensor<2xf32>, tensor<f32>
    tfc.fetch %p : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// def unstable_softmax_cross_entropy(labels, logits):
//   logits = tf.log(softmax(logits))
//   return -tf.reduce_sum(labels * logits)
// labels = [0.5, 0.5], logits = [1000., 0.]: inf; the stable op gives 500.
func.func @unstable_softmax_cross_entropy(%labels: tensor<2xf32>,
                                          %logits: tensor<2xf32>) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %exp = tfc.exp %logits : tensor<2xf32>
    %sum = tfc.reduce_sum %exp : tensor<2xf32>
    %p = tfc.div %exp, %sum : tensor<2xf32>, tensor<f32>
    %logp = tfc.log %p : tensor<2xf32>
    %prod = tfc.mul %labels, %logp : tensor<2xf32>, tensor<2xf32>
    %total = tfc.reduce_sum %prod : tensor<2xf32>
    %xe = tfc.neg %total : tensor<f32>
    tfc.fetch %xe : tensor<f32>
  }
  return %r : tensor<f32>
}

// The same for a batch of examples, with the mean over the batch that a
// training loss takes.
func.func @batch_loss(%labels: tensor<?x10xf32>, %logits: tensor<?x10xf32>)
    -> (tensor<?x10xf32>, tensor<f32>) {
  %r:2 = tfc.graph -> (tensor<?x10xf32>, tensor<f32>) {
    %exp = tfc.exp %logits : tensor<?x10xf32>
    %sum = tfc.reduce_sum %exp axes [-1] keep_dims : tensor<?x10xf32>
    %probs = tfc.div %exp, %sum : tensor<?x10xf32>, tensor<?x1xf32>
    %logp = tfc.log %probs : tensor<?x10xf32>
    %prod = tfc.mul %labels, %logp : tensor<?x10xf32>, tensor<?x10xf32>
    %per_example = tfc.reduce_sum %prod axes [-1] : tensor<?x10xf32>
    %xe = tfc.neg %per_example : tensor<?xf32>
    %loss = tfc.reduce_mean %xe axes [0] : tensor<?xf32>
    tfc.fetch %probs, %loss : tensor<?x10xf32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<?x10xf32>, tensor<f32>
}

// log(1 + exp(x)) overflows for x > 88 in float32; softplus does not.
func.func @unstable_softplus(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = tfc.graph -> (tensor<?xf32>) {
    %one = tfc.constant dense<1.0> : tensor<f32>
    %exp = tfc.exp %x : tensor<?xf32>
    %s = tfc.add %one, %exp : tensor<f32>, tensor<?xf32>
    %y = tfc.log %s : tensor<?xf32>
    tfc.fetch %y : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
