// RUN: tfc-opt %s --tfc-fuse-row-passes --split-input-file | FileCheck %s

// Softmax's row after bufferization: the exponentials' pass, its remainder
// columns, the sum's pass and the scaling. The sum reads only what the
// exponentials' pass wrote at the same column: it runs in that pass, on the
// written vector (no read of the row). The scaling uses the sum, known
// only after the loop: it stays a pass of its own.
// CHECK-LABEL: func.func @softmax_rows
// CHECK: scf.for %[[I:[a-z0-9_]+]] =
// CHECK:   %[[ROW:.*]] = memref.subview
// CHECK:   %[[SUM:.*]] = scf.for %[[J:[a-z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<1x32xf32>) {
// CHECK:     %[[E:.*]] = math.exp
// CHECK:     vector.transfer_write %[[E]], %[[ROW]][%{{.*}}, %[[J]]]
// CHECK-NOT: vector.transfer_read %[[ROW]]
// CHECK:     %[[ADD:.*]] = arith.addf %[[E]], %[[ACC]]
// CHECK:     scf.yield %[[ADD]]
// CHECK:   }
// CHECK:   vector.transfer_write %{{.*}}, %[[ROW]][%{{.*}}, %c992]
// CHECK:   scf.for
// CHECK:     vector.transfer_read %[[ROW]]
// CHECK:     arith.mulf %{{.*}}, %[[SUM]]
// CHECK-NOT: scf.for
// CHECK: return
func.func @softmax_rows(%x: memref<64x1000xf32>, %y: memref<64x1000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c992 = arith.constant 992 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  %m = arith.constant dense<1.0> : vector<1x32xf32>
  %m8 = arith.constant dense<1.0> : vector<1x8xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %row = memref.subview %y[%i, 0] [1, 1000] [1, 1] : memref<64x1000xf32> to memref<1x1000xf32, strided<[1000, 1], offset: ?>>
    scf.for %j = %c0 to %c992 step %c32 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true, true]} : memref<64x1000xf32>, vector<1x32xf32>
      %d = arith.subf %v, %m : vector<1x32xf32>
      %e = math.exp %d : vector<1x32xf32>
      vector.transfer_write %e, %row[%c0, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x1000xf32, strided<[1000, 1], offset: ?>>
    }
    %t = vector.transfer_read %x[%i, %c992], %pad {in_bounds = [true, true]} : memref<64x1000xf32>, vector<1x8xf32>
    %td = arith.subf %t, %m8 : vector<1x8xf32>
    %te = math.exp %td : vector<1x8xf32>
    vector.transfer_write %te, %row[%c0, %c992] {in_bounds = [true, true]} : vector<1x8xf32>, memref<1x1000xf32, strided<[1000, 1], offset: ?>>
    %sum = scf.for %j = %c0 to %c992 step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true, true]} : memref<1x1000xf32, strided<[1000, 1], offset: ?>>, vector<1x32xf32>
      %a = arith.addf %v, %s : vector<1x32xf32>
      scf.yield %a : vector<1x32xf32>
    }
    scf.for %j = %c0 to %c992 step %c32 {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true, true]} : memref<1x1000xf32, strided<[1000, 1], offset: ?>>, vector<1x32xf32>
      %q = arith.mulf %v, %sum : vector<1x32xf32>
      vector.transfer_write %q, %row[%c0, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x1000xf32, strided<[1000, 1], offset: ?>>
    }
  }
  return
}

// -----

// Not merged: the second pass reads the row one step ahead of where the
// first wrote it (a value the first pass writes in a later iteration).
// CHECK-LABEL: func.func @reads_ahead
// CHECK: scf.for
// CHECK: vector.transfer_write
// CHECK: scf.for {{.*}} iter_args
// CHECK: vector.transfer_read
func.func @reads_ahead(%x: memref<8x64xf32>, %y: memref<8x96xf32>, %i: index) -> vector<1x32xf32> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  scf.for %j = %c0 to %c64 step %c32 {
    %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true, true]} : memref<8x64xf32>, vector<1x32xf32>
    vector.transfer_write %v, %y[%i, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<8x96xf32>
  }
  %sum = scf.for %j = %c0 to %c64 step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
    %k = arith.addi %j, %c32 : index
    %v = vector.transfer_read %y[%i, %k], %pad {in_bounds = [true, true]} : memref<8x96xf32>, vector<1x32xf32>
    %a = arith.addf %v, %s : vector<1x32xf32>
    scf.yield %a : vector<1x32xf32>
  }
  return %sum : vector<1x32xf32>
}

// -----

// Not merged: between the passes a loop writes the buffer the second pass
// reads (not at a remainder column past the passes' bound); nor is that
// loop's write at another row forwarded to the second pass.
// CHECK-LABEL: func.func @written_between
// CHECK-COUNT-3: scf.for
func.func @written_between(%x: memref<8x64xf32>, %y: memref<8x64xf32>, %i: index, %k: index) -> vector<1x32xf32> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  scf.for %j = %c0 to %c64 step %c32 {
    %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true, true]} : memref<8x64xf32>, vector<1x32xf32>
    vector.transfer_write %v, %y[%i, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<8x64xf32>
  }
  scf.for %j = %c0 to %c64 step %c32 {
    vector.transfer_write %zero, %y[%k, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<8x64xf32>
  }
  %sum = scf.for %j = %c0 to %c64 step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
    %v = vector.transfer_read %y[%i, %j], %pad {in_bounds = [true, true]} : memref<8x64xf32>, vector<1x32xf32>
    %a = arith.addf %v, %s : vector<1x32xf32>
    scf.yield %a : vector<1x32xf32>
  }
  return %sum : vector<1x32xf32>
}

// -----

// Not merged: the passes' bounds differ.
// CHECK-LABEL: func.func @other_bounds
// CHECK-COUNT-2: scf.for
func.func @other_bounds(%x: memref<8x64xf32>, %y: memref<8x64xf32>, %i: index) -> vector<1x32xf32> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  scf.for %j = %c0 to %c64 step %c32 {
    %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true, true]} : memref<8x64xf32>, vector<1x32xf32>
    vector.transfer_write %v, %y[%i, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<8x64xf32>
  }
  %sum = scf.for %j = %c0 to %c32 step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
    %v = vector.transfer_read %y[%i, %j], %pad {in_bounds = [true, true]} : memref<8x64xf32>, vector<1x32xf32>
    %a = arith.addf %v, %s : vector<1x32xf32>
    scf.yield %a : vector<1x32xf32>
  }
  return %sum : vector<1x32xf32>
}

// -----

// A written constant is forwarded as the constant.
// CHECK-LABEL: func.func @forwards_constant
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00>
// CHECK: scf.for
// CHECK:   vector.transfer_write %[[ZERO]]
// CHECK:   arith.addf %[[ZERO]]
// CHECK-NOT: scf.for
func.func @forwards_constant(%y: memref<8x64xf32>, %i: index) -> vector<1x32xf32> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  scf.for %j = %c0 to %c64 step %c32 {
    vector.transfer_write %zero, %y[%i, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<8x64xf32>
  }
  %sum = scf.for %j = %c0 to %c64 step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
    %v = vector.transfer_read %y[%i, %j], %pad {in_bounds = [true, true]} : memref<8x64xf32>, vector<1x32xf32>
    %a = arith.addf %v, %s : vector<1x32xf32>
    scf.yield %a : vector<1x32xf32>
  }
  return %sum : vector<1x32xf32>
}
