// RUN: tfc-opt %s --split-input-file --verify-diagnostics
// The errors of split and pad, in TensorFlow's words where it has them.

func.func @split_uneven(%x: tensor<3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{Number of ways to split should evenly divide the split dimension, but got split_dim 1 (size = 4) and num_split 3}}
    %0:3 = tfc.split %x axis 1 num 3 : tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @split_neither(%x: tensor<3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{split needs either `num` or `sizes`}}
    %0 = tfc.split %x axis 1 : tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @split_axis(%x: tensor<3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{-input rank(-2) <= split_dim < input rank (2), but got 2}}
    %0:2 = tfc.split %x axis 2 num 2 : tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @split_two_rests(%x: tensor<3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{Only one dimensions can have a value of -1. Second one found at dimension 1}}
    %0:2 = tfc.split %x axis 1 sizes [-1, -1] : tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @split_sizes_sum(%x: tensor<3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{Determined shape must either match input shape along split_dim exactly if fully specified}}
    %0:2 = tfc.split %x axis 1 sizes [1, 2] : tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @pad_rank(%x: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{The first dimension of paddings must be the rank of inputs[2,3] [3]}}
    %0 = tfc.pad %x paddings [0, 0, 1, 1, 2, 2] : tensor<2x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @pad_negative(%x: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{Paddings must be non-negative: 0 -1}}
    %0 = tfc.pad %x paddings [1, 1, 0, -1] : tensor<2x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @pad_odd(%x: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{paddings must hold a [before, after] pair per dimension, got 3 values}}
    %0 = tfc.pad %x paddings [1, 1, 0] : tensor<2x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @pad_value_shape(%x: tensor<2x3xf32>, %v: tensor<2xf32>) {
  tfc.graph {
    // expected-error @+1 {{constant_values must be a scalar. Shape of constant_values: [2]}}
    %0 = tfc.pad %x paddings [1, 1, 0, 0] value %v : tensor<2x3xf32>, tensor<2xf32>
    tfc.fetch
  }
  return
}
