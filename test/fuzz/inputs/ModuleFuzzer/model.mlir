// The model of the tfc-run tests: a dense layer with a dynamic batch, an
// entry point with an argument of each kind of dtype, and a counter.

// y = relu(x @ w + b)
func.func @dense(%x: tensor<?x3xf32> {tfc.name = "x"}) -> (tensor<?x2xf32> {tfc.name = "y"}) {
  %r = tfc.graph -> (tensor<?x2xf32>) {
    %w = tfc.constant dense<[[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]> : tensor<3x2xf32>
    %b = tfc.constant dense<[1.0, 1.0]> : tensor<2xf32>
    %xw = tfc.matmul %x, %w : tensor<?x3xf32>, tensor<3x2xf32>
    %z = tfc.add %xw, %b : tensor<?x2xf32>, tensor<2xf32>
    %y = tfc.relu %z : tensor<?x2xf32>
    tfc.fetch %y : tensor<?x2xf32>
  }
  return %r : tensor<?x2xf32>
}

// Each argument back, through an op that keeps its value, so the outputs
// show the inputs.
func.func @mixed(%x: tensor<?x3xf32> {tfc.name = "x"}, %h: tensor<4xf16> {tfc.name = "h"}, %n: tensor<?xi32> {tfc.name = "n"}, %b: tensor<4xi1> {tfc.name = "b"}) -> (tensor<?x3xf32> {tfc.name = "x_out"}, tensor<4xf16> {tfc.name = "h_out"}, tensor<?xi32> {tfc.name = "n_out"}, tensor<4xi1> {tfc.name = "b_out"}) {
  %r:4 = tfc.graph -> (tensor<?x3xf32>, tensor<4xf16>, tensor<?xi32>, tensor<4xi1>) {
    %x2 = tfc.neg %x : tensor<?x3xf32>
    %x3 = tfc.neg %x2 : tensor<?x3xf32>
    %h1 = tfc.neg %h : tensor<4xf16>
    %h2 = tfc.neg %h1 : tensor<4xf16>
    %n1 = tfc.neg %n : tensor<?xi32>
    %n2 = tfc.neg %n1 : tensor<?xi32>
    %b1 = tfc.logical_not %b : tensor<4xi1>
    %b2 = tfc.logical_not %b1 : tensor<4xi1>
    tfc.fetch %x3, %h2, %n2, %b2 : tensor<?x3xf32>, tensor<4xf16>, tensor<?xi32>, tensor<4xi1>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<?x3xf32>, tensor<4xf16>, tensor<?xi32>, tensor<4xi1>
}

// counter += 1, returning the new value.
func.func @count() -> (tensor<f32> {tfc.name = "count"}) {
  %r = tfc.graph -> (tensor<f32>) {
    %counter = tfc.get_variable "counter" : tensor<f32> init #tfc.zeros {trainable = false}
    %one = tfc.constant dense<1.0> : tensor<f32>
    %new, %done = tfc.assign_add %counter, %one : !tfc.var<tensor<f32>>, tensor<f32>
    tfc.fetch %new : tensor<f32>
  }
  return %r : tensor<f32>
}
