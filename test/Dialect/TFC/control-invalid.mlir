// RUN: tfc-opt %s --split-input-file --verify-diagnostics

func.func @empty_group() {
  tfc.graph {
    // expected-error @+1 {{'tfc.group' op needs at least one token (a group of none is 'tfc.no_op')}}
    %g = "tfc.group"() : () -> !tfc.control
    tfc.fetch targets(%g)
  }
  return
}

// -----

// A tensor is not a control token.
func.func @group_of_tensor(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.group' op operand #0 must be variadic of a control token}}
    %g = "tfc.group"(%x) : (tensor<f32>) -> !tfc.control
    tfc.fetch targets(%g)
  }
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @dependency_on_tensor(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{use of value '%x' expects different type than prior uses: '!tfc.control' vs 'tensor<f32>'}}
    tfc.control_dependencies(%x) {
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

// A token used as data.
func.func @token_as_data(%t: !tfc.control) {
  tfc.graph {
    // expected-error @+1 {{'tfc.neg' op operand #0 must be tensor of}}
    %0 = "tfc.neg"(%t) : (!tfc.control) -> !tfc.control
    tfc.fetch
  }
  return
}

// -----

func.func @yield_count(%t: !tfc.control, %x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.control_dependencies' op yields 2 values of types 'tensor<f32>', 'tensor<f32>' but has results of types 'tensor<f32>'}}
    %r = tfc.control_dependencies(%t) -> (tensor<f32>) {
      tfc.yield %x, %x : tensor<f32>, tensor<f32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @yield_type(%t: !tfc.control, %x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.control_dependencies' op yields 1 values of types 'tensor<f32>' but has results of types '!tfc.control'}}
    %r = tfc.control_dependencies(%t) -> (!tfc.control) {
      tfc.yield %x : tensor<f32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @body_without_yield(%t: !tfc.control, %x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.control_dependencies' op body must end in 'tfc.yield'}}
    "tfc.control_dependencies"(%t) ({
      llvm.unreachable
    }) : (!tfc.control) -> ()
    tfc.fetch
  }
  return
}

// -----

// A value made in the body is not visible outside of it.
func.func @fetch_from_body(%t: !tfc.control) {
  tfc.graph {
    tfc.control_dependencies(%t) {
      %five = tfc.constant dense<5> : tensor<i32>
      tfc.yield
    }
    // expected-error @+1 {{use of undeclared SSA value name}}
    tfc.fetch %five : tensor<i32>
  }
  return
}

// -----

// A use written before the body that defines the value is a forward
// reference in the graph region; the verifier rejects it.
func.func @use_from_body(%t: !tfc.control) -> tensor<i32> {
  %r = tfc.graph -> (tensor<i32>) {
    // expected-error @+1 {{operand #0 does not dominate this use}}
    %x = tfc.neg %five : tensor<i32>
    tfc.control_dependencies(%t) {
      // expected-note @+1 {{operand defined here (op in a child region)}}
      %five = tfc.constant dense<5> : tensor<i32>
      tfc.yield
    }
    tfc.fetch %x : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// The body is a graph region of its own, checked for cycles.
func.func @cycle_in_body(%t: !tfc.control) {
  tfc.graph {
    tfc.control_dependencies(%t) {
      // expected-error @+1 {{'tfc.neg' op is part of a cycle of data edges}}
      %a = tfc.neg %b : tensor<f32>
      // expected-note @+1 {{the cycle passes through this op}}
      %b = tfc.exp %a : tensor<f32>
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

// A cycle through the block: the block waits for a token that needs its
// own result.
func.func @cycle_through_block(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.control_dependencies' op is part of a cycle of data edges}}
    %y = tfc.control_dependencies(%p) -> (tensor<f32>) {
      tfc.yield %x : tensor<f32>
    }
    // expected-note @+1 {{the cycle passes through this op}}
    %o, %p = tfc.print %y : tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @yield_outside(%x: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.yield' op expects parent op to be one of}}
    tfc.yield %x : tensor<f32>
  }
  return
}

// -----

func.func @empty_ready() {
  tfc.graph {
    // expected-error @+1 {{'tfc.ready' op needs at least one value (a token of none is 'tfc.no_op')}}
    %r = "tfc.ready"() : () -> !tfc.control
    tfc.fetch targets(%r)
  }
  return
}

// -----

// A token is not a value to wait for: tfc.group merges tokens.
func.func @ready_of_token(%t: !tfc.control) {
  tfc.graph {
    // expected-error @+1 {{'tfc.ready' op operand #0 must be variadic of}}
    %r = "tfc.ready"(%t) : (!tfc.control) -> !tfc.control
    tfc.fetch targets(%r)
  }
  return
}
