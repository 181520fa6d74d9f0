// A batch known only at run time takes the tiled, vectorized and threaded
// path of static shapes: row blocks over threads, tiles of static row
// counts (8, 4, 2, 1 rows) for what is left of a block, rows one at a time
// for softmax. Each batch size below exercises another mix of them, and
// batch 0 none. The outputs match float64 references, and at batch 64
// and 1000 they are the static model's bit for bit (same tiles, same order
// of summation), on one thread and on two. At 1000 rows both read B packed
// per call: the dynamic model chooses its packed version at run time.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/dynamic_batch.py inputs %t
// RUN: tfc compile %s -o %t/libdyn.so
// RUN: env TFC_NUM_THREADS=1 tfc run %t/libdyn.so --fn mlp --input x=%t/x0.npy --input w1=%t/w1.npy --input b1=%t/b1.npy --input w2=%t/w2.npy --input b2=%t/b2.npy --output-dir %t/mlp0
// RUN: %python %S/Inputs/dynamic_batch.py check %t/mlp0/output0.npy %t/y0.npy | FileCheck %s --check-prefix=MLP0
// RUN: env TFC_NUM_THREADS=1 tfc run %t/libdyn.so --fn mlp --input x=%t/x1.npy --input w1=%t/w1.npy --input b1=%t/b1.npy --input w2=%t/w2.npy --input b2=%t/b2.npy --output-dir %t/mlp1
// RUN: %python %S/Inputs/dynamic_batch.py check %t/mlp1/output0.npy %t/y1.npy | FileCheck %s --check-prefix=MLP1
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libdyn.so --fn mlp --input x=%t/x7.npy --input w1=%t/w1.npy --input b1=%t/b1.npy --input w2=%t/w2.npy --input b2=%t/b2.npy --output-dir %t/mlp7
// RUN: %python %S/Inputs/dynamic_batch.py check %t/mlp7/output0.npy %t/y7.npy | FileCheck %s --check-prefix=MLP7
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libdyn.so --fn mlp --input x=%t/x64.npy --input w1=%t/w1.npy --input b1=%t/b1.npy --input w2=%t/w2.npy --input b2=%t/b2.npy --output-dir %t/mlp64
// RUN: %python %S/Inputs/dynamic_batch.py check %t/mlp64/output0.npy %t/y64.npy | FileCheck %s --check-prefix=MLP64
// RUN: env TFC_NUM_THREADS=1 tfc run %t/libdyn.so --fn mlp --input x=%t/x1000.npy --input w1=%t/w1.npy --input b1=%t/b1.npy --input w2=%t/w2.npy --input b2=%t/b2.npy --output-dir %t/mlp1000a --max-elements 0
// RUN: %python %S/Inputs/dynamic_batch.py check %t/mlp1000a/output0.npy %t/y1000.npy | FileCheck %s --check-prefix=MLP1000
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libdyn.so --fn mlp --input x=%t/x1000.npy --input w1=%t/w1.npy --input b1=%t/b1.npy --input w2=%t/w2.npy --input b2=%t/b2.npy --output-dir %t/mlp1000b --max-elements 0
// RUN: %python %S/Inputs/dynamic_batch.py check %t/mlp1000b/output0.npy %t/y1000.npy | FileCheck %s --check-prefix=MLP1000
// RUN: %python %S/Inputs/dynamic_batch.py check %t/mlp1000a/output0.npy %t/mlp1000b/output0.npy --exact | FileCheck %s --check-prefix=SAME1000
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libdyn.so --fn mlp_static1000 --input x=%t/x1000.npy --input w1=%t/w1.npy --input b1=%t/b1.npy --input w2=%t/w2.npy --input b2=%t/b2.npy --output-dir %t/static1000 --max-elements 0
// RUN: %python %S/Inputs/dynamic_batch.py check %t/mlp1000b/output0.npy %t/static1000/output0.npy --exact | FileCheck %s --check-prefix=SAME1000
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libdyn.so --fn mlp_static64 --input x=%t/x64.npy --input w1=%t/w1.npy --input b1=%t/b1.npy --input w2=%t/w2.npy --input b2=%t/b2.npy --output-dir %t/static64
// RUN: %python %S/Inputs/dynamic_batch.py check %t/mlp64/output0.npy %t/static64/output0.npy --exact | FileCheck %s --check-prefix=SAME64
//
// RUN: env TFC_NUM_THREADS=1 tfc run %t/libdyn.so --fn softmax --input x=%t/l0.npy --output-dir %t/sm0
// RUN: %python %S/Inputs/dynamic_batch.py check %t/sm0/output0.npy %t/s0.npy | FileCheck %s --check-prefix=SM0
// RUN: env TFC_NUM_THREADS=1 tfc run %t/libdyn.so --fn softmax --input x=%t/l1.npy --output-dir %t/sm1
// RUN: %python %S/Inputs/dynamic_batch.py check %t/sm1/output0.npy %t/s1.npy | FileCheck %s --check-prefix=SM1
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libdyn.so --fn softmax --input x=%t/l7.npy --output-dir %t/sm7
// RUN: %python %S/Inputs/dynamic_batch.py check %t/sm7/output0.npy %t/s7.npy | FileCheck %s --check-prefix=SM7
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libdyn.so --fn softmax --input x=%t/l64.npy --output-dir %t/sm64
// RUN: %python %S/Inputs/dynamic_batch.py check %t/sm64/output0.npy %t/s64.npy | FileCheck %s --check-prefix=SM64
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libdyn.so --fn softmax --input x=%t/l1000.npy --output-dir %t/sm1000 --max-elements 0
// RUN: %python %S/Inputs/dynamic_batch.py check %t/sm1000/output0.npy %t/s1000.npy | FileCheck %s --check-prefix=SM1000
// RUN: env TFC_NUM_THREADS=2 tfc run %t/libdyn.so --fn softmax_static64 --input x=%t/l64.npy --output-dir %t/smstatic64
// RUN: %python %S/Inputs/dynamic_batch.py check %t/sm64/output0.npy %t/smstatic64/output0.npy --exact | FileCheck %s --check-prefix=SMSAME64

