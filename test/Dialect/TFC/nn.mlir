// RUN: tfc-opt %s --split-input-file | FileCheck %s
// Round trip through the generic form as well:
// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | tfc-opt --split-input-file | FileCheck %s
// The generic form shows the inferred result types:
// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=TYPES

// The default axis (-1) is not printed; any other axis is.
// CHECK-LABEL: func.func @softmax
// CHECK-SAME: (%[[X:.*]]: tensor<?x10xf32>, %[[U:.*]]: tensor<*xbf16>)
// CHECK: tfc.softmax %[[X]] : tensor<?x10xf32>
// CHECK: tfc.softmax %[[X]] axis 0 : tensor<?x10xf32>
// CHECK: tfc.log_softmax %[[X]] : tensor<?x10xf32>
// CHECK: tfc.log_softmax %[[X]] axis -2 : tensor<?x10xf32>
// CHECK: tfc.softmax %[[U]] axis 3 : tensor<*xbf16>
// TYPES-LABEL: sym_name = "softmax"
// TYPES: "tfc.softmax"(%{{.*}}) <{axis = -1 : i64}> : (tensor<?x10xf32>) -> tensor<?x10xf32>
// TYPES: "tfc.softmax"(%{{.*}}) <{axis = 0 : i64}> : (tensor<?x10xf32>) -> tensor<?x10xf32>
// TYPES: "tfc.log_softmax"(%{{.*}}) <{axis = -1 : i64}> : (tensor<?x10xf32>) -> tensor<?x10xf32>
// TYPES: "tfc.log_softmax"(%{{.*}}) <{axis = -2 : i64}> : (tensor<?x10xf32>) -> tensor<?x10xf32>
// TYPES: "tfc.softmax"(%{{.*}}) <{axis = 3 : i64}> : (tensor<*xbf16>) -> tensor<*xbf16>
func.func @softmax(%x: tensor<?x10xf32>, %u: tensor<*xbf16>) {
  tfc.graph {
    %a = tfc.softmax %x : tensor<?x10xf32>
    %b = tfc.softmax %x axis 0 : tensor<?x10xf32>
    %c = tfc.log_softmax %x axis -1 : tensor<?x10xf32>
    %d = tfc.log_softmax %x axis -2 : tensor<?x10xf32>
    %e = tfc.softmax %u axis 3 : tensor<*xbf16>
    tfc.fetch
  }
  return
}

// -----

// reduce_logsumexp shares the shape rules of the other reductions.
// CHECK-LABEL: func.func @reduce_logsumexp
// CHECK: tfc.reduce_logsumexp %[[X:.*]] : tensor<4x?xf32>
// CHECK: tfc.reduce_logsumexp %[[X]] axes [1] : tensor<4x?xf32>
// CHECK: tfc.reduce_logsumexp %[[X]] axes [-1] keep_dims : tensor<4x?xf32>
// CHECK: tfc.reduce_logsumexp %[[X]] axes [] : tensor<4x?xf32>
// CHECK: tfc.reduce_logsumexp %[[U:.*]] axes [0] : tensor<*xf64>
// TYPES-LABEL: sym_name = "reduce_logsumexp"
// TYPES: "tfc.reduce_logsumexp"(%{{.*}}) : (tensor<4x?xf32>) -> tensor<f32>
// TYPES: "tfc.reduce_logsumexp"(%{{.*}}) <{axes = array<i64: 1>}> : (tensor<4x?xf32>) -> tensor<4xf32>
// TYPES: "tfc.reduce_logsumexp"(%{{.*}}) <{axes = array<i64: -1>, keep_dims}> : (tensor<4x?xf32>) -> tensor<4x1xf32>
// TYPES: "tfc.reduce_logsumexp"(%{{.*}}) <{axes = array<i64>}> : (tensor<4x?xf32>) -> tensor<4x?xf32>
// TYPES: "tfc.reduce_logsumexp"(%{{.*}}) <{axes = array<i64: 0>}> : (tensor<*xf64>) -> tensor<*xf64>
func.func @reduce_logsumexp(%x: tensor<4x?xf32>, %u: tensor<*xf64>) {
  tfc.graph {
    %0 = tfc.reduce_logsumexp %x : tensor<4x?xf32>
    %1 = tfc.reduce_logsumexp %x axes [1] : tensor<4x?xf32>
    %2 = tfc.reduce_logsumexp %x axes [-1] keep_dims : tensor<4x?xf32>
    %3 = tfc.reduce_logsumexp %x axes [] : tensor<4x?xf32>
    %4 = tfc.reduce_logsumexp %u axes [0] : tensor<*xf64>
    tfc.fetch
  }
  return
}

// -----

