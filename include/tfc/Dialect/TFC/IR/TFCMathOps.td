//===- TFCMathOps.td - constants, element-wise ops, matmul, reductions ---===//
//
// The computation ops of TensorFlow's math library. Element-wise binary ops
// broadcast like NumPy and TensorFlow; every op infers its result type.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCMATHOPS_TD
#define TFC_DIALECT_TFC_IR_TFCMATHOPS_TD

include "tfc/Dialect/TFC/IR/TFCBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

def TFC_ConstantOp : TFC_Op<"constant", [
    ConstantLike, Pure, InferTypeOpAdaptor]> {
  let summary = "a constant tensor (`tf.constant`)";
  let description = [{
    A tensor whose value is known when the graph is built. The result type is
    the type of the value.

    ```mlir
    %a = tfc.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  // The verifier checks the element type, with a clearer message than the
  // generic type constraint.
  let results = (outs AnyRankedTensor:$output);
  let assemblyFormat = "$value attr-dict";
  let hasFolder = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Element-wise binary ops
//===----------------------------------------------------------------------===//

/// An element-wise binary op with TensorFlow's broadcasting. `tfName` is the
/// TensorFlow op name used in diagnostics; `boolResult` makes the result
/// element type i1 (comparisons).
class TFC_BinaryOp<string mnemonic, string tfName, Type operandType,
                   bit boolResult = 0, list<Trait> traits = []>
    : TFC_Op<mnemonic, !listconcat(traits, [Pure, InferTypeOpAdaptor])> {
  let arguments = (ins operandType:$lhs, operandType:$rhs);
  let results = (outs TFC_Tensor:$output);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs)";
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *context, std::optional<::mlir::Location> location,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      return ::mlir::tfc::inferBroadcastBinaryResultType(
          location, "}] # tfName # [{", adaptor.getLhs().getType(),
          adaptor.getRhs().getType(), /*boolResult=*/}] #
          !if(boolResult, "true", "false") # [{, inferred);
    }
  }];
  let description = [{
    Element-wise `}] # tfName # [{` of two tensors of the same element type,
    broadcast against each other as in NumPy and TensorFlow: shapes are
    aligned on their last dimension, and a dimension of size 1 (or a missing
    one) stretches to match the other. Statically incompatible shapes are an
    error (`Incompatible shapes: [3,2] vs. [3,4]`). A dynamic dimension paired
    with a static one greater than 1 takes the static size.

    ```mlir
    %z = tfc.}] # mnemonic # [{ %x, %y : tensor<2x1x}] #
        !if(!eq(operandType, TFC_BoolTensor), "i1", "f32") #
        [{>, tensor<3x}] #
        !if(!eq(operandType, TFC_BoolTensor), "i1", "f32") # [{>
    ```
  }];
}

class TFC_ArithmeticOp<string mnemonic, string tfName, list<Trait> traits = []>
    : TFC_BinaryOp<mnemonic, tfName, TFC_NumericTensor, 0, traits> {
  let summary = "element-wise " # tfName # " with broadcasting";
}

class TFC_CompareOp<string mnemonic, string tfName, Type operandType,
                    list<Trait> traits = []>
    : TFC_BinaryOp<mnemonic, tfName, operandType, 1, traits> {
  let summary = "element-wise " # tfName # " comparison with broadcasting";
}

class TFC_LogicalBinaryOp<string mnemonic, string tfName,
                          list<Trait> traits = []>
    : TFC_BinaryOp<mnemonic, tfName, TFC_BoolTensor, 0, traits> {
  let summary = "element-wise " # tfName # " of booleans with broadcasting";
}

def TFC_AddOp : TFC_ArithmeticOp<"add", "Add", [Commutative]> {
  let hasFolder = 1;
}
def TFC_SubOp : TFC_ArithmeticOp<"sub", "Sub"> {
  let hasFolder = 1;
}
def TFC_MulOp : TFC_ArithmeticOp<"mul", "Mul", [Commutative]> {
  let hasFolder = 1;
}
def TFC_DivOp : TFC_ArithmeticOp<"div", "Div"> {
  let hasFolder = 1;
}
def TFC_FloorDivOp : TFC_ArithmeticOp<"floordiv", "FloorDiv"> {
  let hasFolder = 1;
}
def TFC_ModOp : TFC_ArithmeticOp<"mod", "FloorMod"> {
  let hasFolder = 1;
}
def TFC_PowOp : TFC_ArithmeticOp<"pow", "Pow">;
def TFC_MaximumOp : TFC_ArithmeticOp<"maximum", "Maximum", [Commutative]> {
  let hasFolder = 1;
}
def TFC_MinimumOp : TFC_ArithmeticOp<"minimum", "Minimum", [Commutative]> {
  let hasFolder = 1;
}

