// RUN: tfc-opt %s --split-input-file --convert-tfc-to-linalg | FileCheck %s

// Constants stay constants, except splats of 16 KiB and more: those are
// filled when the code runs, so that the library does not store them.

// CHECK-LABEL: func.func @small
// CHECK: %[[C:.*]] = arith.constant dense<0.000000e+00> : tensor<64x63xf32>
// CHECK: return %[[C]]
func.func @small() -> tensor<64x63xf32> {
  %c = tfc.constant dense<0.0> : tensor<64x63xf32>
  return %c : tensor<64x63xf32>
}

// -----

// CHECK-LABEL: func.func @large_splat
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<64x64xf32>
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<64x64xf32>)
// CHECK: %[[ONES:.*]] = linalg.fill ins(%{{.*}} : i8) outs(%{{.*}} : tensor<16384xi8>)
// CHECK: return %[[FILL]], %[[ONES]]
func.func @large_splat() -> (tensor<64x64xf32>, tensor<16384xi8>) {
  %c = tfc.constant dense<0.0> : tensor<64x64xf32>
  %d = tfc.constant dense<1> : tensor<16384xi8>
  return %c, %d : tensor<64x64xf32>, tensor<16384xi8>
}

// -----

// A constant that is not a splat is stored as it is.
// CHECK-LABEL: func.func @dense
// CHECK: arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NOT: linalg.fill
func.func @dense() -> tensor<2xf32> {
  %c = tfc.constant dense<[1.0, 2.0]> : tensor<2xf32>
  return %c : tensor<2xf32>
}
