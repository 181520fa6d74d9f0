// RUN: tfc-opt %s --split-input-file --verify-diagnostics

//===----------------------------------------------------------------------===//
// tfc.cond
//===----------------------------------------------------------------------===//

func.func @cond_pred_dtype(%p: tensor<i32>, %x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.cond' op Input 'pred' has type int32 that does not match expected type of bool}}
    %r = tfc.cond %p : tensor<i32> -> (tensor<f32>) {
      tfc.yield %x : tensor<f32>
    } else {
      tfc.yield %x : tensor<f32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @cond_pred_shape(%p: tensor<2xi1>, %x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.cond' op 'pred' must be a scalar: Shape must be rank 0 but is rank 1}}
    %r = tfc.cond %p : tensor<2xi1> -> (tensor<f32>) {
      tfc.yield %x : tensor<f32>
    } else {
      tfc.yield %x : tensor<f32>
    }
    tfc.fetch
  }
  return
}

// -----

// A token is not data: it cannot be a predicate.
func.func @cond_pred_token(%t: !tfc.control) {
  tfc.graph {
    // expected-error @+1 {{'tfc.cond' op operand #0 must be tensor of}}
    "tfc.cond"(%t) ({
      tfc.yield
    }, {
      tfc.yield
    }) : (!tfc.control) -> ()
    tfc.fetch
  }
  return
}

// -----

func.func @cond_arity(%p: tensor<i1>, %x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.cond' op then branch yields 2 values but the cond has 1 results; true_fn and false_fn must return the same number, type, and overall structure of values}}
    %r = tfc.cond %p : tensor<i1> -> (tensor<f32>) {
      tfc.yield %x, %x : tensor<f32>, tensor<f32>
    } else {
      tfc.yield %x : tensor<f32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @cond_else_arity(%p: tensor<i1>, %x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.cond' op else branch yields 0 values but the cond has 1 results}}
    %r = tfc.cond %p : tensor<i1> -> (tensor<f32>) {
      tfc.yield %x : tensor<f32>
    } else {
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

func.func @cond_dtype(%p: tensor<i1>, %x: tensor<i32>, %y: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.cond' op result #0: outputs of true_fn and false_fn must have the same type: the else branch yields float but the result is int32}}
    %r = tfc.cond %p : tensor<i1> -> (tensor<i32>) {
      tfc.yield %x : tensor<i32>
    } else {
      tfc.yield %y : tensor<f32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @cond_shape(%p: tensor<i1>, %x: tensor<2xi32>, %y: tensor<3xi32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.cond' op result #0: the then branch yields [3] ('tensor<3xi32>'), which does not fit the result type 'tensor<2xi32>'}}
    %r = tfc.cond %p : tensor<i1> -> (tensor<2xi32>) {
      tfc.yield %y : tensor<3xi32>
    } else {
      tfc.yield %x : tensor<2xi32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @cond_token_for_tensor(%p: tensor<i1>, %x: tensor<f32>, %t: !tfc.control) {
  tfc.graph {
    // expected-error @+1 {{'tfc.cond' op result #0: the else branch yields !tfc.control ('!tfc.control'), which does not fit the result type 'tensor<f32>'}}
    %r = tfc.cond %p : tensor<i1> -> (tensor<f32>) {
      tfc.yield %x : tensor<f32>
    } else {
      tfc.yield %t : !tfc.control
    }
    tfc.fetch
  }
  return
}

// -----

func.func @cond_without_yield(%p: tensor<i1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.cond' op then branch must end in 'tfc.yield'}}
    "tfc.cond"(%p) ({
      llvm.unreachable
    }, {
      tfc.yield
    }) : (tensor<i1>) -> ()
    tfc.fetch
  }
  return
}

// -----

func.func @cond_arguments(%p: tensor<i1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.cond' op region #0 should have no arguments}}
    "tfc.cond"(%p) ({
    ^bb0(%a: tensor<i1>):
      tfc.yield
    }, {
      tfc.yield
    }) : (tensor<i1>) -> ()
    tfc.fetch
  }
  return
}

// -----

// A value made in a branch is not visible outside of it.
func.func @fetch_from_branch(%p: tensor<i1>, %x: tensor<f32>) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    tfc.cond %p : tensor<i1> {
      %y = tfc.neg %x : tensor<f32>
      tfc.yield
    } else {
      tfc.yield
    }
    // expected-error @+1 {{use of undeclared SSA value name}}
    tfc.fetch %y : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// Written before the branch, the same fetch is a forward reference that the
// verifier rejects.
func.func @fetch_from_branch_forward(%p: tensor<i1>, %x: tensor<f32>) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    // expected-error @+1 {{operand #0 does not dominate this use}}
    %z = tfc.exp %y : tensor<f32>
    tfc.cond %p : tensor<i1> {
      // expected-note @+1 {{operand defined here (op in a child region)}}
      %y = tfc.neg %x : tensor<f32>
      tfc.yield
    } else {
      tfc.yield
    }
    tfc.fetch %z : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

func.func @cycle_in_branch(%p: tensor<i1>) {
  tfc.graph {
    tfc.cond %p : tensor<i1> {
      // expected-error @+1 {{'tfc.neg' op is part of a cycle of data edges}}
      %a = tfc.neg %b : tensor<f32>
      // expected-note @+1 {{the cycle passes through this op}}
      %b = tfc.exp %a : tensor<f32>
      tfc.yield
    } else {
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

// A cycle through the cond: a branch uses a value computed from the cond's
// result.
func.func @cycle_through_cond(%p: tensor<i1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.cond' op is part of a cycle of data edges}}
    %r = tfc.cond %p : tensor<i1> -> (tensor<f32>) {
      tfc.yield %n : tensor<f32>
    } else {
      tfc.yield %n : tensor<f32>
    }
    // expected-note @+1 {{the cycle passes through this op}}
    %n = tfc.neg %r : tensor<f32>
    tfc.fetch
  }
  return
}

//===----------------------------------------------------------------------===//
// tfc.while
//===----------------------------------------------------------------------===//

// -----

// The guide's growing Fibonacci sequence without a shape invariant.
func.func @while_shape_grows(%c: tensor<2xi32>, %d: tensor<3xi32>, %p: tensor<i1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.while' op loop variable #1 enters the loop with shape [2], but has shape [3] after one iteration. To allow the shape to vary across iterations, give the loop variable a looser shape invariant such as 'tensor<?xi32>'}}
    %r:2 = tfc.while (%p, %c) : (tensor<i1>, tensor<2xi32>) -> (tensor<i1>, tensor<2xi32>)
    cond {
    ^bb0(%q: tensor<i1>, %cc: tensor<2xi32>):
      tfc.condition %q : tensor<i1>
    } body {
    ^bb0(%q: tensor<i1>, %cc: tensor<2xi32>):
      tfc.yield %q, %d : tensor<i1>, tensor<3xi32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @while_shape_invariant(%c: tensor<2x3xi32>, %d: tensor<2x4xi32>, %p: tensor<i1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.while' op loop variable #0 enters the loop with shape [2,3], but has shape [2,4] after one iteration (its shape invariant is [?,3]). To allow the shape to vary across iterations, give the loop variable a looser shape invariant such as 'tensor<?x?xi32>'}}
    %r = tfc.while (%c) : (tensor<2x3xi32>) -> (tensor<?x3xi32>)
    cond {
    ^bb0(%cc: tensor<?x3xi32>):
      tfc.condition %p : tensor<i1>
    } body {
    ^bb0(%cc: tensor<?x3xi32>):
      tfc.yield %d : tensor<2x4xi32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @while_rank_changes(%c: tensor<2xi32>, %d: tensor<2x2xi32>, %p: tensor<i1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.while' op loop variable #0 enters the loop with shape [2], but has shape [2,2] after one iteration. To allow the shape to vary across iterations, give the loop variable a looser shape invariant such as 'tensor<*xi32>'}}
    %r = tfc.while (%c) : (tensor<2xi32>) -> (tensor<2xi32>)
    cond {
    ^bb0(%cc: tensor<2xi32>):
      tfc.condition %p : tensor<i1>
    } body {
    ^bb0(%cc: tensor<2xi32>):
      tfc.yield %d : tensor<2x2xi32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @while_dtype_changes(%c: tensor<i32>, %d: tensor<f32>, %p: tensor<i1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.while' op loop variable #0 enters the loop with dtype int32, but has dtype float after one iteration}}
    %r = tfc.while (%c) : (tensor<i32>) -> (tensor<i32>)
    cond {
    ^bb0(%cc: tensor<i32>):
      tfc.condition %p : tensor<i1>
    } body {
    ^bb0(%cc: tensor<i32>):
      tfc.yield %d : tensor<f32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @while_init_incompatible(%c: tensor<2xi32>, %p: tensor<i1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.while' op the shape invariant of loop variable #0 is not compatible with its initial value: it enters the loop with shape [2] ('tensor<2xi32>'), but the shape invariant is [3] ('tensor<3xi32>')}}
    %r = tfc.while (%c) : (tensor<2xi32>) -> (tensor<3xi32>)
    cond {
    ^bb0(%cc: tensor<3xi32>):
      tfc.condition %p : tensor<i1>
    } body {
    ^bb0(%cc: tensor<3xi32>):
      tfc.yield %cc : tensor<3xi32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @while_init_count(%c: tensor<i32>, %p: tensor<i1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.while' op has 1 initial values but 2 loop variables}}
    %r:2 = tfc.while (%c) : (tensor<i32>) -> (tensor<i32>, tensor<i32>)
    cond {
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      tfc.condition %p : tensor<i1>
    } body {
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      tfc.yield %a, %b : tensor<i32>, tensor<i32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @while_yield_arity(%c: tensor<i32>, %p: tensor<i1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.while' op body yields 2 values but the loop has 1 loop variables; the body must return the same structure as the loop variables}}
    %r = tfc.while (%c) : (tensor<i32>) -> (tensor<i32>)
    cond {
    ^bb0(%a: tensor<i32>):
      tfc.condition %p : tensor<i1>
    } body {
    ^bb0(%a: tensor<i32>):
      tfc.yield %a, %a : tensor<i32>, tensor<i32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @while_body_arguments(%c: tensor<i32>, %p: tensor<i1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.while' op body region argument #0 has type 'tensor<f32>' but loop variable #0 has type 'tensor<i32>'}}
    %r = tfc.while (%c) : (tensor<i32>) -> (tensor<i32>)
    cond {
    ^bb0(%a: tensor<i32>):
      tfc.condition %p : tensor<i1>
    } body {
    ^bb0(%a: tensor<f32>):
      tfc.yield %c : tensor<i32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @while_cond_arguments(%c: tensor<i32>, %p: tensor<i1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.while' op cond region takes 0 arguments but the loop has 1 loop variables}}
    %r = tfc.while (%c) : (tensor<i32>) -> (tensor<i32>)
    cond {
      tfc.condition %p : tensor<i1>
    } body {
    ^bb0(%a: tensor<i32>):
      tfc.yield %a : tensor<i32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @while_cond_yields(%c: tensor<i32>, %p: tensor<i1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.while' op cond region must end in 'tfc.condition'}}
    %r = tfc.while (%c) : (tensor<i32>) -> (tensor<i32>)
    cond {
    ^bb0(%a: tensor<i32>):
      tfc.yield %p : tensor<i1>
    } body {
    ^bb0(%a: tensor<i32>):
      tfc.yield %a : tensor<i32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @while_body_condition(%c: tensor<i32>, %p: tensor<i1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.while' op body region must end in 'tfc.yield'}}
    %r = tfc.while (%c) : (tensor<i32>) -> (tensor<i32>)
    cond {
    ^bb0(%a: tensor<i32>):
      tfc.condition %p : tensor<i1>
    } body {
    ^bb0(%a: tensor<i32>):
      tfc.condition %p : tensor<i1>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @condition_shape(%c: tensor<i32>, %p: tensor<2xi1>) {
  tfc.graph {
    %r = tfc.while (%c) : (tensor<i32>) -> (tensor<i32>)
    cond {
    ^bb0(%a: tensor<i32>):
      // expected-error @+1 {{'tfc.condition' op 'cond' must be a scalar: Shape must be rank 0 but is rank 1}}
      tfc.condition %p : tensor<2xi1>
    } body {
    ^bb0(%a: tensor<i32>):
      tfc.yield %a : tensor<i32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @condition_dtype(%c: tensor<i32>) {
  tfc.graph {
    %r = tfc.while (%c) : (tensor<i32>) -> (tensor<i32>)
    cond {
    ^bb0(%a: tensor<i32>):
      // expected-error @+1 {{'tfc.condition' op Input 'cond' has type int32 that does not match expected type of bool}}
      tfc.condition %a : tensor<i32>
    } body {
    ^bb0(%a: tensor<i32>):
      tfc.yield %a : tensor<i32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @condition_outside_while(%p: tensor<i1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.condition' op expects parent op 'tfc.while'}}
    tfc.condition %p : tensor<i1>
  }
  return
}

// -----

// Control tokens are not loop variables.
func.func @while_token(%t: !tfc.control, %p: tensor<i1>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.while' op operand #0 must be variadic of tensor of}}
    %r = tfc.while (%t) : (!tfc.control) -> (!tfc.control)
    cond {
    ^bb0(%a: !tfc.control):
      tfc.condition %p : tensor<i1>
    } body {
    ^bb0(%a: !tfc.control):
      tfc.yield %a : !tfc.control
    }
    tfc.fetch
  }
  return
}

// -----

// A value made in the body is not visible outside the loop.
func.func @fetch_from_body(%c: tensor<i32>, %p: tensor<i1>) -> tensor<i32> {
  %r = tfc.graph -> (tensor<i32>) {
    %l = tfc.while (%c) : (tensor<i32>) -> (tensor<i32>)
    cond {
    ^bb0(%a: tensor<i32>):
      tfc.condition %p : tensor<i1>
    } body {
    ^bb0(%a: tensor<i32>):
      %b = tfc.neg %a : tensor<i32>
      tfc.yield %b : tensor<i32>
    }
    // expected-error @+1 {{use of undeclared SSA value name}}
    tfc.fetch %b : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

func.func @cycle_in_body(%c: tensor<i32>, %p: tensor<i1>) {
  tfc.graph {
    %l = tfc.while (%c) : (tensor<i32>) -> (tensor<i32>)
    cond {
    ^bb0(%a: tensor<i32>):
      tfc.condition %p : tensor<i1>
    } body {
    ^bb0(%a: tensor<i32>):
      // expected-error @+1 {{'tfc.add' op is part of a cycle of data edges}}
      %b = tfc.add %a, %b : tensor<i32>, tensor<i32>
      tfc.yield %b : tensor<i32>
    }
    tfc.fetch
  }
  return
}

//===----------------------------------------------------------------------===//
// tfc.where
//===----------------------------------------------------------------------===//

// -----

func.func @where_dtype(%p: tensor<2xi1>, %x: tensor<2xi32>, %y: tensor<2xf32>) {
  tfc.graph {
    // expected-error @+1 {{cannot compute SelectV2 as input #2(zero-based) was expected to be a int32 tensor but is a float tensor}}
    %0 = tfc.where %p, %x, %y : tensor<2xi1>, tensor<2xi32>, tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @where_shapes(%p: tensor<2xi1>, %x: tensor<3xi32>, %y: tensor<2xi32>) {
  tfc.graph {
    // expected-error @+1 {{condition [2], then [3], and else [2] must be broadcastable}}
    %0 = tfc.where %p, %x, %y : tensor<2xi1>, tensor<3xi32>, tensor<2xi32>
    tfc.fetch
  }
  return
}

// -----

func.func @where_condition_dtype(%p: tensor<2xi32>, %x: tensor<2xi32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.where' op operand #0 must be tensor of 1-bit signless integer values}}
    %0 = tfc.where %p, %x, %x : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>
    tfc.fetch
  }
  return
}
