// RUN: tfc-opt %s --split-input-file --canonicalize | FileCheck %s

// The softmax of a finite splat is 1/n along the axis; log-softmax is -ln(n).
// CHECK-LABEL: func.func @fold_splat_softmax
// CHECK-DAG: %[[Q:.*]] = tfc.constant dense<2.500000e-01> : tensor<2x4xf32>
// CHECK-DAG: %[[H:.*]] = tfc.constant dense<5.000000e-01> : tensor<2x4xf32>
// CHECK-DAG: %[[L:.*]] = tfc.constant dense<-1.09861231> : tensor<3xf32>
// CHECK-DAG: %[[D:.*]] = tfc.constant dense<-0.69314718055994529> : tensor<2x4xf64>
// CHECK: tfc.fetch %[[Q]], %[[H]], %[[L]], %[[D]]
// CHECK-NOT: softmax
func.func @fold_splat_softmax() -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<3xf32>, tensor<2x4xf64>) {
  %r:4 = tfc.graph -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<3xf32>, tensor<2x4xf64>) {
    %c = tfc.constant dense<1000.0> : tensor<2x4xf32>
    %v = tfc.constant dense<-7.0> : tensor<3xf32>
    %w = tfc.constant dense<2.0> : tensor<2x4xf64>
    %0 = tfc.softmax %c : tensor<2x4xf32>
    %1 = tfc.softmax %c axis 0 : tensor<2x4xf32>
    %2 = tfc.log_softmax %v : tensor<3xf32>
    %3 = tfc.log_softmax %w axis -2 : tensor<2x4xf64>
    tfc.fetch %0, %1, %2, %3 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<3xf32>, tensor<2x4xf64>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<3xf32>, tensor<2x4xf64>
}

// -----

// Not folded: a non-finite splat (the result is NaN at run time), a
// non-splat constant, an empty axis.
// CHECK-LABEL: func.func @no_fold_softmax
// CHECK: tfc.softmax %{{.*}} : tensor<2xf32>
// CHECK: tfc.log_softmax %{{.*}} : tensor<2xf32>
// CHECK: tfc.softmax %{{.*}} : tensor<2xf32>
// CHECK: tfc.softmax %{{.*}} : tensor<2x0xf32>
func.func @no_fold_softmax() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x0xf32>) {
  %r:4 = tfc.graph -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x0xf32>) {
    %inf = tfc.constant dense<0x7F800000> : tensor<2xf32>
    %nan = tfc.constant dense<0x7FC00000> : tensor<2xf32>
    %v = tfc.constant dense<[1000.0, 0.0]> : tensor<2xf32>
    %e = tfc.constant dense<1.0> : tensor<2x0xf32>
    %0 = tfc.softmax %inf : tensor<2xf32>
    %1 = tfc.log_softmax %nan : tensor<2xf32>
    %2 = tfc.softmax %v : tensor<2xf32>
    %3 = tfc.softmax %e : tensor<2x0xf32>
    tfc.fetch %0, %1, %2, %3 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x0xf32>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x0xf32>
}

// -----

// softplus folds without overflow: softplus(1000) is 1000, softplus(-1000)
// is 0 and softplus(0) is ln(2).
// CHECK-LABEL: func.func @fold_softplus
// CHECK-DAG: %[[V:.*]] = tfc.constant dense<[1.000000e+03, 0.000000e+00, 0.693147182]> : tensor<3xf32>
// CHECK-DAG: %[[S:.*]] = tfc.constant dense<1.31326163> : tensor<2xf32>
// CHECK: tfc.fetch %[[V]], %[[S]]
// CHECK-NOT: tfc.softplus
func.func @fold_softplus() -> (tensor<3xf32>, tensor<2xf32>) {
  %r:2 = tfc.graph -> (tensor<3xf32>, tensor<2xf32>) {
    %v = tfc.constant dense<[1000.0, -1000.0, 0.0]> : tensor<3xf32>
    %s = tfc.constant dense<1.0> : tensor<2xf32>
    %0 = tfc.softplus %v : tensor<3xf32>
    %1 = tfc.softplus %s : tensor<2xf32>
    tfc.fetch %0, %1 : tensor<3xf32>, tensor<2xf32>
  }
  return %r#0, %r#1 : tensor<3xf32>, tensor<2xf32>
}

// -----

// A zero integer bias is the identity; a zero float bias is not (-0.0 + 0.0
// is +0.0), nor is a bias that refines the value's type.
// CHECK-LABEL: func.func @fold_bias_add
// CHECK-SAME: (%[[I:.*]]: tensor<2x3xi32>, %[[F:.*]]: tensor<2x3xf32>, %[[D:.*]]: tensor<2x?xi32>)
// CHECK-NOT: tfc.bias_add %[[I]]
// CHECK: %[[G:.*]] = tfc.bias_add %[[F]], %{{.*}} : tensor<2x3xf32>, tensor<3xf32>
// CHECK: %[[E:.*]] = tfc.bias_add %[[D]], %{{.*}} : tensor<2x?xi32>, tensor<3xi32>
// CHECK: tfc.fetch %[[I]], %[[G]], %[[E]]
func.func @fold_bias_add(%i: tensor<2x3xi32>, %f: tensor<2x3xf32>, %d: tensor<2x?xi32>)
    -> (tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xi32>) {
  %r:3 = tfc.graph -> (tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xi32>) {
    %zi = tfc.constant dense<0> : tensor<3xi32>
    %zf = tfc.constant dense<0.0> : tensor<3xf32>
    %0 = tfc.bias_add %i, %zi : tensor<2x3xi32>, tensor<3xi32>
    %1 = tfc.bias_add %f, %zf : tensor<2x3xf32>, tensor<3xf32>
    %2 = tfc.bias_add %d, %zi : tensor<2x?xi32>, tensor<3xi32>
    tfc.fetch %0, %1, %2 : tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xi32>
  }
  return %r#0, %r#1, %r#2 : tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

// reduce_logsumexp over no axes is the identity, like the other reductions.
// CHECK-LABEL: func.func @fold_empty_logsumexp
// CHECK-SAME: (%[[X:.*]]: tensor<4x3xf32>)
// CHECK-NEXT: %[[R:.*]] = tfc.graph
// CHECK-NEXT: tfc.fetch %[[X]]
func.func @fold_empty_logsumexp(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %r = tfc.graph -> (tensor<4x3xf32>) {
    %0 = tfc.reduce_logsumexp %x axes [] : tensor<4x3xf32>
    tfc.fetch %0 : tensor<4x3xf32>
  }
  return %r : tensor<4x3xf32>
}
