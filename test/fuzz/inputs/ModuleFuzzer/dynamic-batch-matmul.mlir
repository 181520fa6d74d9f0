func.func @run(%x: tensor<?x64xf32> {tfc.name = "x"}, %w: tensor<64x48xf32> {tfc.name = "w"}) -> tensor<?x48xf32> {
  %r = tfc.graph -> (tensor<?x48xf32>) {
    %m = tfc.matmul %x, %w : tensor<?x64xf32>, tensor<64x48xf32>
    %s = tfc.softmax %m : tensor<?x48xf32>
    tfc.fetch %s : tensor<?x48xf32>
  }
  return %r : tensor<?x48xf32>
}
