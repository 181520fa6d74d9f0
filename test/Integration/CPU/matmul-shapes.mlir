// Matmuls of sizes no tile divides, with either operand transposed, in a
// batch, with a dynamic number of rows, and large enough for the CUDA
// target's 128x128 tiles: each output is the largest difference from the
// product the input script computed, 0 as the products are exact.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/matmul_shapes_inputs.py %t
// RUN: tfc compile %s -o %t/libmm.so
// RUN: tfc run %t/libmm.so --fn plain --input a=%t/a.npy --input b=%t/b.npy --input c=%t/c.npy | FileCheck %s
// RUN: tfc run %t/libmm.so --fn transpose_a --input a=%t/a_t.npy --input b=%t/b.npy --input c=%t/c.npy | FileCheck %s
// RUN: tfc run %t/libmm.so --fn transpose_b --input a=%t/a.npy --input b=%t/b_t.npy --input c=%t/c.npy | FileCheck %s
// RUN: tfc run %t/libmm.so --fn transpose_both --input a=%t/a_t.npy --input b=%t/b_t.npy --input c=%t/c.npy | FileCheck %s
// RUN: tfc run %t/libmm.so --fn dynamic_rows --input a=%t/a.npy --input b=%t/b.npy --input c=%t/c.npy | FileCheck %s
// RUN: tfc run %t/libmm.so --fn batch --input a=%t/ba.npy --input b=%t/bb.npy --input c=%t/bc.npy | FileCheck %s
// RUN: tfc run %t/libmm.so --fn large_batch --input a=%t/la.npy --input b=%t/lb.npy --input c=%t/lc.npy | FileCheck %s
// RUN: tfc run %t/libmm.so --fn wide --input a=%t/wa.npy --input b=%t/wb.npy --input c=%t/wc.npy | FileCheck %s
// RUN: tfc run %t/libmm.so --fn classes --input a=%t/ka.npy --input b=%t/kb.npy --input c=%t/kc.npy | FileCheck %s
// CHECK: output0 = f32[] 0

func.func @plain(%a: tensor<70x37xf32> {tfc.name = "a"}, %b: tensor<37x45xf32> {tfc.name = "b"}, %c: tensor<70x45xf32> {tfc.name = "c"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %p = tfc.matmul %a, %b : tensor<70x37xf32>, tensor<37x45xf32>
    %d = tfc.sub %p, %c : tensor<70x45xf32>, tensor<70x45xf32>
    %e = tfc.abs %d : tensor<70x45xf32>
    %m = tfc.reduce_max %e axes [0, 1] : tensor<70x45xf32>
    tfc.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}

func.func @transpose_a(%a: tensor<37x70xf32> {tfc.name = "a"}, %b: tensor<37x45xf32> {tfc.name = "b"}, %c: tensor<70x45xf32> {tfc.name = "c"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %p = tfc.matmul %a, %b transpose_a : tensor<37x70xf32>, tensor<37x45xf32>
    %d = tfc.sub %p, %c : tensor<70x45xf32>, tensor<70x45xf32>
    %e = tfc.abs %d : tensor<70x45xf32>
    %m = tfc.reduce_max %e axes [0, 1] : tensor<70x45xf32>
    tfc.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}

func.func @transpose_b(%a: tensor<70x37xf32> {tfc.name = "a"}, %b: tensor<45x37xf32> {tfc.name = "b"}, %c: tensor<70x45xf32> {tfc.name = "c"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %p = tfc.matmul %a, %b transpose_b : tensor<70x37xf32>, tensor<45x37xf32>
    %d = tfc.sub %p, %c : tensor<70x45xf32>, tensor<70x45xf32>
    %e = tfc.abs %d : tensor<70x45xf32>
    %m = tfc.reduce_max %e axes [0, 1] : tensor<70x45xf32>
    tfc.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}

func.func @transpose_both(%a: tensor<37x70xf32> {tfc.name = "a"}, %b: tensor<45x37xf32> {tfc.name = "b"}, %c: tensor<70x45xf32> {tfc.name = "c"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %p = tfc.matmul %a, %b transpose_a transpose_b : tensor<37x70xf32>, tensor<45x37xf32>
    %d = tfc.sub %p, %c : tensor<70x45xf32>, tensor<70x45xf32>
    %e = tfc.abs %d : tensor<70x45xf32>
    %m = tfc.reduce_max %e axes [0, 1] : tensor<70x45xf32>
    tfc.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}

func.func @dynamic_rows(%a: tensor<?x37xf32> {tfc.name = "a"}, %b: tensor<37x45xf32> {tfc.name = "b"}, %c: tensor<?x45xf32> {tfc.name = "c"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %p = tfc.matmul %a, %b : tensor<?x37xf32>, tensor<37x45xf32>
    %d = tfc.sub %p, %c : tensor<?x45xf32>, tensor<?x45xf32>
    %e = tfc.abs %d : tensor<?x45xf32>
    %m = tfc.reduce_max %e axes [0, 1] : tensor<?x45xf32>
    tfc.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}

func.func @batch(%a: tensor<3x70x37xf32> {tfc.name = "a"}, %b: tensor<3x37x45xf32> {tfc.name = "b"}, %c: tensor<3x70x45xf32> {tfc.name = "c"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %p = tfc.matmul %a, %b : tensor<3x70x37xf32>, tensor<3x37x45xf32>
    %d = tfc.sub %p, %c : tensor<3x70x45xf32>, tensor<3x70x45xf32>
    %e = tfc.abs %d : tensor<3x70x45xf32>
    %m = tfc.reduce_max %e axes [0, 1, 2] : tensor<3x70x45xf32>
    tfc.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}

func.func @large_batch(%a: tensor<64x130x20xf32> {tfc.name = "a"}, %b: tensor<64x20x129xf32> {tfc.name = "b"}, %c: tensor<64x130x129xf32> {tfc.name = "c"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %p = tfc.matmul %a, %b : tensor<64x130x20xf32>, tensor<64x20x129xf32>
    %d = tfc.sub %p, %c : tensor<64x130x129xf32>, tensor<64x130x129xf32>
    %e = tfc.abs %d : tensor<64x130x129xf32>
    %m = tfc.reduce_max %e axes [0, 1, 2] : tensor<64x130x129xf32>
    tfc.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}

// 784 columns: register tiles of whole vectors in blocks that divide them.
func.func @wide(%a: tensor<256x64xf32> {tfc.name = "a"}, %b: tensor<64x784xf32> {tfc.name = "b"}, %c: tensor<256x784xf32> {tfc.name = "c"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %p = tfc.matmul %a, %b : tensor<256x64xf32>, tensor<64x784xf32>
    %d = tfc.sub %p, %c : tensor<256x784xf32>, tensor<256x784xf32>
    %e = tfc.abs %d : tensor<256x784xf32>
    %m = tfc.reduce_max %e axes [0, 1] : tensor<256x784xf32>
    tfc.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}

// 10 columns (a classifier's logits): B padded to whole vectors.
func.func @classes(%a: tensor<256x512xf32> {tfc.name = "a"}, %b: tensor<512x10xf32> {tfc.name = "b"}, %c: tensor<256x10xf32> {tfc.name = "c"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %p = tfc.matmul %a, %b : tensor<256x512xf32>, tensor<512x10xf32>
    %d = tfc.sub %p, %c : tensor<256x10xf32>, tensor<256x10xf32>
    %e = tfc.abs %d : tensor<256x10xf32>
    %m = tfc.reduce_max %e axes [0, 1] : tensor<256x10xf32>
    tfc.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}
