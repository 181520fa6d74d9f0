// RUN: tfc-opt %s --tfc-stream-row-results --split-input-file | FileCheck %s

// Softmax's row after tfc-fuse-row-passes (a result of 16 MB, past the
// 8 MiB below which results stay cached): the exponentials and their sum
// in one pass, the remainder columns, the scaling in place. The
// exponentials go to a scratch row (two, alternating by the row's parity);
// the scaled values of row i - 1 are stored past the cache (non-temporal,
// 32-byte aligned: rows of 1000 floats in a 64-byte aligned allocation)
// inside row i's pass, from the scratch row and the sum carried by the
// loop; the last row's after the loop, then a fence.
// CHECK-LABEL: func.func @softmax_rows
// CHECK: %[[Y:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4096x1000xf32>
// CHECK: %[[SCRATCH:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x1000xf32>
// CHECK: %[[ROW0:.*]] = memref.subview %[[Y]][%c0, 0]
// CHECK: %[[P0:.*]] = arith.andi %c0, %{{.*}} : index
// CHECK: %[[S0:.*]] = memref.subview %[[SCRATCH]][%[[P0]], 0] [1, 1000] [1, 1]
// CHECK: %[[SUM0:.*]] = scf.for
// CHECK:   vector.transfer_write %{{.*}}, %[[S0]]
// CHECK-NOT: vector.store
// CHECK: vector.transfer_write %{{.*}}, %[[S0]][%c0, %c992]
// CHECK: %[[LAST:.*]]:3 = scf.for %[[I:[a-z0-9_]+]] = %{{.*}} to %c4096 step %c1 iter_args(%[[PS:.*]] = %[[S0]], %[[PSUM:.*]] = %[[SUM0]], %[[PROW:.*]] = %[[ROW0]])
// CHECK:   %[[ROW:.*]] = memref.subview %[[Y]][%[[I]], 0]
// CHECK:   %[[P:.*]] = arith.andi %[[I]], %{{.*}} : index
// CHECK:   %[[S:.*]] = memref.subview %[[SCRATCH]][%[[P]], 0]
// CHECK:   %[[SUM:.*]] = scf.for %[[J:[a-z0-9_]+]] =
// CHECK:     math.exp
// CHECK:     vector.transfer_write %{{.*}}, %[[S]][%c0, %[[J]]]
// CHECK:     %[[PREV:.*]] = vector.transfer_read %[[PS]][%c0, %[[J]]]
// CHECK:     %[[SCALED:.*]] = arith.mulf %[[PREV]], %[[PSUM]]
// CHECK:     %[[FLAT:.*]] = vector.shape_cast %[[SCALED]] : vector<1x32xf32> to vector<32xf32>
// CHECK:     vector.store %[[FLAT]], %[[PROW]][%c0, %[[J]]] {alignment = 32 : i64, nontemporal = true}
// CHECK:   vector.store %{{.*}}, %[[PROW]][%c0, %c992] {alignment = 32 : i64, nontemporal = true} : {{.*}}, vector<8xf32>
// CHECK:   vector.transfer_write %{{.*}}, %[[S]][%c0, %c992]
// CHECK:   scf.yield %[[S]], %[[SUM]], %[[ROW]]
// CHECK: scf.for
// CHECK:   vector.transfer_read %[[LAST]]#0
// CHECK:   vector.store %{{.*}}, %[[LAST]]#2{{.*}}nontemporal = true
// CHECK: vector.store %{{.*}}, %[[LAST]]#2[%c0, %c992]{{.*}}nontemporal = true
// CHECK: llvm.fence seq_cst
// CHECK: memref.dealloc %[[SCRATCH]]
// CHECK: return %[[Y]]
func.func @softmax_rows(%x: memref<4096x1000xf32>) -> memref<4096x1000xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %c992 = arith.constant 992 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  %m = arith.constant dense<1.0> : vector<1x32xf32>
  %m8 = arith.constant dense<1.0> : vector<1x8xf32>
  %y = memref.alloc() {alignment = 64 : i64} : memref<4096x1000xf32>
  scf.for %i = %c0 to %c4096 step %c1 {
    %row = memref.subview %y[%i, 0] [1, 1000] [1, 1] : memref<4096x1000xf32> to memref<1x1000xf32, strided<[1000, 1], offset: ?>>
    %sum = scf.for %j = %c0 to %c992 step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true, true]} : memref<4096x1000xf32>, vector<1x32xf32>
      %d = arith.subf %v, %m : vector<1x32xf32>
      %e = math.exp %d : vector<1x32xf32>
      vector.transfer_write %e, %row[%c0, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x1000xf32, strided<[1000, 1], offset: ?>>
      %a = arith.addf %e, %s : vector<1x32xf32>
      scf.yield %a : vector<1x32xf32>
    }
    %t = vector.transfer_read %x[%i, %c992], %pad {in_bounds = [true, true]} : memref<4096x1000xf32>, vector<1x8xf32>
    %te = math.exp %t : vector<1x8xf32>
    vector.transfer_write %te, %row[%c0, %c992] {in_bounds = [true, true]} : vector<1x8xf32>, memref<1x1000xf32, strided<[1000, 1], offset: ?>>
    scf.for %j = %c0 to %c992 step %c32 {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true, true]} : memref<1x1000xf32, strided<[1000, 1], offset: ?>>, vector<1x32xf32>
      %q = arith.mulf %v, %sum : vector<1x32xf32>
      vector.transfer_write %q, %row[%c0, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x1000xf32, strided<[1000, 1], offset: ?>>
    }
    %r = vector.transfer_read %row[%c0, %c992], %pad {in_bounds = [true, true]} : memref<1x1000xf32, strided<[1000, 1], offset: ?>>, vector<1x8xf32>
    %s8 = vector.extract_strided_slice %sum {offsets = [0, 0], sizes = [1, 8], strides = [1, 1]} : vector<1x32xf32> to vector<1x8xf32>
    %rq = arith.mulf %r, %s8 : vector<1x8xf32>
    vector.transfer_write %rq, %row[%c0, %c992] {in_bounds = [true, true]} : vector<1x8xf32>, memref<1x1000xf32, strided<[1000, 1], offset: ?>>
  }
  return %y : memref<4096x1000xf32>
}

