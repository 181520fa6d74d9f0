// RUN: tfc-opt %s --split-input-file --verify-diagnostics
// The errors of transpose and of the min/prod/any/all reductions, in
// TensorFlow's words.

func.func @transpose_length(%x: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{transpose expects a vector of size 2. But input(1) is a vector of size 3}}
    %0 = tfc.transpose %x perm [0, 1, 2] : tensor<2x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @transpose_range(%x: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{2 is out of range [0 .. 2)}}
    %0 = tfc.transpose %x perm [0, 2] : tensor<2x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @transpose_negative(%x: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{-1 is out of range [0 .. 2)}}
    %0 = tfc.transpose %x perm [-1, 0] : tensor<2x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @transpose_duplicate(%x: tensor<2x3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{2 is missing from {0,1,1}.}}
    %0 = tfc.transpose %x perm [0, 1, 1] : tensor<2x3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @any_of_floats(%x: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{operand #0 must be tensor of 1-bit signless integer values}}
    %0 = tfc.reduce_any %x : tensor<2x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @min_axis(%x: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{Invalid reduction dimension}}
    %0 = tfc.reduce_min %x axes [2] : tensor<2x3xf32>
    tfc.fetch
  }
  return
}
