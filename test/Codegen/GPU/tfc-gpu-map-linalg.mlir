// RUN: tfc-opt %s --pass-pipeline='builtin.module(func.func(tfc-gpu-map-linalg,canonicalize,cse))' --split-input-file | FileCheck %s

// Element-wise: a 1-d grid of 256-thread blocks over the flattened space,
// the last dimension fastest.
// CHECK-LABEL: func.func @elementwise
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[TOTAL:.*]] = arith.muli
// CHECK: %[[GRID:.*]] = arith.ceildivui %[[TOTAL]], %[[C256]]
// An empty space still launches one block; the bounds check does nothing.
// CHECK: %[[BLOCKS:.*]] = arith.maxui %[[GRID]], %[[C1]]
// CHECK-NOT: scf.if
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[BLOCKS]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]]) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C256]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]])
// CHECK: %[[BASE:.*]] = arith.muli %[[BX]], %[[C256]]
// CHECK: %[[ID:.*]] = arith.addi %[[BASE]], %[[TX]]
// CHECK: arith.cmpi ult, %[[ID]], %[[TOTAL]]
// CHECK: %[[J:.*]] = arith.remui %[[ID]], %[[C100:.*]] : index
// CHECK: %[[I:.*]] = arith.divui %[[ID]], %[[C100]] : index
// CHECK: memref.load %arg0[%[[I]], %[[J]]]
// CHECK: math.exp
// CHECK: memref.store
// CHECK-NOT: linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @elementwise(%a: memref<?x100xf32>, %out: memref<?x100xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<?x100xf32>) outs(%out : memref<?x100xf32>) {
  ^bb0(%x: f32, %o: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  }
  return
}

// -----

