// Column and full reductions of f32 variables (make bench-gpu); the data
// stays on the device, only the sums come back:
//
//   x = tf.get_variable("x", [8192, 8192])
//   columns = tf.reduce_sum(x, axis=0)      # a thread per column, 16 parts
//   total = tf.reduce_sum(x)                # one row of 512 parts
//   g = tf.get_variable("g", [256, 512])
//   bias_gradient = tf.reduce_sum(g, axis=0)  # small: launch latency

func.func @columns() -> (tensor<8192xf32> {tfc.name = "columns"}) {
  %r = tfc.graph -> (tensor<8192xf32>) {
    %x = tfc.variable_scope "reductions" auto_reuse -> (!tfc.var<tensor<8192x8192xf32>>) {
      %v = tfc.get_variable "x" : tensor<8192x8192xf32> init #tfc.random_uniform<minval = -1.0, maxval = 1.0, seed = 1>
      tfc.yield %v : !tfc.var<tensor<8192x8192xf32>>
    }
    %xv, %t = tfc.read %x : !tfc.var<tensor<8192x8192xf32>>
    %s = tfc.reduce_sum %xv axes [0] : tensor<8192x8192xf32>
    tfc.fetch %s : tensor<8192xf32>
  }
  return %r : tensor<8192xf32>
}

func.func @total() -> (tensor<f32> {tfc.name = "total"}) {
  %r = tfc.graph -> (tensor<f32>) {
    %x = tfc.variable_scope "reductions" auto_reuse -> (!tfc.var<tensor<8192x8192xf32>>) {
      %v = tfc.get_variable "x" : tensor<8192x8192xf32> init #tfc.random_uniform<minval = -1.0, maxval = 1.0, seed = 1>
      tfc.yield %v : !tfc.var<tensor<8192x8192xf32>>
    }
    %xv, %t = tfc.read %x : !tfc.var<tensor<8192x8192xf32>>
    %s = tfc.reduce_sum %xv axes [0, 1] : tensor<8192x8192xf32>
    tfc.fetch %s : tensor<f32>
  }
  return %r : tensor<f32>
}

func.func @bias_gradient() -> (tensor<512xf32> {tfc.name = "bias_gradient"}) {
  %r = tfc.graph -> (tensor<512xf32>) {
    %g = tfc.variable_scope "reductions" auto_reuse -> (!tfc.var<tensor<256x512xf32>>) {
      %v = tfc.get_variable "g" : tensor<256x512xf32> init #tfc.random_uniform<minval = -1.0, maxval = 1.0, seed = 2>
      tfc.yield %v : !tfc.var<tensor<256x512xf32>>
    }
    %gv, %t = tfc.read %g : !tfc.var<tensor<256x512xf32>>
    %s = tfc.reduce_sum %gv axes [0] : tensor<256x512xf32>
    tfc.fetch %s : tensor<512xf32>
  }
  return %r : tensor<512xf32>
}
