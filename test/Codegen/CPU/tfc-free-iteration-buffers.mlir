// RUN: tfc-opt %s --split-input-file --tfc-free-iteration-buffers | FileCheck %s

// A parallel loop's scratch buffer, used only in its iteration (through a
// view too), is freed at the iteration's end.
// CHECK-LABEL: func.func @scratch
// CHECK: scf.forall
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<64xf32>
// CHECK: memref.subview %[[BUF]]
// CHECK: memref.dealloc %[[BUF]] : memref<64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @scratch(%out: memref<8x64xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%i) in (8) {
    %buf = memref.alloc() : memref<64xf32>
    linalg.fill ins(%zero : f32) outs(%buf : memref<64xf32>)
    %half = memref.subview %buf[0] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1]>>
    %v = memref.load %half[%c0] : memref<32xf32, strided<[1]>>
    memref.store %v, %out[%i, %c0] : memref<8x64xf32>
  }
  return
}

// -----

// In an scf.parallel too; in a nested loop of the body, at the end of
// that loop's iteration.
// CHECK-LABEL: func.func @nested
// CHECK: scf.parallel
// CHECK: scf.for
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<16xf32>
// CHECK: memref.dealloc %[[BUF]]
// CHECK-NEXT: }
func.func @nested(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    scf.for %j = %c0 to %c4 step %c1 {
      %buf = memref.alloc() : memref<16xf32>
      %v = memref.load %buf[%j] : memref<16xf32>
      memref.store %v, %out[%i] : memref<4xf32>
    }
    scf.reduce
  }
  return
}

// -----

// Buffers that leave their block are left to the arena: one yielded by the
// loop it is in, one used after its block, one made a tensor, one given to
// a call. Outside a parallel loop nothing is freed.
// CHECK-LABEL: func.func @escapes
// CHECK-NOT: memref.dealloc
func.func private @use(memref<8xf32>)
func.func @escapes(%n: index) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %first = memref.alloc() : memref<8xf32>
  scf.forall (%i) in (4) {
    %a = memref.alloc() : memref<8xf32>
    %b = scf.for %j = %c0 to %n step %c1 iter_args(%cur = %a) -> memref<8xf32> {
      %next = memref.alloc() : memref<8xf32>
      scf.yield %next : memref<8xf32>
    }
    %t = bufferization.to_tensor %b restrict : memref<8xf32> to tensor<8xf32>
    %c = memref.alloc() : memref<8xf32>
    func.call @use(%c) : (memref<8xf32>) -> ()
  }
  return %first : memref<8xf32>
}
