// RUN: tfc-opt %s --split-input-file --verify-diagnostics

func.func @gradients_without_xs(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.gradients' op needs at least one tensor or variable to differentiate with respect to}}
    "tfc.gradients"(%x) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<f32>) -> ()
    tfc.fetch
  }
  return
}

// -----

func.func @gradients_mixed_dtypes(%x: tensor<f32>, %z: tensor<f64>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.gradients' op cannot differentiate a tensor of 'f32' with respect to a tensor of 'f64' (#0)}}
    %g = tfc.gradients %x wrt(%z : tensor<f64>) : tensor<f32>
    tfc.fetch
  }
  return
}

// -----

tfc.global_variable @v : tensor<2xf64> init #tfc.zeros collections ["GLOBAL_VARIABLES"]
func.func @gradients_variable_dtype(%x: tensor<f32>) {
  tfc.graph {
    %v = tfc.var_handle @v : !tfc.var<tensor<2xf64>>
    // expected-error @+1 {{'tfc.gradients' op cannot differentiate a tensor of 'f32' with respect to a variable of 'f64' (#0)}}
    %g = tfc.gradients %x wrt(%v : !tfc.var<tensor<2xf64>>) : tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @gradients_bad_grad_ys(%x: tensor<3xf32>, %dy: tensor<4xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.gradients' op grad_ys of type 'tensor<4xf32>' does not match y of type 'tensor<3xf32>'}}
    %g = tfc.gradients %x wrt(%x : tensor<3xf32>) grad_ys(%dy : tensor<4xf32>) : tensor<3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @gradients_of_integers(%x: tensor<3xi32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.gradients' op operand #0 must be tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values}}
    %g = tfc.gradients %x wrt(%x : tensor<3xi32>) : tensor<3xi32>
    tfc.fetch
  }
  return
}

// -----

tfc.global_variable @v : tensor<2xf64> init #tfc.zeros collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
func.func @minimize_variable_dtype(%x: tensor<f32>) {
  tfc.graph {
    %v = tfc.var_handle @v : !tfc.var<tensor<2xf64>>
    // expected-error @+1 {{'tfc.minimize' op cannot minimize a loss of 'f32' over a variable of 'f64' (var_list #0)}}
    %t = tfc.minimize #tfc.sgd<learning_rate = 0.1> %x var_list(%v : !tfc.var<tensor<2xf64>>) : tensor<f32>
    tfc.fetch targets(%t)
  }
  return
}

// -----

func.func @sgd_needs_learning_rate(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+2 {{expected valid keyword}}
    // expected-error @+1 {{expected a parameter name in struct}}
    %t = tfc.minimize #tfc.sgd<> %x : tensor<f32>
    tfc.fetch targets(%t)
  }
  return
}

// -----

func.func @sgd_negative_learning_rate(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{sgd learning_rate must be >= 0, got -1}}
    %t = tfc.minimize #tfc.sgd<learning_rate = -1.0> %x : tensor<f32>
    tfc.fetch targets(%t)
  }
  return
}

// -----

func.func @momentum_needs_momentum(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{struct is missing required parameter: momentum}}
    %t = tfc.minimize #tfc.momentum<learning_rate = 0.1> %x : tensor<f32>
    tfc.fetch targets(%t)
  }
  return
}

// -----

func.func @momentum_negative(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{momentum momentum must be >= 0, got -0.5}}
    %t = tfc.minimize #tfc.momentum<learning_rate = 0.1, momentum = -0.5> %x : tensor<f32>
    tfc.fetch targets(%t)
  }
  return
}

// -----

func.func @momentum_nesterov_not_bool(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+2 {{expected 'true' or 'false'}}
    // expected-error @+1 {{failed to parse TFC_MomentumAttr parameter 'use_nesterov' which is to be a `bool`}}
    %t = tfc.minimize #tfc.momentum<learning_rate = 0.1, momentum = 0.9, use_nesterov = 1> %x : tensor<f32>
    tfc.fetch targets(%t)
  }
  return
}

// -----

func.func @adam_beta1_one(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{adam beta1 must be in [0, 1), got 1}}
    %t = tfc.minimize #tfc.adam<beta1 = 1.0> %x : tensor<f32>
    tfc.fetch targets(%t)
  }
  return
}

