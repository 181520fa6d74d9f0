// A counter, as in the variables guide:
//
//   v = tf.get_variable("v", shape=(), initializer=tf.zeros_initializer())
//   assignment = v.assign_add(1)
//   sess.run(assignment)
//
// Each call adds one; the value lives in the runtime's store between calls
// and can be saved to and restored from a checkpoint.
func.func @count() -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %v = tfc.get_variable "v" : tensor<f32> init #tfc.zeros
    %one = tfc.constant dense<1.0> : tensor<f32>
    %assignment, %done = tfc.assign_add %v, %one : !tfc.var<tensor<f32>>, tensor<f32>
    tfc.fetch %assignment : tensor<f32>
  }
  return %r : tensor<f32>
}
