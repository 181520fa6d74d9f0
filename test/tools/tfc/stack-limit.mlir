// No compiled function may put more than 64 KiB on the stack (its callers'
// threads may have small stacks): a larger temporary is an error naming the
// function, at its location. 32 KiB compiles and runs.
// RUN: split-file %s %t
// RUN: not tfc compile %t/large.mlir -o %t/large.so 2>&1 | FileCheck %s --check-prefix=LARGE
// RUN: tfc compile %t/small.mlir -o %t/small.so
// RUN: tfc run %t/small.so --input x=3 | FileCheck %s --check-prefix=SMALL

// LARGE: large.mlir:1:1: error: function 'big' needs 262144 bytes of stack, more than the 65536 a compiled function may use
//--- large.mlir
func.func @big(%x: tensor<f32> {tfc.name = "x"}) -> tensor<f32> {
  %buf = memref.alloca() : memref<65536xf32>
  %c0 = arith.constant 0 : index
  %v = tensor.extract %x[] : tensor<f32>
  memref.store %v, %buf[%c0] : memref<65536xf32>
  %w = memref.load %buf[%c0] : memref<65536xf32>
  %r = tensor.from_elements %w : tensor<f32>
  return %r : tensor<f32>
}

// SMALL: output0 = f32[] 3
//--- small.mlir
func.func @fits(%x: tensor<f32> {tfc.name = "x"}) -> tensor<f32> {
  %buf = memref.alloca() : memref<8192xf32>
  %c0 = arith.constant 0 : index
  %v = tensor.extract %x[] : tensor<f32>
  memref.store %v, %buf[%c0] : memref<8192xf32>
  %w = memref.load %buf[%c0] : memref<8192xf32>
  %r = tensor.from_elements %w : tensor<f32>
  return %r : tensor<f32>
}
