// REQUIRES: ptxas
// RUN: tfc-opt %s --gpu-module-to-binary=format=isa --tfc-gpu-pack-fatbin=toolkit=%cuda_toolkit | FileCheck %s
// RUN: not env PATH=/nonexistent tfc-opt %s --gpu-module-to-binary=format=isa --tfc-gpu-pack-fatbin=toolkit=/nonexistent 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: the CUDA target needs ptxas and fatbinary from the CUDA toolkit: not found in '/nonexistent/bin' nor on PATH

// Two architectures' PTX become one fatbin object, in .nv_fatbin.
// CHECK: gpu.binary @kernels [#gpu.object<#nvvm.target<chip = "sm_80", features = "+ptx80">, properties = {section = ".nv_fatbin"}, "
// CHECK-NOT: #gpu.object
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80", features = "+ptx80">, #nvvm.target<chip = "sm_90", features = "+ptx80">] {
    llvm.func @k(%p: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      %c = llvm.mlir.constant(1.0 : f32) : f32
      llvm.store %c, %p : f32, !llvm.ptr
      llvm.return
    }
  }
}
