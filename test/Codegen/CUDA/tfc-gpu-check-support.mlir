// RUN: tfc-opt %s --tfc-gpu-check-support -verify-diagnostics

func.func @printed(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @below {{'tfc.print' op is not supported by the CUDA target yet: it passes tensors to the host runtime (compile for the CPU)}}
  %y, %t = tfc.print %x, [%x] message "x: " : tensor<2xf32>, [tensor<2xf32>]
  return %y : tensor<2xf32>
}
