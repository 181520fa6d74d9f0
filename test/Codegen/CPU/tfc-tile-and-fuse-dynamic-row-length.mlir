// RUN: tfc-opt %s --tfc-tile-and-fuse=target=avx512 --canonicalize --cse | FileCheck %s

// A softmax over rows whose length is known only at run time. Chunks of
// rows over threads, max(ceil(rows / 64), ceil(2^17 / columns)) rows each
// (columns counted as at least 1); then single rows, the whole chain fused
// as for static rows. Along a row, each op steps 64 elements at a time up
// to the last whole step (static tiles, which vectorize), then once over
// the elements left (dynamic tiles, a scalar loop). The maximum and the
// sum keep 64 partial results across both loops and combine them at the
// end, as a static row does; the exponentials are computed once, into the
// output row, and divided in place. (Tiling reads the row length in each
// loop it builds; those reads are folded to one, or the copies of the
// exponentials that fusion makes for the sum and for the division differ
// in their sizes and CSE keeps both.)
// CHECK-LABEL: func.func @softmax_dynamic_length
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C2P17:.*]] = arith.constant 131072 : index
// CHECK-DAG: %[[ROWS:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x?xf32>
// CHECK-DAG: %[[COLS:.*]] = tensor.dim %{{.*}}, %c1 : tensor<?x?xf32>
// CHECK: %[[ATLEAST1:.*]] = arith.maxui %[[COLS]], %c1 : index
// CHECK: %[[SERIAL:.*]] = arith.ceildivui %[[C2P17]], %[[ATLEAST1]] : index
// CHECK: %[[SHARE:.*]] = arith.ceildivui %[[ROWS]], %[[C64]] : index
// CHECK: %[[CHUNK:.*]] = arith.maxui %[[SHARE]], %[[SERIAL]] : index
// CHECK: scf.forall (%{{.*}}) = (0) to (%[[ROWS]]) step (%[[CHUNK]])
// CHECK:   scf.for %{{.*}} iter_args(%{{.*}}) -> (tensor<?x?xf32>) {
// CHECK:     %[[MAXINIT:.*]] = linalg.fill {{.*}} -> tensor<1x64xf32>
// CHECK:     %[[WHOLE:.*]] = affine.apply #{{.*}}()[%[[COLS]]]
// CHECK:     %[[MAX:.*]] = scf.for %{{.*}} = %c0 to %[[WHOLE]] step %[[C64]] iter_args(%{{.*}} = %[[MAXINIT]]) -> (tensor<1x64xf32>)
// CHECK:       linalg.generic {{.*}} ins(%{{.*}} : tensor<1x64xf32>) outs(%{{.*}} : tensor<1x64xf32>)
// CHECK:         arith.maximumf
// CHECK:     %[[MAXREST:.*]] = scf.for %{{.*}} = %[[WHOLE]] to %[[COLS]] step %[[C64]] iter_args(%{{.*}} = %[[MAX]]) -> (tensor<1x64xf32>)
// CHECK:       linalg.generic {{.*}} ins(%{{.*}} : tensor<1x?xf32>) outs(%{{.*}} : tensor<1x?xf32>)
// CHECK:         arith.maximumf
// CHECK:     %[[ROWMAX:.*]] = linalg.reduce ins(%[[MAXREST]] : tensor<1x64xf32>) outs(%{{.*}} : tensor<1xf32>) dimensions = [1]
// CHECK:     scf.for {{.*}} -> (tensor<1x?xf32>)
// CHECK:       linalg.generic {{.*}} ins(%{{.*}}, %[[ROWMAX]] : tensor<1x64xf32>, tensor<1xf32>) outs(%{{.*}} : tensor<1x64xf32>)
// CHECK:         math.exp
// CHECK:     %[[EXP:.*]] = scf.for {{.*}} -> (tensor<1x?xf32>)
// CHECK:       linalg.generic {{.*}} ins(%{{.*}}, %[[ROWMAX]] : tensor<1x?xf32>, tensor<1xf32>) outs(%{{.*}} : tensor<1x?xf32>)
// CHECK:         math.exp
// CHECK-NOT: math.exp
// CHECK:     linalg.fill {{.*}} -> tensor<1x64xf32>
// CHECK:     scf.for {{.*}} -> (tensor<1x64xf32>)
// CHECK:       linalg.generic {{.*}} ins(%{{.*}} : tensor<1x64xf32>) outs(%{{.*}} : tensor<1x64xf32>)
// CHECK:         arith.addf
// CHECK:     scf.for {{.*}} -> (tensor<1x64xf32>)
// CHECK:       linalg.generic {{.*}} ins(%{{.*}} : tensor<1x?xf32>) outs(%{{.*}} : tensor<1x?xf32>)
// CHECK:         arith.addf
// CHECK:     %[[SUM:.*]] = linalg.reduce ins(%{{.*}} : tensor<1x64xf32>) outs(%{{.*}} : tensor<1xf32>) dimensions = [1]
// CHECK:     scf.for {{.*}} iter_args(%{{.*}} = %[[EXP]]) -> (tensor<1x?xf32>)
// CHECK:       linalg.generic {{.*}} ins(%[[SUM]] : tensor<1xf32>) outs(%{{.*}} : tensor<1x64xf32>)
// CHECK:         arith.divf
// CHECK:     scf.for {{.*}} -> (tensor<1x?xf32>)
// CHECK:       linalg.generic {{.*}} ins(%[[SUM]] : tensor<1xf32>) outs(%{{.*}} : tensor<1x?xf32>)
// CHECK:         arith.divf
// CHECK-NOT: math.exp
// CHECK: scf.forall.in_parallel
func.func @softmax_dynamic_length(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %rows = tensor.dim %x, %c0 : tensor<?x?xf32>
  %cols = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e1 = tensor.empty(%rows) : tensor<?xf32>
  %f1 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<?xf32>) -> tensor<?xf32>
  %max = linalg.reduce ins(%x : tensor<?x?xf32>) outs(%f1 : tensor<?xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %e2 = tensor.empty(%rows, %cols) : tensor<?x?xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %max : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %v = math.exp %d : f32
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.reduce ins(%exp : tensor<?x?xf32>) outs(%f2 : tensor<?xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%exp, %sum : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %q = arith.divf %in, %s : f32
    linalg.yield %q : f32
  } -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// A static row count: the chunk's share of the rows is a constant; the
// row, of a length known at run time, is cut as above.
// CHECK-LABEL: func.func @relu_dynamic_length
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[CHUNK:.*]] = arith.maxui %{{.*}}, %[[C8]] : index
// CHECK: scf.forall (%{{.*}}) = (0) to (512) step (%[[CHUNK]])
// CHECK:   scf.for {{.*}} -> (tensor<?x?xf32>)
// CHECK:     scf.for {{.*}} -> (tensor<1x?xf32>)
// CHECK:       linalg.generic {{.*}} ins(%{{.*}} : tensor<1x64xf32>) outs(%{{.*}} : tensor<1x64xf32>)
// CHECK:     scf.for {{.*}} -> (tensor<1x?xf32>)
// CHECK:       linalg.generic {{.*}} ins(%{{.*}} : tensor<1x?xf32>) outs(%{{.*}} : tensor<1x?xf32>)
func.func @relu_dynamic_length(%x: tensor<512x?xf32>, %empty: tensor<512x?xf32>) -> tensor<512x?xf32> {
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<512x?xf32>) outs(%empty : tensor<512x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %zero = arith.constant 0.0 : f32
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<512x?xf32>
  return %y : tensor<512x?xf32>
}

