// RUN: tfc-opt %s --split-input-file --verify-diagnostics --canonicalize --tfc-check-asserts

// Constant conditions that fail are compile-time errors with the message.
func.func @always_false(%x: tensor<2xf32>) {
  tfc.graph {
    %false = tfc.constant dense<false> : tensor<i1>
    // expected-error @+1 {{assertion failed: x went wrong (the condition is always false)}}
    %check = tfc.assert %false, [%x] message "x went wrong" : tensor<i1>, [tensor<2xf32>]
    tfc.fetch targets(%check)
  }
  return
}

// -----

func.func @never_positive() {
  tfc.graph {
    %a = tfc.constant dense<[1.0, 0.0]> : tensor<2xf32>
    // expected-error @+1 {{assertion failed: a (Condition x > 0 did not hold element-wise for a constant x)}}
    %check = tfc.assert_positive %a message "a" : tensor<2xf32>
    tfc.fetch targets(%check)
  }
  return
}

// -----

// NaN is not positive.
func.func @nan_not_positive() {
  tfc.graph {
    %a = tfc.constant dense<0x7FC00000> : tensor<3xf32>
    // expected-error @+1 {{assertion failed (Condition x > 0 did not hold element-wise for a constant x)}}
    %check = tfc.assert_positive %a : tensor<3xf32>
    tfc.fetch targets(%check)
  }
  return
}

// -----

// Unknown outcomes stay run-time checks; known good ones fold away (no
// diagnostic either way).
func.func @run_time(%p: tensor<i1>, %x: tensor<2xi32>, %u: tensor<*xf32>) {
  tfc.graph {
    %c1 = tfc.assert %p : tensor<i1>
    %c2 = tfc.assert_positive %x : tensor<2xi32>
    %c3 = tfc.assert_rank %u rank 3 : tensor<*xf32>
    %pos = tfc.constant dense<[1, 2]> : tensor<2xi32>
    %c4 = tfc.assert_positive %pos : tensor<2xi32>
    tfc.fetch targets(%c1, %c2, %c3, %c4)
  }
  return
}
