// RUN: tfc-opt %s --split-input-file --tfc-autodiff | FileCheck %s \
// RUN:   --implicit-check-not=tfc.gradients --implicit-check-not=tfc.minimize

// The numbers these graphs compute are checked by the gradient checker
// (test/Integration/CPU/gradients-*.mlir); here, their structure.

// A broadcasting product: x's gradient is summed over the dimension it was
// broadcast along (no keep_dims: x lacks it), y's needs no reduction. Ops
// are named as TensorFlow names them.
// CHECK-LABEL: func.func @broadcast_mul
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: tensor<3xf32>, %[[Y:[a-z0-9_]+]]: tensor<2x3xf32>)
// CHECK: %[[P:[a-z0-9_]+]] = tfc.mul %[[X]], %[[Y]]
// CHECK: %[[S:[a-z0-9_]+]] = tfc.reduce_sum %[[P]]
// CHECK: %[[ONE:[a-z0-9_]+]] = tfc.constant dense<1.000000e+00> : tensor<f32> {tfc.name = "gradients/Const"}
// CHECK: %[[DP:[a-z0-9_]+]] = tfc.broadcast_like %[[ONE]] to %[[P]] dims [0, 1] {tfc.name = "gradients/Sum_grad/BroadcastLike"}
// CHECK: %[[DXFULL:[a-z0-9_]+]] = tfc.mul %[[DP]], %[[Y]] {tfc.name = "gradients/mul_grad/mul"}
// CHECK: %[[DY:[a-z0-9_]+]] = tfc.mul %[[X]], %[[DP]] {tfc.name = "gradients/mul_grad/mul_1"}
// CHECK: %[[DX:[a-z0-9_]+]] = tfc.reduce_sum %[[DXFULL]] axes [0] {tfc.name = "gradients/mul_grad/Sum"} : tensor<2x3xf32>
// CHECK: tfc.fetch %[[DX]], %[[DY]] : tensor<3xf32>, tensor<2x3xf32>
func.func @broadcast_mul(%x: tensor<3xf32>, %y: tensor<2x3xf32>) -> (tensor<3xf32>, tensor<2x3xf32>) {
  %r:2 = tfc.graph -> (tensor<3xf32>, tensor<2x3xf32>) {
    %p = tfc.mul %x, %y {tfc.name = "mul"} : tensor<3xf32>, tensor<2x3xf32>
    %s = tfc.reduce_sum %p {tfc.name = "Sum"} : tensor<2x3xf32>
    %g:2 = tfc.gradients %s wrt(%x, %y : tensor<3xf32>, tensor<2x3xf32>) : tensor<f32>
    tfc.fetch %g#0, %g#1 : tensor<3xf32>, tensor<2x3xf32>
  }
  return %r#0, %r#1 : tensor<3xf32>, tensor<2x3xf32>
}

// -----

// A size-1 dimension of an operand is reduced with keep_dims: the gradient
// has exactly the operand's shape without a reshape.
// CHECK-LABEL: func.func @size_one_dims
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: tensor<4x1xf32>, %[[B:[a-z0-9_]+]]: tensor<1x3xf32>)
// CHECK: %[[DZ:[a-z0-9_]+]] = tfc.constant dense<1.000000e+00> : tensor<4x3xf32>
// CHECK: %[[NEG:[a-z0-9_]+]] = tfc.neg %[[DZ]]
// CHECK: %[[DA:[a-z0-9_]+]] = tfc.reduce_sum %[[DZ]] axes [1] keep_dims {{.*}}: tensor<4x3xf32>
// CHECK: %[[DB:[a-z0-9_]+]] = tfc.reduce_sum %[[NEG]] axes [0] keep_dims {{.*}}: tensor<4x3xf32>
// CHECK: tfc.fetch %[[DA]], %[[DB]] : tensor<4x1xf32>, tensor<1x3xf32>
func.func @size_one_dims(%a: tensor<4x1xf32>, %b: tensor<1x3xf32>) -> (tensor<4x1xf32>, tensor<1x3xf32>) {
  %r:2 = tfc.graph -> (tensor<4x1xf32>, tensor<1x3xf32>) {
    %z = tfc.sub %a, %b : tensor<4x1xf32>, tensor<1x3xf32>
    %g:2 = tfc.gradients %z wrt(%a, %b : tensor<4x1xf32>, tensor<1x3xf32>) : tensor<4x3xf32>
    tfc.fetch %g#0, %g#1 : tensor<4x1xf32>, tensor<1x3xf32>
  }
  return %r#0, %r#1 : tensor<4x1xf32>, tensor<1x3xf32>
}

