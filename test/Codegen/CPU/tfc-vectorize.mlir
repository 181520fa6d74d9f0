// RUN: tfc-opt %s --tfc-vectorize=target=avx512 --split-input-file | FileCheck %s
// RUN: tfc-opt %s --tfc-vectorize=target=avx2 --split-input-file | FileCheck %s --check-prefix=AVX2

// A register tile in its reduction loop: one vector.contract per step, the
// accumulator read before the loop and written after it.
// CHECK-LABEL: func.func @register_tile
// CHECK: %[[ACC:.*]] = vector.transfer_read %{{.*}} : tensor<8x32xf32>, vector<8x32xf32>
// CHECK: %[[SUM:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[A:.*]] = %[[ACC]]) -> (tensor<8x32xf32>, vector<8x32xf32>)
// CHECK-NOT: vector.transfer_write
// CHECK:   vector.contract {{.*}} %[[A]] : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// CHECK: vector.transfer_write %[[SUM]]#1
func.func @register_tile(%a: tensor<8x256xf32>, %b: tensor<256x32xf32>, %c: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %r = scf.for %k = %c0 to %c256 step %c1 iter_args(%acc = %c) -> (tensor<8x32xf32>) {
    %sa = tensor.extract_slice %a[0, %k] [8, 1] [1, 1] : tensor<8x256xf32> to tensor<8x1xf32>
    %sb = tensor.extract_slice %b[%k, 0] [1, 32] [1, 1] : tensor<256x32xf32> to tensor<1x32xf32>
    %m = linalg.matmul ins(%sa, %sb : tensor<8x1xf32>, tensor<1x32xf32>) outs(%acc : tensor<8x32xf32>) -> tensor<8x32xf32>
    scf.yield %m : tensor<8x32xf32>
  }
  return %r : tensor<8x32xf32>
}

// -----

// Element-wise ops become vector arithmetic.
// CHECK-LABEL: func.func @elementwise
// CHECK: %[[X:.*]] = vector.transfer_read %{{.*}} : tensor<64xf32>, vector<64xf32>
// CHECK: %[[E:.*]] = math.exp %[[X]] : vector<64xf32>
// CHECK: vector.transfer_write %[[E]]
func.func @elementwise(%x: tensor<64xf32>) -> tensor<64xf32> {
  %empty = tensor.empty() : tensor<64xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<64xf32>) outs(%empty : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<64xf32>
  return %y : tensor<64xf32>
}

// -----

// The largest vector operation is eight register files: 4096 f32 with
// AVX-512, 1024 with AVX2.
// CHECK-LABEL: func.func @register_files
// CHECK: math.exp %{{.*}} : vector<2048xf32>
// AVX2-LABEL: func.func @register_files
// AVX2-NOT: vector.
// AVX2: linalg.generic
func.func @register_files(%x: tensor<2048xf32>) -> tensor<2048xf32> {
  %empty = tensor.empty() : tensor<2048xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<2048xf32>) outs(%empty : tensor<2048xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<2048xf32>
  return %y : tensor<2048xf32>
}

// -----

// Too large for registers, dynamic, or boolean in memory: left alone.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: vector.
// CHECK-COUNT-3: linalg.generic
func.func @left_alone(%big: tensor<8192xf32>, %dyn: tensor<?xf32>, %bits: tensor<16xi1>) -> (tensor<8192xf32>, tensor<?xf32>, tensor<16xi1>) {
  %e1 = tensor.empty() : tensor<8192xf32>
  %y1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%big : tensor<8192xf32>) outs(%e1 : tensor<8192xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<8192xf32>
  %y2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%dyn : tensor<?xf32>) outs(%dyn : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<?xf32>
  %e3 = tensor.empty() : tensor<16xi1>
  %y3 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%bits : tensor<16xi1>) outs(%e3 : tensor<16xi1>) {
  ^bb0(%in: i1, %out: i1):
    %true = arith.constant true
    %n = arith.xori %in, %true : i1
    linalg.yield %n : i1
  } -> tensor<16xi1>
  return %y1, %y2, %y3 : tensor<8192xf32>, tensor<?xf32>, tensor<16xi1>
}

// -----

