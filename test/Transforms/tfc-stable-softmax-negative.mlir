// RUN: tfc-opt %s --split-input-file --tfc-stable-softmax | FileCheck %s

// Formulas that only look like the stable ones stay as they are.

// Without keep_dims, a sum over the last axis broadcasts along the wrong
// axis: x[i, j] / s[j] is not a softmax (the shapes only agree because x is
// square).
// CHECK-LABEL: func.func @sum_broadcast_along_wrong_axis
// CHECK: %[[E:.*]] = tfc.exp %{{.*}} : tensor<3x3xf32>
// CHECK: %[[S:.*]] = tfc.reduce_sum %[[E]] axes [1] : tensor<3x3xf32>
// CHECK: tfc.div %[[E]], %[[S]]
// CHECK-NOT: tfc.softmax
func.func @sum_broadcast_along_wrong_axis(%x: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %r = tfc.graph -> (tensor<3x3xf32>) {
    %e = tfc.exp %x : tensor<3x3xf32>
    %s = tfc.reduce_sum %e axes [1] : tensor<3x3xf32>
    %p = tfc.div %e, %s : tensor<3x3xf32>, tensor<3xf32>
    tfc.fetch %p : tensor<3x3xf32>
  }
  return %r : tensor<3x3xf32>
}

// -----

