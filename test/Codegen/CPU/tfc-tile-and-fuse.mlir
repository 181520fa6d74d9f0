// RUN: tfc-opt %s --tfc-tile-and-fuse=target=avx512 --split-input-file | FileCheck %s
// RUN: tfc-opt %s --tfc-tile-and-fuse=target=avx2 --split-input-file | FileCheck %s --check-prefix=AVX2
// RUN: tfc-opt %s --tfc-tile-and-fuse=target=neon --split-input-file | FileCheck %s --check-prefix=NEON
// RUN: tfc-opt %s --tfc-tile-and-fuse=target=avx2 --split-input-file --canonicalize | FileCheck %s --check-prefix=AVX2-CANON
// RUN: tfc-opt %s --tfc-tile-and-fuse=target=sse --split-input-file | FileCheck %s --check-prefix=SSE

// A large matmul: B is packed into 32-column panels, the output is tiled in
// 64x256 blocks over threads (column blocks outside row blocks) with its
// fill fused, then in reduction blocks of 256 and 8x32x1 register tiles,
// panels outside rows.
// With AVX2, panels of 16 columns and 6x16 register tiles (12 ymm
// accumulators); 6 does not divide 1024, so the first 1020 rows are one
// contraction (blocks of 30 rows and 4 panels) and the last 4 rows
// another, with 4x16 register tiles. Both update the same packed output.
// AVX2-LABEL: func.func @matmul
// AVX2: %[[PACK:.*]] = scf.forall (%{{.*}}) = (0) to (1024) step (16) {{.*}} -> (tensor<64x1024x16xf32>)
// AVX2: %[[EMPTY:.*]] = tensor.empty() : tensor<1024x64x16xf32>
// AVX2: %[[TOP:.*]] = tensor.extract_slice %[[EMPTY]][0, 0, 0] [1020, 64, 16]
// AVX2: %[[MAIN:.*]] = scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (64, 1020) step (4, 30) shared_outs(%{{.*}} = %[[TOP]])
// AVX2:   linalg.fill {{.*}} -> tensor<6x1x16xf32>
// AVX2:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C256:.*]] iter_args
// AVX2:         linalg.generic
// AVX2-SAME:      ins(%{{.*}}, %{{.*}} : tensor<6x1xf32>, tensor<1x1x16xf32>) outs(%{{.*}} : tensor<6x1x16xf32>)
// AVX2: %[[WITH_MAIN:.*]] = tensor.insert_slice %[[MAIN]] into %[[EMPTY]][0, 0, 0] [1020, 64, 16]
// AVX2: %[[BOTTOM:.*]] = tensor.extract_slice %[[WITH_MAIN]][1020, 0, 0] [4, 64, 16]
// AVX2: %[[REST:.*]] = scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (64, 4) step (4, 4) shared_outs(%{{.*}} = %[[BOTTOM]])
// AVX2:   linalg.fill {{.*}} -> tensor<4x1x16xf32>
// AVX2:         linalg.generic
// AVX2-SAME:      ins(%{{.*}}, %{{.*}} : tensor<4x1xf32>, tensor<1x1x16xf32>) outs(%{{.*}} : tensor<4x1x16xf32>)
// AVX2: %[[ALL:.*]] = tensor.insert_slice %[[REST]] into %[[WITH_MAIN]][1020, 0, 0] [4, 64, 16]
// AVX2: tensor.collapse_shape %[[ALL]] {{\[\[}}0], [1, 2]] : tensor<1024x64x16xf32> into tensor<1024x1024xf32>
// NEON (128-bit vectors, 32 registers): panels of 8 columns and 8x8
// register tiles, 16 accumulators.
// NEON-LABEL: func.func @matmul
// NEON: tensor.expand_shape %{{.*}} {{\[\[}}0], [1, 2]] output_shape [1024, 128, 8]
// NEON: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (128, 1024) step (4, 64)
// NEON:   linalg.generic
// NEON-SAME: ins(%{{.*}}, %{{.*}} : tensor<8x1xf32>, tensor<1x1x8xf32>) outs(%{{.*}} : tensor<8x1x8xf32>)
// The pack reads B in order: chunks of 16 rows of B over threads, then a
// row at a time, its 32 panels inside.
// CHECK-LABEL: func.func @matmul
// CHECK: %[[PACK:.*]] = scf.forall (%{{.*}}) = (0) to (1024) step (16) {{.*}} -> (tensor<32x1024x32xf32>)
// CHECK:   scf.for %[[ROW:.*]] = %{{.*}} to %c16 step
// CHECK:     scf.for %[[PANEL:.*]] = %{{.*}} to %c32 step
// CHECK:       tensor.extract_slice %{{.*}}[%[[ROW]], %[[PANEL]], 0] [1, 1, 32]
// CHECK:       linalg.transpose ins(%{{.*}} : tensor<1x1x32xf32>) {{.*}} permutation = [1, 0, 2]
// CHECK: %[[RESULT:.*]] = scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (32, 1024) step (8, 64)
// CHECK:   linalg.fill
// CHECK:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C256:.*]] iter_args
// CHECK:     scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK:       scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%{{.*}}, %{{.*}} : tensor<8x1xf32>, tensor<1x1x32xf32>) outs(%{{.*}} : tensor<8x1x32xf32>)
// CHECK: tensor.collapse_shape %[[RESULT]] {{\[\[}}0], [1, 2]] : tensor<1024x32x32xf32> into tensor<1024x1024xf32>
func.func @matmul(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<1024x1024xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %c = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%fill : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %c : tensor<1024x1024xf32>
}

