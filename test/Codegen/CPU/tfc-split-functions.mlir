// RUN: tfc-opt %s --tfc-split-functions=max-ops=12 --split-input-file | FileCheck %s

// A function over the bound is cut into pieces, each a private, never
// inlined function called in its place: a piece ends with each loop nest
// (and holds at most max-ops ops); values used by a piece are its
// arguments, values used after it its results; constants are copied into
// the pieces; stack slots and the addresses of globals stay in the caller.

memref.global "private" constant @weights : memref<4xf32> = dense<1.0>

// CHECK-LABEL: func.func @chain(
// CHECK-SAME:    %[[X:.*]]: memref<4xf32>)
// CHECK-DAG:     %[[W:.*]] = memref.get_global @weights
// CHECK-DAG:     %[[SLOT:.*]] = memref.alloca() : memref<4xf32>
// CHECK:         %[[A:.*]] = call @chain_part0(%[[X]], %[[W]], %[[SLOT]]) : (memref<4xf32>, memref<4xf32>, memref<4xf32>) -> memref<4xf32>
// CHECK:         %[[B:.*]] = call @chain_part1(%[[A]], %[[SLOT]]) : (memref<4xf32>, memref<4xf32>) -> memref<4xf32>
// CHECK:         return %[[B]] : memref<4xf32>

// CHECK:       func.func private @chain_part0(%[[X0:.*]]: memref<4xf32>, %[[W0:.*]]: memref<4xf32>, %[[S0:.*]]: memref<4xf32>) -> memref<4xf32>
// CHECK-SAME:    attributes {passthrough = ["noinline"]}
// CHECK:         %[[A0:.*]] = memref.alloc()
// CHECK:         scf.for
// CHECK:           memref.load %[[X0]]
// CHECK:           memref.load %[[W0]]
// CHECK:           memref.store %{{.*}}, %[[S0]]
// CHECK:           memref.store %{{.*}}, %[[A0]]
// CHECK:         return %[[A0]] : memref<4xf32>

// CHECK:       func.func private @chain_part1(%[[A1:.*]]: memref<4xf32>, %[[S1:.*]]: memref<4xf32>) -> memref<4xf32>
// CHECK-SAME:    attributes {passthrough = ["noinline"]}
// CHECK:         %[[B1:.*]] = memref.alloc()
// CHECK:         scf.for
// CHECK:           memref.load %[[A1]]
// CHECK:           memref.load %[[S1]]
// CHECK:           memref.store %{{.*}}, %[[B1]]
// CHECK:         return %[[B1]]
func.func @chain(%x: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %w = memref.get_global @weights : memref<4xf32>
  %slot = memref.alloca() : memref<4xf32>
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %x[%i] : memref<4xf32>
    %u = memref.load %w[%i] : memref<4xf32>
    %s = arith.mulf %v, %u : f32
    memref.store %s, %slot[%i] : memref<4xf32>
    memref.store %s, %a[%i] : memref<4xf32>
  }
  %b = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %a[%i] : memref<4xf32>
    %u = memref.load %slot[%i] : memref<4xf32>
    %s = arith.addf %v, %u : f32
    memref.store %s, %b[%i] : memref<4xf32>
  }
  return %b : memref<4xf32>
}

// -----

// Functions within the bound stay as they are.

// CHECK-LABEL: func.func @small(
// CHECK-NOT:     call
// CHECK:         return
// CHECK-NOT:   func.func private
func.func @small(%x: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// Two layers of one shape on different weights make two pieces that differ
// only in their names: tfc-merge-identical-functions keeps one.
// RUN: tfc-opt %s --tfc-split-functions=max-ops=12 --tfc-merge-identical-functions --split-input-file | FileCheck %s --check-prefix=MERGE

memref.global "private" constant @w0 : memref<4xf32> = dense<1.0>
memref.global "private" constant @w1 : memref<4xf32> = dense<2.0>

// Split alone, the two pieces are two functions.
// CHECK-LABEL: func.func @layers(
// CHECK:         call @layers_part0(
// CHECK:         call @layers_part1(
// CHECK:       func.func private @layers_part0(
// CHECK:       func.func private @layers_part1(

// MERGE-LABEL: func.func @layers(
// MERGE-DAG:     %[[W0:.*]] = memref.get_global @w0
// MERGE-DAG:     %[[W1:.*]] = memref.get_global @w1
// MERGE:         %[[H:.*]] = call @layers_part0(%{{.*}}, %[[W0]])
// MERGE:         %[[Y:.*]] = call @layers_part0(%[[H]], %[[W1]])
// MERGE:         return %[[Y]]
// MERGE:       func.func private @layers_part0(
// MERGE-NOT:   func.func private @layers_part1(
func.func @layers(%x: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %w0 = memref.get_global @w0 : memref<4xf32>
  %w1 = memref.get_global @w1 : memref<4xf32>
  %h = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %x[%i] : memref<4xf32>
    %u = memref.load %w0[%i] : memref<4xf32>
    %s = arith.mulf %v, %u : f32
    memref.store %s, %h[%i] : memref<4xf32>
  }
  %y = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %h[%i] : memref<4xf32>
    %u = memref.load %w1[%i] : memref<4xf32>
    %s = arith.mulf %v, %u : f32
    memref.store %s, %y[%i] : memref<4xf32>
  }
  return %y : memref<4xf32>
}
