// RUN: tfc-opt %s --tfc-resolve-scopes | FileCheck %s

// A get_variable without an initializer, in no scope that gives one, takes
// TensorFlow's default for its dtype: Glorot uniform for floating point,
// zeros for integers and False for bool.
//
//   tf.get_variable("x", [2, 2])                        # glorot_uniform
//   tf.get_variable("d", [2], dtype=tf.float64)         # glorot_uniform
//   tf.get_variable("n", [], dtype=tf.int32)            # 0
//   tf.get_variable("b", [3], dtype=tf.int8)            # 0
//   tf.get_variable("l", [2], dtype=tf.int64)           # 0
//   tf.get_variable("flag", [], dtype=tf.bool)          # False
//   with tf.variable_scope("ints", dtype=tf.int32):
//     tf.get_variable("m", [4])                         # int32, 0
// CHECK-DAG: tfc.global_variable @x : tensor<2x2xf32> init #tfc.glorot_uniform
// CHECK-DAG: tfc.global_variable @d : tensor<2xf64> init #tfc.glorot_uniform
// CHECK-DAG: tfc.global_variable @n : tensor<i32> init #tfc.zeros
// CHECK-DAG: tfc.global_variable @b : tensor<3xi8> init #tfc.zeros
// CHECK-DAG: tfc.global_variable @l : tensor<2xi64> init #tfc.zeros
// CHECK-DAG: tfc.global_variable @flag : tensor<i1> init #tfc.zeros
// CHECK-DAG: tfc.global_variable @"ints/m" : tensor<4xi32> init #tfc.zeros
func.func @defaults() {
  tfc.graph {
    %x = tfc.get_variable "x" : tensor<2x2xf32>
    %d = tfc.get_variable "d" : tensor<2xf64>
    %n = tfc.get_variable "n" : tensor<i32>
    %b = tfc.get_variable "b" : tensor<3xi8>
    %l = tfc.get_variable "l" : tensor<2xi64>
    %flag = tfc.get_variable "flag" : tensor<i1>
    tfc.variable_scope "ints" dtype i32 {
      %m = tfc.get_variable "m" shape [4]
      tfc.yield
    }
    tfc.fetch
  }
  return
}