// -----

// An MLP layer at batch 64. With AVX-512 it reads its weights in place
// (fewer rows than packing needs): one 64x256 block per thread and 8x32
// register tiles. With AVX2, which packs B from 64 rows, B is copied into
// panels of 16 columns first; then blocks of all 64 rows by 4 panels: in
// each, reduction blocks of 196, and in each the first 60 rows in 6x16
// register tiles of one panel, the last 4 rows in 4x16 tiles, while the
// panels' reduction block is in cache.
// CHECK-LABEL: func.func @mlp_layer
// CHECK-NOT: linalg.transpose
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (64, 512) step (64, 256)
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x1xf32>, tensor<1x32xf32>) outs(%{{.*}} : tensor<8x32xf32>)
// AVX2-LABEL: func.func @mlp_layer
// AVX2:   tensor.expand_shape %{{.*}} {{\[\[}}0], [1, 2]] output_shape [784, 32, 16]
// AVX2:     linalg.transpose
// AVX2: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (32, 64) step (4, 64)
// AVX2:   scf.for %{{.*}} = %{{.*}} to %c784 step %c196 {{.*}} -> (tensor<60x4x16xf32>)
// AVX2:     linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<6x1xf32>, tensor<1x1x16xf32>) outs(%{{.*}} : tensor<6x1x16xf32>)
// AVX2:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {{.*}} -> (tensor<4x4x16xf32>)
// AVX2:     linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<4x1xf32>, tensor<1x1x16xf32>) outs(%{{.*}} : tensor<4x1x16xf32>)
// AVX2: scf.forall.in_parallel
func.func @mlp_layer(%a: tensor<64x784xf32>, %b: tensor<784x512xf32>) -> tensor<64x512xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<64x512xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<64x512xf32>) -> tensor<64x512xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x784xf32>, tensor<784x512xf32>) outs(%fill : tensor<64x512xf32>) -> tensor<64x512xf32>
  return %c : tensor<64x512xf32>
}

// -----

