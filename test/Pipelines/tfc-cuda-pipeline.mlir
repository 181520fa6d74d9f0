// REQUIRES: ptxas
// RUN: tfc-opt %tfc_src_root/examples/cuda/softmax.mlir --tfc-cuda-pipeline=cuda-toolkit=%cuda_toolkit -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: FileCheck %s --check-prefix=BINARY < %t.mlir
// RUN: tfc-opt %tfc_src_root/examples/cuda/softmax.mlir "--tfc-cuda-pipeline=cuda-toolkit=%cuda_toolkit cuda-arch=sm_90 opt-level=0" | FileCheck %s --check-prefix=SM90

// The whole pipeline ends in the LLVM dialect: the kernels in one fatbin
// object, host code allocating device memory through mgpuMemAlloc on one
// stream per call, never through the host allocator.
// The fatbin's magic, 0xba55ed50, little-endian:
// BINARY: gpu.binary @tfc_kernels [#gpu.object<#nvvm.target<chip = "sm_80", features = "+ptx80">, properties = {section = ".nv_fatbin"}, "P\EDU\BA
// CHECK-LABEL: llvm.func @softmax(
// CHECK-COUNT-1: llvm.call @mgpuStreamCreate()
// CHECK-NOT: llvm.call @mgpuStreamCreate()
// CHECK: llvm.call @mgpuMemAlloc(
// CHECK: gpu.launch_func <%{{.*}} : !llvm.ptr> @tfc_kernels::@softmax_kernel
// CHECK: llvm.call @mgpuStreamSynchronize
// CHECK-LABEL: llvm.func @_mlir_ciface_softmax(
// CHECK-NOT: _mlir_memref_to_llvm_alloc
// SM90: #gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">
