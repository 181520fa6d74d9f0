// The guide's race between a read and an assign of one variable:
//
//   a = tf.Variable(1)
//   b = tf.constant(2)
//   c = a + b
//   assign = tf.assign(a, 5)
//   sess.run(tf.global_variables_initializer())
//   print(sess.run([assign, c]))        # [5, 3] or [5, 7]
//
// Nothing orders the addition's read of `a` and the assign: TensorFlow may
// run either first. tfc-check-races warns; tfc-schedule reads first (c = 3).
tfc.global_variable @a : tensor<i32> init #tfc.constant<dense<1> : tensor<i32>>
    collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]

func.func @race() -> (tensor<i32>, tensor<i32>) {
  %r:2 = tfc.graph -> (tensor<i32>, tensor<i32>) {
    %a = tfc.var_handle @a : !tfc.var<tensor<i32>>
    %b = tfc.constant dense<2> : tensor<i32>
    %a_value, %read = tfc.read %a : !tfc.var<tensor<i32>>
    %c = tfc.add %a_value, %b : tensor<i32>, tensor<i32>
    %five = tfc.constant dense<5> : tensor<i32>
    %assign, %assigned = tfc.assign %a, %five : !tfc.var<tensor<i32>>, tensor<i32>
    tfc.fetch %assign, %c : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}

// The fix: the assign waits for the read that computes c.
//
//   c = a + b
//   with tf.control_dependencies([c]):
//     assign = tf.assign(a, 5)          # always [5, 3]
func.func @race_fixed() -> (tensor<i32>, tensor<i32>) {
  %r:2 = tfc.graph -> (tensor<i32>, tensor<i32>) {
    %a = tfc.var_handle @a : !tfc.var<tensor<i32>>
    %b = tfc.constant dense<2> : tensor<i32>
    %a_value, %read = tfc.read %a : !tfc.var<tensor<i32>>
    %c = tfc.add %a_value, %b : tensor<i32>, tensor<i32>
    %assign, %assigned = tfc.control_dependencies(%read) -> (tensor<i32>, !tfc.control) {
      %five = tfc.constant dense<5> : tensor<i32>
      %new, %done = tfc.assign %a, %five : !tfc.var<tensor<i32>>, tensor<i32>
      tfc.yield %new, %done : tensor<i32>, !tfc.control
    }
    tfc.fetch %assign, %c : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}
