// Transposes tiled into square blocks transposed in registers (8 x 8, or
// 4 x 4 when only 4 divides the sizes), over threads and not, in two and
// three dimensions, written out whole (a transpose read by an element-wise
// op is fused into it instead): equal to NumPy's, element for element.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(7); [np.save('%t/' + n + '.npy', r.standard_normal(s).astype(np.float32)) for n, s in (('a', (512, 256)), ('b', (36, 20)), ('c', (3, 16, 40)), ('d', (8, 5, 24)))]"
// RUN: tfc compile %s -o %t/libt.so
// RUN: env TFC_NUM_THREADS=1 tfc run %t/libt.so --fn large --input x=%t/a.npy --output-dir %t/large1 --max-elements 0
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libt.so --fn large --input x=%t/a.npy --output-dir %t/large2 --max-elements 0
// RUN: tfc run %t/libt.so --fn fours --input x=%t/b.npy --output-dir %t/fours --max-elements 0
// RUN: tfc run %t/libt.so --fn batched --input x=%t/c.npy --output-dir %t/batched --max-elements 0
// RUN: tfc run %t/libt.so --fn reversed --input x=%t/d.npy --output-dir %t/reversed --max-elements 0
// RUN: %python -c "import numpy as np; [print(d, np.array_equal(np.load('%t/' + d + '/output0.npy'), np.load('%t/' + n + '.npy').transpose(p))) for d, n, p in (('large1', 'a', (1, 0)), ('large2', 'a', (1, 0)), ('fours', 'b', (1, 0)), ('batched', 'c', (0, 2, 1)), ('reversed', 'd', (2, 1, 0)))]" | FileCheck %s
// CHECK: large1 True
// CHECK-NEXT: large2 True
// CHECK-NEXT: fours True
// CHECK-NEXT: batched True
// CHECK-NEXT: reversed True

func.func @large(%x: tensor<512x256xf32> {tfc.name = "x"}) -> tensor<256x512xf32> {
  %r = tfc.graph -> (tensor<256x512xf32>) {
    %t = tfc.transpose %x : tensor<512x256xf32>
    tfc.fetch %t : tensor<256x512xf32>
  }
  return %r : tensor<256x512xf32>
}

func.func @fours(%x: tensor<36x20xf32> {tfc.name = "x"}) -> tensor<20x36xf32> {
  %r = tfc.graph -> (tensor<20x36xf32>) {
    %t = tfc.transpose %x : tensor<36x20xf32>
    tfc.fetch %t : tensor<20x36xf32>
  }
  return %r : tensor<20x36xf32>
}

func.func @batched(%x: tensor<3x16x40xf32> {tfc.name = "x"}) -> tensor<3x40x16xf32> {
  %r = tfc.graph -> (tensor<3x40x16xf32>) {
    %t = tfc.transpose %x perm [0, 2, 1] : tensor<3x16x40xf32>
    tfc.fetch %t : tensor<3x40x16xf32>
  }
  return %r : tensor<3x40x16xf32>
}

func.func @reversed(%x: tensor<8x5x24xf32> {tfc.name = "x"}) -> tensor<24x5x8xf32> {
  %r = tfc.graph -> (tensor<24x5x8xf32>) {
    %t = tfc.transpose %x perm [2, 1, 0] : tensor<8x5x24xf32>
    tfc.fetch %t : tensor<24x5x8xf32>
  }
  return %r : tensor<24x5x8xf32>
}
