// RUN: tfc-opt %s --split-input-file | FileCheck %s
// Round trip through the generic form as well:
// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | tfc-opt --split-input-file | FileCheck %s
// The generic form shows the inferred result types:
// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=TYPES

// A gradient has the type of its tensor, or the value type of its variable.
// CHECK-LABEL: func.func @gradients
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[DY:.*]]: tensor<?x3xf32>)
// CHECK: %[[W:.*]] = tfc.var_handle @w
// CHECK: tfc.gradients %[[L:.*]] wrt(%[[X]], %[[W]] : tensor<?x3xf32>, !tfc.var<tensor<3xf32>>) : tensor<f32>
// CHECK: tfc.gradients %[[Y:.*]] wrt(%[[X]] : tensor<?x3xf32>) grad_ys(%[[DY]] : tensor<?x3xf32>) : tensor<?x3xf32>
// TYPES-LABEL: sym_name = "gradients"
// TYPES: "tfc.gradients"({{.*}}) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (tensor<f32>, tensor<?x3xf32>, !tfc.var<tensor<3xf32>>) -> (tensor<?x3xf32>, tensor<3xf32>)
// TYPES: "tfc.gradients"({{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
tfc.global_variable @w : tensor<3xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
func.func @gradients(%x: tensor<?x3xf32>, %dy: tensor<?x3xf32>) {
  tfc.graph {
    %w = tfc.var_handle @w : !tfc.var<tensor<3xf32>>
    %v, %t = tfc.read %w : !tfc.var<tensor<3xf32>>
    %y = tfc.mul %x, %v : tensor<?x3xf32>, tensor<3xf32>
    %l = tfc.reduce_sum %y : tensor<?x3xf32>
    %gx, %gw = tfc.gradients %l wrt(%x, %w : tensor<?x3xf32>, !tfc.var<tensor<3xf32>>) : tensor<f32>
    %gy = tfc.gradients %y wrt(%x : tensor<?x3xf32>) grad_ys(%dy : tensor<?x3xf32>) : tensor<?x3xf32>
    tfc.fetch
  }
  return
}

// -----

// Optimizers print their non-default hyperparameters; Adam with every
// default is `#tfc.adam`.
// CHECK-LABEL: func.func @minimize
// CHECK: %[[W:.*]] = tfc.var_handle @w
// CHECK: %[[S:.*]] = tfc.minimize #tfc.sgd<learning_rate = 5.000000e-01> %[[L:.*]] : tensor<f32>
// CHECK: %[[M:.*]] = tfc.minimize #tfc.momentum<learning_rate = 1.000000e-02, momentum = 9.000000e-01, use_nesterov = true> %[[L]] var_list(%[[W]] : !tfc.var<tensor<3xf32>>) : tensor<f32>
// CHECK: tfc.minimize #tfc.momentum<learning_rate = 1.000000e-02, momentum = 9.000000e-01> %[[L]] : tensor<f32>
// CHECK: tfc.minimize #tfc.adam %[[L]] after(%[[S]], %[[M]]) : tensor<f32>
// CHECK: tfc.minimize #tfc.adam<learning_rate = 1.000000e-01> %[[L]] : tensor<f32>
// CHECK: tfc.minimize #tfc.adam<learning_rate = 2.000000e-03, beta1 = 5.000000e-01, beta2 = 0.989{{[0-9]*}}, epsilon = 9.99{{[0-9]*}}E-8> %[[L]] : tensor<f32>
// TYPES-LABEL: sym_name = "minimize"
// TYPES: "tfc.minimize"({{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0>, optimizer = #tfc.sgd<learning_rate = 5.000000e-01>}> : (tensor<f32>) -> !tfc.control
tfc.global_variable @w : tensor<3xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
func.func @minimize(%x: tensor<3xf32>) {
  tfc.graph {
    %w = tfc.var_handle @w : !tfc.var<tensor<3xf32>>
    %v, %t = tfc.read %w : !tfc.var<tensor<3xf32>>
    %y = tfc.mul %x, %v : tensor<3xf32>, tensor<3xf32>
    %l = tfc.reduce_sum %y : tensor<3xf32>
    %s = tfc.minimize #tfc.sgd<learning_rate = 0.5> %l : tensor<f32>
    %m = tfc.minimize #tfc.momentum<learning_rate = 0.01, momentum = 0.9, use_nesterov = true> %l var_list(%w : !tfc.var<tensor<3xf32>>) : tensor<f32>
    %n = tfc.minimize #tfc.momentum<learning_rate = 0.01, momentum = 0.9, use_nesterov = false> %l : tensor<f32>
    %a = tfc.minimize #tfc.adam %l after(%s, %m) : tensor<f32>
    %b = tfc.minimize #tfc.adam<learning_rate = 0.1> %l : tensor<f32>
    %c = tfc.minimize #tfc.adam<learning_rate = 0.002, beta1 = 0.5, beta2 = 0.99, epsilon = 1.0e-7> %l : tensor<f32>
    tfc.fetch targets(%a, %b, %c, %n)
  }
  return
}

