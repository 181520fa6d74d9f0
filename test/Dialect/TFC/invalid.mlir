// RUN: tfc-opt %s --split-input-file --verify-diagnostics

func.func @incompatible_shapes(%a: tensor<3x2xf32>, %b: tensor<3x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{Incompatible shapes: [3,2] vs. [3,4] [Op:Add]}}
    %0 = tfc.add %a, %b : tensor<3x2xf32>, tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @incompatible_dynamic(%a: tensor<?x2xf32>, %b: tensor<5x?x4xf32>) {
  tfc.graph {
    // expected-error @+1 {{Incompatible shapes: [?,2] vs. [5,?,4] [Op:Less]}}
    %0 = tfc.less %a, %b : tensor<?x2xf32>, tensor<5x?x4xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @dtype_mismatch(%a: tensor<2xf32>, %b: tensor<2xi32>) {
  tfc.graph {
    // expected-error @+1 {{cannot compute Mul as input #1(zero-based) was expected to be a float tensor but is a int32 tensor}}
    %0 = tfc.mul %a, %b : tensor<2xf32>, tensor<2xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @logical_on_floats(%a: tensor<2xf32>) {
  tfc.graph {
    // expected-error @+1 {{operand #0 must be tensor of 1-bit signless integer values}}
    %0 = tfc.logical_or %a, %a : tensor<2xf32>, tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @less_on_bools(%a: tensor<2xi1>) {
  tfc.graph {
    // expected-error @+1 {{operand #0 must be tensor of}}
    %0 = tfc.less %a, %a : tensor<2xi1>, tensor<2xi1>
    tfc.fetch
  }
  return
}

// -----

func.func @exp_of_ints(%a: tensor<2xi32>) {
  tfc.graph {
    // expected-error @+1 {{operand #0 must be tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values}}
    %0 = tfc.exp %a : tensor<2xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @unsupported_dtype(%a: tensor<2xui8>) {
  tfc.graph {
    // expected-error @+1 {{operand #0 must be tensor of}}
    %0 = tfc.neg %a : tensor<2xui8>
    tfc.fetch
  }
  return
}

// -----

func.func @constant_dtype() {
  tfc.graph {
    // expected-error @+1 {{'tfc.constant' op element type 'ui8' is not a tfc dtype (expected f16, bf16, f32, f64, i1, i8, i32 or i64)}}
    %0 = tfc.constant dense<1> : tensor<2xui8>
    tfc.fetch
  }
  return
}

// -----

func.func @constant_not_tensor() {
  tfc.graph {
    // expected-error @+1 {{'tfc.constant' value must be a ranked tensor, got 'vector<2xf32>'}}
    %0 = tfc.constant dense<1.0> : vector<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @matmul_inner_mismatch(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) {
  tfc.graph {
    // expected-error @+1 {{Matrix size-incompatible: In[0]: [2,3], In[1]: [4,5]}}
    %0 = tfc.matmul %a, %b : tensor<2x3xf32>, tensor<4x5xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @matmul_transposed_mismatch(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3]}}
    %0 = tfc.matmul %a, %b transpose_a transpose_b : tensor<2x3xf32>, tensor<2x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @matmul_vector(%a: tensor<3xf32>, %b: tensor<3x5xf32>) {
  tfc.graph {
    // expected-error @+1 {{MatMul: In[0] ndims must be >= 2: 1}}
    %0 = tfc.matmul %a, %b : tensor<3xf32>, tensor<3x5xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @matmul_batch(%a: tensor<2x3x4xf32>, %b: tensor<5x4x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{MatMul: In[0] and In[1] must have compatible batch dimensions: [2,3,4] vs. [5,4,3]}}
    %0 = tfc.matmul %a, %b : tensor<2x3x4xf32>, tensor<5x4x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @matmul_dtype(%a: tensor<2x2xf32>, %b: tensor<2x2xf64>) {
  tfc.graph {
    // expected-error @+1 {{MatMul: In[0] and In[1] must have the same dtype, got 'f32' and 'f64'}}
    %0 = tfc.matmul %a, %b : tensor<2x2xf32>, tensor<2x2xf64>
    tfc.fetch
  }
  return
}

// -----

func.func @reduction_axis_out_of_range(%a: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{reduce_sum: Invalid reduction dimension (2 for input with 2 dimension(s))}}
    %0 = tfc.reduce_sum %a axes [2] : tensor<2x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @reduction_negative_axis(%a: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{reduce_max: Invalid reduction dimension (-3 for input with 2 dimension(s))}}
    %0 = tfc.reduce_max %a axes [-3] : tensor<2x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @reduction_duplicate_axis(%a: tensor<2x3xf32>) {
  tfc.graph {
    // expected-error @+1 {{reduce_mean: Duplicate reduction dimension -1}}
    %0 = tfc.reduce_mean %a axes [1, -1] : tensor<2x3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @graph_result_count(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tfc.graph' op has 1 results but its 'tfc.fetch' fetches 2 tensors}}
  %r = tfc.graph -> (tensor<2xf32>) {
    tfc.fetch %a, %a : tensor<2xf32>, tensor<2xf32>
  }
  return
}

// -----

func.func @graph_result_type(%a: tensor<2x1xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'tfc.graph' op result #0 has type 'tensor<2xf32>' but the fetched tensor has type 'tensor<2x2xf32>'}}
  %r = tfc.graph -> (tensor<2xf32>) {
    %c = tfc.add %a, %b : tensor<2x1xf32>, tensor<2xf32>
    tfc.fetch %c : tensor<2x2xf32>
  }
  return
}

// -----

func.func @graph_cycle(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.neg' op is part of a cycle of data edges; a graph must be acyclic (use tfc.while for loops)}}
    %a = tfc.neg %b : tensor<f32>
    // expected-note @+1 {{the cycle passes through this op}}
    %b = tfc.add %a, %x : tensor<f32>, tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @graph_self_cycle() {
  tfc.graph {
    // expected-error @+1 {{'tfc.exp' op is part of a cycle of data edges}}
    %a = tfc.exp %a : tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @graph_empty() {
  // expected-error @+1 {{'tfc.graph' op expects a non-empty block}}
  tfc.graph {
  }
  return
}

// -----

func.func @graph_without_fetch() {
  tfc.graph {
    // expected-error @+1 {{block with no terminator}}
    %0 = tfc.constant dense<1.0> : tensor<f32>
  }
  return
}

// -----

func.func @fetch_outside_graph(%a: tensor<f32>) {
  // expected-error @+1 {{'tfc.fetch' op expects parent op 'tfc.graph'}}
  tfc.fetch %a : tensor<f32>
}

// -----

func.func @fetch_not_last(%a: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.fetch' op must be the last operation in the parent block}}
    tfc.fetch %a : tensor<f32>
    %0 = tfc.neg %a : tensor<f32>
  }
  return
}

// -----

// A control token is never data.
func.func @control_as_data(%t: !tfc.control) {
  tfc.graph {
    // expected-error @+1 {{invalid kind of type specified}}
    %0 = tfc.add %t, %t : !tfc.control, !tfc.control
    tfc.fetch
  }
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @tensor_as_target(%a: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{use of value '%a' expects different type than prior uses: '!tfc.control' vs 'tensor<f32>'}}
    tfc.fetch targets(%a)
  }
  return
}

// -----

// expected-error @+1 {{a variable cannot hold elements of type 'complex<f32>' (expected f16, bf16, f32, f64, i1, i8, i32 or i64)}}
func.func @var_element(%v: !tfc.var<tensor<2xcomplex<f32>>>) {
  return
}

// -----

// expected-error @+2 {{invalid kind of type specified}}
// expected-error @+1 {{failed to parse TFC_VarType parameter 'valueType' which is to be a `::mlir::TensorType`}}
func.func @var_of_vector(%v: !tfc.var<vector<2xf32>>) {
  return
}
