// RUN: tfc-opt %s --split-input-file --tfc-resolve-scopes --verify-diagnostics | FileCheck %s

// A name ending in "/" is absolute, as the names an earlier name_scope
// returned are: the scope is entered, the op named, exactly as given.
//
//   with tf.name_scope("foo"):
//     with tf.name_scope("bar/"):
//       tf.negative(x)                       # bar/Neg
//     tf.negative(x, name="baz/")            # baz
//     tf.Variable(0.0, name="var/")          # var
//     tf.negative(x, name="baz")             # foo/baz
// CHECK: tfc.global_variable @var : tensor<f32>
// CHECK-LABEL: func.func @absolute
// CHECK: tfc.neg {{.*}} {tfc.name = "bar/Neg"}
// CHECK: tfc.neg {{.*}} {tfc.name = "baz"}
// CHECK: tfc.neg {{.*}} {tfc.name = "foo/baz"}
func.func @absolute(%x: tensor<f32>) {
  tfc.graph {
    tfc.name_scope "foo" {
      tfc.name_scope "bar/" {
        %n = tfc.neg %x : tensor<f32>
        tfc.yield
      }
      %m = tfc.neg %x {tfc.name = "baz/"} : tensor<f32>
      %v = tfc.variable "var/" : tensor<f32> init #tfc.zeros
      %k = tfc.neg %x {tfc.name = "baz"} : tensor<f32>
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

// An absolute name is not made unique: a second node of that name is an
// error, as TensorFlow's graph reports it.
//
//   tf.negative(x, name="bar/"); tf.negative(x, name="bar/")
//   # InvalidArgumentError: Duplicate node name in graph: 'bar'
func.func @duplicate(%x: tensor<f32>) {
  tfc.graph {
    %n = tfc.neg %x {tfc.name = "bar/"} : tensor<f32>
    // expected-error @+1 {{Duplicate node name in graph: 'bar'}}
    %m = tfc.neg %x {tfc.name = "bar/"} : tensor<f32>
    tfc.fetch
  }
  return
}
