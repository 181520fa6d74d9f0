// RUN: tfc-opt %s --tfc-fuse-row-passes --split-input-file | FileCheck %s

// Softmax's row of 10000 floats (40 KB, past L1) after bufferization: the
// exponentials' pass, its remainder columns, the sum's pass and the
// scaling. The sum reads only what the
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
// CHECK:   vector.transfer_write %{{.*}}, %[[ROW]][%{{.*}}, %c9984]
// CHECK:   scf.for
// CHECK:     vector.transfer_read %[[ROW]]
// CHECK:     arith.mulf %{{.*}}, %[[SUM]]
// CHECK-NOT: scf.for
// CHECK: return
func.func @softmax_rows(%x: memref<64x10000xf32>, %y: memref<64x10000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c9984 = arith.constant 9984 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  %m = arith.constant dense<1.0> : vector<1x32xf32>
  %m8 = arith.constant dense<1.0> : vector<1x16xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %row = memref.subview %y[%i, 0] [1, 10000] [1, 1] : memref<64x10000xf32> to memref<1x10000xf32, strided<[10000, 1], offset: ?>>
    scf.for %j = %c0 to %c9984 step %c32 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true, true]} : memref<64x10000xf32>, vector<1x32xf32>
      %d = arith.subf %v, %m : vector<1x32xf32>
      %e = math.exp %d : vector<1x32xf32>
      vector.transfer_write %e, %row[%c0, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x10000xf32, strided<[10000, 1], offset: ?>>
    }
    %t = vector.transfer_read %x[%i, %c9984], %pad {in_bounds = [true, true]} : memref<64x10000xf32>, vector<1x16xf32>
    %td = arith.subf %t, %m8 : vector<1x16xf32>
    %te = math.exp %td : vector<1x16xf32>
    vector.transfer_write %te, %row[%c0, %c9984] {in_bounds = [true, true]} : vector<1x16xf32>, memref<1x10000xf32, strided<[10000, 1], offset: ?>>
    %sum = scf.for %j = %c0 to %c9984 step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true, true]} : memref<1x10000xf32, strided<[10000, 1], offset: ?>>, vector<1x32xf32>
      %a = arith.addf %v, %s : vector<1x32xf32>
      scf.yield %a : vector<1x32xf32>
    }
    scf.for %j = %c0 to %c9984 step %c32 {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true, true]} : memref<1x10000xf32, strided<[10000, 1], offset: ?>>, vector<1x32xf32>
      %q = arith.mulf %v, %sum : vector<1x32xf32>
      vector.transfer_write %q, %row[%c0, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x10000xf32, strided<[10000, 1], offset: ?>>
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
func.func @reads_ahead(%x: memref<8x8192xf32>, %y: memref<8x8224xf32>, %i: index) -> vector<1x32xf32> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c8192 = arith.constant 8192 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  scf.for %j = %c0 to %c8192 step %c32 {
    %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true, true]} : memref<8x8192xf32>, vector<1x32xf32>
    vector.transfer_write %v, %y[%i, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<8x8224xf32>
  }
  %sum = scf.for %j = %c0 to %c8192 step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
    %k = arith.addi %j, %c32 : index
    %v = vector.transfer_read %y[%i, %k], %pad {in_bounds = [true, true]} : memref<8x8224xf32>, vector<1x32xf32>
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
func.func @written_between(%x: memref<8x8192xf32>, %y: memref<8x8192xf32>, %i: index, %k: index) -> vector<1x32xf32> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c8192 = arith.constant 8192 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  scf.for %j = %c0 to %c8192 step %c32 {
    %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true, true]} : memref<8x8192xf32>, vector<1x32xf32>
    vector.transfer_write %v, %y[%i, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<8x8192xf32>
  }
  scf.for %j = %c0 to %c8192 step %c32 {
    vector.transfer_write %zero, %y[%k, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<8x8192xf32>
  }
  %sum = scf.for %j = %c0 to %c8192 step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
    %v = vector.transfer_read %y[%i, %j], %pad {in_bounds = [true, true]} : memref<8x8192xf32>, vector<1x32xf32>
    %a = arith.addf %v, %s : vector<1x32xf32>
    scf.yield %a : vector<1x32xf32>
  }
  return %sum : vector<1x32xf32>
}

// -----

// Not merged: the passes' bounds differ.
// CHECK-LABEL: func.func @other_bounds
// CHECK-COUNT-2: scf.for
func.func @other_bounds(%x: memref<8x16384xf32>, %y: memref<8x16384xf32>, %i: index) -> vector<1x32xf32> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c16384 = arith.constant 16384 : index
  %c8192 = arith.constant 8192 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  scf.for %j = %c0 to %c16384 step %c32 {
    %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true, true]} : memref<8x16384xf32>, vector<1x32xf32>
    vector.transfer_write %v, %y[%i, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<8x16384xf32>
  }
  %sum = scf.for %j = %c0 to %c32 step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
    %v = vector.transfer_read %y[%i, %j], %pad {in_bounds = [true, true]} : memref<8x16384xf32>, vector<1x32xf32>
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
func.func @forwards_constant(%y: memref<8x8192xf32>, %i: index) -> vector<1x32xf32> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c8192 = arith.constant 8192 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  scf.for %j = %c0 to %c8192 step %c32 {
    vector.transfer_write %zero, %y[%i, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<8x8192xf32>
  }
  %sum = scf.for %j = %c0 to %c8192 step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
    %v = vector.transfer_read %y[%i, %j], %pad {in_bounds = [true, true]} : memref<8x8192xf32>, vector<1x32xf32>
    %a = arith.addf %v, %s : vector<1x32xf32>
    scf.yield %a : vector<1x32xf32>
  }
  return %sum : vector<1x32xf32>
}

