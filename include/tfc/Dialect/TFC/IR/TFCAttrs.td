//===- TFCAttrs.td - tfc dialect attributes ----------------*- tablegen -*-===//
//
// Variable initializers, as TensorFlow's `tf.*_initializer`s.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCATTRS_TD
#define TFC_DIALECT_TFC_IR_TFCATTRS_TD

include "tfc/Dialect/TFC/IR/TFCBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

//===----------------------------------------------------------------------===//
// Initializer interface
//===----------------------------------------------------------------------===//

def TFC_InitializerAttrInterface : AttrInterface<"InitializerAttrInterface"> {
  let cppNamespace = "::mlir::tfc";
  let description = [{
    An attribute that describes how a variable gets its initial value, like
    the `initializer` argument of `tf.get_variable`.
  }];
  let methods = [
    InterfaceMethod<[{
        Checks that this initializer can produce a value of `valueType` (the
        variable's tensor type), reporting through `emitError` otherwise.
      }],
      "::llvm::LogicalResult", "verifyForType",
      (ins "::mlir::TensorType":$valueType,
           "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError)>,
  ];
}

//===----------------------------------------------------------------------===//
// Initializers
//===----------------------------------------------------------------------===//

class TFC_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TFC_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

class TFC_InitializerAttr<string name, string attrMnemonic>
    : TFC_Attr<name, attrMnemonic, [DeclareAttrInterfaceMethods<
          TFC_InitializerAttrInterface>]>;

/// A double-precision number written as a plain float literal (`0.05`), not
/// as a typed FloatAttr. Stored as an APFloat so the attribute can be hashed.
class TFC_DoubleParameter<string value, string desc>
    : AttrOrTypeParameter<"::llvm::APFloat", desc> {
  let comparator = "$_lhs.bitwiseIsEqual($_rhs)";
  let defaultValue = "::llvm::APFloat(" # value # ")";
  let parser = [{ [&]() -> ::mlir::FailureOr<::llvm::APFloat> {
    double result;
    if (::mlir::failed($_parser.parseFloat(result)))
      return ::mlir::failure();
    return ::llvm::APFloat(result);
  }() }];
  let printer = [{ $_printer << $_self.convertToDouble() }];
}

def TFC_SeedParameter : OptionalParameter<"std::optional<int64_t>",
    "the op-level seed; absent, tfc derives one from the variable's name"> ;

def TFC_ZerosAttr : TFC_InitializerAttr<"Zeros", "zeros"> {
  let summary = "all zeros (`tf.zeros_initializer`)";
  let description = [{
    ```mlir
    tfc.get_variable "b" : tensor<32xf32> init #tfc.zeros
    ```
  }];
}

def TFC_OnesAttr : TFC_InitializerAttr<"Ones", "ones"> {
  let summary = "all ones (`tf.ones_initializer`)";
}

def TFC_ConstantInitAttr : TFC_InitializerAttr<"ConstantInit", "constant"> {
  let summary = "a given value (`tf.constant_initializer` or a tensor)";
  let description = [{
    The variable starts with `value`: a tensor of the variable's shape, or a
    scalar or splat broadcast to it, of the variable's dtype. A variable
    whose shape is left out takes the value's shape.

    ```mlir
    tfc.variable "v" init #tfc.constant<dense<[2.0]> : tensor<1xf32>>
    ```
  }];
  let parameters = (ins "::mlir::DenseElementsAttr":$value);
  let assemblyFormat = "`<` $value `>`";
}

def TFC_RandomNormalAttr : TFC_InitializerAttr<"RandomNormal", "random_normal"> {
  let summary = "normal samples (`tf.random_normal_initializer`)";
  let parameters = (ins TFC_DoubleParameter<"0.0", "mean">:$mean,
                        TFC_DoubleParameter<"1.0", "standard deviation">:$stddev,
                        TFC_SeedParameter:$seed);
  let assemblyFormat = "`<` struct(params) `>`";
  let description = [{
    ```mlir
    #tfc.random_normal<stddev = 0.1, seed = 7>
    ```
  }];
}

def TFC_TruncatedNormalAttr
    : TFC_InitializerAttr<"TruncatedNormal", "truncated_normal"> {
  let summary = "normal samples within two standard deviations "
                "(`tf.truncated_normal_initializer`)";
  let parameters = (ins TFC_DoubleParameter<"0.0", "mean">:$mean,
                        TFC_DoubleParameter<"1.0", "standard deviation">:$stddev,
                        TFC_SeedParameter:$seed);
  let assemblyFormat = "`<` struct(params) `>`";
}

def TFC_RandomUniformAttr
    : TFC_InitializerAttr<"RandomUniform", "random_uniform"> {
  let summary = "uniform samples in [minval, maxval) "
                "(`tf.random_uniform_initializer`)";
  let parameters = (ins TFC_DoubleParameter<"0.0", "lower bound">:$minval,
                        TFC_DoubleParameter<"1.0", "upper bound">:$maxval,
                        TFC_SeedParameter:$seed);
  let assemblyFormat = "`<` struct(params) `>`";
}

def TFC_GlorotUniformAttr
    : TFC_InitializerAttr<"GlorotUniform", "glorot_uniform"> {
  let summary = "Glorot/Xavier uniform samples (`tf.glorot_uniform_initializer`)";
  let description = [{
    Uniform in [-limit, limit] with limit = sqrt(6 / (fan_in + fan_out)),
    computed from the variable's shape as TensorFlow does. The default
    initializer of `tfc.get_variable`, as in TensorFlow.

    ```mlir
    #tfc.glorot_uniform<seed = 3>
    ```
  }];
  let parameters = (ins TFC_SeedParameter:$seed);
  let assemblyFormat = "(`<` struct(params)^ `>`)?";
}

include "tfc/Dialect/TFC/IR/TFCOptimizerAttrs.td"

#endif // TFC_DIALECT_TFC_IR_TFCATTRS_TD
