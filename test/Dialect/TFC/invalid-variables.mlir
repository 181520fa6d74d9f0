// RUN: tfc-opt %s --split-input-file --verify-diagnostics

func.func @both_initializers() {
  tfc.graph {
    // expected-error @+1 {{'tfc.variable' op takes an initializer or an initial_value region, not both}}
    %v = tfc.variable "v" : tensor<f32> init #tfc.zeros initial_value {
      %c = tfc.constant dense<1.0> : tensor<f32>
      tfc.yield %c : tensor<f32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @variable_without_value() {
  tfc.graph {
    // expected-error @+1 {{'tfc.variable' op needs an initial value (an initializer or an initial_value region), as tf.Variable does}}
    %v = tfc.variable "v" : tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @constant_shape() {
  tfc.graph {
    // expected-error @+1 {{'tfc.get_variable' op initializer value of shape [2] does not fit the variable's shape [3]}}
    %v = tfc.get_variable "v" : tensor<3xf32> init #tfc.constant<dense<[1.0, 2.0]> : tensor<2xf32>>
    tfc.fetch
  }
  return
}

// -----

func.func @constant_dtype() {
  tfc.graph {
    // expected-error @+1 {{'tfc.get_variable' op Initializer type '<dtype: 'int32'>' and explicit dtype '<dtype: 'float32'>' don't match.}}
    %v = tfc.get_variable "v" : tensor<3xf32> init #tfc.constant<dense<1> : tensor<i32>>
    tfc.fetch
  }
  return
}

// -----

func.func @random_normal_int() {
  tfc.graph {
    // expected-error @+1 {{'tfc.get_variable' op random_normal initializer needs a floating-point variable, got 'i32'}}
    %v = tfc.get_variable "v" : tensor<3xi32> init #tfc.random_normal<>
    tfc.fetch
  }
  return
}

// -----

func.func @negative_stddev() {
  tfc.graph {
    // expected-error @+1 {{'tfc.get_variable' op truncated_normal initializer needs stddev >= 0, got -1}}
    %v = tfc.get_variable "v" : tensor<3xf32> init #tfc.truncated_normal<stddev = -1.0>
    tfc.fetch
  }
  return
}

// -----

func.func @uniform_range() {
  tfc.graph {
    // expected-error @+1 {{'tfc.get_variable' op random_uniform initializer needs minval < maxval, got [2.000000e+00, 1.000000e+00)}}
    %v = tfc.get_variable "v" : tensor<3xf32> init #tfc.random_uniform<minval = 2.0, maxval = 1.0>
    tfc.fetch
  }
  return
}

// -----

func.func @glorot_bool() {
  tfc.graph {
    // expected-error @+1 {{'tfc.get_variable' op glorot_uniform initializer needs a floating-point variable, got 'i1'}}
    %v = tfc.get_variable "v" : tensor<3xi1> init #tfc.glorot_uniform
    tfc.fetch
  }
  return
}

// -----

func.func @bad_device() {
  tfc.graph {
    // expected-error @+1 {{'tfc.get_variable' op invalid device specification '/device:GPU' (expected e.g. '/device:GPU:1', '/cpu:0' or '/job:worker/task:0/device:CPU:0')}}
    %v = tfc.get_variable "v" : tensor<3xf32> {device = "/device:GPU"}
    tfc.fetch
  }
  return
}

// -----

func.func @bad_device_repeated() {
  tfc.graph {
    // expected-error @+1 {{invalid device specification '/gpu:0/device:CPU:0'}}
    %v = tfc.get_variable "v" : tensor<3xf32> {device = "/gpu:0/device:CPU:0"}
    tfc.fetch
  }
  return
}

// -----

func.func @bad_device_relative() {
  tfc.graph {
    // expected-error @+1 {{invalid device specification 'gpu:0'}}
    %v = tfc.get_variable "v" : tensor<3xf32> {device = "gpu:0"}
    tfc.fetch
  }
  return
}

// -----

func.func @initial_value_type() {
  tfc.graph {
    // expected-error @+1 {{'tfc.variable' op initial value has type 'tensor<2xf32>' but the variable holds 'tensor<3xf32>'}}
    %v = tfc.variable "v" : tensor<3xf32> initial_value {
      %c = tfc.constant dense<1.0> : tensor<2xf32>
      tfc.yield %c : tensor<2xf32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @initial_value_arity() {
  tfc.graph {
    // expected-error @+1 {{'tfc.variable' op initial_value region must end in a 'tfc.yield' of one tensor}}
    %v = tfc.variable "v" : tensor<3xf32> initial_value {
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

func.func @initialized_value_outside(%v: !tfc.var<tensor<f32>>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.initialized_value' op is only valid in a variable's initial_value region}}
    %x = tfc.initialized_value %v : !tfc.var<tensor<f32>>
    tfc.fetch
  }
  return
}

// -----

func.func @scope_without_name() {
  tfc.graph {
    // expected-error @+1 {{'tfc.variable_scope' op If default_name is None then name_or_scope is required}}
    tfc.variable_scope {
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

func.func @scope_name_and_handle() {
  tfc.graph {
    tfc.variable_scope "a" as @a {
      tfc.yield
    }
    // expected-error @+1 {{'tfc.variable_scope' op takes a scope name or a captured scope (@handle), not both}}
    tfc.variable_scope "b" @a {
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

//   with tf.variable_scope(None, default_name="merge", reuse=True): ...
//   # ValueError: reuse=True cannot be used without a name_or_scope
func.func @default_name_reuse() {
  tfc.graph {
    // expected-error @+1 {{'tfc.variable_scope' op reuse=True cannot be used without a name_or_scope}}
    tfc.variable_scope default "merge" reuse {
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

func.func @scope_dtype_not_element() {
  tfc.graph {
    // expected-error @+1 {{'tfc.variable_scope' op dtype must be a variable's element type, got 'index'}}
    tfc.variable_scope "s" dtype index {
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

func.func @type_and_shape() {
  tfc.graph {
    // expected-error @+1 {{'tfc.get_variable' op takes a type or a shape, not both}}
    %v = tfc.get_variable "v" : tensor<2xf32> shape [2]
    tfc.fetch
  }
  return
}

// -----

func.func @negative_shape() {
  tfc.graph {
    // expected-error @+1 {{'tfc.get_variable' op shape [2,-1] has a negative size}}
    %v = tfc.get_variable "v" shape [2, -1]
    tfc.fetch
  }
  return
}

// -----

func.func @name_scope_name_and_original() {
  tfc.graph {
    // expected-error @+1 {{'tfc.name_scope' op takes a scope name or `original_name_scope @handle`, and not both}}
    tfc.name_scope "s" original_name_scope @s {
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

func.func @scope_reuse_and_auto() {
  tfc.graph {
    // expected-error @+1 {{'tfc.variable_scope' op cannot both reuse and auto_reuse}}
    tfc.variable_scope "s" reuse auto_reuse {
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

func.func @scope_yield_mismatch(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.name_scope' op yields 1 values of types 'tensor<f32>' but has results of types 'tensor<2xf32>'}}
    %r = tfc.name_scope "s" -> (tensor<2xf32>) {
      tfc.yield %x : tensor<f32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @reuse_outside_scope() {
  tfc.graph {
    // expected-error @+1 {{'tfc.reuse_variables' op expects parent op 'tfc.variable_scope'}}
    tfc.reuse_variables
    tfc.fetch
  }
  return
}

// -----

func.func @yield_in_graph(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.yield' op expects parent op to be one of 'tfc.variable_scope, tfc.name_scope, tfc.get_variable, tfc.variable, tfc.global_variable, tfc.control_dependencies, tfc.cond, tfc.while'}}
    tfc.yield %x : tensor<f32>
  }
  return
}

// -----

func.func @assign_shape(%v: !tfc.var<tensor<2xf32>>, %x: tensor<3xf32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.assign' op cannot assign a tensor of shape [3] to a variable of shape [2]}}
    %n, %t = tfc.assign %v, %x : !tfc.var<tensor<2xf32>>, tensor<3xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @assign_dtype(%v: !tfc.var<tensor<2xf32>>, %x: tensor<2xi32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.assign_add' op cannot assign a tensor of 'i32' to a variable of 'f32'}}
    %n, %t = tfc.assign_add %v, %x : !tfc.var<tensor<2xf32>>, tensor<2xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @read_not_a_variable(%x: tensor<2xf32>) {
  tfc.graph {
    // expected-error @+1 {{expected a variable handle, got 'tensor<2xf32>'}}
    %y, %t = tfc.read %x : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @after_with_tensor(%v: !tfc.var<tensor<2xf32>>, %x: tensor<2xf32>) {
  tfc.graph {
    // expected-error @+1 {{use of value '%x' expects different type than prior uses: '!tfc.control' vs 'tensor<2xf32>'}}
    %y, %t = tfc.read %v after(%x) : !tfc.var<tensor<2xf32>>
    tfc.fetch
  }
  return
}

// -----

// expected-error @+1 {{'tfc.global_variable' op variable 'v' must have a static shape, got [?]}}
tfc.global_variable @v : tensor<?xf32> init #tfc.zeros collections []

// -----

// expected-error @+1 {{'tfc.global_variable' op needs exactly one of an initializer, an initial_value region and an initializer_function}}
tfc.global_variable @v : tensor<2xf32> collections []

// -----

tfc.global_variable @v : tensor<2xf32> init #tfc.zeros collections []
func.func @handle_type() {
  // expected-error @+1 {{'tfc.var_handle' op has type '!tfc.var<tensor<3xf32>>' but variable @v is '!tfc.var<tensor<2xf32>>'}}
  %h = tfc.var_handle @v : !tfc.var<tensor<3xf32>>
  return
}

// -----

func.func @handle_unknown() {
  // expected-error @+1 {{'tfc.var_handle' op refers to an unknown variable @nowhere}}
  %h = tfc.var_handle @nowhere : !tfc.var<tensor<3xf32>>
  return
}

// -----

tfc.global_variable @v : tensor<2xf32> init #tfc.zeros collections []
// expected-error @+1 {{'tfc.initializer_plan' op lists variable @v twice}}
tfc.initializer_plan "GLOBAL_VARIABLES" [@v, @v]

// -----

// expected-error @+1 {{'tfc.initializer_plan' op refers to an unknown variable @w}}
tfc.initializer_plan "GLOBAL_VARIABLES" [@w]

// -----

// The parser infers the handle's type before the verifier runs: a type that
// is not a tensor is an error there, not a failed cast (found by
// ModuleFuzzer).
func.func @vector_variable() {
  tfc.graph {
    // expected-error @+1 {{a variable holds a tensor, got 'vector<f32>'}}
    %v = tfc.get_variable "v" : vector<f32> init #tfc.zeros
    tfc.fetch
  }
  return
}

// -----

func.func @vector_tf_variable() {
  tfc.graph {
    // expected-error @+1 {{a variable holds a tensor, got 'vector<2xf32>'}}
    %v = tfc.variable "v" : vector<2xf32> init #tfc.zeros
    tfc.fetch
  }
  return
}