// A matmul of one row is not worth packing, and too small for threads.
// CHECK-LABEL: func.func @small_matmul
// CHECK-NOT: scf.forall
// CHECK-NOT: linalg.transpose
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<1x1xf32>, tensor<1x32xf32>) outs(%{{.*}} : tensor<1x32xf32>)
func.func @small_matmul(%a: tensor<1x64xf32>, %b: tensor<64x64xf32>) -> tensor<1x64xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<1x64xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x64xf32>) -> tensor<1x64xf32>
  %c = linalg.matmul ins(%a, %b : tensor<1x64xf32>, tensor<64x64xf32>) outs(%fill : tensor<1x64xf32>) -> tensor<1x64xf32>
  return %c : tensor<1x64xf32>
}

// -----

// Softmax: one loop nest over blocks of rows (threads), then rows, with the
// maximum, the exponentials, their sum and the division fused; inside a row
// each op steps through 64 elements, the reductions keep 64 partial
// results, and the division overwrites the exponentials in the result.
// CHECK-LABEL: func.func @softmax
// CHECK: scf.forall (%{{.*}}) = (0) to (4096) step (64) shared_outs(%[[OUT:.*]] = %{{.*}})
// CHECK:   scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ROWS:.*]] = %{{.*}})
// CHECK:     scf.for {{.*}} -> (tensor<1x64xf32>)
// CHECK:       arith.maximumf
// CHECK:     linalg.reduce
// CHECK:     %[[DEST:.*]] = tensor.extract_slice %[[ROWS]][%[[ROW]], 0] [1, 1024]
// CHECK:     %[[EXP:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[DEST]]) -> (tensor<1x1024xf32>)
// CHECK:       math.exp
// CHECK:     scf.for {{.*}} -> (tensor<1x64xf32>)
// CHECK:       arith.addf
// CHECK:     linalg.reduce
// CHECK:     scf.for {{.*}} iter_args(%{{.*}} = %[[EXP]]) -> (tensor<1x1024xf32>)
// CHECK:       arith.divf
// CHECK: scf.forall.in_parallel
// SSE steps through a row 32 elements (8 xmm, half its registers) at a
// time.
// SSE-LABEL: func.func @softmax
// SSE:     scf.for {{.*}} -> (tensor<1x32xf32>)
// SSE:       arith.maximumf
// SSE:     scf.for {{.*}} -> (tensor<1x32xf32>)
// SSE:       arith.addf
func.func @softmax(%x: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<4096xf32>
  %f1 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<4096xf32>) -> tensor<4096xf32>
  %max = linalg.reduce ins(%x : tensor<4096x1024xf32>) outs(%f1 : tensor<4096xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %e2 = tensor.empty() : tensor<4096x1024xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %max : tensor<4096x1024xf32>, tensor<4096xf32>) outs(%e2 : tensor<4096x1024xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %v = math.exp %d : f32
    linalg.yield %v : f32
  } -> tensor<4096x1024xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4096xf32>) -> tensor<4096xf32>
  %sum = linalg.reduce ins(%exp : tensor<4096x1024xf32>) outs(%f2 : tensor<4096xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%exp, %sum : tensor<4096x1024xf32>, tensor<4096xf32>) outs(%e2 : tensor<4096x1024xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %q = arith.divf %in, %s : f32
    linalg.yield %q : f32
  } -> tensor<4096x1024xf32>
  return %y : tensor<4096x1024xf32>
}

// -----

// A long 1-d element-wise op: chunks over threads, 64 elements per step.
// CHECK-LABEL: func.func @long_row
// CHECK: scf.forall (%{{.*}}) = (0) to (1048576) step (16384)
// CHECK:   scf.for {{.*}} -> (tensor<16384xf32>)
// CHECK:     linalg.generic {{.*}} ins(%{{.*}} : tensor<64xf32>) outs(%{{.*}} : tensor<64xf32>)
func.func @long_row(%x: tensor<1048576xf32>) -> tensor<1048576xf32> {
  %empty = tensor.empty() : tensor<1048576xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<1048576xf32>) outs(%empty : tensor<1048576xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<1048576xf32>
  return %y : tensor<1048576xf32>
}

// -----

