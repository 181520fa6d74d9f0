// RUN: tfc-opt %s --tfc-gpu-emulate | FileCheck %s

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
