//===- TFCVariableOps.td - variables, scopes and their access -*- tablegen -*-===//
//
// TensorFlow variables as a front end writes them (`tfc.get_variable`,
// `tfc.variable` inside `tfc.variable_scope` / `tfc.name_scope`), as
// `tfc-resolve-scopes` leaves them (module-level `tfc.global_variable` symbols
// and `tfc.var_handle`s), and the effectful ops that read and write them.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCVARIABLEOPS_TD
#define TFC_DIALECT_TFC_IR_TFCVARIABLEOPS_TD

include "tfc/Dialect/TFC/IR/TFCAttrs.td"
include "tfc/Dialect/TFC/IR/TFCBase.td"
include "tfc/Dialect/TFC/IR/TFCTypes.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TFC_Initializer : Attr<
    CPred<"::llvm::isa<::mlir::tfc::InitializerAttrInterface>($_self)">,
    "variable initializer"> {
  let storageType = "::mlir::tfc::InitializerAttrInterface";
  let returnType = "::mlir::tfc::InitializerAttrInterface";
  let convertFromStorage = "$_self";
}

//===----------------------------------------------------------------------===//
// Creating variables (front end)
//===----------------------------------------------------------------------===//

/// Shared by tfc.get_variable and tfc.variable: the name, an optional value
/// type, an initializer attribute or an `initial_value` region, and the
/// variable's properties. `extraArgs` are the arguments only one of them has;
/// `shapeOnly` is the C++ expression giving a shape written without a dtype
/// (tf.get_variable's `shape` without `dtype`), or std::nullopt.
class TFC_VariableCreationOp<string mnemonic, dag extraArgs, string shapeOnly,
                             string extraFormat, list<Trait> traits = []>
    : TFC_Op<mnemonic, !listconcat(traits, [InferTypeOpAdaptor])> {
  let arguments = !con((ins StrAttr:$var_name,
                       OptionalAttr<TypeAttrOf<TFC_Tensor>>:$value_type),
                       extraArgs,
                       (ins OptionalAttr<TFC_Initializer>:$initializer,
                       DefaultValuedAttr<BoolAttr, "true">:$trainable,
                       OptionalAttr<StrArrayAttr>:$collections,
                       OptionalAttr<StrAttr>:$device));
  let results = (outs TFC_VarType:$handle);
  let regions = (region AnyRegion:$initial_value);
  let assemblyFormat = "$var_name (`:` $value_type^)? " # extraFormat # [{
    (`init` $initializer^)? attr-dict (`initial_value` $initial_value^)?
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The value the `initial_value` region yields, or null.
    ::mlir::Value getInitialValueResult();
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *context, std::optional<::mlir::Location> location,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      // The attribute, not its typed getter: the parser infers the result
      // before the verifier has checked that the type is a tensor.
      std::optional<::mlir::Type> declaredType;
      if (::mlir::TypeAttr valueType = adaptor.getValueTypeAttr())
        declaredType = valueType.getValue();
      return ::mlir::tfc::inferVariableType(context, location,
          declaredType, }] # !subst("$_self", "adaptor", shapeOnly) # [{,
          adaptor.getInitializer(), adaptor.getInitialValue(), inferred);
    }
    ::mlir::Value $cppClass::getInitialValueResult() {
      return ::mlir::tfc::getYieldedInitialValue(getInitialValue());
    }
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::tfc::verifyVariableCreation(*this, getValueType(),
          }] # !subst("$_self", "(*this)", shapeOnly) # [{, getInitializer(),
          getInitialValue(), getDevice(),
          /*needsInitialValue=*/}] # !if(!eq(mnemonic, "variable"), "true", "false") # [{);
    }
  }];
}