// -----

func.func @adam_beta2_negative(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{adam beta2 must be in [0, 1), got -0.1}}
    %t = tfc.minimize #tfc.adam<beta2 = -0.1> %x : tensor<f32>
    tfc.fetch targets(%t)
  }
  return
}

// -----

func.func @adam_zero_epsilon(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{adam epsilon must be > 0, got 0}}
    %t = tfc.minimize #tfc.adam<epsilon = 0.0> %x : tensor<f32>
    tfc.fetch targets(%t)
  }
  return
}

// -----

func.func @adam_negative_learning_rate(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{adam learning_rate must be >= 0, got -0.001}}
    %t = tfc.minimize #tfc.adam<learning_rate = -0.001> %x : tensor<f32>
    tfc.fetch targets(%t)
  }
  return
}

// -----

func.func @not_an_optimizer(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.minimize' op attribute 'optimizer' failed to satisfy constraint}}
    %t = tfc.minimize #tfc.zeros %x : tensor<f32>
    tfc.fetch targets(%t)
  }
  return
}

// -----

func.func @broadcast_like_incompatible(%x: tensor<2xf32>, %like: tensor<4x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.broadcast_like' op cannot broadcast a tensor of shape [2] to [4,3]}}
    %b = tfc.broadcast_like %x to %like : tensor<2xf32>, tensor<4x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @broadcast_like_higher_rank(%x: tensor<2x1x3xf32>, %like: tensor<4x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.broadcast_like' op cannot broadcast a tensor of rank 3 to rank 2}}
    %b = tfc.broadcast_like %x to %like : tensor<2x1x3xf32>, tensor<4x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @broadcast_like_dims_out_of_range(%x: tensor<4xf32>, %like: tensor<4x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.broadcast_like' op dimension 2 is out of range for a result of rank 2}}
    %b = tfc.broadcast_like %x to %like dims [2] : tensor<4xf32>, tensor<4x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @broadcast_like_dims_unsorted(%x: tensor<4xf32>, %like: tensor<2x3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.broadcast_like' op dims must be sorted and distinct}}
    %b = tfc.broadcast_like %x to %like dims [1, 0] : tensor<4xf32>, tensor<2x3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @broadcast_like_dims_count(%x: tensor<4xf32>, %like: tensor<4x3x2xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.broadcast_like' op input of rank 1 with 1 new dimensions cannot have rank 3}}
    %b = tfc.broadcast_like %x to %like dims [1] : tensor<4xf32>, tensor<4x3x2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @broadcast_like_dims_mismatch(%x: tensor<4xf32>, %like: tensor<4x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.broadcast_like' op cannot broadcast a tensor of shape [4] to [4,3]}}
    %b = tfc.broadcast_like %x to %like dims [0] : tensor<4xf32>, tensor<4x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @relu_grad_shapes(%dy: tensor<3x2xf32>, %x: tensor<3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{Incompatible shapes: [3,2] vs. [3,4]}}
    %g = tfc.relu_grad %dy, %x : tensor<3x2xf32>, tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @all_reduce_gradients_scalar_batch(%g: tensor<6xf32>, %n: tensor<i64>) {
  // expected-error @+1 {{'tfc.all_reduce_gradients' op weighs each process by the rows of its batch, which must be a ranked tensor of rank 1 or more, not 'tensor<i64>'}}
  %sum, %scale = tfc.all_reduce_gradients %g weighted by %n : tensor<i64> : tensor<6xf32>
  return
}

// -----

func.func @all_reduce_gradients_dynamic(%g: tensor<?xf32>) {
  // expected-error @+1 {{operand #0 must be variadic of statically shaped tensor of 32-bit float values}}
  %sum, %scale = "tfc.all_reduce_gradients"(%g) <{operandSegmentSizes = array<i32: 1, 0>}> : (tensor<?xf32>) -> (tensor<?xf32>, tensor<f32>)
  return
}

// -----

func.func @all_reduce_gradients_nothing() {
  // expected-error @+1 {{'tfc.all_reduce_gradients' op exchanges at least one gradient}}
  %scale = "tfc.all_reduce_gradients"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> tensor<f32>
  return
}
