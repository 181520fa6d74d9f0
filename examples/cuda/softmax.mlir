// Softmax over the rows of a batch, the op the CUDA target maps one block
// per row (a block-level maximum, then a block-level sum):
//
//   probs = tf.nn.softmax(logits)
//
// softmax([[1000, 0]]) is [[1, 0]]: the maximum is subtracted first.
func.func @softmax(%logits: tensor<?x?xf32> {tfc.name = "logits"})
    -> (tensor<?x?xf32> {tfc.name = "probs"}) {
  %r = tfc.graph -> (tensor<?x?xf32>) {
    %p = tfc.softmax %logits : tensor<?x?xf32>
    tfc.fetch %p : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}
