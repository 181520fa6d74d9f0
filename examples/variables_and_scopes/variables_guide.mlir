// The variables of TensorFlow's variables guide, in tfc.

func.func @variables_guide() -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    // my_variable = tf.get_variable("my_variable", [1, 2, 3])
    // (float32, Glorot-uniform initialized by default)
    %my_variable = tfc.get_variable "my_variable" : tensor<1x2x3xf32>
    // my_int_variable = tf.get_variable("my_int_variable", [1, 2, 3],
    //     dtype=tf.int32, initializer=tf.zeros_initializer)
    %my_int_variable = tfc.get_variable "my_int_variable" : tensor<1x2x3xi32> init #tfc.zeros
    // other_variable = tf.get_variable("other_variable", dtype=tf.int32,
    //     initializer=tf.constant([23, 42]))   # the shape comes from the tensor
    %other_variable = tfc.get_variable "other_variable" init #tfc.constant<dense<[23, 42]> : tensor<2xi32>>

    // my_local = tf.get_variable("my_local", shape=(),
    //     collections=[tf.GraphKeys.LOCAL_VARIABLES], trainable=False)
    // (Without trainable=False TensorFlow would also put it in
    // TRAINABLE_VARIABLES, since trainable defaults to True; tfc does the same.)
    %my_local = tfc.get_variable "my_local" : tensor<f32> {collections = ["LOCAL_VARIABLES"], trainable = false}
    // my_non_trainable = tf.get_variable("my_non_trainable", shape=(),
    //     trainable=False)
    %my_non_trainable = tfc.get_variable "my_non_trainable" : tensor<f32> {trainable = false}
    // tf.add_to_collection("my_collection_name", my_local)
    tfc.add_to_collection "my_collection_name", %my_local : !tfc.var<tensor<f32>>

    // with tf.device("/device:GPU:1"):
    //     v = tf.get_variable("v", [1])
    %gpu_v = tfc.get_variable "gpu_v" : tensor<1xf32> {device = "/device:GPU:1"}

    // v = tf.get_variable("v", shape=(), initializer=tf.zeros_initializer())
    // w = tf.get_variable("w", initializer=v.initialized_value() + 1)
    %v = tfc.get_variable "v" : tensor<f32> init #tfc.zeros
    %w = tfc.get_variable "w" initial_value {
      %v0 = tfc.initialized_value %v : !tfc.var<tensor<f32>>
      %one = tfc.constant dense<1.0> : tensor<f32>
      %w0 = tfc.add %v0, %one : tensor<f32>, tensor<f32>
      tfc.yield %w0 : tensor<f32>
    }

    // assignment = v.assign_add(1)
    %one = tfc.constant dense<1.0> : tensor<f32>
    %assigned, %done = tfc.assign_add %v, %one : !tfc.var<tensor<f32>>, tensor<f32>
    tfc.fetch %assigned : tensor<f32>
  }
  return %r : tensor<f32>
}
