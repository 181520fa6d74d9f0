// A test model that only reads w (shared with train.mlir) and the input.
func.func @serve(%x: tensor<?x3xf32> {tfc.name = "x"}) -> (tensor<?x3xf32>, tensor<3xf32>) {
  %r:2 = tfc.graph -> (tensor<?x3xf32>, tensor<3xf32>) {
    %w = tfc.get_variable "w" : tensor<3xf32> init #tfc.zeros
    %wv, %t = tfc.read %w : !tfc.var<tensor<3xf32>>
    %y = tfc.mul %x, %wv : tensor<?x3xf32>, tensor<3xf32>
    tfc.fetch %y, %wv : tensor<?x3xf32>, tensor<3xf32>
  }
  return %r#0, %r#1 : tensor<?x3xf32>, tensor<3xf32>
}
