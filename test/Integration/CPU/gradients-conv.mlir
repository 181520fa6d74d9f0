// Gradients of conv2d, max_pool and avg_pool against finite differences
// (tfc check-gradients, the analogue of tf.test.compute_gradient_error):
// SAME with its asymmetric padding, VALID, strides and dilations.
// RUN: tfc check-gradients %s --fn conv_same_stride2 --tolerance 1e-3 | FileCheck %s --check-prefix=CONV1
// CONV1: x f32[2,5,5,3]: max error {{.*}} ok
// CONV1-NEXT: w f32[3,3,3,4]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn conv_same --tolerance 1e-3 | FileCheck %s --check-prefix=CONV2
// CONV2: x f32[1,4,4,2]: max error {{.*}} ok
// CONV2-NEXT: w f32[3,3,2,2]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn conv_valid_dilated --tolerance 1e-3 | FileCheck %s --check-prefix=CONV3
// CONV3: x f32[1,6,7,2]: max error {{.*}} ok
// CONV3-NEXT: w f32[2,2,2,3]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn max_pool_valid --tolerance 1e-3 | FileCheck %s --check-prefix=MAX1
// MAX1: x f32[1,4,4,2]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn max_pool_same --tolerance 1e-3 | FileCheck %s --check-prefix=MAX2
// MAX2: x f32[2,5,5,2]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn avg_pool_same --tolerance 1e-3 | FileCheck %s --check-prefix=AVG1
// AVG1: x f32[2,5,5,2]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn avg_pool_valid --tolerance 1e-3 | FileCheck %s --check-prefix=AVG2
// AVG2: x f32[1,4,5,3]: max error {{.*}} ok

func.func @conv_same_stride2(%x: tensor<2x5x5x3xf32> {tfc.name = "x"}, %w: tensor<3x3x3x4xf32> {tfc.name = "w"}) -> tensor<2x3x3x4xf32> {
  %r = tfc.graph -> (tensor<2x3x3x4xf32>) {
    %y = tfc.conv2d %x, %w strides [1, 2, 2, 1] padding "SAME" : tensor<2x5x5x3xf32>, tensor<3x3x3x4xf32>
    tfc.fetch %y : tensor<2x3x3x4xf32>
  }
  return %r : tensor<2x3x3x4xf32>
}

func.func @conv_same(%x: tensor<1x4x4x2xf32> {tfc.name = "x"}, %w: tensor<3x3x2x2xf32> {tfc.name = "w"}) -> tensor<1x4x4x2xf32> {
  %r = tfc.graph -> (tensor<1x4x4x2xf32>) {
    %y = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME" : tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>
    tfc.fetch %y : tensor<1x4x4x2xf32>
  }
  return %r : tensor<1x4x4x2xf32>
}

func.func @conv_valid_dilated(%x: tensor<1x6x7x2xf32> {tfc.name = "x"}, %w: tensor<2x2x2x3xf32> {tfc.name = "w"}) -> tensor<1x2x3x3xf32> {
  %r = tfc.graph -> (tensor<1x2x3x3xf32>) {
    %y = tfc.conv2d %x, %w strides [1, 2, 2, 1] padding "VALID" dilations [1, 2, 2, 1] : tensor<1x6x7x2xf32>, tensor<2x2x2x3xf32>
    tfc.fetch %y : tensor<1x2x3x3xf32>
  }
  return %r : tensor<1x2x3x3xf32>
}

func.func @max_pool_valid(%x: tensor<1x4x4x2xf32> {tfc.name = "x"}) -> tensor<1x2x2x2xf32> {
  %r = tfc.graph -> (tensor<1x2x2x2xf32>) {
    %y = tfc.max_pool %x ksize [1, 2, 2, 1] strides [1, 2, 2, 1] padding "VALID" : tensor<1x4x4x2xf32>
    tfc.fetch %y : tensor<1x2x2x2xf32>
  }
  return %r : tensor<1x2x2x2xf32>
}

func.func @max_pool_same(%x: tensor<2x5x5x2xf32> {tfc.name = "x"}) -> tensor<2x3x3x2xf32> {
  %r = tfc.graph -> (tensor<2x3x3x2xf32>) {
    %y = tfc.max_pool %x ksize [1, 3, 3, 1] strides [1, 2, 2, 1] padding "SAME" : tensor<2x5x5x2xf32>
    tfc.fetch %y : tensor<2x3x3x2xf32>
  }
  return %r : tensor<2x3x3x2xf32>
}

func.func @avg_pool_same(%x: tensor<2x5x5x2xf32> {tfc.name = "x"}) -> tensor<2x3x3x2xf32> {
  %r = tfc.graph -> (tensor<2x3x3x2xf32>) {
    %y = tfc.avg_pool %x ksize [1, 3, 3, 1] strides [1, 2, 2, 1] padding "SAME" : tensor<2x5x5x2xf32>
    tfc.fetch %y : tensor<2x3x3x2xf32>
  }
  return %r : tensor<2x3x3x2xf32>
}

func.func @avg_pool_valid(%x: tensor<1x4x5x3xf32> {tfc.name = "x"}) -> tensor<1x3x4x3xf32> {
  %r = tfc.graph -> (tensor<1x3x4x3xf32>) {
    %y = tfc.avg_pool %x ksize [1, 2, 2, 1] strides [1, 1, 1, 1] padding "VALID" : tensor<1x4x5x3xf32>
    tfc.fetch %y : tensor<1x3x4x3xf32>
  }
  return %r : tensor<1x3x4x3xf32>
}
