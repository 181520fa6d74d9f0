// A test model that assigns: w += x, and returns the new w.
func.func @train(%x: tensor<3xf32> {tfc.name = "x"}) -> tensor<3xf32> {
  %r = tfc.graph -> (tensor<3xf32>) {
    %w = tfc.get_variable "w" : tensor<3xf32> init #tfc.zeros
    %new, %t = tfc.assign_add %w, %x : !tfc.var<tensor<3xf32>>, tensor<3xf32>
    tfc.fetch %new : tensor<3xf32>
  }
  return %r : tensor<3xf32>
}
