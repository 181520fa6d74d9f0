// RUN: tfc-opt %s --split-input-file | FileCheck %s
// Round trip through the generic form as well:
// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | tfc-opt --split-input-file | FileCheck %s
// The generic form shows the inferred result types:
// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=TYPES

// Default dilations are not printed. SAME keeps ceil(in / stride) rows and
// columns whatever the filter size; VALID keeps the positions where the
// (dilated) filter fits.
// CHECK-LABEL: func.func @conv2d_static
// CHECK-SAME: (%[[X:.*]]: tensor<8x64x64x32xf32>, %[[W:.*]]: tensor<5x5x32x16xf32>)
// CHECK: tfc.conv2d %[[X]], %[[W]] strides [1, 1, 1, 1] padding "SAME" : tensor<8x64x64x32xf32>, tensor<5x5x32x16xf32>
// CHECK: tfc.conv2d %[[X]], %[[W]] strides [1, 2, 3, 1] padding "SAME" : tensor<8x64x64x32xf32>, tensor<5x5x32x16xf32>
// CHECK: tfc.conv2d %[[X]], %[[W]] strides [1, 1, 1, 1] padding "VALID" : tensor<8x64x64x32xf32>, tensor<5x5x32x16xf32>
// CHECK: tfc.conv2d %[[X]], %[[W]] strides [1, 2, 2, 1] padding "VALID" dilations [1, 2, 3, 1] : tensor<8x64x64x32xf32>, tensor<5x5x32x16xf32>
// TYPES-LABEL: sym_name = "conv2d_static"
// TYPES: "tfc.conv2d"({{.*}}) <{{.*}}> : (tensor<8x64x64x32xf32>, tensor<5x5x32x16xf32>) -> tensor<8x64x64x16xf32>
// TYPES: "tfc.conv2d"({{.*}}) <{{.*}}> : (tensor<8x64x64x32xf32>, tensor<5x5x32x16xf32>) -> tensor<8x32x22x16xf32>
// TYPES: "tfc.conv2d"({{.*}}) <{{.*}}> : (tensor<8x64x64x32xf32>, tensor<5x5x32x16xf32>) -> tensor<8x60x60x16xf32>
// (64 - 9 + 2) / 2 = 28 rows, (64 - 13 + 2) / 2 = 26 columns.
// TYPES: "tfc.conv2d"({{.*}}) <{{.*}}> : (tensor<8x64x64x32xf32>, tensor<5x5x32x16xf32>) -> tensor<8x28x26x16xf32>
func.func @conv2d_static(%x: tensor<8x64x64x32xf32>, %w: tensor<5x5x32x16xf32>) {
  tfc.graph {
    %0 = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME" : tensor<8x64x64x32xf32>, tensor<5x5x32x16xf32>
    %1 = tfc.conv2d %x, %w strides [1, 2, 3, 1] padding "SAME" dilations [1, 1, 1, 1] : tensor<8x64x64x32xf32>, tensor<5x5x32x16xf32>
    %2 = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "VALID" : tensor<8x64x64x32xf32>, tensor<5x5x32x16xf32>
    %3 = tfc.conv2d %x, %w strides [1, 2, 2, 1] padding "VALID" dilations [1, 2, 3, 1] : tensor<8x64x64x32xf32>, tensor<5x5x32x16xf32>
    tfc.fetch
  }
  return
}

// -----

// Unknown sizes stay unknown where they matter; SAME needs only the input's
// size, VALID also the filter's. An unranked operand is taken as 4-D.
// CHECK-LABEL: func.func @conv2d_dynamic
// TYPES-LABEL: sym_name = "conv2d_dynamic"
// TYPES: "tfc.conv2d"({{.*}}) <{{.*}}> : (tensor<?x?x9x3xf64>, tensor<3x?x3x4xf64>) -> tensor<?x?x5x4xf64>
// TYPES: "tfc.conv2d"({{.*}}) <{{.*}}> : (tensor<?x?x9x3xf64>, tensor<3x?x3x4xf64>) -> tensor<?x?x?x4xf64>
// TYPES: "tfc.conv2d"({{.*}}) <{{.*}}> : (tensor<*xf64>, tensor<3x3x?x?xf64>) -> tensor<?x?x?x?xf64>
// TYPES: "tfc.conv2d"({{.*}}) <{{.*}}> : (tensor<2x7x7x?xf64>, tensor<*xf64>) -> tensor<2x7x7x?xf64>
func.func @conv2d_dynamic(%x: tensor<?x?x9x3xf64>, %w: tensor<3x?x3x4xf64>, %u: tensor<*xf64>, %v: tensor<3x3x?x?xf64>, %y: tensor<2x7x7x?xf64>) {
  tfc.graph {
    %0 = tfc.conv2d %x, %w strides [1, 2, 2, 1] padding "SAME" : tensor<?x?x9x3xf64>, tensor<3x?x3x4xf64>
    %1 = tfc.conv2d %x, %w strides [1, 2, 2, 1] padding "VALID" : tensor<?x?x9x3xf64>, tensor<3x?x3x4xf64>
    %2 = tfc.conv2d %u, %v strides [1, 1, 1, 1] padding "VALID" : tensor<*xf64>, tensor<3x3x?x?xf64>
    %3 = tfc.conv2d %y, %u strides [1, 1, 1, 1] padding "SAME" : tensor<2x7x7x?xf64>, tensor<*xf64>
    tfc.fetch
  }
  return
}

// -----

