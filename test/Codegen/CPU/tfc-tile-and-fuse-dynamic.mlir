// RUN: tfc-opt %s --tfc-tile-and-fuse=target=avx512 --split-input-file | FileCheck %s
// RUN: tfc-opt %s --tfc-tile-and-fuse=target=avx2 --split-input-file | FileCheck %s --check-prefix=AVX2

// An MLP layer with a batch known only at run time. Blocks of rows by 256
// columns go to threads: as many blocks as 128 rows need (twice the static
// row block: a static matmul keeps up to that many rows in one block), of
// equal rows rounded up to the register tile's 8 (so the last block is at
// most 7 rows shorter than the others, and a batch of zero rows has no
// block). In a block: its fill a row at a time, then, as in a static
// matmul, reduction blocks of 256 outside the rows, so a block of B is read
// from cache by every row tile; inside, a loop over register tiles of 8
// rows; then, when 4 to 7 rows are left, one more tile of 8 rows whose rows
// of A (and of the partial sums) are padded with zeros and whose extra
// output rows are dropped; when 1 to 3 are left, tiles of 2 and 1 rows.
// Each tile has a static row count and register tiles of its rows by 32
// columns, as in a static matmul.
// That is the version for fewer rows than AVX-512 packs B for (512): from
// 512 rows, chosen at run time, B is packed into panels of 32 columns
// first, and the same loops run on the packed B.
// CHECK-LABEL: func.func @matmul
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK: %[[PACK:.*]] = arith.cmpi sge, %{{.*}}, %[[C512]] : index
// CHECK: scf.if %[[PACK]] -> (tensor<?x256xf32>) {
// CHECK:   %[[PACKED:.*]] = scf.forall (%{{.*}}) = (0) to (1024) step (16) {{.*}} -> (tensor<8x1024x32xf32>)
// CHECK:     linalg.transpose {{.*}} permutation = [1, 0, 2]
// CHECK:   scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (%{{.*}}, 8) step (%{{.*}}, 8) {{.*}} -> (tensor<?x8x32xf32>)
// CHECK:     tensor.extract_slice %[[PACKED]]
// CHECK:     linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<8x1xf32>, tensor<1x1x32xf32>)
// CHECK:     linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<8x1xf32>, tensor<1x1x32xf32>)
// CHECK:     linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2x1xf32>, tensor<1x1x32xf32>)
// CHECK:     linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x1xf32>, tensor<1x1x32xf32>)
// CHECK:   %[[COLUMNS:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : tensor<?x8x32xf32> into tensor<?x256xf32>
// CHECK:   scf.yield %[[COLUMNS]]
// CHECK: } else {
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[TILE:.*]] = arith.constant 8 : index
// CHECK: %[[NEEDED:.*]] = arith.ceildivui %[[M:.*]], %[[C128]] : index
// CHECK: %[[BLOCKS:.*]] = arith.maxui %[[NEEDED]], %[[ONE]] : index
// CHECK: %[[EVEN:.*]] = arith.ceildivui %[[M]], %[[BLOCKS]] : index
// CHECK: %[[TILES:.*]] = arith.ceildivui %[[EVEN]], %[[TILE]] : index
// CHECK: %[[ROUNDED:.*]] = arith.muli %[[TILES]], %[[TILE]] : index
// CHECK: %[[STEP:.*]] = arith.maxui %[[ROUNDED]], %[[TILE]] : index
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (%{{.*}}, 256) step (%[[STEP]], 256)
// CHECK:   %[[FILLED:.*]] = scf.for
// CHECK:     linalg.fill {{.*}} -> tensor<1x256xf32>
// CHECK:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[FILLED]]) -> (tensor<?x256xf32>)
// CHECK:     %[[C8:.*]] = arith.constant 8 : index
// CHECK:     %[[N8:.*]] = arith.divui %{{.*}}, %[[C8]] : index
// CHECK:     %[[R8:.*]] = scf.for %{{.*}} = %{{.*}} to %[[END8:.*]] step %[[C8]] iter_args(%{{.*}} = %{{.*}}) -> (tensor<?x256xf32>)
// CHECK:       scf.for %{{.*}} step %{{.*}} iter_args(%{{.*}}) -> (tensor<8x256xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x1xf32>, tensor<1x32xf32>) outs(%{{.*}} : tensor<8x32xf32>)
// CHECK:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:     %[[ENOUGH:.*]] = arith.cmpi uge, %{{.*}}, %[[C4]] : index
// CHECK:     %[[ENDP:.*]] = arith.select %[[ENOUGH]], %{{.*}}, %[[END8]] : index
// CHECK:     %[[RP:.*]] = scf.for %[[I:.*]] = %[[END8]] to %[[ENDP]] step %{{.*}} iter_args(%{{.*}} = %[[R8]])
// CHECK:       %[[LEFT:.*]] = arith.subi %{{.*}}, %[[I]] : index
// CHECK:       %[[A:.*]] = tensor.extract_slice %{{.*}}[%[[I]], 0] [%[[LEFT]], 256]
// CHECK:       tensor.pad %[[A]] low[0, 0] high[%{{.*}}, 0]
// CHECK:       } : tensor<?x256xf32> to tensor<8x256xf32>
// CHECK:       tensor.pad
// CHECK:       } : tensor<?x256xf32> to tensor<8x256xf32>
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x1xf32>, tensor<1x32xf32>) outs(%{{.*}} : tensor<8x32xf32>)
// CHECK:       %[[ROWS:.*]] = tensor.extract_slice %{{.*}}[0, 0] [%{{.*}}, 256] [1, 1] : tensor<8x256xf32> to tensor<?x256xf32>
// CHECK:       tensor.insert_slice %[[ROWS]] into %{{.*}}[%[[I]], 0] [%[[LEFT]], 256]
// CHECK:     %[[R2:.*]] = scf.for %{{.*}} = %[[ENDP]] to %[[END2:.*]] step %{{.*}} iter_args(%{{.*}} = %[[RP]])
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<2x1xf32>, tensor<1x32xf32>) outs(%{{.*}} : tensor<2x32xf32>)
// CHECK:     %[[R1:.*]] = scf.for %{{.*}} = %[[END2]] to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[R2]])
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<1x1xf32>, tensor<1x32xf32>) outs(%{{.*}} : tensor<1x32xf32>)
// CHECK:   scf.forall.in_parallel
// With AVX2's 6x16 register tiles: tiles of 6 rows, a padded one of 6 for
// 3 to 5 rows left, then of 2 and 1; B packed from 64 rows.
// AVX2-LABEL: func.func @matmul
// AVX2:       %[[C64:.*]] = arith.constant 64 : index
// AVX2:       arith.cmpi sge, %{{.*}}, %[[C64]] : index
// AVX2:       linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<6x1xf32>, tensor<1x1x16xf32>)
// AVX2:     } else {
// AVX2:       linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<6x1xf32>, tensor<1x16xf32>) outs(%{{.*}} : tensor<6x16xf32>)
// AVX2:   arith.constant 3 : index
// AVX2:     tensor.pad
// AVX2:     } : tensor<?x256xf32> to tensor<6x256xf32>
// AVX2:       linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<6x1xf32>, tensor<1x16xf32>) outs(%{{.*}} : tensor<6x16xf32>)
// AVX2:       linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<2x1xf32>, tensor<1x16xf32>) outs(%{{.*}} : tensor<2x16xf32>)
// AVX2:       linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<1x1xf32>, tensor<1x16xf32>) outs(%{{.*}} : tensor<1x16xf32>)
func.func @matmul(%a: tensor<?x1024xf32>, %b: tensor<1024x256xf32>) -> tensor<?x256xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %rows = tensor.dim %a, %c0 : tensor<?x1024xf32>
  %empty = tensor.empty(%rows) : tensor<?x256xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x256xf32>) -> tensor<?x256xf32>
  %c = linalg.matmul ins(%a, %b : tensor<?x1024xf32>, tensor<1024x256xf32>) outs(%fill : tensor<?x256xf32>) -> tensor<?x256xf32>
  return %c : tensor<?x256xf32>
}

