// RUN: tfc-opt %s --split-input-file --tfc-resolve-scopes --verify-diagnostics | FileCheck %s

// tf.Variable and tf.get_variable share the graph's names but not the
// variables: get_variable shares only what get_variable created. A
// get_variable whose name a tf.Variable took first is stored under the name
// it asked for and named uniquely in the graph.
//
//   v1 = tf.Variable(0.0, name="v")            # v:0
//   v2 = tf.get_variable("v", [])              # v_1:0, stored as "v"
//   with tf.variable_scope("", reuse=True):
//     v3 = tf.get_variable("v")                # v2
//   v4 = tf.Variable(0.0, name="v")            # v_2:0
// CHECK: tfc.global_variable @v : tensor<f32> init #tfc.zeros
// CHECK: tfc.global_variable @v_1 : tensor<f32> init #tfc.glorot_uniform
// CHECK: tfc.global_variable @v_2 : tensor<f32> init #tfc.zeros
// CHECK-NOT: tfc.global_variable
// CHECK-LABEL: func.func @shared_names
// CHECK: tfc.var_handle @v :
// CHECK: tfc.var_handle @v_1 :
// CHECK: tfc.var_handle @v_1 :
// CHECK: tfc.var_handle @v_2 :
func.func @shared_names() {
  tfc.graph {
    %v1 = tfc.variable "v" : tensor<f32> init #tfc.zeros
    %v2 = tfc.get_variable "v" : tensor<f32>
    tfc.variable_scope "" reuse {
      %v3 = tfc.get_variable "v"
      tfc.yield
    }
    %v4 = tfc.variable "v" : tensor<f32> init #tfc.zeros
    tfc.fetch
  }
  return
}

// -----

//   w = tf.Variable(0.0, name="w")
//   with tf.variable_scope("", reuse=True):
//     tf.get_variable("w")
//   # ValueError: Variable w does not exist, or was not created with
//   # tf.get_variable(). ...
func.func @not_from_get_variable() {
  tfc.graph {
    %w = tfc.variable "w" : tensor<f32> init #tfc.zeros
    tfc.variable_scope "" reuse {
      // expected-error @+1 {{Variable w does not exist, or was not created with tf.get_variable(). Did you mean to set reuse=tf.AUTO_REUSE in VarScope?}}
      %w2 = tfc.get_variable "w"
      tfc.yield
    }
    tfc.fetch
  }
  return
}
