// Gradients of the tf.nn ops against finite differences, and the guide's
// entropy example ("Using compute_gradient_error to check gradients").
// RUN: rm -rf %t && mkdir -p %t

// RUN: tfc check-gradients %s --fn softmax --tolerance 1e-3 | FileCheck %s --check-prefix=SOFTMAX
// SOFTMAX: x f32[2,3]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn softmax_axis0 --tolerance 1e-3 | FileCheck %s --check-prefix=SOFTMAX0
// SOFTMAX0: x f32[2,3]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn log_softmax --tolerance 1e-3 | FileCheck %s --check-prefix=LOGSOFTMAX
// LOGSOFTMAX: x f32[2,3]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn logsumexp --tolerance 1e-3 | FileCheck %s --check-prefix=LSE
// LSE: x f32[2,3]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn logsumexp_keep --tolerance 1e-3 | FileCheck %s --check-prefix=LSEKEEP
// LSEKEEP: x f32[2,3]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn cross_entropy --tolerance 1e-3 | FileCheck %s --check-prefix=XENT
// XENT: logits f32[2,3]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn softplus --input "x=[[-3,-1,-0.5],[0.5,1,3]]" --tolerance 1e-3 | FileCheck %s --check-prefix=SOFTPLUS
// SOFTPLUS: x f32[2,3]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn l2_loss --tolerance 1e-3 | FileCheck %s --check-prefix=L2
// L2: x f32[2,3]: max error {{.*}} ok
// RUN: tfc check-gradients %s --fn bias_add --tolerance 1e-3 | FileCheck %s --check-prefix=BIAS
// BIAS: value f32[2,3]: max error {{.*}} ok
// BIAS-NEXT: bias f32[3]: max error {{.*}} ok

// The guide's differentiable entropy, -entropy(w) with w a variable: the
// symbolic and numerical gradients agree ("about 0.0001").
// RUN: tfc check-gradients %s --fn entropy --tolerance 1e-3 | FileCheck %s --check-prefix=ENTROPY
// ENTROPY: w f32[5] (variable): max error {{.*}} ok

// Its non-differentiable version (the softmax as the labels of the
// cross-entropy) is an error naming the op ...
// RUN: not tfc check-gradients %s --fn non_differentiable_entropy 2>&1 | FileCheck %s --check-prefix=UNDEFINED
// UNDEFINED: error: No gradient defined for operand #0 of operation 'xent' (op type: tfc.softmax_cross_entropy_with_logits)
// ... and, taken as zero as TensorFlow does, a gradient the check rejects
// (the guide measured 0.06 to 0.1 on its random w).
// RUN: not tfc check-gradients %s --fn non_differentiable_entropy --allow-undefined-gradients --tolerance 1e-3 2>/dev/null | FileCheck %s --check-prefix=WRONG
// WRONG: w2 f32[5] (variable): max error {{0\.[0-9]+}} FAILED (tolerance 0.001)

// The stable cross-entropy of the guide: labels [0.5, 0.5], logits
// [1000, 0]: loss 500 and gradient [0.5, -0.5], not NaN.
// RUN: tfc compile %s -o %t/libxent.so
// RUN: tfc run %t/libxent.so --fn xent_1000 | FileCheck %s --check-prefix=XENT1000
// XENT1000: output0 = f32[] 500
// XENT1000-NEXT: output1 = f32[2] [0.5 -0.5]

func.func @softmax(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %y = tfc.softmax %x : tensor<2x3xf32>
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @softmax_axis0(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %y = tfc.softmax %x axis 0 : tensor<2x3xf32>
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @log_softmax(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %y = tfc.log_softmax %x : tensor<2x3xf32>
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @logsumexp(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %y = tfc.reduce_logsumexp %x axes [1] : tensor<2x3xf32>
    tfc.fetch %y : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

func.func @logsumexp_keep(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<1x3xf32> {
  %r = tfc.graph -> (tensor<1x3xf32>) {
    %y = tfc.reduce_logsumexp %x axes [0] keep_dims : tensor<2x3xf32>
    tfc.fetch %y : tensor<1x3xf32>
  }
  return %r : tensor<1x3xf32>
}

// The labels are a constant: they have no gradient to check.
func.func @cross_entropy(%logits: tensor<2x3xf32> {tfc.name = "logits"}) -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %labels = tfc.constant dense<[[0.2, 0.3, 0.5], [1.0, 0.0, 0.0]]> : tensor<2x3xf32>
    %y = tfc.softmax_cross_entropy_with_logits %labels, %logits : tensor<2x3xf32>, tensor<2x3xf32>
    tfc.fetch %y : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

func.func @softplus(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %y = tfc.softplus %x : tensor<2x3xf32>
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

func.func @l2_loss(%x: tensor<2x3xf32> {tfc.name = "x"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %y = tfc.l2_loss %x : tensor<2x3xf32>
    tfc.fetch %y : tensor<f32>
  }
  return %r : tensor<f32>
}

func.func @bias_add(%v: tensor<2x3xf32> {tfc.name = "value"}, %b: tensor<3xf32> {tfc.name = "bias"}) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %y = tfc.bias_add %v, %b : tensor<2x3xf32>, tensor<3xf32>
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

// entropy(logits) = sum(softmax(logits) * (logsumexp(logits) - logits)).
func.func @entropy() -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %w = tfc.get_variable "w" : tensor<5xf32>
    %v, %t = tfc.read %w : !tfc.var<tensor<5xf32>>
    %probs = tfc.softmax %v : tensor<5xf32>
    %lse = tfc.reduce_logsumexp %v axes [-1] keep_dims : tensor<5xf32>
    %nlogp = tfc.sub %lse, %v : tensor<1xf32>, tensor<5xf32>
    %plogp = tfc.mul %probs, %nlogp : tensor<5xf32>, tensor<5xf32>
    %entropy = tfc.reduce_sum %plogp axes [-1] : tensor<5xf32>
    %y = tfc.neg %entropy : tensor<f32>
    tfc.fetch %y : tensor<f32>
  }
  return %r : tensor<f32>
}

func.func @non_differentiable_entropy() -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %w = tfc.get_variable "w2" : tensor<5xf32>
    %v, %t = tfc.read %w : !tfc.var<tensor<5xf32>>
    %probs = tfc.softmax %v : tensor<5xf32>
    %e = tfc.softmax_cross_entropy_with_logits %probs, %v {tfc.name = "xent"} : tensor<5xf32>, tensor<5xf32>
    %y = tfc.neg %e : tensor<f32>
    tfc.fetch %y : tensor<f32>
  }
  return %r : tensor<f32>
}

func.func @xent_1000() -> (tensor<f32>, tensor<2xf32>) {
  %r:2 = tfc.graph -> (tensor<f32>, tensor<2xf32>) {
    %labels = tfc.constant dense<[0.5, 0.5]> : tensor<2xf32>
    %logits = tfc.constant dense<[1000.0, 0.0]> : tensor<2xf32>
    %xe = tfc.softmax_cross_entropy_with_logits %labels, %logits : tensor<2xf32>, tensor<2xf32>
    %g = tfc.gradients %xe wrt(%logits : tensor<2xf32>) : tensor<f32>
    tfc.fetch %xe, %g : tensor<f32>, tensor<2xf32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<2xf32>
}
