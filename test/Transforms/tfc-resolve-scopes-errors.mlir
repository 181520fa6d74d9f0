// RUN: tfc-opt %s --split-input-file --tfc-resolve-scopes --verify-diagnostics

func.func @already_exists() {
  tfc.graph {
    tfc.name_scope "name_scope_1" {
      // expected-note @+1 {{originally defined here}}
      %var1 = tfc.get_variable "var1" : tensor<1xf32>
      // expected-error @+1 {{Variable var1 already exists, disallowed. Did you mean to set reuse=True or reuse=tf.AUTO_REUSE in VarScope?}}
      %var2 = tfc.get_variable "var1" : tensor<1xf32>
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

func.func @does_not_exist() {
  tfc.graph {
    tfc.variable_scope "foo" reuse {
      // expected-error @+1 {{Variable foo/v does not exist, or was not created with tf.get_variable(). Did you mean to set reuse=tf.AUTO_REUSE in VarScope?}}
      %v = tfc.get_variable "v" : tensor<1xf32>
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

func.func @shape_mismatch() {
  tfc.graph {
    tfc.variable_scope "foo" {
      // expected-note @+1 {{originally defined here}}
      %v = tfc.get_variable "v" : tensor<1xf32>
      tfc.yield
    }
    tfc.variable_scope "foo" reuse {
      // expected-error @+1 {{Trying to share variable foo/v, but specified shape (2, 3) and found shape (1,).}}
      %v = tfc.get_variable "v" : tensor<2x3xf32>
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

func.func @dtype_mismatch() {
  tfc.graph {
    tfc.variable_scope "foo" auto_reuse {
      // expected-note @+1 {{originally defined here}}
      %v = tfc.get_variable "v" : tensor<1xf32>
      // expected-error @+1 {{Trying to share variable foo/v, but specified dtype float64 and found dtype float32.}}
      %w = tfc.get_variable "v" : tensor<1xf64>
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

func.func @shapeless_new_variable() {
  tfc.graph {
    // expected-error @+1 {{Shape of a new variable (v) must be fully defined, but instead was <unknown>.}}
    %v = tfc.get_variable "v" init #tfc.zeros
    tfc.fetch
  }
  return
}

// -----

func.func @partially_known_shape() {
  tfc.graph {
    tfc.variable_scope "s" {
      // expected-error @+1 {{Shape of a new variable (s/v) must be fully defined, but instead was (?, 3).}}
      %v = tfc.get_variable "v" : tensor<?x3xf32>
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

func.func @unknown_captured_scope() {
  tfc.graph {
    // expected-error @+1 {{'tfc.variable_scope' op enters scope @nowhere, which no earlier variable_scope captured}}
    tfc.variable_scope @nowhere reuse {
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

func.func @captured_twice() {
  tfc.graph {
    tfc.variable_scope "a" as @s {
      tfc.yield
    }
    // expected-error @+1 {{'tfc.variable_scope' op captures scope @s again; each handle names one scope}}
    tfc.variable_scope "b" as @s {
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

func.func @initial_value_from_graph(%x: tensor<2xf32>) {
  tfc.graph {
    %n = tfc.neg %x : tensor<2xf32>
    // expected-error @+1 {{the initial value of @w uses a value computed in the graph; it may only use constants and other variables' initial values}}
    %w = tfc.variable "w" initial_value {
      tfc.yield %n : tensor<2xf32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @add_to_collection_of_argument(%v: !tfc.var<tensor<2xf32>>) {
  tfc.graph {
    // expected-error @+1 {{tf.add_to_collection needs a variable created earlier in the graph}}
    tfc.add_to_collection "c", %v : !tfc.var<tensor<2xf32>>
    tfc.fetch
  }
  return
}

// -----

// A variable shared without a dtype is checked against its scope's.
//
//   with tf.variable_scope("foo"): tf.get_variable("v", [1])
//   with tf.variable_scope("foo", reuse=True, dtype=tf.float64):
//     tf.get_variable("v")
//   # ValueError: Trying to share variable foo/v, but specified dtype float64
//   # and found dtype float32.
func.func @scope_dtype_mismatch() {
  tfc.graph {
    tfc.variable_scope "foo" {
      // expected-note @+1 {{originally defined here}}
      %v = tfc.get_variable "v" : tensor<1xf32>
      tfc.yield
    }
    tfc.variable_scope "foo" reuse dtype f64 {
      // expected-error @+1 {{Trying to share variable foo/v, but specified dtype float64 and found dtype float32.}}
      %v = tfc.get_variable "v"
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

// A scope's initializer must suit the variables that take it.
func.func @scope_initializer_for_ints() {
  tfc.graph {
    tfc.variable_scope "s" init #tfc.random_normal<> {
      // expected-error @+1 {{random_normal initializer needs a floating-point variable, got 'i32'}}
      %n = tfc.get_variable "n" : tensor<i32>
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

//   with tf.variable_scope("s", initializer=tf.constant(1)):
//     tf.get_variable("v", dtype=tf.float64)
//   # ValueError: Initializer type '<dtype: 'int32'>' and explicit dtype
//   # '<dtype: 'float64'>' don't match.
func.func @scope_initializer_dtype() {
  tfc.graph {
    tfc.variable_scope "s" init #tfc.constant<dense<1> : tensor<i32>> {
      // expected-error @+1 {{Initializer type '<dtype: 'int32'>' and explicit dtype '<dtype: 'float64'>' don't match.}}
      %v = tfc.get_variable "v" : tensor<f64>
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

// A value whose dtype comes from a scope cannot flow into an op that
// declared another.
func.func @scope_dtype_fetched() -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %y = tfc.variable_scope "half" dtype f16 -> (tensor<2xf32>) {
      %a = tfc.get_variable "a" shape [2]
      %x, %t = tfc.read %a : !tfc.var<tensor<2xf32>>
      // expected-error @+1 {{'tfc.yield' op takes a value typed 'tensor<2xf32>' that is 'tensor<2xf16>' once scopes are resolved (a variable took its scope's dtype); write the variable's type}}
      tfc.yield %x : tensor<2xf32>
    }
    tfc.fetch %y : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// -----

func.func @unknown_original_name_scope() {
  tfc.graph {
    // expected-error @+1 {{'tfc.name_scope' op enters the original name scope of @nowhere, which no earlier variable_scope captured}}
    tfc.name_scope original_name_scope @nowhere {
      tfc.yield
    }
    tfc.fetch
  }
  return
}
