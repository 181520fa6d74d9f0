// REQUIRES: aarch64-qemu
// The NEON target's matmul register tile, 8 rows of A broadcast times two
// vectors of B's columns, is 16 NEON FMAs per reduction step on 16
// accumulator registers (docs/codegen.md, "Cross-compiling for AArch64"):
// speed cannot be measured under qemu, so the instruction mix of the inner
// loop is checked instead, then the numbers.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfc compile --target-triple=aarch64-linux-gnu --cpu=neoverse-n1 %s -o %t/libmm.so
// RUN: llvm-objdump -d --no-show-raw-insn %t/libmm.so | FileCheck %s --check-prefix=ASM
// The library's first FMAs are the inner loop's: the 16 of one reduction
// step, one per accumulator register, then the branch back.
// ASM: fmla {{v[0-9]+}}.4s, {{v[0-9]+}}.4s, {{v[0-9]+}}.{{4s|s\[[0-3]\]}}
// ASM-NEXT: fmla {{v[0-9]+}}.4s, {{v[0-9]+}}.4s, {{v[0-9]+}}.{{4s|s\[[0-3]\]}}
// ASM-NEXT: fmla {{v[0-9]+}}.4s, {{v[0-9]+}}.4s, {{v[0-9]+}}.{{4s|s\[[0-3]\]}}
// ASM-NEXT: fmla {{v[0-9]+}}.4s, {{v[0-9]+}}.4s, {{v[0-9]+}}.{{4s|s\[[0-3]\]}}
// ASM-NEXT: fmla {{v[0-9]+}}.4s, {{v[0-9]+}}.4s, {{v[0-9]+}}.{{4s|s\[[0-3]\]}}
// ASM-NEXT: fmla {{v[0-9]+}}.4s, {{v[0-9]+}}.4s, {{v[0-9]+}}.{{4s|s\[[0-3]\]}}
// ASM-NEXT: fmla {{v[0-9]+}}.4s, {{v[0-9]+}}.4s, {{v[0-9]+}}.{{4s|s\[[0-3]\]}}
// ASM-NEXT: fmla {{v[0-9]+}}.4s, {{v[0-9]+}}.4s, {{v[0-9]+}}.{{4s|s\[[0-3]\]}}
// ASM-NEXT: fmla {{v[0-9]+}}.4s, {{v[0-9]+}}.4s, {{v[0-9]+}}.{{4s|s\[[0-3]\]}}
// ASM-NEXT: fmla {{v[0-9]+}}.4s, {{v[0-9]+}}.4s, {{v[0-9]+}}.{{4s|s\[[0-3]\]}}
// ASM-NEXT: fmla {{v[0-9]+}}.4s, {{v[0-9]+}}.4s, {{v[0-9]+}}.{{4s|s\[[0-3]\]}}
// ASM-NEXT: fmla {{v[0-9]+}}.4s, {{v[0-9]+}}.4s, {{v[0-9]+}}.{{4s|s\[[0-3]\]}}
// ASM-NEXT: fmla {{v[0-9]+}}.4s, {{v[0-9]+}}.4s, {{v[0-9]+}}.{{4s|s\[[0-3]\]}}
// ASM-NEXT: fmla {{v[0-9]+}}.4s, {{v[0-9]+}}.4s, {{v[0-9]+}}.{{4s|s\[[0-3]\]}}
// ASM-NEXT: fmla {{v[0-9]+}}.4s, {{v[0-9]+}}.4s, {{v[0-9]+}}.{{4s|s\[[0-3]\]}}
// ASM-NEXT: fmla {{v[0-9]+}}.4s, {{v[0-9]+}}.4s, {{v[0-9]+}}.{{4s|s\[[0-3]\]}}
// ASM-NEXT: b.ne
// RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.full((64, 256), 0.5, np.float32)); np.save('%t/b.npy', np.full((256, 64), 2, np.float32))"
// RUN: %aarch64_run %aarch64_tfc_run %t/libmm.so --fn matmul --input a=%t/a.npy --input b=%t/b.npy | FileCheck %s --check-prefix=OUT
// 256 products of 0.5 * 2 per element.
// OUT: c = f32[64,64] {{\[}}[256 256 256

func.func @matmul(%a: tensor<64x256xf32> {tfc.name = "a"}, %b: tensor<256x64xf32> {tfc.name = "b"}) -> (tensor<64x64xf32> {tfc.name = "c"}) {
  %r = tfc.graph -> (tensor<64x64xf32>) {
    %c = tfc.matmul %a, %b : tensor<64x256xf32>, tensor<256x64xf32>
    tfc.fetch %c : tensor<64x64xf32>
  }
  return %r : tensor<64x64xf32>
}
