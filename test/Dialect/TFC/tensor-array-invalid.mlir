// RUN: tfc-opt %s --split-input-file --verify-diagnostics

func.func @write_dtype(%ta: !tfc.tensor_array<tensor<i32>>, %i: tensor<i32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.tensor_array_write' op TensorArray dtype is int32 but Op is trying to write dtype float}}
    %tb = tfc.tensor_array_write %ta[%i], %v : !tfc.tensor_array<tensor<i32>>, tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @write_shape(%ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %v: tensor<3xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.tensor_array_write' op Could not write to TensorArray because the value shape is [3] which is incompatible with the TensorArray's element shape: [2]}}
    %tb = tfc.tensor_array_write %ta[%i], %v : !tfc.tensor_array<tensor<2xf32>>, tensor<3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @unstack_scalar(%ta: !tfc.tensor_array<tensor<f32>>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.tensor_array_unstack' op Shape must be at least rank 1 but is rank 0: a scalar cannot be unstacked}}
    %tb = tfc.tensor_array_unstack %ta, %v : !tfc.tensor_array<tensor<f32>>, tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @unstack_shape(%ta: !tfc.tensor_array<tensor<2xf32>>, %v: tensor<4x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.tensor_array_unstack' op Could not unstack to TensorArray because the value shape is [3] which is incompatible with the TensorArray's element shape: [2]}}
    %tb = tfc.tensor_array_unstack %ta, %v : !tfc.tensor_array<tensor<2xf32>>, tensor<4x3xf32>
    tfc.fetch
  }
  return
}

// -----

// Indices and sizes are scalar int32 tensors.
func.func @index_type(%ta: !tfc.tensor_array<tensor<f32>>, %i: tensor<i64>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.tensor_array_read' op operand #1 must be 0D tensor of 32-bit signless integer values}}
    %v = "tfc.tensor_array_read"(%ta, %i) : (!tfc.tensor_array<tensor<f32>>, tensor<i64>) -> tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @read_result_type(%ta: !tfc.tensor_array<tensor<f32>>, %i: tensor<i32>) {
  tfc.graph {
    // expected-error @+2 {{'tfc.tensor_array_read' op inferred type(s) 'tensor<f32>' are incompatible with return type(s) of operation 'tensor<i32>'}}
    // expected-error @+1 {{'tfc.tensor_array_read' op failed to infer returned types}}
    %v = "tfc.tensor_array_read"(%ta, %i) : (!tfc.tensor_array<tensor<f32>>, tensor<i32>) -> tensor<i32>
    tfc.fetch
  }
  return
}

// -----

// A token is not a tensor array.
func.func @stack_token(%t: !tfc.control) {
  tfc.graph {
    // expected-error @+1 {{'tfc.tensor_array_stack' op operand #0 must be a TensorArray}}
    %v = "tfc.tensor_array_stack"(%t) : (!tfc.control) -> tensor<*xf32>
    tfc.fetch
  }
  return
}

// -----

// expected-error @+1 {{a tensor array cannot hold elements of type 'ui8' (expected f16, bf16, f32, f64, i1, i8, i32 or i64)}}
func.func @element_dtype(%ta: !tfc.tensor_array<tensor<2xui8>>) {
  return
}

// -----

// expected-error @+2 {{invalid kind of type specified}}
// expected-error @+1 {{failed to parse TFC_TensorArrayType parameter 'elementType' which is to be a `::mlir::TensorType`}}
func.func @element_not_tensor(%ta: !tfc.tensor_array<f32>) {
  return
}
