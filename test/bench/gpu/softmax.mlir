// Softmax over the rows of [8192, 8192] f32 (make bench-gpu):
//
//   rowmax_of_variable: x = tf.get_variable("x", [8192, 8192])
//                       out = tf.reduce_max(tf.nn.softmax(x), axis=1)
//     the data stays on the device; only the [8192] row maxima come back.
//   through_host:       out = tf.nn.softmax(x) for an argument x
//     the 256 MiB input is copied in and the result out on every call.

func.func @rowmax_of_variable() -> (tensor<8192xf32> {tfc.name = "rowmax"}) {
  %r = tfc.graph -> (tensor<8192xf32>) {
    %x = tfc.variable_scope "softmax" auto_reuse -> (!tfc.var<tensor<8192x8192xf32>>) {
      %v = tfc.get_variable "x" : tensor<8192x8192xf32> init #tfc.random_uniform<minval = -4.0, maxval = 4.0, seed = 1>
      tfc.yield %v : !tfc.var<tensor<8192x8192xf32>>
    }
    %xv, %t = tfc.read %x : !tfc.var<tensor<8192x8192xf32>>
    %p = tfc.softmax %xv : tensor<8192x8192xf32>
    %m = tfc.reduce_max %p axes [1] : tensor<8192x8192xf32>
    tfc.fetch %m : tensor<8192xf32>
  }
  return %r : tensor<8192xf32>
}

func.func @through_host(%x: tensor<8192x8192xf32> {tfc.name = "x"})
    -> (tensor<8192x8192xf32> {tfc.name = "probs"}) {
  %r = tfc.graph -> (tensor<8192x8192xf32>) {
    %p = tfc.softmax %x : tensor<8192x8192xf32>
    tfc.fetch %p : tensor<8192x8192xf32>
  }
  return %r : tensor<8192x8192xf32>
}
