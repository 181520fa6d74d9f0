// Rows whose length is known only at run time (a softmax over `?x?`) take
// the vectorized path of static rows: each op of the fused row steps 64
// elements at a time, then once over the elements left, and the sums keep
// 64 partial sums across both. The outputs match float64 references within
// 5e-6 relative (a sequential sum is off by 1.5e-5 over 30000 columns),
// for rows with a remainder, without one, shorter than a step and empty;
// rows of 1024 give the `?x1024` model's numbers bit for bit.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/dynamic_row_length.py inputs %t
// RUN: tfc compile %s -o %t/libcols.so
// RUN: env TFC_NUM_THREADS=1 tfc run %t/libcols.so --fn softmax --input x=%t/x3x30000.npy --output-dir %t/a --max-elements 0
// RUN: %python %S/Inputs/dynamic_row_length.py check %t/a/output0.npy %t/s3x30000.npy | FileCheck %s --check-prefix=LONG
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libcols.so --fn softmax --input x=%t/x3x30000.npy --output-dir %t/b --max-elements 0
// RUN: %python %S/Inputs/dynamic_row_length.py check %t/b/output0.npy %t/a/output0.npy --exact | FileCheck %s --check-prefix=LONGSAME
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libcols.so --fn softmax --input x=%t/x5x1000.npy --output-dir %t/c --max-elements 0
// RUN: %python %S/Inputs/dynamic_row_length.py check %t/c/output0.npy %t/s5x1000.npy | FileCheck %s --check-prefix=REST
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libcols.so --fn softmax --input x=%t/x4x1024.npy --output-dir %t/d --max-elements 0
// RUN: %python %S/Inputs/dynamic_row_length.py check %t/d/output0.npy %t/s4x1024.npy | FileCheck %s --check-prefix=STEPS
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libcols.so --fn softmax_cols1024 --input x=%t/x4x1024.npy --output-dir %t/e --max-elements 0
// RUN: %python %S/Inputs/dynamic_row_length.py check %t/d/output0.npy %t/e/output0.npy --exact | FileCheck %s --check-prefix=SAME1024
// RUN: env TFC_NUM_THREADS=1 tfc run %t/libcols.so --fn softmax --input x=%t/x2x63.npy --output-dir %t/f
// RUN: %python %S/Inputs/dynamic_row_length.py check %t/f/output0.npy %t/s2x63.npy | FileCheck %s --check-prefix=SHORT
// RUN: env TFC_NUM_THREADS=1 tfc run %t/libcols.so --fn softmax --input x=%t/x2x1.npy --output-dir %t/g
// RUN: %python %S/Inputs/dynamic_row_length.py check %t/g/output0.npy %t/s2x1.npy | FileCheck %s --check-prefix=ONE
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libcols.so --fn softmax --input x=%t/x0x7.npy --output-dir %t/h
// RUN: %python %S/Inputs/dynamic_row_length.py check %t/h/output0.npy %t/s0x7.npy | FileCheck %s --check-prefix=NOROWS
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libcols.so --fn softmax --input x=%t/x3x0.npy --output-dir %t/i
// RUN: %python %S/Inputs/dynamic_row_length.py check %t/i/output0.npy %t/s3x0.npy | FileCheck %s --check-prefix=NOCOLS
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libcols.so --fn softmax_cols30000 --input x=%t/x3x30000.npy --output-dir %t/j --max-elements 0
// RUN: %python %S/Inputs/dynamic_row_length.py check %t/j/output0.npy %t/s3x30000.npy | FileCheck %s --check-prefix=LONGROWS
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libcols.so --fn softmax_64x5003 --input x=%t/x64x5003.npy --output-dir %t/k --max-elements 0
// RUN: %python %S/Inputs/dynamic_row_length.py check %t/k/output0.npy %t/s64x5003.npy | FileCheck %s --check-prefix=STATICLONG

// LONG: shape [3, 30000] close
// LONGSAME: shape [3, 30000] identical
// REST: shape [5, 1000] close
// STEPS: shape [4, 1024] close
// SAME1024: shape [4, 1024] identical
// SHORT: shape [2, 63] close
// ONE: shape [2, 1] close
// NOROWS: shape [0, 7] close
// NOCOLS: shape [3, 0] close
// LONGROWS: shape [3, 30000] close
// STATICLONG: shape [64, 5003] close

func.func @softmax(%x: tensor<?x?xf32> {tfc.name = "x"}) -> tensor<?x?xf32> {
  %r = tfc.graph -> (tensor<?x?xf32>) {
    %s = tfc.softmax %x : tensor<?x?xf32>
    tfc.fetch %s : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

func.func @softmax_cols1024(%x: tensor<?x1024xf32> {tfc.name = "x"}) -> tensor<?x1024xf32> {
  %r = tfc.graph -> (tensor<?x1024xf32>) {
    %s = tfc.softmax %x : tensor<?x1024xf32>
    tfc.fetch %s : tensor<?x1024xf32>
  }
  return %r : tensor<?x1024xf32>
}

// Static rows longer than max-row, as a `?` batch of them (kept whole
// since the rows may be many) and as 64 rows (enough to share out; the
// prime length is stepped by 64 with a remainder of 11).
func.func @softmax_cols30000(%x: tensor<?x30000xf32> {tfc.name = "x"}) -> tensor<?x30000xf32> {
  %r = tfc.graph -> (tensor<?x30000xf32>) {
    %s = tfc.softmax %x : tensor<?x30000xf32>
    tfc.fetch %s : tensor<?x30000xf32>
  }
  return %r : tensor<?x30000xf32>
}

func.func @softmax_64x5003(%x: tensor<64x5003xf32> {tfc.name = "x"}) -> tensor<64x5003xf32> {
  %r = tfc.graph -> (tensor<64x5003xf32>) {
    %s = tfc.softmax %x : tensor<64x5003xf32>
    tfc.fetch %s : tensor<64x5003xf32>
  }
  return %r : tensor<64x5003xf32>
}
