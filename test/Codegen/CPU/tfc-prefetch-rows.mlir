// RUN: tfc-opt %s --tfc-prefetch-rows --split-input-file | FileCheck %s

// Softmax's passes over a row after bufferization: the maximum reads row
// %i of %x from memory; the exponentials read it again, from cache, and
// prefetch the same columns of row %i + 1 (the last row: itself), one
// prefetch per 64-byte line of each read (32 floats: two). The later
// passes read the output row and prefetch nothing.
// CHECK-LABEL: func.func @softmax_rows
// CHECK: scf.for %[[I:[a-z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:   scf.for %[[J0:[a-z0-9_]+]] =
// CHECK-NOT: memref.prefetch
// CHECK:     vector.transfer_read %[[X:[a-z0-9_]+]][%[[I]], %[[J0]]]
// CHECK:   %[[ROWS:.*]] = memref.dim %[[X]], %{{.*}} : memref<512x30000xf32>
// CHECK:   %[[NEXT:.*]] = arith.addi %[[I]], %[[ONE:[a-z0-9_]+]] : index
// CHECK:   %[[LAST:.*]] = arith.subi %[[ROWS]], %[[ONE]] : index
// CHECK:   %[[ROW:.*]] = arith.minui %[[NEXT]], %[[LAST]] : index
// CHECK:   scf.for %[[J1:[a-z0-9_]+]] =
// CHECK:     memref.prefetch %[[X]][%[[ROW]], %[[J1]]], read, locality<2>, data
// CHECK:     %[[SECOND:.*]] = arith.addi %[[J1]], %c16{{.*}} : index
// CHECK:     memref.prefetch %[[X]][%[[ROW]], %[[SECOND]]], read, locality<2>, data
// CHECK:     vector.transfer_read %[[X]][%[[I]], %[[J1]]]
// CHECK-NOT: memref.prefetch
// CHECK:   return
func.func @softmax_rows(%x: memref<512x30000xf32>, %y: memref<512x30000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c29984 = arith.constant 29984 : index
  %pad = arith.constant 0.0 : f32
  %ninf = arith.constant dense<0xFF800000> : vector<1x32xf32>
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %max = scf.for %j = %c0 to %c29984 step %c32 iter_args(%m = %ninf) -> (vector<1x32xf32>) {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true, true]} : memref<512x30000xf32>, vector<1x32xf32>
      %n = arith.maximumf %v, %m : vector<1x32xf32>
      scf.yield %n : vector<1x32xf32>
    }
    scf.for %j = %c0 to %c29984 step %c32 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true, true]} : memref<512x30000xf32>, vector<1x32xf32>
      %d = arith.subf %v, %max : vector<1x32xf32>
      %e = math.exp %d : vector<1x32xf32>
      vector.transfer_write %e, %y[%i, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<512x30000xf32>
    }
    %sum = scf.for %j = %c0 to %c29984 step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
      %v = vector.transfer_read %y[%i, %j], %pad {in_bounds = [true, true]} : memref<512x30000xf32>, vector<1x32xf32>
      %t = arith.addf %v, %s : vector<1x32xf32>
      scf.yield %t : vector<1x32xf32>
    }
    scf.for %j = %c0 to %c29984 step %c32 {
      %v = vector.transfer_read %y[%i, %j], %pad {in_bounds = [true, true]} : memref<512x30000xf32>, vector<1x32xf32>
      %q = arith.divf %v, %sum : vector<1x32xf32>
      vector.transfer_write %q, %y[%i, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<512x30000xf32>
    }
  }
  return
}

// -----

// A single pass over each row (bias and relu) reads its row once, as a
// stream the hardware prefetches: nothing is added. Nor for two passes
// over a buffer of the row loop's own, or over another row than the row
// loop's.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @left_alone(%x: memref<64x4096xf32>, %y: memref<64x4096xf32>, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c4096 step %c32 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true, true]} : memref<64x4096xf32>, vector<1x32xf32>
      %r = arith.maximumf %v, %zero : vector<1x32xf32>
      vector.transfer_write %r, %y[%i, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<64x4096xf32>
    }
    %own = memref.alloca() : memref<64x4096xf32>
    scf.for %j = %c0 to %c4096 step %c32 {
      %v = vector.transfer_read %own[%i, %j], %pad {in_bounds = [true, true]} : memref<64x4096xf32>, vector<1x32xf32>
      vector.transfer_write %v, %y[%i, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<64x4096xf32>
    }
    scf.for %j = %c0 to %c4096 step %c32 {
      %v = vector.transfer_read %own[%i, %j], %pad {in_bounds = [true, true]} : memref<64x4096xf32>, vector<1x32xf32>
      vector.transfer_write %v, %y[%i, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<64x4096xf32>
    }
    scf.for %j = %c0 to %c4096 step %c32 {
      %v = vector.transfer_read %x[%k, %j], %pad {in_bounds = [true, true]} : memref<64x4096xf32>, vector<1x32xf32>
      vector.transfer_write %v, %y[%i, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<64x4096xf32>
    }
    scf.for %j = %c0 to %c4096 step %c32 {
      %v = vector.transfer_read %x[%k, %j], %pad {in_bounds = [true, true]} : memref<64x4096xf32>, vector<1x32xf32>
      vector.transfer_write %v, %y[%i, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<64x4096xf32>
    }
  }
  return
}