// -----

// A value used twice gets the sum of both contributions; grad_ys seeds the
// gradient instead of ones; a dynamic shape needs no constant.
// CHECK-LABEL: func.func @fan_out
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: tensor<?xf32>, %[[DY:[a-z0-9_]+]]: tensor<?xf32>)
// CHECK: %[[E:[a-z0-9_]+]] = tfc.exp %[[X]]
// CHECK: %[[Y:[a-z0-9_]+]] = tfc.mul %[[E]], %[[E]]
// CHECK: %[[D1:[a-z0-9_]+]] = tfc.mul %[[DY]], %[[E]]
// CHECK: %[[D2:[a-z0-9_]+]] = tfc.mul %[[E]], %[[DY]]
// CHECK: %[[DE:[a-z0-9_]+]] = tfc.add %[[D1]], %[[D2]]
// CHECK: %[[DX:[a-z0-9_]+]] = tfc.mul %[[DE]], %[[E]]
// CHECK: tfc.fetch %[[DX]]
func.func @fan_out(%x: tensor<?xf32>, %dy: tensor<?xf32>) -> tensor<?xf32> {
  %r = tfc.graph -> (tensor<?xf32>) {
    %e = tfc.exp %x : tensor<?xf32>
    %y = tfc.mul %e, %e : tensor<?xf32>, tensor<?xf32>
    %g = tfc.gradients %y wrt(%x : tensor<?xf32>) grad_ys(%dy : tensor<?xf32>) : tensor<?xf32>
    tfc.fetch %g : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// The gradient with respect to a variable sums over its reads. An x the
// result does not depend on gets zeros and a warning (checked in
// tfc-autodiff-errors.mlir).
// CHECK-LABEL: func.func @variable_reads
// CHECK: %[[W:[a-z0-9_]+]] = tfc.var_handle @w
// CHECK: %[[R1:[a-z0-9_]+]], %{{.*}} = tfc.read %[[W]]
// CHECK: %[[R2:[a-z0-9_]+]], %{{.*}} = tfc.read %[[W]]
// CHECK: %[[P:[a-z0-9_]+]] = tfc.mul %[[R1]], %[[R2]]
// CHECK: %[[DR1:[a-z0-9_]+]] = tfc.mul %[[ONES:[a-z0-9_]+]], %[[R2]]
// CHECK: %[[DR2:[a-z0-9_]+]] = tfc.mul %[[R1]], %[[ONES]]
// CHECK: %[[DW:[a-z0-9_]+]] = tfc.add %[[DR1]], %[[DR2]]
// CHECK: tfc.fetch %[[DW]] : tensor<2xf32>
tfc.global_variable @w : tensor<2xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
func.func @variable_reads() -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %w = tfc.var_handle @w : !tfc.var<tensor<2xf32>>
    %a, %t1 = tfc.read %w : !tfc.var<tensor<2xf32>>
    %b, %t2 = tfc.read %w : !tfc.var<tensor<2xf32>>
    %p = tfc.mul %a, %b : tensor<2xf32>, tensor<2xf32>
    %g = tfc.gradients %p wrt(%w : !tfc.var<tensor<2xf32>>) : tensor<2xf32>
    tfc.fetch %g : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// -----

// MatMul's gradients follow the transpose flags; a broadcast batch
// dimension of the weights is summed away.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: tensor<5x2x3xf32>, %[[B:[a-z0-9_]+]]: tensor<4x3xf32>)
// CHECK: %[[Z:[a-z0-9_]+]] = tfc.matmul %[[A]], %[[B]] transpose_b
// CHECK: %[[DZ:[a-z0-9_]+]] = tfc.constant dense<1.000000e+00> : tensor<5x2x4xf32>
// CHECK: %[[DA:[a-z0-9_]+]] = tfc.matmul %[[DZ]], %[[B]] {{.*}}: tensor<5x2x4xf32>, tensor<4x3xf32>
// CHECK: %[[DBFULL:[a-z0-9_]+]] = tfc.matmul %[[DZ]], %[[A]] transpose_a {{.*}}: tensor<5x2x4xf32>, tensor<5x2x3xf32>
// CHECK: %[[DB:[a-z0-9_]+]] = tfc.reduce_sum %[[DBFULL]] axes [0] {{.*}}: tensor<5x4x3xf32>
// CHECK: tfc.fetch %[[DA]], %[[DB]] : tensor<5x2x3xf32>, tensor<4x3xf32>
func.func @matmul(%a: tensor<5x2x3xf32>, %b: tensor<4x3xf32>) -> (tensor<5x2x3xf32>, tensor<4x3xf32>) {
  %r:2 = tfc.graph -> (tensor<5x2x3xf32>, tensor<4x3xf32>) {
    %z = tfc.matmul %a, %b transpose_b : tensor<5x2x3xf32>, tensor<4x3xf32>
    %g:2 = tfc.gradients %z wrt(%a, %b : tensor<5x2x3xf32>, tensor<4x3xf32>) : tensor<5x2x4xf32>
    tfc.fetch %g#0, %g#1 : tensor<5x2x3xf32>, tensor<4x3xf32>
  }
  return %r#0, %r#1 : tensor<5x2x3xf32>, tensor<4x3xf32>
}

// -----

// The cross-entropy's gradient with respect to the logits is
// dloss * (softmax(logits) - labels), the stable form.
// CHECK-LABEL: func.func @cross_entropy
// CHECK-SAME: (%[[LABELS:[a-z0-9_]+]]: tensor<2x3xf32>, %[[LOGITS:[a-z0-9_]+]]: tensor<2x3xf32>)
// CHECK: %[[L:[a-z0-9_]+]] = tfc.softmax_cross_entropy_with_logits %[[LABELS]], %[[LOGITS]]
// CHECK: %[[DL:[a-z0-9_]+]] = tfc.constant dense<1.000000e+00> : tensor<2xf32>
// CHECK: %[[P:[a-z0-9_]+]] = tfc.softmax %[[LOGITS]] {{.*}}: tensor<2x3xf32>
// CHECK: %[[R:[a-z0-9_]+]] = tfc.sub %[[P]], %[[LABELS]]
// CHECK: %[[D:[a-z0-9_]+]] = tfc.broadcast_like %[[DL]] to %[[LOGITS]] dims [1]
// CHECK: %[[G:[a-z0-9_]+]] = tfc.mul %[[D]], %[[R]]
// CHECK: tfc.fetch %[[G]]
func.func @cross_entropy(%labels: tensor<2x3xf32>, %logits: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %l = tfc.softmax_cross_entropy_with_logits %labels, %logits : tensor<2x3xf32>, tensor<2x3xf32>
    %g = tfc.gradients %l wrt(%logits : tensor<2x3xf32>) : tensor<2xf32>
    tfc.fetch %g : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

// -----

// minimize with SGD: the update follows every access to the variable that
// does not depend on the step (the read of the forward pass, an unrelated
// assign), and a read after the step moves after the update.
// CHECK-LABEL: func.func @sgd
// CHECK: %[[W:[a-z0-9_]+]] = tfc.var_handle @w
// CHECK: %[[V:[a-z0-9_]+]], %[[T0:[a-z0-9_]+]] = tfc.read %[[W]]
// CHECK: %{{.*}}, %[[T1:[a-z0-9_]+]] = tfc.assign_add %[[W]], %{{.*}} after(%[[T0]])
// CHECK: %[[LOSS:[a-z0-9_]+]] = tfc.reduce_sum
// CHECK: %[[LR:[a-z0-9_]+]] = tfc.constant dense<5.000000e-01> : tensor<f32> {tfc.name = "GradientDescent/update_w/Const"}
// CHECK: %[[DELTA:[a-z0-9_]+]] = tfc.mul %[[LR]], %[[G:[a-z0-9_]+]] {tfc.name = "GradientDescent/update_w/mul"}
// CHECK: %{{.*}}, %[[STEP:[a-z0-9_]+]] = tfc.assign_sub %[[W]], %[[DELTA]] after(%[[T0]], %[[T1]]) {tfc.name = "GradientDescent/update_w/AssignSub"}
// CHECK: %[[AFTER:[a-z0-9_]+]], %{{.*}} = tfc.read %[[W]] after(%[[STEP]])
// CHECK: tfc.fetch %[[LOSS]], %[[AFTER]] : tensor<f32>, tensor<2xf32> targets(%[[STEP]])
tfc.global_variable @w : tensor<2xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
func.func @sgd() -> (tensor<f32>, tensor<2xf32>) {
  %r:2 = tfc.graph -> (tensor<f32>, tensor<2xf32>) {
    %w = tfc.var_handle @w : !tfc.var<tensor<2xf32>>
    %v, %t0 = tfc.read %w : !tfc.var<tensor<2xf32>>
    %one = tfc.constant dense<1.0> : tensor<2xf32>
    %n, %t1 = tfc.assign_add %w, %one after(%t0) : !tfc.var<tensor<2xf32>>, tensor<2xf32>
    %sq = tfc.square %v : tensor<2xf32>
    %loss = tfc.reduce_sum %sq : tensor<2xf32>
    %train = tfc.minimize #tfc.sgd<learning_rate = 0.5> %loss : tensor<f32>
    %after, %t2 = tfc.read %w after(%train) : !tfc.var<tensor<2xf32>>
    tfc.fetch %loss, %after : tensor<f32>, tensor<2xf32> targets(%train)
  }
  return %r#0, %r#1 : tensor<f32>, tensor<2xf32>
}

// -----

// Momentum keeps an accumulator slot next to its variable, zero-initialized
// and not trainable. A trainable variable the loss ignores (@b) is left
// alone.
// CHECK: tfc.global_variable @w : tensor<2xf32>
// CHECK-NEXT: tfc.global_variable @"w/Momentum" : tensor<2xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES"]
// CHECK-NEXT: tfc.global_variable @b : tensor<2xf32>
// CHECK-NOT: tfc.global_variable
// CHECK-LABEL: func.func @momentum
// CHECK: %[[W:[a-z0-9_]+]] = tfc.var_handle @w
// CHECK: %[[V:[a-z0-9_]+]], %[[T0:[a-z0-9_]+]] = tfc.read %[[W]]
// CHECK: %[[ACC:[a-z0-9_]+]] = tfc.var_handle @"w/Momentum"
// CHECK: %[[LR:[a-z0-9_]+]] = tfc.constant dense<1.000000e-01>
// CHECK: %[[MU:[a-z0-9_]+]] = tfc.constant dense<0.899999976>
// CHECK: %[[A:[a-z0-9_]+]], %[[TA:[a-z0-9_]+]] = tfc.read %[[ACC]]
// CHECK: %[[SCALED:[a-z0-9_]+]] = tfc.mul %[[A]], %[[MU]]
// CHECK: %[[NEWA:[a-z0-9_]+]] = tfc.add %[[SCALED]], %[[G:[a-z0-9_]+]] {
// CHECK: %{{.*}}, %[[TA2:[a-z0-9_]+]] = tfc.assign %[[ACC]], %[[NEWA]] after(%[[TA]])
// Nesterov: var -= g * lr + accum * momentum * lr.
// CHECK: %[[GL:[a-z0-9_]+]] = tfc.mul %[[G]], %[[LR]]
// CHECK: %[[AM:[a-z0-9_]+]] = tfc.mul %[[NEWA]], %[[MU]]
// CHECK: %[[AML:[a-z0-9_]+]] = tfc.mul %[[AM]], %[[LR]]
// CHECK: %[[DELTA:[a-z0-9_]+]] = tfc.add %[[GL]], %[[AML]]
// CHECK: %{{.*}}, %[[STEP:[a-z0-9_]+]] = tfc.assign_sub %[[W]], %[[DELTA]] after(%[[T0]], %[[TA2]])
// CHECK: tfc.fetch targets(%[[STEP]])
tfc.global_variable @w : tensor<2xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
tfc.global_variable @b : tensor<2xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
func.func @momentum() {
  tfc.graph {
    %w = tfc.var_handle @w : !tfc.var<tensor<2xf32>>
    %v, %t0 = tfc.read %w : !tfc.var<tensor<2xf32>>
    %loss = tfc.l2_loss %v : tensor<2xf32>
    %train = tfc.minimize #tfc.momentum<learning_rate = 0.1, momentum = 0.9, use_nesterov = true> %loss : tensor<f32>
    tfc.fetch targets(%train)
  }
  return
}

// -----

// Adam: the beta powers and the m and v slots named as TensorFlow names
// them; lr_t from the powers read before the step; the powers updated after
// every variable.
// CHECK: tfc.global_variable @w : tensor<3x1xf32>
// CHECK-NEXT: tfc.global_variable @beta1_power : tensor<f32> init #tfc.constant<dense<0.899999976> : tensor<f32>> collections ["GLOBAL_VARIABLES"]
// CHECK-NEXT: tfc.global_variable @beta2_power : tensor<f32> init #tfc.constant<dense<9.990000e-01> : tensor<f32>> collections ["GLOBAL_VARIABLES"]
// CHECK-NEXT: tfc.global_variable @"w/Adam" : tensor<3x1xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES"]
// CHECK-NEXT: tfc.global_variable @"w/Adam_1" : tensor<3x1xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES"]
// CHECK-LABEL: func.func @adam
// CHECK: %[[W:[a-z0-9_]+]] = tfc.var_handle @w
// CHECK: %{{.*}}, %[[T0:[a-z0-9_]+]] = tfc.read %[[W]]
// CHECK: %[[B1H:[a-z0-9_]+]] = tfc.var_handle @beta1_power
// CHECK: %[[B2H:[a-z0-9_]+]] = tfc.var_handle @beta2_power
// CHECK: %[[B1:[a-z0-9_]+]], %[[TB1:[a-z0-9_]+]] = tfc.read %[[B1H]]
// CHECK: %[[B2:[a-z0-9_]+]], %[[TB2:[a-z0-9_]+]] = tfc.read %[[B2H]]
// CHECK: %[[ONE:[a-z0-9_]+]] = tfc.constant dense<1.000000e+00>
// CHECK: %[[LR:[a-z0-9_]+]] = tfc.constant dense<1.000000e-01>
// CHECK: %[[S2:[a-z0-9_]+]] = tfc.sub %[[ONE]], %[[B2]]
// CHECK: %[[SQ:[a-z0-9_]+]] = tfc.sqrt %[[S2]]
// CHECK: %[[S1:[a-z0-9_]+]] = tfc.sub %[[ONE]], %[[B1]]
// CHECK: %[[C:[a-z0-9_]+]] = tfc.div %[[SQ]], %[[S1]]
// CHECK: %[[LRT:[a-z0-9_]+]] = tfc.mul %[[LR]], %[[C]]
// CHECK: %[[MH:[a-z0-9_]+]] = tfc.var_handle @"w/Adam"
// CHECK: %[[VH:[a-z0-9_]+]] = tfc.var_handle @"w/Adam_1"
// CHECK: %[[M:[a-z0-9_]+]], %[[TM:[a-z0-9_]+]] = tfc.read %[[MH]] {tfc.name = "Adam/update_w/read"}
// CHECK: %[[NEWM:[a-z0-9_]+]] = tfc.add %[[M]]
// CHECK: %{{.*}}, %[[TM2:[a-z0-9_]+]] = tfc.assign %[[MH]], %[[NEWM]] after(%[[TM]])
// CHECK: %[[VV:[a-z0-9_]+]], %[[TV:[a-z0-9_]+]] = tfc.read %[[VH]]
// CHECK: %[[NEWV:[a-z0-9_]+]] = tfc.add %[[VV]]
// CHECK: %{{.*}}, %[[TV2:[a-z0-9_]+]] = tfc.assign %[[VH]], %[[NEWV]] after(%[[TV]])
// CHECK: %[[NUM:[a-z0-9_]+]] = tfc.mul %[[NEWM]], %[[LRT]]
// CHECK: %[[ROOT:[a-z0-9_]+]] = tfc.sqrt %[[NEWV]]
// CHECK: %[[DEN:[a-z0-9_]+]] = tfc.add %[[ROOT]], %[[EPS:[a-z0-9_]+]] {
// CHECK: %[[DELTA:[a-z0-9_]+]] = tfc.div %[[NUM]], %[[DEN]]
// CHECK: %{{.*}}, %[[TW:[a-z0-9_]+]] = tfc.assign_sub %[[W]], %[[DELTA]] after(%[[T0]], %[[TM2]], %[[TV2]]) {tfc.name = "Adam/update_w/AssignSub"}
// CHECK: %[[P1:[a-z0-9_]+]] = tfc.mul %[[B1]]
// CHECK: %{{.*}}, %[[T1:[a-z0-9_]+]] = tfc.assign %[[B1H]], %[[P1]] after(%[[TW]], %[[TB1]])
// CHECK: %[[P2:[a-z0-9_]+]] = tfc.mul %[[B2]]
// CHECK: %{{.*}}, %[[T2:[a-z0-9_]+]] = tfc.assign %[[B2H]], %[[P2]] after(%[[T1]], %[[TB2]])
// CHECK: tfc.fetch %{{.*}} : tensor<f32> targets(%[[T2]])
tfc.global_variable @w : tensor<3x1xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
func.func @adam(%f: tensor<3x100xf32>) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %w = tfc.var_handle @w : !tfc.var<tensor<3x1xf32>>
    %v, %t0 = tfc.read %w : !tfc.var<tensor<3x1xf32>>
    %yhat = tfc.matmul %v, %f transpose_a : tensor<3x1xf32>, tensor<3x100xf32>
    %loss = tfc.l2_loss %yhat : tensor<1x100xf32>
    %train = tfc.minimize #tfc.adam<learning_rate = 0.1> %loss : tensor<f32>
    tfc.fetch %loss : tensor<f32> targets(%train)
  }
  return %r : tensor<f32>
}

// -----

// Two optimizers on one variable get distinct slots, as TensorFlow names
// them (w/Adam_2 after w/Adam and w/Adam_1); the second step follows the
// first one's update of w.
// CHECK: tfc.global_variable @"w/Adam" :
// CHECK: tfc.global_variable @"w/Adam_1" :
// CHECK: tfc.global_variable @"w/Adam_2" :
// CHECK: tfc.global_variable @"w/Adam_3" :
// CHECK-LABEL: func.func @two_steps
// CHECK: %{{.*}}, %[[FIRST:[a-z0-9_]+]] = tfc.assign_sub %[[W:[a-z0-9_]+]], %{{.*}} {tfc.name = "Adam/update_w/AssignSub"}
// CHECK: tfc.assign_sub %[[W]], %{{.*}} after(%{{.*}}, %[[FIRST]], %{{.*}}, %{{.*}}) {tfc.name = "Adam_1/update_w/AssignSub"}
tfc.global_variable @w : tensor<2xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
func.func @two_steps() {
  tfc.graph {
    %w = tfc.var_handle @w : !tfc.var<tensor<2xf32>>
    %v, %t0 = tfc.read %w : !tfc.var<tensor<2xf32>>
    %loss = tfc.l2_loss %v : tensor<2xf32>
    %a = tfc.minimize #tfc.adam %loss : tensor<f32>
    %b = tfc.minimize #tfc.adam %loss : tensor<f32>
    tfc.fetch targets(%a, %b)
  }
  return
}

// -----

// Convolution and pooling call their gradient kernels with the forward
// op's window attributes and input, in reverse order.
// CHECK-LABEL: func.func @conv_pool
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: tensor<1x4x4x2xf32>, %[[W:[a-z0-9_]+]]: tensor<3x3x2x3xf32>)
// CHECK: %[[C:[a-z0-9_]+]] = tfc.conv2d %[[X]], %[[W]]
// CHECK: %[[M:[a-z0-9_]+]] = tfc.max_pool %[[C]]
// CHECK: %[[A:[a-z0-9_]+]] = tfc.avg_pool %[[M]]
// CHECK: %[[DA:[a-z0-9_]+]] = tfc.broadcast_like %{{.*}} to %[[A]]
// CHECK: %[[DM:[a-z0-9_]+]] = tfc.avg_pool_grad %[[M]], %[[DA]] ksize [1, 2, 2, 1] strides [1, 1, 1, 1] padding "SAME" {tfc.name = "gradients/AvgPool_grad/AvgPoolGrad"}
// CHECK: %[[DC:[a-z0-9_]+]] = tfc.max_pool_grad %[[C]], %[[DM]] ksize [1, 2, 2, 1] strides [1, 2, 2, 1] padding "VALID"
// CHECK: %[[DX:[a-z0-9_]+]] = tfc.conv2d_backprop_input %[[X]], %[[W]], %[[DC]] strides [1, 1, 1, 1] padding "SAME" {tfc.name = "gradients/Conv2D_grad/Conv2DBackpropInput"}
// CHECK: %[[DW:[a-z0-9_]+]] = tfc.conv2d_backprop_filter %[[X]], %[[W]], %[[DC]] strides [1, 1, 1, 1] padding "SAME" {tfc.name = "gradients/Conv2D_grad/Conv2DBackpropFilter"}
// CHECK: tfc.fetch %[[DX]], %[[DW]] : tensor<1x4x4x2xf32>, tensor<3x3x2x3xf32>
func.func @conv_pool(%x: tensor<1x4x4x2xf32>, %w: tensor<3x3x2x3xf32>) -> (tensor<1x4x4x2xf32>, tensor<3x3x2x3xf32>) {
  %r:2 = tfc.graph -> (tensor<1x4x4x2xf32>, tensor<3x3x2x3xf32>) {
    %c = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME" {tfc.name = "Conv2D"} : tensor<1x4x4x2xf32>, tensor<3x3x2x3xf32>
    %m = tfc.max_pool %c ksize [1, 2, 2, 1] strides [1, 2, 2, 1] padding "VALID" {tfc.name = "MaxPool"} : tensor<1x4x4x3xf32>
    %a = tfc.avg_pool %m ksize [1, 2, 2, 1] strides [1, 1, 1, 1] padding "SAME" {tfc.name = "AvgPool"} : tensor<1x2x2x3xf32>
    %s = tfc.reduce_sum %a {tfc.name = "Sum"} : tensor<1x2x2x3xf32>
    %g:2 = tfc.gradients %s wrt(%x, %w : tensor<1x4x4x2xf32>, tensor<3x3x2x3xf32>) : tensor<f32>
    tfc.fetch %g#0, %g#1 : tensor<1x4x4x2xf32>, tensor<3x3x2x3xf32>
  }
  return %r#0, %r#1 : tensor<1x4x4x2xf32>, tensor<3x3x2x3xf32>
}