// A row reduction: one block per row, the row's elements strided over the
// block's threads (four strides per iteration, each with its accumulator,
// so four loads are in flight), gpu.all_reduce, then thread 0 combines
// with the output. Rows of 100 elements get 128 threads.
// CHECK-LABEL: func.func @row_max
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK-DAG: %[[C100:.*]] = arith.constant 100 : index
// CHECK-DAG: %[[NEG:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[ROWS:.*]] = memref.dim %arg0
// CHECK: %[[GRID:.*]] = arith.maxui %[[ROWS]]
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[GRID]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C128]],
// Blocks past the last row (only when there are none) reduce nothing.
// CHECK: %[[IS_ROW:.*]] = arith.cmpi ult, %[[BX]], %[[ROWS]]
// CHECK: %[[N:.*]] = arith.select %[[IS_ROW]], %[[C100]]
// CHECK: %[[PARTS:.*]]:4 = scf.for %[[I:.*]] = %[[TX]] to %[[N]] step %[[C512]] iter_args(%[[ACC:[^ ]*]] = %[[NEG]], %{{.*}} = %[[NEG]], %{{.*}} = %[[NEG]], %{{.*}} = %[[NEG]]) -> (f32, f32, f32, f32)
// CHECK:   %[[IN:.*]] = arith.cmpi ult, %[[I]], %[[N]]
// CHECK:   scf.if %[[IN]] -> (f32)
// CHECK:     memref.load %arg0[%[[BX]], %[[I]]]
// CHECK:     arith.maximumf %{{.*}}, %[[ACC]]
// CHECK:   } else {
// CHECK:     scf.yield %[[ACC]]
// CHECK:   %[[I1:.*]] = arith.addi %[[I]], %[[C128]]
// CHECK:   arith.cmpi ult, %[[I1]], %[[N]]
// CHECK: %[[M01:.*]] = arith.maximumf %[[PARTS]]#0, %[[PARTS]]#1
// CHECK: %[[M012:.*]] = arith.maximumf %[[M01]], %[[PARTS]]#2
// CHECK: %[[PART:.*]] = arith.maximumf %[[M012]], %[[PARTS]]#3
// CHECK: %[[T0:.*]] = arith.cmpi eq, %[[TX]]
// CHECK: %[[FIRST:.*]] = arith.andi %[[IS_ROW]], %[[T0]]
// CHECK: %[[ROW:.*]] = gpu.all_reduce maximumf %[[PART]] uniform
// CHECK: scf.if %[[FIRST]]
// CHECK:   %[[OLD:.*]] = memref.load %arg1[%[[BX]]]
// CHECK:   %[[NEW:.*]] = arith.maximumf %[[ROW]], %[[OLD]]
// CHECK:   memref.store %[[NEW]], %arg1[%[[BX]]]
func.func @row_max(%a: memref<?x100xf32>, %out: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<?x100xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.maximumf %x, %o : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// An f32 matmul of sizes no tile divides (70x37 times 37x45): 64x64 output
// tiles of 16x16 threads (1 x 2 blocks), the A and B tiles of each step of
// 8 along k staged in workgroup memory between two barriers, each thread
// accumulating a 4x4 register tile with FMAs from 128-bit workgroup loads,
// the next step's global loads carried by the loop.
// CHECK-LABEL: func.func @matmul_tiled
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %[[C1]], %{{.*}} = %[[C2]], %{{.*}} = %[[C1]]) threads({{.*}}) in (%{{.*}} = %[[C16]], %{{.*}} = %[[C16]], %{{.*}} = %[[C1]]) workgroup(%[[AT:.*]] : memref<8x68xf32, #gpu.address_space<workgroup>>, %[[BT:.*]] : memref<8x68xf32, #gpu.address_space<workgroup>>)
// Out-of-range elements read as 0.
// CHECK: scf.if %{{.*}} -> (f32)
// CHECK: memref.load %arg2
// CHECK: } else {
// 16 accumulators and 4 staged elements; ceil(37 / 8) = 5 steps.
// CHECK: %[[SUMS:.*]]:20 = scf.for %{{.*}} = %{{.*}} to %[[C5]] step %[[C1]] iter_args
// CHECK-COUNT-2: memref.store %{{.*}}, %[[AT]]
// CHECK-COUNT-2: memref.store %{{.*}}, %[[BT]]
// CHECK-NEXT: gpu.barrier
// CHECK: memref.load %arg0
// CHECK: memref.load %arg1
// CHECK: vector.load %[[AT]][{{.*}}] {alignment = 16 : i64} : memref<8x68xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: vector.load %[[BT]]
// CHECK-COUNT-16: math.fma
// CHECK: gpu.barrier
// CHECK-NEXT: scf.yield
// CHECK: scf.if
// CHECK-NEXT: memref.store %[[SUMS]]#0, %arg2
func.func @matmul_tiled(%a: memref<70x37xf32>, %b: memref<37x45xf32>, %c: memref<70x45xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<70x37xf32>, memref<37x45xf32>) outs(%c : memref<70x45xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Large enough for 128x128 tiles (16 x 16 blocks of a 2048x2048 output):
// 8x8 register tiles, read as two 128-bit loads per operand and k.
// CHECK-LABEL: func.func @matmul_large
// CHECK: workgroup(%[[AT:.*]] : memref<8x132xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<8x132xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for {{.*}} -> (f32
// CHECK-COUNT-2: vector.load %[[AT]]
// CHECK-COUNT-64: math.fma
func.func @matmul_large(%a: memref<2048x512xf32>, %b: memref<512x2048xf32>, %c: memref<2048x2048xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2048x512xf32>, memref<512x2048xf32>) outs(%c : memref<2048x2048xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A narrow output (8 columns) would leave most of a tile idle: one thread
// per output element.
// CHECK-LABEL: func.func @matmul_narrow
// CHECK: gpu.launch
// CHECK-NOT: workgroup
// CHECK: scf.for
func.func @matmul_narrow(%a: memref<64x32xf32>, %b: memref<32x8xf32>, %c: memref<64x8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x32xf32>, memref<32x8xf32>) outs(%c : memref<64x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A contraction other than an f32 multiply-add (here of integers): 16x16
// thread tiles over the output, each thread serial over k.
// CHECK-LABEL: func.func @matmul_i32
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// A 48-column, 64-row output: 3x4 tiles.
// CHECK: gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in (%{{.*}} = %[[C3]], %{{.*}} = %[[C4]], %{{.*}} = %[[C1]]) threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in (%{{.*}} = %[[C16]], %{{.*}} = %[[C16]], %{{.*}} = %[[C1]])
// CHECK: %[[COL:.*]] = arith.addi %{{.*}}, %[[TX]]
// CHECK: %[[ROW:.*]] = arith.addi %{{.*}}, %[[TY]]
// CHECK: scf.if
// CHECK: %[[INIT:.*]] = memref.load %arg2[%[[ROW]], %[[COL]]]
// CHECK: %[[SUM:.*]] = scf.for %{{.*}} iter_args(%{{.*}} = %[[INIT]])
// CHECK:   arith.muli
// CHECK:   arith.addi
// CHECK: memref.store %[[SUM]], %arg2[%[[ROW]], %[[COL]]]
// CHECK-NOT: gpu.all_reduce
func.func @matmul_i32(%a: memref<64x32xi32>, %b: memref<32x48xi32>, %c: memref<64x48xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x32xi32>, memref<32x48xi32>) outs(%c : memref<64x48xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %o, %p : i32
    linalg.yield %s : i32
  }
  return
}

// -----

// A reduction the block-level all-reduce cannot express (two outputs, an
// argmax) runs one thread per output element.
// CHECK-LABEL: func.func @argmax
// CHECK: gpu.launch
// CHECK: scf.for {{.*}} -> (f32, i32)
// CHECK-NOT: gpu.all_reduce
func.func @argmax(%a: memref<8x100xf32>, %v: memref<8xf32>, %i: memref<8xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<8x100xf32>) outs(%v, %i : memref<8xf32>, memref<8xi32>) {
  ^bb0(%x: f32, %best: f32, %idx: i32):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i32
    %gt = arith.cmpf ogt, %x, %best : f32
    %nv = arith.select %gt, %x, %best : f32
    %ni = arith.select %gt, %ki, %idx : i32
    linalg.yield %nv, %ni : f32, i32
  }
  return
}

// -----

// A softmax after bufferization (fills, row maxima, row sums of the
// recomputed exponentials, the normalization) is a row chain: one kernel,
// a block per row, the ops in order with a barrier between two, each
// reduction combining its threads' partial results with an all-reduce and
// thread 0 storing the row's result for the next op to read. A row of 100
// is one element per thread (128 threads, the last 28 past its end): each
// thread loads its element of x once and keeps it in a register, and the
// exponential the sums computed serves the normalization.
// CHECK-LABEL: func.func @softmax_chain
// CHECK-COUNT-1: gpu.launch blocks({{.*}}) in (%{{.*}} = %c64, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c128, %{{.*}} = %c1, %{{.*}} = %c1)
// CHECK-NOT: gpu.launch
// CHECK: memref.store %{{.*}}, %[[MAX:.*]][%{{.*}}] : memref<64xf32>
// CHECK: gpu.barrier
// CHECK: arith.cmpi ult, %{{.*}}, %c100
// CHECK: memref.load %arg0
// CHECK: gpu.all_reduce maximumf
// CHECK: scf.if
// CHECK: memref.store %{{.*}}, %[[MAX]]
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK-NOT: memref.load %arg0
// CHECK: math.exp
// CHECK: gpu.all_reduce add
// CHECK: gpu.barrier
// CHECK-NOT: memref.load %arg0
// CHECK-NOT: math.exp
// CHECK: arith.divf
// CHECK: memref.store %{{.*}}, %arg1
// CHECK-NOT: gpu.launch
func.func @softmax_chain(%x: memref<64x100xf32>, %out: memref<64x100xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %max = gpu.alloc () : memref<64xf32>
  %sum = gpu.alloc () : memref<64xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ninf : f32) outs(%max : memref<64xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<64x100xf32>) outs(%max : memref<64xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %o : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%zero : f32) outs(%sum : memref<64xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %max : memref<64x100xf32>, memref<64xf32>) outs(%sum : memref<64xf32>) {
  ^bb0(%in: f32, %m: f32, %o: f32):
    %d = arith.subf %in, %m : f32
    %e = math.exp %d : f32
    %s = arith.addf %e, %o : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %max, %sum : memref<64x100xf32>, memref<64xf32>, memref<64xf32>) outs(%out : memref<64x100xf32>) {
  ^bb0(%in: f32, %m: f32, %s: f32, %o: f32):
    %d = arith.subf %in, %m : f32
    %e = math.exp %d : f32
    %p = arith.divf %e, %s : f32
    linalg.yield %p : f32
  }
  return
}

// -----

// Rows of 1000 on 256 threads: four positions a thread, unrolled, the
// last one past the row's end for some threads; x is still loaded once.
// CHECK-LABEL: func.func @softmax_four_positions
// CHECK-COUNT-1: gpu.launch
// CHECK-COUNT-4: memref.load %arg0
// CHECK-NOT: memref.load %arg0
// CHECK-COUNT-4: math.exp
// CHECK-NOT: math.exp
// CHECK-COUNT-4: arith.divf
func.func @softmax_four_positions(%x: memref<16x1000xf32>, %out: memref<16x1000xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %max = gpu.alloc () : memref<16xf32>
  %sum = gpu.alloc () : memref<16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ninf : f32) outs(%max : memref<16xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<16x1000xf32>) outs(%max : memref<16xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %o : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%zero : f32) outs(%sum : memref<16xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %max : memref<16x1000xf32>, memref<16xf32>) outs(%sum : memref<16xf32>) {
  ^bb0(%in: f32, %m: f32, %o: f32):
    %d = arith.subf %in, %m : f32
    %e = math.exp %d : f32
    %s = arith.addf %e, %o : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %max, %sum : memref<16x1000xf32>, memref<16xf32>, memref<16xf32>) outs(%out : memref<16x1000xf32>) {
  ^bb0(%in: f32, %m: f32, %s: f32, %o: f32):
    %d = arith.subf %in, %m : f32
    %e = math.exp %d : f32
    %p = arith.divf %e, %s : f32
    linalg.yield %p : f32
  }
  return
}

