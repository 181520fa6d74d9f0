//===- Passes.td - tfc conversion passes -------------------*- tablegen -*-===//
//
// Conversions from the tfc dialect to upstream dialects.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_CONVERSION_PASSES_TD
#define TFC_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTFCToLinalg : Pass<"convert-tfc-to-linalg"> {
  let summary = "Lower tfc computation ops to linalg, tensor, arith and math";
  let description = [{
    Rewrites the tfc computation ops into destination-style linalg ops on
    tensors: element-wise ops become `linalg.generic`s whose indexing maps
    implement NumPy broadcasting, matmuls become `linalg.matmul`,
    `linalg.batch_matmul` or a contraction `linalg.generic`, reductions
    become `linalg.reduce` (with `tensor.expand_shape` for `keep_dims`), and
    constants become `arith.constant`. Graph structure, variables and
    effects are left to their own passes.

    Codegen needs ranked tensors. A dynamic dimension is taken to match the
    other operands' dimension at that position; broadcasting a dynamic
    dimension that turns out to be 1 at run time is not supported.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// TFCToRuntime: state, entry points and effects onto the runtime ABI
//===----------------------------------------------------------------------===//

def TFCOutlineInitializers
    : Pass<"tfc-outline-initializers", "::mlir::ModuleOp"> {
  let summary = "Make initial_value regions into functions";
  let description = [{
    Moves the `initial_value` region of each `tfc.global_variable` into a
    new function `@__tfc_initial_value_N` that returns the initial value; the
    variable names it in `tfc.initializer_function`. Other variables' initial
    values (`tfc.initialized_value`) become reads of those variables: the
    initializer plan runs their initializers first, so at that point they
    hold exactly their initial values.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def TFCMarkEntryPoints : Pass<"tfc-mark-entry-points", "::mlir::ModuleOp"> {
  let summary = "Give entry points the C interface the runtime calls";
  let description = [{
    Marks the functions a compiled model exposes — public functions and the
    functions computing initial values — with `tfc.entry_point` and
    `llvm.emit_c_interface`, so that each gets a `_mlir_ciface_` wrapper
    taking its memrefs by pointer. Their tensor arguments (not the variable
    buffers) are marked `bufferization.writable = false`: they belong to the
    caller, so bufferization never updates them in place.
  }];
}

def TFCLowerVariables : Pass<"tfc-lower-variables", "::mlir::ModuleOp"> {
  let summary = "Turn variable accesses into buffers passed by the runtime";
  let description = [{
    Every function that uses variables gets one `memref` argument per
    variable, after its own arguments, in first-use order; the runtime passes
    the variable store's buffers there. The function is marked with
    `tfc.variables` (the variables' symbols, in argument order) and
    `tfc.writes_variables` when it assigns any.

    Reads and assigns must be in execution order (inline graphs first). A
    variable's value is read once, with `bufferization.to_tensor`; reads see
    the value of the last assign before them; each assigned variable's final
    value is written back into its buffer with
    `bufferization.materialize_in_destination` at the end, which
    bufferization turns into an in-place update where it can. Control tokens
    disappear.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def TFCLowerRuntimeCalls : Pass<"tfc-lower-runtime-calls", "::mlir::ModuleOp"> {
  let summary = "Turn print, assertions and host calls into runtime calls";
  let description = [{
    Lowers the ops that talk to the host into calls of the runtime functions
    of `tfc/runtime/compiled.h`, on tensors, before bufferization:

    - `tfc.print` pushes its data tensors (`tfc_rt_push_tensor`) and calls
      `tfc_rt_print` with the message; its result is its input. With
      `first_n`, an atomic process-wide counter lets the first n runs
      print.
    - `tfc.assert` and `tfc.assert_positive` reduce their condition to one
      bool; when it is false, they push the data and call
      `tfc_rt_assert_fail`, which fails the model call with the message
      and does not return. `tfc.assert_rank` of a ranked tensor holds (the
      verifier rejects a wrong rank) and disappears.
    - `tfc.host_call` pushes its arguments, calls `tfc_rt_host_call`, then
      allocates each result (asking the runtime for its dynamic sizes) and
      has the runtime copy it in after checking its dtype and shape.
    - `tfc.all_reduce_gradients` hands its gradients' buffers (a stack
      array of address and element count pairs) to
      `tfc_rt_all_reduce_gradients`, which sums them over the processes in
      place: each sum is its gradient's buffer, with no copy in or out, and
      the returned factor becomes the scale tensor.

    A tensor is passed as the parts of its buffer: the aligned address, the
    offset, and a stack array of sizes and strides, so one runtime function
    serves every dtype and rank. Control tokens must be gone
    (`tfc-drop-control`).

    With `defer-assertions` (the CUDA target, whose host code never reads
    device memory), `tfc.assert` neither reads its condition nor branches:
    it hands the condition's buffer and its data's buffers to the runtime
    (`tfc_rt_push_deferred_tensor`, `tfc_rt_defer_assert`), which reads
    them once the call's device work is done and fails the call with the
    same message as on the CPU.
  }];
  let options = [
    Option<"deferAssertions", "defer-assertions", "bool", "false",
           "Pass tfc.assert's buffers to the runtime, which checks them at "
           "the end of the call">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def TFCNameAllocationSites
    : Pass<"tfc-name-allocation-sites", "::mlir::ModuleOp"> {
  let summary = "Tell the runtime which op each heap buffer is for";
  let description = [{
    Runs on the LLVM dialect, after `finalize-memref-to-llvm` with generic
    allocation functions: each call of `_mlir_memref_to_llvm_alloc` or
    `_mlir_memref_to_llvm_aligned_alloc` becomes a call of the runtime's
    `tfc_rt_alloc_at` with the same size and alignment (0 for the
    default) and a constant string describing the call's location: the
    TensorFlow node name of a `NameLoc` and the source position, e.g.
    `'dense/MatMul' (model.pbtxt:12:3)`. A buffer the runtime cannot give
    (over `TFC_MAX_ALLOC_BYTES`, or refused by the system) then fails the
    model call with RESOURCE_EXHAUSTED naming that op. Equal descriptions
    share one string.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // TFC_CONVERSION_PASSES_TD
