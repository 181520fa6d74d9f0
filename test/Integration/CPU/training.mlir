// Training in compiled code: y = w * x fitted to t = 2x, x = [1, 2, 3, 4],
// w starting at 0, with each optimizer. A step returns the loss before it
// and w after it. The expected values are TensorFlow's update formulas
// evaluated step by step in float32 (NumPy), which the compiled steps match
// to the last digit.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfc compile %s -o %t/libtraining.so
// RUN: tfc inspect %t/libtraining.so | FileCheck %s --check-prefix=SLOTS

// GradientDescent(0.01): g = -30, w = 0.3; g = -25.5, w = 0.555; ...
// (Vectorized reductions may round the last printed digit differently.)
// RUN: tfc run %t/libtraining.so --fn sgd --input "x=[1,2,3,4]" --input "t=[2,4,6,8]" --steps 3 | FileCheck %s --check-prefix=SGD
// SGD: loss = f32[] 15.66018{{[0-9]*}}
// SGD-NEXT: w = f32[1] [0.771{{7499|75}}]

// Momentum(0.01, 0.9): accum = -30, then -52.5: w = 0.3, then 0.825.
// RUN: tfc run %t/libtraining.so --fn momentum --input "x=[1,2,3,4]" --input "t=[2,4,6,8]" --steps 3 | FileCheck %s --check-prefix=MOMENTUM
// MOMENTUM: loss = f32[] 10.35468{{[0-9]*}}
// MOMENTUM-NEXT: w = f32[1] [1.4737499]

// Nesterov: w -= g * lr + accum * momentum * lr: 0.57 after one step.
// RUN: tfc run %t/libtraining.so --fn nesterov --input "x=[1,2,3,4]" --input "t=[2,4,6,8]" --steps 1 | FileCheck %s --check-prefix=NESTEROV1
// NESTEROV1: loss = f32[] 30
// NESTEROV1-NEXT: w = f32[1] [0.56999993]
// RUN: tfc run %t/libtraining.so --fn nesterov --input "x=[1,2,3,4]" --input "t=[2,4,6,8]" --steps 3 | FileCheck %s --check-prefix=NESTEROV
// NESTEROV: loss = f32[] 4.55656{{[0-9]*}}
// NESTEROV-NEXT: w = f32[1] [1.8351382]

// Adam(0.1): the first step moves w by the learning rate (bias-corrected
// m / sqrt(v) is 1), the next ones a little less.
// RUN: tfc run %t/libtraining.so --fn adam --input "x=[1,2,3,4]" --input "t=[2,4,6,8]" --steps 3 | FileCheck %s --check-prefix=ADAM
// ADAM: loss = f32[] 24.3045{{[0-9]*}}
// ADAM-NEXT: w = f32[1] [0.2993736]

// The slots and beta powers are variables of the store: two steps, a
// checkpoint, and one step in another process give the third step exactly.
// RUN: tfc run %t/libtraining.so --fn adam --input "x=[1,2,3,4]" --input "t=[2,4,6,8]" --steps 2 --save %t/ckpt | FileCheck %s --check-prefix=ADAM2
// ADAM2: loss = f32[] 27.0750{{[0-9]*}}
// ADAM2-NEXT: w = f32[1] [0.19983184]
// RUN: tfc run %t/libtraining.so --fn adam --input "x=[1,2,3,4]" --input "t=[2,4,6,8]" --restore %t/ckpt | FileCheck %s --check-prefix=ADAM
// Each optimizer converges to w = 2.
// RUN: tfc run %t/libtraining.so --fn adam --input "x=[1,2,3,4]" --input "t=[2,4,6,8]" --steps 300 | FileCheck %s --check-prefix=CONVERGED
// RUN: tfc run %t/libtraining.so --fn momentum --input "x=[1,2,3,4]" --input "t=[2,4,6,8]" --steps 300 | FileCheck %s --check-prefix=CONVERGED
// CONVERGED: w = f32[1] [{{1\.9999|2\.0000|2$|2\]}}

// SLOTS: {{^}}target cpu {{[^ ]+}} {{[^ ]+$}}
// SLOTS: variables:
// SLOTS-NEXT: sgd_w: f32[1]  collections [GLOBAL_VARIABLES, TRAINABLE_VARIABLES]  trainable
// SLOTS-NEXT: momentum_w: f32[1]  collections [GLOBAL_VARIABLES, TRAINABLE_VARIABLES]  trainable
// SLOTS-NEXT: momentum_w/Momentum: f32[1]  collections [GLOBAL_VARIABLES]{{$}}
// SLOTS-NEXT: nesterov_w: f32[1]  collections [GLOBAL_VARIABLES, TRAINABLE_VARIABLES]  trainable
// SLOTS-NEXT: nesterov_w/Momentum: f32[1]  collections [GLOBAL_VARIABLES]{{$}}
// SLOTS-NEXT: adam_w: f32[1]  collections [GLOBAL_VARIABLES, TRAINABLE_VARIABLES]  trainable
// SLOTS-NEXT: beta1_power: f32[]  collections [GLOBAL_VARIABLES]{{$}}
// SLOTS-NEXT: beta2_power: f32[]  collections [GLOBAL_VARIABLES]{{$}}
// SLOTS-NEXT: adam_w/Adam: f32[1]  collections [GLOBAL_VARIABLES]{{$}}
// SLOTS-NEXT: adam_w/Adam_1: f32[1]  collections [GLOBAL_VARIABLES]{{$}}

