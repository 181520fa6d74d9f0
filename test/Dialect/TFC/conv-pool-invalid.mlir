// RUN: tfc-opt %s --split-input-file --verify-diagnostics

func.func @conv2d_input_rank(%x: tensor<2x3x4xf32>, %w: tensor<1x1x4x2xf32>) {
  tfc.graph {
    // expected-error @+1 {{input must be 4-dimensional: [2,3,4]}}
    %0 = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME" : tensor<2x3x4xf32>, tensor<1x1x4x2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @conv2d_filter_rank(%x: tensor<1x3x3x4xf32>, %w: tensor<4x2xf32>) {
  tfc.graph {
    // expected-error @+1 {{filter must be 4-dimensional: [4,2]}}
    %0 = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME" : tensor<1x3x3x4xf32>, tensor<4x2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @conv2d_depth(%x: tensor<1x3x3x3xf32>, %w: tensor<1x1x2x2xf32>) {
  tfc.graph {
    // expected-error @+1 {{input and filter must have the same depth: 3 vs 2}}
    %0 = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME" : tensor<1x3x3x3xf32>, tensor<1x1x2x2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @conv2d_dtype(%x: tensor<1x3x3x3xf32>, %w: tensor<1x1x3x2xf64>) {
  tfc.graph {
    // expected-error @+1 {{cannot compute Conv2D as input #1(zero-based) was expected to be a float tensor but is a double tensor}}
    %0 = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME" : tensor<1x3x3x3xf32>, tensor<1x1x3x2xf64>
    tfc.fetch
  }
  return
}

// -----

func.func @conv2d_int(%x: tensor<1x3x3x3xi32>, %w: tensor<1x1x3x2xi32>) {
  tfc.graph {
    // expected-error @+1 {{operand #0 must be tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values}}
    %0 = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME" : tensor<1x3x3x3xi32>, tensor<1x1x3x2xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @conv2d_padding(%x: tensor<1x3x3x3xf32>, %w: tensor<1x1x3x2xf32>) {
  tfc.graph {
    // expected-error @+1 {{Value for attr 'padding' of "same" is not in the list of allowed values: "SAME", "VALID"}}
    %0 = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "same" : tensor<1x3x3x3xf32>, tensor<1x1x3x2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @conv2d_strides_size(%x: tensor<1x3x3x3xf32>, %w: tensor<1x1x3x2xf32>) {
  tfc.graph {
    // expected-error @+1 {{Sliding window strides field must specify 4 dimensions}}
    %0 = tfc.conv2d %x, %w strides [2, 2] padding "SAME" : tensor<1x3x3x3xf32>, tensor<1x1x3x2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @conv2d_dilations_size(%x: tensor<1x3x3x3xf32>, %w: tensor<1x1x3x2xf32>) {
  tfc.graph {
    // expected-error @+1 {{Sliding window dilations field must specify 4 dimensions}}
    %0 = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME" dilations [2] : tensor<1x3x3x3xf32>, tensor<1x1x3x2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @conv2d_batch_stride(%x: tensor<1x3x3x3xf32>, %w: tensor<1x1x3x2xf32>) {
  tfc.graph {
    // expected-error @+1 {{Current implementation does not yet support strides in the batch and depth dimensions.}}
    %0 = tfc.conv2d %x, %w strides [2, 1, 1, 1] padding "SAME" : tensor<1x3x3x3xf32>, tensor<1x1x3x2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @conv2d_depth_dilation(%x: tensor<1x3x3x3xf32>, %w: tensor<1x1x3x2xf32>) {
  tfc.graph {
    // expected-error @+1 {{Current implementation does not yet support dilations in the batch and depth dimensions.}}
    %0 = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME" dilations [1, 1, 1, 2] : tensor<1x3x3x3xf32>, tensor<1x1x3x2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @conv2d_zero_stride(%x: tensor<1x3x3x3xf32>, %w: tensor<1x1x3x2xf32>) {
  tfc.graph {
    // expected-error @+1 {{Row and column strides should be larger than 0, got strides[1] = 0}}
    %0 = tfc.conv2d %x, %w strides [1, 0, 1, 1] padding "SAME" : tensor<1x3x3x3xf32>, tensor<1x1x3x2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @conv2d_negative_dilation(%x: tensor<1x3x3x3xf32>, %w: tensor<1x1x3x2xf32>) {
  tfc.graph {
    // expected-error @+1 {{Dilated rates should be larger than 0, got dilations[2] = -1}}
    %0 = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME" dilations [1, 1, -1, 1] : tensor<1x3x3x3xf32>, tensor<1x1x3x2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @conv2d_negative_output(%x: tensor<1x2x3x3xf32>, %w: tensor<4x1x3x2xf32>) {
  tfc.graph {
    // expected-error @+1 {{Computed output size would be negative: -1 [input_size: 2, effective_filter_size: 4, stride: 1]}}
    %0 = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "VALID" : tensor<1x2x3x3xf32>, tensor<4x1x3x2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @max_pool_rank(%x: tensor<3x3x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{input must be 4-dimensional: [3,3,3]}}
    %0 = tfc.max_pool %x ksize [1, 2, 2, 1] strides [1, 1, 1, 1] padding "VALID" : tensor<3x3x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @max_pool_batch(%x: tensor<2x3x3x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{Pooling is not yet supported on the batch dimension.}}
    %0 = tfc.max_pool %x ksize [2, 2, 2, 1] strides [1, 1, 1, 1] padding "VALID" : tensor<2x3x3x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @max_pool_depth(%x: tensor<2x3x3x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{MaxPool is not supported across the depth dimension.}}
    %0 = tfc.max_pool %x ksize [1, 2, 2, 3] strides [1, 1, 1, 3] padding "VALID" : tensor<2x3x3x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @max_pool_ksize_size(%x: tensor<2x3x3x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{Sliding window ksize field must specify 4 dimensions}}
    %0 = tfc.max_pool %x ksize [2, 2] strides [1, 1, 1, 1] padding "VALID" : tensor<2x3x3x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @max_pool_zero_ksize(%x: tensor<2x3x3x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{Sliding window ksize should be larger than 0, got ksize[1] = 0}}
    %0 = tfc.max_pool %x ksize [1, 0, 2, 1] strides [1, 1, 1, 1] padding "VALID" : tensor<2x3x3x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @avg_pool_zero_stride(%x: tensor<2x3x3x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{Row and column strides should be larger than 0, got strides[2] = 0}}
    %0 = tfc.avg_pool %x ksize [1, 2, 2, 1] strides [1, 1, 0, 1] padding "VALID" : tensor<2x3x3x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @avg_pool_padding(%x: tensor<2x3x3x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{Value for attr 'padding' of "EXPLICIT" is not in the list of allowed values: "SAME", "VALID"}}
    %0 = tfc.avg_pool %x ksize [1, 2, 2, 1] strides [1, 1, 1, 1] padding "EXPLICIT" : tensor<2x3x3x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @avg_pool_negative_output(%x: tensor<2x3x3x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{Computed output size would be negative: -1 [input_size: 3, effective_filter_size: 5, stride: 1]}}
    %0 = tfc.avg_pool %x ksize [1, 5, 2, 1] strides [1, 1, 1, 1] padding "VALID" : tensor<2x3x3x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @avg_pool_int(%x: tensor<2x3x3x3xi32>) {
  tfc.graph {
    // expected-error @+1 {{operand #0 must be tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values}}
    %0 = tfc.avg_pool %x ksize [1, 2, 2, 1] strides [1, 1, 1, 1] padding "VALID" : tensor<2x3x3x3xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @max_pool_grad_shape(%x: tensor<2x4x4x3xf32>, %dy: tensor<2x3x3x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.max_pool_grad' op the gradient has shape [2,3,3,3] but the forward result has shape [2,2,2,3]}}
    %0 = tfc.max_pool_grad %x, %dy ksize [1, 2, 2, 1] strides [1, 2, 2, 1] padding "VALID" : tensor<2x4x4x3xf32>, tensor<2x3x3x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @conv2d_backprop_input_padding(%x: tensor<2x4x4x3xf32>, %w: tensor<1x1x3x2xf32>, %dy: tensor<2x4x4x2xf32>) {
  tfc.graph {
    // expected-error @+1 {{Value for attr 'padding' of "FULL" is not in the list of allowed values: "SAME", "VALID"}}
    %0 = tfc.conv2d_backprop_input %x, %w, %dy strides [1, 1, 1, 1] padding "FULL" : tensor<2x4x4x3xf32>, tensor<1x1x3x2xf32>, tensor<2x4x4x2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @conv2d_backprop_filter_shape(%x: tensor<2x4x4x3xf32>, %w: tensor<3x3x3x2xf32>, %dy: tensor<2x4x4x2xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.conv2d_backprop_filter' op the gradient has shape [2,4,4,2] but the forward result has shape [2,2,2,2]}}
    %0 = tfc.conv2d_backprop_filter %x, %w, %dy strides [1, 1, 1, 1] padding "VALID" : tensor<2x4x4x3xf32>, tensor<3x3x3x2xf32>, tensor<2x4x4x2xf32>
    tfc.fetch
  }
  return
}
