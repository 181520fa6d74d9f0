// RUN: tfc-opt %s --split-input-file --verify-diagnostics

func.func @names_and_tensors(%path: tensor<?xi8>, %b: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.save_tensors' op has 2 tensor names for 1 tensors}}
    %t = tfc.save_tensors %path, ["b", "w"] (%b) : tensor<?xi8>, (tensor<f32>)
    tfc.fetch
  }
  return
}

// -----

func.func @names_and_results(%path: tensor<?xi8>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.restore_tensors' op has 1 tensor names for 2 results}}
    %b, %w, %t = tfc.restore_tensors %path, ["b"] : tensor<?xi8> -> tensor<f32>, tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @twice(%path: tensor<?xi8>, %b: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.save_tensors' op names tensor 'b' twice}}
    %t = tfc.save_tensors %path, ["b", "b"] (%b, %b) : tensor<?xi8>, (tensor<f32>, tensor<f32>)
    tfc.fetch
  }
  return
}

// -----

func.func @empty_name(%path: tensor<?xi8>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.restore_tensors' op has an empty tensor name}}
    %b, %t = tfc.restore_tensors %path, [""] : tensor<?xi8> -> tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @path_not_bytes(%path: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.restore_tensors' op operand #0 must be 1D tensor of 8-bit signless integer values}}
    %b, %t = tfc.restore_tensors %path, ["b"] : tensor<f32> -> tensor<f32>
    tfc.fetch
  }
  return
}
