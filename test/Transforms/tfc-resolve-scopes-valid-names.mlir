// RUN: tfc-opt %s --split-input-file --tfc-resolve-scopes --verify-diagnostics | FileCheck %s

// TensorFlow's names: at the root [A-Za-z0-9.][A-Za-z0-9_.\-/]*, inside a
// scope [A-Za-z0-9_.\-/]*.
//
//   with tf.name_scope("outer"):
//     with tf.name_scope("_inner"):          # fine inside a scope
//       tf.negative(x, name="-x.1")          # outer/_inner/-x.1
//   with tf.name_scope(".dot"):              # fine at the root
//     tf.negative(x)                         # .dot/Neg
// CHECK-LABEL: func.func @valid
// CHECK: tfc.neg {{.*}} {tfc.name = "outer/_inner/-x.1"}
// CHECK: tfc.neg {{.*}} {tfc.name = ".dot/Neg"}
func.func @valid(%x: tensor<f32>) {
  tfc.graph {
    tfc.name_scope "outer" {
      tfc.name_scope "_inner" {
        %n = tfc.neg %x {tfc.name = "-x.1"} : tensor<f32>
        tfc.yield
      }
      tfc.yield
    }
    tfc.name_scope ".dot" {
      %n = tfc.neg %x : tensor<f32>
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

//   with tf.name_scope("_bar"): ...
//   # ValueError: '_bar' is not a valid scope name
func.func @underscore_at_root(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'_bar' is not a valid scope name}}
    tfc.name_scope "_bar" {
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

//   with tf.name_scope("outer"):
//     with tf.name_scope("foo:0"): ...
//   # ValueError: 'foo:0' is not a valid scope name
func.func @colon_in_scope(%x: tensor<f32>) {
  tfc.graph {
    tfc.name_scope "outer" {
      // expected-error @+1 {{'foo:0' is not a valid scope name}}
      tfc.name_scope "foo:0" {
        tfc.yield
      }
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

//   tf.negative(x, name="foo:0")
//   # ValueError: 'foo:0' is not a valid scope name
func.func @colon_in_op_name(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'foo:0' is not a valid scope name}}
    %n = tfc.neg %x {tfc.name = "foo:0"} : tensor<f32>
    tfc.fetch
  }
  return
}

// -----

//   tf.negative(x, name="_neg")
//   # ValueError: '_neg' is not a valid scope name
func.func @underscore_op_at_root(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'_neg' is not a valid scope name}}
    %n = tfc.neg %x {tfc.name = "_neg"} : tensor<f32>
    tfc.fetch
  }
  return
}

// -----

//   with tf.variable_scope("a b"): ...
//   # ValueError: 'a b' is not a valid scope name
func.func @space_in_variable_scope() {
  tfc.graph {
    // expected-error @+1 {{'a b' is not a valid scope name}}
    tfc.variable_scope "a b" {
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

//   tf.Variable(1.0, name="v:0")
//   # ValueError: 'v:0' is not a valid scope name
func.func @colon_in_variable() {
  tfc.graph {
    // expected-error @+1 {{'v:0' is not a valid scope name}}
    %v = tfc.variable "v:0" : tensor<f32> init #tfc.zeros
    tfc.fetch
  }
  return
}

// -----

//   tf.get_variable("w:0", [])
//   # ValueError: 'w:0' is not a valid scope name
func.func @colon_in_get_variable() {
  tfc.graph {
    // expected-error @+1 {{'w:0' is not a valid scope name}}
    %w = tfc.get_variable "w:0" : tensor<f32>
    tfc.fetch
  }
  return
}

// -----

// A get_variable is created at the root under its full name, so a variable
// scope that opened no name scope of its own was not checked until then.
//
//   with tf.variable_scope("_s", auxiliary_name_scope=False):
//     tf.get_variable("w", [])
//   # ValueError: '_s/w' is not a valid scope name
func.func @underscore_variable_scope() {
  tfc.graph {
    tfc.variable_scope "_s" auxiliary_name_scope = false {
      // expected-error @+1 {{'_s/w' is not a valid scope name}}
      %w = tfc.get_variable "w" : tensor<f32>
      tfc.yield
    }
    tfc.fetch
  }
  return
}