// The loss has the logits' shape without the last dimension; a dynamic
// dimension takes the other operand's static size.
// CHECK-LABEL: func.func @cross_entropy
// CHECK-SAME: (%[[L:.*]]: tensor<?x10xf32>, %[[Z:.*]]: tensor<?x10xf32>, %[[S:.*]]: tensor<8x?xf32>, %[[V:.*]]: tensor<2xf64>, %[[U:.*]]: tensor<*xf32>)
// CHECK: tfc.softmax_cross_entropy_with_logits %[[L]], %[[Z]] : tensor<?x10xf32>, tensor<?x10xf32>
// CHECK: tfc.softmax_cross_entropy_with_logits %[[L]], %[[S]] : tensor<?x10xf32>, tensor<8x?xf32>
// CHECK: tfc.softmax_cross_entropy_with_logits %[[V]], %[[V]] : tensor<2xf64>, tensor<2xf64>
// CHECK: tfc.softmax_cross_entropy_with_logits %[[U]], %[[Z]] : tensor<*xf32>, tensor<?x10xf32>
// CHECK: tfc.softmax_cross_entropy_with_logits %[[U]], %[[U]] : tensor<*xf32>, tensor<*xf32>
// TYPES-LABEL: sym_name = "cross_entropy"
// TYPES: (tensor<?x10xf32>, tensor<?x10xf32>) -> tensor<?xf32>
// TYPES: (tensor<?x10xf32>, tensor<8x?xf32>) -> tensor<8xf32>
// TYPES: (tensor<2xf64>, tensor<2xf64>) -> tensor<f64>
// TYPES: (tensor<*xf32>, tensor<?x10xf32>) -> tensor<?xf32>
// TYPES: (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
func.func @cross_entropy(%l: tensor<?x10xf32>, %z: tensor<?x10xf32>,
                         %s: tensor<8x?xf32>, %v: tensor<2xf64>,
                         %u: tensor<*xf32>) {
  tfc.graph {
    %0 = tfc.softmax_cross_entropy_with_logits %l, %z : tensor<?x10xf32>, tensor<?x10xf32>
    %1 = tfc.softmax_cross_entropy_with_logits %l, %s : tensor<?x10xf32>, tensor<8x?xf32>
    %2 = tfc.softmax_cross_entropy_with_logits %v, %v : tensor<2xf64>, tensor<2xf64>
    %3 = tfc.softmax_cross_entropy_with_logits %u, %z : tensor<*xf32>, tensor<?x10xf32>
    %4 = tfc.softmax_cross_entropy_with_logits %u, %u : tensor<*xf32>, tensor<*xf32>
    tfc.fetch
  }
  return
}

// -----

// CHECK-LABEL: func.func @losses_and_activations
// CHECK: tfc.l2_loss %[[W:.*]] : tensor<3x4xf32>
// CHECK: tfc.l2_loss %[[U:.*]] : tensor<*xf16>
// CHECK: tfc.softplus %[[W]] : tensor<3x4xf32>
// TYPES-LABEL: sym_name = "losses_and_activations"
// TYPES: "tfc.l2_loss"(%{{.*}}) : (tensor<3x4xf32>) -> tensor<f32>
// TYPES: "tfc.l2_loss"(%{{.*}}) : (tensor<*xf16>) -> tensor<f16>
// TYPES: "tfc.softplus"(%{{.*}}) : (tensor<3x4xf32>) -> tensor<3x4xf32>
func.func @losses_and_activations(%w: tensor<3x4xf32>, %u: tensor<*xf16>) {
  tfc.graph {
    %0 = tfc.l2_loss %w : tensor<3x4xf32>
    %1 = tfc.l2_loss %u : tensor<*xf16>
    %2 = tfc.softplus %w : tensor<3x4xf32>
    tfc.fetch
  }
  return
}

// -----

// The result has the value's type; a dynamic channel dimension takes the
// bias's size.
// CHECK-LABEL: func.func @bias_add
// CHECK: tfc.bias_add %[[X:.*]], %[[B:.*]] : tensor<?x28x28x32xf32>, tensor<32xf32>
// CHECK: tfc.bias_add %[[D:.*]], %[[B]] : tensor<?x?xf32>, tensor<32xf32>
// CHECK: tfc.bias_add %[[D]], %[[E:.*]] : tensor<?x?xf32>, tensor<?xf32>
// CHECK: tfc.bias_add %[[U:.*]], %[[B]] : tensor<*xf32>, tensor<32xf32>
// CHECK: tfc.bias_add %[[I:.*]], %[[J:.*]] : tensor<2x3xi32>, tensor<3xi32>
// TYPES-LABEL: sym_name = "bias_add"
// TYPES: (tensor<?x28x28x32xf32>, tensor<32xf32>) -> tensor<?x28x28x32xf32>
// TYPES: (tensor<?x?xf32>, tensor<32xf32>) -> tensor<?x32xf32>
// TYPES: (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
// TYPES: (tensor<*xf32>, tensor<32xf32>) -> tensor<*xf32>
// TYPES: (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
func.func @bias_add(%x: tensor<?x28x28x32xf32>, %b: tensor<32xf32>,
                    %d: tensor<?x?xf32>, %e: tensor<?xf32>,
                    %u: tensor<*xf32>, %i: tensor<2x3xi32>, %j: tensor<3xi32>) {
  tfc.graph {
    %0 = tfc.bias_add %x, %b : tensor<?x28x28x32xf32>, tensor<32xf32>
    %1 = tfc.bias_add %d, %b : tensor<?x?xf32>, tensor<32xf32>
    %2 = tfc.bias_add %d, %e : tensor<?x?xf32>, tensor<?xf32>
    %3 = tfc.bias_add %u, %b : tensor<*xf32>, tensor<32xf32>
    %4 = tfc.bias_add %i, %j : tensor<2x3xi32>, tensor<3xi32>
    tfc.fetch
  }
  return
}
