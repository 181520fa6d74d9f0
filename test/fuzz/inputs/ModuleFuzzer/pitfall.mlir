// The broadcasting pitfall from "Effective TensorFlow":
//
//   a = tf.constant([[1.], [2.]])
//   b = tf.constant([1., 2.])
//   c = tf.reduce_sum(a + b)          # 12, not 6: a + b is [[2, 3], [3, 4]]
//   d = tf.reduce_sum(a + b, 0)       # [5, 7]
//
// Ops infer their result types, so the [2,2] shape of `a + b` is visible to
// the compiler (and to the reader of the printed IR).
func.func @pitfall() -> (tensor<f32>, tensor<2xf32>) {
  %r:2 = tfc.graph -> (tensor<f32>, tensor<2xf32>) {
    %a = tfc.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
    %b = tfc.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %sum = tfc.add %a, %b : tensor<2x1xf32>, tensor<2xf32>
    %c = tfc.reduce_sum %sum : tensor<2x2xf32>
    %d = tfc.reduce_sum %sum axes [0] : tensor<2x2xf32>
    tfc.fetch %c, %d : tensor<f32>, tensor<2xf32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<2xf32>
}

// A small dense layer with a dynamic batch: y = relu(x @ w + b).
// Arguments may carry the names a caller uses for them (`tfc run --input`).
func.func @dense(%x: tensor<?x3xf32> {tfc.name = "x"},
                 %w: tensor<3x4xf32> {tfc.name = "w"},
                 %b: tensor<4xf32> {tfc.name = "b"}) -> tensor<?x4xf32> {
  %r = tfc.graph -> (tensor<?x4xf32>) {
    %xw = tfc.matmul %x, %w : tensor<?x3xf32>, tensor<3x4xf32>
    %z = tfc.add %xw, %b : tensor<?x4xf32>, tensor<4xf32>
    %y = tfc.relu %z : tensor<?x4xf32>
    tfc.fetch %y : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}
