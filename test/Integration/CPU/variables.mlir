// Variables live in the runtime's store: their values persist across calls
// and across processes through checkpoints.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfc compile %s -o %t/libcounter.so

// tf.assign_add counting: three calls count to 3; the assign's value and a
// read ordered after it agree.
// RUN: tfc run %t/libcounter.so --fn count --steps 3 --save %t/ckpt | FileCheck %s --check-prefix=COUNT
// COUNT: output0 = f32[] 3
// COUNT-NEXT: output1 = f32[] 3

// Another process restores the checkpoint and goes on from 3.
// RUN: tfc run %t/libcounter.so --fn count --restore %t/ckpt | FileCheck %s --check-prefix=RESUMED
// RESUMED: output0 = f32[] 4

// The initial values: v is [1, 2]; w = v.initialized_value() + 1.
// RUN: tfc run %t/libcounter.so --fn initial | FileCheck %s --check-prefix=INIT
// INIT: output0 = f32[2] [1 2]
// INIT-NEXT: output1 = f32[2] [2 3]
// INIT-NEXT: output2 = i64[3] [7 7 7]

// A read before an assign sees the old value, a read after it the new one.
// RUN: tfc run %t/libcounter.so --fn swap --steps 2 | FileCheck %s --check-prefix=SWAP
// u starts at [1, 2]; after two calls: old [2, 4], new [4, 8].
// SWAP: output0 = f32[2] [2 4]
// SWAP-NEXT: output1 = f32[2] [4 8]

// tf.get_variable("n", [], dtype=tf.int32) without an initializer starts
// at zero, TensorFlow's default for integers: two calls count to 2.
// RUN: tfc run %t/libcounter.so --fn int_count --steps 2 | FileCheck %s --check-prefix=INT
// INT: output0 = i32[] 2

func.func @count() -> (tensor<f32>, tensor<f32>) {
  %r:2 = tfc.graph -> (tensor<f32>, tensor<f32>) {
    %counter = tfc.get_variable "counter" : tensor<f32> init #tfc.zeros {trainable = false}
    %one = tfc.constant dense<1.0> : tensor<f32>
    %new, %done = tfc.assign_add %counter, %one : !tfc.var<tensor<f32>>, tensor<f32>
    %after, %t = tfc.read %counter after(%done) : !tfc.var<tensor<f32>>
    tfc.fetch %new, %after : tensor<f32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<f32>
}

func.func @initial() -> (tensor<2xf32>, tensor<2xf32>, tensor<3xi64>) {
  %r:3 = tfc.graph -> (tensor<2xf32>, tensor<2xf32>, tensor<3xi64>) {
    %v = tfc.get_variable "v" init #tfc.constant<dense<[1.0, 2.0]> : tensor<2xf32>>
    %w = tfc.get_variable "w" initial_value {
      %v0 = tfc.initialized_value %v : !tfc.var<tensor<2xf32>>
      %one = tfc.constant dense<1.0> : tensor<f32>
      %w0 = tfc.add %v0, %one : tensor<2xf32>, tensor<f32>
      tfc.yield %w0 : tensor<2xf32>
    }
    %s = tfc.get_variable "sevens" : tensor<3xi64> init #tfc.constant<dense<7> : tensor<i64>>
    %a, %ta = tfc.read %v : !tfc.var<tensor<2xf32>>
    %b, %tb = tfc.read %w : !tfc.var<tensor<2xf32>>
    %c, %tc = tfc.read %s : !tfc.var<tensor<3xi64>>
    tfc.fetch %a, %b, %c : tensor<2xf32>, tensor<2xf32>, tensor<3xi64>
  }
  return %r#0, %r#1, %r#2 : tensor<2xf32>, tensor<2xf32>, tensor<3xi64>
}

// u <- 2 * u, returning the values before and after.
func.func @swap() -> (tensor<2xf32>, tensor<2xf32>) {
  %r:2 = tfc.graph -> (tensor<2xf32>, tensor<2xf32>) {
    %u = tfc.get_variable "u" init #tfc.constant<dense<[1.0, 2.0]> : tensor<2xf32>>
    %old, %t0 = tfc.read %u : !tfc.var<tensor<2xf32>>
    %two = tfc.constant dense<2.0> : tensor<f32>
    %doubled = tfc.mul %old, %two : tensor<2xf32>, tensor<f32>
    %assigned, %t1 = tfc.assign %u, %doubled after(%t0) : !tfc.var<tensor<2xf32>>, tensor<2xf32>
    %new, %t2 = tfc.read %u after(%t1) : !tfc.var<tensor<2xf32>>
    tfc.fetch %old, %new : tensor<2xf32>, tensor<2xf32>
  }
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
}

func.func @int_count() -> tensor<i32> {
  %r = tfc.graph -> (tensor<i32>) {
    %n = tfc.get_variable "n" : tensor<i32>
    %one = tfc.constant dense<1> : tensor<i32>
    %new, %done = tfc.assign_add %n, %one : !tfc.var<tensor<i32>>, tensor<i32>
    tfc.fetch %new : tensor<i32>
  }
  return %r : tensor<i32>
}
