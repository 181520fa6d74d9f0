// Integer powers on the CUDA target: math.ipowi has no NVVM intrinsic, so
// it becomes a function before outlining, which copies it into the kernel
// module (before, the kernel called a function of the host module, and
// --target=cuda failed with "'func.call' op '__mlir_math_ipowi_i32' does
// not reference a valid function").
// RUN: tfc-opt %s --tfc-cuda-kernels | FileCheck %s
// RUN: tfc compile --target=cuda --emit=ptx --cuda-arch sm_90 %s -o - | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: func.func @integer_pow
// CHECK: gpu.launch_func @[[MODULE:[a-z_]+]]::@[[KERNEL:[a-z_]+]]
// CHECK: gpu.module @[[MODULE]]
// CHECK: gpu.func @[[KERNEL]]
// CHECK: func.call @[[POW:__mlir_math_ipowi_i32]]
// The helper is nested in the kernel module (indented by four spaces).
// CHECK: {{^    }}func.func private @[[POW]](

// PTX: .entry integer_pow_kernel(
// PTX-NOT: .extern .func
func.func @integer_pow(%x: tensor<5xi32> {tfc.name = "x"},
                       %e: tensor<5xi32> {tfc.name = "e"})
    -> (tensor<5xi32> {tfc.name = "y"}) {
  %r = tfc.graph -> (tensor<5xi32>) {
    %p = tfc.pow %x, %e : tensor<5xi32>, tensor<5xi32>
    tfc.fetch %p : tensor<5xi32>
  }
  return %r : tensor<5xi32>
}
