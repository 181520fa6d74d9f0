// RUN: tfc-opt %s --tfc-runtime-thread-count | FileCheck %s

// Each parallel region asks the runtime for the call's thread count; one
// declaration serves them all. A count set by hand is kept.
// CHECK-LABEL: func.func @regions
// CHECK: %[[N:.*]] = call @tfc_runtime_num_threads() : () -> i32
// CHECK: omp.parallel num_threads(%[[N]] : i32)
// CHECK: %[[M:.*]] = call @tfc_runtime_num_threads() : () -> i32
// CHECK: omp.parallel num_threads(%[[M]] : i32)
// CHECK: omp.parallel num_threads(%{{.*}} : i32)
// CHECK: func.func private @tfc_runtime_num_threads() -> i32
// CHECK-NOT: func.func private @tfc_runtime_num_threads
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
