// The dialect's discardable attributes (TFCBase.td) are checked wherever
// they appear: on ops, and on functions' arguments and results.
// RUN: tfc-opt %s --split-input-file --verify-diagnostics

// Well-formed: every kind in its place round-trips.
func.func @entry(%x: tensor<2xf32> {tfc.name = "x"}, %s: tensor<?xi8> {tfc.string})
    -> (tensor<2xf32> {tfc.name = "y"})
    attributes {tfc.entry_point, tfc.variables = [@w, @b], tfc.writes_variables} {
  %y = tfc.neg %x {tfc.name = "scope/y"} : tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

func.func @nonpositive_not_unit(%x: vector<8xf32>) -> vector<8xf32> {
  // expected-error @+1 {{'tfc.nonpositive_operand' must be a unit attribute, got 1 : i64}}
  %e = math.exp %x {tfc.nonpositive_operand = 1} : vector<8xf32>
  return %e : vector<8xf32>
}

// -----

func.func @name_not_string(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'tfc.name' must be a string, got 3 : i64}}
  %y = tfc.neg %x {tfc.name = 3} : tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// expected-error @+1 {{'tfc.entry_point' must be a unit attribute, got true}}
func.func @entry_not_unit() attributes {tfc.entry_point = true} {
  return
}

// -----

// expected-error @+1 {{'tfc.variables' must be an array of variable names or symbols, got [1]}}
func.func @variables_not_names() attributes {tfc.variables = [1]} {
  return
}

// -----

func.func @variables_on_op(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'tfc.variables' is only valid on a function}}
  %y = tfc.neg %x {tfc.variables = ["w"]} : tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// A function that stands for several equal ones.
func.func private @merged() attributes {tfc.merged_functions = 3 : i64} {
  return
}

// -----

// expected-error @+1 {{'tfc.merged_functions' must be a 64-bit integer of at least 2, got 1 : i64}}
func.func private @merged_once() attributes {tfc.merged_functions = 1 : i64} {
  return
}

// -----

// expected-error @+1 {{has an unknown tfc attribute 'tfc.entrypoint'}}
func.func @misspelled() attributes {tfc.entrypoint} {
  return
}

// -----

// expected-error @+1 {{argument 0: 'tfc.name' must be a string, got unit}}
func.func @arg_name(%x: tensor<2xf32> {tfc.name}) {
  return
}

// -----

// expected-error @+1 {{argument 0: unknown tfc argument attribute 'tfc.strings'}}
func.func @arg_unknown(%x: tensor<?xi8> {tfc.strings}) {
  return
}

// -----

// expected-error @+1 {{result 0: 'tfc.name' must be a string, got 1 : i64}}
func.func @result_name(%x: tensor<2xf32>) -> (tensor<2xf32> {tfc.name = 1}) {
  return %x : tensor<2xf32>
}

// -----

// The packed copies of variables entry points take (tfc-pack-weights): on
// the module, [@variable, panel] pairs per entry point.
module attributes {tfc.packed_variables = {run = [[@w, 16], [@v, 8]]}} {
}

// -----

// expected-error @+1 {{'tfc.packed_variables' must be a dictionary of arrays of [@variable, panel] pairs}}
module attributes {tfc.packed_variables = {run = [[@w, 0]]}} {
}

// -----

// expected-error @+1 {{'tfc.packed_variables' is only valid on a module}}
func.func private @packed() attributes {tfc.packed_variables = {run = []}}
