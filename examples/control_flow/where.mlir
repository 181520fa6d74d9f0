// tf.where selects element by element from two batches:
//
//   a = tf.constant([1, 1])
//   b = tf.constant([2, 2])
//   p = tf.constant([True, False])
//   x = tf.where(p, a + b, a * b)
//   print(tf.Session().run(x))          # [3 2]
func.func @where() -> tensor<2xi32> {
  %r = tfc.graph -> (tensor<2xi32>) {
    %a = tfc.constant dense<[1, 1]> : tensor<2xi32>
    %b = tfc.constant dense<[2, 2]> : tensor<2xi32>
    %p = tfc.constant dense<[true, false]> : tensor<2xi1>
    %sum = tfc.add %a, %b : tensor<2xi32>, tensor<2xi32>
    %product = tfc.mul %a, %b : tensor<2xi32>, tensor<2xi32>
    %x = tfc.where %p, %sum, %product : tensor<2xi1>, tensor<2xi32>, tensor<2xi32>
    tfc.fetch %x : tensor<2xi32>
  }
  return %r : tensor<2xi32>
}
