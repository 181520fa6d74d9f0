// RUN: tfc-opt %s --pass-pipeline='builtin.module(func.func(tfc-gpu-merge-launches))' --split-input-file | FileCheck %s

// Three single-block launches with an allocation between them: one launch
// of 256 threads. The body written for one thread runs under a guard and
// still sees a block of 1; a barrier separates two bodies; the allocation
// moves before the launch.
// CHECK-LABEL: func.func @three_small
// CHECK: %[[A:.*]] = gpu.alloc () : memref<4xf32>
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c256
// CHECK: %[[FITS:.*]] = arith.cmpi ult, %[[TX]], %c1
// CHECK: scf.if %[[FITS]] {
// CHECK: memref.store %{{.*}}, %arg0
// CHECK: }
// CHECK: gpu.barrier
// CHECK: memref.load %arg0
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: gpu.barrier
// CHECK: memref.load %[[A]]
// CHECK: memref.store %{{.*}}, %arg1
// CHECK: gpu.terminator
// CHECK-NOT: gpu.launch
func.func @three_small(%x: memref<f32>, %y: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %one = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %one, %x[] : memref<f32>
    gpu.terminator
  }
  %a = gpu.alloc () : memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %in = arith.cmpi ult, %tx, %c4 : index
    scf.if %in {
      %v = memref.load %x[] : memref<f32>
      memref.store %v, %a[%tx] : memref<4xf32>
    }
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %in = arith.cmpi ult, %tx, %c4 : index
    scf.if %in {
      %v = memref.load %a[%tx] : memref<4xf32>
      memref.store %v, %y[%tx] : memref<4xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// A body whose threads meet (an all-reduce over 32 threads) merges only
// with bodies of its own block; a grid of two blocks and a copy in host
// code end a run.
// CHECK-LABEL: func.func @not_merged
// CHECK-COUNT-2: gpu.launch
// CHECK: gpu.memcpy
// CHECK: gpu.launch
// CHECK-NOT: gpu.launch
func.func @not_merged(%x: memref<32xf32>, %s: memref<f32>, %y: memref<64xf32>, %z: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %v = memref.load %x[%tx] : memref<32xf32>
    %t = gpu.all_reduce add %v uniform {} : (f32) -> f32
    %first = arith.cmpi eq, %tx, %zero : index
    scf.if %first {
      memref.store %t, %s[] : memref<f32>
    }
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %v = memref.load %s[] : memref<f32>
    %i = arith.muli %bx, %c32 : index
    %j = arith.addi %i, %tx : index
    memref.store %v, %y[%j] : memref<64xf32>
    gpu.terminator
  }
  gpu.memcpy %z, %y : memref<64xf32>, memref<64xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %v = memref.load %z[%tx] : memref<64xf32>
    memref.store %v, %s[] : memref<f32>
    gpu.terminator
  }
  return
}

// -----

// Same-sized blocks merge even when their threads meet: two all-reduces of
// 32 threads become one launch of 32, a barrier between them, no guard.
// CHECK-LABEL: func.func @same_block_reductions
// CHECK-COUNT-1: gpu.launch
// CHECK-NOT: gpu.launch
// CHECK-NOT: scf.if %{{.*}} {
// CHECK: gpu.all_reduce add
// CHECK: gpu.barrier
// CHECK: gpu.all_reduce maximumf
func.func @same_block_reductions(%x: memref<32xf32>, %s: memref<f32>, %m: memref<f32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %v = memref.load %x[%tx] : memref<32xf32>
    %t = gpu.all_reduce add %v uniform {} : (f32) -> f32
    memref.store %t, %s[] : memref<f32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %v = memref.load %x[%tx] : memref<32xf32>
    %t = gpu.all_reduce maximumf %v uniform {} : (f32) -> f32
    memref.store %t, %m[] : memref<f32>
    gpu.terminator
  }
  return
}

// -----

