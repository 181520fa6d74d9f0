// Inputs and outputs with TensorFlow's scoped names, for the folders of
// --output-dir and --generate-inputs.
func.func @scoped(%x: tensor<2xf32> {tfc.name = "layer/x"}) -> (tensor<2xf32> {tfc.name = "layer/dense/y"}, tensor<2xf32> {tfc.name = "../up"}) {
  %r:2 = tfc.graph -> (tensor<2xf32>, tensor<2xf32>) {
    %y = tfc.neg %x : tensor<2xf32>
    %up = tfc.abs %x : tensor<2xf32>
    tfc.fetch %y, %up : tensor<2xf32>, tensor<2xf32>
  }
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
}
