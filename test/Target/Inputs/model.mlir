// A model with a reading and an assigning entry point, for the Target tests.
func.func @predict(%x: tensor<?x3xf32> {tfc.name = "x"}) -> tensor<?x3xf32> {
  %r = tfc.graph -> (tensor<?x3xf32>) {
    %w = tfc.get_variable "w" : tensor<3xf32> init #tfc.constant<dense<[1.0, 2.0, 3.0]> : tensor<3xf32>>
    %wv, %t = tfc.read %w : !tfc.var<tensor<3xf32>>
    %y = tfc.mul %x, %wv : tensor<?x3xf32>, tensor<3xf32>
    tfc.fetch %y : tensor<?x3xf32>
  }
  return %r : tensor<?x3xf32>
}

func.func @scale(%factor: tensor<f32> {tfc.name = "factor"}) -> tensor<3xf32> {
  %r = tfc.graph -> (tensor<3xf32>) {
    %w = tfc.variable_scope "scaled" -> (!tfc.var<tensor<3xf32>>) {
      %h = tfc.get_variable "w" : tensor<3xf32> init #tfc.random_uniform<minval = -1.0, maxval = 1.0, seed = 5>
      tfc.yield %h : !tfc.var<tensor<3xf32>>
    }
    %wv, %t0 = tfc.read %w : !tfc.var<tensor<3xf32>>
    %s = tfc.mul %wv, %factor : tensor<3xf32>, tensor<f32>
    %n, %t1 = tfc.assign %w, %s after(%t0) : !tfc.var<tensor<3xf32>>, tensor<3xf32>
    tfc.fetch %n : tensor<3xf32>
  }
  return %r : tensor<3xf32>
}