// Static rows longer than max-row (5000 > 4096), as many as the threads
// share out (128 rows, at least 64 chunks): kept whole, as a softmax over
// them reads each row once, and stepped along like a row of a length known
// at run time, since 5000 has no divisor that is a multiple of the vector
// (16 lanes): 78 steps of 64, then one static step of the 8 elements left.
// CHECK-LABEL: func.func @relu_long_rows
// CHECK: scf.forall (%{{.*}}) = (0) to (128) step (2)
// CHECK:   scf.for {{.*}} -> (tensor<2x5000xf32>)
// CHECK:     scf.for %{{.*}} = %c0 to %c4992 step %c64 {{.*}} -> (tensor<1x5000xf32>)
// CHECK:       linalg.generic {{.*}} ins(%{{.*}} : tensor<1x64xf32>) outs(%{{.*}} : tensor<1x64xf32>)
// CHECK:     linalg.generic {{.*}} ins(%{{.*}} : tensor<1x8xf32>) outs(%{{.*}} : tensor<1x8xf32>)
func.func @relu_long_rows(%x: tensor<128x5000xf32>, %empty: tensor<128x5000xf32>) -> tensor<128x5000xf32> {
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<128x5000xf32>) outs(%empty : tensor<128x5000xf32>) {
  ^bb0(%in: f32, %out: f32):
    %zero = arith.constant 0.0 : f32
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<128x5000xf32>
  return %y : tensor<128x5000xf32>
}

// Few long rows (8, fewer than 64 chunks): the long-row path, in which
// only all-parallel producers are fused, each row a thread's, cut in steps
// of the largest divisor of the row up to 64 (50).
// CHECK-LABEL: func.func @relu_few_long_rows
// CHECK: scf.forall (%{{.*}}) in (8)
// CHECK:   scf.for %{{.*}} = %c0 to %c20000 step %c50
// CHECK:     linalg.generic {{.*}} ins(%{{.*}} : tensor<1x50xf32>) outs(%{{.*}} : tensor<1x50xf32>)
// CHECK: scf.forall.in_parallel
func.func @relu_few_long_rows(%x: tensor<8x20000xf32>, %empty: tensor<8x20000xf32>) -> tensor<8x20000xf32> {
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x20000xf32>) outs(%empty : tensor<8x20000xf32>) {
  ^bb0(%in: f32, %out: f32):
    %zero = arith.constant 0.0 : f32
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<8x20000xf32>
  return %y : tensor<8x20000xf32>
}
