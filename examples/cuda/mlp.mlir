// A small multi-layer perceptron, 4-16-3, with a training step:
//
//   h = tf.nn.relu(tf.matmul(x, w1) + b1)
//   logits = tf.matmul(h, w2) + b2
//   loss = tf.reduce_mean(
//       tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits))
//   train_op = tf.train.GradientDescentOptimizer(0.5).minimize(loss)
//
// The weights start from fixed constants, so every target computes the
// same numbers.
func.func @predict(%x: tensor<?x4xf32> {tfc.name = "x"})
    -> (tensor<?x3xf32> {tfc.name = "probs"}) {
  %r = tfc.graph -> (tensor<?x3xf32>) {
    %w1, %b1, %w2, %b2 = tfc.variable_scope "mlp" auto_reuse -> (!tfc.var<tensor<4x16xf32>>, !tfc.var<tensor<16xf32>>, !tfc.var<tensor<16x3xf32>>, !tfc.var<tensor<3xf32>>) {
      %vw1 = tfc.get_variable "w1" : tensor<4x16xf32> init #tfc.constant<dense<0.25> : tensor<4x16xf32>>
      %vb1 = tfc.get_variable "b1" : tensor<16xf32> init #tfc.constant<dense<[-0.5, -0.4, -0.3, -0.2, -0.1, 0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]> : tensor<16xf32>>
      %vw2 = tfc.get_variable "w2" : tensor<16x3xf32> init #tfc.random_uniform<minval = -0.5, maxval = 0.5, seed = 7>
      %vb2 = tfc.get_variable "b2" : tensor<3xf32> init #tfc.zeros
      tfc.yield %vw1, %vb1, %vw2, %vb2 : !tfc.var<tensor<4x16xf32>>, !tfc.var<tensor<16xf32>>, !tfc.var<tensor<16x3xf32>>, !tfc.var<tensor<3xf32>>
    }
    %w1v, %t1 = tfc.read %w1 : !tfc.var<tensor<4x16xf32>>
    %b1v, %t2 = tfc.read %b1 : !tfc.var<tensor<16xf32>>
    %w2v, %t3 = tfc.read %w2 : !tfc.var<tensor<16x3xf32>>
    %b2v, %t4 = tfc.read %b2 : !tfc.var<tensor<3xf32>>
    %xw = tfc.matmul %x, %w1v : tensor<?x4xf32>, tensor<4x16xf32>
    %z = tfc.add %xw, %b1v : tensor<?x16xf32>, tensor<16xf32>
    %h = tfc.relu %z : tensor<?x16xf32>
    %hw = tfc.matmul %h, %w2v : tensor<?x16xf32>, tensor<16x3xf32>
    %logits = tfc.add %hw, %b2v : tensor<?x3xf32>, tensor<3xf32>
    %p = tfc.softmax %logits : tensor<?x3xf32>
    tfc.fetch %p : tensor<?x3xf32>
  }
  return %r : tensor<?x3xf32>
}

func.func @train_step(%x: tensor<?x4xf32> {tfc.name = "x"}, %y: tensor<?x3xf32> {tfc.name = "y"})
    -> (tensor<f32> {tfc.name = "loss"}) {
  %r = tfc.graph -> (tensor<f32>) {
    %w1, %b1, %w2, %b2 = tfc.variable_scope "mlp" auto_reuse -> (!tfc.var<tensor<4x16xf32>>, !tfc.var<tensor<16xf32>>, !tfc.var<tensor<16x3xf32>>, !tfc.var<tensor<3xf32>>) {
      %vw1 = tfc.get_variable "w1" : tensor<4x16xf32> init #tfc.constant<dense<0.25> : tensor<4x16xf32>>
      %vb1 = tfc.get_variable "b1" : tensor<16xf32> init #tfc.constant<dense<[-0.5, -0.4, -0.3, -0.2, -0.1, 0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]> : tensor<16xf32>>
      %vw2 = tfc.get_variable "w2" : tensor<16x3xf32> init #tfc.random_uniform<minval = -0.5, maxval = 0.5, seed = 7>
      %vb2 = tfc.get_variable "b2" : tensor<3xf32> init #tfc.zeros
      tfc.yield %vw1, %vb1, %vw2, %vb2 : !tfc.var<tensor<4x16xf32>>, !tfc.var<tensor<16xf32>>, !tfc.var<tensor<16x3xf32>>, !tfc.var<tensor<3xf32>>
    }
    %w1v, %t1 = tfc.read %w1 : !tfc.var<tensor<4x16xf32>>
    %b1v, %t2 = tfc.read %b1 : !tfc.var<tensor<16xf32>>
    %w2v, %t3 = tfc.read %w2 : !tfc.var<tensor<16x3xf32>>
    %b2v, %t4 = tfc.read %b2 : !tfc.var<tensor<3xf32>>
    %xw = tfc.matmul %x, %w1v : tensor<?x4xf32>, tensor<4x16xf32>
    %z = tfc.add %xw, %b1v : tensor<?x16xf32>, tensor<16xf32>
    %h = tfc.relu %z : tensor<?x16xf32>
    %hw = tfc.matmul %h, %w2v : tensor<?x16xf32>, tensor<16x3xf32>
    %logits = tfc.add %hw, %b2v : tensor<?x3xf32>, tensor<3xf32>
    %xent = tfc.softmax_cross_entropy_with_logits %y, %logits : tensor<?x3xf32>, tensor<?x3xf32>
    %loss = tfc.reduce_mean %xent : tensor<?xf32>
    %train = tfc.minimize #tfc.sgd<learning_rate = 0.5> %loss : tensor<f32>
    tfc.fetch %loss : tensor<f32> targets(%train)
  }
  return %r : tensor<f32>
}