// -----

// Rows of 10000 would be 40 elements a thread: too many registers. Each op
// strides over the row in a loop and reads x again (from the cache, mostly).
// CHECK-LABEL: func.func @softmax_long_rows
// CHECK-COUNT-1: gpu.launch
// CHECK: scf.for
// CHECK: gpu.all_reduce maximumf
// CHECK: scf.for
// CHECK: memref.load %arg0
// CHECK: math.exp
// CHECK: gpu.all_reduce add
// CHECK: scf.for
// CHECK: memref.load %arg0
// CHECK: math.exp
// CHECK: arith.divf
func.func @softmax_long_rows(%x: memref<8x10000xf32>, %out: memref<8x10000xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %max = gpu.alloc () : memref<8xf32>
  %sum = gpu.alloc () : memref<8xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ninf : f32) outs(%max : memref<8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<8x10000xf32>) outs(%max : memref<8xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %o : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%zero : f32) outs(%sum : memref<8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %max : memref<8x10000xf32>, memref<8xf32>) outs(%sum : memref<8xf32>) {
  ^bb0(%in: f32, %m: f32, %o: f32):
    %d = arith.subf %in, %m : f32
    %e = math.exp %d : f32
    %s = arith.addf %e, %o : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %max, %sum : memref<8x10000xf32>, memref<8xf32>, memref<8xf32>) outs(%out : memref<8x10000xf32>) {
  ^bb0(%in: f32, %m: f32, %s: f32, %o: f32):
    %d = arith.subf %in, %m : f32
    %e = math.exp %d : f32
    %p = arith.divf %e, %s : f32
    linalg.yield %p : f32
  }
  return
}