def TFC_GetVariableOp : TFC_VariableCreationOp<"get_variable",
    (ins OptionalAttr<DenseI64ArrayAttr>:$shape), "$_self.getShape()",
    "(`shape` $shape^)?"> {
  let summary = "gets or creates a shared variable (`tf.get_variable`)";
  let description = [{
    Gets the variable named `var_name` in the current variable scope, or
    creates it. `tfc-resolve-scopes` applies TensorFlow's rules: the full name
    is the variable scope's name (name scopes do not count) followed by
    `var_name`; an existing variable is returned only when the scope reuses
    (`reuse`, `auto_reuse` or after `tfc.reuse_variables`), and a new one is
    created only when it does not reuse with `reuse`. Only variables made by
    `tfc.get_variable` are shared: a `tfc.variable` of the same name is
    another variable, as in TensorFlow.

    The type says the variable's shape and dtype. `shape [2, 3]` gives the
    shape alone (`tf.get_variable("v", [2, 3])` without `dtype`): the dtype
    is then the variable scope's `dtype`, float32 if no scope sets one; the
    handle is typed f32 until scopes are resolved, and the ops using it
    re-infer their types then. The type may also be left out when the
    initializer is a tensor (or an `initial_value` region) or when the
    variable is reused; the result is then `!tfc.var<tensor<*xf32>>` until
    scopes are resolved.

    Without an initializer, a new variable takes its variable scope's
    `init`, else TensorFlow's default for its dtype: Glorot-uniform for
    floating point, zeros for integers and `false` for bool. By default the
    variable joins GLOBAL_VARIABLES and, when trainable,
    TRAINABLE_VARIABLES; `collections` replaces GLOBAL_VARIABLES (e.g.
    `["LOCAL_VARIABLES"]`). `device` takes TensorFlow's device syntax.

    ```mlir
    %w = tfc.get_variable "weights" : tensor<5x5x32x32xf32> init #tfc.random_normal<>
    %b = tfc.get_variable "biases" : tensor<32xf32> init #tfc.zeros {trainable = false}
    %h = tfc.get_variable "h" shape [2, 3]   // the scope's dtype and initializer
    %v = tfc.get_variable "v"     // reused: takes the existing variable's type
    ```
  }];
}

def TFC_VariableOp : TFC_VariableCreationOp<"variable", (ins), "std::nullopt",
                                            ""> {
  let summary = "creates a new variable (`tf.Variable`)";
  let description = [{
    Always creates a new variable. Its name is `var_name` in the current
    name scope (variable scopes count as name scopes), made unique as
    TensorFlow does: a second `tf.Variable(name='var2')` becomes `var2_1`.
    An initial value is required: an initializer attribute or an
    `initial_value` region (`tf.Variable(v.initialized_value() + 1)`).

    ```mlir
    %v = tfc.variable "var2" init #tfc.constant<dense<[2.0]> : tensor<1xf32>>
    ```
  }];
}

def TFC_InitializedValueOp : TFC_Op<"initialized_value", [
    Pure, InferTypeOpAdaptor]> {
  let summary = "another variable's initial value (`v.initialized_value()`)";
  let description = [{
    Used in an `initial_value` region: the initial value of variable `var`,
    which makes `var` initialize first. A cycle of such dependencies is an
    error.

    ```mlir
    %w = tfc.variable "w" : tensor<2xf32> initial_value {
      %v0 = tfc.initialized_value %v : !tfc.var<tensor<2xf32>>
      %one = tfc.constant dense<1.0> : tensor<f32>
      %w0 = tfc.add %v0, %one : tensor<2xf32>, tensor<f32>
      tfc.yield %w0 : tensor<2xf32>
    }
    ```
  }];
  let arguments = (ins TFC_VarType:$var);
  let results = (outs TFC_Tensor:$value);
  let assemblyFormat = "$var attr-dict `:` qualified(type($var))";
  let hasVerifier = 1;
}

def TFC_AddToCollectionOp : TFC_Op<"add_to_collection"> {
  let summary = "adds a variable to a collection (`tf.add_to_collection`)";
  let description = [{
    Adds `var` to the named collection. `tfc-resolve-scopes` records it on
    the variable and removes the op.

    ```mlir
    tfc.add_to_collection "my_collection", %v : !tfc.var<tensor<1xf32>>
    ```
  }];
  let arguments = (ins StrAttr:$collection, TFC_VarType:$var);
  let assemblyFormat = "$collection `,` $var attr-dict `:` qualified(type($var))";
}