// -----

// The gradient kernels: relu_grad broadcasts like the binary ops;
// broadcast_like takes the shape of its second operand.
// CHECK-LABEL: func.func @kernels
// CHECK-SAME: (%[[DY:.*]]: tensor<4xf32>, %[[X:.*]]: tensor<?x4xf32>, %[[S:.*]]: tensor<f32>)
// CHECK: tfc.relu_grad %[[DY]], %[[X]] : tensor<4xf32>, tensor<?x4xf32>
// CHECK: tfc.broadcast_like %[[DY]] to %[[X]] : tensor<4xf32>, tensor<?x4xf32>
// CHECK: tfc.broadcast_like %[[DY]] to %[[X]] dims [1] : tensor<4xf32>, tensor<?x4xf32>
// CHECK: tfc.broadcast_like %[[S]] to %[[X]] dims [0, 1] : tensor<f32>, tensor<?x4xf32>
// TYPES-LABEL: sym_name = "kernels"
// TYPES: "tfc.relu_grad"({{.*}}) : (tensor<4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// TYPES: "tfc.broadcast_like"({{.*}}) : (tensor<4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// TYPES: "tfc.broadcast_like"({{.*}}) <{dims = array<i64: 1>}> : (tensor<4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
func.func @kernels(%dy: tensor<4xf32>, %x: tensor<?x4xf32>, %s: tensor<f32>) {
  tfc.graph {
    %a = tfc.relu_grad %dy, %x : tensor<4xf32>, tensor<?x4xf32>
    %b = tfc.broadcast_like %dy to %x : tensor<4xf32>, tensor<?x4xf32>
    %c = tfc.broadcast_like %dy to %x dims [1] : tensor<4xf32>, tensor<?x4xf32>
    %d = tfc.broadcast_like %s to %x dims [0, 1] : tensor<f32>, tensor<?x4xf32>
    tfc.fetch
  }
  return
}

// -----

// The gradient exchange returns the sums and the scalar factor that makes
// them the means; the batch that weighs a process is optional.
// CHECK-LABEL: func.func @all_reduce_gradients
// CHECK-SAME: (%[[G:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<3xf32>, %[[X:.*]]: tensor<?x3xf32>)
// CHECK: %{{.*}}:2, %{{.*}} = tfc.all_reduce_gradients %[[G]], %[[B]] weighted by %[[X]] : tensor<?x3xf32> : tensor<2x3xf32>, tensor<3xf32>
// CHECK: tfc.all_reduce_gradients %[[B]] : tensor<3xf32>
// TYPES-LABEL: sym_name = "all_reduce_gradients"
// TYPES: "tfc.all_reduce_gradients"({{.*}}) <{operandSegmentSizes = array<i32: 2, 1>}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<?x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<f32>)
// TYPES: "tfc.all_reduce_gradients"({{.*}}) <{operandSegmentSizes = array<i32: 1, 0>}> : (tensor<3xf32>) -> (tensor<3xf32>, tensor<f32>)
func.func @all_reduce_gradients(%g: tensor<2x3xf32>, %b: tensor<3xf32>, %x: tensor<?x3xf32>) -> (tensor<2x3xf32>, tensor<f32>, tensor<3xf32>) {
  %sg, %sb, %scale = tfc.all_reduce_gradients %g, %b weighted by %x : tensor<?x3xf32> : tensor<2x3xf32>, tensor<3xf32>
  %alone, %one = tfc.all_reduce_gradients %b : tensor<3xf32>
  return %sg, %scale, %alone : tensor<2x3xf32>, tensor<f32>, tensor<3xf32>
}
