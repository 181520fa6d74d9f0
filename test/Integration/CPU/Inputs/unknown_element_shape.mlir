// A TensorArray whose elements have an unknown size cannot be preallocated.
func.func @unknown(%n: tensor<i32>, %x: tensor<?xf32>) -> tensor<?x?xf32> {
  %r = tfc.graph -> (tensor<?x?xf32>) {
    %zero = tfc.constant dense<0> : tensor<i32>
    %ta = tfc.tensor_array_create %n : !tfc.tensor_array<tensor<?xf32>>
    %tb = tfc.tensor_array_write %ta[%zero], %x : !tfc.tensor_array<tensor<?xf32>>, tensor<?xf32>
    %s = tfc.tensor_array_stack %tb : !tfc.tensor_array<tensor<?xf32>>
    tfc.fetch %s : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}
