// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s
// RUN: tfc-opt %s --split-input-file | tfc-opt --split-input-file | FileCheck %s --check-prefix=ROUNDTRIP
// The result types of split, pad, zeros_like and ones_like.

// CHECK-LABEL: sym_name = "splits"
// CHECK: "tfc.split"({{.*}}) <{axis = 1 : i64, num = 2 : i64}> : (tensor<3x4xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>)
// CHECK: "tfc.split"({{.*}}) <{axis = -1 : i64, sizes = array<i64: 1, -1, 1>}> : (tensor<3x4xf32>) -> (tensor<3x1xf32>, tensor<3x2xf32>, tensor<3x1xf32>)
// CHECK: "tfc.split"({{.*}}) <{axis = 0 : i64, num = 3 : i64}> : (tensor<?x2xi32>) -> (tensor<?x2xi32>, tensor<?x2xi32>, tensor<?x2xi32>)
// CHECK: "tfc.split"({{.*}}) <{axis = 0 : i64, sizes = array<i64: 2, -1>}> : (tensor<?x2xi32>) -> (tensor<2x2xi32>, tensor<?x2xi32>)
// ROUNDTRIP-LABEL: func.func @splits
// ROUNDTRIP: tfc.split %{{.*}} axis 1 num 2 : tensor<3x4xf32>
// ROUNDTRIP: tfc.split %{{.*}} axis -1 sizes [1, -1, 1] : tensor<3x4xf32>
func.func @splits(%x: tensor<3x4xf32>, %d: tensor<?x2xi32>) {
  tfc.graph {
    %a:2 = tfc.split %x axis 1 num 2 : tensor<3x4xf32>
    %b:3 = tfc.split %x axis -1 sizes [1, -1, 1] : tensor<3x4xf32>
    %c:3 = tfc.split %d axis 0 num 3 : tensor<?x2xi32>
    %e:2 = tfc.split %d axis 0 sizes [2, -1] : tensor<?x2xi32>
    tfc.fetch
  }
  return
}

// -----

// CHECK-LABEL: sym_name = "pads"
// CHECK: "tfc.pad"({{.*}}) <{paddings = array<i64: 1, 1, 0, 2>}> : (tensor<2x3xf32>) -> tensor<4x5xf32>
// CHECK: "tfc.pad"({{.*}}, {{.*}}) <{paddings = array<i64: 0, 1, 0, 0>}> : (tensor<?x3xf32>, tensor<f32>) -> tensor<?x3xf32>
// CHECK: "tfc.zeros_like"({{.*}}) : (tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK: "tfc.ones_like"({{.*}}) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// ROUNDTRIP-LABEL: func.func @pads
// ROUNDTRIP: tfc.pad %{{.*}} paddings [1, 1, 0, 2] : tensor<2x3xf32>
// ROUNDTRIP: tfc.pad %{{.*}} paddings [0, 1, 0, 0] value %{{.*}} : tensor<?x3xf32>, tensor<f32>
// ROUNDTRIP: tfc.zeros_like %{{.*}} : tensor<?x3xf32>
func.func @pads(%x: tensor<2x3xf32>, %d: tensor<?x3xf32>, %v: tensor<f32>) {
  tfc.graph {
    %0 = tfc.pad %x paddings [1, 1, 0, 2] : tensor<2x3xf32>
    %1 = tfc.pad %d paddings [0, 1, 0, 0] value %v : tensor<?x3xf32>, tensor<f32>
    %2 = tfc.zeros_like %d : tensor<?x3xf32>
    %3 = tfc.ones_like %x : tensor<2x3xf32>
    tfc.fetch
  }
  return
}
