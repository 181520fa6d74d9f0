// The Fibonacci loop from "Effective TensorFlow", control flow:
//
//   n = tf.constant(5)
//   def cond(i, a, b): return i < n
//   def body(i, a, b): return i + 1, b, a + b
//   i, a, b = tf.while_loop(cond, body, (2, 1, 1))
//   print(tf.Session().run(b))          # 5
func.func @fibonacci() -> tensor<i32> {
  %r = tfc.graph -> (tensor<i32>) {
    %n = tfc.constant dense<5> : tensor<i32>
    %one = tfc.constant dense<1> : tensor<i32>
    %two = tfc.constant dense<2> : tensor<i32>
    %i, %a, %b = tfc.while (%two, %one, %one)
        : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>)
    cond {
    ^bb0(%i: tensor<i32>, %a: tensor<i32>, %b: tensor<i32>):
      %lt = tfc.less %i, %n : tensor<i32>, tensor<i32>
      tfc.condition %lt : tensor<i1>
    } body {
    ^bb0(%i: tensor<i32>, %a: tensor<i32>, %b: tensor<i32>):
      %next = tfc.add %i, %one : tensor<i32>, tensor<i32>
      %sum = tfc.add %a, %b : tensor<i32>, tensor<i32>
      tfc.yield %next, %b, %sum : tensor<i32>, tensor<i32>, tensor<i32>
    }
    tfc.fetch %b : tensor<i32>
  }
  return %r : tensor<i32>
}
