// A two-layer perceptron whose weights are variables (the second one ten
// columns wide: packed with zero columns to whole vectors), read by `predict`
// (batch known at run time) and `predict8` (static batch), and an entry
// point that assigns one of them.
func.func @predict(%x: tensor<?x64xf32> {tfc.name = "x"}) -> tensor<?x10xf32> {
  %r = tfc.graph -> (tensor<?x10xf32>) {
    %v1, %v2 = tfc.variable_scope "mlp" auto_reuse -> (!tfc.var<tensor<64x32xf32>>, !tfc.var<tensor<32x10xf32>>) {
      %a = tfc.get_variable "w1" : tensor<64x32xf32> init #tfc.random_uniform<minval = -1.0, maxval = 1.0, seed = 1>
      %b = tfc.get_variable "w2" : tensor<32x10xf32> init #tfc.random_uniform<minval = -1.0, maxval = 1.0, seed = 2>
      tfc.yield %a, %b : !tfc.var<tensor<64x32xf32>>, !tfc.var<tensor<32x10xf32>>
    }
    %w1, %t1 = tfc.read %v1 : !tfc.var<tensor<64x32xf32>>
    %w2, %t2 = tfc.read %v2 : !tfc.var<tensor<32x10xf32>>
    %m = tfc.matmul %x, %w1 : tensor<?x64xf32>, tensor<64x32xf32>
    %h = tfc.relu %m : tensor<?x32xf32>
    %y = tfc.matmul %h, %w2 : tensor<?x32xf32>, tensor<32x10xf32>
    tfc.fetch %y : tensor<?x10xf32>
  }
  return %r : tensor<?x10xf32>
}

func.func @predict8(%x: tensor<8x64xf32> {tfc.name = "x"}) -> tensor<8x10xf32> {
  %r = tfc.graph -> (tensor<8x10xf32>) {
    %v1, %v2 = tfc.variable_scope "mlp" auto_reuse -> (!tfc.var<tensor<64x32xf32>>, !tfc.var<tensor<32x10xf32>>) {
      %a = tfc.get_variable "w1" : tensor<64x32xf32> init #tfc.random_uniform<minval = -1.0, maxval = 1.0, seed = 1>
      %b = tfc.get_variable "w2" : tensor<32x10xf32> init #tfc.random_uniform<minval = -1.0, maxval = 1.0, seed = 2>
      tfc.yield %a, %b : !tfc.var<tensor<64x32xf32>>, !tfc.var<tensor<32x10xf32>>
    }
    %w1, %t1 = tfc.read %v1 : !tfc.var<tensor<64x32xf32>>
    %w2, %t2 = tfc.read %v2 : !tfc.var<tensor<32x10xf32>>
    %m = tfc.matmul %x, %w1 : tensor<8x64xf32>, tensor<64x32xf32>
    %h = tfc.relu %m : tensor<8x32xf32>
    %y = tfc.matmul %h, %w2 : tensor<8x32xf32>, tensor<32x10xf32>
    tfc.fetch %y : tensor<8x10xf32>
  }
  return %r : tensor<8x10xf32>
}

func.func @scale(%factor: tensor<f32> {tfc.name = "factor"}) -> tensor<64x32xf32> {
  %r = tfc.graph -> (tensor<64x32xf32>) {
    %v1 = tfc.variable_scope "mlp" auto_reuse -> (!tfc.var<tensor<64x32xf32>>) {
      %a = tfc.get_variable "w1" : tensor<64x32xf32> init #tfc.random_uniform<minval = -1.0, maxval = 1.0, seed = 1>
      tfc.yield %a : !tfc.var<tensor<64x32xf32>>
    }
    %w1, %t0 = tfc.read %v1 : !tfc.var<tensor<64x32xf32>>
    %s = tfc.mul %w1, %factor : tensor<64x32xf32>, tensor<f32>
    %n, %t1 = tfc.assign %v1, %s after(%t0) : !tfc.var<tensor<64x32xf32>>, tensor<64x32xf32>
    tfc.fetch %n : tensor<64x32xf32>
  }
  return %r : tensor<64x32xf32>
}
