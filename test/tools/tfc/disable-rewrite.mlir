// tfc compile --disable-rewrite: the -O level less the named rewrites.
// RUN: tfc compile --help | FileCheck %s --check-prefix=HELP
// HELP: --disable-rewrite=<value>
// HELP: =slice-to-reduce
// HELP: =row-fusion

// Fused, a softmax is one parallel region; without row-fusion its maximum,
// exponentials, sum and division are regions of their own, each asking the
// runtime for its thread count.
// RUN: tfc compile --emit=mlir %s | FileCheck %s --check-prefix=FUSED
// RUN: tfc compile --emit=mlir --disable-rewrite=row-fusion %s | FileCheck %s --check-prefix=UNFUSED
// RUN: tfc compile --emit=mlir --disable-rewrite=slice-to-reduce,broadcast-merge --disable-rewrite=row-fusion %s | FileCheck %s --check-prefix=UNFUSED
// FUSED-COUNT-1: llvm.call @tfc_runtime_num_threads
// FUSED-NOT: llvm.call @tfc_runtime_num_threads
// UNFUSED-COUNT-4: llvm.call @tfc_runtime_num_threads

// RUN: not tfc compile --disable-rewrite=no-such-rewrite %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: disable-rewrite{{.*}}no-such-rewrite

func.func @softmax(%x: tensor<256x1024xf32> {tfc.name = "x"}) -> tensor<256x1024xf32> {
  %r = tfc.graph -> (tensor<256x1024xf32>) {
    %s = tfc.softmax %x : tensor<256x1024xf32>
    tfc.fetch %s : tensor<256x1024xf32>
  }
  return %r : tensor<256x1024xf32>
}