// A 1-d op of a row's length (one of the 500 additions of 4096 elements of
// the naive accumulation): 64 elements per step on one thread, not one
// vector<4096xf32>.
// CHECK-LABEL: func.func @one_row
// CHECK-NOT: scf.forall
// CHECK: scf.for {{.*}} -> (tensor<4096xf32>)
// CHECK:   scf.for {{.*}} -> (tensor<64xf32>)
// CHECK:     linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<64xf32>, tensor<64xf32>) outs(%{{.*}} : tensor<64xf32>)
func.func @one_row(%x: tensor<4096xf32>, %z: tensor<4096xf32>) -> tensor<4096xf32> {
  %empty = tensor.empty() : tensor<4096xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x, %z : tensor<4096xf32>, tensor<4096xf32>) outs(%empty : tensor<4096xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<4096xf32>
  return %y : tensor<4096xf32>
}

// -----

// Dynamic shapes are left to the scalar lowering.
// CHECK-LABEL: func.func @dynamic
// CHECK-NOT: scf.for
// CHECK: linalg.generic
func.func @dynamic(%x: tensor<?xf32>, %empty: tensor<?xf32>) -> tensor<?xf32> {
  %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<?xf32>) outs(%empty : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// A convolution with its bias and relu: the pad becomes a fill and a copy
// into the interior; blocks of output rows per image go to threads, the
// fill is tiled alone, and each 8x32 register tile computes its
// convolution in a loop over filter rows, filter columns and input
// channels, then applies bias and relu to it.
// CHECK-LABEL: func.func @conv_bias_relu
// CHECK-NOT: tensor.pad
// CHECK: %[[ZEROS:.*]] = linalg.fill {{.*}} -> tensor<2x18x18x32xf32>
// CHECK: %[[PADDED:.*]] = tensor.insert_slice %{{.*}} into %[[ZEROS]][0, 1, 1, 0] [2, 16, 16, 32] [1, 1, 1, 1]
// CHECK: scf.forall (%[[N:.*]], %[[H:.*]]) in (2, 16)
// CHECK: scf.for
// CHECK: linalg.fill {{.*}} -> tensor<1x1x8x32xf32>
// CHECK: scf.for
// CHECK: scf.for {{.*}} to %c3
// CHECK: scf.for {{.*}} to %c3
// CHECK: scf.for {{.*}} to %c32
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x1x8x1xf32>, tensor<1x1x1x32xf32>) outs(%{{.*}} : tensor<1x1x8x32xf32>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x1x8x32xf32>, tensor<32xf32>) outs(%{{.*}} : tensor<1x1x8x32xf32>)
// CHECK: arith.maximumf
// CHECK: scf.forall.in_parallel
// With AVX2's register tiles of 6 rows, 16 output columns are two tiles of
// 6 columns and a peeled one of the 4 left (the largest divisor, 4, gave 8
// accumulators: too few to hide the FMA latency); the fill is tiled in
// fours. Canonicalized, the peeled tile is static.
// AVX2-CANON-LABEL: func.func @conv_bias_relu
// AVX2-CANON: scf.for %{{.*}} = %c0 to %c16 step %c4
// AVX2-CANON:   linalg.fill {{.*}} -> tensor<1x1x4x16xf32>
// AVX2-CANON: scf.for %{{.*}} = %c0 to %c12 step %c6
// AVX2-CANON:   linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x1x6x1xf32>, tensor<1x1x1x16xf32>) outs(%{{.*}} : tensor<1x1x6x16xf32>)
// AVX2-CANON:   linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x1x6x16xf32>, tensor<16xf32>)
// AVX2-CANON:   linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x1x4x1xf32>, tensor<1x1x1x16xf32>) outs(%{{.*}} : tensor<1x1x4x16xf32>)
// AVX2-CANON:   linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x1x4x16xf32>, tensor<16xf32>)
// AVX2-CANON: scf.forall.in_parallel
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d3)>
func.func @conv_bias_relu(%x: tensor<2x16x16x32xf32>, %w: tensor<3x3x32x32xf32>, %b: tensor<32xf32>) -> tensor<2x16x16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<2x16x16x32xf32> to tensor<2x18x18x32xf32>
  %empty = tensor.empty() : tensor<2x16x16x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x16x16x32xf32>) -> tensor<2x16x16x32xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %w : tensor<2x18x18x32xf32>, tensor<3x3x32x32xf32>) outs(%init : tensor<2x16x16x32xf32>) -> tensor<2x16x16x32xf32>
  %y = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv, %b : tensor<2x16x16x32xf32>, tensor<32xf32>) outs(%empty : tensor<2x16x16x32xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<2x16x16x32xf32>
  return %y : tensor<2x16x16x32xf32>
}

