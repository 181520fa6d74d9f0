// A test model compiled with --data-parallel: one step of plain SGD
// (learning rate 1) on the batch mean of x . w, whose gradient with
// respect to w is the mean of x's rows. Each step exchanges it once.
func.func @step(%x: tensor<?x3xf32> {tfc.name = "x"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %w = tfc.get_variable "w" : tensor<3xf32> init #tfc.zeros
    %v, %t = tfc.read %w : !tfc.var<tensor<3xf32>>
    %p = tfc.mul %x, %v : tensor<?x3xf32>, tensor<3xf32>
    %s = tfc.reduce_sum %p axes [1] : tensor<?x3xf32>
    %loss = tfc.reduce_mean %s : tensor<?xf32>
    %train = tfc.minimize #tfc.sgd<learning_rate = 1.0> %loss : tensor<f32>
    tfc.fetch %loss : tensor<f32> targets(%train)
  }
  return %r : tensor<f32>
}
