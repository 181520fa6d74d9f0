// RUN: tfc-opt %s --split-input-file --tfc-pack-weights=target=avx2 | FileCheck %s
// RUN: tfc-opt %s --split-input-file --tfc-pack-weights=target=avx512 | FileCheck %s --check-prefix=AVX512
// RUN: tfc-opt %s --split-input-file --tfc-pack-weights=target=avx2 --tfc-tile-and-fuse=target=avx2 | FileCheck %s --check-prefix=TILED

// A reading entry point: both matmuls on the variable @w (static and
// dynamic rows) read one new trailing argument, @w packed in panels of the
// register tile's width (16 columns with AVX2, 32 with AVX-512), through
// the packed contraction; the module lists it. @v's 10 columns are no
// whole vectors: packed into one panel of 16 whose last 6 columns are
// zero, its matmul computes 16 columns and keeps the first 10.
// CHECK: module attributes {tfc.packed_variables = {reads = {{\[\[}}@w, 16], [@v, 16]]}}
// CHECK-LABEL: func.func @reads(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<?x512xf32>, %[[S:[^:]*]]: tensor<8x512xf32>,
// CHECK-SAME:    %[[W:[^:]*]]: memref<512x256xf32>, %[[V:[^:]*]]: memref<256x10xf32>, %[[WP:[^:]*]]: memref<16x512x16xf32>, %[[VP:[^:]*]]: memref<1x256x16xf32>)
// CHECK:         %[[VPT:.*]] = bufferization.to_tensor %[[VP]] restrict : memref<1x256x16xf32>
// CHECK:         %[[P:.*]] = bufferization.to_tensor %[[WP]] restrict : memref<16x512x16xf32>
// CHECK:         %[[Y3:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[X]], %[[P]] : tensor<?x512xf32>, tensor<16x512x16xf32>) outs(%{{.*}} : tensor<?x16x16xf32>)
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK:         %[[Y:.*]] = tensor.collapse_shape %[[Y3]] {{\[\[}}0], [1, 2]] : tensor<?x16x16xf32> into tensor<?x256xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[S]], %[[P]] : tensor<8x512xf32>, tensor<16x512x16xf32>) outs(%{{.*}} : tensor<8x16x16xf32>)
// CHECK:         %[[Z3:.*]] = linalg.generic {{.*}} ins(%[[Y]], %[[VPT]] : tensor<?x256xf32>, tensor<1x256x16xf32>) outs(%{{.*}} : tensor<?x1x16xf32>)
// CHECK:         %[[Z16:.*]] = tensor.collapse_shape %[[Z3]] {{\[\[}}0], [1, 2]] : tensor<?x1x16xf32> into tensor<?x16xf32>
// CHECK:         %[[Z:.*]] = tensor.extract_slice %[[Z16]][0, 0] [%{{.*}}, 10] [1, 1] : tensor<?x16xf32> to tensor<?x10xf32>
// CHECK:         return %[[Z]],
// AVX512: module attributes {tfc.packed_variables = {reads = {{\[\[}}@w, 32], [@v, 16]]}}
// AVX512: memref<8x512x32xf32>, %{{.*}}: memref<1x256x16xf32>)
//
// Tiled, the packed contraction takes the matmul's path: row blocks over
// threads of whole panels, register tiles of 6 rows by one panel, the
// rows left in a padded register tile, then tiles of 2 and 1 rows.
// TILED-LABEL: func.func @reads(
// TILED:         scf.forall
// TILED:           linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<6x1xf32>, tensor<1x1x16xf32>) outs(%{{.*}} : tensor<6x1x16xf32>)
// TILED:           tensor.pad
// TILED:           linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<6x1xf32>, tensor<1x1x16xf32>) outs(%{{.*}} : tensor<6x1x16xf32>)
// TILED:           linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2x1xf32>, tensor<1x1x16xf32>) outs(%{{.*}} : tensor<2x1x16xf32>)
// TILED:           linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x1xf32>, tensor<1x1x16xf32>) outs(%{{.*}} : tensor<1x1x16xf32>)
// The 8 static rows: a register tile of 6 rows and one of 2.
// TILED:         linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<6x1xf32>, tensor<1x1x16xf32>) outs(%{{.*}} : tensor<6x1x16xf32>)
// TILED:         linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2x1xf32>, tensor<1x1x16xf32>) outs(%{{.*}} : tensor<2x1x16xf32>)
func.func @reads(%x: tensor<?x512xf32>, %s: tensor<8x512xf32>, %w: memref<512x256xf32>, %v: memref<256x10xf32>) -> (tensor<?x10xf32>, tensor<8x256xf32>) attributes {tfc.entry_point, tfc.variables = [@w, @v]} {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %wt = bufferization.to_tensor %w restrict writable : memref<512x256xf32> to tensor<512x256xf32>
  %vt = bufferization.to_tensor %v restrict writable : memref<256x10xf32> to tensor<256x10xf32>
  %m = tensor.dim %x, %c0 : tensor<?x512xf32>
  %e = tensor.empty(%m) : tensor<?x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x256xf32>) -> tensor<?x256xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<?x512xf32>, tensor<512x256xf32>) outs(%f : tensor<?x256xf32>) -> tensor<?x256xf32>
  %es = tensor.empty() : tensor<8x256xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<8x256xf32>) -> tensor<8x256xf32>
  %ys = linalg.matmul ins(%s, %wt : tensor<8x512xf32>, tensor<512x256xf32>) outs(%fs : tensor<8x256xf32>) -> tensor<8x256xf32>
  %e10 = tensor.empty(%m) : tensor<?x10xf32>
  %f10 = linalg.fill ins(%zero : f32) outs(%e10 : tensor<?x10xf32>) -> tensor<?x10xf32>
  %z = linalg.matmul ins(%y, %vt : tensor<?x256xf32>, tensor<256x10xf32>) outs(%f10 : tensor<?x10xf32>) -> tensor<?x10xf32>
  return %z, %ys : tensor<?x10xf32>, tensor<8x256xf32>
}

