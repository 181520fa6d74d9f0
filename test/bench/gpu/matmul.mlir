// f32 matmuls (make bench-gpu):
//
//   rowmax_of_variables: a, b = tf.get_variable("a"/"b", [4096, 4096])
//                        out = tf.reduce_max(tf.matmul(a, b), axis=1)
//     both operands stay on the device; only the [4096] row maxima of the
//     product come back.
//   through_host:        out = tf.matmul(a, b) for [2048, 2048] arguments
//     the operands are copied in and the product out on every call.

func.func @rowmax_of_variables() -> (tensor<4096xf32> {tfc.name = "rowmax"}) {
  %r = tfc.graph -> (tensor<4096xf32>) {
    %a, %b = tfc.variable_scope "matmul" auto_reuse -> (!tfc.var<tensor<4096x4096xf32>>, !tfc.var<tensor<4096x4096xf32>>) {
      %va = tfc.get_variable "a" : tensor<4096x4096xf32> init #tfc.random_uniform<minval = -1.0, maxval = 1.0, seed = 1>
      %vb = tfc.get_variable "b" : tensor<4096x4096xf32> init #tfc.random_uniform<minval = -1.0, maxval = 1.0, seed = 2>
      tfc.yield %va, %vb : !tfc.var<tensor<4096x4096xf32>>, !tfc.var<tensor<4096x4096xf32>>
    }
    %av, %t1 = tfc.read %a : !tfc.var<tensor<4096x4096xf32>>
    %bv, %t2 = tfc.read %b : !tfc.var<tensor<4096x4096xf32>>
    %p = tfc.matmul %av, %bv : tensor<4096x4096xf32>, tensor<4096x4096xf32>
    %m = tfc.reduce_max %p axes [1] : tensor<4096x4096xf32>
    tfc.fetch %m : tensor<4096xf32>
  }
  return %r : tensor<4096xf32>
}

func.func @through_host(%a: tensor<2048x2048xf32> {tfc.name = "a"},
                        %b: tensor<2048x2048xf32> {tfc.name = "b"})
    -> (tensor<2048x2048xf32> {tfc.name = "product"}) {
  %r = tfc.graph -> (tensor<2048x2048xf32>) {
    %p = tfc.matmul %a, %b : tensor<2048x2048xf32>, tensor<2048x2048xf32>
    tfc.fetch %p : tensor<2048x2048xf32>
  }
  return %r : tensor<2048x2048xf32>
}
