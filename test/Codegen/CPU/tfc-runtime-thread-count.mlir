// RUN: tfc-opt %s --tfc-runtime-thread-count | FileCheck %s

// Each parallel region asks the runtime for the call's thread count; one
// declaration serves them all (checked at the end). A count set by hand is kept.
// CHECK-LABEL: func.func @regions
// CHECK: %[[N:.*]] = call @tfc_runtime_num_threads() : () -> i32
// CHECK: omp.parallel num_threads(%[[N]] : i32)
// CHECK: %[[M:.*]] = call @tfc_runtime_num_threads() : () -> i32
// CHECK: omp.parallel num_threads(%[[M]] : i32)
// CHECK: omp.parallel num_threads(%{{.*}} : i32)
func.func @regions(%fixed: i32) {
  omp.parallel {
    omp.terminator
  }
  omp.parallel {
    omp.terminator
  }
  omp.parallel num_threads(%fixed : i32) {
    omp.terminator
  }
  return
}

// A plain work-sharing loop also gets a serial twin for a count of 1: the
// same body in scf.for loops, bounds and steps kept, the alloca scope
// convert-scf-to-openmp wraps it in dropped (it has no allocas).
// CHECK-LABEL: func.func @plain_loop
// CHECK: %[[N:.*]] = call @tfc_runtime_num_threads() : () -> i32
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[MANY:.*]] = arith.cmpi sgt, %[[N]], %[[ONE]] : i32
// The bound %n is known only at run time: with a single iteration the loop
// runs serially too (a dynamic batch of one block or one chunk).
// CHECK: %[[SECOND_I:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: %[[MORE_I:.*]] = arith.cmpi slt, %[[SECOND_I]], %{{.*}} : index
// CHECK: %[[SECOND_J:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: %[[MORE_J:.*]] = arith.cmpi slt, %[[SECOND_J]], %{{.*}} : index
// CHECK: %[[SEVERAL:.*]] = arith.ori %[[MORE_I]], %[[MORE_J]] : i1
// CHECK: %[[PARALLEL:.*]] = arith.andi %[[MANY]], %[[SEVERAL]] : i1
// CHECK: scf.if %[[PARALLEL]] {
// CHECK:   omp.parallel num_threads(%[[N]] : i32) {
// CHECK:     omp.loop_nest (%[[I:.*]], %[[J:.*]]) : index = (%[[C0:.*]], %[[C0]]) to (%[[UB:.*]], %[[C4:.*]]) step (%[[C1:.*]], %[[C2:.*]]) collapse(2)
// CHECK:       memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
// CHECK: } else {
// CHECK-NOT: omp.
// CHECK:   scf.for %[[SI:.*]] = %[[C0]] to %[[UB]] step %[[C1]] {
// CHECK:     scf.for %[[SJ:.*]] = %[[C0]] to %[[C4]] step %[[C2]] {
// CHECK-NEXT:  %[[V:.*]] = memref.load %{{.*}}[%[[SI]], %[[SJ]]]
// CHECK:       %[[W:.*]] = arith.addf %[[V]], %[[V]] : f32
// CHECK:       memref.store %[[W]], %{{.*}}[%[[SI]], %[[SJ]]]
// CHECK-NOT: {{omp\.|alloca_scope}}
// CHECK: return
func.func @plain_loop(%m: memref<?x4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i, %j) : index = (%c0, %c0) to (%n, %c4) step (%c1, %c2) collapse(2) {
        memref.alloca_scope {
          %v = memref.load %m[%i, %j] : memref<?x4xf32>
          %w = arith.addf %v, %v : f32
          memref.store %w, %m[%i, %j] : memref<?x4xf32>
        }
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// Constant bounds: the loop was made parallel knowing its trip count, and
// only the thread count decides.
// CHECK-LABEL: func.func @constant_bounds
// CHECK: %[[N:.*]] = call @tfc_runtime_num_threads() : () -> i32
// CHECK: %[[MANY:.*]] = arith.cmpi sgt, %[[N]], %{{.*}} : i32
// CHECK-NOT: arith.andi
// CHECK: scf.if %[[MANY]] {
func.func @constant_bounds(%m: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c8) step (%c1) {
        %v = memref.load %m[%i] : memref<8xf32>
        memref.store %v, %m[%i] : memref<8xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// Regions with more than the loop, an inclusive bound, or stack
// allocations in the body only get the count: they stay OpenMP's.
// CHECK-LABEL: func.func @not_plain
// CHECK-NOT: scf.if
// CHECK: omp.parallel num_threads
// CHECK: omp.barrier
// CHECK-NOT: scf.if
// CHECK: omp.parallel num_threads
// CHECK: omp.loop_nest {{.*}} inclusive
// CHECK-NOT: scf.if
// CHECK: omp.parallel num_threads
// CHECK: memref.alloca()
// CHECK-NOT: scf.for
// CHECK: return
func.func @not_plain(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.barrier
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        omp.yield
      }
    }
    omp.terminator
  }
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) inclusive step (%c1) {
        omp.yield
      }
    }
    omp.terminator
  }
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        memref.alloca_scope {
          %t = memref.alloca() : memref<4xf32>
          %v = memref.load %m[%i] : memref<?xf32>
          memref.store %v, %t[%c0] : memref<4xf32>
        }
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// CHECK: func.func private @tfc_runtime_num_threads() -> i32
// CHECK-NOT: func.func private @tfc_runtime_num_threads
