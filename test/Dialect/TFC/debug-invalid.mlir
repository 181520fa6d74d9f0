// RUN: tfc-opt %s --split-input-file --verify-diagnostics

func.func @assert_rank_static(%a: tensor<2x1xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.assert_rank' op Tensor must have rank 1. Received rank 2, shape [2,1]}}
    %check = tfc.assert_rank %a rank 1 : tensor<2x1xf32>
    tfc.fetch targets(%check)
  }
  return
}

// -----

func.func @assert_rank_message(%a: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.assert_rank' op a must be a vector: Tensor must have rank 1. Received rank 0, shape []}}
    %check = tfc.assert_rank %a rank 1 message "a must be a vector" : tensor<f32>
    tfc.fetch targets(%check)
  }
  return
}

// -----

func.func @assert_rank_negative(%a: tensor<*xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.assert_rank' op rank must be non-negative, got -1}}
    %check = tfc.assert_rank %a rank -1 : tensor<*xf32>
    tfc.fetch targets(%check)
  }
  return
}

// -----

func.func @assert_condition_shape(%p: tensor<2xi1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.assert' op condition should be a scalar, got shape [2]}}
    %check = tfc.assert %p : tensor<2xi1>
    tfc.fetch targets(%check)
  }
  return
}

// -----

func.func @assert_condition_dtype(%p: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.assert' op operand #0 must be tensor of 1-bit signless integer values}}
    %check = tfc.assert %p : tensor<f32>
    tfc.fetch targets(%check)
  }
  return
}

// -----

func.func @assert_positive_bool(%p: tensor<2xi1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.assert_positive' op operand #0 must be tensor of}}
    %check = tfc.assert_positive %p : tensor<2xi1>
    tfc.fetch targets(%check)
  }
  return
}

// -----

// A token is not data: it cannot be printed.
func.func @print_token(%t: !tfc.control) {
  tfc.graph {
    // expected-error @+1 {{'tfc.print' op operand #0 must be tensor of}}
    %o, %p = "tfc.print"(%t) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!tfc.control) -> (!tfc.control, !tfc.control)
    tfc.fetch
  }
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @print_after_tensor(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{use of value '%x' expects different type than prior uses: '!tfc.control' vs 'tensor<f32>'}}
    %o, %p = tfc.print %x after(%x) : tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @host_call_token_result(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.host_call' op result #0 must be variadic of tensor of}}
    %y, %t = tfc.host_call @f(%x) : (tensor<f32>) -> !tfc.control
    tfc.fetch
  }
  return
}

// -----

func.func @host_call_token_argument(%t: !tfc.control) {
  tfc.graph {
    // expected-error @+1 {{'tfc.host_call' op operand #0 must be variadic of tensor of}}
    %d = tfc.host_call @f(%t) : (!tfc.control) -> ()
    tfc.fetch
  }
  return
}

// -----

func.func @host_call_without_name(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected non-function type}}
    %d = tfc.host_call (%x) : (tensor<f32>) -> ()
    tfc.fetch
  }
  return
}
