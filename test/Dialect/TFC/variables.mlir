// RUN: tfc-opt %s --split-input-file | FileCheck %s
// RUN: tfc-opt %s --split-input-file --mlir-print-op-generic | tfc-opt --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @creation
// CHECK: tfc.get_variable "weights" : tensor<5x5x32x32xf32> init #tfc.random_normal<stddev = 1.000000e-01, seed = 7>
// CHECK: tfc.get_variable "biases" : tensor<32xf32> init #tfc.zeros {trainable = false}
// CHECK: tfc.get_variable "b" : tensor<32xf32> init #tfc.ones {collections = ["LOCAL_VARIABLES", "mine"], device = "/job:worker/replica:0/task:1/device:GPU:0"}
// CHECK: tfc.get_variable "t" : tensor<3xf64> init #tfc.truncated_normal<mean = 1.000000e+00, stddev = 2.000000e+00>
// CHECK: tfc.get_variable "u" : tensor<3xi32> init #tfc.random_uniform<minval = -3.000000e+00, maxval = 3.000000e+00>
// CHECK: tfc.get_variable "g" : tensor<3x4xf32> init #tfc.glorot_uniform<seed = 1>
// CHECK: tfc.get_variable "d" : tensor<3x4xf32> {device = "/gpu:0"}
// CHECK: %[[C:.*]] = tfc.get_variable "c" init #tfc.constant<dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>>
// CHECK: tfc.get_variable "shared"{{$}}
// CHECK: %[[V:.*]] = tfc.variable "var2" init #tfc.constant<dense<2.000000e+00> : tensor<f32>>
// CHECK: tfc.variable "w" initial_value {
// CHECK:   %[[I:.*]] = tfc.initialized_value %[[V]] : !tfc.var<tensor<f32>>
// CHECK:   tfc.yield %[[I]] : tensor<f32>
// CHECK: }
// CHECK: tfc.add_to_collection "extra", %[[C]] : !tfc.var<tensor<2xf32>>
func.func @creation() {
  tfc.graph {
    %w = tfc.get_variable "weights" : tensor<5x5x32x32xf32> init #tfc.random_normal<stddev = 0.1, seed = 7>
    %b = tfc.get_variable "biases" : tensor<32xf32> init #tfc.zeros {trainable = false}
    %b2 = tfc.get_variable "b" : tensor<32xf32> init #tfc.ones {collections = ["LOCAL_VARIABLES", "mine"], device = "/job:worker/replica:0/task:1/device:GPU:0"}
    %t = tfc.get_variable "t" : tensor<3xf64> init #tfc.truncated_normal<mean = 1.0, stddev = 2.0>
    %u = tfc.get_variable "u" : tensor<3xi32> init #tfc.random_uniform<minval = -3.0, maxval = 3.0>
    %g = tfc.get_variable "g" : tensor<3x4xf32> init #tfc.glorot_uniform<seed = 1>
    %d = tfc.get_variable "d" : tensor<3x4xf32> {device = "/gpu:0"}
    %c = tfc.get_variable "c" init #tfc.constant<dense<[1.0, 2.0]> : tensor<2xf32>>
    %s = tfc.get_variable "shared"
    %v = tfc.variable "var2" init #tfc.constant<dense<2.0> : tensor<f32>>
    %w2 = tfc.variable "w" initial_value {
      %v0 = tfc.initialized_value %v : !tfc.var<tensor<f32>>
      tfc.yield %v0 : tensor<f32>
    }
    tfc.add_to_collection "extra", %c : !tfc.var<tensor<2xf32>>
    tfc.fetch
  }
  return
}

// -----

// The types: a declared type, a constant's type, an unknown (reused) one.
// CHECK-LABEL: func.func @inferred_types
// CHECK-SAME: -> (!tfc.var<tensor<2x3xf32>>, !tfc.var<tensor<2xi64>>, !tfc.var<tensor<*xf32>>)
func.func @inferred_types() -> (!tfc.var<tensor<2x3xf32>>, !tfc.var<tensor<2xi64>>, !tfc.var<tensor<*xf32>>) {
  %a = tfc.get_variable "a" : tensor<2x3xf32>
  %b = tfc.get_variable "b" init #tfc.constant<dense<[1, 2]> : tensor<2xi64>>
  %c = tfc.get_variable "c"
  return %a, %b, %c : !tfc.var<tensor<2x3xf32>>, !tfc.var<tensor<2xi64>>, !tfc.var<tensor<*xf32>>
}