// -----

// A softmax over a dynamic number of rows of 1024: chunks of rows over
// threads, as many as max(rows / 64, rows of 128 elements in 2^17) rows
// each, computed at run time (one chunk, so no threads, for a small
// batch); then single rows, static, with the whole chain fused and each op
// stepping 64 elements at a time, sums as vectors of partial sums.
// CHECK-LABEL: func.func @softmax
// CHECK: %[[ROWS:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x1024xf32>
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK: %[[C128:.*]] = arith.constant 128 : index
// CHECK: %[[SHARE:.*]] = arith.ceildivui %{{.*}}, %[[C64]] : index
// CHECK: %[[CHUNK:.*]] = arith.maxui %[[SHARE]], %[[C128]] : index
// CHECK: scf.forall (%{{.*}}) = (0) to (%{{.*}}) step (%[[CHUNK]])
// CHECK:   scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}}) -> (tensor<?x1024xf32>)
// CHECK:     scf.for {{.*}} -> (tensor<1x64xf32>)
// CHECK:       arith.maximumf
// CHECK:     scf.for {{.*}} -> (tensor<1x1024xf32>)
// CHECK:       math.exp
// CHECK:     scf.for {{.*}} -> (tensor<1x64xf32>)
// CHECK:       arith.addf
// CHECK:     scf.for {{.*}} -> (tensor<1x1024xf32>)
// CHECK:       arith.divf
// CHECK: scf.forall.in_parallel
func.func @softmax(%x: tensor<?x1024xf32>) -> tensor<?x1024xf32> {
  %c0 = arith.constant 0 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %rows = tensor.dim %x, %c0 : tensor<?x1024xf32>
  %e1 = tensor.empty(%rows) : tensor<?xf32>
  %f1 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<?xf32>) -> tensor<?xf32>
  %max = linalg.reduce ins(%x : tensor<?x1024xf32>) outs(%f1 : tensor<?xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %e2 = tensor.empty(%rows) : tensor<?x1024xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %max : tensor<?x1024xf32>, tensor<?xf32>) outs(%e2 : tensor<?x1024xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %v = math.exp %d : f32
    linalg.yield %v : f32
  } -> tensor<?x1024xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.reduce ins(%exp : tensor<?x1024xf32>) outs(%f2 : tensor<?xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%exp, %sum : tensor<?x1024xf32>, tensor<?xf32>) outs(%e2 : tensor<?x1024xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %q = arith.divf %in, %s : f32
    linalg.yield %q : f32
  } -> tensor<?x1024xf32>
  return %y : tensor<?x1024xf32>
}

