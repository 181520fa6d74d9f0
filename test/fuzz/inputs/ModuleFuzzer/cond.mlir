// tf.cond as a Python "if":
//
//   a = tf.constant(1)
//   b = tf.constant(2)
//   p = tf.constant(True)
//   x = tf.cond(p, lambda: a + b, lambda: a * b)
//   print(tf.Session().run(x))          # 3
func.func @cond() -> tensor<i32> {
  %r = tfc.graph -> (tensor<i32>) {
    %a = tfc.constant dense<1> : tensor<i32>
    %b = tfc.constant dense<2> : tensor<i32>
    %p = tfc.constant dense<true> : tensor<i1>
    %x = tfc.cond %p : tensor<i1> -> (tensor<i32>) {
      %sum = tfc.add %a, %b : tensor<i32>, tensor<i32>
      tfc.yield %sum : tensor<i32>
    } else {
      %product = tfc.mul %a, %b : tensor<i32>, tensor<i32>
      tfc.yield %product : tensor<i32>
    }
    tfc.fetch %x : tensor<i32>
  }
  return %r : tensor<i32>
}

// The same with the predicate fed at run time: the cond stays.
func.func @cond_fed(%p: tensor<i1>) -> tensor<i32> {
  %r = tfc.graph -> (tensor<i32>) {
    %a = tfc.constant dense<1> : tensor<i32>
    %b = tfc.constant dense<2> : tensor<i32>
    %x = tfc.cond %p : tensor<i1> -> (tensor<i32>) {
      %sum = tfc.add %a, %b : tensor<i32>, tensor<i32>
      tfc.yield %sum : tensor<i32>
    } else {
      %product = tfc.mul %a, %b : tensor<i32>, tensor<i32>
      tfc.yield %product : tensor<i32>
    }
    tfc.fetch %x : tensor<i32>
  }
  return %r : tensor<i32>
}
