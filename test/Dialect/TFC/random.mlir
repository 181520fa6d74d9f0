// RUN: tfc-opt %s | tfc-opt | FileCheck %s

// CHECK-LABEL: func.func @random
// CHECK: tfc.random_uniform seed [1, 2] : tensor<3x4xf32>
// CHECK: tfc.random_uniform seed [7, 0] minval -1.000000e-01 maxval 1.000000e-01 : tensor<2x2xf64>
// CHECK: tfc.random_uniform seed [0, 0] : tensor<4xi32>
// CHECK: tfc.random_normal seed [1, 2] mean 1.000000e+00 stddev 5.000000e-01 : tensor<3xbf16>
// CHECK: tfc.truncated_normal seed [3, 4] : tensor<2x3xf32>
// CHECK: tfc.truncated_normal seed [3, 4] mean -1.000000e+00 stddev 1.000000e-01 : tensor<5xf64>
// CHECK: tfc.random_uniform seed [5, 6] maxval 2.000000e+00 dims(%{{.*}} : tensor<2xi32>) : tensor<?x4xf32>
// CHECK: tfc.random_normal seed [5, 6] stddev 2.000000e+00 dims(%{{.*}} : tensor<1xi64>) : tensor<?xf32>
func.func @random(%d: tensor<2xi32>, %e: tensor<1xi64>) {
  tfc.graph {
    %0 = tfc.random_uniform seed [1, 2] : tensor<3x4xf32>
    %1 = tfc.random_uniform seed [7, 0] minval -0.1 maxval 0.1 : tensor<2x2xf64>
    %2 = tfc.random_uniform seed [0, 0] : tensor<4xi32>
    %3 = tfc.random_normal seed [1, 2] mean 1.0 stddev 0.5 : tensor<3xbf16>
    %4 = tfc.truncated_normal seed [3, 4] : tensor<2x3xf32>
    %5 = tfc.truncated_normal seed [3, 4] mean -1.0 stddev 0.1 : tensor<5xf64>
    %6 = tfc.random_uniform seed [5, 6] maxval 2.0 dims(%d : tensor<2xi32>) : tensor<?x4xf32>
    %7 = tfc.random_normal seed [5, 6] stddev 2.0 dims(%e : tensor<1xi64>) : tensor<?xf32>
    tfc.fetch
  }
  return
}
