// RUN: tfc-opt %s --split-input-file | FileCheck %s
// Round trip through the generic form as well:
// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | tfc-opt --split-input-file | FileCheck %s
// The generic form shows the inferred result types:
// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=TYPES

// CHECK-LABEL: func.func @types
// CHECK-SAME: !tfc.tensor_array<tensor<i32>>
// CHECK-SAME: !tfc.tensor_array<tensor<?x128xf32>>
// CHECK-SAME: !tfc.tensor_array<tensor<*xi1>>
func.func @types(%a: !tfc.tensor_array<tensor<i32>>,
                 %b: !tfc.tensor_array<tensor<?x128xf32>>,
                 %c: !tfc.tensor_array<tensor<*xi1>>) {
  return
}

// -----

// `c = tf.TensorArray(tf.int32, n); c = c.write(0, 1); c = c.write(1, 1)`
// CHECK-LABEL: func.func @ops
// CHECK-SAME: (%[[N:.*]]: tensor<i32>, %[[X:.*]]: tensor<5x2xf32>,
// CHECK: %[[TA:.*]] = tfc.tensor_array_create %[[N]] : !tfc.tensor_array<tensor<i32>>
// CHECK: %[[TB:.*]] = tfc.tensor_array_write %[[TA]][%[[ZERO:.*]]], %[[ONE:.*]] : !tfc.tensor_array<tensor<i32>>, tensor<i32>
// CHECK: %[[TC:.*]] = tfc.tensor_array_write %[[TB]][%[[ONE]]], %[[ONE]] : !tfc.tensor_array<tensor<i32>>, tensor<i32>
// CHECK: tfc.tensor_array_read %[[TC]][%[[ZERO]]] : !tfc.tensor_array<tensor<i32>>
// CHECK: tfc.tensor_array_stack %[[TC]] : !tfc.tensor_array<tensor<i32>>
// CHECK: tfc.tensor_array_size %[[TC]] : !tfc.tensor_array<tensor<i32>>
// CHECK: %[[TD:.*]] = tfc.tensor_array_create %[[N]] dynamic_size : !tfc.tensor_array<tensor<?xf32>>
// CHECK: tfc.tensor_array_unstack %[[TD]], %[[X]] : !tfc.tensor_array<tensor<?xf32>>, tensor<5x2xf32>
// TYPES-LABEL: sym_name = "ops"
// TYPES: "tfc.tensor_array_create"({{.*}}) : (tensor<i32>) -> !tfc.tensor_array<tensor<i32>>
// TYPES: "tfc.tensor_array_write"({{.*}}) : (!tfc.tensor_array<tensor<i32>>, tensor<i32>, tensor<i32>) -> !tfc.tensor_array<tensor<i32>>
// TYPES: "tfc.tensor_array_read"({{.*}}) : (!tfc.tensor_array<tensor<i32>>, tensor<i32>) -> tensor<i32>
// TYPES: "tfc.tensor_array_stack"({{.*}}) : (!tfc.tensor_array<tensor<i32>>) -> tensor<?xi32>
// TYPES: "tfc.tensor_array_size"({{.*}}) : (!tfc.tensor_array<tensor<i32>>) -> tensor<i32>
// TYPES: "tfc.tensor_array_unstack"({{.*}}) : (!tfc.tensor_array<tensor<?xf32>>, tensor<5x2xf32>) -> !tfc.tensor_array<tensor<?xf32>>
// TYPES: "tfc.tensor_array_stack"({{.*}}) : (!tfc.tensor_array<tensor<?xf32>>) -> tensor<?x?xf32>
// TYPES: "tfc.tensor_array_stack"({{.*}}) : (!tfc.tensor_array<tensor<*xf32>>) -> tensor<*xf32>
func.func @ops(%n: tensor<i32>, %x: tensor<5x2xf32>, %u: !tfc.tensor_array<tensor<*xf32>>) -> tensor<?xi32> {
  %r = tfc.graph -> (tensor<?xi32>) {
    %zero = tfc.constant dense<0> : tensor<i32>
    %one = tfc.constant dense<1> : tensor<i32>
    %ta = tfc.tensor_array_create %n : !tfc.tensor_array<tensor<i32>>
    %tb = tfc.tensor_array_write %ta[%zero], %one : !tfc.tensor_array<tensor<i32>>, tensor<i32>
    %tc = tfc.tensor_array_write %tb[%one], %one : !tfc.tensor_array<tensor<i32>>, tensor<i32>
    %v = tfc.tensor_array_read %tc[%zero] : !tfc.tensor_array<tensor<i32>>
    %s = tfc.tensor_array_stack %tc : !tfc.tensor_array<tensor<i32>>
    %size = tfc.tensor_array_size %tc : !tfc.tensor_array<tensor<i32>>
    %td = tfc.tensor_array_create %n dynamic_size : !tfc.tensor_array<tensor<?xf32>>
    %te = tfc.tensor_array_unstack %td, %x : !tfc.tensor_array<tensor<?xf32>>, tensor<5x2xf32>
    %all = tfc.tensor_array_stack %te : !tfc.tensor_array<tensor<?xf32>>
    %us = tfc.tensor_array_stack %u : !tfc.tensor_array<tensor<*xf32>>
    tfc.fetch %s : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}
