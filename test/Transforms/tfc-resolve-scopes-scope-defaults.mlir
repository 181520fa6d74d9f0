// RUN: tfc-opt %s --split-input-file --tfc-resolve-scopes | FileCheck %s

// tf.variable_scope(..., initializer=...): the default initializer of the
// get_variables inside. An explicit initializer wins, a nested scope
// inherits it or sets its own, and a scope object re-entered brings its
// own back wherever it is entered.
//
//   with tf.variable_scope("foo", initializer=tf.constant_initializer(0.3)) as foo:
//     v = tf.get_variable("v", [])                                    # 0.3
//     w = tf.get_variable("w", [], initializer=tf.zeros_initializer()) # 0
//     with tf.variable_scope("bar"):
//       x = tf.get_variable("x", [])                                  # 0.3
//     with tf.variable_scope("baz", initializer=tf.ones_initializer()):
//       y = tf.get_variable("y", [])                                  # 1
//   with tf.variable_scope("other", initializer=tf.ones_initializer()):
//     with tf.variable_scope(foo):
//       z = tf.get_variable("z", [])                                  # 0.3
//   t = tf.get_variable("t", [])                                      # glorot
// CHECK-DAG: tfc.global_variable @"foo/v" : tensor<f32> init #tfc.constant<dense<3.000000e-01> : tensor<f32>>
// CHECK-DAG: tfc.global_variable @"foo/w" : tensor<f32> init #tfc.zeros
// CHECK-DAG: tfc.global_variable @"foo/bar/x" : tensor<f32> init #tfc.constant<dense<3.000000e-01> : tensor<f32>>
// CHECK-DAG: tfc.global_variable @"foo/baz/y" : tensor<f32> init #tfc.ones
// CHECK-DAG: tfc.global_variable @"foo/z" : tensor<f32> init #tfc.constant<dense<3.000000e-01> : tensor<f32>>
// CHECK-DAG: tfc.global_variable @t : tensor<f32> init #tfc.glorot_uniform
// CHECK-LABEL: func.func @initializer
func.func @initializer() {
  tfc.graph {
    tfc.variable_scope "foo" as @foo init #tfc.constant<dense<0.3> : tensor<f32>> {
      %v = tfc.get_variable "v" : tensor<f32>
      %w = tfc.get_variable "w" : tensor<f32> init #tfc.zeros
      tfc.variable_scope "bar" {
        %x = tfc.get_variable "x" : tensor<f32>
        tfc.yield
      }
      tfc.variable_scope "baz" init #tfc.ones {
        %y = tfc.get_variable "y" : tensor<f32>
        tfc.yield
      }
      tfc.yield
    }
    tfc.variable_scope "other" init #tfc.ones {
      tfc.variable_scope @foo {
        %z = tfc.get_variable "z" : tensor<f32>
        tfc.yield
      }
      tfc.yield
    }
    %t = tfc.get_variable "t" : tensor<f32>
    tfc.fetch
  }
  return
}

// -----

// A tensor given as the scope's initializer gives the shape and dtype of
// the variables that write neither.
//
//   with tf.variable_scope("foo", initializer=tf.constant([1, 2])):
//     v = tf.get_variable("v")     # int32, shape (2,)
// CHECK: tfc.global_variable @"foo/v" : tensor<2xi32> init #tfc.constant<dense<[1, 2]> : tensor<2xi32>>
// CHECK-LABEL: func.func @tensor_initializer
// CHECK: tfc.var_handle @"foo/v" : !tfc.var<tensor<2xi32>>
func.func @tensor_initializer() {
  tfc.graph {
    tfc.variable_scope "foo" init #tfc.constant<dense<[1, 2]> : tensor<2xi32>> {
      %v = tfc.get_variable "v"
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

// tf.variable_scope(..., dtype=...): the dtype of the get_variables inside
// that give a shape but no dtype. An explicit dtype wins, a nested scope
// inherits it or sets its own, a scope object re-entered brings its own
// back, and a variable shared without a dtype is checked against it.
//
//   with tf.variable_scope("half", dtype=tf.float16) as half:
//     a = tf.get_variable("a", [2])                      # float16
//     b = tf.get_variable("b", [2], dtype=tf.float32)    # float32
//     with tf.variable_scope("inner"):
//       c = tf.get_variable("c", [])                     # float16
//     with tf.variable_scope("wide", dtype=tf.float64):
//       d = tf.get_variable("d", [])                     # float64
//   with tf.variable_scope(half):
//     e = tf.get_variable("e", [3])                      # float16
//   with tf.variable_scope(half, reuse=True):
//     a2 = tf.get_variable("a")                          # a, no dtype error
//   f = tf.get_variable("f", [2])                        # float32
// CHECK-DAG: tfc.global_variable @"half/a" : tensor<2xf16> init #tfc.glorot_uniform
// CHECK-DAG: tfc.global_variable @"half/b" : tensor<2xf32>
// CHECK-DAG: tfc.global_variable @"half/inner/c" : tensor<f16>
// CHECK-DAG: tfc.global_variable @"half/wide/d" : tensor<f64>
// CHECK-DAG: tfc.global_variable @"half/e" : tensor<3xf16>
// CHECK-DAG: tfc.global_variable @f : tensor<2xf32>
// CHECK-LABEL: func.func @dtype
// The ops reading a variable whose dtype came from its scope re-infer theirs.
// CHECK: %[[A:.*]] = tfc.var_handle @"half/a" : !tfc.var<tensor<2xf16>>
// CHECK: tfc.read %[[A]] {{.*}} : !tfc.var<tensor<2xf16>>
// CHECK: tfc.neg %{{.*}} : tensor<2xf16>
// CHECK: tfc.var_handle @"half/a" : !tfc.var<tensor<2xf16>>
func.func @dtype() {
  tfc.graph {
    tfc.variable_scope "half" as @half dtype f16 {
      %a = tfc.get_variable "a" shape [2]
      %av, %t = tfc.read %a : !tfc.var<tensor<2xf32>>
      %n = tfc.neg %av : tensor<2xf32>
      %b = tfc.get_variable "b" : tensor<2xf32>
      tfc.variable_scope "inner" {
        %c = tfc.get_variable "c" shape []
        tfc.yield
      }
      tfc.variable_scope "wide" dtype f64 {
        %d = tfc.get_variable "d" shape []
        tfc.yield
      }
      tfc.yield
    }
    tfc.variable_scope @half {
      %e = tfc.get_variable "e" shape [3]
      tfc.yield
    }
    tfc.variable_scope @half reuse {
      %a2 = tfc.get_variable "a"
      tfc.yield
    }
    %f = tfc.get_variable "f" shape [2]
    tfc.fetch
  }
  return
}