// -----

// gather's params get the incoming gradient summed into the rows the
// indices read (dense, static number of rows); along axis 1 the indices'
// dimension is moved to the front and back. The indices get nothing.
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[P:[a-z0-9_]+]]: tensor<5x3xf32>, %[[I:[a-z0-9_]+]]: tensor<4xi32>, %[[Q:[a-z0-9_]+]]: tensor<2x5x3xf32>, %[[J:[a-z0-9_]+]]: tensor<4xi64>)
// CHECK: %[[G:[a-z0-9_]+]] = tfc.gather %[[P]], %[[I]]
// CHECK: %[[DG:[a-z0-9_]+]] = tfc.broadcast_like %{{.*}} to %[[G]]
// CHECK: %[[DP:[a-z0-9_]+]] = tfc.unsorted_segment_sum %[[DG]], %[[I]] num_segments 5 {tfc.name = "gradients/GatherV2_grad/UnsortedSegmentSum"} : tensor<4x3xf32>, tensor<4xi32>
// CHECK: %[[H:[a-z0-9_]+]] = tfc.gather %[[Q]], %[[J]] axis 1
// CHECK: %[[DH:[a-z0-9_]+]] = tfc.broadcast_like %{{.*}} to %[[H]]
// CHECK: %[[FRONT:[a-z0-9_]+]] = tfc.transpose %[[DH]] perm [1, 0, 2] {{.*}} : tensor<2x4x3xf32>
// CHECK: %[[SUM:[a-z0-9_]+]] = tfc.unsorted_segment_sum %[[FRONT]], %[[J]] num_segments 5 {{.*}} : tensor<4x2x3xf32>, tensor<4xi64>
// CHECK: %[[DQ:[a-z0-9_]+]] = tfc.transpose %[[SUM]] perm [1, 0, 2] {{.*}} : tensor<5x2x3xf32>
// CHECK: tfc.fetch %[[DP]], %[[DQ]] : tensor<5x3xf32>, tensor<2x5x3xf32>
func.func @gather(%p: tensor<5x3xf32>, %i: tensor<4xi32>, %q: tensor<2x5x3xf32>, %j: tensor<4xi64>) -> (tensor<5x3xf32>, tensor<2x5x3xf32>) {
  %r:2 = tfc.graph -> (tensor<5x3xf32>, tensor<2x5x3xf32>) {
    %g = tfc.gather %p, %i {tfc.name = "GatherV2"} : tensor<5x3xf32>, tensor<4xi32>
    %s = tfc.reduce_sum %g {tfc.name = "Sum"} : tensor<4x3xf32>
    %dp = tfc.gradients %s wrt(%p : tensor<5x3xf32>) : tensor<f32>
    %h = tfc.gather %q, %j axis 1 {tfc.name = "GatherV2_1"} : tensor<2x5x3xf32>, tensor<4xi64>
    %t = tfc.reduce_sum %h {tfc.name = "Sum_1"} : tensor<2x4x3xf32>
    %dq = tfc.gradients %t wrt(%q : tensor<2x5x3xf32>) : tensor<f32>
    tfc.fetch %dp, %dq : tensor<5x3xf32>, tensor<2x5x3xf32>
  }
  return %r#0, %r#1 : tensor<5x3xf32>, tensor<2x5x3xf32>
}

