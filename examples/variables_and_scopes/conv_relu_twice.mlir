// Calling conv_relu twice in the same scope fails, as the guide says:
//
//   x = conv_relu(input1, kernel_shape=[5, 5, 32, 32], bias_shape=[32])
//   x = conv_relu(x, kernel_shape=[5, 5, 32, 32], bias_shape=[32])  # fails
//
// TensorFlow cannot tell whether the second call should create new variables
// or reuse the first ones: `Variable weights already exists, disallowed`.

func.func @conv_relu_twice(%input1: tensor<?x10x10x32xf32>) -> tensor<?x10x10x32xf32> {
  %res = tfc.graph -> (tensor<?x10x10x32xf32>) {
    // conv_relu(input, kernel_shape=[5, 5, 32, 32], bias_shape=[32])
    %weights1 = tfc.get_variable "weights" : tensor<5x5x32x32xf32> init #tfc.random_normal<>
    %biases1 = tfc.get_variable "biases" : tensor<32xf32> init #tfc.constant<dense<0.0> : tensor<f32>>
    %w1, %tw1 = tfc.read %weights1 : !tfc.var<tensor<5x5x32x32xf32>>
    %b1, %tb1 = tfc.read %biases1 : !tfc.var<tensor<32xf32>>
    %conv1 = tfc.conv2d %input1, %w1 strides [1, 1, 1, 1] padding "SAME" : tensor<?x10x10x32xf32>, tensor<5x5x32x32xf32>
    %pre1 = tfc.add %conv1, %b1 : tensor<?x10x10x32xf32>, tensor<32xf32>
    %x = tfc.relu %pre1 : tensor<?x10x10x32xf32>
    // conv_relu(input, kernel_shape=[5, 5, 32, 32], bias_shape=[32])
    %weights2 = tfc.get_variable "weights" : tensor<5x5x32x32xf32> init #tfc.random_normal<>
    %biases2 = tfc.get_variable "biases" : tensor<32xf32> init #tfc.constant<dense<0.0> : tensor<f32>>
    %w2, %tw2 = tfc.read %weights2 : !tfc.var<tensor<5x5x32x32xf32>>
    %b2, %tb2 = tfc.read %biases2 : !tfc.var<tensor<32xf32>>
    %conv2 = tfc.conv2d %x, %w2 strides [1, 1, 1, 1] padding "SAME" : tensor<?x10x10x32xf32>, tensor<5x5x32x32xf32>
    %pre2 = tfc.add %conv2, %b2 : tensor<?x10x10x32xf32>, tensor<32xf32>
    %r = tfc.relu %pre2 : tensor<?x10x10x32xf32>
    tfc.fetch %r : tensor<?x10x10x32xf32>
  }
  return %res : tensor<?x10x10x32xf32>
}