//===----------------------------------------------------------------------===//
// Scopes (front end)
//===----------------------------------------------------------------------===//

def TFC_VariableScopeOp : TFC_Op<"variable_scope", [
    RegionKindInterface, HasOnlyGraphRegion, SingleBlock, NoRegionArguments]> {
  let summary = "`with tf.variable_scope(...)`";
  let description = [{
    Opens a variable scope, which prefixes the names of variables made by
    `tfc.get_variable` and `tfc.variable` and also opens a name scope for
    ops. The body is part of the graph; the values it yields are the op's
    results.

    The scope is named by a string, re-entered by reference to a scope
    captured earlier with `as @handle` (`with tf.variable_scope(scope, ...)`:
    the same variable scope name, even when re-entered elsewhere), or named
    by `default "name"` alone (`tf.variable_scope(None,
    default_name="name")`): the default name is made unique among the
    variable scopes opened in the current one (`merge`, `merge_1`, ...). A
    string name wins over a default name, as in TensorFlow.

    The name scope opened for the ops is the scope's name (the last
    component of a captured scope's, or the default name), made unique like
    any name scope (`model`, `model_1`). With `auxiliary_name_scope = false`
    no name scope is opened: the ops stay in the current one. The
    name scope a scope first opened is its original name scope, which
    `tfc.name_scope original_name_scope @handle` re-enters.

    `reuse` makes `tfc.get_variable` return existing variables (and fail for
    missing ones); `auto_reuse` returns existing ones and creates missing
    ones (`tf.AUTO_REUSE`). Without either, the scope inherits its parent's
    reuse mode; `tfc.reuse_variables` turns reuse on for the rest of the body.

    `init` and `dtype` are defaults for the `tfc.get_variable`s inside that
    do not give their own (`tf.variable_scope(..., initializer=...,
    dtype=...)`). A nested scope inherits them and may override them; a
    captured scope brings back its own when it is re-entered.

    ```mlir
    %y = tfc.variable_scope "conv1" as @conv1 -> (tensor<?x32xf32>) {
      ...
      tfc.yield %relu : tensor<?x32xf32>
    }
    tfc.variable_scope @conv1 reuse {
      %w = tfc.get_variable "weights"
      tfc.yield
    }
    tfc.variable_scope default "merge" init #tfc.zeros dtype f64 auxiliary_name_scope = false {
      %b = tfc.get_variable "b" shape [3]   // merge/b, f64, zeros
      tfc.yield
    }
    ```
  }];
  let arguments = (ins OptionalAttr<StrAttr>:$scope_name,
                       OptionalAttr<FlatSymbolRefAttr>:$scope_ref,
                       OptionalAttr<StrAttr>:$default_name,
                       OptionalAttr<SymbolNameAttr>:$handle,
                       UnitAttr:$reuse, UnitAttr:$auto_reuse,
                       OptionalAttr<TFC_Initializer>:$initializer,
                       OptionalAttr<TypeAttr>:$dtype,
                       OptionalAttr<BoolAttr>:$auxiliary_name_scope);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    ($scope_name^)? ($scope_ref^)? (`default` $default_name^)?
    (`as` $handle^)? (`reuse` $reuse^)? (`auto_reuse` $auto_reuse^)?
    (`init` $initializer^)? (`dtype` $dtype^)?
    (`auxiliary_name_scope` `=` $auxiliary_name_scope^)?
    (`->` `(` type($results)^ `)`)? attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TFC_NameScopeOp : TFC_Op<"name_scope", [
    RegionKindInterface, HasOnlyGraphRegion, SingleBlock, NoRegionArguments]> {
  let summary = "`with tf.name_scope(...)`";
  let description = [{
    Opens a name scope: ops and `tfc.variable`s inside get the scope as a
    prefix, `tfc.get_variable`s do not. Entering a name already used gives a
    unique one (`s`, then `s_1`), as in TensorFlow. A name ending in `/` is
    absolute and re-enters that exact scope (`"s_1/"`); `""` is the root.

    `original_name_scope @handle` re-enters the name scope that the
    variable scope captured as `@handle` opened first
    (`with tf.name_scope(scope.original_name_scope)`).

    ```mlir
    %x = tfc.name_scope "bar" -> (tensor<1xf32>) {
      ...
      tfc.yield %sum : tensor<1xf32>
    }
    tfc.name_scope original_name_scope @inner {
      ...
      tfc.yield
    }
    ```
  }];
  let arguments = (ins OptionalAttr<StrAttr>:$scope_name,
                       OptionalAttr<FlatSymbolRefAttr>:$original_name_scope);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    ($scope_name^)? (`original_name_scope` $original_name_scope^)?
    (`->` `(` type($results)^ `)`)? attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TFC_YieldOp : TFC_Op<"yield", [
    Pure, Terminator, ReturnLike,
    ParentOneOf<["VariableScopeOp", "NameScopeOp", "GetVariableOp",
                 "VariableOp", "GlobalVariableOp", "ControlDependenciesOp",
                 "CondOp", "WhileOp"]>]> {
  let summary = "ends a scope, a branch, a loop body or an initial-value region";
  let description = [{
    Returns values from a `tfc.variable_scope`, `tfc.name_scope` or
    `tfc.control_dependencies` body or a `tfc.cond` branch (the op's
    results), the next loop variables from a `tfc.while` body, or the
    initial value from an `initial_value` region.

    ```mlir
    tfc.yield %a, %b : tensor<f32>, tensor<2xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
}

def TFC_ReuseVariablesOp : TFC_Op<"reuse_variables", [
    HasParent<"VariableScopeOp">]> {
  let summary = "`scope.reuse_variables()`";
  let description = [{
    From here to the end of the enclosing variable scope (in text order),
    `tfc.get_variable` reuses existing variables.

    ```mlir
    tfc.reuse_variables
    ```
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Resolved variables
//===----------------------------------------------------------------------===//

def TFC_GlobalVariableOp : TFC_Op<"global_variable", [
    Symbol, IsolatedFromAbove, HasParent<"::mlir::ModuleOp">]> {
  let summary = "a variable of the program, by its full TensorFlow name";
  let description = [{
    A variable with its full TensorFlow name as symbol, its type, how it is
    initialized (an initializer attribute, or an `initial_value` region that
    may use other variables' initial values) and the collections it belongs
    to. After `tfc-outline-initializers`, `initializer_function` names the
    function computing the initial value instead of the region. It is
    trainable when it is in TRAINABLE_VARIABLES. The runtime keeps
    its value; graphs refer to it with `tfc.var_handle`.

    ```mlir
    tfc.global_variable @"conv1/weights" : tensor<5x5x32x32xf32>
        init #tfc.random_normal<> collections ["GLOBAL_VARIABLES", "TRAINABLE_VARIABLES"]
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<TFC_Tensor>:$value_type,
                       OptionalAttr<TFC_Initializer>:$initializer,
                       StrArrayAttr:$collections,
                       OptionalAttr<StrAttr>:$device,
                       OptionalAttr<FlatSymbolRefAttr>:$initializer_function);
  let regions = (region AnyRegion:$initial_value);
  let assemblyFormat = [{
    $sym_name `:` $value_type (`init` $initializer^)? `collections` $collections
    attr-dict (`initial_value` $initial_value^)?
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// True when the variable is in TRAINABLE_VARIABLES.
    bool isTrainable();
    /// True when the variable is in the collection `name`.
    bool isInCollection(::llvm::StringRef name);
    /// The value the `initial_value` region yields, or null.
    ::mlir::Value getInitialValueResult();
  }];
}

def TFC_VarHandleOp : TFC_Op<"var_handle", [
    Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the handle of a `tfc.global_variable`";
  let description = [{
    ```mlir
    %w = tfc.var_handle @"conv1/weights" : !tfc.var<tensor<5x5x32x32xf32>>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$variable);
  let results = (outs TFC_VarType:$handle);
  let assemblyFormat = "$variable attr-dict `:` qualified(type($handle))";
}

def TFC_InitializerPlanOp : TFC_Op<"initializer_plan", [
    HasParent<"::mlir::ModuleOp">,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the order in which a collection's variables initialize";
  let description = [{
    Lists the variables of `collection` in the order their initializers run,
    so that every variable comes after the variables whose initial values it
    uses. Made by `tfc-plan-initialization`; compiled into the initializer
    entry points (`tf.global_variables_initializer()`,
    `tf.local_variables_initializer()`).

    ```mlir
    tfc.initializer_plan "GLOBAL_VARIABLES" [@v, @w]
    ```
  }];
  let arguments = (ins StrAttr:$collection,
                       FlatSymbolRefArrayAttr:$variables);
  let assemblyFormat = "$collection $variables attr-dict";
}

//===----------------------------------------------------------------------===//
// Reading and writing variables
//===----------------------------------------------------------------------===//

def TFC_ReadOp : TFC_Op<"read", [InferTypeOpAdaptor]> {
  let summary = "reads a variable (`v.read_value()`)";
  let description = [{
    The variable's current value. The read runs after the ops producing the
    `after` tokens; its own token orders later effects after it.

    ```mlir
    %x, %done = tfc.read %v after(%t) : !tfc.var<tensor<2xf32>>
    ```
  }];
  let arguments = (ins Arg<TFC_VarType, "the variable", [MemRead]>:$var,
                       Variadic<TFC_ControlType>:$after);
  let results = (outs TFC_Tensor:$value, TFC_ControlType:$control);
  let assemblyFormat = [{
    $var (`after` `(` $after^ `)`)? attr-dict `:` qualified(type($var))
  }];
}

/// tfc.assign, tfc.assign_add and tfc.assign_sub.
class TFC_AssignOpBase<string mnemonic, string tfName, string formula,
                       list<MemoryEffect> effects>
    : TFC_Op<mnemonic, [InferTypeOpAdaptor]> {
  let summary = "`" # tfName # "`: the variable becomes " # formula;
  let description = [{
    Writes `}] # formula # [{` into the variable and returns the new value
    and a control token. The value must have the variable's dtype and a
    shape compatible with it. The write runs after the ops producing the
    `after` tokens.

    ```mlir
    %new, %done = tfc.}] # mnemonic # [{ %v, %x after(%t) : !tfc.var<tensor<2xf32>>, tensor<2xf32>
    ```
  }];
  let arguments = (ins Arg<TFC_VarType, "the variable", effects>:$var,
                       TFC_Tensor:$value, Variadic<TFC_ControlType>:$after);
  let results = (outs TFC_Tensor:$new_value, TFC_ControlType:$control);
  let assemblyFormat = [{
    $var `,` $value (`after` `(` $after^ `)`)? attr-dict `:`
    qualified(type($var)) `,` type($value)
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::tfc::verifyAssignedValue(*this, getVar().getType(),
                                              getValue().getType());
    }
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *context, std::optional<::mlir::Location> location,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      return ::mlir::tfc::inferVariableAccessTypes(
          context, location, adaptor.getVar().getType(), inferred);
    }
  }];
}

def TFC_AssignOp
    : TFC_AssignOpBase<"assign", "tf.assign", "value", [MemWrite]>;
def TFC_AssignAddOp
    : TFC_AssignOpBase<"assign_add", "tf.assign_add", "var + value",
                       [MemRead, MemWrite]>;
def TFC_AssignSubOp
    : TFC_AssignOpBase<"assign_sub", "tf.assign_sub", "var - value",
                       [MemRead, MemWrite]>;

#endif // TFC_DIALECT_TFC_IR_TFCVARIABLEOPS_TD