func.func @sgd(%x: tensor<4xf32> {tfc.name = "x"}, %t: tensor<4xf32> {tfc.name = "t"}) -> (tensor<f32> {tfc.name = "loss"}, tensor<1xf32> {tfc.name = "w"}) {
  %r:2 = tfc.graph -> (tensor<f32>, tensor<1xf32>) {
    %w = tfc.get_variable "sgd_w" : tensor<1xf32> init #tfc.zeros
    %wv, %t0 = tfc.read %w : !tfc.var<tensor<1xf32>>
    %y = tfc.mul %x, %wv : tensor<4xf32>, tensor<1xf32>
    %d = tfc.sub %y, %t : tensor<4xf32>, tensor<4xf32>
    %sq = tfc.square %d : tensor<4xf32>
    %loss = tfc.reduce_mean %sq : tensor<4xf32>
    %train = tfc.minimize #tfc.sgd<learning_rate = 0.01> %loss : tensor<f32>
    %after, %t1 = tfc.read %w after(%train) : !tfc.var<tensor<1xf32>>
    tfc.fetch %loss, %after : tensor<f32>, tensor<1xf32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<1xf32>
}

func.func @momentum(%x: tensor<4xf32> {tfc.name = "x"}, %t: tensor<4xf32> {tfc.name = "t"}) -> (tensor<f32> {tfc.name = "loss"}, tensor<1xf32> {tfc.name = "w"}) {
  %r:2 = tfc.graph -> (tensor<f32>, tensor<1xf32>) {
    %w = tfc.get_variable "momentum_w" : tensor<1xf32> init #tfc.zeros
    %wv, %t0 = tfc.read %w : !tfc.var<tensor<1xf32>>
    %y = tfc.mul %x, %wv : tensor<4xf32>, tensor<1xf32>
    %d = tfc.sub %y, %t : tensor<4xf32>, tensor<4xf32>
    %sq = tfc.square %d : tensor<4xf32>
    %loss = tfc.reduce_mean %sq : tensor<4xf32>
    %train = tfc.minimize #tfc.momentum<learning_rate = 0.01, momentum = 0.9> %loss : tensor<f32>
    %after, %t1 = tfc.read %w after(%train) : !tfc.var<tensor<1xf32>>
    tfc.fetch %loss, %after : tensor<f32>, tensor<1xf32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<1xf32>
}

func.func @nesterov(%x: tensor<4xf32> {tfc.name = "x"}, %t: tensor<4xf32> {tfc.name = "t"}) -> (tensor<f32> {tfc.name = "loss"}, tensor<1xf32> {tfc.name = "w"}) {
  %r:2 = tfc.graph -> (tensor<f32>, tensor<1xf32>) {
    %w = tfc.get_variable "nesterov_w" : tensor<1xf32> init #tfc.zeros
    %wv, %t0 = tfc.read %w : !tfc.var<tensor<1xf32>>
    %y = tfc.mul %x, %wv : tensor<4xf32>, tensor<1xf32>
    %d = tfc.sub %y, %t : tensor<4xf32>, tensor<4xf32>
    %sq = tfc.square %d : tensor<4xf32>
    %loss = tfc.reduce_mean %sq : tensor<4xf32>
    %train = tfc.minimize #tfc.momentum<learning_rate = 0.01, momentum = 0.9, use_nesterov = true> %loss : tensor<f32>
    %after, %t1 = tfc.read %w after(%train) : !tfc.var<tensor<1xf32>>
    tfc.fetch %loss, %after : tensor<f32>, tensor<1xf32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<1xf32>
}

func.func @adam(%x: tensor<4xf32> {tfc.name = "x"}, %t: tensor<4xf32> {tfc.name = "t"}) -> (tensor<f32> {tfc.name = "loss"}, tensor<1xf32> {tfc.name = "w"}) {
  %r:2 = tfc.graph -> (tensor<f32>, tensor<1xf32>) {
    %w = tfc.get_variable "adam_w" : tensor<1xf32> init #tfc.zeros
    %wv, %t0 = tfc.read %w : !tfc.var<tensor<1xf32>>
    %y = tfc.mul %x, %wv : tensor<4xf32>, tensor<1xf32>
    %d = tfc.sub %y, %t : tensor<4xf32>, tensor<4xf32>
    %sq = tfc.square %d : tensor<4xf32>
    %loss = tfc.reduce_mean %sq : tensor<4xf32>
    %train = tfc.minimize #tfc.adam<learning_rate = 0.1> %loss : tensor<f32>
    %after, %t1 = tfc.read %w after(%train) : !tfc.var<tensor<1xf32>>
    tfc.fetch %loss, %after : tensor<f32>, tensor<1xf32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<1xf32>
}
