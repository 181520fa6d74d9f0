func.func @run(%x: tensor<2x7x7x16xf32> {tfc.name = "x"}, %w: tensor<3x3x16x16xf32> {tfc.name = "w"}) -> tensor<2x7x7x16xf32> {
  %r = tfc.graph -> (tensor<2x7x7x16xf32>) {
    %c = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME" : tensor<2x7x7x16xf32>, tensor<3x3x16x16xf32>
    %y = tfc.relu %c : tensor<2x7x7x16xf32>
    tfc.fetch %y : tensor<2x7x7x16xf32>
  }
  return %r : tensor<2x7x7x16xf32>
}
