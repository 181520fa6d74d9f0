// A test model large enough for its matmul to run on threads (OpenMP).
func.func @matmul(%a: tensor<512x40xf32> {tfc.name = "a"}, %b: tensor<40x64xf32> {tfc.name = "b"}) -> tensor<512x64xf32> {
  %r = tfc.graph -> (tensor<512x64xf32>) {
    %c = tfc.matmul %a, %b : tensor<512x40xf32>, tensor<40x64xf32>
    tfc.fetch %c : tensor<512x64xf32>
  }
  return %r : tensor<512x64xf32>
}
