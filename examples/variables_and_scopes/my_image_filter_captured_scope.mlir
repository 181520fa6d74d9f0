// The variable-sharing example of TensorFlow's variables guide, in tfc:
//
//   def conv_relu(input, kernel_shape, bias_shape):
//       weights = tf.get_variable("weights", kernel_shape,
//           initializer=tf.random_normal_initializer())
//       biases = tf.get_variable("biases", bias_shape,
//           initializer=tf.constant_initializer(0.0))
//       conv = tf.nn.conv2d(input, weights, strides=[1, 1, 1, 1], padding='SAME')
//       return tf.nn.relu(conv + biases)
//
//   def my_image_filter(input_images):
//       with tf.variable_scope("conv1"):
//           relu1 = conv_relu(input_images, [5, 5, 32, 32], [32])
//       with tf.variable_scope("conv2"):
//           return conv_relu(relu1, [5, 5, 32, 32], [32])
//
// tfc has no Python functions: each call is written out where it happens.
// The images are NHWC batches of 10x10 images with 32 channels; the ops, the
// variables, their shapes and their names are the guide's.
//
// Shared between two calls:
//
//   with tf.variable_scope("model") as scope:
//       output1 = my_image_filter(input1)
//   with tf.variable_scope(scope, reuse=True):
//       output2 = my_image_filter(input2)

func.func @image_filters(%input1: tensor<?x10x10x32xf32>, %input2: tensor<?x10x10x32xf32>)
    -> (tensor<?x10x10x32xf32>, tensor<?x10x10x32xf32>) {
  %r:2 = tfc.graph -> (tensor<?x10x10x32xf32>, tensor<?x10x10x32xf32>) {
    %out1 = tfc.variable_scope "model" as @model -> (tensor<?x10x10x32xf32>) {
      // my_image_filter(input_images)
      %relu1 = tfc.variable_scope "conv1" -> (tensor<?x10x10x32xf32>) {
        // conv_relu(input, kernel_shape=[5, 5, 32, 32], bias_shape=[32])
        %weights = tfc.get_variable "weights" : tensor<5x5x32x32xf32> init #tfc.random_normal<>
        %biases = tfc.get_variable "biases" : tensor<32xf32> init #tfc.constant<dense<0.0> : tensor<f32>>
        %w, %tw = tfc.read %weights : !tfc.var<tensor<5x5x32x32xf32>>
        %b, %tb = tfc.read %biases : !tfc.var<tensor<32xf32>>
        %conv = tfc.conv2d %input1, %w strides [1, 1, 1, 1] padding "SAME" : tensor<?x10x10x32xf32>, tensor<5x5x32x32xf32>
        %pre = tfc.add %conv, %b : tensor<?x10x10x32xf32>, tensor<32xf32>
        %r = tfc.relu %pre : tensor<?x10x10x32xf32>
        tfc.yield %r : tensor<?x10x10x32xf32>
      }
      %o = tfc.variable_scope "conv2" -> (tensor<?x10x10x32xf32>) {
        // conv_relu(input, kernel_shape=[5, 5, 32, 32], bias_shape=[32])
        %weights = tfc.get_variable "weights" : tensor<5x5x32x32xf32> init #tfc.random_normal<>
        %biases = tfc.get_variable "biases" : tensor<32xf32> init #tfc.constant<dense<0.0> : tensor<f32>>
        %w, %tw = tfc.read %weights : !tfc.var<tensor<5x5x32x32xf32>>
        %b, %tb = tfc.read %biases : !tfc.var<tensor<32xf32>>
        %conv = tfc.conv2d %relu1, %w strides [1, 1, 1, 1] padding "SAME" : tensor<?x10x10x32xf32>, tensor<5x5x32x32xf32>
        %pre = tfc.add %conv, %b : tensor<?x10x10x32xf32>, tensor<32xf32>
        %r = tfc.relu %pre : tensor<?x10x10x32xf32>
        tfc.yield %r : tensor<?x10x10x32xf32>
      }
      tfc.yield %o : tensor<?x10x10x32xf32>
    }
    %out2 = tfc.variable_scope @model reuse -> (tensor<?x10x10x32xf32>) {
      // my_image_filter(input_images)
      %relu1 = tfc.variable_scope "conv1" -> (tensor<?x10x10x32xf32>) {
        // conv_relu(input, kernel_shape=[5, 5, 32, 32], bias_shape=[32])
        %weights = tfc.get_variable "weights" : tensor<5x5x32x32xf32> init #tfc.random_normal<>
        %biases = tfc.get_variable "biases" : tensor<32xf32> init #tfc.constant<dense<0.0> : tensor<f32>>
        %w, %tw = tfc.read %weights : !tfc.var<tensor<5x5x32x32xf32>>
        %b, %tb = tfc.read %biases : !tfc.var<tensor<32xf32>>
        %conv = tfc.conv2d %input2, %w strides [1, 1, 1, 1] padding "SAME" : tensor<?x10x10x32xf32>, tensor<5x5x32x32xf32>
        %pre = tfc.add %conv, %b : tensor<?x10x10x32xf32>, tensor<32xf32>
        %r = tfc.relu %pre : tensor<?x10x10x32xf32>
        tfc.yield %r : tensor<?x10x10x32xf32>
      }
      %o = tfc.variable_scope "conv2" -> (tensor<?x10x10x32xf32>) {
        // conv_relu(input, kernel_shape=[5, 5, 32, 32], bias_shape=[32])
        %weights = tfc.get_variable "weights" : tensor<5x5x32x32xf32> init #tfc.random_normal<>
        %biases = tfc.get_variable "biases" : tensor<32xf32> init #tfc.constant<dense<0.0> : tensor<f32>>
        %w, %tw = tfc.read %weights : !tfc.var<tensor<5x5x32x32xf32>>
        %b, %tb = tfc.read %biases : !tfc.var<tensor<32xf32>>
        %conv = tfc.conv2d %relu1, %w strides [1, 1, 1, 1] padding "SAME" : tensor<?x10x10x32xf32>, tensor<5x5x32x32xf32>
        %pre = tfc.add %conv, %b : tensor<?x10x10x32xf32>, tensor<32xf32>
        %r = tfc.relu %pre : tensor<?x10x10x32xf32>
        tfc.yield %r : tensor<?x10x10x32xf32>
      }
      tfc.yield %o : tensor<?x10x10x32xf32>
    }
    tfc.fetch %out1, %out2 : tensor<?x10x10x32xf32>, tensor<?x10x10x32xf32>
  }
  return %r#0, %r#1 : tensor<?x10x10x32xf32>, tensor<?x10x10x32xf32>
}
