// Convolutions whose output width the register tile's columns do not
// divide: with AVX2's tiles of 6 columns, 7 columns are a tile of 6 and a
// peeled tile of 1, 14 columns two tiles of 6 and one of 2 (the largest
// divisors made tiles of 1 and 2 columns). The outputs match float64
// references, on one thread and on two.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/conv_columns.py inputs %t
// RUN: tfc compile %s -o %t/libconv.so
// RUN: env TFC_NUM_THREADS=1 tfc run %t/libconv.so --fn conv7 --input x=%t/x7.npy --input w=%t/w.npy --input b=%t/b.npy --output-dir %t/out7
// RUN: %python %S/Inputs/conv_columns.py check %t/out7/output0.npy %t/y7.npy | FileCheck %s --check-prefix=SEVEN
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libconv.so --fn conv14 --input x=%t/x14.npy --input w=%t/w.npy --input b=%t/b.npy --output-dir %t/out14
// RUN: %python %S/Inputs/conv_columns.py check %t/out14/output0.npy %t/y14.npy | FileCheck %s --check-prefix=FOURTEEN

// SEVEN: shape [1, 7, 7, 16] close
// FOURTEEN: shape [1, 14, 14, 16] close

func.func @conv7(%x: tensor<1x7x7x4xf32> {tfc.name = "x"}, %w: tensor<3x3x4x16xf32> {tfc.name = "w"}, %b: tensor<16xf32> {tfc.name = "b"}) -> tensor<1x7x7x16xf32> {
  %r = tfc.graph -> (tensor<1x7x7x16xf32>) {
    %c = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME" : tensor<1x7x7x4xf32>, tensor<3x3x4x16xf32>
    %z = tfc.bias_add %c, %b : tensor<1x7x7x16xf32>, tensor<16xf32>
    %y = tfc.relu %z : tensor<1x7x7x16xf32>
    tfc.fetch %y : tensor<1x7x7x16xf32>
  }
  return %r : tensor<1x7x7x16xf32>
}

func.func @conv14(%x: tensor<1x14x14x4xf32> {tfc.name = "x"}, %w: tensor<3x3x4x16xf32> {tfc.name = "w"}, %b: tensor<16xf32> {tfc.name = "b"}) -> tensor<1x14x14x16xf32> {
  %r = tfc.graph -> (tensor<1x14x14x16xf32>) {
    %c = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME" : tensor<1x14x14x4xf32>, tensor<3x3x4x16xf32>
    %z = tfc.bias_add %c, %b : tensor<1x14x14x16xf32>, tensor<16xf32>
    %y = tfc.relu %z : tensor<1x14x14x16xf32>
    tfc.fetch %y : tensor<1x14x14x16xf32>
  }
  return %r : tensor<1x14x14x16xf32>
}