// -----

// An op that reads a buffer written in the chain at another row (here the
// row maxima transposed into a column) ends the chain: the maxima and the
// sum run as kernels of their own.
// CHECK-LABEL: func.func @cross_row
// CHECK: gpu.launch
// CHECK: gpu.all_reduce maximumf
// CHECK: gpu.launch
// CHECK: gpu.all_reduce add
func.func @cross_row(%x: memref<64x64xf32>, %max: memref<64xf32>, %sum: memref<64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<64x64xf32>) outs(%max : memref<64xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %o : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%max : memref<64xf32>) outs(%sum : memref<64xf32>) {
  ^bb0(%in: f32, %o: f32):
    %s = arith.addf %in, %o : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Rows known at run time: the ops' rows are the same dimension of the
// input (the allocations' sizes are taken from it), so the run is one
// kernel with a block per row.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK: %[[ROWS:.*]] = memref.dim %arg0, %c0
// CHECK: %[[GRID:.*]] = arith.maxui %[[ROWS]]
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %[[GRID]],
// CHECK: gpu.all_reduce maximumf
// CHECK: gpu.barrier
// CHECK-NOT: gpu.launch
func.func @dynamic_rows(%x: memref<?x?xf32>, %out: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %rows = memref.dim %x, %c0 : memref<?x?xf32>
  %max = gpu.alloc (%rows) : memref<?xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<?x?xf32>) outs(%max : memref<?xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %o : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %max : memref<?x?xf32>, memref<?xf32>) outs(%out : memref<?x?xf32>) {
  ^bb0(%in: f32, %m: f32, %o: f32):
    %d = arith.subf %in, %m : f32
    linalg.yield %d : f32
  }
  return
}

// -----

