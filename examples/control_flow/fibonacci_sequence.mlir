// Keeping the whole sequence: the fourth loop variable grows, so its shape
// invariant is `tensor<?xi32>` (TensorFlow's
// `shape_invariants=(..., tf.TensorShape([None]))`):
//
//   def cond(i, a, b, c): return i < n
//   def body(i, a, b, c): return i + 1, b, a + b, tf.concat([c, [a + b]], 0)
//   i, a, b, c = tf.while_loop(cond, body, (2, 1, 1, tf.constant([1, 1])),
//       shape_invariants=(tf.TensorShape([]), tf.TensorShape([]),
//                         tf.TensorShape([]), tf.TensorShape([None])))
//   print(tf.Session().run(c))          # [1 1 2 3 5]
//
// Without the looser invariant, see fibonacci_sequence_invariant_error.mlir.
func.func @fibonacci_sequence() -> tensor<?xi32> {
  %r = tfc.graph -> (tensor<?xi32>) {
    %n = tfc.constant dense<5> : tensor<i32>
    %one = tfc.constant dense<1> : tensor<i32>
    %two = tfc.constant dense<2> : tensor<i32>
    %start = tfc.constant dense<[1, 1]> : tensor<2xi32>
    %i, %a, %b, %c = tfc.while (%two, %one, %one, %start)
        : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<2xi32>)
       -> (tensor<i32>, tensor<i32>, tensor<i32>, tensor<?xi32>)
    cond {
    ^bb0(%i: tensor<i32>, %a: tensor<i32>, %b: tensor<i32>, %c: tensor<?xi32>):
      %lt = tfc.less %i, %n : tensor<i32>, tensor<i32>
      tfc.condition %lt : tensor<i1>
    } body {
    ^bb0(%i: tensor<i32>, %a: tensor<i32>, %b: tensor<i32>, %c: tensor<?xi32>):
      %next = tfc.add %i, %one : tensor<i32>, tensor<i32>
      %sum = tfc.add %a, %b : tensor<i32>, tensor<i32>
      %new = tfc.expand_dims %sum axis 0 : tensor<i32>
      %longer = tfc.concat %c, %new axis 0 : tensor<?xi32>, tensor<1xi32>
      tfc.yield %next, %b, %sum, %longer : tensor<i32>, tensor<i32>, tensor<i32>, tensor<?xi32>
    }
    tfc.fetch %c : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}
