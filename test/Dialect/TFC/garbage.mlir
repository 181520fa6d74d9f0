// RUN: tfc-opt %s --split-input-file --verify-diagnostics
// Malformed uses of every graph, control-flow, TensorArray, debug and shape op
// give a located error, never a crash.

func.func @garbage0(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected SSA operand}}
    %0 = tfc.group %t,
    tfc.fetch
  }
  return
}

// -----

func.func @garbage1(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected ')'}}
    %0 = tfc.no_op after(
    tfc.fetch
  }
  return
}

// -----

func.func @garbage2(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected '('}}
    tfc.control_dependencies %t {
      tfc.yield
    }
    tfc.fetch
  }
  return
}

// -----

func.func @garbage3(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected '{' to begin a region}}
    %0 = tfc.control_dependencies(%t) -> (tensor<2xf32>)
    tfc.fetch
  }
  return
}

// -----

func.func @garbage4(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected ']'}}
    %0, %1 = tfc.print %x, [%x : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage5(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{integer literal not valid for specified type}}
    %0, %1 = tfc.print %x message 5 : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage6(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{custom op 'tfc.assert' number of operands and types do not match: got 1 operands and 0 types}}
    %0 = tfc.assert %p, [%x] : tensor<i1>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage7(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected attribute value}}
    %0 = tfc.assert_rank %x rank two : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage8(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected SSA operand}}
    %0 = tfc.assert_positive : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage9(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{custom op 'tfc.host_call' invalid kind of type specified: expected builtin.function, but found 'tensor<2xf32>'}}
    %0, %1 = tfc.host_call @f(%x) : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage10(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{custom op 'tfc.host_call' invalid kind of attribute specified}}
    %0, %1 = tfc.host_call "f"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage11(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected ':'}}
    %0 = tfc.cond %p -> (tensor<2xf32>) {
      tfc.yield %x : tensor<2xf32>
    } else {
      tfc.yield %x : tensor<2xf32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @garbage12(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+4 {{custom op 'tfc.cond' expected 'else'}}
    %0 = tfc.cond %p : tensor<i1> -> (tensor<2xf32>) {
      tfc.yield %x : tensor<2xf32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @garbage13(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{custom op 'tfc.while' expected 'cond'}}
    %0 = tfc.while (%x) : (tensor<2xf32>) -> (tensor<2xf32>) body {
    ^bb0(%a: tensor<2xf32>):
      tfc.yield %a : tensor<2xf32>
    }
    tfc.fetch
  }
  return
}

// -----

func.func @garbage14(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected '('}}
    %0 = tfc.while %x : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage15(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected ','}}
    %0 = tfc.where %p, %x : tensor<i1>, tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage16(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.tensor_array_create' op result #0 must be a TensorArray: a list of tensors of one type, but got 'tensor<i32>'}}
    %0 = tfc.tensor_array_create %i : tensor<i32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage17(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected ','}}
    %0 = tfc.tensor_array_write %ta[%i] %x : !tfc.tensor_array<tensor<2xf32>>, tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage18(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected '['}}
    %0 = tfc.tensor_array_read %ta : !tfc.tensor_array<tensor<2xf32>>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage19(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected ','}}
    %0 = tfc.tensor_array_unstack %ta : !tfc.tensor_array<tensor<2xf32>>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage20(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{'tfc.tensor_array_size' op operand #0 must be a TensorArray: a list of tensors of one type, but got 'tensor<2xf32>'}}
    %0 = tfc.tensor_array_size %x : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage21(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected SSA operand}}
    %0 = tfc.shape : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage22(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected attribute value}}
    %0 = tfc.size %x out_type : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage23(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+2 {{custom op 'tfc.reshape' expected integer value}}
    // expected-error @+1 {{expected ']'}}
    %0 = tfc.reshape %x to [2, : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage24(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{custom op 'tfc.expand_dims' expected 'axis'}}
    %0 = tfc.expand_dims %x : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage25(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected '['}}
    %0 = tfc.squeeze %x axes 1 : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage26(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{custom op 'tfc.tile' expected 'multiples'}}
    %0 = tfc.tile %x : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage27(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected SSA operand}}
    %0 = tfc.fill to [2] : tensor<f32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage28(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected ','}}
    %0 = tfc.range %i, %i : tensor<i32>, tensor<i32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage29(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{custom op 'tfc.concat' expected 'axis'}}
    %0 = tfc.concat %x, %x : tensor<2xf32>, tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage30(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected attribute value}}
    %0 = tfc.stack %x, %x axis : tensor<2xf32>, tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage31(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected attribute value}}
    %0 = tfc.unstack %x num two : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage32(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{custom op 'tfc.slice' expected 'size'}}
    %0 = tfc.slice %x begin [0] : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage33(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected attribute value}}
    %0 = tfc.strided_slice %x begin [0] end [1] shrink_axis_mask : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage34(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected ','}}
    %0 = tfc.gather %x axis 0 : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage35(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{custom op 'tfc.top_k' expected 'k'}}
    %0:2 = tfc.top_k %x : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage36(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{expected attribute value}}
    %0 = tfc.argmax %x axis 0 output_type : tensor<2xf32>
    tfc.fetch
  }
  return
}

// -----

func.func @garbage37(%x: tensor<2xf32>, %t: !tfc.control, %p: tensor<i1>, %ta: !tfc.tensor_array<tensor<2xf32>>, %i: tensor<i32>, %s: tensor<2xi32>, %v: tensor<f32>) {
  tfc.graph {
    // expected-error @+1 {{custom op 'tfc.one_hot' expected 'depth'}}
    %0 = tfc.one_hot %s, %v, %v : tensor<2xi32>, tensor<f32>, tensor<f32>
    tfc.fetch
  }
  return
}