// -----

// unsorted_segment_sum's data gets the segments' gradients gathered by id;
// an id outside [0, 5) is replaced by 0 for the gather (in range, so it
// cannot fail) and its slice's gradient masked to zero.
// CHECK-LABEL: func.func @unsorted_segment_sum
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: tensor<4x3xf32>, %[[I:[a-z0-9_]+]]: tensor<4xi32>)
// CHECK: %[[S:[a-z0-9_]+]] = tfc.unsorted_segment_sum %[[X]], %[[I]] num_segments 5
// CHECK: %[[DS:[a-z0-9_]+]] = tfc.broadcast_like %{{.*}} to %[[S]]
// CHECK: %[[ZERO:[a-z0-9_]+]] = tfc.constant dense<0> : tensor<i32>
// CHECK: %[[GE:[a-z0-9_]+]] = tfc.greater_equal %[[I]], %[[ZERO]]
// CHECK: %[[FIVE:[a-z0-9_]+]] = tfc.constant dense<5> : tensor<i32>
// CHECK: %[[LT:[a-z0-9_]+]] = tfc.less %[[I]], %[[FIVE]]
// CHECK: %[[VALID:[a-z0-9_]+]] = tfc.logical_and %[[GE]], %[[LT]]
// CHECK: %[[SAFE:[a-z0-9_]+]] = tfc.where %[[VALID]], %[[I]], %{{.*}} {{.*}} : tensor<4xi1>, tensor<4xi32>, tensor<i32>
// CHECK: %[[ROWS:[a-z0-9_]+]] = tfc.gather %[[DS]], %[[SAFE]] {{.*}} : tensor<5x3xf32>, tensor<4xi32>
// CHECK: %[[MASK:[a-z0-9_]+]] = tfc.expand_dims %[[VALID]] axis 1
// CHECK: %[[DX:[a-z0-9_]+]] = tfc.where %[[MASK]], %[[ROWS]], %{{.*}} {{.*}} : tensor<4x1xi1>, tensor<4x3xf32>, tensor<f32>
// CHECK: tfc.fetch %[[DX]] : tensor<4x3xf32>
func.func @unsorted_segment_sum(%x: tensor<4x3xf32>, %i: tensor<4xi32>) -> tensor<4x3xf32> {
  %r = tfc.graph -> (tensor<4x3xf32>) {
    %s = tfc.unsorted_segment_sum %x, %i num_segments 5 : tensor<4x3xf32>, tensor<4xi32>
    %t = tfc.reduce_sum %s : tensor<5x3xf32>
    %d = tfc.gradients %t wrt(%x : tensor<4x3xf32>) : tensor<f32>
    tfc.fetch %d : tensor<4x3xf32>
  }
  return %r : tensor<4x3xf32>
}

