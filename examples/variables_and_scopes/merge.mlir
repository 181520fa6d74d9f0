// `merge` from the cookbook of "Effective TensorFlow", called twice in one
// graph:
//
//   def merge(tensors, units, activation=tf.nn.relu, name=None, **kwargs):
//     with tf.variable_scope(name, default_name="merge"):
//       projs = []
//       for i, tensor in enumerate(tensors):
//         proj = tf.layers.dense(
//             tensor, units, activation=None, name="proj_%d" % i, **kwargs)
//         projs.append(proj)
//       result = projs.pop()
//       for proj in projs:
//         result = result + proj
//       if activation:
//         result = activation(result)
//       return result
//
//   a = tf.constant([[1., 2.], [3., 4.]])
//   b = tf.constant([[1.]])
//   c = merge([a, b], 3, kernel_initializer=tf.ones_initializer())
//   d = merge([c, a], 2, kernel_initializer=tf.ones_initializer())
//
// Each call opens a variable scope of a unique default name, merge then
// merge_1, so the two calls make two sets of variables:
// merge/proj_0/kernel, merge/proj_0/bias, ..., merge_1/proj_1/bias.
// tf.layers.dense(name="proj_0") is its variable scope "proj_0" with a
// kernel (here all ones, from kernel_initializer) and a zero bias, a MatMul
// and a BiasAdd.
func.func @merge_twice() -> (tensor<2x3xf32>, tensor<2x2xf32>) {
  %r:2 = tfc.graph -> (tensor<2x3xf32>, tensor<2x2xf32>) {
    %a = tfc.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    %b = tfc.constant dense<[[1.0]]> : tensor<1x1xf32>

    // c = merge([a, b], 3, kernel_initializer=tf.ones_initializer())
    %c = tfc.variable_scope default "merge" -> (tensor<2x3xf32>) {
      %p0 = tfc.variable_scope "proj_0" -> (tensor<2x3xf32>) {
        %k = tfc.get_variable "kernel" : tensor<2x3xf32> init #tfc.ones
        %bias = tfc.get_variable "bias" : tensor<3xf32> init #tfc.zeros
        %kv, %t0 = tfc.read %k : !tfc.var<tensor<2x3xf32>>
        %bv, %t1 = tfc.read %bias : !tfc.var<tensor<3xf32>>
        %y = tfc.matmul %a, %kv : tensor<2x2xf32>, tensor<2x3xf32>
        %z = tfc.bias_add %y, %bv : tensor<2x3xf32>, tensor<3xf32>
        tfc.yield %z : tensor<2x3xf32>
      }
      %p1 = tfc.variable_scope "proj_1" -> (tensor<1x3xf32>) {
        %k = tfc.get_variable "kernel" : tensor<1x3xf32> init #tfc.ones
        %bias = tfc.get_variable "bias" : tensor<3xf32> init #tfc.zeros
        %kv, %t0 = tfc.read %k : !tfc.var<tensor<1x3xf32>>
        %bv, %t1 = tfc.read %bias : !tfc.var<tensor<3xf32>>
        %y = tfc.matmul %b, %kv : tensor<1x1xf32>, tensor<1x3xf32>
        %z = tfc.bias_add %y, %bv : tensor<1x3xf32>, tensor<3xf32>
        tfc.yield %z : tensor<1x3xf32>
      }
      // result = projs.pop(); result = result + proj; activation(result)
      %sum = tfc.add %p1, %p0 : tensor<1x3xf32>, tensor<2x3xf32>
      %relu = tfc.relu %sum : tensor<2x3xf32>
      tfc.yield %relu : tensor<2x3xf32>
    }

    // d = merge([c, a], 2, kernel_initializer=tf.ones_initializer())
    %d = tfc.variable_scope default "merge" -> (tensor<2x2xf32>) {
      %p0 = tfc.variable_scope "proj_0" -> (tensor<2x2xf32>) {
        %k = tfc.get_variable "kernel" : tensor<3x2xf32> init #tfc.ones
        %bias = tfc.get_variable "bias" : tensor<2xf32> init #tfc.zeros
        %kv, %t0 = tfc.read %k : !tfc.var<tensor<3x2xf32>>
        %bv, %t1 = tfc.read %bias : !tfc.var<tensor<2xf32>>
        %y = tfc.matmul %c, %kv : tensor<2x3xf32>, tensor<3x2xf32>
        %z = tfc.bias_add %y, %bv : tensor<2x2xf32>, tensor<2xf32>
        tfc.yield %z : tensor<2x2xf32>
      }
      %p1 = tfc.variable_scope "proj_1" -> (tensor<2x2xf32>) {
        %k = tfc.get_variable "kernel" : tensor<2x2xf32> init #tfc.ones
        %bias = tfc.get_variable "bias" : tensor<2xf32> init #tfc.zeros
        %kv, %t0 = tfc.read %k : !tfc.var<tensor<2x2xf32>>
        %bv, %t1 = tfc.read %bias : !tfc.var<tensor<2xf32>>
        %y = tfc.matmul %a, %kv : tensor<2x2xf32>, tensor<2x2xf32>
        %z = tfc.bias_add %y, %bv : tensor<2x2xf32>, tensor<2xf32>
        tfc.yield %z : tensor<2x2xf32>
      }
      %sum = tfc.add %p1, %p0 : tensor<2x2xf32>, tensor<2x2xf32>
      %relu = tfc.relu %sum : tensor<2x2xf32>
      tfc.yield %relu : tensor<2x2xf32>
    }
    tfc.fetch %c, %d : tensor<2x3xf32>, tensor<2x2xf32>
  }
  return %r#0, %r#1 : tensor<2x3xf32>, tensor<2x2xf32>
}