// Three launches of one run-time grid writing three columns of a buffer
// (the features of the polynomial fit: x * x, x, 1): their bodies touch
// disjoint memory, so one launch of that grid runs them in order, with no
// barrier.
// CHECK-LABEL: func.func @concat_columns
// CHECK: %[[C0:.*]] = memref.subview %{{.*}}[0, 0]
// CHECK: %[[C1:.*]] = memref.subview %{{.*}}[0, 1]
// CHECK: %[[C2:.*]] = memref.subview %{{.*}}[0, 2]
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %[[GRID:.*]], %{{.*}} = %c1, %{{.*}} = %c1)
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.*}}, %[[C0]]
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.*}}, %[[C1]]
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.*}}, %[[C2]]
// CHECK: gpu.terminator
// CHECK-NOT: gpu.launch
func.func @concat_columns(%x: memref<?x1xf32>, %n: index) -> memref<?x3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %one = arith.constant 1.0 : f32
  %blocks = arith.ceildivui %n, %c256 : index
  %grid = arith.maxui %blocks, %c1 : index
  %f = gpu.alloc (%n) : memref<?x3xf32>
  %col0 = memref.subview %f[0, 0] [%n, 1] [1, 1] : memref<?x3xf32> to memref<?x1xf32, strided<[3, 1]>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %grid, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %i = arith.addi %tx, %bx : index
    %v = memref.load %x[%i, %c0] : memref<?x1xf32>
    %sq = arith.mulf %v, %v : f32
    memref.store %sq, %col0[%i, %c0] : memref<?x1xf32, strided<[3, 1]>>
    gpu.terminator
  }
  %col1 = memref.subview %f[0, 1] [%n, 1] [1, 1] : memref<?x3xf32> to memref<?x1xf32, strided<[3, 1], offset: 1>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %grid, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %i = arith.addi %tx, %bx : index
    %v = memref.load %x[%i, %c0] : memref<?x1xf32>
    memref.store %v, %col1[%i, %c0] : memref<?x1xf32, strided<[3, 1], offset: 1>>
    gpu.terminator
  }
  %col2 = memref.subview %f[0, 2] [%n, 1] [1, 1] : memref<?x3xf32> to memref<?x1xf32, strided<[3, 1], offset: 2>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %grid, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %i = arith.addi %tx, %bx : index
    memref.store %one, %col2[%i, %c0] : memref<?x1xf32, strided<[3, 1], offset: 2>>
    gpu.terminator
  }
  return %f : memref<?x3xf32>
}

// -----

// The second launch reads what the first writes (another block's element,
// for all the pass knows), and the third writes columns the first also
// writes: none merge.
// CHECK-LABEL: func.func @dependent_launches
// CHECK-COUNT-3: gpu.launch
func.func @dependent_launches(%x: memref<?x1xf32>, %n: index) -> memref<?x3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %one = arith.constant 1.0 : f32
  %grid = arith.ceildivui %n, %c256 : index
  %t = gpu.alloc (%n) : memref<?x1xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %grid, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %i = arith.addi %tx, %bx : index
    memref.store %one, %t[%i, %c0] : memref<?x1xf32>
    gpu.terminator
  }
  %f = gpu.alloc (%n) : memref<?x3xf32>
  %all = memref.subview %f[0, 0] [%n, 2] [1, 1] : memref<?x3xf32> to memref<?x2xf32, strided<[3, 1]>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %grid, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %i = arith.addi %tx, %bx : index
    %v = memref.load %t[%i, %c0] : memref<?x1xf32>
    memref.store %v, %all[%i, %c0] : memref<?x2xf32, strided<[3, 1]>>
    gpu.terminator
  }
  %col1 = memref.subview %f[0, 1] [%n, 1] [1, 1] : memref<?x3xf32> to memref<?x1xf32, strided<[3, 1], offset: 1>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %grid, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %i = arith.addi %tx, %bx : index
    memref.store %one, %col1[%i, %c0] : memref<?x1xf32, strided<[3, 1], offset: 1>>
    gpu.terminator
  }
  return %f : memref<?x3xf32>
}
