// RUN: tfc-opt %s --split-input-file --tfc-resolve-scopes | FileCheck %s

// name_scope does not prefix get_variable; tf.Variable names are prefixed
// and made unique.
// CHECK-LABEL: module
// CHECK-DAG: tfc.global_variable @var1 : tensor<1xf32> init #tfc.glorot_uniform collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
// CHECK-DAG: tfc.global_variable @"name_scope_x/var2" : tensor<1xf32> init #tfc.constant<dense<2.000000e+00> : tensor<1xf32>>
// CHECK-DAG: tfc.global_variable @"name_scope_x/var2_1" : tensor<1xf32>
// CHECK: func.func @name_scope_and_variables
// CHECK-DAG: tfc.var_handle @var1 : !tfc.var<tensor<1xf32>>
// CHECK-DAG: tfc.var_handle @"name_scope_x/var2" : !tfc.var<tensor<1xf32>>
// CHECK-DAG: tfc.var_handle @"name_scope_x/var2_1" : !tfc.var<tensor<1xf32>>
// CHECK-NOT: tfc.name_scope
// CHECK-NOT: tfc.get_variable
// CHECK-NOT: tfc.variable
func.func @name_scope_and_variables() {
  tfc.graph {
    tfc.name_scope "name_scope_x" {
      %var1 = tfc.get_variable "var1" : tensor<1xf32>
      %var3 = tfc.variable "var2" init #tfc.constant<dense<[2.0]> : tensor<1xf32>>
      %var4 = tfc.variable "var2" init #tfc.constant<dense<[2.0]> : tensor<1xf32>>
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

// scope.reuse_variables() shares var1; tf.Variable still makes new ones.
// CHECK: tfc.global_variable @"variable_scope_y/var1" : tensor<1xf32>
// CHECK: tfc.global_variable @"variable_scope_y/var2" : tensor<1xf32>
// CHECK: tfc.global_variable @"variable_scope_y/var2_1" : tensor<1xf32>
// CHECK-NOT: tfc.global_variable
// CHECK-LABEL: func.func @reuse_variables
// CHECK: %[[A:.*]] = tfc.var_handle @"variable_scope_y/var1"
// CHECK: %[[B:.*]] = tfc.var_handle @"variable_scope_y/var1"
// CHECK: tfc.var_handle @"variable_scope_y/var2"
// CHECK: tfc.var_handle @"variable_scope_y/var2_1"
// CHECK-NOT: tfc.reuse_variables
func.func @reuse_variables() {
  tfc.graph {
    tfc.variable_scope "variable_scope_y" {
      %var1 = tfc.get_variable "var1" : tensor<1xf32>
      tfc.reuse_variables
      %var1_reuse = tfc.get_variable "var1"
      %var2 = tfc.variable "var2" init #tfc.constant<dense<[2.0]> : tensor<1xf32>>
      %var2_reuse = tfc.variable "var2" init #tfc.constant<dense<[2.0]> : tensor<1xf32>>
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

// variable_scope names variables and ops; name_scope only ops.
// CHECK: tfc.global_variable @"foo/v" : tensor<1xf32>
// CHECK-LABEL: func.func @foo_bar_add
// CHECK: %[[V:.*]] = tfc.var_handle @"foo/v"
// CHECK: tfc.constant {{.*}} {tfc.name = "foo/bar/Const"}
// CHECK: tfc.read %[[V]] {tfc.name = "foo/bar/read"}
// CHECK: tfc.add {{.*}} {tfc.name = "foo/bar/add"}
func.func @foo_bar_add() -> tensor<1xf32> {
  %r = tfc.graph -> (tensor<1xf32>) {
    %x = tfc.variable_scope "foo" -> (tensor<1xf32>) {
      %y = tfc.name_scope "bar" -> (tensor<1xf32>) {
        %v = tfc.get_variable "v" : tensor<1xf32>
        %one = tfc.constant dense<1.0> : tensor<f32>
        %vv, %t = tfc.read %v : !tfc.var<tensor<1xf32>>
        %sum = tfc.add %one, %vv : tensor<f32>, tensor<1xf32>
        tfc.yield %sum : tensor<1xf32>
      }
      tfc.yield %y : tensor<1xf32>
    }
    tfc.fetch %x : tensor<1xf32>
  }
  return %r : tensor<1xf32>
}

// -----

// Op names are unique per graph, case-insensitively; name scopes entered
// again are made unique; a scope name ending in "/" re-enters that scope;
// "" goes back to the root; explicit names are scoped and made unique too.
// CHECK-LABEL: func.func @unique_names
// CHECK: tfc.neg %{{.*}} {tfc.name = "Neg"}
// CHECK: tfc.neg %{{.*}} {tfc.name = "Neg_1"}
// CHECK: tfc.neg %{{.*}} {tfc.name = "s/Neg"}
// CHECK: tfc.neg %{{.*}} {tfc.name = "s_1/Neg"}
// CHECK: tfc.neg %{{.*}} {tfc.name = "s/Neg_1"}
// CHECK: tfc.neg %{{.*}} {tfc.name = "Neg_2"}
// CHECK: tfc.neg %{{.*}} {tfc.name = "s_1/my_op"}
// CHECK: tfc.neg %{{.*}} {tfc.name = "s_1/my_op_1"}
// CHECK: tfc.neg %{{.*}} {tfc.name = "neg_3"}
func.func @unique_names(%x: tensor<f32>) {
  tfc.graph {
    %0 = tfc.neg %x : tensor<f32>
    %1 = tfc.neg %x : tensor<f32>
    tfc.name_scope "s" {
      %2 = tfc.neg %x : tensor<f32>
      tfc.yield
    }
    tfc.name_scope "s" {
      %3 = tfc.neg %x : tensor<f32>
      tfc.yield
    }
    tfc.name_scope "s/" {
      %4 = tfc.neg %x : tensor<f32>
      tfc.name_scope "" {
        %5 = tfc.neg %x : tensor<f32>
        tfc.yield
      }
      tfc.yield
    }
    tfc.name_scope "s_1/" {
      %6 = tfc.neg %x {tfc.name = "my_op"} : tensor<f32>
      %7 = tfc.neg %x {tfc.name = "my_op"} : tensor<f32>
      tfc.yield
    }
    %8 = tfc.neg %x {tfc.name = "neg"} : tensor<f32>
    tfc.fetch
  }
  return
}

// -----

// Sharing with reuse=True by name and by a captured scope object; the
// re-entered scopes open new name scopes (foo_1, foo_2) for their ops.
// CHECK: tfc.global_variable @"foo/v" : tensor<1xf32>
// CHECK-NOT: tfc.global_variable
// CHECK-LABEL: func.func @sharing
// CHECK: tfc.var_handle @"foo/v"
// CHECK: tfc.neg {{.*}} {tfc.name = "foo/Neg"}
// CHECK: tfc.var_handle @"foo/v"
// CHECK: tfc.neg {{.*}} {tfc.name = "foo_1/Neg"}
// CHECK: tfc.var_handle @"foo/v"
// CHECK: tfc.neg {{.*}} {tfc.name = "other/foo/Neg"}
func.func @sharing(%x: tensor<f32>) {
  tfc.graph {
    tfc.variable_scope "foo" as @foo_scope {
      %v = tfc.get_variable "v" : tensor<1xf32>
      %n = tfc.neg %x : tensor<f32>
      tfc.yield
    }
    tfc.variable_scope "foo" reuse {
      %v1 = tfc.get_variable "v"
      %n = tfc.neg %x : tensor<f32>
      tfc.yield
    }
    tfc.variable_scope "other" {
      // The captured scope keeps its own name wherever it is entered.
      tfc.variable_scope @foo_scope reuse {
        %v2 = tfc.get_variable "v" : tensor<1xf32>
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

// AUTO_REUSE creates the first time and shares afterwards; reuse is
// inherited by nested scopes.
// CHECK: tfc.global_variable @"auto/w" : tensor<2xf32>
// CHECK: tfc.global_variable @"auto/inner/b" : tensor<2xf32>
// CHECK-NOT: tfc.global_variable
// CHECK-LABEL: func.func @auto_reuse
// CHECK-COUNT-2: tfc.var_handle @"auto/w"
// CHECK-COUNT-2: tfc.var_handle @"auto/inner/b"
func.func @auto_reuse() {
  tfc.graph {
    tfc.variable_scope "auto" auto_reuse {
      %w0 = tfc.get_variable "w" : tensor<2xf32>
      %w1 = tfc.get_variable "w" : tensor<2xf32>
      tfc.variable_scope "inner" {
        %b0 = tfc.get_variable "b" : tensor<2xf32> init #tfc.zeros
        %b1 = tfc.get_variable "b"
        tfc.yield
      }
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

// Collections: GLOBAL_VARIABLES and TRAINABLE_VARIABLES by default,
// trainable=false leaves TRAINABLE_VARIABLES out, `collections` replaces
// GLOBAL_VARIABLES, tfc.add_to_collection adds one; device and initializer
// are kept.
// CHECK-DAG: tfc.global_variable @a : tensor<2xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
// CHECK-DAG: tfc.global_variable @b : tensor<2xf32> init #tfc.ones collections ["GLOBAL_VARIABLES"]
// CHECK-DAG: tfc.global_variable @c : tensor<i64> init #tfc.zeros collections ["LOCAL_VARIABLES"]
// CHECK-DAG: tfc.global_variable @d : tensor<3xf32> init #tfc.random_normal<stddev = {{.*}}, seed = 4> collections ["my_collection", "TRAINABLE_VARIABLES", "extra"] {device = "/device:GPU:1"}
// CHECK-LABEL: func.func @collections
// CHECK-NOT: tfc.add_to_collection
func.func @collections() {
  tfc.graph {
    %a = tfc.get_variable "a" : tensor<2xf32> init #tfc.zeros
    %b = tfc.get_variable "b" : tensor<2xf32> init #tfc.ones {trainable = false}
    %c = tfc.get_variable "c" : tensor<i64> init #tfc.zeros {trainable = false, collections = ["LOCAL_VARIABLES"]}
    %d = tfc.get_variable "d" : tensor<3xf32> init #tfc.random_normal<stddev = 0.5, seed = 4> {collections = ["my_collection"], device = "/device:GPU:1"}
    tfc.add_to_collection "extra", %d : !tfc.var<tensor<3xf32>>
    tfc.add_to_collection "my_collection", %d : !tfc.var<tensor<3xf32>>
    tfc.fetch
  }
  return
}

// -----

// A reused variable written without a type takes the existing one's; the
// ops reading it re-infer their types, and a tensor.cast keeps the declared
// type where the graph returns it.
// CHECK-LABEL: func.func @refine_types
// CHECK-COUNT-2: tfc.var_handle @"s/v" : !tfc.var<tensor<3xf32>>
// CHECK: %[[X:[a-z_0-9]+]], %{{.*}} = tfc.read %[[V:[0-9]+]] {{.*}} : !tfc.var<tensor<3xf32>>
// CHECK: %[[Y:.*]] = tfc.neg %[[X]] {{.*}} : tensor<3xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[Y]] : tensor<3xf32> to tensor<*xf32>
// CHECK: tfc.fetch %[[C]] : tensor<*xf32>
func.func @refine_types() -> tensor<*xf32> {
  %r = tfc.graph -> (tensor<*xf32>) {
    tfc.variable_scope "s" {
      %v = tfc.get_variable "v" : tensor<3xf32>
      tfc.yield
    }
    %y = tfc.variable_scope "s" reuse -> (tensor<*xf32>) {
      %v = tfc.get_variable "v"
      %x, %t = tfc.read %v : !tfc.var<tensor<*xf32>>
      %n = tfc.neg %x : tensor<*xf32>
      tfc.yield %n : tensor<*xf32>
    }
    tfc.fetch %y : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}

// -----

// All graphs of a module are one TensorFlow graph: a second entry point
// shares the first one's variables with reuse, and names stay unique.
// CHECK: tfc.global_variable @"model/w" : tensor<2x2xf32>
// CHECK-NOT: tfc.global_variable
// CHECK-LABEL: func.func @train
// CHECK: tfc.matmul {{.*}} {tfc.name = "model/MatMul"}
// CHECK-LABEL: func.func @serve
// CHECK: tfc.var_handle @"model/w"
// CHECK: tfc.matmul {{.*}} {tfc.name = "model_1/MatMul"}
func.func @train(%x: tensor<2x2xf32>) {
  tfc.graph {
    tfc.variable_scope "model" {
      %w = tfc.get_variable "w" : tensor<2x2xf32>
      %wv, %t = tfc.read %w : !tfc.var<tensor<2x2xf32>>
      %y = tfc.matmul %x, %wv : tensor<2x2xf32>, tensor<2x2xf32>
      tfc.yield
    }
    tfc.fetch
  }
  return
}
func.func @serve(%x: tensor<2x2xf32>) {
  tfc.graph {
    tfc.variable_scope "model" reuse {
      %w = tfc.get_variable "w" : tensor<2x2xf32>
      %wv, %t = tfc.read %w : !tfc.var<tensor<2x2xf32>>
      %y = tfc.matmul %x, %wv : tensor<2x2xf32>, tensor<2x2xf32>
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

// An initial value using another variable's (v.initialized_value() + 1)
// moves into the global variable with a handle of its own.
// CHECK: tfc.global_variable @v : tensor<2xf32> init #tfc.constant<dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>>
// CHECK: tfc.global_variable @w : tensor<2xf32> collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"] initial_value {
// CHECK:   %[[H:.*]] = tfc.var_handle @v
// CHECK:   %[[ONE:.*]] = tfc.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NOT: tfc.name
// CHECK:   %[[I:.*]] = tfc.initialized_value %[[H]]
// CHECK:   %[[S:.*]] = tfc.add %[[I]], %[[ONE]]
// CHECK:   tfc.yield %[[S]] : tensor<2xf32>
// CHECK: }
func.func @initialized_value() {
  tfc.graph {
    %v = tfc.variable "v" init #tfc.constant<dense<[1.0, 2.0]> : tensor<2xf32>>
    %one = tfc.constant dense<1.0> : tensor<f32>
    %w = tfc.variable "w" initial_value {
      %v0 = tfc.initialized_value %v : !tfc.var<tensor<2xf32>>
      %w0 = tfc.add %v0, %one : tensor<2xf32>, tensor<f32>
      tfc.yield %w0 : tensor<2xf32>
    }
    tfc.fetch
  }
  return
}