// A long row read once gets 1024 threads, about 8 elements each per pass.
// CHECK-LABEL: func.func @long_row_once
// CHECK: gpu.launch {{.*}} threads({{.*}}) in (%{{.*}} = %c1024,
func.func @long_row_once(%x: memref<4x8192xf32>, %max: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x8192xf32>) outs(%max : memref<4xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %o : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// A chain passing over its long rows twice keeps 256 threads a block.
// CHECK-LABEL: func.func @long_row_twice
// CHECK: gpu.launch {{.*}} threads({{.*}}) in (%{{.*}} = %c256,
// CHECK-NOT: gpu.launch
func.func @long_row_twice(%x: memref<4x8192xf32>, %max: memref<4xf32>, %out: memref<4x8192xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x8192xf32>) outs(%max : memref<4xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %o : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %max : memref<4x8192xf32>, memref<4xf32>) outs(%out : memref<4x8192xf32>) {
  ^bb0(%in: f32, %m: f32, %o: f32):
    %d = arith.subf %in, %m : f32
    linalg.yield %d : f32
  }
  return
}

// -----

// A cross-entropy after bufferization: the zeros that start two row sums
// were filled once and copied. The copy of a fill becomes the same fill of
// the copy's target, so the run stays one row chain, one kernel, reading
// labels and logits once.
// CHECK-LABEL: func.func @xent_chain
// CHECK-NOT: gpu.memcpy
// CHECK-COUNT-1: gpu.launch
// CHECK-NOT: gpu.launch
// CHECK-NOT: gpu.memcpy
func.func @xent_chain(%labels: memref<8x64xf32>, %x: memref<8x64xf32>, %loss: memref<8xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %max = gpu.alloc () : memref<8xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ninf : f32) outs(%max : memref<8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<8x64xf32>) outs(%max : memref<8xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %o : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%zero : f32) outs(%loss : memref<8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  %sum = gpu.alloc () : memref<8xf32>
  gpu.memcpy %sum, %loss : memref<8xf32>, memref<8xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %max : memref<8x64xf32>, memref<8xf32>) outs(%sum : memref<8xf32>) {
  ^bb0(%in: f32, %m: f32, %o: f32):
    %d = arith.subf %in, %m : f32
    %e = math.exp %d : f32
    %s = arith.addf %e, %o : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%labels, %x, %max, %sum : memref<8x64xf32>, memref<8x64xf32>, memref<8xf32>, memref<8xf32>) outs(%loss : memref<8xf32>) {
  ^bb0(%l: f32, %in: f32, %m: f32, %s: f32, %o: f32):
    %d = arith.subf %in, %m : f32
    %g = math.log %s : f32
    %p = arith.subf %d, %g : f32
    %t = arith.mulf %l, %p : f32
    %a = arith.addf %t, %o : f32
    linalg.yield %a : f32
  }
  return
}

// -----

// A copy of a buffer written by something other than a fill stays a copy.
// CHECK-LABEL: func.func @copy_of_a_sum
// CHECK: gpu.memcpy
func.func @copy_of_a_sum(%x: memref<8x64xf32>, %out: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %sum = gpu.alloc () : memref<8xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%zero : f32) outs(%sum : memref<8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<8x64xf32>) outs(%sum : memref<8xf32>) {
  ^bb0(%in: f32, %o: f32):
    %s = arith.addf %in, %o : f32
    linalg.yield %s : f32
  }
  gpu.memcpy %out, %sum : memref<8xf32>, memref<8xf32>
  return
}

// -----

