// RUN: tfc-opt %s --pass-pipeline='builtin.module(gpu.module(tfc-gpu-lower-all-reduce))' | FileCheck %s

// A block sum: warp shuffles, workgroup memory between two barriers.
// CHECK-LABEL: gpu.func @sum
// CHECK-SAME: workgroup(%[[SHARED:.*]] : memref<32xf32, #gpu.address_space<workgroup>>)
// CHECK: gpu.shuffle xor
// CHECK: gpu.barrier
// CHECK: memref.load %[[SHARED]]
// CHECK-NOT: gpu.all_reduce
gpu.module @kernels {
  gpu.func @sum(%x: f32, %out: memref<f32>) kernel {
    %r = gpu.all_reduce add %x uniform {} : (f32) -> f32
    memref.store %r, %out[] : memref<f32>
    gpu.return
  }
}
