// An element-wise chain on three [8192, 8192] f32 variables (make
// bench-gpu); the chain fuses into the row maximum, so one pass over the
// three inputs and only the [8192] row maxima come back:
//
//   a, b, c = (tf.get_variable(n, [8192, 8192]) for n in "abc")
//   out = tf.reduce_max(tf.nn.relu(a * b + c) * 0.5, axis=1)

func.func @rowmax() -> (tensor<8192xf32> {tfc.name = "rowmax"}) {
  %r = tfc.graph -> (tensor<8192xf32>) {
    %a, %b, %c = tfc.variable_scope "elementwise" auto_reuse -> (!tfc.var<tensor<8192x8192xf32>>, !tfc.var<tensor<8192x8192xf32>>, !tfc.var<tensor<8192x8192xf32>>) {
      %va = tfc.get_variable "a" : tensor<8192x8192xf32> init #tfc.random_uniform<minval = -1.0, maxval = 1.0, seed = 1>
      %vb = tfc.get_variable "b" : tensor<8192x8192xf32> init #tfc.random_uniform<minval = -1.0, maxval = 1.0, seed = 2>
      %vc = tfc.get_variable "c" : tensor<8192x8192xf32> init #tfc.random_uniform<minval = -1.0, maxval = 1.0, seed = 3>
      tfc.yield %va, %vb, %vc : !tfc.var<tensor<8192x8192xf32>>, !tfc.var<tensor<8192x8192xf32>>, !tfc.var<tensor<8192x8192xf32>>
    }
    %av, %t1 = tfc.read %a : !tfc.var<tensor<8192x8192xf32>>
    %bv, %t2 = tfc.read %b : !tfc.var<tensor<8192x8192xf32>>
    %cv, %t3 = tfc.read %c : !tfc.var<tensor<8192x8192xf32>>
    %ab = tfc.mul %av, %bv : tensor<8192x8192xf32>, tensor<8192x8192xf32>
    %z = tfc.add %ab, %cv : tensor<8192x8192xf32>, tensor<8192x8192xf32>
    %h = tfc.relu %z : tensor<8192x8192xf32>
    %half = tfc.constant dense<0.5> : tensor<f32>
    %y = tfc.mul %h, %half : tensor<8192x8192xf32>, tensor<f32>
    %m = tfc.reduce_max %y axes [1] : tensor<8192x8192xf32>
    tfc.fetch %m : tensor<8192xf32>
  }
  return %r : tensor<8192xf32>
}
