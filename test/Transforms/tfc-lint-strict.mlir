// RUN: tfc-opt %s --split-input-file --tfc-lint=strict=true --verify-diagnostics
// In strict mode the pass fails; without it, the same input only warns:
// RUN: not tfc-opt %s --split-input-file --tfc-lint=strict=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: tfc-opt %s --split-input-file --tfc-lint -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN

// STRICT: error: reduce_sum without axes reduces every element of a broadcast of [2,1] and [2] to [2,2]
// STRICT: note: the broadcast of [2,1] and [2] is here
// WARN: warning: reduce_sum without axes reduces every element of a broadcast of [2,1] and [2] to [2,2]
// WARN: note: the broadcast of [2,1] and [2] is here

// Strict mode makes the pitfall an error.
func.func @pitfall(%a: tensor<2x1xf32>, %b: tensor<2xf32>) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    // expected-note @+1 {{the broadcast of [2,1] and [2] is here}}
    %sum = tfc.add %a, %b : tensor<2x1xf32>, tensor<2xf32>
    // expected-error @+1 {{reduce_sum without axes reduces every element of a broadcast of [2,1] and [2] to [2,2]}}
    %c = tfc.reduce_sum %sum : tensor<2x2xf32>
    tfc.fetch %c : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// Remarks stay remarks: a reduction of every dimension is often intended.
// STRICT-NOT: error: reduce_mean
// WARN-NOT: warning: reduce_mean
func.func @remark_only(%x: tensor<4x3xf32>) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    // expected-remark @+1 {{reduce_mean without axes reduces every dimension of [4,3]; list them (axes [0, 1])}}
    %m = tfc.reduce_mean %x : tensor<4x3xf32>
    tfc.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}