// -----

// Unchanged: the result is the function's argument, whose alignment and
// other uses are unknown.
// CHECK-LABEL: func.func @argument_rows
// CHECK-NOT: nontemporal
// CHECK: return
func.func @argument_rows(%x: memref<4096x1000xf32>, %y: memref<4096x1000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %c992 = arith.constant 992 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  scf.for %i = %c0 to %c4096 step %c1 {
    %row = memref.subview %y[%i, 0] [1, 1000] [1, 1] : memref<4096x1000xf32> to memref<1x1000xf32, strided<[1000, 1], offset: ?>>
    %sum = scf.for %j = %c0 to %c992 step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true, true]} : memref<4096x1000xf32>, vector<1x32xf32>
      vector.transfer_write %v, %row[%c0, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x1000xf32, strided<[1000, 1], offset: ?>>
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

// Unchanged: rows of 1001 floats do not all start 32-byte aligned.
// CHECK-LABEL: func.func @unaligned_rows
// CHECK-NOT: nontemporal
// CHECK: return
func.func @unaligned_rows(%x: memref<4096x1001xf32>) -> memref<4096x1001xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %c992 = arith.constant 992 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  %y = memref.alloc() {alignment = 64 : i64} : memref<4096x1001xf32>
  scf.for %i = %c0 to %c4096 step %c1 {
    %row = memref.subview %y[%i, 0] [1, 1001] [1, 1] : memref<4096x1001xf32> to memref<1x1001xf32, strided<[1001, 1], offset: ?>>
    %sum = scf.for %j = %c0 to %c992 step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true, true]} : memref<4096x1001xf32>, vector<1x32xf32>
      vector.transfer_write %v, %row[%c0, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x1001xf32, strided<[1001, 1], offset: ?>>
      %a = arith.addf %v, %s : vector<1x32xf32>
      scf.yield %a : vector<1x32xf32>
    }
    scf.for %j = %c0 to %c992 step %c32 {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true, true]} : memref<1x1001xf32, strided<[1001, 1], offset: ?>>, vector<1x32xf32>
      %q = arith.mulf %v, %sum : vector<1x32xf32>
      vector.transfer_write %q, %row[%c0, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x1001xf32, strided<[1001, 1], offset: ?>>
    }
  }
  return %y : memref<4096x1001xf32>
}

// -----

// Unchanged: the loop also reads another row of the result (through a view
// of its own), which the scratch rows would not hold.
// CHECK-LABEL: func.func @reads_other_row
// CHECK-NOT: nontemporal
// CHECK: return
func.func @reads_other_row(%x: memref<4096x1000xf32>) -> memref<4096x1000xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %c992 = arith.constant 992 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  %y = memref.alloc() {alignment = 64 : i64} : memref<4096x1000xf32>
  scf.for %i = %c0 to %c4096 step %c1 {
    %row = memref.subview %y[%i, 0] [1, 1000] [1, 1] : memref<4096x1000xf32> to memref<1x1000xf32, strided<[1000, 1], offset: ?>>
    %sum = scf.for %j = %c0 to %c992 step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
      %v = vector.transfer_read %y[%c0, %j], %pad {in_bounds = [true, true]} : memref<4096x1000xf32>, vector<1x32xf32>
      vector.transfer_write %v, %row[%c0, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x1000xf32, strided<[1000, 1], offset: ?>>
      %a = arith.addf %v, %s : vector<1x32xf32>
      scf.yield %a : vector<1x32xf32>
    }
    scf.for %j = %c0 to %c992 step %c32 {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true, true]} : memref<1x1000xf32, strided<[1000, 1], offset: ?>>, vector<1x32xf32>
      %q = arith.mulf %v, %sum : vector<1x32xf32>
      vector.transfer_write %q, %row[%c0, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x1000xf32, strided<[1000, 1], offset: ?>>
    }
  }
  return %y : memref<4096x1000xf32>
}

