// RUN: tfc-opt %s --split-input-file --verify-diagnostics

func.func @softmax_axis_out_of_range(%x: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.softmax' op `axis` must be in the range [-2, 2) where 2 is the number of dimensions in the input. Received: axis=2}}
    %0 = tfc.softmax %x axis 2 : tensor<2x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @log_softmax_negative_axis(%x: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.log_softmax' op `axis` must be in the range [-2, 2) where 2 is the number of dimensions in the input. Received: axis=-3}}
    %0 = tfc.log_softmax %x axis -3 : tensor<2x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @softmax_of_scalar(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.softmax' op logits must have >= 1 dimension, got []}}
    %0 = tfc.softmax %x : tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @log_softmax_of_scalar(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.log_softmax' op logits must have >= 1 dimension, got []}}
    %0 = tfc.log_softmax %x : tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @softmax_of_ints(%x: tensor<3xi32>) {
  tfc.graph {
    // expected-error @+1 {{operand #0 must be tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values}}
    %0 = tfc.softmax %x : tensor<3xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @logsumexp_axis_out_of_range(%x: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{reduce_logsumexp: Invalid reduction dimension (2 for input with 2 dimension(s))}}
    %0 = tfc.reduce_logsumexp %x axes [2] : tensor<2x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @logsumexp_duplicate_axis(%x: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{reduce_logsumexp: Duplicate reduction dimension 0}}
    %0 = tfc.reduce_logsumexp %x axes [-2, 0] : tensor<2x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @logsumexp_of_ints(%x: tensor<3xi64>) {
  tfc.graph {
    // expected-error @+1 {{operand #0 must be tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values}}
    %0 = tfc.reduce_logsumexp %x : tensor<3xi64>
    tfc.fetch
  }
  return
}

// -----

func.func @cross_entropy_shapes(%labels: tensor<2x4xf32>, %logits: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{logits and labels must be same size: logits_size=[2,3] labels_size=[2,4]}}
    %0 = tfc.softmax_cross_entropy_with_logits %labels, %logits : tensor<2x4xf32>, tensor<2x3xf32>
    tfc.fetch
  }
  return
}

// -----

// Labels are never broadcast against the logits.
func.func @cross_entropy_ranks(%labels: tensor<3xf32>, %logits: tensor<?x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{logits and labels must be same size: logits_size=[?,3] labels_size=[3]}}
    %0 = tfc.softmax_cross_entropy_with_logits %labels, %logits : tensor<3xf32>, tensor<?x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @cross_entropy_scalar_logits(%labels: tensor<*xf32>, %logits: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{logits must have >= 1 dimension, got []}}
    %0 = tfc.softmax_cross_entropy_with_logits %labels, %logits : tensor<*xf32>, tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @cross_entropy_scalar_labels(%labels: tensor<f32>, %logits: tensor<*xf32>) {
  tfc.graph {
    // expected-error @+1 {{labels must have >= 1 dimension, got []}}
    %0 = tfc.softmax_cross_entropy_with_logits %labels, %logits : tensor<f32>, tensor<*xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @cross_entropy_dtypes(%labels: tensor<2x3xf64>, %logits: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{cannot compute SoftmaxCrossEntropyWithLogits as input #1(zero-based) was expected to be a double tensor but is a float tensor}}
    %0 = tfc.softmax_cross_entropy_with_logits %labels, %logits : tensor<2x3xf64>, tensor<2x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @l2_loss_of_ints(%x: tensor<3xi32>) {
  tfc.graph {
    // expected-error @+1 {{operand #0 must be tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values}}
    %0 = tfc.l2_loss %x : tensor<3xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @softplus_of_ints(%x: tensor<3xi32>) {
  tfc.graph {
    // expected-error @+1 {{operand #0 must be tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values}}
    %0 = tfc.softplus %x : tensor<3xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @bias_add_channels(%x: tensor<2x3xf32>, %b: tensor<4xf32>) {
  tfc.graph {
    // expected-error @+1 {{Must provide as many biases as the last dimension of the input tensor: [4] vs. [2,3]}}
    %0 = tfc.bias_add %x, %b : tensor<2x3xf32>, tensor<4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @bias_add_bias_rank(%x: tensor<2x3xf32>, %b: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{Biases must be 1D: [2,3]}}
    %0 = tfc.bias_add %x, %b : tensor<2x3xf32>, tensor<2x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @bias_add_value_rank(%x: tensor<3xf32>, %b: tensor<3xf32>) {
  tfc.graph {
    // expected-error @+1 {{Input tensor must be at least 2D: [3]}}
    %0 = tfc.bias_add %x, %b : tensor<3xf32>, tensor<3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @bias_add_dtypes(%x: tensor<2x3xf32>, %b: tensor<3xf16>) {
  tfc.graph {
    // expected-error @+1 {{cannot compute BiasAdd as input #1(zero-based) was expected to be a float tensor but is a half tensor}}
    %0 = tfc.bias_add %x, %b : tensor<2x3xf32>, tensor<3xf16>
    tfc.fetch
  }
  return
}
