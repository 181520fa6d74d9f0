//===- Passes.td - tfc dialect passes ----------------------*- tablegen -*-===//
//
// The passes that work on the tfc dialect. Each is defined in its own file
// under lib/Dialect/TFC/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_TRANSFORMS_PASSES_TD
#define TFC_DIALECT_TFC_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TFCResolveScopes : Pass<"tfc-resolve-scopes", "::mlir::ModuleOp"> {
  let summary = "Apply TensorFlow's naming and variable-sharing rules";
  let description = [{
    Resolves `tfc.variable_scope`, `tfc.name_scope`, `tfc.get_variable` and
    `tfc.variable` exactly as TensorFlow 1 does, then flattens the scopes:

    - every op gets its full TensorFlow name in a `tfc.name` attribute, made
      unique per graph (`add`, `add_1`); a name scope entered again is made
      unique too (`s`, `s_1`); a name scope ending in `/` re-enters that exact
      scope, and `""` returns to the root;
    - `tfc.get_variable` names ignore name scopes; `tfc.variable` names do not
      and are made unique (`var2`, `var2_1`);
    - sharing: an existing variable is returned under `reuse`/`auto_reuse`
      (or after `tfc.reuse_variables`), created otherwise; every misuse is an
      error with TensorFlow's message, pointing at both definitions;
    - every variable becomes a module-level `tfc.global_variable` with its
      full name, type, initializer (Glorot-uniform by default) and
      collections; graphs refer to it with `tfc.var_handle`.

    All graphs of a module form one TensorFlow graph: names and variables are
    shared between entry points. Names are assigned in text order, which
    stands for the order in which a Python program would create the ops.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def TFCPlanInitialization : Pass<"tfc-plan-initialization", "::mlir::ModuleOp"> {
  let summary = "Order variable initialization by initializer dependencies";
  let description = [{
    For each variable collection that is initialized as a whole
    (GLOBAL_VARIABLES, as `tf.global_variables_initializer()`, and
    LOCAL_VARIABLES, as `tf.local_variables_initializer()`), emits a
    `tfc.initializer_plan` listing its variables so that a variable whose
    initial value uses another's (`tfc.initialized_value`) comes after it.
    Variables without dependencies keep their order in the module. A cycle
    of initializer dependencies is an error naming the variables on it.
  }];
  // The plans are made even for a module without a tfc op.
  let dependentDialects = ["::mlir::tfc::TFCDialect"];
}

def TFCInlineGraphs : Pass<"tfc-inline-graphs", "::mlir::func::FuncOp"> {
  let summary = "Replace scheduled graphs by their bodies";
  let description = [{
    Moves the body of every `tfc.graph` whose ops are in a valid execution
    order (every value defined before it is used, as `tfc-schedule` leaves
    them) into the enclosing block, and replaces the graph's results with the
    fetched tensors. Fetch targets only ordered effects and are dropped. A
    graph that is not in execution order is an error.
  }];
}

def TFCDropControl : Pass<"tfc-drop-control"> {
  let summary = "Remove control tokens from scheduled code";
  let description = [{
    After `tfc-schedule`, ops run in text order, and a control token orders
    nothing that the text order does not: the pass removes the `after`
    lists of effectful ops, fetch targets, `tfc.group` and `tfc.no_op`, and
    the control results of `tfc.cond` (with the tokens its branches yield).
    The token results of effectful ops stay, unused, so the ops keep their
    form. Ops in a `tfc.graph` that is not marked scheduled, and
    `tfc.control_dependencies` blocks, are an error: there the tokens still
    decide the order.
  }];
}

def TFCStableSoftmax : Pass<"tfc-stable-softmax"> {
  let summary = "Rewrite naive softmax, cross-entropy and softplus formulas "
                "into their stable ops";
  let description = [{
    Replaces the numerically unstable formulas users write by hand with the
    ops that tfc evaluates stably:

    - `exp(x) / reduce_sum(exp(x), axes [a], keep_dims)` -> `softmax(x, a)`
      (without `keep_dims` only when `a` is the leading axis, the one case
      where broadcasting lines the sum up with `x`);
    - `log(softmax(x))` -> `log_softmax(x)`;
    - `log(reduce_sum(exp(x), axes, keep_dims))` ->
      `reduce_logsumexp(x, axes, keep_dims)`;
    - `-reduce_sum(labels * log_softmax(logits), axes [-1])` (also written
      with `log(softmax(...))` and with the negation on either factor) ->
      `softmax_cross_entropy_with_logits(labels, logits)`, when labels and
      logits have the same type and the softmax and the sum are over the
      last axis;
    - `log(1 + exp(x))` -> `softplus(x)`.

    Only the matched root is replaced: intermediate values with other users
    stay for them, so every rewrite is exact whatever the uses. The
    patterns are applied greedily, with folding; `populateStableSoftmaxPatterns`
    makes them available to other passes. The preconditions of each rewrite
    are listed in docs/rewrites.md.
  }];
}

def TFCLint : Pass<"tfc-lint"> {
  let summary = "Warn about the broadcasting, reduction and squeeze pitfalls";
  let description = [{
    Reports the pitfalls of "Effective TensorFlow" that produce wrong values
    without any error:

    - a reduction without `axes` (`tfc.reduce_*`) of a value computed,
      directly or through element-wise and other shape-preserving ops, by a
      broadcasting binary op whose result has more elements than either
      operand (`[2,1] + [2]` is `[2,2]`, so `reduce_sum([[1],[2]] + [1,2])`
      is 12, not 6): a warning naming both shapes, with a note at the
      broadcast;
    - any other reduction without `axes` of a tensor of rank 2 or more, or
      of unknown rank: a remark, since reducing every dimension silently
      changes meaning when the shapes change;
    - a `tfc.squeeze` without `axes`: a warning, since it also removes a
      batch dimension that happens to be 1.

    With `strict`, the warnings are errors and the pass fails; remarks stay
    remarks. The IR is never changed.
  }];
  let options = [
    Option<"strict", "strict", "bool", /*default=*/"false",
           "Report the pitfalls as errors and fail the pass">
  ];
}

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

def TFCInsertRuntimeChecks : Pass<"tfc-insert-runtime-checks"> {
  let summary = "Guards the ops whose failure only the run can show";
  let description = [{
    Inserts a `tfc.assert` before each op that TensorFlow's kernels check at
    run time, so that compiled code fails the call with an error status
    where TensorFlow raises instead of computing a wrong value:
    - integer `div`, `floordiv` and `mod` by a divisor that may be zero:
      "Integer division by zero";
    - `gather` with indices that may fall outside `[0, size)` of the
      gathered axis: "indices are not in [0, size)", with the indices;
    - `unsorted_segment_sum` with segment ids that may be `num_segments`
      or more (negative ones are dropped, as in TensorFlow): "segment_ids
      are not < num_segments", with the ids; not for ids a gather from
      `num_segments` rows also reads (the gradient of gather), whose check
      covers them;
    - a broadcasting binary op pairing a dynamic dimension with another
      dimension that is not statically 1: the sizes must be equal at run
      time ("Incompatible shapes", with both shapes). Compiled code does not
      broadcast a dynamic dimension that turns out to be 1.
    Checks that hold statically (a constant divisor without zeros, constant
    indices in range, equal static sizes) are not inserted. Runs on
    scheduled code, after `tfc-drop-control`: the assertions need no token.
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

def TFCSliceToReduce : Pass<"tfc-slice-to-reduce"> {
  let summary = "Turn a sum of every row of a tensor into one reduce_sum";
  let description = [{
    The guide's slow loop `z = z + x[i]` for every `i` builds one slice and
    one addition per row. When a tree of `tfc.add`s sums exactly the rows
    of one tensor along dimension 0 — each once, taken by `x[i]`
    (`tfc.strided_slice` with `shrink_axis_mask` 1), by `tfc.unstack`, or
    by `tfc.slice` of one row — plus at most one other value (the initial
    `z`), it becomes `reduce_sum(x, axes [0])` (plus that value). A sum of
    only some rows, of rows of different tensors, or an intermediate sum
    used elsewhere stays as it is.
  }];
}

def TFCAutodiff : Pass<"tfc-autodiff", "::mlir::ModuleOp"> {
  let summary = "Expand tfc.gradients and tfc.minimize into gradient graphs "
                "and optimizer updates";
  let description = [{
    Reverse-mode differentiation of TensorFlow graphs, as `tf.gradients` and
    `optimizer.minimize` build them:

    - `tfc.gradients %y wrt(...)` becomes the gradient graph of `y` with
      respect to each tensor or variable (the sum over the variable's reads
      in the graph), built where the op stands from the gradient each op
      declares (`DifferentiableOpInterface`; one file per op family under
      `lib/Dialect/TFC/Transforms/Gradients/`). Broadcasting binary ops
      reduce their gradients to their operands' shapes;
    - `tfc.minimize` becomes the gradient graph of its loss with respect to
      its variables (TRAINABLE_VARIABLES by default) and the optimizer's
      updates, at the end of the graph body. Each update runs after every
      access to its variable in the graph that does not depend on the step,
      and ops that do depend on the step move after the updates, so the
      graph stays in execution order. The optimizer's slot variables
      (`w/Adam`, `w/Adam_1`, `beta1_power`, `beta2_power`, `w/Momentum`)
      become global variables in GLOBAL_VARIABLES, zero-initialized (the
      beta powers start at beta1 and beta2).

    It runs after tfc-resolve-scopes (variables are symbols, ops are
    named) and before tfc-plan-initialization (which plans the slots) and
    tfc-inline-graphs. Generated ops are named as TensorFlow names them
    (`gradients/add_grad/Sum`, `Adam/update_w/AssignSub`).

    Differentiating through an op or operand without a gradient (a
    comparison, floordiv, the labels of softmax_cross_entropy_with_logits)
    is an error naming the op; with `allow-undefined-gradients` it is a
    warning and the gradient is taken as zero, as TensorFlow silently does.

    With `data-parallel` (`tfc compile --data-parallel`), each
    `tfc.minimize` applies the mean of its gradients over the processes of
    a data-parallel job (docs/distributed.md): the gradients are flattened
    into one f32 buffer (`DataParallel/Concat`), exchanged by one
    `tfc.host_call @tfc.all_reduce_mean` weighted by the local batch size
    (dimension 0 of the entry point's first argument of rank 1 or more,
    from `tfc.shape`), and sliced back before the optimizer's updates. At
    world size 1 the runtime returns the buffer as it is.
  }];
  let options = [
    Option<"allowUndefinedGradients", "allow-undefined-gradients", "bool",
           /*default=*/"false",
           "Treat ops and operands without a gradient as constants (zero "
           "gradient), with a warning, as TensorFlow does">,
    Option<"dataParallel", "data-parallel", "bool", /*default=*/"false",
           "Average each step's gradients over the ranks of a "
           "data-parallel job before the optimizer applies them">
  ];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def TFCBroadcastMerge : Pass<"tfc-broadcast-merge"> {
  let summary = "Multiply the parts of a concatenation instead of tiling them";
  let description = [{
    The guide's `merge`: `matmul(concat([a, tile(b)], -1), w)` materializes
    the tiled `b` only to multiply it. Since a product with a concatenation
    is the sum of the products with its parts (the rows of `w` split the
    same way), the pass rewrites it into `matmul(a, w_a) + matmul(b, w_b)`,
    letting broadcasting stand in for the tile: the tile is never built.
    It applies when the concatenation is along the last dimension, `w` is a
    2-D matrix with a static row count, at least one part is a `tfc.tile`
    that only repeats size-1 dimensions, and the sum has the product's
    type. Any number of parts and ranks 2 to 4 work.
  }];
}

#endif // TFC_DIALECT_TFC_TRANSFORMS_PASSES_TD
