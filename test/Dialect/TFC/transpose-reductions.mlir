// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s
// RUN: tfc-opt %s --split-input-file | tfc-opt --split-input-file | FileCheck %s --check-prefix=ROUNDTRIP
// The result types transpose and the min/prod/any/all reductions infer.

// CHECK-LABEL: sym_name = "transposes"
// CHECK: "tfc.transpose"({{.*}}) <{perm = array<i64: 1, 0, 2>}> : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
// CHECK: "tfc.transpose"({{.*}}) : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK: "tfc.transpose"({{.*}}) <{perm = array<i64: 1, 0>}> : (tensor<?x3xi32>) -> tensor<3x?xi32>
// CHECK: "tfc.transpose"({{.*}}) <{perm = array<i64: 2, 0, 1>}> : (tensor<*xf32>) -> tensor<?x?x?xf32>
// CHECK: "tfc.transpose"({{.*}}) : (tensor<*xf32>) -> tensor<*xf32>
// ROUNDTRIP-LABEL: func.func @transposes
// ROUNDTRIP: tfc.transpose %{{.*}} perm [1, 0, 2] : tensor<2x3x4xf32>
// ROUNDTRIP: tfc.transpose %{{.*}} : tensor<2x3xf32>
func.func @transposes(%a: tensor<2x3x4xf32>, %b: tensor<2x3xf32>, %d: tensor<?x3xi32>, %u: tensor<*xf32>) {
  tfc.graph {
    %0 = tfc.transpose %a perm [1, 0, 2] : tensor<2x3x4xf32>
    %1 = tfc.transpose %b : tensor<2x3xf32>
    %2 = tfc.transpose %d perm [1, 0] : tensor<?x3xi32>
    %3 = tfc.transpose %u perm [2, 0, 1] : tensor<*xf32>
    %4 = tfc.transpose %u : tensor<*xf32>
    tfc.fetch
  }
  return
}

// -----

// CHECK-LABEL: sym_name = "reductions"
// CHECK: "tfc.reduce_min"({{.*}}) <{axes = array<i64: 1>}> : (tensor<2x3xf32>) -> tensor<2xf32>
// CHECK: "tfc.reduce_prod"({{.*}}) <{keep_dims}> : (tensor<2x3xi32>) -> tensor<1x1xi32>
// CHECK: "tfc.reduce_any"({{.*}}) <{axes = array<i64: 0>}> : (tensor<?x3xi1>) -> tensor<3xi1>
// CHECK: "tfc.reduce_all"({{.*}}) : (tensor<?x3xi1>) -> tensor<i1>
// ROUNDTRIP-LABEL: func.func @reductions
// ROUNDTRIP: tfc.reduce_min %{{.*}} axes [1] : tensor<2x3xf32>
// ROUNDTRIP: tfc.reduce_prod %{{.*}} keep_dims : tensor<2x3xi32>
func.func @reductions(%x: tensor<2x3xf32>, %i: tensor<2x3xi32>, %p: tensor<?x3xi1>) {
  tfc.graph {
    %0 = tfc.reduce_min %x axes [1] : tensor<2x3xf32>
    %1 = tfc.reduce_prod %i keep_dims : tensor<2x3xi32>
    %2 = tfc.reduce_any %p axes [0] : tensor<?x3xi1>
    %3 = tfc.reduce_all %p : tensor<?x3xi1>
    tfc.fetch
  }
  return
}
