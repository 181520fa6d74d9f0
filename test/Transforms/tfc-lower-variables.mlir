// RUN: tfc-opt %s --split-input-file --tfc-lower-variables | FileCheck %s

tfc.global_variable @v : tensor<2xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES"]
tfc.global_variable @c : tensor<f32> init #tfc.zeros collections ["GLOBAL_VARIABLES"]

// Variables become trailing buffer arguments in first-use order; the value
// is read once; reads see the last assign before them; assigned variables
// are written back once, at the end.
// CHECK-LABEL: func.func @step
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>, %[[V:.*]]: memref<2xf32>, %[[C:.*]]: memref<f32>)
// CHECK-SAME: attributes {tfc.variables = [@v, @c], tfc.writes_variables}
// CHECK-DAG: %[[C0:.*]] = bufferization.to_tensor %[[C]] restrict writable : memref<f32> to tensor<f32>
// CHECK-DAG: %[[V0:.*]] = bufferization.to_tensor %[[V]] restrict writable : memref<2xf32> to tensor<2xf32>
// CHECK: %[[S:.*]] = tfc.add %[[V0]], %[[X]]
// CHECK: %[[C1:.*]] = tfc.add %[[C0]], %{{.*}} : tensor<f32>, tensor<f32>
// The old value of v is returned: it is copied before the write-back.
// CHECK: %[[COPY:.*]] = bufferization.alloc_tensor() copy(%[[V0]])
// CHECK: bufferization.materialize_in_destination %[[S]] in restrict writable %[[V]]
// CHECK: bufferization.materialize_in_destination %[[C1]] in restrict writable %[[C]]
// CHECK: return %[[COPY]], %[[S]]
// CHECK-NOT: tfc.read
// CHECK-NOT: tfc.var_handle
func.func @step(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %v = tfc.var_handle @v : !tfc.var<tensor<2xf32>>
  %c = tfc.var_handle @c : !tfc.var<tensor<f32>>
  %a, %ta = tfc.read %v : !tfc.var<tensor<2xf32>>
  %s = tfc.add %a, %x : tensor<2xf32>, tensor<2xf32>
  %n, %tn = tfc.assign %v, %s after(%ta) : !tfc.var<tensor<2xf32>>, tensor<2xf32>
  %one = tfc.constant dense<1.0> : tensor<f32>
  %k, %tk = tfc.assign_add %c, %one : !tfc.var<tensor<f32>>, tensor<f32>
  %b, %tb = tfc.read %v after(%tn) : !tfc.var<tensor<2xf32>>
  return %a, %b : tensor<2xf32>, tensor<2xf32>
}

// A function that only reads is not marked as writing, and nothing is
// written back.
// CHECK-LABEL: func.func @predict
// CHECK-SAME: (%[[V:.*]]: memref<2xf32>) -> tensor<2xf32> attributes {tfc.variables = [@v]}
// CHECK-NOT: materialize_in_destination
func.func @predict() -> tensor<2xf32> {
  %v = tfc.var_handle @v : !tfc.var<tensor<2xf32>>
  %a, %ta = tfc.read %v : !tfc.var<tensor<2xf32>>
  return %a : tensor<2xf32>
}

