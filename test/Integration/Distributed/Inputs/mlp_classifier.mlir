// A small MLP classifier (8 features, two hidden layers of 16, 3 classes)
// trained with Adam on the mean softmax cross-entropy of its batch, as
// data-parallel training needs (docs/distributed.md):
//
//   h1 = tf.layers.dense(x, 16, tf.nn.relu, name="hidden1")
//   h2 = tf.layers.dense(h1, 16, tf.nn.relu, name="hidden2")
//   logits = tf.layers.dense(h2, 3, name="logits")
//   loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits))
//   train_op = tf.train.AdamOptimizer(0.01).minimize(loss)

func.func @train_step(%x: tensor<?x8xf32> {tfc.name = "x"}, %y: tensor<?x3xf32> {tfc.name = "y"})
    -> (tensor<f32> {tfc.name = "loss"}) {
  %r = tfc.graph -> (tensor<f32>) {
    %hidden1_vars:2 = tfc.variable_scope "hidden1" auto_reuse -> (!tfc.var<tensor<8x16xf32>>, !tfc.var<tensor<16xf32>>) {
      %k = tfc.get_variable "kernel" : tensor<8x16xf32>
      %b = tfc.get_variable "bias" : tensor<16xf32> init #tfc.zeros
      tfc.yield %k, %b : !tfc.var<tensor<8x16xf32>>, !tfc.var<tensor<16xf32>>
    }
    %hidden1_k, %hidden1_kt = tfc.read %hidden1_vars#0 : !tfc.var<tensor<8x16xf32>>
    %hidden1_b, %hidden1_bt = tfc.read %hidden1_vars#1 : !tfc.var<tensor<16xf32>>
    %hidden1_m = tfc.matmul %x, %hidden1_k : tensor<?x8xf32>, tensor<8x16xf32>
    %hidden1_z = tfc.bias_add %hidden1_m, %hidden1_b : tensor<?x16xf32>, tensor<16xf32>
    %hidden1_h = tfc.relu %hidden1_z : tensor<?x16xf32>
    %hidden2_vars:2 = tfc.variable_scope "hidden2" auto_reuse -> (!tfc.var<tensor<16x16xf32>>, !tfc.var<tensor<16xf32>>) {
      %k = tfc.get_variable "kernel" : tensor<16x16xf32>
      %b = tfc.get_variable "bias" : tensor<16xf32> init #tfc.zeros
      tfc.yield %k, %b : !tfc.var<tensor<16x16xf32>>, !tfc.var<tensor<16xf32>>
    }
    %hidden2_k, %hidden2_kt = tfc.read %hidden2_vars#0 : !tfc.var<tensor<16x16xf32>>
    %hidden2_b, %hidden2_bt = tfc.read %hidden2_vars#1 : !tfc.var<tensor<16xf32>>
    %hidden2_m = tfc.matmul %hidden1_h, %hidden2_k : tensor<?x16xf32>, tensor<16x16xf32>
    %hidden2_z = tfc.bias_add %hidden2_m, %hidden2_b : tensor<?x16xf32>, tensor<16xf32>
    %hidden2_h = tfc.relu %hidden2_z : tensor<?x16xf32>
    %logits_vars:2 = tfc.variable_scope "logits" auto_reuse -> (!tfc.var<tensor<16x3xf32>>, !tfc.var<tensor<3xf32>>) {
      %k = tfc.get_variable "kernel" : tensor<16x3xf32>
      %b = tfc.get_variable "bias" : tensor<3xf32> init #tfc.zeros
      tfc.yield %k, %b : !tfc.var<tensor<16x3xf32>>, !tfc.var<tensor<3xf32>>
    }
    %logits_k, %logits_kt = tfc.read %logits_vars#0 : !tfc.var<tensor<16x3xf32>>
    %logits_b, %logits_bt = tfc.read %logits_vars#1 : !tfc.var<tensor<3xf32>>
    %logits_m = tfc.matmul %hidden2_h, %logits_k : tensor<?x16xf32>, tensor<16x3xf32>
    %logits_z = tfc.bias_add %logits_m, %logits_b : tensor<?x3xf32>, tensor<3xf32>
    %xent = tfc.softmax_cross_entropy_with_logits %y, %logits_z : tensor<?x3xf32>, tensor<?x3xf32>
    %loss = tfc.reduce_mean %xent axes [0] : tensor<?xf32>
    %train = tfc.minimize #tfc.adam<learning_rate = 0.01> %loss : tensor<f32>
    tfc.fetch %loss : tensor<f32> targets(%train)
  }
  return %r : tensor<f32>
}