// CHECK-LABEL: func.func @pools
// CHECK-SAME: (%[[X:.*]]: tensor<2x5x7x3xf32>, %[[D:.*]]: tensor<?x?x6x3xi32>)
// CHECK: tfc.max_pool %[[X]] ksize [1, 2, 2, 1] strides [1, 2, 2, 1] padding "SAME" : tensor<2x5x7x3xf32>
// CHECK: tfc.avg_pool %[[X]] ksize [1, 3, 3, 1] strides [1, 1, 2, 1] padding "VALID" : tensor<2x5x7x3xf32>
// CHECK: tfc.max_pool %[[D]] ksize [1, 3, 3, 1] strides [1, 2, 2, 1] padding "VALID" : tensor<?x?x6x3xi32>
// TYPES-LABEL: sym_name = "pools"
// TYPES: "tfc.max_pool"({{.*}}) <{ksize = array<i64: 1, 2, 2, 1>, padding = "SAME", strides = array<i64: 1, 2, 2, 1>}> : (tensor<2x5x7x3xf32>) -> tensor<2x3x4x3xf32>
// TYPES: "tfc.avg_pool"({{.*}}) <{{.*}}> : (tensor<2x5x7x3xf32>) -> tensor<2x3x3x3xf32>
// TYPES: "tfc.max_pool"({{.*}}) <{{.*}}> : (tensor<?x?x6x3xi32>) -> tensor<?x?x2x3xi32>
func.func @pools(%x: tensor<2x5x7x3xf32>, %d: tensor<?x?x6x3xi32>) {
  tfc.graph {
    %0 = tfc.max_pool %x ksize [1, 2, 2, 1] strides [1, 2, 2, 1] padding "SAME" : tensor<2x5x7x3xf32>
    %1 = tfc.avg_pool %x ksize [1, 3, 3, 1] strides [1, 1, 2, 1] padding "VALID" : tensor<2x5x7x3xf32>
    %2 = tfc.max_pool %d ksize [1, 3, 3, 1] strides [1, 2, 2, 1] padding "VALID" : tensor<?x?x6x3xi32>
    tfc.fetch
  }
  return
}

// -----

// The gradient kernels have the type of the operand they differentiate.
// CHECK-LABEL: func.func @gradient_kernels
// CHECK: tfc.conv2d_backprop_input %{{.*}}, %{{.*}}, %{{.*}} strides [1, 2, 2, 1] padding "SAME" : tensor<2x5x5x3xf32>, tensor<3x3x3x4xf32>, tensor<2x3x3x4xf32>
// CHECK: tfc.conv2d_backprop_filter %{{.*}}, %{{.*}}, %{{.*}} strides [1, 1, 1, 1] padding "VALID" dilations [1, 2, 1, 1] : tensor<2x5x5x3xf32>, tensor<3x3x3x4xf32>, tensor<2x1x3x4xf32>
// CHECK: tfc.max_pool_grad %{{.*}}, %{{.*}} ksize [1, 2, 2, 1] strides [1, 2, 2, 1] padding "VALID" : tensor<2x5x5x3xf32>, tensor<2x2x2x3xf32>
// CHECK: tfc.avg_pool_grad %{{.*}}, %{{.*}} ksize [1, 2, 2, 1] strides [1, 2, 2, 1] padding "SAME" : tensor<2x5x5x3xf32>, tensor<2x3x3x3xf32>
// TYPES-LABEL: sym_name = "gradient_kernels"
// TYPES: "tfc.conv2d_backprop_input"({{.*}}) <{{.*}}> : ({{.*}}) -> tensor<2x5x5x3xf32>
// TYPES: "tfc.conv2d_backprop_filter"({{.*}}) <{{.*}}> : ({{.*}}) -> tensor<3x3x3x4xf32>
// TYPES: "tfc.max_pool_grad"({{.*}}) <{{.*}}> : ({{.*}}) -> tensor<2x5x5x3xf32>
// TYPES: "tfc.avg_pool_grad"({{.*}}) <{{.*}}> : ({{.*}}) -> tensor<2x5x5x3xf32>
func.func @gradient_kernels(%x: tensor<2x5x5x3xf32>, %w: tensor<3x3x3x4xf32>, %dy: tensor<2x3x3x4xf32>, %dv: tensor<2x1x3x4xf32>, %dp: tensor<2x2x2x3xf32>, %dq: tensor<2x3x3x3xf32>) {
  tfc.graph {
    %0 = tfc.conv2d_backprop_input %x, %w, %dy strides [1, 2, 2, 1] padding "SAME" : tensor<2x5x5x3xf32>, tensor<3x3x3x4xf32>, tensor<2x3x3x4xf32>
    %1 = tfc.conv2d_backprop_filter %x, %w, %dv strides [1, 1, 1, 1] padding "VALID" dilations [1, 2, 1, 1] : tensor<2x5x5x3xf32>, tensor<3x3x3x4xf32>, tensor<2x1x3x4xf32>
    %2 = tfc.max_pool_grad %x, %dp ksize [1, 2, 2, 1] strides [1, 2, 2, 1] padding "VALID" : tensor<2x5x5x3xf32>, tensor<2x2x2x3xf32>
    %3 = tfc.avg_pool_grad %x, %dq ksize [1, 2, 2, 1] strides [1, 2, 2, 1] padding "SAME" : tensor<2x5x5x3xf32>, tensor<2x3x3x3xf32>
    tfc.fetch
  }
  return
}
