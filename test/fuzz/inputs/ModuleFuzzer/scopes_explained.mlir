// tf.Variable vs tf.get_variable, name_scope vs variable_scope, in tfc.
// The names tfc-resolve-scopes gives are the ones TensorFlow prints.

// with tf.name_scope('name_scope_x'):
//     var1 = tf.get_variable(name='var1', shape=[1], dtype=tf.float32)
//     var3 = tf.Variable(name='var2', initial_value=[2], dtype=tf.float32)
//     var4 = tf.Variable(name='var2', initial_value=[2], dtype=tf.float32)
// # var1:0, name_scope_x/var2:0, name_scope_x/var2_1:0
func.func @name_scope_x() {
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

// with tf.variable_scope('variable_scope_y') as scope:
//     var1 = tf.get_variable(name='var1', shape=[1], dtype=tf.float32)
//     scope.reuse_variables()
//     var1_reuse = tf.get_variable(name='var1')
//     var2 = tf.Variable(initial_value=[2.], name='var2', dtype=tf.float32)
//     var2_reuse = tf.Variable(initial_value=[2.], name='var2', dtype=tf.float32)
// # variable_scope_y/var1:0 (twice), variable_scope_y/var2:0,
// # variable_scope_y/var2_1:0
// var1_reuse is written without a shape, so its value is typed tensor<*xf32>
// until tfc-resolve-scopes finds the variable it shares.
func.func @variable_scope_y() -> (tensor<1xf32>, tensor<*xf32>) {
  %r:2 = tfc.graph -> (tensor<1xf32>, tensor<*xf32>) {
    %v:2 = tfc.variable_scope "variable_scope_y" -> (tensor<1xf32>, tensor<*xf32>) {
      %var1 = tfc.get_variable "var1" : tensor<1xf32>
      tfc.reuse_variables
      %var1_reuse = tfc.get_variable "var1"
      %var2 = tfc.variable "var2" init #tfc.constant<dense<[2.0]> : tensor<1xf32>>
      %var2_reuse = tfc.variable "var2" init #tfc.constant<dense<[2.0]> : tensor<1xf32>>
      %a, %ta = tfc.read %var1 : !tfc.var<tensor<1xf32>>
      %b, %tb = tfc.read %var1_reuse : !tfc.var<tensor<*xf32>>
      tfc.yield %a, %b : tensor<1xf32>, tensor<*xf32>
    }
    tfc.fetch %v#0, %v#1 : tensor<1xf32>, tensor<*xf32>
  }
  return %r#0, %r#1 : tensor<1xf32>, tensor<*xf32>
}

// with tf.variable_scope("foo"):
//     with tf.name_scope("bar"):
//         v = tf.get_variable("v", [1])
//         x = 1.0 + v
// assert v.name == "foo/v:0"
// assert x.op.name == "foo/bar/add"
func.func @foo_bar() -> tensor<1xf32> {
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

// with tf.variable_scope('foo2') as foo_scope:
//     v = tf.get_variable('v', [1])
// with tf.variable_scope(foo_scope, reuse=True):
//     v1 = tf.get_variable('v')
// assert v1 == v
func.func @foo_scope_object() {
  tfc.graph {
    tfc.variable_scope "foo2" as @foo_scope {
      %v = tfc.get_variable "v" : tensor<1xf32>
      tfc.yield
    }
    tfc.variable_scope @foo_scope reuse {
      %v1 = tfc.get_variable "v"
      tfc.yield
    }
    tfc.fetch
  }
  return
}
