// The model the pkg-config program and the Python loader's tests call.
//
// affine: y = x * w + b, row by row, with variables affine/w = [2, 3] and
// affine/b = 1 to start; step: b <- b + 1, an assigning entry point;
// stats: two results; divide: an integer division whose zero divisor fails
// the call.

func.func @affine(%x: tensor<?x2xf32> {tfc.name = "x"})
    -> (tensor<?x2xf32> {tfc.name = "y"}) {
  %r = tfc.graph -> (tensor<?x2xf32>) {
    %w, %b = tfc.variable_scope "affine" auto_reuse
        -> (!tfc.var<tensor<2xf32>>, !tfc.var<tensor<f32>>) {
      %w0 = tfc.get_variable "w" init #tfc.constant<dense<[2.0, 3.0]> : tensor<2xf32>>
      %b0 = tfc.get_variable "b" : tensor<f32> init #tfc.ones
      tfc.yield %w0, %b0 : !tfc.var<tensor<2xf32>>, !tfc.var<tensor<f32>>
    }
    %wv, %t0 = tfc.read %w : !tfc.var<tensor<2xf32>>
    %bv, %t1 = tfc.read %b : !tfc.var<tensor<f32>>
    %xw = tfc.mul %x, %wv : tensor<?x2xf32>, tensor<2xf32>
    %y = tfc.add %xw, %bv : tensor<?x2xf32>, tensor<f32>
    tfc.fetch %y : tensor<?x2xf32>
  }
  return %r : tensor<?x2xf32>
}

func.func @step() -> (tensor<f32> {tfc.name = "b"}) {
  %r = tfc.graph -> (tensor<f32>) {
    %b = tfc.variable_scope "affine" auto_reuse -> (!tfc.var<tensor<f32>>) {
      %b0 = tfc.get_variable "b" : tensor<f32> init #tfc.ones
      tfc.yield %b0 : !tfc.var<tensor<f32>>
    }
    %one = tfc.constant dense<1.0> : tensor<f32>
    %new, %done = tfc.assign_add %b, %one : !tfc.var<tensor<f32>>, tensor<f32>
    tfc.fetch %new : tensor<f32>
  }
  return %r : tensor<f32>
}

func.func @stats(%x: tensor<?xf64> {tfc.name = "x"})
    -> (tensor<f64> {tfc.name = "sum"}, tensor<f64> {tfc.name = "max"}) {
  %r:2 = tfc.graph -> (tensor<f64>, tensor<f64>) {
    %sum = tfc.reduce_sum %x : tensor<?xf64>
    %max = tfc.reduce_max %x : tensor<?xf64>
    tfc.fetch %sum, %max : tensor<f64>, tensor<f64>
  }
  return %r#0, %r#1 : tensor<f64>, tensor<f64>
}

func.func @divide(%a: tensor<?xi32> {tfc.name = "a"},
                  %b: tensor<?xi32> {tfc.name = "b"})
    -> (tensor<?xi32> {tfc.name = "q"}) {
  %r = tfc.graph -> (tensor<?xi32>) {
    %q = tfc.div %a, %b : tensor<?xi32>, tensor<?xi32>
    tfc.fetch %q : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}
