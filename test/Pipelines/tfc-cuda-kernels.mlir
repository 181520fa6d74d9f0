// RUN: tfc-opt %tfc_src_root/examples/cuda/softmax.mlir --tfc-cuda-kernels | FileCheck %s --check-prefix=SOFTMAX
// RUN: tfc-opt %tfc_src_root/examples/cuda/softmax.mlir --tfc-cuda-kernels | FileCheck %s --check-prefix=KERNELS
// RUN: tfc-opt %tfc_src_root/examples/cuda/mlp.mlir --tfc-cuda-kernels | FileCheck %s --check-prefix=PERCEPTRON

// Softmax: temporaries are device buffers; the whole softmax is one row
// chain, a block per row (block-level all-reduces for the row maximum and
// the row sum, below), and exp(x - max) is recomputed rather than stored.
// Host code never loads.
// SOFTMAX-LABEL: func.func @softmax
// SOFTMAX-NOT: memref.alloc
// SOFTMAX-NOT: memref.load
// SOFTMAX: %[[ROWS:.*]] = memref.dim %arg0, %c0
// SOFTMAX: gpu.alloc (%[[ROWS]]) : memref<?xf32>
// SOFTMAX: %[[ROW_BLOCKS:.*]] = arith.maxui %[[ROWS]], %c1
// SOFTMAX: gpu.launch_func @tfc_kernels::@softmax_kernel blocks in (%[[ROW_BLOCKS]], %c1, %c1) threads in (%c256, %c1, %c1)
// SOFTMAX-NOT: gpu.launch_func
// SOFTMAX-NOT: memref.load
// SOFTMAX: return

// KERNELS: gpu.module @tfc_kernels
// KERNELS: gpu.all_reduce maximumf
// KERNELS: gpu.all_reduce add
// KERNELS-NOT: gpu.module

// The MLP: matmuls (too small for shared-memory tiles) as 16x16 thread
// tiles over the output; no host allocation in host code.
// PERCEPTRON-LABEL: func.func @predict
// PERCEPTRON-NOT: memref.alloc
// PERCEPTRON: gpu.launch_func @tfc_kernels::@{{.*}} threads in (%c16, %c16, %c1)
// PERCEPTRON-LABEL: func.func @train_step
// PERCEPTRON-NOT: memref.alloc
// PERCEPTRON: gpu.launch_func @tfc_kernels::@{{.*}} threads in (%c16, %c16, %c1)
