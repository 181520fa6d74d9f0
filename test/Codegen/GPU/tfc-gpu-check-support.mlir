// RUN: tfc-opt %s --tfc-gpu-check-support -verify-diagnostics

func.func @printed(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @below {{'tfc.print' op is not supported by the CUDA target yet: it passes tensors to the host runtime (compile for the CPU)}}
  %y, %t = tfc.print %x, [%x] message "x: " : tensor<2xf32>, [tensor<2xf32>]
  return %y : tensor<2xf32>
}

// assert_positive reads its input on the host during the call.
func.func @positive(%x: tensor<2xf32>) {
  // expected-error @below {{'tfc.assert_positive' op is not supported by the CUDA target yet}}
  %t = tfc.assert_positive %x : tensor<2xf32>
  return
}

// tfc.assert is compiled (the runtime checks it at the end of the call).
func.func @asserted(%ok: tensor<i1>, %x: tensor<2xf32>) {
  %t = tfc.assert %ok, [%x] message "x: " : tensor<i1>, [tensor<2xf32>]
  return
}
