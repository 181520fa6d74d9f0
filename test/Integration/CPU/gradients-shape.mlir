// Gradients of transpose, the shape and slicing ops, reduce_min and
// reduce_prod against finite differences (tf.test.compute_gradient_error).

// RUN: tfc check-gradients %s --fn transpose --tolerance 1e-3 | FileCheck %s --check-prefix=TRANSPOSE
// TRANSPOSE: x f32[2,3,4]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn reshape --tolerance 1e-3 | FileCheck %s --check-prefix=RESHAPE
// RESHAPE: x f32[2,6]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn expand_squeeze --tolerance 1e-3 | FileCheck %s --check-prefix=EXPAND_SQUEEZE
// EXPAND_SQUEEZE: x f32[3,1,2]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn tile --tolerance 1e-3 | FileCheck %s --check-prefix=TILE
// TILE: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn slice --tolerance 1e-3 | FileCheck %s --check-prefix=SLICE
// SLICE: x f32[4,5]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn cast --tolerance 1e-3 | FileCheck %s --check-prefix=CAST
// CAST: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn min_axis --input "x=[[0.5,3,1],[2,-1,0.25]]" --tolerance 1e-3 | FileCheck %s --check-prefix=MIN_AXIS
// MIN_AXIS: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn prod_axis --input "x=[[1,2,3],[4,0,5],[0,6,0]]" --tolerance 1e-3 | FileCheck %s --check-prefix=PROD_AXIS
// PROD_AXIS: x f32[3,3]: max error {{.*}} ok

// Several inputs: concat and stack hand each input its block, unstack
// stacks the gradients back (zeros for an unused slice).
// RUN: tfc check-gradients %s --fn concat --tolerance 1e-3 | FileCheck %s --check-prefix=CONCAT
// CONCAT: a f32[2,2]: max error {{.*}} ok
// CONCAT: b f32[2,3]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn stack --tolerance 1e-3 | FileCheck %s --check-prefix=STACK
// STACK: a f32[3]: max error {{.*}} ok
// STACK: b f32[3]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn unstack --tolerance 1e-3 | FileCheck %s --check-prefix=UNSTACK
// UNSTACK: x f32[3,2]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn split --tolerance 1e-3 | FileCheck %s --check-prefix=SPLIT
// SPLIT: x f32[2,6]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn pad --tolerance 1e-3 | FileCheck %s --check-prefix=PAD
// PAD: x f32[2,3]: max error {{.*}} ok

// The product's gradient is the product of the other elements, also where
// a row holds one zero or two: [[6 3 2] [0 20 0] [0 0 0]].
// RUN: tfc compile %s -o %t.so
// RUN: tfc run %t.so --fn prod_zeros --input "x=[[1,2,3],[4,0,5],[0,6,0]]" | FileCheck %s --check-prefix=ZEROS
// ZEROS: output0 = f32[3,3] {{\[}}[6 3 2] [0 20 0] [0 0 0]]

func.func @transpose(%x: tensor<2x3x4xf32> {tfc.name = "x"}) -> tensor<4x2x3xf32> {
  %r = tfc.graph -> (tensor<4x2x3xf32>) {
    %y = tfc.transpose %x perm [2, 0, 1] : tensor<2x3x4xf32>
    tfc.fetch %y : tensor<4x2x3xf32>
  }
  return %r : tensor<4x2x3xf32>
}

func.func @reshape(%x: tensor<2x6xf32> {tfc.name = "x"}) -> tensor<3x4xf32> {
  %r = tfc.graph -> (tensor<3x4xf32>) {
    %y = tfc.reshape %x to [3, 4] : tensor<2x6xf32>
    tfc.fetch %y : tensor<3x4xf32>
  }
  return %r : tensor<3x4xf32>
}

func.func @expand_squeeze(%x: tensor<3x1x2xf32> {tfc.name = "x"}) -> tensor<3x2xf32> {
  %r = tfc.graph -> (tensor<3x2xf32>) {
    %e = tfc.expand_dims %x axis 0 : tensor<3x1x2xf32>
    %y = tfc.squeeze %e : tensor<1x3x1x2xf32>
    tfc.fetch %y : tensor<3x2xf32>
  }
  return %r : tensor<3x2xf32>
}

