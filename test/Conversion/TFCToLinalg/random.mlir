// RUN: tfc-opt %s --split-input-file --convert-tfc-to-linalg | FileCheck %s

// A random tensor is a linalg.generic without inputs running ten Philox
// rounds (two 32x32->64 multiplications each) on the element's block.
// CHECK-LABEL: func.func @uniform
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<3x4xf32>)
// CHECK-COUNT-20: arith.mului_extended
// CHECK: arith.shrui
// CHECK: arith.bitcast {{.*}} : i32 to f32
// CHECK: linalg.yield
func.func @uniform() -> tensor<3x4xf32> {
  %0 = tfc.random_uniform seed [1, 2] : tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Sizes known at run time come from `dims`; the element's row-major
// position uses them.
// CHECK-LABEL: func.func @uniform_dims
// CHECK-SAME: (%[[D:.*]]: tensor<2xi64>)
// CHECK: %[[D0:.*]] = tensor.extract %[[D]][%{{.*}}] : tensor<2xi64>
// CHECK: %[[S0:.*]] = arith.index_cast %[[D0]] : i64 to index
// CHECK: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK: %[[E:.*]] = tensor.empty(%[[S0]]) : tensor<?x4xf32>
// CHECK: linalg.generic
// CHECK-SAME: outs(%[[E]] : tensor<?x4xf32>)
// CHECK: arith.muli %{{.*}}, %[[S0]] : index
// CHECK: arith.muli %{{.*}}, %[[FOUR]] : index
func.func @uniform_dims(%d: tensor<2xi64>) -> tensor<?x4xf32> {
  %0 = tfc.random_uniform seed [1, 2] dims(%d : tensor<2xi64>) : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// Box-Muller: log, sqrt, sin and cos of two uniforms.
// CHECK-LABEL: func.func @normal
// CHECK: linalg.generic
// CHECK-COUNT-20: arith.mului_extended
// CHECK: math.log
// CHECK: math.sqrt
// CHECK-DAG: math.cos
// CHECK-DAG: math.sin
// CHECK: linalg.yield
func.func @normal() -> tensor<8xf32> {
  %0 = tfc.random_normal seed [1, 2] : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// truncated_normal: random_normal's first draw, then a loop drawing again
// from the next counter while the sample is beyond two standard
// deviations (and attempts are left), clamped, then scaled.
// CHECK-LABEL: func.func @truncated
// CHECK: linalg.generic
// CHECK-COUNT-20: arith.mului_extended
// CHECK: math.log
// CHECK: %[[LOOP:.*]]:2 = scf.while (%[[ATTEMPT:.*]] = %{{.*}}, %[[Z:.*]] = %{{.*}}) : (i32, f32) -> (i32, f32)
// CHECK:   %[[ABS:.*]] = math.absf %[[Z]] : f32
// CHECK:   arith.cmpf ugt, %[[ABS]], %{{.*}} : f32
// CHECK:   arith.cmpi slt, %[[ATTEMPT]], %{{.*}} : i32
// CHECK:   scf.condition
// CHECK: } do {
// CHECK:   %[[NEXT:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK:   arith.addi %{{.*}}, %[[NEXT]] : i32
// CHECK-COUNT-20: arith.mului_extended
// CHECK:   scf.yield %[[NEXT]], %{{.*}} : i32, f32
// CHECK: arith.maximumf %[[LOOP]]#1
// CHECK: arith.minimumf
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: linalg.yield
func.func @truncated() -> tensor<8xf32> {
  %0 = tfc.truncated_normal seed [1, 2] stddev 0.5 : tensor<8xf32>
  return %0 : tensor<8xf32>
}
