// RUN: tfc-opt %s --split-input-file --tfc-stable-softmax | FileCheck %s

// reduce_logsumexp(x) - x, the cookbook -log p, becomes -log_softmax(x),
// and x - reduce_logsumexp(x) log_softmax(x): with keep_dims along any
// axis, and along the leading axis without.
// CHECK-LABEL: func.func @minus_log_p
// CHECK-SAME: (%[[X:.*]]: tensor<?x10xf32>, %[[V:.*]]: tensor<5xf64>)
// CHECK: %[[LS:.*]] = tfc.log_softmax %[[X]] : tensor<?x10xf32>
// CHECK: %[[NLL:.*]] = tfc.neg %[[LS]] {tfc.name = "nll"} : tensor<?x10xf32>
// CHECK: %[[LP:.*]] = tfc.log_softmax %[[X]] axis 0 {tfc.name = "logp"} : tensor<?x10xf32>
// CHECK: %[[LV:.*]] = tfc.log_softmax %[[V]] : tensor<5xf64>
// CHECK: %[[NV:.*]] = tfc.neg %[[LV]] : tensor<5xf64>
// CHECK: tfc.fetch %[[NLL]], %[[LP]], %[[NV]]
func.func @minus_log_p(%x: tensor<?x10xf32>, %v: tensor<5xf64>) -> (tensor<?x10xf32>, tensor<?x10xf32>, tensor<5xf64>) {
  %r:3 = tfc.graph -> (tensor<?x10xf32>, tensor<?x10xf32>, tensor<5xf64>) {
    %lse = tfc.reduce_logsumexp %x axes [1] keep_dims : tensor<?x10xf32>
    %nll = tfc.sub %lse, %x {tfc.name = "nll"} : tensor<?x1xf32>, tensor<?x10xf32>
    %lse0 = tfc.reduce_logsumexp %x axes [0] keep_dims : tensor<?x10xf32>
    %logp = tfc.sub %x, %lse0 {tfc.name = "logp"} : tensor<?x10xf32>, tensor<1x10xf32>
    %lsev = tfc.reduce_logsumexp %v : tensor<5xf64>
    %nv = tfc.sub %lsev, %v : tensor<f64>, tensor<5xf64>
    tfc.fetch %nll, %logp, %nv : tensor<?x10xf32>, tensor<?x10xf32>, tensor<5xf64>
  }
  return %r#0, %r#1, %r#2 : tensor<?x10xf32>, tensor<?x10xf32>, tensor<5xf64>
}

// -----

// Look-alikes that stay: the last axis without keep_dims (it broadcasts
// along the wrong axis), two axes, another tensor, a difference that
// broadcasts x.
// CHECK-LABEL: func.func @look_alikes
// CHECK-NOT: tfc.log_softmax
// CHECK-COUNT-4: tfc.sub
// CHECK-NOT: tfc.log_softmax
func.func @look_alikes(%x: tensor<4x4xf32>, %y: tensor<4x4xf32>, %z: tensor<4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
  %r:4 = tfc.graph -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
    %a = tfc.reduce_logsumexp %x axes [1] : tensor<4x4xf32>
    %d0 = tfc.sub %a, %x : tensor<4xf32>, tensor<4x4xf32>
    %b = tfc.reduce_logsumexp %x axes [0, 1] : tensor<4x4xf32>
    %d1 = tfc.sub %b, %x : tensor<f32>, tensor<4x4xf32>
    %c = tfc.reduce_logsumexp %y axes [1] keep_dims : tensor<4x4xf32>
    %d2 = tfc.sub %c, %x : tensor<4x1xf32>, tensor<4x4xf32>
    %e = tfc.reduce_logsumexp %z : tensor<4xf32>
    %d3 = tfc.sub %e, %y : tensor<f32>, tensor<4x4xf32>
    tfc.fetch %d0, %d1, %d2, %d3 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
}

// -----

// The guide's differentiable entropy, probs * (logsumexp(w) - w): the
// difference becomes -log_softmax(w), and the product stays a product: as
// a cross-entropy with labels softmax(w) it would have no gradient with
// respect to the labels.
// CHECK-LABEL: func.func @entropy
// CHECK-SAME: (%[[W:.*]]: tensor<5xf32>)
// CHECK: %[[P:.*]] = tfc.softmax %[[W]]
// CHECK: %[[LS:.*]] = tfc.log_softmax %[[W]]
// CHECK: %[[NLP:.*]] = tfc.neg %[[LS]]
// CHECK: %[[PROD:.*]] = tfc.mul %[[P]], %[[NLP]]
// CHECK: %[[H:.*]] = tfc.reduce_sum %[[PROD]] axes [-1]
// CHECK-NOT: tfc.softmax_cross_entropy_with_logits
// CHECK: tfc.fetch %[[H]]
func.func @entropy(%w: tensor<5xf32>) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %probs = tfc.softmax %w : tensor<5xf32>
    %lse = tfc.reduce_logsumexp %w axes [-1] keep_dims : tensor<5xf32>
    %nlogp = tfc.sub %lse, %w : tensor<1xf32>, tensor<5xf32>
    %nplogp = tfc.mul %probs, %nlogp : tensor<5xf32>, tensor<5xf32>
    %entropy = tfc.reduce_sum %nplogp axes [-1] : tensor<5xf32>
    tfc.fetch %entropy : tensor<f32>
  }
  return %r : tensor<f32>
}
