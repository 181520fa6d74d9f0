// A 784-512-512-10 multi-layer perceptron's forward pass (make bench-gpu),
// the weights in variables, the batch an argument and the probabilities the
// result (both through host memory), for batches of 256 and 4096:
//
//   h1 = tf.nn.relu(tf.matmul(x, w1) + b1)
//   h2 = tf.nn.relu(tf.matmul(h1, w2) + b2)
//   probs = tf.nn.softmax(tf.matmul(h2, w3) + b3)

func.func @predict_256(%x: tensor<256x784xf32> {tfc.name = "x"})
    -> (tensor<256x10xf32> {tfc.name = "probs"}) {
  %r = tfc.graph -> (tensor<256x10xf32>) {
    %w1, %b1, %w2, %b2, %w3, %b3 = tfc.variable_scope "mlp" auto_reuse -> (!tfc.var<tensor<784x512xf32>>, !tfc.var<tensor<512xf32>>, !tfc.var<tensor<512x512xf32>>, !tfc.var<tensor<512xf32>>, !tfc.var<tensor<512x10xf32>>, !tfc.var<tensor<10xf32>>) {
      %vw1 = tfc.get_variable "w1" : tensor<784x512xf32> init #tfc.glorot_uniform<seed = 1>
      %vb1 = tfc.get_variable "b1" : tensor<512xf32> init #tfc.zeros
      %vw2 = tfc.get_variable "w2" : tensor<512x512xf32> init #tfc.glorot_uniform<seed = 2>
      %vb2 = tfc.get_variable "b2" : tensor<512xf32> init #tfc.zeros
      %vw3 = tfc.get_variable "w3" : tensor<512x10xf32> init #tfc.glorot_uniform<seed = 3>
      %vb3 = tfc.get_variable "b3" : tensor<10xf32> init #tfc.zeros
      tfc.yield %vw1, %vb1, %vw2, %vb2, %vw3, %vb3 : !tfc.var<tensor<784x512xf32>>, !tfc.var<tensor<512xf32>>, !tfc.var<tensor<512x512xf32>>, !tfc.var<tensor<512xf32>>, !tfc.var<tensor<512x10xf32>>, !tfc.var<tensor<10xf32>>
    }
    %w1v, %t1 = tfc.read %w1 : !tfc.var<tensor<784x512xf32>>
    %b1v, %t2 = tfc.read %b1 : !tfc.var<tensor<512xf32>>
    %w2v, %t3 = tfc.read %w2 : !tfc.var<tensor<512x512xf32>>
    %b2v, %t4 = tfc.read %b2 : !tfc.var<tensor<512xf32>>
    %w3v, %t5 = tfc.read %w3 : !tfc.var<tensor<512x10xf32>>
    %b3v, %t6 = tfc.read %b3 : !tfc.var<tensor<10xf32>>
    %xw1 = tfc.matmul %x, %w1v : tensor<256x784xf32>, tensor<784x512xf32>
    %z1 = tfc.add %xw1, %b1v : tensor<256x512xf32>, tensor<512xf32>
    %h1 = tfc.relu %z1 : tensor<256x512xf32>
    %hw2 = tfc.matmul %h1, %w2v : tensor<256x512xf32>, tensor<512x512xf32>
    %z2 = tfc.add %hw2, %b2v : tensor<256x512xf32>, tensor<512xf32>
    %h2 = tfc.relu %z2 : tensor<256x512xf32>
    %hw3 = tfc.matmul %h2, %w3v : tensor<256x512xf32>, tensor<512x10xf32>
    %logits = tfc.add %hw3, %b3v : tensor<256x10xf32>, tensor<10xf32>
    %p = tfc.softmax %logits : tensor<256x10xf32>
    tfc.fetch %p : tensor<256x10xf32>
  }
  return %r : tensor<256x10xf32>
}

func.func @predict_4096(%x: tensor<4096x784xf32> {tfc.name = "x"})
    -> (tensor<4096x10xf32> {tfc.name = "probs"}) {
  %r = tfc.graph -> (tensor<4096x10xf32>) {
    %w1, %b1, %w2, %b2, %w3, %b3 = tfc.variable_scope "mlp" auto_reuse -> (!tfc.var<tensor<784x512xf32>>, !tfc.var<tensor<512xf32>>, !tfc.var<tensor<512x512xf32>>, !tfc.var<tensor<512xf32>>, !tfc.var<tensor<512x10xf32>>, !tfc.var<tensor<10xf32>>) {
      %vw1 = tfc.get_variable "w1" : tensor<784x512xf32> init #tfc.glorot_uniform<seed = 1>
      %vb1 = tfc.get_variable "b1" : tensor<512xf32> init #tfc.zeros
      %vw2 = tfc.get_variable "w2" : tensor<512x512xf32> init #tfc.glorot_uniform<seed = 2>
      %vb2 = tfc.get_variable "b2" : tensor<512xf32> init #tfc.zeros
      %vw3 = tfc.get_variable "w3" : tensor<512x10xf32> init #tfc.glorot_uniform<seed = 3>
      %vb3 = tfc.get_variable "b3" : tensor<10xf32> init #tfc.zeros
      tfc.yield %vw1, %vb1, %vw2, %vb2, %vw3, %vb3 : !tfc.var<tensor<784x512xf32>>, !tfc.var<tensor<512xf32>>, !tfc.var<tensor<512x512xf32>>, !tfc.var<tensor<512xf32>>, !tfc.var<tensor<512x10xf32>>, !tfc.var<tensor<10xf32>>
    }
    %w1v, %t1 = tfc.read %w1 : !tfc.var<tensor<784x512xf32>>
    %b1v, %t2 = tfc.read %b1 : !tfc.var<tensor<512xf32>>
    %w2v, %t3 = tfc.read %w2 : !tfc.var<tensor<512x512xf32>>
    %b2v, %t4 = tfc.read %b2 : !tfc.var<tensor<512xf32>>
    %w3v, %t5 = tfc.read %w3 : !tfc.var<tensor<512x10xf32>>
    %b3v, %t6 = tfc.read %b3 : !tfc.var<tensor<10xf32>>
    %xw1 = tfc.matmul %x, %w1v : tensor<4096x784xf32>, tensor<784x512xf32>
    %z1 = tfc.add %xw1, %b1v : tensor<4096x512xf32>, tensor<512xf32>
    %h1 = tfc.relu %z1 : tensor<4096x512xf32>
    %hw2 = tfc.matmul %h1, %w2v : tensor<4096x512xf32>, tensor<512x512xf32>
    %z2 = tfc.add %hw2, %b2v : tensor<4096x512xf32>, tensor<512xf32>
    %h2 = tfc.relu %z2 : tensor<4096x512xf32>
    %hw3 = tfc.matmul %h2, %w3v : tensor<4096x512xf32>, tensor<512x10xf32>
    %logits = tfc.add %hw3, %b3v : tensor<4096x10xf32>, tensor<10xf32>
    %p = tfc.softmax %logits : tensor<4096x10xf32>
    tfc.fetch %p : tensor<4096x10xf32>
  }
  return %r : tensor<4096x10xf32>
}
