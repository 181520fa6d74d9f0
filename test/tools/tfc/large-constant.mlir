// A constant too large to embed in a library is a diagnostic at its
// location, not an abort (std::length_error in LLVM IR translation) or an
// out-of-memory kill: a splat is a few bytes of IR whatever its size.
// RUN: split-file %s %t
// RUN: not tfc compile %t/overflow.mlir -o %t/overflow.so 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: not tfc compile %t/ten_gb.mlir -o %t/ten_gb.so 2>&1 | FileCheck %s --check-prefix=TEN-GB

// OVERFLOW: overflow.mlir:3:10: error: 'tfc.constant' op of type 'tensor<9223372036854775807xf32>' needs more than 2^64 bytes, more than a compiled library can embed (2 GiB)
//--- overflow.mlir
func.func @huge() -> tensor<9223372036854775807xf32> {
  %r = tfc.graph -> (tensor<9223372036854775807xf32>) {
    %c = tfc.constant dense<1.0> : tensor<9223372036854775807xf32>
    tfc.fetch %c : tensor<9223372036854775807xf32>
  }
  return %r : tensor<9223372036854775807xf32>
}

// TEN-GB: ten_gb.mlir:3:10: error: 'tfc.constant' op of type 'tensor<50000x50000xf32>' needs 10000000000 bytes, more than a compiled library can embed (2 GiB)
//--- ten_gb.mlir
func.func @ten_gb() -> tensor<50000x50000xf32> {
  %r = tfc.graph -> (tensor<50000x50000xf32>) {
    %c = tfc.constant dense<2.0> : tensor<50000x50000xf32>
    tfc.fetch %c : tensor<50000x50000xf32>
  }
  return %r : tensor<50000x50000xf32>
}
