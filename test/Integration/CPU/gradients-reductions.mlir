// Gradients of the reductions against finite differences: the incoming
// gradient is spread back over the reduced axes (divided by the count for a
// mean, given to the maxima for a max), with and without keep_dims.

// RUN: tfc check-gradients %s --fn sum_all --tolerance 1e-3 | FileCheck %s --check-prefix=SUM_ALL
// SUM_ALL: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn sum_axis --tolerance 1e-3 | FileCheck %s --check-prefix=SUM_AXIS
// SUM_AXIS: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn sum_keep --tolerance 1e-3 | FileCheck %s --check-prefix=SUM_KEEP
// SUM_KEEP: x f32[2,3,2]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn mean_all --tolerance 1e-3 | FileCheck %s --check-prefix=MEAN_ALL
// MEAN_ALL: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn mean_axis --tolerance 1e-3 | FileCheck %s --check-prefix=MEAN_AXIS
// MEAN_AXIS: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn mean_keep --tolerance 1e-3 | FileCheck %s --check-prefix=MEAN_KEEP
// MEAN_KEEP: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn max_all --input "x=[[0.5,3,1],[2,-1,0.25]]" --tolerance 1e-3 | FileCheck %s --check-prefix=MAX_ALL
// MAX_ALL: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn max_axis --input "x=[[0.5,3,1],[2,-1,0.25]]" --tolerance 1e-3 | FileCheck %s --check-prefix=MAX_AXIS
// MAX_AXIS: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn max_keep --input "x=[[0.5,3,1],[2,-1,0.25]]" --tolerance 1e-3 | FileCheck %s --check-prefix=MAX_KEEP
// MAX_KEEP: x f32[2,3]: max error {{.*}} ok

// A dynamic dimension: the mean's count is computed at run time.
// RUN: tfc check-gradients %s --fn mean_dynamic --input "x=[[1,2,3],[4,5,6]]" --tolerance 1e-3 | FileCheck %s --check-prefix=DYN
// DYN: x f32[2,3]: max error {{.*}} ok

// Ties share the gradient of the maximum, as in TensorFlow: with x = [1, 3,
// 3] the gradient of the max is [0, 0.5, 0.5].
// RUN: tfc compile %s -o %t.so
// RUN: tfc run %t.so --fn max_ties --input "x=[1,3,3]" | FileCheck %s --check-prefix=TIES
// TIES: output0 = f32[3] [0 0.5 0.5]

func.func @sum_all(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %y = tfc.reduce_sum %x : tensor<2x3xf32>
    tfc.fetch %y : tensor<f32>
  }
  return %r : tensor<f32>
}

func.func @sum_axis(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %y = tfc.reduce_sum %x axes [1] : tensor<2x3xf32>
    tfc.fetch %y : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

func.func @sum_keep(%x: tensor<2x3x2xf32> {tfc.name = "x"}) -> tensor<1x3x1xf32> {
  %r = tfc.graph -> (tensor<1x3x1xf32>) {
    %y = tfc.reduce_sum %x axes [0, 2] keep_dims : tensor<2x3x2xf32>
    tfc.fetch %y : tensor<1x3x1xf32>
  }
  return %r : tensor<1x3x1xf32>
}

func.func @mean_all(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %y = tfc.reduce_mean %x : tensor<2x3xf32>
    tfc.fetch %y : tensor<f32>
  }
  return %r : tensor<f32>
}

func.func @mean_axis(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<3xf32> {
  %r = tfc.graph -> (tensor<3xf32>) {
    %y = tfc.reduce_mean %x axes [-2] : tensor<2x3xf32>
    tfc.fetch %y : tensor<3xf32>
  }
  return %r : tensor<3xf32>
}

func.func @mean_keep(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2x1xf32> {
  %r = tfc.graph -> (tensor<2x1xf32>) {
    %y = tfc.reduce_mean %x axes [1] keep_dims : tensor<2x3xf32>
    tfc.fetch %y : tensor<2x1xf32>
  }
  return %r : tensor<2x1xf32>
}

func.func @max_all(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %y = tfc.reduce_max %x : tensor<2x3xf32>
    tfc.fetch %y : tensor<f32>
  }
  return %r : tensor<f32>
}

func.func @max_axis(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %y = tfc.reduce_max %x axes [1] : tensor<2x3xf32>
    tfc.fetch %y : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

func.func @max_keep(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<1x3xf32> {
  %r = tfc.graph -> (tensor<1x3xf32>) {
    %y = tfc.reduce_max %x axes [0] keep_dims : tensor<2x3xf32>
    tfc.fetch %y : tensor<1x3xf32>
  }
  return %r : tensor<1x3xf32>
}

func.func @mean_dynamic(%x: tensor<?x3xf32> {tfc.name = "x"}) -> tensor<3xf32> {
  %r = tfc.graph -> (tensor<3xf32>) {
    %y = tfc.reduce_mean %x axes [0] : tensor<?x3xf32>
    tfc.fetch %y : tensor<3xf32>
  }
  return %r : tensor<3xf32>
}

func.func @max_ties(%x: tensor<3xf32> {tfc.name = "x"}) -> tensor<3xf32> {
  %r = tfc.graph -> (tensor<3xf32>) {
    %m = tfc.reduce_max %x : tensor<3xf32>
    %g = tfc.gradients %m wrt(%x : tensor<3xf32>) : tensor<f32>
    tfc.fetch %g : tensor<3xf32>
  }
  return %r : tensor<3xf32>
}
