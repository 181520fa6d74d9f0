// RUN: tfc-opt %s --tfc-gpu-emulate --split-input-file | FileCheck %s

// A block reduction emulated on the host: blocks and threads become loops,
// the phase before the all-reduce stores each thread's value, the values
// are combined in thread order, and the phase after sees the result.
// CHECK-LABEL: func.func @host
// CHECK-SAME: (%[[A:.*]]: memref<4x100xf32>, %[[O:.*]]: memref<4xf32>)
// CHECK: %[[T:.*]] = memref.alloc() : memref<4xf32>
// CHECK: call @k_k_emulated(%[[A]], %[[T]], %{{.*}}) : (memref<4x100xf32>, memref<4xf32>, index, index, index, index, index, index) -> ()
// CHECK: memref.copy %[[T]], %[[O]]
// CHECK-NOT: gpu.
// CHECK-LABEL: func.func private @k_k_emulated
// CHECK-SAME: %[[GX:[^:]*]]: index, %[[GY:[^:]*]]: index, %[[GZ:[^:]*]]: index, %[[BX:[^:]*]]: index, %[[BY:[^:]*]]: index, %[[BZ:[^:]*]]: index)
// CHECK: %[[SLOTS:.*]] = memref.alloca(%{{.*}}) : memref<?xf32>
// CHECK: scf.for %{{.*}} to %[[GZ]]
// CHECK: scf.for %{{.*}} to %[[GY]]
// CHECK: scf.for %[[BID:.*]] = %{{.*}} to %[[GX]]
// Phase 1, over the threads:
// CHECK: scf.for %{{.*}} to %[[BZ]]
// CHECK: scf.for %{{.*}} to %[[BY]]
// CHECK: scf.for %[[TID:.*]] = %{{.*}} to %[[BX]]
// CHECK: %[[PART:.*]] = scf.for %{{.*}} = %[[TID]]
// CHECK: memref.store %[[PART]], %[[SLOTS]]
// The reduction in thread order:
// CHECK: %[[FIRST:.*]] = memref.load %[[SLOTS]][%{{.*}}]
// CHECK: %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[FIRST]])
// CHECK:   %[[NEXT:.*]] = memref.load %[[SLOTS]]
// CHECK:   arith.addf %[[ACC]], %[[NEXT]]
// Phase 2, over the threads again:
// CHECK: scf.for %{{.*}} to %[[BZ]]
// CHECK: scf.for %{{.*}} to %[[BY]]
// CHECK: scf.for %[[TID2:.*]] = %{{.*}} to %[[BX]]
// CHECK: arith.cmpi eq, %[[TID2]]
// CHECK: memref.store %[[SUM]], %{{.*}}[%[[BID]]]
module attributes {gpu.container_module} {
  func.func @host(%a: memref<4x100xf32>, %o: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %t = gpu.alloc () : memref<4xf32>
    gpu.launch_func @k::@k blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1) args(%a : memref<4x100xf32>, %t : memref<4xf32>)
    gpu.memcpy %o, %t : memref<4xf32>, memref<4xf32>
    return
  }
  gpu.module @k {
    gpu.func @k(%a: memref<4x100xf32>, %o: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c100 = arith.constant 100 : index
      %c128 = arith.constant 128 : index
      %zero = arith.constant 0.0 : f32
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %part = scf.for %i = %tx to %c100 step %c128 iter_args(%acc = %zero) -> f32 {
        %v = memref.load %a[%bx, %i] : memref<4x100xf32>
        %s = arith.addf %acc, %v : f32
        scf.yield %s : f32
      }
      %sum = gpu.all_reduce add %part uniform {} : (f32) -> f32
      %first = arith.cmpi eq, %tx, %c0 : index
      scf.if %first {
        memref.store %sum, %o[%bx] : memref<4xf32>
      }
      gpu.return
    }
  }
}

// -----

// A loop whose body holds barriers runs once for the block: its iteration
// argument lives in a per-thread slot (set from the initial value before
// the loop, from the yielded value after each iteration), each phase of
// the body loops over the threads, and workgroup memory is one aligned
// host buffer.
// CHECK-LABEL: func.func private @k_k_emulated
// CHECK-SAME: %[[BX:[^:]*]]: index, %{{[^:]*}}: index, %{{[^:]*}}: index)
// CHECK: %[[SHARED:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64xf32>
// CHECK: %[[ACC:.*]] = memref.alloca(%{{.*}}) : memref<?xf32>
// The initial value, per thread:
// CHECK: scf.for %[[T0:.*]] = %{{.*}} to %[[BX]]
// CHECK: memref.store %{{.*}}, %[[ACC]][%{{.*}}]
// The loop, once for the block:
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// Phase 1: each thread writes its element.
// CHECK: scf.for %[[T1:.*]] = %{{.*}} to %[[BX]]
// CHECK: memref.store %{{.*}}, %[[SHARED]][%[[T1]]]
// Phase 2, after the barrier: each thread reads its neighbour's.
// CHECK: scf.for %[[T2:.*]] = %{{.*}} to %[[BX]]
// CHECK-DAG: %[[W:.*]] = memref.load %[[SHARED]]{{\[}}
// CHECK-DAG: %[[OLD:.*]] = memref.load %[[ACC]]
// CHECK: arith.addf %[[OLD]], %[[W]]
// The yielded value becomes the next iteration's argument.
// CHECK: scf.for %{{.*}} to %[[BX]]
// CHECK: memref.store %{{.*}}, %[[ACC]]
// After the loop, its result is read from the slot.
// CHECK: scf.for %[[T3:.*]] = %{{.*}} to %[[BX]]
// CHECK: %[[FINAL:.*]] = memref.load %[[ACC]]
// CHECK: memref.store %[[FINAL]], %{{.*}}[%[[T3]]]
module attributes {gpu.container_module} {
  func.func @host(%o: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%o : memref<64xf32>)
    return
  }
  gpu.module @k {
    gpu.func @k(%o: memref<64xf32>) workgroup(%shared : memref<64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %next = arith.addi %tx, %c1 : index
      %neighbour = arith.remui %next, %c64 : index
      %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> f32 {
        %ii = arith.index_cast %i : index to i32
        %v = arith.sitofp %ii : i32 to f32
        memref.store %v, %shared[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %shared[%neighbour] : memref<64xf32, #gpu.address_space<workgroup>>
        %s = arith.addf %acc, %w : f32
        gpu.barrier
        scf.yield %s : f32
      }
      memref.store %sum, %o[%tx] : memref<64xf32>
      gpu.return
    }
  }
}