// MLP0: shape [0, 32] close
// MLP1: shape [1, 32] close
// MLP7: shape [7, 32] close
// MLP64: shape [64, 32] close
// MLP1000: shape [1000, 32] close
// SAME1000: shape [1000, 32] identical
// SAME64: shape [64, 32] identical
// SM0: shape [0, 300] close
// SM1: shape [1, 300] close
// SM7: shape [7, 300] close
// SM64: shape [64, 300] close
// SM1000: shape [1000, 300] close
// SMSAME64: shape [64, 300] identical

func.func @mlp(%x: tensor<?x40xf32> {tfc.name = "x"}, %w1: tensor<40x64xf32> {tfc.name = "w1"}, %b1: tensor<64xf32> {tfc.name = "b1"}, %w2: tensor<64x32xf32> {tfc.name = "w2"}, %b2: tensor<32xf32> {tfc.name = "b2"}) -> tensor<?x32xf32> {
  %r = tfc.graph -> (tensor<?x32xf32>) {
    %m1 = tfc.matmul %x, %w1 : tensor<?x40xf32>, tensor<40x64xf32>
    %z1 = tfc.bias_add %m1, %b1 : tensor<?x64xf32>, tensor<64xf32>
    %h1 = tfc.relu %z1 : tensor<?x64xf32>
    %m2 = tfc.matmul %h1, %w2 : tensor<?x64xf32>, tensor<64x32xf32>
    %z2 = tfc.bias_add %m2, %b2 : tensor<?x32xf32>, tensor<32xf32>
    %p = tfc.softmax %z2 : tensor<?x32xf32>
    tfc.fetch %p : tensor<?x32xf32>
  }
  return %r : tensor<?x32xf32>
}

func.func @mlp_static64(%x: tensor<64x40xf32> {tfc.name = "x"}, %w1: tensor<40x64xf32> {tfc.name = "w1"}, %b1: tensor<64xf32> {tfc.name = "b1"}, %w2: tensor<64x32xf32> {tfc.name = "w2"}, %b2: tensor<32xf32> {tfc.name = "b2"}) -> tensor<64x32xf32> {
  %r = tfc.graph -> (tensor<64x32xf32>) {
    %m1 = tfc.matmul %x, %w1 : tensor<64x40xf32>, tensor<40x64xf32>
    %z1 = tfc.bias_add %m1, %b1 : tensor<64x64xf32>, tensor<64xf32>
    %h1 = tfc.relu %z1 : tensor<64x64xf32>
    %m2 = tfc.matmul %h1, %w2 : tensor<64x64xf32>, tensor<64x32xf32>
    %z2 = tfc.bias_add %m2, %b2 : tensor<64x32xf32>, tensor<32xf32>
    %p = tfc.softmax %z2 : tensor<64x32xf32>
    tfc.fetch %p : tensor<64x32xf32>
  }
  return %r : tensor<64x32xf32>
}

func.func @mlp_static1000(%x: tensor<1000x40xf32> {tfc.name = "x"}, %w1: tensor<40x64xf32> {tfc.name = "w1"}, %b1: tensor<64xf32> {tfc.name = "b1"}, %w2: tensor<64x32xf32> {tfc.name = "w2"}, %b2: tensor<32xf32> {tfc.name = "b2"}) -> tensor<1000x32xf32> {
  %r = tfc.graph -> (tensor<1000x32xf32>) {
    %m1 = tfc.matmul %x, %w1 : tensor<1000x40xf32>, tensor<40x64xf32>
    %z1 = tfc.bias_add %m1, %b1 : tensor<1000x64xf32>, tensor<64xf32>
    %h1 = tfc.relu %z1 : tensor<1000x64xf32>
    %m2 = tfc.matmul %h1, %w2 : tensor<1000x64xf32>, tensor<64x32xf32>
    %z2 = tfc.bias_add %m2, %b2 : tensor<1000x32xf32>, tensor<32xf32>
    %p = tfc.softmax %z2 : tensor<1000x32xf32>
    tfc.fetch %p : tensor<1000x32xf32>
  }
  return %r : tensor<1000x32xf32>
}

func.func @softmax(%x: tensor<?x300xf32> {tfc.name = "x"}) -> tensor<?x300xf32> {
  %r = tfc.graph -> (tensor<?x300xf32>) {
    %s = tfc.softmax %x : tensor<?x300xf32>
    tfc.fetch %s : tensor<?x300xf32>
  }
  return %r : tensor<?x300xf32>
}

func.func @softmax_static64(%x: tensor<64x300xf32> {tfc.name = "x"}) -> tensor<64x300xf32> {
  %r = tfc.graph -> (tensor<64x300xf32>) {
    %s = tfc.softmax %x : tensor<64x300xf32>
    tfc.fetch %s : tensor<64x300xf32>
  }
  return %r : tensor<64x300xf32>
}
