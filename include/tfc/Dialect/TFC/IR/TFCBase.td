//===- TFCBase.td - tfc dialect definition -----------------*- tablegen -*-===//
//
// The tfc dialect, its op base classes and the type constraints shared by its
// ops.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCBASE_TD
#define TFC_DIALECT_TFC_IR_TFCBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def TFC_Dialect : Dialect {
  let name = "tfc";
  let cppNamespace = "::mlir::tfc";
  let summary = "TensorFlow-1-style dataflow graphs";
  let description = [{
    The tfc dialect models TensorFlow 1 graphs: unordered dataflow in graph
    regions (`tfc.graph`), control tokens that order side effects, variables
    with TensorFlow's naming and sharing rules, and the TensorFlow ops with
    their broadcasting and shape rules. Values are builtin tensors; the
    element types are those of TensorFlow that tfc compiles: f16, bf16, f32,
    f64, i1 (bool), i8, i32 and i64.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let dependentDialects = ["::mlir::func::FuncDialect"];
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
  }];

  // The attributes passes hand to later passes, the model description and
  // the tools; verified by TFCDialect::verifyOperationAttribute and the
  // region argument/result verifiers (docs/dialect.md lists what each means).
  let discardableAttrs = (ins
    // TensorFlow's node name of an op, or of an entry point's argument or
    // result (a fed or fetched tensor).
    "::mlir::StringAttr":$name,
    // A function the compiled library exports (tfc-mark-entry-points).
    "::mlir::UnitAttr":$entry_point,
    // The store variables an entry point takes, in argument order after
    // its own arguments (tfc-lower-variables).
    "::mlir::ArrayAttr":$variables,
    // An entry point that assigns a variable: runs alone on its store.
    "::mlir::UnitAttr":$writes_variables,
    // An entry point argument holding a string (bytes as i8).
    "::mlir::UnitAttr":$string,
    // A graph whose effects tfc-schedule has ordered.
    "::mlir::UnitAttr":$scheduled,
    // A TensorArray write that may grow its array.
    "::mlir::UnitAttr":$grows,
    // A CUDA-target allocation that stays in host memory.
    "::mlir::UnitAttr":$host,
    // An exponential whose operand is at most 0 or NaN (softmax's
    // x - max(x)): it cannot overflow, so its CPU approximation leaves out
    // the test for +inf. Carried from tfc.exp to the math.exp of its
    // linalg body.
    "::mlir::UnitAttr":$nonpositive_operand,
    // A function that stands for this many equal functions, itself
    // included (tfc-merge-identical-functions): its ops' locations are
    // those of one of them.
    "::mlir::IntegerAttr":$merged_functions,
    // On the module: for each entry point (by name), the trailing
    // arguments tfc-pack-weights added, as [@variable, panel]
    // pairs in argument order.
    "::mlir::DictionaryAttr":$packed_variables
  );
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
}

/// A `tfc.reduce_*` op: its input is operand #0, its `axes` attribute the
/// reduced dimensions (every one when absent).
def TFC_Reduction : NativeOpTrait<"Reduction"> {
  let cppNamespace = "::mlir::OpTrait::tfc";
}

class TFC_Op<string mnemonic, list<Trait> traits = []>
    : Op<TFC_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def TFC_Bool : I<1>;
def TFC_FloatElement : AnyTypeOf<[F16, BF16, F32, F64]>;
def TFC_IntElement : AnyTypeOf<[I8, I32, I64]>;
def TFC_NumericElement : AnyTypeOf<[TFC_FloatElement, TFC_IntElement]>;
def TFC_Element : AnyTypeOf<[TFC_NumericElement, TFC_Bool]>;

def TFC_Tensor : TensorOf<[TFC_Element]>;
def TFC_FloatTensor : TensorOf<[TFC_FloatElement]>;
def TFC_NumericTensor : TensorOf<[TFC_NumericElement]>;
def TFC_BoolTensor : TensorOf<[TFC_Bool]>;
def TFC_IndexTensor : TensorOf<[I32, I64]>;

/// A scalar int32 tensor, TensorFlow's type for sizes and indices of
/// TensorArrays; buildable, so formats need not spell it.
def TFC_I32Scalar : 0DTensorOf<[I32]>,
    BuildableType<"::mlir::RankedTensorType::get({}, $_builder.getI32Type())">;

#endif // TFC_DIALECT_TFC_IR_TFCBASE_TD