// -----

// squeeze and expand_dims send the gradient back with expand_dims and
// squeeze, which need no shape at run time, also for a dynamic batch:
// squeeze axes [1, 3] puts back axis 1, then axis 3.
// CHECK-LABEL: func.func @squeeze_expand_dims
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: tensor<?x1x3x1xf32>)
// CHECK: %[[S:[a-z0-9_]+]] = tfc.squeeze %[[X]] axes [1, 3]
// CHECK: %[[E:[a-z0-9_]+]] = tfc.expand_dims %[[S]] axis 0
// CHECK: %[[DS:[a-z0-9_]+]] = tfc.squeeze %{{.*}} axes [0] {tfc.name = "gradients/ExpandDims_grad/Squeeze"} : tensor<1x?x3xf32>
// CHECK: %[[D1:[a-z0-9_]+]] = tfc.expand_dims %[[DS]] axis 1 {{.*}}: tensor<?x3xf32>
// CHECK: %[[DX:[a-z0-9_]+]] = tfc.expand_dims %[[D1]] axis 3 {{.*}}: tensor<?x1x3xf32>
// CHECK-NOT: tfc.reshape
// CHECK: tfc.fetch %[[DX]] : tensor<?x1x3x1xf32>
func.func @squeeze_expand_dims(%x: tensor<?x1x3x1xf32>) -> tensor<?x1x3x1xf32> {
  %r = tfc.graph -> (tensor<?x1x3x1xf32>) {
    %s = tfc.squeeze %x axes [1, 3] : tensor<?x1x3x1xf32>
    %e = tfc.expand_dims %s axis 0 : tensor<?x3xf32>
    %sum = tfc.reduce_sum %e : tensor<1x?x3xf32>
    %g = tfc.gradients %sum wrt(%x : tensor<?x1x3x1xf32>) : tensor<f32>
    tfc.fetch %g : tensor<?x1x3x1xf32>
  }
  return %r : tensor<?x1x3x1xf32>
}