// -----

// A dynamic dimension other than the first and the last, and a reduction
// over the dynamic rows, are left to the scalar lowering (rows of a
// dynamic length: tfc-tile-and-fuse-dynamic-row-length.mlir).
// CHECK-LABEL: func.func @dynamic_middle
// CHECK-NOT: scf.for
// CHECK-NOT: scf.forall
// CHECK: linalg.generic
// CHECK: linalg.reduce
func.func @dynamic_middle(%x: tensor<?x?x8xf32>, %empty: tensor<?x?x8xf32>, %v: tensor<?x16xf32>, %acc: tensor<16xf32>) -> (tensor<?x?x8xf32>, tensor<16xf32>) {
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<?x?x8xf32>) outs(%empty : tensor<?x?x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<?x?x8xf32>
  %s = linalg.reduce ins(%v : tensor<?x16xf32>) outs(%acc : tensor<16xf32>) dimensions = [0]
    (%in: f32, %a: f32) {
      %t = arith.addf %in, %a : f32
      linalg.yield %t : f32
    }
  return %y, %s : tensor<?x?x8xf32>, tensor<16xf32>
}

// -----

// A convolution with its bias and relu and a batch known only at run time
// is tiled as a static one with the batch cut one image at a time: blocks
// of one output row of one image over threads (every block static; the
// row count is chosen as for a single image), the fill tiled alone, 8x32
// register tiles each looping over filter rows, filter columns and input
// channels, then bias and relu. The pad becomes a fill and a copy.
// CHECK-LABEL: func.func @conv_bias_relu
// CHECK-NOT: tensor.pad
// CHECK: %[[ZEROS:.*]] = linalg.fill {{.*}} -> tensor<?x18x18x32xf32>
// CHECK: tensor.insert_slice %{{.*}} into %[[ZEROS]][0, 1, 1, 0] [%{{.*}}, 16, 16, 32] [1, 1, 1, 1]
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (%{{.*}}, 16)
// CHECK: linalg.fill {{.*}} -> tensor<1x1x8x32xf32>
// CHECK: scf.for {{.*}} to %c3
// CHECK: scf.for {{.*}} to %c3
// CHECK: scf.for {{.*}} to %c32
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x1x8x1xf32>, tensor<1x1x1x32xf32>) outs(%{{.*}} : tensor<1x1x8x32xf32>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x1x8x32xf32>, tensor<32xf32>) outs(%{{.*}} : tensor<1x1x8x32xf32>)
// CHECK: arith.maximumf
// CHECK: scf.forall.in_parallel
// CHECK: tensor.parallel_insert_slice %{{.*}} into %{{.*}}[%{{.*}}, %{{.*}}, 0, 0] [1, 1, 16, 32] [1, 1, 1, 1] : tensor<1x1x16x32xf32> into tensor<?x16x16x32xf32>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d3)>
func.func @conv_bias_relu(%x: tensor<?x16x16x32xf32>, %w: tensor<3x3x32x32xf32>, %b: tensor<32xf32>) -> tensor<?x16x16x32xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x16x16x32xf32>
  %padded = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<?x16x16x32xf32> to tensor<?x18x18x32xf32>
  %empty = tensor.empty(%n) : tensor<?x16x16x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x16x16x32xf32>) -> tensor<?x16x16x32xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %w : tensor<?x18x18x32xf32>, tensor<3x3x32x32xf32>) outs(%init : tensor<?x16x16x32xf32>) -> tensor<?x16x16x32xf32>
  %y = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv, %b : tensor<?x16x16x32xf32>, tensor<32xf32>) outs(%empty : tensor<?x16x16x32xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<?x16x16x32xf32>
  return %y : tensor<?x16x16x32xf32>
}

// -----

// Ten columns are padded to whole vectors (16 with AVX2) as in a static
// matmul: B gets six zero columns, the tiles are 6 rows by 16 columns, and
// the first ten columns are the result.
// AVX2-LABEL: func.func @narrow
// AVX2:         tensor.pad %{{.*}} low[0, 0] high[0, 6]
// AVX2:         } : tensor<64x10xf32> to tensor<64x16xf32>
// AVX2:         scf.forall
// AVX2:           linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<6x1xf32>, tensor<1x16xf32>) outs(%{{.*}} : tensor<6x16xf32>)
// AVX2:         %[[Y:.*]] = tensor.extract_slice %{{.*}}[0, 0] [%{{.*}}, 10] [1, 1] : tensor<?x16xf32> to tensor<?x10xf32>
// AVX2:         return %[[Y]]
func.func @narrow(%a: tensor<?x64xf32>, %b: tensor<64x10xf32>) -> tensor<?x10xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%m) : tensor<?x10xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x10xf32>) -> tensor<?x10xf32>
  %y = linalg.matmul ins(%a, %b : tensor<?x64xf32>, tensor<64x10xf32>) outs(%f : tensor<?x10xf32>) -> tensor<?x10xf32>
  return %y : tensor<?x10xf32>
}