// -----

// An op with an empty dimension does nothing and is left as it is (tiling
// an empty range used to crash).
// CHECK-LABEL: func.func @empty_rows(
// CHECK-NOT: scf.for
// CHECK-NOT: scf.forall
// CHECK: linalg.generic
// CHECK-NOT: scf.for
// CHECK: return
// AVX2-LABEL: func.func @empty_rows(
// AVX2-NOT: scf.for
// AVX2: return
func.func @empty_rows(%x: tensor<2x0xf32>) -> tensor<2x0xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<2x0xf32>
  %relu = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                       affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x0xf32>) outs(%init : tensor<2x0xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x0xf32>
  return %relu : tensor<2x0xf32>
}

// -----

// 784 columns: the widest divisor of the columns up to a block would be 56,
// in register tiles of 14 columns (partial vectors, 15x slower). With AVX2
// the blocks are 16 columns, whole 6x16 register tiles; with AVX-512, whose
// 32-column tiles 784 is no multiple of, B is padded with zero columns to
// 800 (2 % more work) for whole 8x32 tiles, and the product's first 784
// columns are the result.
// AVX2-LABEL: func.func @odd_columns
// AVX2-NOT: tensor.pad
// AVX2: scf.forall (%{{.*}}) = (0) to (512) step (8) shared_outs(%{{.*}}) -> (tensor<49x512x16xf32>)
// AVX2: linalg.fill {{.*}} -> tensor<6x1x16xf32>
// AVX2: linalg.generic
// AVX2-SAME: ins(%{{.*}}, %{{.*}} : tensor<6x1xf32>, tensor<1x1x16xf32>) outs(%{{.*}} : tensor<6x1x16xf32>)
// CHECK-LABEL: func.func @odd_columns
// CHECK: %[[B:.*]] = tensor.pad %{{.*}} low[0, 0] high[0, 16]
// CHECK: %[[C:.*]] = scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (256, 800) step (64, 160)
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x1xf32>, tensor<1x32xf32>) outs(%{{.*}} : tensor<8x32xf32>)
// CHECK: tensor.extract_slice %[[C]][0, 0] [256, 784] [1, 1] : tensor<256x800xf32> to tensor<256x784xf32>
func.func @odd_columns(%a: tensor<256x512xf32>, %b: tensor<512x784xf32>) -> tensor<256x784xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<256x784xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<256x784xf32>) -> tensor<256x784xf32>
  %c = linalg.matmul ins(%a, %b : tensor<256x512xf32>, tensor<512x784xf32>) outs(%fill : tensor<256x784xf32>) -> tensor<256x784xf32>
  return %c : tensor<256x784xf32>
}

// -----