def TFC_EqualOp : TFC_CompareOp<"equal", "Equal", TFC_Tensor, [Commutative]>;
def TFC_NotEqualOp
    : TFC_CompareOp<"not_equal", "NotEqual", TFC_Tensor, [Commutative]>;
def TFC_LessOp : TFC_CompareOp<"less", "Less", TFC_NumericTensor>;
def TFC_LessEqualOp
    : TFC_CompareOp<"less_equal", "LessEqual", TFC_NumericTensor>;
def TFC_GreaterOp : TFC_CompareOp<"greater", "Greater", TFC_NumericTensor>;
def TFC_GreaterEqualOp
    : TFC_CompareOp<"greater_equal", "GreaterEqual", TFC_NumericTensor>;

def TFC_LogicalAndOp
    : TFC_LogicalBinaryOp<"logical_and", "LogicalAnd", [Commutative]>;
def TFC_LogicalOrOp
    : TFC_LogicalBinaryOp<"logical_or", "LogicalOr", [Commutative]>;
def TFC_LogicalXorOp
    : TFC_LogicalBinaryOp<"logical_xor", "LogicalXor", [Commutative]>;

//===----------------------------------------------------------------------===//
// Element-wise unary ops
//===----------------------------------------------------------------------===//

/// An element-wise unary op: the result has the operand's type (ODS derives
/// the type inference from SameOperandsAndResultType).
class TFC_UnaryOp<string mnemonic, string tfName, Type operandType,
                  string formula, list<Trait> traits = []>
    : TFC_Op<mnemonic, !listconcat(traits,
        [Pure, SameOperandsAndResultType, InferTypeOpInterface])> {
  let summary = "element-wise " # tfName;
  let description = [{
    Computes `}] # formula # [{` for every element (`tf.}] # tfName # [{`).
    The result has the operand's type.

    ```mlir
    %y = tfc.}] # mnemonic # [{ %x : tensor<?x3x}] #
        !if(!eq(operandType, TFC_BoolTensor), "i1", "f32") # [{>
    ```
  }];
  let arguments = (ins operandType:$input);
  let results = (outs operandType:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasFolder = 1;
}

def TFC_NegOp : TFC_UnaryOp<"neg", "negative", TFC_NumericTensor, "-x">;
def TFC_AbsOp : TFC_UnaryOp<"abs", "abs", TFC_NumericTensor, "|x|">;
def TFC_SquareOp : TFC_UnaryOp<"square", "square", TFC_NumericTensor, "x * x">;
def TFC_ReluOp : TFC_UnaryOp<"relu", "nn.relu", TFC_NumericTensor, "max(x, 0)">;
def TFC_ExpOp : TFC_UnaryOp<"exp", "exp", TFC_FloatTensor, "e^x">;
def TFC_LogOp : TFC_UnaryOp<"log", "log", TFC_FloatTensor, "ln(x)">;
def TFC_SqrtOp : TFC_UnaryOp<"sqrt", "sqrt", TFC_FloatTensor, "sqrt(x)">;
def TFC_RsqrtOp : TFC_UnaryOp<"rsqrt", "rsqrt", TFC_FloatTensor, "1 / sqrt(x)">;
def TFC_TanhOp : TFC_UnaryOp<"tanh", "tanh", TFC_FloatTensor, "tanh(x)">;
def TFC_SigmoidOp
    : TFC_UnaryOp<"sigmoid", "sigmoid", TFC_FloatTensor, "1 / (1 + e^-x)">;
def TFC_LogicalNotOp
    : TFC_UnaryOp<"logical_not", "logical_not", TFC_BoolTensor, "!x">;

//===----------------------------------------------------------------------===//
// Matrix multiplication
//===----------------------------------------------------------------------===//

def TFC_MatMulOp : TFC_Op<"matmul", [Pure, InferTypeOpAdaptor]> {
  let summary = "(batched) matrix product (`tf.matmul`)";
  let description = [{
    Multiplies the innermost two dimensions of `a` and `b`, after transposing
    either when `transpose_a` / `transpose_b` is set. Both operands have rank
    2 or more; leading (batch) dimensions broadcast against each other as in
    `tf.linalg.matmul`. The contracted dimensions must agree
    (`Matrix size-incompatible: In[0]: [2,3], In[1]: [4,5]`).

    ```mlir
    %y = tfc.matmul %x, %w : tensor<?x784xf32>, tensor<784x512xf32>
    %g = tfc.matmul %x, %dy transpose_a : tensor<?x784xf32>, tensor<?x512xf32>
    ```
  }];
  let arguments = (ins TFC_NumericTensor:$a, TFC_NumericTensor:$b,
                       UnitAttr:$transpose_a, UnitAttr:$transpose_b);
  let results = (outs TFC_NumericTensor:$output);
  let assemblyFormat = [{
    $a `,` $b (`transpose_a` $transpose_a^)? (`transpose_b` $transpose_b^)?
    attr-dict `:` type($a) `,` type($b)
  }];
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// A reduction over `axes` (all axes when absent), dropping the reduced
/// dimensions unless `keep_dims` is set.
class TFC_ReductionOp<string mnemonic, string tfName, Type operandType>
    : TFC_Op<mnemonic, [Pure, InferTypeOpAdaptor, TFC_Reduction]> {
  let summary = "`tf." # tfName # "` over the given axes";
  let description = [{
    Reduces `input` along `axes` like `tf.}] # tfName # [{`. Without `axes`
    every dimension is reduced, as in TensorFlow; negative axes count from the
    end. With `keep_dims` the reduced dimensions stay with size 1. An axis
    out of range or listed twice is an error.

    ```mlir
    %s = tfc.}] # mnemonic # [{ %x axes [1] keep_dims : tensor<4x3xf32>
    %t = tfc.}] # mnemonic # [{ %x : tensor<4x3xf32>
    ```
  }];
  let arguments = (ins operandType:$input,
                       OptionalAttr<DenseI64ArrayAttr>:$axes,
                       UnitAttr:$keep_dims);
  let results = (outs operandType:$output);
  let assemblyFormat = [{
    $input (`axes` $axes^)? (`keep_dims` $keep_dims^)? attr-dict `:`
    type($input)
  }];
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// The reduced axes, normalized to [0, rank) and sorted; every axis when
    /// `axes` is absent. Requires a ranked input.
    ::llvm::SmallVector<int64_t> getNormalizedAxes();
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *, std::optional<::mlir::Location> location,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      return ::mlir::tfc::inferReductionResultType(
          location, "}] # tfName # [{", adaptor.getInput().getType(),
          adaptor.getAxes(), adaptor.getKeepDims(), inferred);
    }
    ::llvm::SmallVector<int64_t> $cppClass::getNormalizedAxes() {
      return ::mlir::tfc::normalizeReductionAxes(
          ::llvm::cast<::mlir::RankedTensorType>(getInput().getType()).getRank(),
          getAxes());
    }
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor adaptor) {
      if (::mlir::OpFoldResult folded =
              ::mlir::tfc::foldEmptyReduction(*this, getInput(), getAxes()))
        return folded;
      return ::mlir::tfc::foldIntegerReduction(*this, adaptor.getInput(),
                                               getAxes());
    }
  }];
}

def TFC_ReduceSumOp
    : TFC_ReductionOp<"reduce_sum", "reduce_sum", TFC_NumericTensor>;
def TFC_ReduceMeanOp
    : TFC_ReductionOp<"reduce_mean", "reduce_mean", TFC_NumericTensor>;
def TFC_ReduceMaxOp
    : TFC_ReductionOp<"reduce_max", "reduce_max", TFC_NumericTensor>;
def TFC_ReduceMinOp
    : TFC_ReductionOp<"reduce_min", "reduce_min", TFC_NumericTensor>;
def TFC_ReduceProdOp
    : TFC_ReductionOp<"reduce_prod", "reduce_prod", TFC_NumericTensor>;
def TFC_ReduceAnyOp
    : TFC_ReductionOp<"reduce_any", "reduce_any", TFC_BoolTensor>;
def TFC_ReduceAllOp
    : TFC_ReductionOp<"reduce_all", "reduce_all", TFC_BoolTensor>;

#endif // TFC_DIALECT_TFC_IR_TFCMATHOPS_TD
