// RUN: tfc-opt %s --tfc-mark-entry-points | FileCheck %s

// Public functions and initializer functions get the C interface; their
// tensor arguments are not writable, variable buffers are.
// CHECK-LABEL: func.func @predict
// CHECK-SAME: (%{{.*}}: tensor<2xf32> {bufferization.writable = false}, %{{.*}}: memref<2xf32>)
// CHECK-SAME: llvm.emit_c_interface
// CHECK-SAME: tfc.entry_point
// CHECK-LABEL: func.func private @__tfc_initial_value_0
// CHECK-SAME: llvm.emit_c_interface
// CHECK-LABEL: func.func private @helper
// CHECK-NOT: emit_c_interface
tfc.global_variable @w : tensor<2xf32> collections ["GLOBAL_VARIABLES"] {initializer_function = @__tfc_initial_value_0}
func.func @predict(%x: tensor<2xf32>, %v: memref<2xf32>) -> tensor<2xf32> attributes {tfc.variables = [@w]} {
  return %x : tensor<2xf32>
}
func.func private @__tfc_initial_value_0() -> tensor<2xf32> {
  %c = arith.constant dense<1.0> : tensor<2xf32>
  return %c : tensor<2xf32>
}
func.func private @helper() {
  return
}
