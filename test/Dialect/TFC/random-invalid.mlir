// RUN: tfc-opt %s --split-input-file --verify-diagnostics

func.func @seed_length() {
  tfc.graph {
    // expected-error @+1 {{'tfc.random_uniform' op seed must have shape [2], not [3]}}
    %0 = tfc.random_uniform seed [1, 2, 3] : tensor<4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @dynamic_shape() {
  tfc.graph {
    // expected-error @+1 {{'tfc.random_normal' op needs a static shape, got 'tensor<?xf32>' (or its sizes as the operand 'dims')}}
    %0 = tfc.random_normal seed [1, 2] : tensor<?xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @dims_of_another_rank(%d: tensor<3xi32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.random_uniform' op dims must be a vector with one entry per dimension of a ranked result, got 'tensor<3xi32>' for 'tensor<?x4xf32>'}}
    %0 = tfc.random_uniform seed [1, 2] dims(%d : tensor<3xi32>) : tensor<?x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @empty_range() {
  tfc.graph {
    // expected-error @+1 {{Need minval < maxval: 1 >= 1}}
    %0 = tfc.random_uniform seed [1, 2] minval 1.0 maxval 1.0 : tensor<4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @int_range() {
  tfc.graph {
    // expected-error @+1 {{of integers takes every value: no minval or maxval}}
    %0 = tfc.random_uniform seed [1, 2] maxval 10.0 : tensor<4xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @bool() {
  tfc.graph {
    // expected-error @+1 {{must be tensor of}}
    %0 = tfc.random_uniform seed [1, 2] : tensor<4xi1>
    tfc.fetch
  }
  return
}

// -----

func.func @negative_stddev() {
  tfc.graph {
    // expected-error @+1 {{stddev must be non-negative, got -1}}
    %0 = tfc.random_normal seed [1, 2] stddev -1.0 : tensor<4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @truncated_negative_stddev() {
  tfc.graph {
    // expected-error @+1 {{'tfc.truncated_normal' op stddev must be non-negative, got -0.5}}
    %0 = tfc.truncated_normal seed [1, 2] stddev -0.5 : tensor<4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @truncated_seed_and_shape() {
  tfc.graph {
    // expected-error @+1 {{'tfc.truncated_normal' op seed must have shape [2], not [1]}}
    %0 = tfc.truncated_normal seed [1] : tensor<4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @truncated_integers() {
  tfc.graph {
    // expected-error @+1 {{must be tensor of}}
    %0 = tfc.truncated_normal seed [1, 2] : tensor<4xi32>
    tfc.fetch
  }
  return
}