// 10 columns (a classifier's logits): B is padded with zero columns to 16,
// whole vectors, and the product's first 10 columns are the result.
// AVX2-LABEL: func.func @logits
// AVX2: %[[B:.*]] = tensor.pad %{{.*}} low[0, 0] high[0, 6]
// AVX2: linalg.generic
// AVX2-SAME: ins(%{{.*}}, %{{.*}} : tensor<6x1xf32>, tensor<1x1x16xf32>) outs(%{{.*}} : tensor<6x1x16xf32>)
// AVX2: tensor.extract_slice %{{.*}}[0, 0] [256, 10] [1, 1] : tensor<256x16xf32> to tensor<256x10xf32>
// CHECK-LABEL: func.func @logits
// CHECK: tensor.pad %{{.*}} low[0, 0] high[0, 6]
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x1xf32>, tensor<1x16xf32>) outs(%{{.*}} : tensor<8x16xf32>)
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [256, 10] [1, 1] : tensor<256x16xf32> to tensor<256x10xf32>
func.func @logits(%a: tensor<256x512xf32>, %b: tensor<512x10xf32>) -> tensor<256x10xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<256x10xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<256x10xf32>) -> tensor<256x10xf32>
  %c = linalg.matmul ins(%a, %b : tensor<256x512xf32>, tensor<512x10xf32>) outs(%fill : tensor<256x10xf32>) -> tensor<256x10xf32>
  return %c : tensor<256x10xf32>
}

// -----

// A transpose is tiled into squares of a cache line's 16 elements, each
// in blocks of 8 (4 with NEON's vectors), which vectorization reads as
// whole rows of the input and transposes in registers: 16-row squares of
// the output over threads, then the squares along the row, then their
// blocks. Sizes without a divisor of 4 keep the row-wise tiling, as does a
// transpose that keeps the innermost dimension in place.
// CHECK-LABEL: func.func @transpose
// CHECK: scf.forall (%{{.*}}) = (0) to (256) step (16)
// CHECK:   scf.for %{{.*}} = %{{.*}} to %c512 step %[[S:.*]] iter_args
// CHECK:     scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c8 iter_args
// CHECK:       scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK:         linalg.transpose ins(%{{.*}} : tensor<8x8xf32>) outs(%{{.*}} : tensor<8x8xf32>) permutation = [1, 0]
// AVX2-LABEL: func.func @transpose
// AVX2: linalg.transpose ins(%{{.*}} : tensor<8x8xf32>) outs(%{{.*}} : tensor<8x8xf32>) permutation = [1, 0]
// NEON-LABEL: func.func @transpose
// NEON: scf.forall (%{{.*}}) = (0) to (256) step (16)
// NEON: linalg.transpose ins(%{{.*}} : tensor<4x4xf32>) outs(%{{.*}} : tensor<4x4xf32>) permutation = [1, 0]
// CHECK-LABEL: func.func @transpose_6x12
// CHECK: linalg.transpose ins(%{{.*}} : tensor<12x1xf32>) outs(%{{.*}} : tensor<1x12xf32>) permutation = [1, 0]
// CHECK-LABEL: func.func @transpose_rows
// CHECK: linalg.transpose ins(%{{.*}} : tensor<1x1x16xf32>) outs(%{{.*}} : tensor<1x1x16xf32>) permutation = [1, 0, 2]
func.func @transpose(%x: tensor<512x256xf32>) -> tensor<256x512xf32> {
  %e = tensor.empty() : tensor<256x512xf32>
  %t = linalg.transpose ins(%x : tensor<512x256xf32>) outs(%e : tensor<256x512xf32>) permutation = [1, 0]
  return %t : tensor<256x512xf32>
}
func.func @transpose_6x12(%x: tensor<12x6xf32>) -> tensor<6x12xf32> {
  %e = tensor.empty() : tensor<6x12xf32>
  %t = linalg.transpose ins(%x : tensor<12x6xf32>) outs(%e : tensor<6x12xf32>) permutation = [1, 0]
  return %t : tensor<6x12xf32>
}
func.func @transpose_rows(%x: tensor<4x8x16xf32>) -> tensor<8x4x16xf32> {
  %e = tensor.empty() : tensor<8x4x16xf32>
  %t = linalg.transpose ins(%x : tensor<4x8x16xf32>) outs(%e : tensor<8x4x16xf32>) permutation = [1, 0, 2]
  return %t : tensor<8x4x16xf32>
}
