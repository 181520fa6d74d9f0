// Gradients of the element-wise ops against finite differences (the
// analogue of tf.test.compute_gradient_error): `max error` is the largest
// difference between the symbolic and the numerical Jacobian, in float32
// with delta 1e-3. Inputs stay away from kinks (0 for relu and abs, ties
// for maximum and minimum) and inside the domains of log, sqrt and pow.
// The binary ops broadcast, so their gradients are summed back to the
// operands' shapes.

// RUN: tfc check-gradients %s --fn neg --tolerance 1e-3 | FileCheck %s --check-prefix=NEG
// NEG: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn abs --input "x=[[-1.5,-0.5,0.25],[0.5,1,2]]" --tolerance 1e-3 | FileCheck %s --check-prefix=ABS
// ABS: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn exp --tolerance 1e-3 | FileCheck %s --check-prefix=EXP
// EXP: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn log --input "x=[[0.5,1,1.5],[2,2.5,3]]" --tolerance 1e-3 | FileCheck %s --check-prefix=LOG
// LOG: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn sqrt --input "x=[[0.5,1,1.5],[2,2.5,3]]" --tolerance 1e-3 | FileCheck %s --check-prefix=SQRT
// SQRT: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn rsqrt --input "x=[[0.5,1,1.5],[2,2.5,3]]" --tolerance 1e-3 | FileCheck %s --check-prefix=RSQRT
// RSQRT: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn square --tolerance 1e-3 | FileCheck %s --check-prefix=SQUARE
// SQUARE: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn tanh --input "x=[[-2,-1,-0.5],[0.5,1,2]]" --tolerance 1e-3 | FileCheck %s --check-prefix=TANH
// TANH: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn sigmoid --input "x=[[-2,-1,-0.5],[0.5,1,2]]" --tolerance 1e-3 | FileCheck %s --check-prefix=SIGMOID
// SIGMOID: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn relu --input "x=[[-2,-1,-0.5],[0.5,1,2]]" --tolerance 1e-3 | FileCheck %s --check-prefix=RELU
// RELU: x f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn add --tolerance 1e-3 | FileCheck %s --check-prefix=ADD
// ADD: x f32[2,3]: max error {{.*}} ok
// ADD-NEXT: y f32[3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn sub --tolerance 1e-3 | FileCheck %s --check-prefix=SUB
// SUB: x f32[2,1]: max error {{.*}} ok
// SUB-NEXT: y f32[1,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn mul --tolerance 1e-3 | FileCheck %s --check-prefix=MUL
// MUL: x f32[3]: max error {{.*}} ok
// MUL-NEXT: y f32[2,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn div --input "y=[1,1.5,2]" --tolerance 1e-3 | FileCheck %s --check-prefix=DIV
// DIV: x f32[2,3]: max error {{.*}} ok
// DIV-NEXT: y f32[3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn pow --input "x=[[0.5,1,1.5],[2,2.5,3]]" --input "y=[0.5,1.5,2]" --tolerance 1e-3 | FileCheck %s --check-prefix=POW
// POW: x f32[2,3]: max error {{.*}} ok
// POW-NEXT: y f32[3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn maximum --input "x=[[0.5,1,1.5],[2,2.5,3]]" --input "y=[1.25,2,0.75]" --tolerance 1e-3 | FileCheck %s --check-prefix=MAXIMUM
// MAXIMUM: x f32[2,3]: max error {{.*}} ok
// MAXIMUM-NEXT: y f32[3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn minimum --input "x=[[0.5,1,1.5],[2,2.5,3]]" --input "y=[[1.25,2,0.75]]" --tolerance 1e-3 | FileCheck %s --check-prefix=MINIMUM
// MINIMUM: x f32[2,3]: max error {{.*}} ok
// MINIMUM-NEXT: y f32[1,3]: max error {{.*}} ok

// A chain with fan-out: every path's contribution adds up.
// RUN: tfc check-gradients %s --fn chain --tolerance 1e-3 | FileCheck %s --check-prefix=CHAIN
// CHAIN: gradients of 'chain' output 0 (f32[]), delta 0.001:
// CHAIN-NEXT: x f32[4]: max error {{.*}} ok
// CHAIN-NEXT: max error

func.func @neg(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %y = tfc.neg %x : tensor<2x3xf32>
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @abs(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %y = tfc.abs %x : tensor<2x3xf32>
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @exp(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %y = tfc.exp %x : tensor<2x3xf32>
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @log(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %y = tfc.log %x : tensor<2x3xf32>
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @sqrt(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %y = tfc.sqrt %x : tensor<2x3xf32>
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @rsqrt(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %y = tfc.rsqrt %x : tensor<2x3xf32>
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @square(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %y = tfc.square %x : tensor<2x3xf32>
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @tanh(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %y = tfc.tanh %x : tensor<2x3xf32>
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @sigmoid(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %y = tfc.sigmoid %x : tensor<2x3xf32>
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @relu(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %y = tfc.relu %x : tensor<2x3xf32>
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @add(%x: tensor<2x3xf32> {tfc.name = "x"}, %y: tensor<3xf32> {tfc.name = "y"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %z = tfc.add %x, %y : tensor<2x3xf32>, tensor<3xf32>
    tfc.fetch %z : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @sub(%x: tensor<2x1xf32> {tfc.name = "x"}, %y: tensor<1x3xf32> {tfc.name = "y"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %z = tfc.sub %x, %y : tensor<2x1xf32>, tensor<1x3xf32>
    tfc.fetch %z : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @mul(%x: tensor<3xf32> {tfc.name = "x"}, %y: tensor<2x3xf32> {tfc.name = "y"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %z = tfc.mul %x, %y : tensor<3xf32>, tensor<2x3xf32>
    tfc.fetch %z : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @div(%x: tensor<2x3xf32> {tfc.name = "x"}, %y: tensor<3xf32> {tfc.name = "y"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %z = tfc.div %x, %y : tensor<2x3xf32>, tensor<3xf32>
    tfc.fetch %z : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @pow(%x: tensor<2x3xf32> {tfc.name = "x"}, %y: tensor<3xf32> {tfc.name = "y"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %z = tfc.pow %x, %y : tensor<2x3xf32>, tensor<3xf32>
    tfc.fetch %z : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @maximum(%x: tensor<2x3xf32> {tfc.name = "x"}, %y: tensor<3xf32> {tfc.name = "y"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %z = tfc.maximum %x, %y : tensor<2x3xf32>, tensor<3xf32>
    tfc.fetch %z : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @minimum(%x: tensor<2x3xf32> {tfc.name = "x"}, %y: tensor<1x3xf32> {tfc.name = "y"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %z = tfc.minimum %x, %y : tensor<2x3xf32>, tensor<1x3xf32>
    tfc.fetch %z : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @chain(%x: tensor<4xf32> {tfc.name = "x"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %t = tfc.tanh %x : tensor<4xf32>
    %s = tfc.sigmoid %x : tensor<4xf32>
    %p = tfc.mul %t, %s : tensor<4xf32>, tensor<4xf32>
    %e = tfc.exp %p : tensor<4xf32>
    %q = tfc.div %e, %s : tensor<4xf32>, tensor<4xf32>
    %l = tfc.reduce_sum %q : tensor<4xf32>
    tfc.fetch %l : tensor<f32>
  }
  return %r : tensor<f32>
}
