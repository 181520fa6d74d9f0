// RUN: tfc-opt %s --tfc-approximate-math=target=avx2 | FileCheck %s
// RUN: tfc-opt %s --tfc-approximate-math=target=sse | FileCheck %s --check-prefix=NOFMA

// exp, log and tanh of f32 become polynomials (FMAs, no libm call); sin
// stays.
// CHECK-LABEL: func.func @approximated
// CHECK-NOT: math.{{exp|log|tanh}}
// CHECK: math.fma
// CHECK-NOT: math.{{exp|log|tanh}}
// CHECK: math.sin
// CHECK-NOT: math.{{exp|log|tanh}}
// CHECK: return
// Without FMA units (the sse target), multiplies and adds instead.
// NOFMA-LABEL: func.func @approximated
// NOFMA-NOT: math.fma
// NOFMA: arith.mulf
// NOFMA: arith.addf
// NOFMA-NOT: math.fma
// NOFMA: math.sin
func.func @approximated(%x: vector<16xf32>, %y: f32) -> (vector<16xf32>, f32, f32, f32) {
  %e = math.exp %x : vector<16xf32>
  %l = math.log %y : f32
  %t = math.tanh %y : f32
  %s = math.sin %y : f32
  return %e, %l, %t, %s : vector<16xf32>, f32, f32, f32
}
