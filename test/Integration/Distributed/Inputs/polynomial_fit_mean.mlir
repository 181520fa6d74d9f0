// The guide's polynomial fit ("Effective TensorFlow", TensorFlow basics)
// with the fit term averaged over the batch, as data-parallel training
// needs (docs/distributed.md): the mean of the ranks' gradients, weighted
// by their batch sizes, is then exactly the whole batch's gradient.
//
//   w = tf.get_variable("w", shape=[3, 1])
//   f = tf.stack([tf.square(x), x, tf.ones_like(x)], 1)
//   yhat = tf.squeeze(tf.matmul(f, w), 1)
//   loss = tf.reduce_mean(tf.square(yhat - y)) + 0.1 * tf.nn.l2_loss(w)
//   train_op = tf.train.AdamOptimizer(0.1).minimize(loss)

func.func @train_step(%x: tensor<?xf32> {tfc.name = "x"}, %y: tensor<?xf32> {tfc.name = "y"})
    -> (tensor<f32> {tfc.name = "loss"}) {
  %r = tfc.graph -> (tensor<f32>) {
    %w = tfc.variable_scope "polynomial" auto_reuse -> (!tfc.var<tensor<3x1xf32>>) {
      %v = tfc.get_variable "w" : tensor<3x1xf32>
      tfc.yield %v : !tfc.var<tensor<3x1xf32>>
    }
    %wv, %t = tfc.read %w : !tfc.var<tensor<3x1xf32>>
    %x2 = tfc.square %x : tensor<?xf32>
    %ones = tfc.ones_like %x : tensor<?xf32>
    %f = tfc.stack %x2, %x, %ones axis 1 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
    %fw = tfc.matmul %f, %wv : tensor<?x3xf32>, tensor<3x1xf32>
    %yhat = tfc.squeeze %fw axes [1] : tensor<?x1xf32>
    %d = tfc.sub %yhat, %y : tensor<?xf32>, tensor<?xf32>
    %d2 = tfc.square %d : tensor<?xf32>
    %fit = tfc.reduce_mean %d2 : tensor<?xf32>
    %l2 = tfc.l2_loss %wv : tensor<3x1xf32>
    %c = tfc.constant dense<0.1> : tensor<f32>
    %reg = tfc.mul %c, %l2 : tensor<f32>, tensor<f32>
    %loss = tfc.add %fit, %reg : tensor<f32>, tensor<f32>
    %train = tfc.minimize #tfc.adam<learning_rate = 0.1> %loss : tensor<f32>
    tfc.fetch %loss : tensor<f32> targets(%train)
  }
  return %r : tensor<f32>
}

func.func @weights() -> (tensor<3x1xf32> {tfc.name = "w"}) {
  %r = tfc.graph -> (tensor<3x1xf32>) {
    %w = tfc.variable_scope "polynomial" auto_reuse -> (!tfc.var<tensor<3x1xf32>>) {
      %v = tfc.get_variable "w" : tensor<3x1xf32>
      tfc.yield %v : !tfc.var<tensor<3x1xf32>>
    }
    %wv, %t = tfc.read %w : !tfc.var<tensor<3x1xf32>>
    tfc.fetch %wv : tensor<3x1xf32>
  }
  return %r : tensor<3x1xf32>
}