// -----

// CHECK-LABEL: func.func @scopes
// CHECK: %[[R:.*]] = tfc.variable_scope "conv1" as @conv1 -> (tensor<f32>) {
// CHECK:   tfc.reuse_variables
// CHECK:   tfc.yield %{{.*}} : tensor<f32>
// CHECK: }
// CHECK: tfc.variable_scope @conv1 reuse {
// CHECK: tfc.variable_scope "auto" auto_reuse {
// CHECK: tfc.name_scope "bar" -> (tensor<f32>) {
// CHECK: tfc.variable_scope default "merge" init #tfc.zeros dtype f64 auxiliary_name_scope = false {
// CHECK:   tfc.get_variable "b" shape [3]{{$}}
// CHECK: tfc.variable_scope "given" default "merge" auxiliary_name_scope = true {
// CHECK: tfc.name_scope original_name_scope @conv1 {
func.func @scopes(%x: tensor<f32>) {
  tfc.graph {
    %r = tfc.variable_scope "conv1" as @conv1 -> (tensor<f32>) {
      tfc.reuse_variables
      tfc.yield %x : tensor<f32>
    }
    tfc.variable_scope @conv1 reuse {
      tfc.yield
    }
    tfc.variable_scope "auto" auto_reuse {
      tfc.yield
    }
    %n = tfc.name_scope "bar" -> (tensor<f32>) {
      tfc.yield %x : tensor<f32>
    }
    tfc.variable_scope default "merge" init #tfc.zeros dtype f64 auxiliary_name_scope = false {
      %b = tfc.get_variable "b" shape [3]
      tfc.yield
    }
    tfc.variable_scope "given" default "merge" auxiliary_name_scope = true {
      tfc.yield
    }
    tfc.name_scope original_name_scope @conv1 {
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

// CHECK: tfc.global_variable @"conv1/weights" : tensor<5x5x32x32xf32> init #tfc.glorot_uniform collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
// CHECK: tfc.global_variable @step : tensor<i64> init #tfc.zeros collections ["LOCAL_VARIABLES"] {device = "/cpu:0"}
// CHECK: tfc.initializer_plan "GLOBAL_VARIABLES" [@"conv1/weights"]
// CHECK-LABEL: func.func @access
// CHECK: %[[W:.*]] = tfc.var_handle @step : !tfc.var<tensor<i64>>
// CHECK: %[[X:.*]], %[[T:.*]] = tfc.read %[[W]] : !tfc.var<tensor<i64>>
// CHECK: tfc.assign %[[W]], %[[X]] after(%[[T]]) : !tfc.var<tensor<i64>>, tensor<i64>
// CHECK: tfc.assign_add %[[W]], %[[X]] after(%[[T]], %{{.*}}) : !tfc.var<tensor<i64>>, tensor<i64>
// CHECK: tfc.assign_sub %[[W]], %[[X]] : !tfc.var<tensor<i64>>, tensor<i64>
tfc.global_variable @"conv1/weights" : tensor<5x5x32x32xf32> init #tfc.glorot_uniform collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
tfc.global_variable @step : tensor<i64> init #tfc.zeros collections ["LOCAL_VARIABLES"] {device = "/cpu:0"}
tfc.initializer_plan "GLOBAL_VARIABLES" [@"conv1/weights"]
func.func @access() -> tensor<i64> {
  %r = tfc.graph -> (tensor<i64>) {
    %w = tfc.var_handle @step : !tfc.var<tensor<i64>>
    %x, %t = tfc.read %w : !tfc.var<tensor<i64>>
    %a, %ta = tfc.assign %w, %x after(%t) : !tfc.var<tensor<i64>>, tensor<i64>
    %b, %tb = tfc.assign_add %w, %x after(%t, %ta) : !tfc.var<tensor<i64>>, tensor<i64>
    %c, %tc = tfc.assign_sub %w, %x : !tfc.var<tensor<i64>>, tensor<i64>
    tfc.fetch %c : tensor<i64> targets(%tb)
  }
  return %r : tensor<i64>
}