// -----

// A row of a length known at run time: the passes step to the length
// rounded down to the step, each computed apart (equal ops, equal
// operands), and a remainder loop from there writes the rest of the row
// through views from its own column on. The sum still runs in the
// exponentials' pass: its reads end where the remainder starts.
// CHECK-LABEL: func.func @dynamic_row
// CHECK: %[[N:.*]] = affine.apply
// CHECK: %[[SUM:.*]] = scf.for %[[J:[a-z0-9_]+]] = %c0 to %[[N]] step %c32 iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK:   %[[E:.*]] = math.exp
// CHECK:   vector.transfer_write %[[E]]
// CHECK:   arith.addf %[[E]], %[[ACC]]
// CHECK: scf.for %{{.*}} = %[[N]] to
// CHECK:   linalg.generic
// CHECK-NOT: scf.for
// CHECK: return %[[SUM]]
#rounded = affine_map<()[s0] -> ((s0 floordiv 32) * 32)>
#rest = affine_map<(d0)[s0] -> (-d0 + s0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dynamic_row(%x: memref<1x?xf32>, %row: memref<1x?xf32>) -> vector<1x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  %n = memref.dim %x, %c1 : memref<1x?xf32>
  %steps = affine.apply #rounded()[%n]
  scf.for %j = %c0 to %steps step %c32 {
    %v = vector.transfer_read %x[%c0, %j], %pad {in_bounds = [true, true]} : memref<1x?xf32>, vector<1x32xf32>
    %e = math.exp %v : vector<1x32xf32>
    vector.transfer_write %e, %row[%c0, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x?xf32>
  }
  scf.for %j = %steps to %n step %c32 {
    %w = affine.apply #rest(%j)[%n]
    %in = memref.subview %x[0, %j] [1, %w] [1, 1] : memref<1x?xf32> to memref<1x?xf32, strided<[?, 1], offset: ?>>
    %out = memref.subview %row[0, %j] [1, %w] [1, 1] : memref<1x?xf32> to memref<1x?xf32, strided<[?, 1], offset: ?>>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%in : memref<1x?xf32, strided<[?, 1], offset: ?>>) outs(%out : memref<1x?xf32, strided<[?, 1], offset: ?>>) {
    ^bb0(%a: f32, %b: f32):
      %ea = math.exp %a : f32
      linalg.yield %ea : f32
    }
  }
  %again = affine.apply #rounded()[%n]
  %sum = scf.for %j = %c0 to %again step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
    %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true, true]} : memref<1x?xf32>, vector<1x32xf32>
    %a = arith.addf %v, %s : vector<1x32xf32>
    scf.yield %a : vector<1x32xf32>
  }
  return %sum : vector<1x32xf32>
}

// -----

// Not merged: the loop between writes the row from column 0 (not from its
// own column on), over columns the sum reads.
// CHECK-LABEL: func.func @dynamic_row_rewritten
// CHECK-COUNT-3: scf.for
#rounded2 = affine_map<()[s0] -> ((s0 floordiv 32) * 32)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @dynamic_row_rewritten(%x: memref<1x?xf32>, %row: memref<1x?xf32>) -> vector<1x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  %n = memref.dim %x, %c1 : memref<1x?xf32>
  %steps = affine.apply #rounded2()[%n]
  scf.for %j = %c0 to %steps step %c32 {
    %v = vector.transfer_read %x[%c0, %j], %pad {in_bounds = [true, true]} : memref<1x?xf32>, vector<1x32xf32>
    vector.transfer_write %v, %row[%c0, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x?xf32>
  }
  scf.for %j = %steps to %n step %c32 {
    %out = memref.subview %row[0, 0] [1, 32] [1, 1] : memref<1x?xf32> to memref<1x32xf32, strided<[?, 1]>>
    linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%out : memref<1x32xf32, strided<[?, 1]>>) {
    ^bb0(%b: f32):
      linalg.yield %pad : f32
    }
  }
  %sum = scf.for %j = %c0 to %steps step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
    %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true, true]} : memref<1x?xf32>, vector<1x32xf32>
    %a = arith.addf %v, %s : vector<1x32xf32>
    scf.yield %a : vector<1x32xf32>
  }
  return %sum : vector<1x32xf32>
}

// -----

// Not merged: a row of 1000 floats (4 KB) is read back from L1 at little
// cost, and the merged loop would hold more registers.
// CHECK-LABEL: func.func @short_rows
// CHECK-COUNT-3: scf.for %{{.*}} = %c0 to %c992
func.func @short_rows(%x: memref<64x1000xf32>, %y: memref<64x1000xf32>) {
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

// Not merged: besides the write the sum would read forwarded, the first
// pass writes the row in a nested op, which may change what the sum reads.
// CHECK-LABEL: func.func @nested_write
// CHECK-COUNT-2: scf.for %{{.*}} = %c0 to %c8192
func.func @nested_write(%x: memref<8x8192xf32>, %y: memref<8x8192xf32>, %i: index, %c: i1) -> vector<1x32xf32> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c8192 = arith.constant 8192 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  scf.for %j = %c0 to %c8192 step %c32 {
    %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true, true]} : memref<8x8192xf32>, vector<1x32xf32>
    vector.transfer_write %v, %y[%i, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<8x8192xf32>
    scf.if %c {
      vector.transfer_write %zero, %y[%i, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<8x8192xf32>
    }
  }
  %sum = scf.for %j = %c0 to %c8192 step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
    %v = vector.transfer_read %y[%i, %j], %pad {in_bounds = [true, true]} : memref<8x8192xf32>, vector<1x32xf32>
    %a = arith.addf %v, %s : vector<1x32xf32>
    scf.yield %a : vector<1x32xf32>
  }
  return %sum : vector<1x32xf32>
}
