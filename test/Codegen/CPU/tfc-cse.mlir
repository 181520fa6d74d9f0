// RUN: tfc-opt %s --pass-pipeline='builtin.module(func.func(tfc-cse))' --split-input-file | FileCheck %s

// Loops with the same operands (the one empty tensor they write) whose
// bodies read different values from above are different; loops equal
// inside and out are one. Ops without regions are merged as cse merges
// them, and no hash attribute is left behind.

// CHECK-LABEL: func.func @loops(
// CHECK-SAME:    %[[A:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<8xf32>
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK-NOT:     tensor.empty
// CHECK:         %[[LA:.*]] = scf.forall (%{{.*}}) in (8) shared_outs(%{{.*}} = %[[E]])
// CHECK:           tensor.extract_slice %[[A]]
// CHECK:         %[[LB:.*]] = scf.forall (%{{.*}}) in (8) shared_outs(%{{.*}} = %[[E]])
// CHECK:           tensor.extract_slice %[[B]]
// CHECK-NOT:     scf.forall (
// CHECK:         return %[[LA]], %[[LB]], %[[LA]]
// CHECK-NOT:     tfc.cse_structure
func.func @loops(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %e0 = tensor.empty() : tensor<8xf32>
  %la = scf.forall (%i) in (8) shared_outs(%o = %e0) -> (tensor<8xf32>) {
    %s = tensor.extract_slice %a[%i] [1] [1] : tensor<8xf32> to tensor<1xf32>
    %t = math.tanh %s : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %t into %o[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  %e1 = tensor.empty() : tensor<8xf32>
  %lb = scf.forall (%i) in (8) shared_outs(%o = %e1) -> (tensor<8xf32>) {
    %s = tensor.extract_slice %b[%i] [1] [1] : tensor<8xf32> to tensor<1xf32>
    %t = math.tanh %s : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %t into %o[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  %e2 = tensor.empty() : tensor<8xf32>
  %lc = scf.forall (%j) in (8) shared_outs(%p = %e2) -> (tensor<8xf32>) {
    %u = tensor.extract_slice %a[%j] [1] [1] : tensor<8xf32> to tensor<1xf32>
    %v = math.tanh %u : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %v into %p[%j] [1] [1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  return %la, %lb, %lc : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----

// Loops that differ in an attribute inside (the body's op) stay apart;
// scalar ops merge.

// CHECK-LABEL: func.func @bodies(
// CHECK:         arith.addf
// CHECK-NOT:     arith.addf
// CHECK:         scf.for
// CHECK:           arith.mulf
// CHECK:         scf.for
// CHECK:           arith.subf
// CHECK-NOT:     scf.for
func.func @bodies(%x: f32, %n: index) -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s0 = arith.addf %x, %x : f32
  %s1 = arith.addf %x, %x : f32
  %r0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f32) {
    %m = arith.mulf %acc, %s0 : f32
    scf.yield %m : f32
  }
  %r1 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f32) {
    %m = arith.subf %acc, %s1 : f32
    scf.yield %m : f32
  }
  return %s0, %s1, %r0, %r1 : f32, f32, f32, f32
}
