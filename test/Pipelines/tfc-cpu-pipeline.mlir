// RUN: tfc-opt %s --tfc-cpu-pipeline | FileCheck %s
// RUN: tfc-opt %s --tfc-frontend | FileCheck %s --check-prefix=FRONT

// The front end resolves scopes, plans initialization and inlines the graph.
// FRONT: tfc.global_variable @"s/v" : tensor<2xf32> init #tfc.zeros
// FRONT: tfc.initializer_plan "GLOBAL_VARIABLES" [@"s/v"]
// FRONT-LABEL: func.func @step
// FRONT-NOT: tfc.graph
// FRONT: tfc.assign_add

// The whole pipeline ends in the LLVM dialect, with the C interface of the
// entry point and allocations through the runtime, which are told the op
// each buffer is for.
// CHECK-NOT: _mlir_memref_to_llvm_alloc
// CHECK: llvm.func @tfc_rt_alloc_at(i64, i64, !llvm.ptr) -> !llvm.ptr
// CHECK: llvm.func @step(
// CHECK: llvm.func @_mlir_ciface_step(
// CHECK-NOT: tfc.graph
// CHECK-NOT: linalg.
// CHECK-NOT: memref.alloc
func.func @step(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %v = tfc.variable_scope "s" -> (!tfc.var<tensor<2xf32>>) {
      %h = tfc.get_variable "v" : tensor<2xf32> init #tfc.zeros
      tfc.yield %h : !tfc.var<tensor<2xf32>>
    }
    %new, %t = tfc.assign_add %v, %x : !tfc.var<tensor<2xf32>>, tensor<2xf32>
    tfc.fetch %new : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
