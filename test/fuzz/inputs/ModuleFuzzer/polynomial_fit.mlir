// The guide's polynomial fit ("Effective TensorFlow", TensorFlow basics):
//
//   w = tf.get_variable("w", shape=[3, 1])
//   f = tf.stack([tf.square(x), x, tf.ones_like(x)], 1)
//   yhat = tf.squeeze(tf.matmul(f, w), 1)
//   loss = tf.nn.l2_loss(yhat - y) + 0.1 * tf.nn.l2_loss(w)
//   train_op = tf.train.AdamOptimizer(0.1).minimize(loss)
//
// tfc has no stack or squeeze yet, so the features are built transposed,
// by broadcasting: f^T = e0 * x^2 + e1 * x + e2 with e_i the columns of
// the 3x3 identity ([3,1] against [n] is [3,n]), and yhat = w^T f^T is
// [1,n]; the loss is the same number. With stack and squeeze it becomes
// the literal form above.
//
// train_step takes one Adam step on a batch and returns the loss before
// it; predict evaluates the fitted polynomial; weights returns w.

func.func @train_step(%x: tensor<?xf32> {tfc.name = "x"}, %y: tensor<?xf32> {tfc.name = "y"})
    -> (tensor<f32> {tfc.name = "loss"}) {
  %r = tfc.graph -> (tensor<f32>) {
    %w = tfc.variable_scope "polynomial" auto_reuse -> (!tfc.var<tensor<3x1xf32>>) {
      %v = tfc.get_variable "w" : tensor<3x1xf32>
      tfc.yield %v : !tfc.var<tensor<3x1xf32>>
    }
    %wv, %t = tfc.read %w : !tfc.var<tensor<3x1xf32>>
    %e0 = tfc.constant dense<[[1.0], [0.0], [0.0]]> : tensor<3x1xf32>
    %e1 = tfc.constant dense<[[0.0], [1.0], [0.0]]> : tensor<3x1xf32>
    %e2 = tfc.constant dense<[[0.0], [0.0], [1.0]]> : tensor<3x1xf32>
    %x2 = tfc.square %x : tensor<?xf32>
    %f0 = tfc.mul %e0, %x2 : tensor<3x1xf32>, tensor<?xf32>
    %f1 = tfc.mul %e1, %x : tensor<3x1xf32>, tensor<?xf32>
    %f01 = tfc.add %f0, %f1 : tensor<3x?xf32>, tensor<3x?xf32>
    %ft = tfc.add %f01, %e2 : tensor<3x?xf32>, tensor<3x1xf32>
    %yhat = tfc.matmul %wv, %ft transpose_a : tensor<3x1xf32>, tensor<3x?xf32>
    %d = tfc.sub %yhat, %y : tensor<1x?xf32>, tensor<?xf32>
    %fit = tfc.l2_loss %d : tensor<1x?xf32>
    %l2 = tfc.l2_loss %wv : tensor<3x1xf32>
    %c = tfc.constant dense<0.1> : tensor<f32>
    %reg = tfc.mul %c, %l2 : tensor<f32>, tensor<f32>
    %loss = tfc.add %fit, %reg : tensor<f32>, tensor<f32>
    %train = tfc.minimize #tfc.adam<learning_rate = 0.1> %loss : tensor<f32>
    tfc.fetch %loss : tensor<f32> targets(%train)
  }
  return %r : tensor<f32>
}

func.func @predict(%x: tensor<?xf32> {tfc.name = "x"}) -> (tensor<1x?xf32> {tfc.name = "yhat"}) {
  %r = tfc.graph -> (tensor<1x?xf32>) {
    %w = tfc.variable_scope "polynomial" auto_reuse -> (!tfc.var<tensor<3x1xf32>>) {
      %v = tfc.get_variable "w" : tensor<3x1xf32>
      tfc.yield %v : !tfc.var<tensor<3x1xf32>>
    }
    %wv, %t = tfc.read %w : !tfc.var<tensor<3x1xf32>>
    %e0 = tfc.constant dense<[[1.0], [0.0], [0.0]]> : tensor<3x1xf32>
    %e1 = tfc.constant dense<[[0.0], [1.0], [0.0]]> : tensor<3x1xf32>
    %e2 = tfc.constant dense<[[0.0], [0.0], [1.0]]> : tensor<3x1xf32>
    %x2 = tfc.square %x : tensor<?xf32>
    %f0 = tfc.mul %e0, %x2 : tensor<3x1xf32>, tensor<?xf32>
    %f1 = tfc.mul %e1, %x : tensor<3x1xf32>, tensor<?xf32>
    %f01 = tfc.add %f0, %f1 : tensor<3x?xf32>, tensor<3x?xf32>
    %ft = tfc.add %f01, %e2 : tensor<3x?xf32>, tensor<3x1xf32>
    %yhat = tfc.matmul %wv, %ft transpose_a : tensor<3x1xf32>, tensor<3x?xf32>
    tfc.fetch %yhat : tensor<1x?xf32>
  }
  return %r : tensor<1x?xf32>
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