// The same loss without the update: the loss curve's points.
func.func @loss(%x: tensor<?x8xf32> {tfc.name = "x"}, %y: tensor<?x3xf32> {tfc.name = "y"})
    -> (tensor<f32> {tfc.name = "loss"}) {
  %r = tfc.graph -> (tensor<f32>) {
    %hidden1_vars:2 = tfc.variable_scope "hidden1" auto_reuse -> (!tfc.var<tensor<8x16xf32>>, !tfc.var<tensor<16xf32>>) {
      %k = tfc.get_variable "kernel" : tensor<8x16xf32>
      %b = tfc.get_variable "bias" : tensor<16xf32> init #tfc.zeros
      tfc.yield %k, %b : !tfc.var<tensor<8x16xf32>>, !tfc.var<tensor<16xf32>>
    }
    %hidden1_k, %hidden1_kt = tfc.read %hidden1_vars#0 : !tfc.var<tensor<8x16xf32>>
    %hidden1_b, %hidden1_bt = tfc.read %hidden1_vars#1 : !tfc.var<tensor<16xf32>>
    %hidden1_m = tfc.matmul %x, %hidden1_k : tensor<?x8xf32>, tensor<8x16xf32>
    %hidden1_z = tfc.bias_add %hidden1_m, %hidden1_b : tensor<?x16xf32>, tensor<16xf32>
    %hidden1_h = tfc.relu %hidden1_z : tensor<?x16xf32>
    %hidden2_vars:2 = tfc.variable_scope "hidden2" auto_reuse -> (!tfc.var<tensor<16x16xf32>>, !tfc.var<tensor<16xf32>>) {
      %k = tfc.get_variable "kernel" : tensor<16x16xf32>
      %b = tfc.get_variable "bias" : tensor<16xf32> init #tfc.zeros
      tfc.yield %k, %b : !tfc.var<tensor<16x16xf32>>, !tfc.var<tensor<16xf32>>
    }
    %hidden2_k, %hidden2_kt = tfc.read %hidden2_vars#0 : !tfc.var<tensor<16x16xf32>>
    %hidden2_b, %hidden2_bt = tfc.read %hidden2_vars#1 : !tfc.var<tensor<16xf32>>
    %hidden2_m = tfc.matmul %hidden1_h, %hidden2_k : tensor<?x16xf32>, tensor<16x16xf32>
    %hidden2_z = tfc.bias_add %hidden2_m, %hidden2_b : tensor<?x16xf32>, tensor<16xf32>
    %hidden2_h = tfc.relu %hidden2_z : tensor<?x16xf32>
    %logits_vars:2 = tfc.variable_scope "logits" auto_reuse -> (!tfc.var<tensor<16x3xf32>>, !tfc.var<tensor<3xf32>>) {
      %k = tfc.get_variable "kernel" : tensor<16x3xf32>
      %b = tfc.get_variable "bias" : tensor<3xf32> init #tfc.zeros
      tfc.yield %k, %b : !tfc.var<tensor<16x3xf32>>, !tfc.var<tensor<3xf32>>
    }
    %logits_k, %logits_kt = tfc.read %logits_vars#0 : !tfc.var<tensor<16x3xf32>>
    %logits_b, %logits_bt = tfc.read %logits_vars#1 : !tfc.var<tensor<3xf32>>
    %logits_m = tfc.matmul %hidden2_h, %logits_k : tensor<?x16xf32>, tensor<16x3xf32>
    %logits_z = tfc.bias_add %logits_m, %logits_b : tensor<?x3xf32>, tensor<3xf32>
    %xent = tfc.softmax_cross_entropy_with_logits %y, %logits_z : tensor<?x3xf32>, tensor<?x3xf32>
    %loss = tfc.reduce_mean %xent axes [0] : tensor<?xf32>
    tfc.fetch %loss : tensor<f32>
  }
  return %r : tensor<f32>
}