// A convolution register tile (one filter tap, one input channel) becomes a
// 1-D convolution and then one contraction of 8 input pixels with a filter
// row into the 8x32 accumulator: an outer product.
// CHECK-LABEL: func.func @conv_tile
// CHECK-NOT: linalg.conv
// CHECK: %[[X:.*]] = vector.transfer_read %{{.*}} : tensor<1x1x8x1xf32>, vector<1x8x1xf32>
// CHECK: %[[W:.*]] = vector.transfer_read %{{.*}} : tensor<1x1x1x32xf32>, vector<1x1x32xf32>
// CHECK: %[[ACC:.*]] = vector.transfer_read %{{.*}} : tensor<1x1x8x32xf32>, vector<1x8x32xf32>
// CHECK: %[[ROW:.*]] = vector.extract %[[W]][0] : vector<1x32xf32> from vector<1x1x32xf32>
// CHECK: %[[R:.*]] = vector.contract {{.*}} %[[X]], %[[ROW]], %[[ACC]] : vector<1x8x1xf32>, vector<1x32xf32> into vector<1x8x32xf32>
// CHECK: vector.transfer_write %[[R]]
func.func @conv_tile(%x: tensor<1x1x8x1xf32>, %w: tensor<1x1x1x32xf32>, %acc: tensor<1x1x8x32xf32>) -> tensor<1x1x8x32xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x1x8x1xf32>, tensor<1x1x1x32xf32>) outs(%acc : tensor<1x1x8x32xf32>) -> tensor<1x1x8x32xf32>
  return %0 : tensor<1x1x8x32xf32>
}

// -----

// One row of an operand broadcast at run time (row 0 when its row count is
// 1, row %i otherwise): the index is the same for the whole row, so the row
// is one contiguous read, not a gather.
// CHECK-LABEL: func.func @broadcast_row
// CHECK: %[[ROW:.*]] = arith.select
// CHECK-NOT: vector.gather
// CHECK: vector.transfer_read %{{.*}}[%[[ROW]], %{{.*}}]{{.*}} : tensor<?x16xf32>, vector<1x16xf32>
// CHECK-NOT: vector.gather
// CHECK: arith.addf %{{.*}} : vector<1x16xf32>
func.func @broadcast_row(%x: tensor<?x16xf32>, %y: tensor<1x16xf32>, %isOne: i1, %i: index) -> tensor<1x16xf32> {
  %c0 = arith.constant 0 : index
  %out = tensor.empty() : tensor<1x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<1x16xf32>) outs(%out : tensor<1x16xf32>) {
  ^bb0(%in: f32, %o: f32):
    %row = arith.select %isOne, %c0, %i : index
    %col = linalg.index 1 : index
    %e = tensor.extract %x[%row, %col] : tensor<?x16xf32>
    %s = arith.addf %e, %in : f32
    linalg.yield %s : f32
  } -> tensor<1x16xf32>
  return %r : tensor<1x16xf32>
}

// -----

// Philox's 32-bit multiplies on a vector of several dimensions (a random
// mask computed in a tile) are done on the flattened vector, which LLVM
// lowering takes.
// CHECK-LABEL: func.func @multiply_extended
// CHECK: %[[A:.*]] = vector.shape_cast %{{.*}} : vector<2x3x1xi32> to vector<6xi32>
// CHECK: %[[B:.*]] = vector.shape_cast %{{.*}} : vector<2x3x1xi32> to vector<6xi32>
// CHECK: %[[LOW:.*]], %[[HIGH:.*]] = arith.mului_extended %[[A]], %[[B]] : vector<6xi32>
// CHECK: vector.shape_cast %[[LOW]] : vector<6xi32> to vector<2x3x1xi32>
// CHECK: vector.shape_cast %[[HIGH]] : vector<6xi32> to vector<2x3x1xi32>
func.func @multiply_extended(%a: vector<2x3x1xi32>, %b: vector<2x3x1xi32>) -> (vector<2x3x1xi32>, vector<2x3x1xi32>) {
  %low, %high = arith.mului_extended %a, %b : vector<2x3x1xi32>
  return %low, %high : vector<2x3x1xi32>, vector<2x3x1xi32>
}
