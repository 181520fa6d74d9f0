// Control tokens order effects until scheduling, then disappear: groups,
// no_ops and control dependencies on reads and assigns compile and run.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfc compile %s -o %t/libcontrol.so
// RUN: tfc run %t/libcontrol.so --fn train --steps 3 | FileCheck %s --check-prefix=TRAIN
// RUN: tfc run %t/libcontrol.so --fn snapshot --steps 2 | FileCheck %s --check-prefix=SNAPSHOT

// train_op = tf.group(w.assign_add(1), b.assign_sub(0.5)); fetching the
// reads behind the group: after three steps w = 3, b = -1.5.
// TRAIN: output0 = f32[] 3
// TRAIN-NEXT: output1 = f32[] -1.5
func.func @train() -> (tensor<f32>, tensor<f32>) {
  %r:2 = tfc.graph -> (tensor<f32>, tensor<f32>) {
    %w = tfc.get_variable "w" : tensor<f32> init #tfc.zeros
    %b = tfc.get_variable "b" : tensor<f32> init #tfc.zeros
    %one = tfc.constant dense<1.0> : tensor<f32>
    %half = tfc.constant dense<0.5> : tensor<f32>
    %nw, %tw = tfc.assign_add %w, %one : !tfc.var<tensor<f32>>, tensor<f32>
    %nb, %tb = tfc.assign_sub %b, %half : !tfc.var<tensor<f32>>, tensor<f32>
    %train = tfc.group %tw, %tb
    %done = tfc.no_op after(%train)
    %w1, %rw = tfc.read %w after(%done) : !tfc.var<tensor<f32>>
    %b1, %rb = tfc.read %b after(%train) : !tfc.var<tensor<f32>>
    tfc.fetch %w1, %b1 : tensor<f32>, tensor<f32> targets(%done)
  }
  return %r#0, %r#1 : tensor<f32>, tensor<f32>
}

// The read's token orders the assign (with tf.control_dependencies): the
// snapshot is the value before the step, the new value twice it plus one.
// u starts at 1: step 1 gives (1, 3), step 2 gives (3, 7).
// SNAPSHOT: output0 = f32[] 3
// SNAPSHOT-NEXT: output1 = f32[] 7
func.func @snapshot() -> (tensor<f32>, tensor<f32>) {
  %r:2 = tfc.graph -> (tensor<f32>, tensor<f32>) {
    %u = tfc.get_variable "u" init #tfc.constant<dense<1.0> : tensor<f32>>
    %old, %read = tfc.read %u : !tfc.var<tensor<f32>>
    %new = tfc.control_dependencies(%read) -> (tensor<f32>) {
      %two = tfc.constant dense<2.0> : tensor<f32>
      %one = tfc.constant dense<1.0> : tensor<f32>
      %d = tfc.mul %old, %two : tensor<f32>, tensor<f32>
      %e = tfc.add %d, %one : tensor<f32>, tensor<f32>
      %n, %t = tfc.assign %u, %e : !tfc.var<tensor<f32>>, tensor<f32>
      %g = tfc.group %t, %read
      %after, %rt = tfc.read %u after(%g) : !tfc.var<tensor<f32>>
      tfc.yield %after : tensor<f32>
    }
    tfc.fetch %old, %new : tensor<f32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<f32>
}
