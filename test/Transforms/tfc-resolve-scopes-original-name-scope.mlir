// RUN: tfc-opt %s --split-input-file --tfc-resolve-scopes | FileCheck %s

// auxiliary_name_scope=False: the variable scope opens no name scope, its
// ops stay in the current one.
//
//   with tf.variable_scope("outer"):
//     with tf.variable_scope("inner", auxiliary_name_scope=False) as inner:
//       tf.get_variable("w", [])             # outer/inner/w
//       tf.constant([], name="c")            # outer/c
//   with tf.variable_scope(inner, auxiliary_name_scope=False):
//     tf.get_variable("w1", [])              # outer/inner/w1
//     tf.constant([], name="c1")             # c1
// CHECK: tfc.global_variable @"outer/inner/w"
// CHECK: tfc.global_variable @"outer/inner/w1"
// CHECK-LABEL: func.func @no_auxiliary_name_scope
// CHECK: tfc.constant {{.*}} {tfc.name = "outer/c"}
// CHECK: tfc.constant {{.*}} {tfc.name = "c1"}
func.func @no_auxiliary_name_scope() {
  tfc.graph {
    tfc.variable_scope "outer" {
      tfc.variable_scope "inner" as @inner auxiliary_name_scope = false {
        %w = tfc.get_variable "w" : tensor<f32>
        %c = tfc.constant dense<1.0> : tensor<f32> {tfc.name = "c"}
        tfc.yield
      }
      tfc.yield
    }
    tfc.variable_scope @inner auxiliary_name_scope = false {
      %w1 = tfc.get_variable "w1" : tensor<f32>
      %c1 = tfc.constant dense<1.0> : tensor<f32> {tfc.name = "c1"}
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

// A default-named scope without a name scope of its own.
//
//   with tf.variable_scope(None, default_name="default", auxiliary_name_scope=False):
//     tf.get_variable("w", [])               # default/w
//     tf.constant([], name="c")              # c
//   with tf.variable_scope("outer"):
//     with tf.variable_scope(None, default_name="default", auxiliary_name_scope=False):
//       tf.get_variable("w", [])             # outer/default/w
//       tf.constant([], name="c")            # outer/c
// CHECK: tfc.global_variable @"default/w"
// CHECK: tfc.global_variable @"outer/default/w"
// CHECK-LABEL: func.func @default_name_without_name_scope
// CHECK: tfc.constant {{.*}} {tfc.name = "c"}
// CHECK: tfc.constant {{.*}} {tfc.name = "outer/c"}
func.func @default_name_without_name_scope() {
  tfc.graph {
    tfc.variable_scope default "default" auxiliary_name_scope = false {
      %w = tfc.get_variable "w" : tensor<f32>
      %c = tfc.constant dense<1.0> : tensor<f32> {tfc.name = "c"}
      tfc.yield
    }
    tfc.variable_scope "outer" {
      tfc.variable_scope default "default" auxiliary_name_scope = false {
        %w = tfc.get_variable "w" : tensor<f32>
        %c = tfc.constant dense<1.0> : tensor<f32> {tfc.name = "c"}
        tfc.yield
      }
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

// scope.original_name_scope: re-entering a scope object without a new name
// scope, its ops go back into the name scope it first opened, wherever it
// is re-entered.
//
//   with tf.variable_scope("outer"):
//     with tf.variable_scope("inner") as inner: pass
//   with tf.variable_scope(inner, auxiliary_name_scope=False) as scope:
//     with tf.name_scope(scope.original_name_scope):
//       tf.get_variable("w", [])             # outer/inner/w
//       tf.constant([], name="c")            # outer/inner/c
//     with tf.name_scope("inner"):
//       tf.constant([], name="c")            # inner/c
//   with tf.variable_scope("another"):
//     with tf.variable_scope(inner, auxiliary_name_scope=False) as scope1:
//       with tf.name_scope(scope1.original_name_scope):
//         tf.get_variable("w1", [])          # outer/inner/w1
//         tf.constant([], name="c1")         # outer/inner/c1
//       with tf.name_scope("inner"):
//         tf.constant([], name="c")          # another/inner/c
// CHECK: tfc.global_variable @"outer/inner/w"
// CHECK: tfc.global_variable @"outer/inner/w1"
// CHECK-LABEL: func.func @original_name_scope
// CHECK: tfc.constant {{.*}} {tfc.name = "outer/inner/c"}
// CHECK: tfc.constant {{.*}} {tfc.name = "inner/c"}
// CHECK: tfc.constant {{.*}} {tfc.name = "outer/inner/c1"}
// CHECK: tfc.constant {{.*}} {tfc.name = "another/inner/c"}
func.func @original_name_scope() {
  tfc.graph {
    tfc.variable_scope "outer" {
      tfc.variable_scope "inner" as @inner {
        tfc.yield
      }
      tfc.yield
    }
    tfc.variable_scope @inner auxiliary_name_scope = false {
      tfc.name_scope original_name_scope @inner {
        %w = tfc.get_variable "w" : tensor<f32>
        %c = tfc.constant dense<1.0> : tensor<f32> {tfc.name = "c"}
        tfc.yield
      }
      tfc.name_scope "inner" {
        %c = tfc.constant dense<1.0> : tensor<f32> {tfc.name = "c"}
        tfc.yield
      }
      tfc.yield
    }
    tfc.variable_scope "another" {
      tfc.variable_scope @inner auxiliary_name_scope = false {
        tfc.name_scope original_name_scope @inner {
          %w1 = tfc.get_variable "w1" : tensor<f32>
          %c1 = tfc.constant dense<1.0> : tensor<f32> {tfc.name = "c1"}
          tfc.yield
        }
        tfc.name_scope "inner" {
          %c = tfc.constant dense<1.0> : tensor<f32> {tfc.name = "c"}
          tfc.yield
        }
        tfc.yield
      }
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

// Without auxiliary_name_scope=False a re-entered scope opens a new name
// scope of its name, and its original one stays the first.
//
//   with tf.variable_scope("model") as model: pass
//   with tf.variable_scope(model) as again:
//     tf.constant([], name="c")                 # model_1/c
//     with tf.name_scope(again.original_name_scope):
//       tf.constant([], name="c")               # model/c
// CHECK-LABEL: func.func @reentered
// CHECK: tfc.constant {{.*}} {tfc.name = "model_1/c"}
// CHECK: tfc.constant {{.*}} {tfc.name = "model/c"}
func.func @reentered() {
  tfc.graph {
    tfc.variable_scope "model" as @model {
      tfc.yield
    }
    tfc.variable_scope @model as @again {
      %c = tfc.constant dense<1.0> : tensor<f32> {tfc.name = "c"}
      tfc.name_scope original_name_scope @again {
        %c2 = tfc.constant dense<1.0> : tensor<f32> {tfc.name = "c"}
        tfc.yield
      }
      tfc.yield
    }
    tfc.fetch
  }
  return
}
