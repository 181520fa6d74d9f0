//===- TFCTypes.td - tfc dialect types ---------------------*- tablegen -*-===//
//
// Control tokens, variable handles and tensor arrays.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCTYPES_TD
#define TFC_DIALECT_TFC_IR_TFCTYPES_TD

include "tfc/Dialect/TFC/IR/TFCBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class TFC_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TFC_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TFC_ControlType : TFC_Type<"Control", "control"> {
  let summary = "a control token";
  let description = [{
    A value of this type carries no data: it says that an operation has run.
    Every side-effecting op returns one and takes any number of them, so a
    control edge orders two effects the way `tf.control_dependencies` does.
    Control tokens are never data: they cannot feed a computation.

    ```mlir
    %done = tfc.group %t0, %t1
    ```
  }];
}

def TFC_VarType : TFC_Type<"Var", "var"> {
  let summary = "a handle to a variable holding a tensor";
  let description = [{
    The handle of a TensorFlow variable (a resource). The parameter is the
    type of the tensor the variable holds. It is unranked only before
    `tfc-resolve-scopes`, for a reused `tfc.get_variable` written without a
    shape: resolution gives it the existing variable's type.

    ```mlir
    !tfc.var<tensor<5x5x32xf32>>
    ```
  }];
  let parameters = (ins "::mlir::TensorType":$valueType);
  let assemblyFormat = "`<` $valueType `>`";
  let genVerifyDecl = 1;
}

def TFC_TensorArrayType : TFC_Type<"TensorArray", "tensor_array"> {
  let summary = "a TensorArray: a list of tensors of one type";
  let description = [{
    A `tf.TensorArray` as a value: `tfc.tensor_array_write` returns a new
    array instead of changing one in place, so arrays flow through
    `tfc.while` loops like any loop variable and need no ordering tokens.
    The parameter is the type of the elements; its shape may be partly or
    wholly unknown (TensorFlow's `element_shape`). The size is a run-time
    property of the value.

    ```mlir
    !tfc.tensor_array<tensor<i32>>
    !tfc.tensor_array<tensor<?x128xf32>>
    ```
  }];
  let parameters = (ins "::mlir::TensorType":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
  let genVerifyDecl = 1;
}

#endif // TFC_DIALECT_TFC_IR_TFCTYPES_TD