// A column reduction: a thread per column walks down it, so a warp reads
// consecutive addresses. 3 blocks of columns give too few blocks: the rows
// are cut into 171 parts of 18 (grid y), each thread stores its part's sum,
// and a second kernel adds each column's parts in order to the output.
// CHECK-LABEL: func.func @column_sum
// CHECK-DAG: %[[C171:.*]] = arith.constant 171 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C18:.*]] = arith.constant 18 : index
// CHECK-DAG: %[[C700:.*]] = arith.constant 700 : index
// CHECK: %[[PARTS:.*]] = gpu.alloc () : memref<119700xf32>
// CHECK: gpu.launch blocks(%{{.*}}, %[[BY:.*]], %{{.*}}) in (%{{.*}} = %[[C3]], %{{.*}} = %[[C171]], %{{.*}} = %{{.*}}) threads({{.*}}) in (%{{.*}} = %c256,
// CHECK: %[[COLUMN:.*]] = arith.addi
// CHECK: %[[BEGIN:.*]] = arith.muli %[[BY]], %[[C18]]
// CHECK: %[[END:.*]] = arith.minui
// CHECK: scf.for %[[ROW:.*]] = %[[BEGIN]] to %[[END]] step %c4
// CHECK: memref.load %arg0[%[[ROW]], %[[COLUMN]]]
// CHECK: %[[SLOT_BASE:.*]] = arith.muli %[[BY]], %[[C700]]
// CHECK: %[[SLOT:.*]] = arith.addi %[[SLOT_BASE]], %[[COLUMN]]
// CHECK: memref.store %{{.*}}, %[[PARTS]][%[[SLOT]]]
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %[[C3]], %{{.*}} = %c1, %{{.*}} = %c1)
// CHECK: scf.for %{{.*}} = %c0 to %[[C171]] step %c4
// CHECK: memref.load %[[PARTS]]
// CHECK: %[[INITIAL:.*]] = memref.load %arg1
// CHECK: %[[TOTAL:.*]] = arith.addf %{{.*}}, %[[INITIAL]] : f32
// CHECK: memref.store %[[TOTAL]], %arg1
// CHECK-NOT: gpu.launch
func.func @column_sum(%x: memref<3000x700xf32>, %out: memref<700xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%x : memref<3000x700xf32>) outs(%out : memref<700xf32>) {
  ^bb0(%in: f32, %o: f32):
    %s = arith.addf %in, %o : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Few rows of a column reduction: one part, one kernel, a thread per column.
// CHECK-LABEL: func.func @short_columns
// CHECK-NOT: gpu.alloc
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c1, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c128,
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c4
// CHECK-NOT: gpu.all_reduce
// CHECK: arith.maximumf
// CHECK-NOT: gpu.launch
func.func @short_columns(%x: memref<8x100xf32>, %out: memref<100xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%x : memref<8x100xf32>) outs(%out : memref<100xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %o : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// Columns of a size known at run time: the parts are counted at run time
// (no columns count as the one block launched).
// CHECK-LABEL: func.func @dynamic_columns
// CHECK: %[[COLUMNS:.*]] = memref.dim %arg0, %c1
// CHECK: %[[BLOCKS:.*]] = arith.ceildivui %[[COLUMNS]], %c256
// CHECK: %[[LAUNCHED:.*]] = arith.maxui %[[BLOCKS]], %c1
// CHECK: %[[WANTED:.*]] = arith.ceildivui %c512, %[[LAUNCHED]]
// CHECK: %[[MOST:.*]] = arith.ceildivui %{{.*}}, %c16
// CHECK: %[[FEWER:.*]] = arith.minui %[[WANTED]], %[[MOST]]
// CHECK: %[[PARTS:.*]] = arith.maxui %[[FEWER]], %c1
// CHECK: %[[SLOTS:.*]] = arith.muli %[[PARTS]], %[[COLUMNS]]
// CHECK: gpu.alloc (%[[SLOTS]]) : memref<?xf32>
// CHECK: gpu.launch
// CHECK: gpu.launch
// CHECK-NOT: gpu.launch
func.func @dynamic_columns(%x: memref<?x?xf32>, %out: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%x : memref<?x?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%in: f32, %o: f32):
    %s = arith.addf %in, %o : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Everything of [1500, 900]: one row cut into 330 parts of 4096 (a whole
// number of the block's strides), a block each; a second kernel, one block of 256 threads, adds the parts' sums in
// order and adds the total to the output.
// CHECK-LABEL: func.func @sum_everything
// CHECK: %[[PARTS:.*]] = gpu.alloc () : memref<330xf32>
// CHECK: gpu.launch blocks(%{{.*}}, %[[PART:.*]], %{{.*}}) in (%{{.*}} = %c1, %{{.*}} = %c330, %{{.*}} = %c1) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c256,
// CHECK: %[[BEGIN:.*]] = arith.muli %[[PART]], %c4096
// CHECK: %[[FIRST:.*]] = arith.addi %[[BEGIN]], %[[TX]]
// CHECK: scf.for %{{.*}} = %[[FIRST]] to %{{.*}} step %c1024
// CHECK: %[[TOTAL:.*]] = gpu.all_reduce add
// CHECK: memref.store %[[TOTAL]], %[[PARTS]][%[[PART]]]
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c1, %{{.*}} = %c1, %{{.*}} = %c1) threads(%[[TX2:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c256,
// CHECK: scf.for %{{.*}} = %[[TX2]] to %c330 step %c1024
// CHECK: memref.load %[[PARTS]]
// CHECK: gpu.all_reduce add
// CHECK: memref.store %{{.*}}, %arg1[]
// CHECK-NOT: gpu.launch
func.func @sum_everything(%x: memref<1500x900xf32>, %out: memref<f32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%x : memref<1500x900xf32>) outs(%out : memref<f32>) {
  ^bb0(%in: f32, %o: f32):
    %s = arith.addf %in, %o : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A fill and a row sum of four rows of 100000 are not one row chain: the
// rows are cut into 25 parts each.
// CHECK-LABEL: func.func @fill_and_long_rows
// CHECK: gpu.launch
// CHECK: gpu.alloc () : memref<100xf32>
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c4, %{{.*}} = %c25, %{{.*}} = %c1)
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c4, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c32,
func.func @fill_and_long_rows(%x: memref<4x100000xf32>, %out: memref<4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%zero : f32) outs(%out : memref<4xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x100000xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%in: f32, %o: f32):
    %s = arith.addf %in, %o : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A dense layer after bufferization: a fill of the product with zeros, the
// matmul, and relu(product + bias) into another buffer. One tiled kernel:
// the accumulators start at the fill's zero (the product is not loaded),
// and each thread adds the bias and applies relu to its registers and
// stores the layer's output; the product, read by nothing else, is never
// stored.
// CHECK-LABEL: func.func @dense_layer
// CHECK-SAME: (%[[X:.*]]: memref<70x37xf32>, %[[W:.*]]: memref<37x45xf32>, %[[B:.*]]: memref<45xf32>, %[[H:.*]]: memref<70x45xf32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: gpu.launch
// CHECK-NOT: memref.load %[[H]]
// CHECK: %[[SUMS:.*]]:20 = scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]],
// CHECK: scf.if %{{[0-9]+}} {
// CHECK-NEXT: %[[BIAS:.*]] = memref.load %[[B]][%[[COLUMN:.*]]]
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[SUMS]]#0, %[[BIAS]]
// CHECK-NEXT: %[[RELU:.*]] = arith.maximumf %[[SUM]], %[[ZERO]]
// CHECK-NEXT: memref.store %[[RELU]], %[[H]][%{{.*}}, %[[COLUMN]]]
// CHECK-NOT: gpu.launch
// CHECK-NOT: gpu.alloc
// CHECK: return
func.func @dense_layer(%x: memref<70x37xf32>, %w: memref<37x45xf32>, %b: memref<45xf32>, %h: memref<70x45xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = gpu.alloc () : memref<70x45xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%zero : f32) outs(%p : memref<70x45xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<70x37xf32>, memref<37x45xf32>) outs(%p : memref<70x45xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %m = arith.mulf %a, %c : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%p, %b : memref<70x45xf32>, memref<45xf32>) outs(%h : memref<70x45xf32>) {
  ^bb0(%in: f32, %bias: f32, %o: f32):
    %s = arith.addf %in, %bias : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// The product is read again after the epilogue: it is stored as well. A
// fill read between the fill and the matmul stays a kernel of its own, and
// the matmul loads the product's initial value.
// CHECK-LABEL: func.func @product_read_later
// CHECK: gpu.launch
// CHECK: gpu.launch
// CHECK: gpu.launch
// CHECK: memref.load %[[P:.*]][
// CHECK: scf.for
// CHECK: scf.if %{{[0-9]+}} {
// CHECK-NEXT: memref.store %{{.*}}, %[[P]]
// CHECK-NEXT: memref.load %arg2
// CHECK-NEXT: arith.addf
// CHECK-NEXT: memref.store
// CHECK-NOT: gpu.launch
// CHECK: return %[[P]]
func.func @product_read_later(%x: memref<70x37xf32>, %w: memref<37x45xf32>, %b: memref<45xf32>, %h: memref<70x45xf32>, %copy: memref<70x45xf32>) -> memref<70x45xf32> {
  %zero = arith.constant 0.0 : f32
  %p = gpu.alloc () : memref<70x45xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%zero : f32) outs(%p : memref<70x45xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%p : memref<70x45xf32>) outs(%copy : memref<70x45xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<70x37xf32>, memref<37x45xf32>) outs(%p : memref<70x45xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %m = arith.mulf %a, %c : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%p, %b : memref<70x45xf32>, memref<45xf32>) outs(%h : memref<70x45xf32>) {
  ^bb0(%in: f32, %bias: f32, %o: f32):
    %s = arith.addf %in, %bias : f32
    linalg.yield %s : f32
  }
  return %p : memref<70x45xf32>
}

// -----

// The epilogue would overwrite the matmul's input, which other blocks still
// read (bufferization reuses a layer's input buffer for its output): it
// writes a new buffer, which the ops after it read instead.
// CHECK-LABEL: func.func @epilogue_over_input
// CHECK: %[[H:.*]] = gpu.alloc () : memref<64x64xf32>
// CHECK: gpu.launch
// CHECK: %[[FRESH:.*]] = gpu.alloc () : memref<64x64xf32>
// CHECK: gpu.launch
// CHECK: memref.load %[[H]]
// CHECK: math.tanh
// CHECK-NEXT: memref.store %{{.*}}, %[[FRESH]]
// CHECK-NOT: gpu.launch
// CHECK: return %[[FRESH]]
func.func @epilogue_over_input(%x: memref<64x64xf32>, %w: memref<64x64xf32>) -> memref<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %h = gpu.alloc () : memref<64x64xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : memref<64x64xf32>) outs(%h : memref<64x64xf32>) {
  ^bb0(%in: f32, %o: f32):
    %t = math.tanh %in : f32
    linalg.yield %t : f32
  }
  %p = gpu.alloc () : memref<64x64xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%zero : f32) outs(%p : memref<64x64xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%h, %w : memref<64x64xf32>, memref<64x64xf32>) outs(%p : memref<64x64xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %m = arith.mulf %a, %c : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%p : memref<64x64xf32>) outs(%h : memref<64x64xf32>) {
  ^bb0(%in: f32, %o: f32):
    %t = math.tanh %in : f32
    linalg.yield %t : f32
  }
  return %h : memref<64x64xf32>
}

// -----

// An op reading the product transposed is not an epilogue: each thread
// would need another thread's element. (The fill still starts the
// accumulators.)
// CHECK-LABEL: func.func @transposed_reader
// CHECK: %[[P:.*]] = gpu.alloc
// CHECK: gpu.launch
// CHECK: memref.store %{{.*}}, %[[P]][
// CHECK: gpu.launch
// CHECK: memref.load %[[P]]
// CHECK-NOT: gpu.launch
func.func @transposed_reader(%x: memref<64x64xf32>, %w: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = gpu.alloc () : memref<64x64xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%zero : f32) outs(%p : memref<64x64xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  %other = gpu.alloc () : memref<64x64xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<64x64xf32>, memref<64x64xf32>) outs(%p : memref<64x64xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %m = arith.mulf %a, %c : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%p : memref<64x64xf32>) outs(%out : memref<64x64xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  return
}

// -----

// A column sum of x less a value per row (a matmul-like weighting would be
// a contraction): the values are read along the reduced loop and broadcast
// over the columns, so the block per column stays (its threads read the
// values coalesced).
// CHECK-LABEL: func.func @weighted_columns
// CHECK-NOT: gpu.alloc
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c100, %{{.*}} = %c1, %{{.*}} = %c1)
// CHECK: gpu.all_reduce add
// CHECK-NOT: gpu.launch
func.func @weighted_columns(%x: memref<3000x100xf32>, %w: memref<3000xf32>, %out: memref<100xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%x, %w : memref<3000x100xf32>, memref<3000xf32>) outs(%out : memref<100xf32>) {
  ^bb0(%in: f32, %weight: f32, %o: f32):
    %p = arith.subf %in, %weight : f32
    %s = arith.addf %p, %o : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A matmul reading its own product buffer keeps the fill before it: the
// fill's values are the operand it reads.
// CHECK-LABEL: func.func @product_read_as_operand
// CHECK: gpu.launch
// CHECK: memref.store %cst, %[[P:.*]][
// CHECK: gpu.launch
// CHECK: memref.load %[[P]]
func.func @product_read_as_operand(%w: memref<64x64xf32>) -> memref<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %p = gpu.alloc () : memref<64x64xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%zero : f32) outs(%p : memref<64x64xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%p, %w : memref<64x64xf32>, memref<64x64xf32>) outs(%p : memref<64x64xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %m = arith.mulf %a, %c : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  return %p : memref<64x64xf32>
}

// -----

// A narrow matmul (one thread per output element) starts from the fill of
// its product too: one kernel, the product not loaded.
// CHECK-LABEL: func.func @narrow_matmul_after_fill
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[P:.*]] = gpu.alloc
// CHECK: gpu.launch
// CHECK-NOT: memref.load %[[P]]
// CHECK: scf.for %{{.*}} = %c0 to %c32 step %c1 iter_args(%{{.*}} = %[[ZERO]])
// CHECK: memref.store %{{.*}}, %[[P]]
// CHECK-NOT: gpu.launch
func.func @narrow_matmul_after_fill(%a: memref<64x32xf32>, %b: memref<32x8xf32>) -> memref<64x8xf32> {
  %zero = arith.constant 0.0 : f32
  %p = gpu.alloc () : memref<64x8xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%zero : f32) outs(%p : memref<64x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x32xf32>, memref<32x8xf32>) outs(%p : memref<64x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  return %p : memref<64x8xf32>
}
