// RUN: tfc-opt %s --split-input-file --tfc-cpu-pipeline=cpu=haswell | FileCheck %s
// RUN: tfc-opt %s --split-input-file --tfc-cpu-pipeline="cpu=haswell disable-rewrites=prefetch-rows" | FileCheck %s --check-prefix=OFF

// In the whole pipeline, a softmax's exponentials prefetch the next row
// (tfc-prefetch-rows): the row loop after bufferization has the shape that
// pass looks for. A single pass over each row (relu) prefetches nothing.
// CHECK-LABEL: llvm.func @softmax(
// CHECK: "llvm.intr.prefetch"
// `--disable-rewrite=prefetch-rows` leaves the pass out.
// OFF-LABEL: llvm.func @softmax(
// OFF-NOT: prefetch
// OFF-LABEL: llvm.func @_mlir_ciface_softmax(
// CHECK-LABEL: llvm.func @_mlir_ciface_softmax(
func.func @softmax(%x: tensor<512x30000xf32>) -> tensor<512x30000xf32> {
  %r = tfc.graph -> (tensor<512x30000xf32>) {
    %s = tfc.softmax %x : tensor<512x30000xf32>
    tfc.fetch %s : tensor<512x30000xf32>
  }
  return %r : tensor<512x30000xf32>
}

// -----

// CHECK-LABEL: llvm.func @relu(
// CHECK-NOT: prefetch
// CHECK-LABEL: llvm.func @_mlir_ciface_relu(
func.func @relu(%x: tensor<512x30000xf32>) -> tensor<512x30000xf32> {
  %r = tfc.graph -> (tensor<512x30000xf32>) {
    %s = tfc.relu %x : tensor<512x30000xf32>
    tfc.fetch %s : tensor<512x30000xf32>
  }
  return %r : tensor<512x30000xf32>
}
