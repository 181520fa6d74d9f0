// RUN: tfc-opt %s --split-input-file --tfc-stable-softmax | FileCheck %s \
// RUN:   --implicit-check-not=tfc.exp --implicit-check-not=tfc.div \
// RUN:   --implicit-check-not=tfc.reduce_sum --implicit-check-not='tfc.log ' \
// RUN:   --implicit-check-not=tfc.neg --implicit-check-not=tfc.mul \
// RUN:   --implicit-check-not=tfc.add --implicit-check-not=tfc.constant

// The rewrites that fire: every naive op is gone (see the implicit checks).
// Look-alikes that must stay are in tfc-stable-softmax-negative.mlir.

// The guide's unstable_softmax: a rank-1 vector summed to a scalar.
// CHECK-LABEL: func.func @guide_softmax
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>)
// CHECK: %[[S:.*]] = tfc.softmax %[[X]] : tensor<2xf32>
// CHECK: tfc.fetch %[[S]]
func.func @guide_softmax(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %e = tfc.exp %x : tensor<2xf32>
    %s = tfc.reduce_sum %e : tensor<2xf32>
    %p = tfc.div %e, %s : tensor<2xf32>, tensor<f32>
    tfc.fetch %p : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// -----

// The last axis with keep_dims, dynamic batch; written with one exp op or
// with two identical ones.
// CHECK-LABEL: func.func @softmax_last_axis
// CHECK-SAME: (%[[X:.*]]: tensor<?x10xf32>)
// CHECK: %[[A:.*]] = tfc.softmax %[[X]] : tensor<?x10xf32>
// CHECK: %[[B:.*]] = tfc.softmax %[[X]] : tensor<?x10xf32>
// CHECK: tfc.fetch %[[A]], %[[B]]
func.func @softmax_last_axis(%x: tensor<?x10xf32>) -> (tensor<?x10xf32>, tensor<?x10xf32>) {
  %r:2 = tfc.graph -> (tensor<?x10xf32>, tensor<?x10xf32>) {
    %e = tfc.exp %x : tensor<?x10xf32>
    %s = tfc.reduce_sum %e axes [1] keep_dims : tensor<?x10xf32>
    %p = tfc.div %e, %s : tensor<?x10xf32>, tensor<?x1xf32>
    %e1 = tfc.exp %x : tensor<?x10xf32>
    %e2 = tfc.exp %x : tensor<?x10xf32>
    %s2 = tfc.reduce_sum %e2 axes [-1] keep_dims : tensor<?x10xf32>
    %q = tfc.div %e1, %s2 : tensor<?x10xf32>, tensor<?x1xf32>
    tfc.fetch %p, %q : tensor<?x10xf32>, tensor<?x10xf32>
  }
  return %r#0, %r#1 : tensor<?x10xf32>, tensor<?x10xf32>
}

// -----

// A middle axis with keep_dims; the leading axis without keep_dims, where
// broadcasting lines the sum up with x.
// CHECK-LABEL: func.func @softmax_other_axes
// CHECK-SAME: (%[[X:.*]]: tensor<4x5x6xf64>, %[[Y:.*]]: tensor<3x3xf32>)
// CHECK: %[[A:.*]] = tfc.softmax %[[X]] axis 1 : tensor<4x5x6xf64>
// CHECK: %[[B:.*]] = tfc.softmax %[[Y]] axis 0 : tensor<3x3xf32>
// CHECK: tfc.fetch %[[A]], %[[B]]
func.func @softmax_other_axes(%x: tensor<4x5x6xf64>, %y: tensor<3x3xf32>) -> (tensor<4x5x6xf64>, tensor<3x3xf32>) {
  %r:2 = tfc.graph -> (tensor<4x5x6xf64>, tensor<3x3xf32>) {
    %e = tfc.exp %x : tensor<4x5x6xf64>
    %s = tfc.reduce_sum %e axes [1] keep_dims : tensor<4x5x6xf64>
    %p = tfc.div %e, %s : tensor<4x5x6xf64>, tensor<4x1x6xf64>
    %f = tfc.exp %y : tensor<3x3xf32>
    %t = tfc.reduce_sum %f axes [0] : tensor<3x3xf32>
    %q = tfc.div %f, %t : tensor<3x3xf32>, tensor<3xf32>
    tfc.fetch %p, %q : tensor<4x5x6xf64>, tensor<3x3xf32>
  }
  return %r#0, %r#1 : tensor<4x5x6xf64>, tensor<3x3xf32>
}

// -----

// log(softmax(x)) keeps the softmax's axis.
// CHECK-LABEL: func.func @log_softmax
// CHECK-SAME: (%[[X:.*]]: tensor<4x3xf32>)
// CHECK: %[[A:.*]] = tfc.log_softmax %[[X]] : tensor<4x3xf32>
// CHECK: %[[B:.*]] = tfc.log_softmax %[[X]] axis 0 : tensor<4x3xf32>
// CHECK: tfc.fetch %[[A]], %[[B]]
func.func @log_softmax(%x: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %r:2 = tfc.graph -> (tensor<4x3xf32>, tensor<4x3xf32>) {
    %s = tfc.softmax %x : tensor<4x3xf32>
    %l = tfc.log %s : tensor<4x3xf32>
    %t = tfc.softmax %x axis 0 : tensor<4x3xf32>
    %m = tfc.log %t : tensor<4x3xf32>
    tfc.fetch %l, %m : tensor<4x3xf32>, tensor<4x3xf32>
  }
  return %r#0, %r#1 : tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

// The hand-written softmax and its log chain down to log_softmax.
// CHECK-LABEL: func.func @log_of_naive_softmax
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>)
// CHECK: %[[L:.*]] = tfc.log_softmax %[[X]] : tensor<?x3xf32>
// CHECK: tfc.fetch %[[L]]
func.func @log_of_naive_softmax(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %r = tfc.graph -> (tensor<?x3xf32>) {
    %e = tfc.exp %x : tensor<?x3xf32>
    %s = tfc.reduce_sum %e axes [1] keep_dims : tensor<?x3xf32>
    %p = tfc.div %e, %s : tensor<?x3xf32>, tensor<?x1xf32>
    %l = tfc.log %p : tensor<?x3xf32>
    tfc.fetch %l : tensor<?x3xf32>
  }
  return %r : tensor<?x3xf32>
}

// -----

// log(reduce_sum(exp(x))) keeps the axes and keep_dims, whatever they are.
// CHECK-LABEL: func.func @logsumexp
// CHECK-SAME: (%[[X:.*]]: tensor<4x?xf32>)
// CHECK: %[[A:.*]] = tfc.reduce_logsumexp %[[X]] : tensor<4x?xf32>
// CHECK: %[[B:.*]] = tfc.reduce_logsumexp %[[X]] axes [1] keep_dims : tensor<4x?xf32>
// CHECK: %[[C:.*]] = tfc.reduce_logsumexp %[[X]] axes [0, 1] : tensor<4x?xf32>
// CHECK: tfc.fetch %[[A]], %[[B]], %[[C]] : tensor<f32>, tensor<4x1xf32>, tensor<f32>
func.func @logsumexp(%x: tensor<4x?xf32>) -> (tensor<f32>, tensor<4x1xf32>, tensor<f32>) {
  %r:3 = tfc.graph -> (tensor<f32>, tensor<4x1xf32>, tensor<f32>) {
    %e = tfc.exp %x : tensor<4x?xf32>
    %s = tfc.reduce_sum %e : tensor<4x?xf32>
    %a = tfc.log %s : tensor<f32>
    %t = tfc.reduce_sum %e axes [1] keep_dims : tensor<4x?xf32>
    %b = tfc.log %t : tensor<4x1xf32>
    %u = tfc.reduce_sum %e axes [0, 1] : tensor<4x?xf32>
    %c = tfc.log %u : tensor<f32>
    tfc.fetch %a, %b, %c : tensor<f32>, tensor<4x1xf32>, tensor<f32>
  }
  return %r#0, %r#1, %r#2 : tensor<f32>, tensor<4x1xf32>, tensor<f32>
}

// -----

// The guide's unstable_softmax_cross_entropy on a rank-1 example:
// -reduce_sum(labels * log(exp(x) / reduce_sum(exp(x)))).
// CHECK-LABEL: func.func @guide_cross_entropy
// CHECK-SAME: (%[[L:.*]]: tensor<2xf32>, %[[X:.*]]: tensor<2xf32>)
// CHECK: %[[XE:.*]] = tfc.softmax_cross_entropy_with_logits %[[L]], %[[X]] : tensor<2xf32>, tensor<2xf32>
// CHECK: tfc.fetch %[[XE]] : tensor<f32>
func.func @guide_cross_entropy(%labels: tensor<2xf32>, %x: tensor<2xf32>) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %e = tfc.exp %x : tensor<2xf32>
    %s = tfc.reduce_sum %e : tensor<2xf32>
    %p = tfc.div %e, %s : tensor<2xf32>, tensor<f32>
    %l = tfc.log %p : tensor<2xf32>
    %m = tfc.mul %labels, %l : tensor<2xf32>, tensor<2xf32>
    %t = tfc.reduce_sum %m : tensor<2xf32>
    %xe = tfc.neg %t : tensor<f32>
    tfc.fetch %xe : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// A batch: the per-example loss replaces -reduce_sum(..., axes [-1]); the
// mean over the batch stays. The forms: log(softmax), log_softmax, the
// factors in either order, the negation on the labels or on the
// log-probabilities instead of the sum.
// CHECK-LABEL: func.func @batch_cross_entropy
// CHECK-SAME: (%[[L:.*]]: tensor<?x10xf32>, %[[Z:.*]]: tensor<?x10xf32>)
// CHECK: %[[A:.*]] = tfc.softmax_cross_entropy_with_logits %[[L]], %[[Z]] : tensor<?x10xf32>, tensor<?x10xf32>
// CHECK: %[[MA:.*]] = tfc.reduce_mean %[[A]] : tensor<?xf32>
// CHECK: %[[B:.*]] = tfc.softmax_cross_entropy_with_logits %[[L]], %[[Z]]
// CHECK: %[[C:.*]] = tfc.softmax_cross_entropy_with_logits %[[L]], %[[Z]]
// CHECK: %[[D:.*]] = tfc.softmax_cross_entropy_with_logits %[[L]], %[[Z]]
// CHECK: tfc.fetch %[[MA]], %[[B]], %[[C]], %[[D]] : tensor<f32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
func.func @batch_cross_entropy(%labels: tensor<?x10xf32>, %logits: tensor<?x10xf32>)
    -> (tensor<f32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %r:4 = tfc.graph -> (tensor<f32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
    %p = tfc.softmax %logits : tensor<?x10xf32>
    %lp = tfc.log %p : tensor<?x10xf32>
    %m = tfc.mul %labels, %lp : tensor<?x10xf32>, tensor<?x10xf32>
    %s = tfc.reduce_sum %m axes [-1] : tensor<?x10xf32>
    %a = tfc.neg %s : tensor<?xf32>
    %mean = tfc.reduce_mean %a : tensor<?xf32>

    %ls = tfc.log_softmax %logits axis 1 : tensor<?x10xf32>
    %m2 = tfc.mul %ls, %labels : tensor<?x10xf32>, tensor<?x10xf32>
    %s2 = tfc.reduce_sum %m2 axes [1] : tensor<?x10xf32>
    %b = tfc.neg %s2 : tensor<?xf32>

    %nl = tfc.neg %labels : tensor<?x10xf32>
    %m3 = tfc.mul %nl, %ls : tensor<?x10xf32>, tensor<?x10xf32>
    %c = tfc.reduce_sum %m3 axes [-1] : tensor<?x10xf32>

    %nlp = tfc.neg %lp : tensor<?x10xf32>
    %m4 = tfc.mul %nlp, %labels : tensor<?x10xf32>, tensor<?x10xf32>
    %d = tfc.reduce_sum %m4 axes [-1] : tensor<?x10xf32>
    tfc.fetch %mean, %b, %c, %d : tensor<f32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<f32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}

// -----

// log(1 + exp(x)) in either order; the 1 may be a scalar or a splat of x's
// shape.
// CHECK-LABEL: func.func @softplus
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[Y:.*]]: tensor<2xbf16>)
// CHECK: %[[A:.*]] = tfc.softplus %[[X]] : tensor<?x3xf32>
// CHECK: %[[B:.*]] = tfc.softplus %[[X]] : tensor<?x3xf32>
// CHECK: %[[C:.*]] = tfc.softplus %[[Y]] : tensor<2xbf16>
// CHECK: tfc.fetch %[[A]], %[[B]], %[[C]]
func.func @softplus(%x: tensor<?x3xf32>, %y: tensor<2xbf16>) -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<2xbf16>) {
  %r:3 = tfc.graph -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<2xbf16>) {
    %one = tfc.constant dense<1.0> : tensor<f32>
    %e = tfc.exp %x : tensor<?x3xf32>
    %s = tfc.add %one, %e : tensor<f32>, tensor<?x3xf32>
    %a = tfc.log %s : tensor<?x3xf32>
    %t = tfc.add %e, %one : tensor<?x3xf32>, tensor<f32>
    %b = tfc.log %t : tensor<?x3xf32>
    %ones = tfc.constant dense<1.0> : tensor<2xbf16>
    %f = tfc.exp %y : tensor<2xbf16>
    %u = tfc.add %ones, %f : tensor<2xbf16>, tensor<2xbf16>
    %c = tfc.log %u : tensor<2xbf16>
    tfc.fetch %a, %b, %c : tensor<?x3xf32>, tensor<?x3xf32>, tensor<2xbf16>
  }
  return %r#0, %r#1, %r#2 : tensor<?x3xf32>, tensor<?x3xf32>, tensor<2xbf16>
}

