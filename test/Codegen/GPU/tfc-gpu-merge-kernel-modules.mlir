// RUN: tfc-opt %s --tfc-gpu-merge-kernel-modules | FileCheck %s

// Two outlined kernels of the same name (outlining names the modules
// apart) end up in one module under their modules' names; workgroup
// buffers are 16-byte aligned for 128-bit loads.
// CHECK-LABEL: func.func @host
// CHECK: gpu.launch_func @tfc_kernels::@f_kernel
// CHECK: gpu.launch_func @tfc_kernels::@f_kernel_0
// CHECK: gpu.module @tfc_kernels [#nvvm.target<chip = "sm_80">]
// CHECK-DAG: gpu.func @f_kernel(
// CHECK-DAG: gpu.func @f_kernel_0(%{{.*}}: memref<4xf32>) workgroup(%{{.*}} : memref<32xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK-NOT: gpu.module
module attributes {gpu.container_module} {
  func.func @host(%m: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @f_kernel::@f_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    gpu.launch_func @f_kernel_0::@f_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    return
  }
  gpu.module @f_kernel [#nvvm.target<chip = "sm_80">] {
    gpu.func @f_kernel(%m: memref<4xf32>) kernel {
      gpu.return
    }
  }
  gpu.module @f_kernel_0 [#nvvm.target<chip = "sm_80">] {
    gpu.func @f_kernel(%m: memref<4xf32>) workgroup(%w : memref<32xf32, #gpu.address_space<workgroup>>) kernel {
      gpu.return
    }
  }
}