// -----

// An entry point that assigns variables would repack them on every call:
// its matmuls are left to the tiling pass. So is a matmul whose B is an
// argument, not a variable, and one that adds a variable of 10 columns
// (which would need zero columns) to partial sums it did not start.
// CHECK-NOT: tfc.packed_variables
// CHECK-LABEL: func.func @writes(
// CHECK-SAME:    %{{[^:]*}}: memref<64x64xf32>)
// CHECK:         linalg.matmul
// CHECK-LABEL: func.func @argument(
// CHECK-SAME:    %{{[^:]*}}: tensor<64x64xf32>)
// CHECK:         linalg.matmul
// CHECK-LABEL: func.func @accumulate(
// CHECK-SAME:    %{{[^:]*}}: memref<64x10xf32>)
// CHECK:         linalg.matmul
func.func @writes(%x: tensor<4x64xf32>, %w: memref<64x64xf32>) -> tensor<4x64xf32> attributes {tfc.entry_point, tfc.variables = [@w], tfc.writes_variables} {
  %zero = arith.constant 0.0 : f32
  %wt = bufferization.to_tensor %w restrict writable : memref<64x64xf32> to tensor<64x64xf32>
  %e = tensor.empty() : tensor<4x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x64xf32>) -> tensor<4x64xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<4x64xf32>, tensor<64x64xf32>) outs(%f : tensor<4x64xf32>) -> tensor<4x64xf32>
  return %y : tensor<4x64xf32>
}

func.func @argument(%x: tensor<4x64xf32>, %b: tensor<64x64xf32>) -> tensor<4x64xf32> attributes {tfc.entry_point} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x64xf32>) -> tensor<4x64xf32>
  %y = linalg.matmul ins(%x, %b : tensor<4x64xf32>, tensor<64x64xf32>) outs(%f : tensor<4x64xf32>) -> tensor<4x64xf32>
  return %y : tensor<4x64xf32>
}

func.func @accumulate(%x: tensor<4x64xf32>, %c: tensor<4x10xf32>, %w: memref<64x10xf32>) -> tensor<4x10xf32> attributes {tfc.entry_point, tfc.variables = [@w]} {
  %wt = bufferization.to_tensor %w restrict writable : memref<64x10xf32> to tensor<64x10xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<4x64xf32>, tensor<64x10xf32>) outs(%c : tensor<4x10xf32>) -> tensor<4x10xf32>
  return %y : tensor<4x10xf32>
}

// -----

// A constant B is packed at compile time, in any function (an entry point
// that assigns variables too): ten columns become one panel of 16 whose
// last six columns are zeros. Matmuls on the same constant share the
// packed copy. A splat is left alone.
// CHECK-LABEL: func.func @constant(
// CHECK:         %[[P:.*]] = arith.constant dense<{{\[\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00, 9.000000e+00, 1.000000e+01, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00], [1.100000e+01, {{.*}}, 2.000000e+01, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]]]> : tensor<1x2x16xf32>
// CHECK-NOT:     arith.constant dense<{{.*}}> : tensor<1x2x16xf32>
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %[[P]] : tensor<?x2xf32>, tensor<1x2x16xf32>) outs(%{{.*}} : tensor<?x1x16xf32>)
// CHECK:         tensor.extract_slice %{{.*}}[0, 0] [%{{.*}}, 10] [1, 1] : tensor<?x16xf32> to tensor<?x10xf32>
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %[[P]] : tensor<4x2xf32>, tensor<1x2x16xf32>) outs(%{{.*}} : tensor<4x1x16xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x2xf32>, tensor<2x16xf32>)
func.func @constant(%x: tensor<?x2xf32>, %s: tensor<4x2xf32>, %w: memref<2x2xf32>) -> (tensor<?x10xf32>, tensor<4x10xf32>, tensor<4x16xf32>) attributes {tfc.entry_point, tfc.variables = [@w], tfc.writes_variables} {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %b = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0], [11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0]]> : tensor<2x10xf32>
  %splat = arith.constant dense<0.5> : tensor<2x16xf32>
  %m = tensor.dim %x, %c0 : tensor<?x2xf32>
  %e = tensor.empty(%m) : tensor<?x10xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x10xf32>) -> tensor<?x10xf32>
  %y = linalg.matmul ins(%x, %b : tensor<?x2xf32>, tensor<2x10xf32>) outs(%f : tensor<?x10xf32>) -> tensor<?x10xf32>
  %es = tensor.empty() : tensor<4x10xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<4x10xf32>) -> tensor<4x10xf32>
  %ys = linalg.matmul ins(%s, %b : tensor<4x2xf32>, tensor<2x10xf32>) outs(%fs : tensor<4x10xf32>) -> tensor<4x10xf32>
  %e16 = tensor.empty() : tensor<4x16xf32>
  %f16 = linalg.fill ins(%zero : f32) outs(%e16 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %z = linalg.matmul ins(%s, %splat : tensor<4x2xf32>, tensor<2x16xf32>) outs(%f16 : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %y, %ys, %z : tensor<?x10xf32>, tensor<4x10xf32>, tensor<4x16xf32>
}
