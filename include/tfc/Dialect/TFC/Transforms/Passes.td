//===- Passes.td - tfc dialect passes ----------------------*- tablegen -*-===//
//
// The passes on the tfc dialect. Each is defined in its own file in
// lib/Dialect/TFC/Transforms/ and tested by test/Transforms/<flag>.mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_TRANSFORMS_PASSES_TD
#define TFC_DIALECT_TFC_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TFCCheckAsserts : Pass<"tfc-check-asserts"> {
  let summary = "Reports assertions that fail whatever the input";
  let description = [{
    An assertion whose outcome is known at compile time (a constant false
    condition, a constant tensor that is not positive) would fail every run:
    this pass reports it as an error with the assertion's message, as
    TensorFlow's `tf.debugging.assert_*` do when their inputs are static.
    Assertions known to hold are removed by canonicalization; run it first
    so that conditions computed from constants are folded.
  }];
}

def TFCCheckRaces : Pass<"tfc-check-races"> {
  let summary = "Warns about variable accesses that no edge orders";
  let description = [{
    In a graph region, two effects on the same variable (a read and an
    assign, or two assigns) that no chain of data or control edges orders
    run in either order in TensorFlow, so the result depends on timing: the
    guide's `c = a + b` fetched with `assign(a, 5)` gives 3 or 7. For each
    such pair this pass warns, naming the variable and both ops, saying
    which one tfc runs first (see `tfc-schedule`) and how to fix the order
    with a control dependency. With `strict` the warning is an error (the
    driver's `--tfc-strict`).

    Only ops that the fetches need are compared: the others never run (see
    `tfc-schedule`'s pruning). Variables are the same when they are the same
    `tfc.var_handle` symbol or the same handle value. Effects in different
    branches of a `tfc.cond` never race; effects in a nested region are
    compared with the rest of the graph as effects of the op that holds the
    region.
  }];
  let options = [
    Option<"strict", "strict", "bool", /*default=*/"false",
           "Report unordered variable accesses as errors">
  ];
}

def TFCSchedule : Pass<"tfc-schedule"> {
  let summary = "Turns graph regions into sequential code";
  let description = [{
    Gives every graph the order in which it runs, as `session.run` would:

    - Pruning: an op that no fetch needs, by a data or a control edge, is
      removed (fetching `c` does not run an unrelated assign). Inside a
      `tfc.cond` branch or a `tfc.while` region, what its terminator needs
      is kept.
    - Order: the ops of every graph region are sorted so that each comes
      after everything its data and control edges name. Where the edges
      leave two effects unordered, tfc picks: an op writing a variable runs
      after the ops that only read it and are not ordered after it (so
      `c = a + b` fetched with `assign(a, 5)` gives 3, the value of `a`
      before the run), then text order.
    - Flattening: `tfc.control_dependencies` blocks are inlined where their
      block was ordered (after the ops behind their tokens). `tfc.cond` and
      `tfc.while` stay, with sorted regions.

    Each `tfc.graph` stays, marked `tfc.scheduled`: its body, nested regions
    included, runs in text order, and `tfc-inline-graphs` turns it into the
    function's sequential code. A graph already marked is left alone, and
    `tfc-check-races` does not look at it (its order is decided). Control
    tokens stay as values; after scheduling they order nothing that the text
    order does not already order, and lowering drops them. Scopes and
    unresolved variables must be resolved first (`tfc-resolve-scopes`).
  }];
}

#endif // TFC_DIALECT_TFC_TRANSFORMS_PASSES_TD
