// RUN: tfc-opt %s --tfc-split-functions=max-ops=12 --split-input-file | FileCheck %s

// A function over the bound is cut into pieces of at most max-ops ops, each
// a private, never inlined function called in its place: values used by a
// piece are its arguments, values used after it its results; constants and
// globals are copied into the pieces; stack slots stay in the caller.

memref.global "private" constant @weights : memref<4xf32> = dense<1.0>

// CHECK-LABEL: func.func @chain(
// CHECK-SAME:    %[[X:.*]]: memref<4xf32>)
// CHECK:         %[[SLOT:.*]] = memref.alloca() : memref<4xf32>
// CHECK:         %[[P0:.*]]:2 = call @chain_part0(%[[X]], %[[SLOT]]) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
// CHECK:         call @chain_part1(%[[P0]]#0, %[[SLOT]], %[[P0]]#1) : (memref<4xf32>, memref<4xf32>, memref<4xf32>) -> ()
// CHECK:         return %[[P0]]#1 : memref<4xf32>

// CHECK:       func.func private @chain_part0(%[[X0:.*]]: memref<4xf32>, %[[S0:.*]]: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
// CHECK-SAME:    attributes {passthrough = ["noinline"]}
// CHECK-DAG:     %[[W:.*]] = memref.get_global @weights
// CHECK-DAG:     %[[A:.*]] = memref.alloc()
// CHECK:         scf.for
// CHECK:           memref.load %[[X0]]
// CHECK:           memref.load %[[W]]
// CHECK:           memref.store %{{.*}}, %[[S0]]
// CHECK:           memref.store %{{.*}}, %[[A]]
// CHECK:         %[[B:.*]] = memref.alloc()
// CHECK:         return %[[A]], %[[B]] : memref<4xf32>, memref<4xf32>

// CHECK:       func.func private @chain_part1(%[[A1:.*]]: memref<4xf32>, %[[S1:.*]]: memref<4xf32>, %[[B1:.*]]: memref<4xf32>)
// CHECK-SAME:    attributes {passthrough = ["noinline"]}
// CHECK:         scf.for
// CHECK:           memref.load %[[A1]]
// CHECK:           memref.load %[[S1]]
// CHECK:           memref.store %{{.*}}, %[[B1]]
// CHECK:         return
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
