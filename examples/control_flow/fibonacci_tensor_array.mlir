// The sequence with a TensorArray, without intermediate tensors:
//
//   n = tf.constant(5)
//   c = tf.TensorArray(tf.int32, n)
//   c = c.write(0, 1)
//   c = c.write(1, 1)
//   def cond(i, a, b, c): return i < n
//   def body(i, a, b, c):
//     c = c.write(i, a + b)
//     return i + 1, b, a + b, c
//   i, a, b, c = tf.while_loop(cond, body, (2, 1, 1, c))
//   c = c.stack()
//   print(tf.Session().run(c))          # [1 1 2 3 5]
func.func @fibonacci_tensor_array() -> tensor<?xi32> {
  %r = tfc.graph -> (tensor<?xi32>) {
    %n = tfc.constant dense<5> : tensor<i32>
    %zero = tfc.constant dense<0> : tensor<i32>
    %one = tfc.constant dense<1> : tensor<i32>
    %two = tfc.constant dense<2> : tensor<i32>
    %empty = tfc.tensor_array_create %n : !tfc.tensor_array<tensor<i32>>
    %c0 = tfc.tensor_array_write %empty[%zero], %one : !tfc.tensor_array<tensor<i32>>, tensor<i32>
    %c1 = tfc.tensor_array_write %c0[%one], %one : !tfc.tensor_array<tensor<i32>>, tensor<i32>
    %i, %a, %b, %c = tfc.while (%two, %one, %one, %c1)
        : (tensor<i32>, tensor<i32>, tensor<i32>, !tfc.tensor_array<tensor<i32>>)
       -> (tensor<i32>, tensor<i32>, tensor<i32>, !tfc.tensor_array<tensor<i32>>)
    cond {
    ^bb0(%i: tensor<i32>, %a: tensor<i32>, %b: tensor<i32>, %c: !tfc.tensor_array<tensor<i32>>):
      %lt = tfc.less %i, %n : tensor<i32>, tensor<i32>
      tfc.condition %lt : tensor<i1>
    } body {
    ^bb0(%i: tensor<i32>, %a: tensor<i32>, %b: tensor<i32>, %c: !tfc.tensor_array<tensor<i32>>):
      %sum = tfc.add %a, %b : tensor<i32>, tensor<i32>
      %written = tfc.tensor_array_write %c[%i], %sum : !tfc.tensor_array<tensor<i32>>, tensor<i32>
      %next = tfc.add %i, %one : tensor<i32>, tensor<i32>
      tfc.yield %next, %b, %sum, %written : tensor<i32>, tensor<i32>, tensor<i32>, !tfc.tensor_array<tensor<i32>>
    }
    %sequence = tfc.tensor_array_stack %c : !tfc.tensor_array<tensor<i32>>
    tfc.fetch %sequence : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}
