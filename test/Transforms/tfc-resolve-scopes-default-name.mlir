// RUN: tfc-opt %s --split-input-file --tfc-resolve-scopes | FileCheck %s

// tf.variable_scope(None, default_name=...): the default name is made unique
// among the variable scopes opened in the current one, and the name scope
// of its ops is made unique as name scopes always are.
//
//   def merge(...):
//     with tf.variable_scope(None, default_name="merge"):
//       with tf.variable_scope("proj_0"):      # tf.layers.dense(name="proj_0")
//         tf.get_variable("kernel", [2, 3])
//         -x
//   merge(...); merge(...)
//   # merge/proj_0/kernel:0, merge_1/proj_0/kernel:0
//   # ops merge/proj_0/Neg, merge_1/proj_0/Neg
// CHECK: tfc.global_variable @"merge/proj_0/kernel" : tensor<2x3xf32>
// CHECK: tfc.global_variable @"merge_1/proj_0/kernel" : tensor<2x3xf32>
// CHECK-NOT: tfc.global_variable
// CHECK-LABEL: func.func @merge_twice
// CHECK: tfc.neg {{.*}} {tfc.name = "merge/proj_0/Neg"}
// CHECK: tfc.neg {{.*}} {tfc.name = "merge_1/proj_0/Neg"}
// CHECK-NOT: tfc.variable_scope
func.func @merge_twice(%x: tensor<f32>) {
  tfc.graph {
    tfc.variable_scope default "merge" {
      tfc.variable_scope "proj_0" {
        %k = tfc.get_variable "kernel" : tensor<2x3xf32>
        %n = tfc.neg %x : tensor<f32>
        tfc.yield
      }
      tfc.yield
    }
    tfc.variable_scope default "merge" {
      tfc.variable_scope "proj_0" {
        %k = tfc.get_variable "kernel" : tensor<2x3xf32>
        %n = tfc.neg %x : tensor<f32>
        tfc.yield
      }
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

// The variable scope and the name scope are numbered apart: a name scope
// "layer" taken earlier makes the ops' scope layer_1 while the variable
// scope is layer; a variable scope opened by name counts too, and a given
// name wins over the default one.
//
//   with tf.name_scope("layer"): pass
//   with tf.variable_scope(None, default_name="layer"):
//     tf.get_variable("w", []); -x     # layer/w, layer_1/Neg
//   with tf.variable_scope(None, default_name="layer"):
//     tf.get_variable("w", []); -x     # layer_1/w, layer_2/Neg
//   with tf.variable_scope("given", default_name="layer"):
//     tf.get_variable("w", [])         # given/w
//   with tf.variable_scope("block"): tf.get_variable("w", [])   # block/w
//   with tf.variable_scope(None, default_name="block"):
//     tf.get_variable("w", [])         # block_1/w
// CHECK: tfc.global_variable @"layer/w"
// CHECK: tfc.global_variable @"layer_1/w"
// CHECK: tfc.global_variable @"given/w"
// CHECK: tfc.global_variable @"block/w"
// CHECK: tfc.global_variable @"block_1/w"
// CHECK-LABEL: func.func @separate_counts
// CHECK: tfc.neg {{.*}} {tfc.name = "layer_1/Neg"}
// CHECK: tfc.neg {{.*}} {tfc.name = "layer_2/Neg"}
func.func @separate_counts(%x: tensor<f32>) {
  tfc.graph {
    tfc.name_scope "layer" {
      tfc.yield
    }
    tfc.variable_scope default "layer" {
      %w = tfc.get_variable "w" : tensor<f32>
      %n = tfc.neg %x : tensor<f32>
      tfc.yield
    }
    tfc.variable_scope default "layer" {
      %w = tfc.get_variable "w" : tensor<f32>
      %n = tfc.neg %x : tensor<f32>
      tfc.yield
    }
    tfc.variable_scope "given" default "layer" {
      %w = tfc.get_variable "w" : tensor<f32>
      tfc.yield
    }
    tfc.variable_scope "block" {
      %w = tfc.get_variable "w" : tensor<f32>
      tfc.yield
    }
    tfc.variable_scope default "block" {
      %w = tfc.get_variable "w" : tensor<f32>
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

// The numbering is per enclosing variable scope, and is reset when that
// scope is left: reopening it by name numbers its default-named scopes from
// the start again (the same variables, here shared with reuse).
//
//   with tf.variable_scope(None, default_name="merge"): tf.get_variable("w", [])  # merge/w
//   with tf.variable_scope("outer"):
//     with tf.variable_scope(None, default_name="merge"): ...   # outer/merge/w
//     with tf.variable_scope(None, default_name="merge"): ...   # outer/merge_1/w
//   with tf.variable_scope("outer", reuse=True):
//     with tf.variable_scope(None, default_name="merge"):
//       tf.get_variable("w", [])                              # outer/merge/w again
// CHECK: tfc.global_variable @"merge/w"
// CHECK: tfc.global_variable @"outer/merge/w"
// CHECK: tfc.global_variable @"outer/merge_1/w"
// CHECK-NOT: tfc.global_variable
// CHECK-LABEL: func.func @reset_on_exit
// CHECK: tfc.var_handle @"merge/w"
// CHECK: tfc.var_handle @"outer/merge/w"
// CHECK: tfc.var_handle @"outer/merge_1/w"
// CHECK: tfc.var_handle @"outer/merge/w"
func.func @reset_on_exit() {
  tfc.graph {
    tfc.variable_scope default "merge" {
      %w = tfc.get_variable "w" : tensor<f32>
      tfc.yield
    }
    tfc.variable_scope "outer" {
      tfc.variable_scope default "merge" {
        %w = tfc.get_variable "w" : tensor<f32>
        tfc.yield
      }
      tfc.variable_scope default "merge" {
        %w = tfc.get_variable "w" : tensor<f32>
        tfc.yield
      }
      tfc.yield
    }
    tfc.variable_scope "outer" reuse {
      tfc.variable_scope default "merge" {
        %w = tfc.get_variable "w" : tensor<f32>
        tfc.yield
      }
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

// Re-entering a scope object does not disturb the numbering of the scope it
// is entered in: when it is left, the counts are restored.
//
//   with tf.variable_scope("default") as default:
//     with tf.variable_scope(None, "layer"): tf.get_variable("w", [])  # default/layer/w
//     with tf.variable_scope(None, "layer"): tf.get_variable("w", [])  # default/layer_1/w
//     with tf.variable_scope(default): pass
//     with tf.variable_scope(None, "layer"): tf.get_variable("w", [])  # default/layer_2/w
// CHECK: tfc.global_variable @"default/layer/w"
// CHECK: tfc.global_variable @"default/layer_1/w"
// CHECK: tfc.global_variable @"default/layer_2/w"
// CHECK-LABEL: func.func @jump
func.func @jump() {
  tfc.graph {
    tfc.variable_scope "default" as @default {
      tfc.variable_scope default "layer" {
        %w = tfc.get_variable "w" : tensor<f32>
        tfc.yield
      }
      tfc.variable_scope default "layer" {
        %w = tfc.get_variable "w" : tensor<f32>
        tfc.yield
      }
      tfc.variable_scope @default {
        tfc.yield
      }
      tfc.variable_scope default "layer" {
        %w = tfc.get_variable "w" : tensor<f32>
        tfc.yield
      }
      tfc.yield
    }
    tfc.fetch
  }
  return
}