func.func @tile(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<4x9xf32> {
  %r = tfc.graph -> (tensor<4x9xf32>) {
    %y = tfc.tile %x multiples [2, 3] : tensor<2x3xf32>
    tfc.fetch %y : tensor<4x9xf32>
  }
  return %r : tensor<4x9xf32>
}

func.func @slice(%x: tensor<4x5xf32> {tfc.name = "x"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %y = tfc.slice %x begin [1, 2] size [2, -1] : tensor<4x5xf32>
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @cast(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %d = tfc.cast %x : tensor<2x3xf32> to f64
    %s = tfc.square %d : tensor<2x3xf64>
    %y = tfc.cast %s : tensor<2x3xf64> to f32
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @min_axis(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %y = tfc.reduce_min %x axes [1] : tensor<2x3xf32>
    tfc.fetch %y : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

func.func @prod_axis(%x: tensor<3x3xf32> {tfc.name = "x"}) -> tensor<3x1xf32> {
  %r = tfc.graph -> (tensor<3x1xf32>) {
    %y = tfc.reduce_prod %x axes [1] keep_dims : tensor<3x3xf32>
    tfc.fetch %y : tensor<3x1xf32>
  }
  return %r : tensor<3x1xf32>
}

func.func @concat(%a: tensor<2x2xf32> {tfc.name = "a"}, %b: tensor<2x3xf32> {tfc.name = "b"}) -> tensor<2x5xf32> {
  %r = tfc.graph -> (tensor<2x5xf32>) {
    %c = tfc.concat %a, %b axis 1 : tensor<2x2xf32>, tensor<2x3xf32>
    %y = tfc.square %c : tensor<2x5xf32>
    tfc.fetch %y : tensor<2x5xf32>
  }
  return %r : tensor<2x5xf32>
}

func.func @stack(%a: tensor<3xf32> {tfc.name = "a"}, %b: tensor<3xf32> {tfc.name = "b"}) -> tensor<3x2xf32> {
  %r = tfc.graph -> (tensor<3x2xf32>) {
    %s = tfc.stack %a, %b axis 1 : tensor<3xf32>, tensor<3xf32>
    %y = tfc.square %s : tensor<3x2xf32>
    tfc.fetch %y : tensor<3x2xf32>
  }
  return %r : tensor<3x2xf32>
}

func.func @unstack(%x: tensor<3x2xf32> {tfc.name = "x"}) -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %p:3 = tfc.unstack %x : tensor<3x2xf32>
    %y = tfc.mul %p#0, %p#2 : tensor<2xf32>, tensor<2xf32>
    tfc.fetch %y : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

func.func @prod_zeros(%x: tensor<3x3xf32> {tfc.name = "x"}) -> tensor<3x3xf32> {
  %r = tfc.graph -> (tensor<3x3xf32>) {
    %p = tfc.reduce_prod %x axes [1] : tensor<3x3xf32>
    %s = tfc.reduce_sum %p : tensor<3xf32>
    %g = tfc.gradients %s wrt(%x : tensor<3x3xf32>) : tensor<f32>
    tfc.fetch %g : tensor<3x3xf32>
  }
  return %r : tensor<3x3xf32>
}

func.func @split(%x: tensor<2x6xf32> {tfc.name = "x"}) -> tensor<2x2xf32> {
  %r = tfc.graph -> (tensor<2x2xf32>) {
    %p:3 = tfc.split %x axis 1 num 3 : tensor<2x6xf32>
    %y = tfc.mul %p#0, %p#2 : tensor<2x2xf32>, tensor<2x2xf32>
    tfc.fetch %y : tensor<2x2xf32>
  }
  return %r : tensor<2x2xf32>
}

func.func @pad(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<4x4xf32> {
  %r = tfc.graph -> (tensor<4x4xf32>) {
    %p = tfc.pad %x paddings [1, 1, 0, 1] : tensor<2x3xf32>
    %z = tfc.zeros_like %p : tensor<4x4xf32>
    %o = tfc.ones_like %x : tensor<2x3xf32>
    %po = tfc.pad %o paddings [1, 1, 0, 1] : tensor<2x3xf32>
    %s = tfc.add %p, %z : tensor<4x4xf32>, tensor<4x4xf32>
    %t = tfc.mul %s, %po : tensor<4x4xf32>, tensor<4x4xf32>
    %y = tfc.square %t : tensor<4x4xf32>
    tfc.fetch %y : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}
