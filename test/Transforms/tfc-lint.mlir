// RUN: tfc-opt %s --split-input-file --tfc-lint --verify-diagnostics

// The guide's pitfall: [[1],[2]] + [1,2] is [[2,3],[3,4]], so the sum is
// 12, not 6. With explicit axes there is nothing to report.
func.func @pitfall() -> (tensor<f32>, tensor<2xf32>) {
  %r:2 = tfc.graph -> (tensor<f32>, tensor<2xf32>) {
    %a = tfc.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
    %b = tfc.constant dense<[1.0, 2.0]> : tensor<2xf32>
    // expected-note @+1 {{the broadcast of [2,1] and [2] is here}}
    %sum = tfc.add %a, %b : tensor<2x1xf32>, tensor<2xf32>
    // expected-warning @+1 {{reduce_sum without axes reduces every element of a broadcast of [2,1] and [2] to [2,2], which has more elements than either operand (as reduce_sum([[1],[2]] + [1,2]) is 12, not 6); give the reduction explicit axes, or reshape the operands to the same rank so that the broadcast is explicit}}
    %c = tfc.reduce_sum %sum : tensor<2x2xf32>
    %d = tfc.reduce_sum %sum axes [0] : tensor<2x2xf32>
    tfc.fetch %c, %d : tensor<f32>, tensor<2xf32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<2xf32>
}

// -----

// A regression loss with predictions [?,1] and targets [?]: the difference
// is [?,?], and the mean is over every pair, not every example. The
// broadcast is found through element-wise ops.
func.func @regression_loss(%pred: tensor<?x1xf32>, %y: tensor<?xf32>) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    // expected-note @+1 {{the broadcast of [?,1] and [?] is here}}
    %d = tfc.sub %pred, %y : tensor<?x1xf32>, tensor<?xf32>
    %s = tfc.square %d : tensor<?x?xf32>
    %half = tfc.constant dense<0.5> : tensor<f32>
    %h = tfc.mul %s, %half : tensor<?x?xf32>, tensor<f32>
    // expected-warning @+1 {{reduce_mean without axes reduces every element of a broadcast of [?,1] and [?] to [?,?]}}
    %loss = tfc.reduce_mean %h : tensor<?x?xf32>
    tfc.fetch %loss : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// Every inflating broadcast that feeds the reduction is reported, whatever
// the reduction.
func.func @two_broadcasts(%a: tensor<3x1xf32>, %b: tensor<4xf32>, %c: tensor<1x4xf32>) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    // expected-note @+1 {{the broadcast of [3,1] and [4] is here}}
    %x = tfc.add %a, %b : tensor<3x1xf32>, tensor<4xf32>
    // expected-note @+1 {{the broadcast of [3,1] and [1,4] is here}}
    %y = tfc.maximum %a, %c : tensor<3x1xf32>, tensor<1x4xf32>
    %z = tfc.exp %x : tensor<3x4xf32>
    %w = tfc.mul %z, %y : tensor<3x4xf32>, tensor<3x4xf32>
    // expected-warning @+2 {{reduce_max without axes reduces every element of a broadcast of [3,1] and [4] to [3,4]}}
    // expected-warning @+1 {{reduce_max without axes reduces every element of a broadcast of [3,1] and [1,4] to [3,4]}}
    %m = tfc.reduce_max %w : tensor<3x4xf32>
    tfc.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// A bias broadcast to a batch stretches only the bias: not the pitfall. The
// sum over every dimension still gets a remark.
func.func @bias_broadcast(%x: tensor<?x3xf32>, %b: tensor<3xf32>) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %y = tfc.add %x, %b : tensor<?x3xf32>, tensor<3xf32>
    // expected-remark @+1 {{reduce_sum without axes reduces every dimension of [?,3]; list them (axes [0, 1]) so that a change of shape cannot silently change what is reduced}}
    %s = tfc.reduce_sum %y : tensor<?x3xf32>
    tfc.fetch %s : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// Only element-wise and shape-preserving ops are looked through: a matmul
// consumes the broadcast on purpose.
func.func @broadcast_behind_matmul(%a: tensor<2x1xf32>, %b: tensor<2xf32>, %w: tensor<2x5xf32>) -> tensor<1x1xf32> {
  %r = tfc.graph -> (tensor<1x1xf32>) {
    %x = tfc.add %a, %b : tensor<2x1xf32>, tensor<2xf32>
    %y = tfc.matmul %x, %w : tensor<2x2xf32>, tensor<2x5xf32>
    // expected-remark @+1 {{reduce_logsumexp without axes reduces every dimension of [2,5]; list them (axes [0, 1])}}
    %s = tfc.reduce_logsumexp %y keep_dims : tensor<2x5xf32>
    tfc.fetch %s : tensor<1x1xf32>
  }
  return %r : tensor<1x1xf32>
}

// -----

// Reducing a vector or a scalar without axes is unambiguous; an unknown
// rank is not.
func.func @small_ranks(%v: tensor<?xf32>, %s: tensor<f32>, %u: tensor<*xf32>) -> (tensor<f32>, tensor<f32>, tensor<f32>) {
  %r:3 = tfc.graph -> (tensor<f32>, tensor<f32>, tensor<f32>) {
    %a = tfc.reduce_mean %v : tensor<?xf32>
    %b = tfc.reduce_sum %s : tensor<f32>
    // expected-remark @+1 {{reduce_sum without axes reduces every dimension of a tensor of unknown rank; list them so that a change of shape cannot silently change what is reduced}}
    %c = tfc.reduce_sum %u : tensor<*xf32>
    tfc.fetch %a, %b, %c : tensor<f32>, tensor<f32>, tensor<f32>
  }
  return %r#0, %r#1, %r#2 : tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

// Reductions with axes, even an empty list, are explicit.
func.func @explicit_axes(%a: tensor<2x1xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<2x2xf32>) {
  %r:2 = tfc.graph -> (tensor<2xf32>, tensor<2x2xf32>) {
    %x = tfc.add %a, %b : tensor<2x1xf32>, tensor<2xf32>
    %s = tfc.reduce_sum %x axes [1] : tensor<2x2xf32>
    %t = tfc.reduce_max %x axes [] : tensor<2x2xf32>
    tfc.fetch %s, %t : tensor<2xf32>, tensor<2x2xf32>
  }
  return %r#0, %r#1 : tensor<2xf32>, tensor<2x2xf32>
}
