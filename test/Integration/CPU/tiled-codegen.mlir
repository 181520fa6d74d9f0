// Ops large enough to be tiled, packed, vectorized and run on threads give
// the same numbers as a reference computed by the test's input script, on
// one thread (the parallel loops' serial twins) and on two.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/tiled_inputs.py %t
// RUN: tfc compile %s -o %t/libtiled.so
// RUN: env TFC_NUM_THREADS=1 tfc run %t/libtiled.so --fn matmul --input a=%t/mm_a.npy --input b=%t/mm_b.npy --input expected=%t/mm_c.npy | FileCheck %s --check-prefix=MM
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libtiled.so --fn matmul --input a=%t/mm_a.npy --input b=%t/mm_b.npy --input expected=%t/mm_c.npy | FileCheck %s --check-prefix=MM
// RUN: env TFC_NUM_THREADS=1 tfc run %t/libtiled.so --fn matmul_rows --input a=%t/mm_a.npy --input b=%t/mm_b.npy --input expected=%t/mm_c.npy | FileCheck %s --check-prefix=ROWS
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libtiled.so --fn matmul_rows --input a=%t/mm_a.npy --input b=%t/mm_b.npy --input expected=%t/mm_c.npy | FileCheck %s --check-prefix=ROWS
// RUN: env TFC_NUM_THREADS=1 tfc run %t/libtiled.so --fn softmax --input x=%t/sm_x.npy --input expected=%t/sm_y.npy | FileCheck %s --check-prefix=SM
// RUN: env TFC_NUM_THREADS=1 tfc run %t/libtiled.so --fn softmax --input x=%t/sm_x.npy --input expected=%t/sm_y.npy | FileCheck %s --check-prefix=SM
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libtiled.so --fn softmax --input x=%t/sm_x.npy --input expected=%t/sm_y.npy | FileCheck %s --check-prefix=SM
// Without the row-wise fusion (each op tiled on its own): the same numbers.
// RUN: tfc compile --disable-rewrite=row-fusion %s -o %t/libunfused.so
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libunfused.so --fn softmax --input x=%t/sm_x.npy --input expected=%t/sm_y.npy | FileCheck %s --check-prefix=SM
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libunfused.so --fn chain --input a=%t/ew_a.npy --input b=%t/ew_b.npy --input c=%t/ew_c.npy --input expected=%t/ew_y.npy | FileCheck %s --check-prefix=EW
// RUN: env TFC_NUM_THREADS=1 tfc run %t/libtiled.so --fn chain --input a=%t/ew_a.npy --input b=%t/ew_b.npy --input c=%t/ew_c.npy --input expected=%t/ew_y.npy | FileCheck %s --check-prefix=EW
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libtiled.so --fn chain --input a=%t/ew_a.npy --input b=%t/ew_b.npy --input c=%t/ew_c.npy --input expected=%t/ew_y.npy | FileCheck %s --check-prefix=EW

// Integer-valued products: exact in any order of summation.
// MM: output0 = f32[] 0
func.func @matmul(%a: tensor<512x40xf32> {tfc.name = "a"}, %b: tensor<40x64xf32> {tfc.name = "b"}, %expected: tensor<512x64xf32> {tfc.name = "expected"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %c = tfc.matmul %a, %b : tensor<512x40xf32>, tensor<40x64xf32>
    %d = tfc.sub %c, %expected : tensor<512x64xf32>, tensor<512x64xf32>
    %e = tfc.abs %d : tensor<512x64xf32>
    %m = tfc.reduce_max %e axes [0, 1] : tensor<512x64xf32>
    tfc.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}

// Row counts that register tiles of 6 (AVX2) or 8 rows do not divide:
// the rows left over are tiled apart (a block of all 64 or 100 rows, split
// where its register tiles end), and every row must still be right.
// ROWS: output0 = f32[] 0
func.func @matmul_rows(%a: tensor<512x40xf32> {tfc.name = "a"}, %b: tensor<40x64xf32> {tfc.name = "b"}, %expected: tensor<512x64xf32> {tfc.name = "expected"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %a64 = tfc.slice %a begin [0, 0] size [64, 40] : tensor<512x40xf32>
    %c64 = tfc.matmul %a64, %b : tensor<64x40xf32>, tensor<40x64xf32>
    %e64 = tfc.slice %expected begin [0, 0] size [64, 64] : tensor<512x64xf32>
    %d64 = tfc.sub %c64, %e64 : tensor<64x64xf32>, tensor<64x64xf32>
    %a100 = tfc.slice %a begin [7, 0] size [100, 40] : tensor<512x40xf32>
    %c100 = tfc.matmul %a100, %b : tensor<100x40xf32>, tensor<40x64xf32>
    %e100 = tfc.slice %expected begin [7, 0] size [100, 64] : tensor<512x64xf32>
    %d100 = tfc.sub %c100, %e100 : tensor<100x64xf32>, tensor<100x64xf32>
    %abs64 = tfc.abs %d64 : tensor<64x64xf32>
    %abs100 = tfc.abs %d100 : tensor<100x64xf32>
    %m64 = tfc.reduce_max %abs64 axes [0, 1] : tensor<64x64xf32>
    %m100 = tfc.reduce_max %abs100 axes [0, 1] : tensor<100x64xf32>
    %m = tfc.add %m64, %m100 : tensor<f32>, tensor<f32>
    tfc.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}

// Polynomial exp and a reordered sum stay within 1e-6 of the exact values.
// SM: output0 = bool[] true
func.func @softmax(%x: tensor<160x1000xf32> {tfc.name = "x"}, %expected: tensor<160x1000xf32> {tfc.name = "expected"}) -> tensor<i1> {
  %r = tfc.graph -> (tensor<i1>) {
    %s = tfc.softmax %x : tensor<160x1000xf32>
    %d = tfc.sub %s, %expected : tensor<160x1000xf32>, tensor<160x1000xf32>
    %e = tfc.abs %d : tensor<160x1000xf32>
    %m = tfc.reduce_max %e axes [0, 1] : tensor<160x1000xf32>
    %tol = tfc.constant dense<1.0e-6> : tensor<f32>
    %ok = tfc.less %m, %tol : tensor<f32>, tensor<f32>
    tfc.fetch %ok : tensor<i1>
  }
  return %r : tensor<i1>
}

// Element-wise chains round like the step-by-step reference: exactly.
// EW: output0 = f32[] 0
func.func @chain(%a: tensor<300000xf32> {tfc.name = "a"}, %b: tensor<300000xf32> {tfc.name = "b"}, %c: tensor<300000xf32> {tfc.name = "c"}, %expected: tensor<300000xf32> {tfc.name = "expected"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %half = tfc.constant dense<0.5> : tensor<f32>
    %ab = tfc.mul %a, %b : tensor<300000xf32>, tensor<300000xf32>
    %abc = tfc.add %ab, %c : tensor<300000xf32>, tensor<300000xf32>
    %relu = tfc.relu %abc : tensor<300000xf32>
    %y = tfc.mul %relu, %half : tensor<300000xf32>, tensor<f32>
    %d = tfc.sub %y, %expected : tensor<300000xf32>, tensor<300000xf32>
    %e = tfc.abs %d : tensor<300000xf32>
    %m = tfc.reduce_max %e axes [0] : tensor<300000xf32>
    tfc.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}
