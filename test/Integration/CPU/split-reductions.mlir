// Column reductions (a thread per output walking down its column) and
// reductions of few long rows (several blocks per row) on the CUDA target,
// in two kernels when the outputs alone give too few blocks: the same
// numbers as numpy. Inputs are small integers, so every sum is exact in
// any order and results must be equal; a mean is within one rounding.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/split_reductions.py generate %t
// RUN: tfc compile %s -o %t/libsplit.so
// RUN: tfc run %t/libsplit.so --fn columns --input x=%t/columns.npy --output-dir %t/columns --max-elements 0 > /dev/null
// RUN: tfc run %t/libsplit.so --fn everything --input x=%t/everything.npy --output-dir %t/everything --max-elements 0 > /dev/null
// RUN: tfc run %t/libsplit.so --fn rows --input x=%t/rows.npy --input y=%t/outer.npy --output-dir %t/rows --max-elements 0 > /dev/null
// RUN: tfc run %t/libsplit.so --fn integers --input x=%t/integers.npy --output-dir %t/integers --max-elements 0 > /dev/null
// RUN: for s in small large empty nocolumns; do tfc run %t/libsplit.so --fn dynamic --input x=%t/dynamic_$s.npy --output-dir %t/dynamic_$s --max-elements 0 > /dev/null || exit 1; done
// RUN: %python %S/Inputs/split_reductions.py check %t | FileCheck %s
// CHECK: columns sum True max True squares True mean True
// CHECK-NEXT: everything sum True max True
// CHECK-NEXT: rows sum True outer True
// CHECK-NEXT: integers sum True min True
// CHECK-NEXT: dynamic_small columns True everything True rows True
// CHECK-NEXT: dynamic_large columns True everything True rows True
// CHECK-NEXT: dynamic_empty columns True everything True rows True
// CHECK-NEXT: dynamic_nocolumns columns True everything True rows True

// 700 columns of 3000 rows: 171 parts of 18 rows each.
func.func @columns(%x: tensor<3000x700xf32> {tfc.name = "x"}) -> (tensor<700xf32>, tensor<700xf32>, tensor<700xf32>, tensor<1x700xf32>) {
  %r:4 = tfc.graph -> (tensor<700xf32>, tensor<700xf32>, tensor<700xf32>, tensor<1x700xf32>) {
    %sum = tfc.reduce_sum %x axes [0] : tensor<3000x700xf32>
    %max = tfc.reduce_max %x axes [0] : tensor<3000x700xf32>
    %sq = tfc.mul %x, %x : tensor<3000x700xf32>, tensor<3000x700xf32>
    %squares = tfc.reduce_sum %sq axes [0] : tensor<3000x700xf32>
    %mean = tfc.reduce_mean %x axes [0] keep_dims : tensor<3000x700xf32>
    tfc.fetch %sum, %max, %squares, %mean : tensor<700xf32>, tensor<700xf32>, tensor<700xf32>, tensor<1x700xf32>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<700xf32>, tensor<700xf32>, tensor<700xf32>, tensor<1x700xf32>
}

// Everything of [1500, 900]: one row cut into 330 parts.
func.func @everything(%x: tensor<1500x900xf32> {tfc.name = "x"}) -> (tensor<f32>, tensor<f32>) {
  %r:2 = tfc.graph -> (tensor<f32>, tensor<f32>) {
    %sum = tfc.reduce_sum %x axes [0, 1] : tensor<1500x900xf32>
    %max = tfc.reduce_max %x axes [0, 1] : tensor<1500x900xf32>
    tfc.fetch %sum, %max : tensor<f32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<f32>
}

// Four rows of 100000 (25 parts each), and the outer axes of
// [256, 3, 500]: three rows of 128000 elements, not contiguous (32 parts).
func.func @rows(%x: tensor<4x100000xf32> {tfc.name = "x"}, %y: tensor<256x3x500xf32> {tfc.name = "y"}) -> (tensor<4xf32>, tensor<3xf32>) {
  %r:2 = tfc.graph -> (tensor<4xf32>, tensor<3xf32>) {
    %sum = tfc.reduce_sum %x axes [1] : tensor<4x100000xf32>
    %outer = tfc.reduce_sum %y axes [0, 2] : tensor<256x3x500xf32>
    tfc.fetch %sum, %outer : tensor<4xf32>, tensor<3xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<3xf32>
}

// 40 integer columns of 30000 rows: a block of 64 threads, 512 parts.
func.func @integers(%x: tensor<30000x40xi32> {tfc.name = "x"}) -> (tensor<40xi32>, tensor<40xi32>) {
  %r:2 = tfc.graph -> (tensor<40xi32>, tensor<40xi32>) {
    %sum = tfc.reduce_sum %x axes [0] : tensor<30000x40xi32>
    %min = tfc.reduce_min %x axes [0] : tensor<30000x40xi32>
    tfc.fetch %sum, %min : tensor<40xi32>, tensor<40xi32>
  }
  return %r#0, %r#1 : tensor<40xi32>, tensor<40xi32>
}

// Sizes known at run time: the columns' parts are counted at run time;
// the sum of everything and the row maxima keep a block per output.
func.func @dynamic(%x: tensor<?x?xf32> {tfc.name = "x"}) -> (tensor<?xf32>, tensor<f32>, tensor<?xf32>) {
  %r:3 = tfc.graph -> (tensor<?xf32>, tensor<f32>, tensor<?xf32>) {
    %columns = tfc.reduce_sum %x axes [0] : tensor<?x?xf32>
    %everything = tfc.reduce_sum %x axes [0, 1] : tensor<?x?xf32>
    %rows = tfc.reduce_max %x axes [1] : tensor<?x?xf32>
    tfc.fetch %columns, %everything, %rows : tensor<?xf32>, tensor<f32>, tensor<?xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<?xf32>, tensor<f32>, tensor<?xf32>
}