// -----

// Shared intermediates do not block a rewrite: the exp also fetched stays
// for that use, the softmax is computed stably, the sum is gone.
// CHECK-LABEL: func.func @shared_exp
// CHECK-SAME: (%[[X:.*]]: tensor<4x3xf32>)
// CHECK-DAG: %[[E:.*]] = tfc.exp %[[X]] : tensor<4x3xf32>
// CHECK-DAG: %[[P:.*]] = tfc.softmax %[[X]] : tensor<4x3xf32>
// CHECK: tfc.fetch %[[P]], %[[E]]
func.func @shared_exp(%x: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %r:2 = tfc.graph -> (tensor<4x3xf32>, tensor<4x3xf32>) {
    %e = tfc.exp %x : tensor<4x3xf32>
    %s = tfc.reduce_sum %e axes [1] keep_dims : tensor<4x3xf32>
    %p = tfc.div %e, %s : tensor<4x3xf32>, tensor<4x1xf32>
    tfc.fetch %p, %e : tensor<4x3xf32>, tensor<4x3xf32>
  }
  return %r#0, %r#1 : tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

// A classifier that fetches its predictions and trains on the naive loss:
// the softmax stays for the predictions, the loss becomes the stable op.
// CHECK-LABEL: func.func @predictions_and_loss
// CHECK-SAME: (%[[L:.*]]: tensor<?x10xf32>, %[[Z:.*]]: tensor<?x10xf32>)
// CHECK-DAG: %[[P:.*]] = tfc.softmax %[[Z]] : tensor<?x10xf32>
// CHECK-DAG: %[[XE:.*]] = tfc.softmax_cross_entropy_with_logits %[[L]], %[[Z]]
// CHECK-DAG: %[[M:.*]] = tfc.reduce_mean %[[XE]] : tensor<?xf32>
// CHECK: tfc.fetch %[[P]], %[[M]]
func.func @predictions_and_loss(%labels: tensor<?x10xf32>, %logits: tensor<?x10xf32>)
    -> (tensor<?x10xf32>, tensor<f32>) {
  %r:2 = tfc.graph -> (tensor<?x10xf32>, tensor<f32>) {
    %e = tfc.exp %logits : tensor<?x10xf32>
    %s = tfc.reduce_sum %e axes [-1] keep_dims : tensor<?x10xf32>
    %p = tfc.div %e, %s : tensor<?x10xf32>, tensor<?x1xf32>
    %lp = tfc.log %p : tensor<?x10xf32>
    %m = tfc.mul %labels, %lp : tensor<?x10xf32>, tensor<?x10xf32>
    %t = tfc.reduce_sum %m axes [-1] : tensor<?x10xf32>
    %xe = tfc.neg %t : tensor<?xf32>
    %loss = tfc.reduce_mean %xe : tensor<?xf32>
    tfc.fetch %p, %loss : tensor<?x10xf32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<?x10xf32>, tensor<f32>
}

// -----

// The replacement keeps the root's TensorFlow name, so the loss can still be
// fetched by name.
// CHECK-LABEL: func.func @keeps_name
// CHECK: tfc.softmax_cross_entropy_with_logits %{{.*}}, %{{.*}} {tfc.name = "loss/Neg"}
// CHECK: tfc.softplus %{{.*}} {tfc.name = "act/Log"}
func.func @keeps_name(%labels: tensor<4x3xf32>, %logits: tensor<4x3xf32>) -> (tensor<4xf32>, tensor<4x3xf32>) {
  %r:2 = tfc.graph -> (tensor<4xf32>, tensor<4x3xf32>) {
    %ls = tfc.log_softmax %logits {tfc.name = "loss/LogSoftmax"} : tensor<4x3xf32>
    %m = tfc.mul %labels, %ls {tfc.name = "loss/mul"} : tensor<4x3xf32>, tensor<4x3xf32>
    %s = tfc.reduce_sum %m axes [1] {tfc.name = "loss/Sum"} : tensor<4x3xf32>
    %xe = tfc.neg %s {tfc.name = "loss/Neg"} : tensor<4xf32>
    %one = tfc.constant dense<1.0> : tensor<f32> {tfc.name = "act/Const"}
    %e = tfc.exp %logits {tfc.name = "act/Exp"} : tensor<4x3xf32>
    %a = tfc.add %one, %e {tfc.name = "act/add"} : tensor<f32>, tensor<4x3xf32>
    %sp = tfc.log %a {tfc.name = "act/Log"} : tensor<4x3xf32>
    tfc.fetch %xe, %sp : tensor<4xf32>, tensor<4x3xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4x3xf32>
}
