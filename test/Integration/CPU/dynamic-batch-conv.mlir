// A convolution whose batch is known only at run time takes the static
// tiled path, one image per block of output rows: blocks over threads,
// register tiles of output columns by channels, the bias and relu fused.
// Batch 0, 1 and 3 give the numbers of models with that batch in their
// types bit for bit, on one thread and on two, and a float64 reference's
// within 1e-5.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/dynamic_batch_conv.py inputs %t
// RUN: tfc compile %s -o %t/libconv.so
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libconv.so --fn conv_relu --input x=%t/x0.npy --input w=%t/w.npy --input b=%t/b.npy --output-dir %t/dyn0t2
// RUN: %python %S/Inputs/dynamic_batch_conv.py check %t/dyn0t2/output0.npy %t/y0.npy | FileCheck %s --check-prefix=REF0
// RUN: env TFC_NUM_THREADS=1 tfc run %t/libconv.so --fn conv_relu --input x=%t/x1.npy --input w=%t/w.npy --input b=%t/b.npy --output-dir %t/dyn1t1
// RUN: %python %S/Inputs/dynamic_batch_conv.py check %t/dyn1t1/output0.npy %t/y1.npy | FileCheck %s --check-prefix=REF1
// RUN: env TFC_NUM_THREADS=1 tfc run %t/libconv.so --fn conv_relu --input x=%t/x3.npy --input w=%t/w.npy --input b=%t/b.npy --output-dir %t/dyn3t1
// RUN: %python %S/Inputs/dynamic_batch_conv.py check %t/dyn3t1/output0.npy %t/y3.npy | FileCheck %s --check-prefix=REF3
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libconv.so --fn conv_relu --input x=%t/x3.npy --input w=%t/w.npy --input b=%t/b.npy --output-dir %t/dyn3t2
// RUN: %python %S/Inputs/dynamic_batch_conv.py check %t/dyn3t2/output0.npy %t/y3.npy | FileCheck %s --check-prefix=REF3
// RUN: tfc run %t/libconv.so --fn conv_relu_1 --input x=%t/x1.npy --input w=%t/w.npy --input b=%t/b.npy --output-dir %t/static1
// RUN: %python %S/Inputs/dynamic_batch_conv.py check %t/dyn1t1/output0.npy %t/static1/output0.npy --exact | FileCheck %s --check-prefix=SAME1
// RUN: tfc run %t/libconv.so --fn conv_relu_3 --input x=%t/x3.npy --input w=%t/w.npy --input b=%t/b.npy --output-dir %t/static3
// RUN: %python %S/Inputs/dynamic_batch_conv.py check %t/dyn3t1/output0.npy %t/static3/output0.npy --exact | FileCheck %s --check-prefix=SAME3
// RUN: %python %S/Inputs/dynamic_batch_conv.py check %t/dyn3t2/output0.npy %t/static3/output0.npy --exact | FileCheck %s --check-prefix=SAME3

// REF0: shape [0, 8, 8, 8] close
// REF1: shape [1, 8, 8, 8] close
// REF3: shape [3, 8, 8, 8] close
// SAME1: shape [1, 8, 8, 8] identical
// SAME3: shape [3, 8, 8, 8] identical

func.func @conv_relu(%x: tensor<?x8x8x4xf32> {tfc.name = "x"}, %w: tensor<3x3x4x8xf32> {tfc.name = "w"}, %b: tensor<8xf32> {tfc.name = "b"}) -> tensor<?x8x8x8xf32> {
  %r = tfc.graph -> (tensor<?x8x8x8xf32>) {
    %c = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME" : tensor<?x8x8x4xf32>, tensor<3x3x4x8xf32>
    %z = tfc.bias_add %c, %b : tensor<?x8x8x8xf32>, tensor<8xf32>
    %y = tfc.relu %z : tensor<?x8x8x8xf32>
    tfc.fetch %y : tensor<?x8x8x8xf32>
  }
  return %r : tensor<?x8x8x8xf32>
}

func.func @conv_relu_1(%x: tensor<1x8x8x4xf32> {tfc.name = "x"}, %w: tensor<3x3x4x8xf32> {tfc.name = "w"}, %b: tensor<8xf32> {tfc.name = "b"}) -> tensor<1x8x8x8xf32> {
  %r = tfc.graph -> (tensor<1x8x8x8xf32>) {
    %c = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME" : tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>
    %z = tfc.bias_add %c, %b : tensor<1x8x8x8xf32>, tensor<8xf32>
    %y = tfc.relu %z : tensor<1x8x8x8xf32>
    tfc.fetch %y : tensor<1x8x8x8xf32>
  }
  return %r : tensor<1x8x8x8xf32>
}

func.func @conv_relu_3(%x: tensor<3x8x8x4xf32> {tfc.name = "x"}, %w: tensor<3x3x4x8xf32> {tfc.name = "w"}, %b: tensor<8xf32> {tfc.name = "b"}) -> tensor<3x8x8x8xf32> {
  %r = tfc.graph -> (tensor<3x8x8x8xf32>) {
    %c = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding "SAME" : tensor<3x8x8x4xf32>, tensor<3x3x4x8xf32>
    %z = tfc.bias_add %c, %b : tensor<3x8x8x8xf32>, tensor<8xf32>
    %y = tfc.relu %z : tensor<3x8x8x8xf32>
    tfc.fetch %y : tensor<3x8x8x8xf32>
  }
  return %r : tensor<3x8x8x8xf32>
}
