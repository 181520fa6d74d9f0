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


// -----

tfc.global_variable @v : tensor<f32> init #tfc.zeros collections ["GLOBAL_VARIABLES"]

// Reads in a branch see the value before the cond; a variable a branch
// assigns becomes a result of the cond (the other branch yields the value
// it had), and later reads and the write-back use that result.
// CHECK-LABEL: func.func @branches
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[V:.*]]: memref<f32>)
// CHECK: %[[V0:.*]] = bufferization.to_tensor %[[V]]
// CHECK: %[[R:.*]]:2 = tfc.cond %[[P]] : tensor<i1> -> (tensor<f32>, tensor<f32>) {
// CHECK: %[[D:.*]] = tfc.add %[[V0]], %[[V0]]
// CHECK: tfc.yield %[[D]], %[[D]] : tensor<f32>, tensor<f32>
// CHECK: } else {
// CHECK: tfc.yield %[[V0]], %[[V0]] : tensor<f32>, tensor<f32>
// CHECK: bufferization.materialize_in_destination %[[R]]#1 in restrict writable %[[V]]
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @branches(%p: tensor<i1>) -> (tensor<f32>, tensor<f32>) {
  %v = tfc.var_handle @v : !tfc.var<tensor<f32>>
  %x = tfc.cond %p : tensor<i1> -> (tensor<f32>) {
    %old, %t0 = tfc.read %v : !tfc.var<tensor<f32>>
    %d = tfc.add %old, %old : tensor<f32>, tensor<f32>
    %new, %t1 = tfc.assign %v, %d : !tfc.var<tensor<f32>>, tensor<f32>
    tfc.yield %new : tensor<f32>
  } else {
    %old, %t0 = tfc.read %v : !tfc.var<tensor<f32>>
    tfc.yield %old : tensor<f32>
  }
  %after, %t = tfc.read %v : !tfc.var<tensor<f32>>
  return %x, %after : tensor<f32>, tensor<f32>
}

// A variable the loop body assigns is carried by the loop.
// CHECK-LABEL: func.func @loop
// CHECK-SAME: (%[[N:.*]]: tensor<i32>, %[[STEP:.*]]: tensor<f32>, %[[V:.*]]: memref<f32>)
// CHECK: %[[V0:.*]] = bufferization.to_tensor %[[V]]
// CHECK: %[[L:.*]]:2 = tfc.while(%{{.*}}, %[[V0]]) : (tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>) cond {
// CHECK: ^bb0(%{{.*}}: tensor<i32>, %{{.*}}: tensor<f32>):
// CHECK: } body {
// CHECK: ^bb0(%[[I:.*]]: tensor<i32>, %[[CUR:.*]]: tensor<f32>):
// CHECK: %[[NEW:.*]] = tfc.add %[[CUR]], %[[STEP]]
// CHECK: tfc.yield %{{.*}}, %[[NEW]] : tensor<i32>, tensor<f32>
// CHECK: bufferization.materialize_in_destination %[[L]]#1 in restrict writable %[[V]]
// CHECK: return %[[L]]#1
func.func @loop(%n: tensor<i32>, %step: tensor<f32>) -> tensor<f32> {
  %v = tfc.var_handle @v : !tfc.var<tensor<f32>>
  %zero = tfc.constant dense<0> : tensor<i32>
  %one = tfc.constant dense<1> : tensor<i32>
  %i = tfc.while (%zero) : (tensor<i32>) -> (tensor<i32>)
  cond {
  ^bb0(%i: tensor<i32>):
    %lt = tfc.less %i, %n : tensor<i32>, tensor<i32>
    tfc.condition %lt : tensor<i1>
  } body {
  ^bb0(%i: tensor<i32>):
    %nv, %t = tfc.assign_add %v, %step : !tfc.var<tensor<f32>>, tensor<f32>
    %next = tfc.add %i, %one : tensor<i32>, tensor<i32>
    tfc.yield %next : tensor<i32>
  }
  %after, %t2 = tfc.read %v : !tfc.var<tensor<f32>>
  return %after : tensor<f32>
}