// -----

// With a result whose size is known only at run time, the streamed rows
// run when it has 8 MiB or more (4000 bytes a row), the loop as it was
// otherwise; with bounds known only at run time, the first row runs when
// there is one.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK: %[[N:.*]] = memref.dim
// CHECK: %[[BYTES:.*]] = arith.muli %c4000{{.*}}, %[[N]] : index
// CHECK: %[[LARGE:.*]] = arith.cmpi uge, %[[BYTES]], %c8388608{{.*}} : index
// CHECK: scf.if %[[LARGE]] {
// CHECK:   memref.alloc() {alignment = 64 : i64} : memref<2x1000xf32>
// CHECK:   %[[ANY:.*]] = arith.cmpi slt, %[[LO:.*]], %[[HI:.*]] : index
// CHECK:   scf.if %[[ANY]] {
// CHECK:     scf.for
// CHECK:     scf.for %{{.*}} = %{{.*}} to %[[HI]] step %c1 iter_args
// CHECK:     llvm.fence seq_cst
// CHECK:   }
// CHECK:   memref.dealloc
// CHECK: } else {
// CHECK:   scf.for %{{.*}} = %[[LO]] to %[[HI]] step %c1 {
// CHECK-NOT: nontemporal
// CHECK: return
func.func @dynamic_rows(%x: memref<?x1000xf32>, %lo: index, %hi: index) -> memref<?x1000xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c992 = arith.constant 992 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  %n = memref.dim %x, %c0 : memref<?x1000xf32>
  %y = memref.alloc(%n) {alignment = 64 : i64} : memref<?x1000xf32>
  scf.for %i = %lo to %hi step %c1 {
    %row = memref.subview %y[%i, 0] [1, 1000] [1, 1] : memref<?x1000xf32> to memref<1x1000xf32, strided<[1000, 1], offset: ?>>
    %sum = scf.for %j = %c0 to %c992 step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true, true]} : memref<?x1000xf32>, vector<1x32xf32>
      vector.transfer_write %v, %row[%c0, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x1000xf32, strided<[1000, 1], offset: ?>>
      %a = arith.addf %v, %s : vector<1x32xf32>
      scf.yield %a : vector<1x32xf32>
    }
    scf.for %j = %c0 to %c992 step %c32 {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true, true]} : memref<1x1000xf32, strided<[1000, 1], offset: ?>>, vector<1x32xf32>
      %q = arith.mulf %v, %sum : vector<1x32xf32>
      vector.transfer_write %q, %row[%c0, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x1000xf32, strided<[1000, 1], offset: ?>>
    }
  }
  return %y : memref<?x1000xf32>
}

// -----

// Unchanged: a result of 256 KB stays in cache for its reader.
// CHECK-LABEL: func.func @small_result
// CHECK-NOT: nontemporal
// CHECK: return
func.func @small_result(%x: memref<64x1000xf32>) -> memref<64x1000xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c992 = arith.constant 992 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  %y = memref.alloc() {alignment = 64 : i64} : memref<64x1000xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %row = memref.subview %y[%i, 0] [1, 1000] [1, 1] : memref<64x1000xf32> to memref<1x1000xf32, strided<[1000, 1], offset: ?>>
    %sum = scf.for %j = %c0 to %c992 step %c32 iter_args(%s = %zero) -> (vector<1x32xf32>) {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true, true]} : memref<64x1000xf32>, vector<1x32xf32>
      vector.transfer_write %v, %row[%c0, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x1000xf32, strided<[1000, 1], offset: ?>>
      %a = arith.addf %v, %s : vector<1x32xf32>
      scf.yield %a : vector<1x32xf32>
    }
    scf.for %j = %c0 to %c992 step %c32 {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true, true]} : memref<1x1000xf32, strided<[1000, 1], offset: ?>>, vector<1x32xf32>
      %q = arith.mulf %v, %sum : vector<1x32xf32>
      vector.transfer_write %q, %row[%c0, %j] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x1000xf32, strided<[1000, 1], offset: ?>>
    }
  }
  return %y : memref<64x1000xf32>
}