// A sum over two axes, or over every axis of a matrix, normalizes over more
// than one axis: no softmax op says that.
// CHECK-LABEL: func.func @sum_over_several_axes
// CHECK: tfc.reduce_sum %{{.*}} axes [0, 1] keep_dims
// CHECK: tfc.div
// CHECK: tfc.reduce_sum %{{.*}} : tensor<4x3xf32>
// CHECK: tfc.div
// CHECK-NOT: tfc.softmax
func.func @sum_over_several_axes(%x: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %r:2 = tfc.graph -> (tensor<4x3xf32>, tensor<4x3xf32>) {
    %e = tfc.exp %x : tensor<4x3xf32>
    %s = tfc.reduce_sum %e axes [0, 1] keep_dims : tensor<4x3xf32>
    %p = tfc.div %e, %s : tensor<4x3xf32>, tensor<1x1xf32>
    %t = tfc.reduce_sum %e : tensor<4x3xf32>
    %q = tfc.div %e, %t : tensor<4x3xf32>, tensor<f32>
    tfc.fetch %p, %q : tensor<4x3xf32>, tensor<4x3xf32>
  }
  return %r#0, %r#1 : tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

// The numerator and the sum exponentiate different tensors, or the
// numerator is no exp at all.
// CHECK-LABEL: func.func @different_exps
// CHECK-SAME: (%[[X:.*]]: tensor<4x3xf32>, %[[Y:.*]]: tensor<4x3xf32>)
// CHECK-DAG: %[[EX:.*]] = tfc.exp %[[X]]
// CHECK-DAG: %[[EY:.*]] = tfc.exp %[[Y]]
// CHECK-DAG: %[[SY:.*]] = tfc.reduce_sum %[[EY]] axes [1] keep_dims
// CHECK-DAG: %[[SX:.*]] = tfc.reduce_sum %[[EX]] axes [1] keep_dims
// CHECK-DAG: tfc.div %[[EX]], %[[SY]]
// CHECK-DAG: tfc.div %[[X]], %[[SX]]
// CHECK-NOT: tfc.softmax
func.func @different_exps(%x: tensor<4x3xf32>, %y: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %r:2 = tfc.graph -> (tensor<4x3xf32>, tensor<4x3xf32>) {
    %ex = tfc.exp %x : tensor<4x3xf32>
    %ey = tfc.exp %y : tensor<4x3xf32>
    %s = tfc.reduce_sum %ey axes [1] keep_dims : tensor<4x3xf32>
    %p = tfc.div %ex, %s : tensor<4x3xf32>, tensor<4x1xf32>
    %sx = tfc.reduce_sum %ex axes [1] keep_dims : tensor<4x3xf32>
    %q = tfc.div %x, %sx : tensor<4x3xf32>, tensor<4x1xf32>
    tfc.fetch %p, %q : tensor<4x3xf32>, tensor<4x3xf32>
  }
  return %r#0, %r#1 : tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

// log of a sum without exp, log of a mean of exp: no logsumexp.
// CHECK-LABEL: func.func @not_logsumexp
// CHECK: tfc.reduce_sum
// CHECK: tfc.log
// CHECK: tfc.exp
// CHECK: tfc.reduce_mean
// CHECK: tfc.log
// CHECK-NOT: tfc.reduce_logsumexp
func.func @not_logsumexp(%x: tensor<4x3xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = tfc.graph -> (tensor<4xf32>, tensor<4xf32>) {
    %s = tfc.reduce_sum %x axes [1] : tensor<4x3xf32>
    %a = tfc.log %s : tensor<4xf32>
    %e = tfc.exp %x : tensor<4x3xf32>
    %m = tfc.reduce_mean %e axes [1] : tensor<4x3xf32>
    %b = tfc.log %m : tensor<4xf32>
    tfc.fetch %a, %b : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// The cross-entropy is a sum over the classes (the last axis) per example;
// summing over the batch axis, keeping the dimension, or summing everything
// of a batch is something else. (Sums over everything still get the stable
// log_softmax.)
// CHECK-LABEL: func.func @cross_entropy_wrong_reduction
// CHECK: %[[LS:.*]] = tfc.log_softmax
// CHECK: %[[M:.*]] = tfc.mul %{{.*}}, %[[LS]]
// CHECK: %[[A:.*]] = tfc.reduce_sum %[[M]] axes [0] :
// CHECK: tfc.neg %[[A]]
// CHECK: %[[B:.*]] = tfc.reduce_sum %[[M]] axes [1] keep_dims
// CHECK: tfc.neg %[[B]]
// CHECK: %[[C:.*]] = tfc.reduce_sum %[[M]] : tensor<4x3xf32>
// CHECK: tfc.neg %[[C]]
// CHECK-NOT: softmax_cross_entropy
func.func @cross_entropy_wrong_reduction(%labels: tensor<4x3xf32>, %logits: tensor<4x3xf32>)
    -> (tensor<3xf32>, tensor<4x1xf32>, tensor<f32>) {
  %r:3 = tfc.graph -> (tensor<3xf32>, tensor<4x1xf32>, tensor<f32>) {
    %p = tfc.softmax %logits : tensor<4x3xf32>
    %lp = tfc.log %p : tensor<4x3xf32>
    %m = tfc.mul %labels, %lp : tensor<4x3xf32>, tensor<4x3xf32>
    %s0 = tfc.reduce_sum %m axes [0] : tensor<4x3xf32>
    %a = tfc.neg %s0 : tensor<3xf32>
    %s1 = tfc.reduce_sum %m axes [1] keep_dims : tensor<4x3xf32>
    %b = tfc.neg %s1 : tensor<4x1xf32>
    %s2 = tfc.reduce_sum %m : tensor<4x3xf32>
    %c = tfc.neg %s2 : tensor<f32>
    tfc.fetch %a, %b, %c : tensor<3xf32>, tensor<4x1xf32>, tensor<f32>
  }
  return %r#0, %r#1, %r#2 : tensor<3xf32>, tensor<4x1xf32>, tensor<f32>
}

// -----

// Labels broadcast against the logits (one distribution for every example,
// or a batch size that may differ) are not per-example labels.
// CHECK-LABEL: func.func @cross_entropy_broadcast_labels
// CHECK-SAME: (%[[L:.*]]: tensor<10xf32>, %[[S:.*]]: tensor<4x10xf32>, %[[Z:.*]]: tensor<?x10xf32>)
// CHECK: %[[LS:.*]] = tfc.log_softmax %[[Z]]
// CHECK: tfc.mul %[[L]], %[[LS]]
// CHECK: tfc.mul %[[S]], %[[LS]]
// CHECK-NOT: softmax_cross_entropy
func.func @cross_entropy_broadcast_labels(%labels: tensor<10xf32>, %static: tensor<4x10xf32>,
                                          %logits: tensor<?x10xf32>) -> (tensor<?xf32>, tensor<4xf32>) {
  %r:2 = tfc.graph -> (tensor<?xf32>, tensor<4xf32>) {
    %ls = tfc.log_softmax %logits : tensor<?x10xf32>
    %m = tfc.mul %labels, %ls : tensor<10xf32>, tensor<?x10xf32>
    %s = tfc.reduce_sum %m axes [-1] : tensor<?x10xf32>
    %a = tfc.neg %s : tensor<?xf32>
    %n = tfc.mul %static, %ls : tensor<4x10xf32>, tensor<?x10xf32>
    %t = tfc.reduce_sum %n axes [-1] : tensor<4x10xf32>
    %b = tfc.neg %t : tensor<4xf32>
    tfc.fetch %a, %b : tensor<?xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<?xf32>, tensor<4xf32>
}

// -----

// A softmax over another axis than the summed one, a missing or doubled
// negation, a mean over the classes: none is the cross-entropy.
// CHECK-LABEL: func.func @not_cross_entropy
// CHECK: tfc.log_softmax %{{.*}} axis 0
// CHECK: tfc.neg
// CHECK: tfc.reduce_sum
// CHECK: tfc.reduce_mean
// CHECK-NOT: softmax_cross_entropy
func.func @not_cross_entropy(%labels: tensor<4x3xf32>, %logits: tensor<4x3xf32>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %r:3 = tfc.graph -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    %l0 = tfc.log_softmax %logits axis 0 : tensor<4x3xf32>
    %m0 = tfc.mul %labels, %l0 : tensor<4x3xf32>, tensor<4x3xf32>
    %s0 = tfc.reduce_sum %m0 axes [1] : tensor<4x3xf32>
    %a = tfc.neg %s0 : tensor<4xf32>
    %ls = tfc.log_softmax %logits : tensor<4x3xf32>
    %m = tfc.mul %labels, %ls : tensor<4x3xf32>, tensor<4x3xf32>
    %b = tfc.reduce_sum %m axes [1] : tensor<4x3xf32>
    %mean = tfc.reduce_mean %m axes [1] : tensor<4x3xf32>
    %c = tfc.neg %mean : tensor<4xf32>
    tfc.fetch %a, %b, %c : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Only a splat of exactly 1.0 that does not broadcast x makes a softplus.
// (The greedy driver moves constants to the right of commutative ops.)
// CHECK-LABEL: func.func @not_softplus
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>)
// CHECK-DAG: %[[TWO:.*]] = tfc.constant dense<2.000000e+00> : tensor<f32>
// CHECK-DAG: %[[NEAR:.*]] = tfc.constant dense<1.00000012> : tensor<f32>
// CHECK-DAG: %[[VEC:.*]] = tfc.constant dense<[1.000000e+00, 2.000000e+00, 1.000000e+00]> : tensor<3xf32>
// CHECK-DAG: %[[WIDE:.*]] = tfc.constant dense<1.000000e+00> : tensor<2x3xf32>
// CHECK-DAG: %[[E:.*]] = tfc.exp %[[X]]
// CHECK-DAG: tfc.add %[[E]], %[[TWO]]
// CHECK-DAG: tfc.add %[[E]], %[[NEAR]]
// CHECK-DAG: tfc.add %[[E]], %[[VEC]]
// CHECK-DAG: tfc.add %[[E]], %[[WIDE]]
// CHECK-DAG: tfc.sub %[[WIDE]], %[[E]]
// CHECK-NOT: tfc.softplus
func.func @not_softplus(%x: tensor<3xf32>)
    -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %r:5 = tfc.graph -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
    %two = tfc.constant dense<2.0> : tensor<f32>
    %near = tfc.constant dense<1.00000012> : tensor<f32>
    %vec = tfc.constant dense<[1.0, 2.0, 1.0]> : tensor<3xf32>
    %wide = tfc.constant dense<1.0> : tensor<2x3xf32>
    %e = tfc.exp %x : tensor<3xf32>
    %s0 = tfc.add %two, %e : tensor<f32>, tensor<3xf32>
    %a = tfc.log %s0 : tensor<3xf32>
    %s1 = tfc.add %e, %near : tensor<3xf32>, tensor<f32>
    %b = tfc.log %s1 : tensor<3xf32>
    %s2 = tfc.add %vec, %e : tensor<3xf32>, tensor<3xf32>
    %c = tfc.log %s2 : tensor<3xf32>
    %s3 = tfc.add %wide, %e : tensor<2x3xf32>, tensor<3xf32>
    %d = tfc.log %s3 : tensor<2x3xf32>
    %s4 = tfc.sub %wide, %e : tensor<2x3xf32>, tensor<3xf32>
    %f = tfc.log %s4 : tensor<2x3xf32>
    tfc.fetch %a, %b, %c, %d, %f : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
