// The cookbook -log p, reduce_logsumexp(x) - x: for logits near 1000 the
// two terms are large and their difference loses about 1e-4 relative in
// float32. At -O2 tfc-stable-softmax computes it as -log_softmax(x), which
// keeps full precision; at -O0 (no rewrites) it runs as written.
// For x = [1000, 1001]: -log p = [1 + ln(1 + e^-1), ln(1 + e^-1)]
// = [1.31326169, 0.31326169].
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfc compile -O2 %s -o %t/libstable.so
// RUN: tfc compile -O0 %s -o %t/libnaive.so
// RUN: tfc run %t/libstable.so --input "x=[1000,1001]" | FileCheck %s --check-prefix=STABLE
// STABLE: nll = f32[2] [1.313261{{[5-7][0-9]*}} 0.313261{{[5-7][0-9]*}}]
// The naive difference is off in the fifth digit: lse = 1001.3132617
// rounds to 1001.3132324, a float32 ulp at 1001 being 6.1e-5.
// RUN: tfc run %t/libnaive.so --input "x=[1000,1001]" | FileCheck %s --check-prefix=NAIVE
// NAIVE: nll = f32[2] [1.31323{{[0-9]*}} 0.31323{{[0-9]*}}]
func.func @nll(%x: tensor<2xf32> {tfc.name = "x"}) -> (tensor<2xf32> {tfc.name = "nll"}) {
  %r = tfc.graph -> (tensor<2xf32>) {
    %lse = tfc.reduce_logsumexp %x : tensor<2xf32>
    %nll = tfc.sub %lse, %x : tensor<f32>, tensor<2xf32>
    tfc.fetch %nll : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
