// Gathers from a slice of a larger tensor read the slice's elements: the
// vectorized gather indexes the slice in row-major order, and after
// bufferization the slice is a view with the larger tensor's strides
// (tfc-physical-gather-indices). ReverseSequence on the second half of a
// concatenation is such a gather (the backward LSTM's gradient in a
// BiLSTM).
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfc compile %s -o %t/libgathers.so
// RUN: tfc run %t/libgathers.so --fn column_slice --input "x=[[[0,1,2,3,4,5],[10,11,12,13,14,15],[20,21,22,23,24,25]]]" --input "i=[[2,1,0]]" | FileCheck %s --check-prefix=COLUMNS
// COLUMNS: y = f32[1,3,3] {{\[\[\[}}23 24 25] [13 14 15] [3 4 5]]]
// RUN: tfc run %t/libgathers.so --fn row_slice_columns --input "x=[[0,1,2,3],[10,11,12,13],[20,21,22,23]]" --input "i=[3,0,3]" | FileCheck %s --check-prefix=ROWS
// ROWS: y = f32[2,3] {{\[\[}}13 10 13] [23 20 23]]
// RUN: tfc run %t/libgathers.so --fn inner_block --input "x=[[0,1,2,3,4],[10,11,12,13,14],[20,21,22,23,24],[30,31,32,33,34]]" --input "i=[[1,0],[0,1]]" | FileCheck %s --check-prefix=BLOCK
// BLOCK: y = f32[2,2,3] {{\[\[\[}}21 22 23] [11 12 13]] {{\[\[}}11 12 13] [21 22 23]]]

// Dropout before a matmul (a BiLSTM-CRF's projection): the random mask is
// computed in the matmul's tiles as vectors of several dimensions, whose
// Philox multiplies are flattened for LLVM; the same mask drawn flat gives
// the same product.
// RUN: tfc run %t/libgathers.so --fn dropout_matmul | FileCheck %s --check-prefix=DROPOUT
// DROPOUT: same = bool[] true

// Rows 2, 1, 0 of columns 3..5.
func.func @column_slice(%x: tensor<1x3x6xf32> {tfc.name = "x"}, %i: tensor<1x3xi32> {tfc.name = "i"}) -> (tensor<1x3x3xf32> {tfc.name = "y"}) {
  %r = tfc.graph -> (tensor<1x3x3xf32>) {
    %s = tfc.slice %x begin [0, 0, 3] size [1, 3, 3] : tensor<1x3x6xf32>
    %f = tfc.reshape %s to [3, 3] : tensor<1x3x3xf32>
    %y = tfc.gather %f, %i : tensor<3x3xf32>, tensor<1x3xi32>
    tfc.fetch %y : tensor<1x3x3xf32>
  }
  return %r : tensor<1x3x3xf32>
}

// Columns 3, 0, 3 of rows 1..2: a view that starts at an offset.
func.func @row_slice_columns(%x: tensor<3x4xf32> {tfc.name = "x"}, %i: tensor<3xi32> {tfc.name = "i"}) -> (tensor<2x3xf32> {tfc.name = "y"}) {
  %r = tfc.graph -> (tensor<2x3xf32>) {
    %s = tfc.slice %x begin [1, 0] size [2, 4] : tensor<3x4xf32>
    %y = tfc.gather %s, %i axis 1 : tensor<2x4xf32>, tensor<3xi32>
    tfc.fetch %y : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

// Rows of the block x[1:3, 1:4], in the order the indices give.
func.func @inner_block(%x: tensor<4x5xf32> {tfc.name = "x"}, %i: tensor<2x2xi32> {tfc.name = "i"}) -> (tensor<2x2x3xf32> {tfc.name = "y"}) {
  %r = tfc.graph -> (tensor<2x2x3xf32>) {
    %s = tfc.slice %x begin [1, 1] size [2, 3] : tensor<4x5xf32>
    %y = tfc.gather %s, %i : tensor<2x3xf32>, tensor<2x2xi32>
    tfc.fetch %y : tensor<2x2x3xf32>
  }
  return %r : tensor<2x2x3xf32>
}

func.func @dropout_matmul() -> (tensor<i1> {tfc.name = "same"}) {
  %r = tfc.graph -> (tensor<i1>) {
    %x = tfc.random_uniform seed [7, 7] : tensor<2x3x600xf32>
    %w = tfc.random_uniform seed [1, 1] : tensor<600x9xf32>
    %half = tfc.constant dense<0.5> : tensor<f32>
    %u = tfc.random_uniform seed [5, 6] : tensor<2x3x600xf32>
    %zero = tfc.constant dense<0.0> : tensor<f32>
    %keep = tfc.less %u, %half : tensor<2x3x600xf32>, tensor<f32>
    %d = tfc.where %keep, %x, %zero : tensor<2x3x600xi1>, tensor<2x3x600xf32>, tensor<f32>
    %d2 = tfc.reshape %d to [6, 600] : tensor<2x3x600xf32>
    %y = tfc.matmul %d2, %w : tensor<6x600xf32>, tensor<600x9xf32>
    %flat = tfc.random_uniform seed [5, 6] : tensor<3600xf32>
    %fkeep = tfc.less %flat, %half : tensor<3600xf32>, tensor<f32>
    %x2 = tfc.reshape %x to [3600] : tensor<2x3x600xf32>
    %fd = tfc.where %fkeep, %x2, %zero : tensor<3600xi1>, tensor<3600xf32>, tensor<f32>
    %fd2 = tfc.reshape %fd to [6, 600] : tensor<3600xf32>
    %fy = tfc.matmul %fd2, %w : tensor<6x600xf32>, tensor<600x9xf32>
    %diff = tfc.sub %y, %fy : tensor<6x9xf32>, tensor<6x9xf32>
    %abs = tfc.abs %diff : tensor<6x9xf32>
    %worst = tfc.reduce_max %abs axes [0, 1] : tensor<6x9xf32>
    %tol = tfc.constant dense<1.0e-4> : tensor<f32>
    %same = tfc.less %worst, %tol : tensor<f32>, tensor<f32>
    tfc.fetch %same : tensor<i1>
  }
  return %r : tensor<i1>
}
