// RUN: tfc-opt %s --split-input-file --verify-diagnostics \
// RUN:   --tfc-autodiff=data-parallel=true | FileCheck %s
// RUN: tfc-opt %s --split-input-file --tfc-autodiff \
// RUN:   | FileCheck %s --check-prefix=ALONE

// The gradients of both variables travel in one exchange, weighted by the
// rows of the batch (the first batched argument, %x); each sum is scaled to
// the mean before Adam reads it.
// CHECK-LABEL: func.func @two_variables
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: tensor<?x3xf32>
// CHECK: %[[SUMS:[a-z0-9_]+]]:2, %[[SCALE:[a-z0-9_]+]] = tfc.all_reduce_gradients %{{.*}}, %{{.*}} weighted by %[[X]] : tensor<?x3xf32> {tfc.name = "DataParallel/AllReduceGradients"} : tensor<3x2xf32>, tensor<2xf32>
// CHECK: %[[GW:[a-z0-9_]+]] = tfc.mul %[[SUMS]]#0, %[[SCALE]] {tfc.name = "DataParallel/mul"} : tensor<3x2xf32>, tensor<f32>
// CHECK: %[[GB:[a-z0-9_]+]] = tfc.mul %[[SUMS]]#1, %[[SCALE]] {tfc.name = "DataParallel/mul_1"} : tensor<2xf32>, tensor<f32>
// CHECK: tfc.sub %[[GW]], %{{.*}} {tfc.name = "Adam/update_w/
// CHECK: tfc.sub %[[GB]], %{{.*}} {tfc.name = "Adam/update_b/
// One exchange per step.
// CHECK-NOT: tfc.all_reduce_gradients
// Without the option nothing is exchanged.
// ALONE-LABEL: func.func @two_variables
// ALONE-NOT: tfc.all_reduce_gradients
// ALONE-NOT: DataParallel
tfc.global_variable @w : tensor<3x2xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
tfc.global_variable @b : tensor<2xf32> init #tfc.zeros collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
func.func @two_variables(%x: tensor<?x3xf32>, %y: tensor<?x2xf32>) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %w = tfc.var_handle @w : !tfc.var<tensor<3x2xf32>>
    %b = tfc.var_handle @b : !tfc.var<tensor<2xf32>>
    %wv, %t1 = tfc.read %w : !tfc.var<tensor<3x2xf32>>
    %bv, %t2 = tfc.read %b : !tfc.var<tensor<2xf32>>
    %m = tfc.matmul %x, %wv : tensor<?x3xf32>, tensor<3x2xf32>
    %p = tfc.add %m, %bv : tensor<?x2xf32>, tensor<2xf32>
    %d = tfc.sub %p, %y : tensor<?x2xf32>, tensor<?x2xf32>
    %s = tfc.square %d : tensor<?x2xf32>
    %loss = tfc.reduce_mean %s : tensor<?x2xf32>
    %train = tfc.minimize #tfc.adam<learning_rate = 0.1> %loss : tensor<f32>
    tfc.fetch %loss : tensor<f32> targets(%train)
  }
  return %r : tensor<f32>
}

// -----

// Without a batched argument every rank weighs 1.
// CHECK-LABEL: func.func @no_batch
// CHECK: tfc.all_reduce_gradients %{{[a-z0-9_]+}} {tfc.name = "DataParallel/AllReduceGradients"} : tensor<f32>
tfc.global_variable @v : tensor<f32> init #tfc.zeros collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
func.func @no_batch() {
  tfc.graph {
    %h = tfc.var_handle @v : !tfc.var<tensor<f32>>
    %v, %t = tfc.read %h : !tfc.var<tensor<f32>>
    %s = tfc.square %v : tensor<f32>
    %train = tfc.minimize #tfc.sgd<learning_rate = 0.1> %s : tensor<f32>
    tfc.fetch targets(%train)
  }
  return
}

// -----

// Gradients cross as f32 only.
tfc.global_variable @d : tensor<2xf64> init #tfc.zeros collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
func.func @f64_variable() {
  tfc.graph {
    %h = tfc.var_handle @d : !tfc.var<tensor<2xf64>>
    %v, %t = tfc.read %h : !tfc.var<tensor<2xf64>>
    %s = tfc.reduce_sum %v : tensor<2xf64>
    // expected-error @+1 {{data-parallel training exchanges f32 gradients; variable 'd' is 'tensor<2xf64>'}}
    %train = tfc.minimize #tfc.sgd<learning_rate = 0.1> %s : tensor<f64>
    tfc.fetch targets(%train)
  }
  return
}
