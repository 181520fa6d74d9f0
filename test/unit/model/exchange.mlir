// A test model compiled with --data-parallel: one step of plain SGD
// (learning rate 1) on the batch mean of x . w plus half the sum of v,
// whose gradients are the mean of x's rows (w, 3 floats) and 0.5
// everywhere (v, large enough to be exchanged in place rather than packed
// with the small ones). Each step exchanges them once.
func.func @step(%x: tensor<?x3xf32> {tfc.name = "x"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %w = tfc.get_variable "w" : tensor<3xf32> init #tfc.zeros
    %v = tfc.get_variable "v" : tensor<20000xf32> init #tfc.zeros
    %wv, %t = tfc.read %w : !tfc.var<tensor<3xf32>>
    %vv, %t2 = tfc.read %v : !tfc.var<tensor<20000xf32>>
    %p = tfc.mul %x, %wv : tensor<?x3xf32>, tensor<3xf32>
    %s = tfc.reduce_sum %p axes [1] : tensor<?x3xf32>
    %mean = tfc.reduce_mean %s : tensor<?xf32>
    %sv = tfc.reduce_sum %vv : tensor<20000xf32>
    %half = tfc.constant dense<0.5> : tensor<f32>
    %hv = tfc.mul %sv, %half : tensor<f32>, tensor<f32>
    %loss = tfc.add %mean, %hv : tensor<f32>, tensor<f32>
    %train = tfc.minimize #tfc.sgd<learning_rate = 1.0> %loss : tensor<f32>
    tfc.fetch %loss : tensor<f32> targets(%train)
  }
  return %r : tensor<f32>
}
