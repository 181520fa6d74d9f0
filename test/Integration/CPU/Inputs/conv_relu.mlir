// The conv_relu case of make bench: relu(conv2d(x, w, SAME) + b), 5x5, 32
// to 32 channels, on [8, 64, 64, 32].
func.func @run(%x: tensor<8x64x64x32xf32> {tfc.name = "x"}, %w: tensor<5x5x32x32xf32> {tfc.name = "w"}, %b: tensor<32xf32> {tfc.name = "b"}) -> tensor<8x64x64x32xf32> {
  %r = tfc.graph -> (tensor<8x64x64x32xf32>) {
    %c = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME" : tensor<8x64x64x32xf32>, tensor<5x5x32x32xf32>
    %z = tfc.bias_add %c, %b : tensor<8x64x64x32xf32>, tensor<32xf32>
    %y = tfc.relu %z : tensor<8x64x64x32xf32>
    tfc.fetch %y : tensor<8x64x64x32xf32>
  }
  return %r : tensor<8x64x64x32xf32>
}
