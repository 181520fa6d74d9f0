//===- TFCArrayOps.td - TensorArrays ------------------------*- tablegen -*-===//
//
// `tf.TensorArray` as a functional value: writing returns a new array, so the
// ops are pure and loops carry arrays like any other loop variable.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCARRAYOPS_TD
#define TFC_DIALECT_TFC_IR_TFCARRAYOPS_TD

include "tfc/Dialect/TFC/IR/TFCBase.td"
include "tfc/Dialect/TFC/IR/TFCTypes.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TFC_TensorArrayCreateOp : TFC_Op<"tensor_array_create", [Pure]> {
  let summary = "a new TensorArray of `size` elements (`tf.TensorArray`)";
  let description = [{
    An array of `size` (a scalar int32) unwritten elements of the type
    given by the result type. With `dynamic_size`, writing past the end
    grows the array, as in TensorFlow. An element that was never written
    reads as zeros, as an element of TensorFlow's gradient arrays does
    (the importer's gradient arrays rely on it; TensorFlow fails the read
    on other arrays).

    ```mlir
    %ta = tfc.tensor_array_create %n : !tfc.tensor_array<tensor<i32>>
    %tb = tfc.tensor_array_create %n dynamic_size : !tfc.tensor_array<tensor<?x3xf32>>
    ```
  }];
  let arguments = (ins TFC_I32Scalar:$size, UnitAttr:$dynamic_size);
  let results = (outs TFC_TensorArrayType:$handle);
  let assemblyFormat = [{
    $size (`dynamic_size` $dynamic_size^)? attr-dict `:` qualified(type($handle))
  }];
}

def TFC_TensorArrayWriteOp : TFC_Op<"tensor_array_write", [
    Pure, InferTypeOpAdaptor]> {
  let summary = "the array with element `index` set (`ta.write(index, value)`)";
  let description = [{
    Returns a new array equal to `handle` except at `index`, which holds
    `value`. The value has the element dtype and a shape compatible with
    the element shape. Writing an index twice, or out of range of an array
    without `dynamic_size`, fails the run.

    ```mlir
    %tb = tfc.tensor_array_write %ta[%i], %v : !tfc.tensor_array<tensor<i32>>, tensor<i32>
    ```
  }];
  let arguments = (ins TFC_TensorArrayType:$handle, TFC_I32Scalar:$index,
                       TFC_Tensor:$value);
  let results = (outs TFC_TensorArrayType:$result);
  let assemblyFormat = [{
    $handle `[` $index `]` `,` $value attr-dict `:` qualified(type($handle))
    `,` type($value)
  }];
  let hasVerifier = 1;
}

def TFC_TensorArrayReadOp : TFC_Op<"tensor_array_read", [
    Pure, InferTypeOpAdaptor]> {
  let summary = "element `index` of the array (`ta.read(index)`)";
  let description = [{
    ```mlir
    %v = tfc.tensor_array_read %ta[%i] : !tfc.tensor_array<tensor<i32>>
    ```
  }];
  let arguments = (ins TFC_TensorArrayType:$handle, TFC_I32Scalar:$index);
  let results = (outs TFC_Tensor:$value);
  let assemblyFormat = [{
    $handle `[` $index `]` attr-dict `:` qualified(type($handle))
  }];
}

def TFC_TensorArrayStackOp : TFC_Op<"tensor_array_stack", [
    Pure, InferTypeOpAdaptor]> {
  let summary = "the elements stacked into one tensor (`ta.stack()`)";
  let description = [{
    A tensor whose first dimension indexes the elements: `[size] + shape`
    of the element, with an unknown first dimension (the size is known at
    run time).

    ```mlir
    %all = tfc.tensor_array_stack %ta : !tfc.tensor_array<tensor<2xf32>>   // tensor<?x2xf32>
    ```
  }];
  let arguments = (ins TFC_TensorArrayType:$handle);
  let results = (outs TFC_Tensor:$value);
  let assemblyFormat = "$handle attr-dict `:` qualified(type($handle))";
}

def TFC_TensorArrayUnstackOp : TFC_Op<"tensor_array_unstack", [
    Pure, InferTypeOpAdaptor]> {
  let summary = "writes the slices of a tensor as elements (`ta.unstack(value)`)";
  let description = [{
    Returns a new array whose element `i` is `value[i]`. `value` has rank 1
    or more, and its shape without the first dimension is compatible with
    the element shape.

    ```mlir
    %tb = tfc.tensor_array_unstack %ta, %x : !tfc.tensor_array<tensor<2xf32>>, tensor<5x2xf32>
    ```
  }];
  let arguments = (ins TFC_TensorArrayType:$handle, TFC_Tensor:$value);
  let results = (outs TFC_TensorArrayType:$result);
  let assemblyFormat = [{
    $handle `,` $value attr-dict `:` qualified(type($handle)) `,` type($value)
  }];
  let hasVerifier = 1;
}

def TFC_TensorArraySizeOp : TFC_Op<"tensor_array_size", [Pure]> {
  let summary = "the number of elements (`ta.size()`)";
  let description = [{
    ```mlir
    %n = tfc.tensor_array_size %ta : !tfc.tensor_array<tensor<i32>>   // tensor<i32>
    ```
  }];
  let arguments = (ins TFC_TensorArrayType:$handle);
  let results = (outs TFC_I32Scalar:$size);
  let assemblyFormat = "$handle attr-dict `:` qualified(type($handle))";
}

#endif // TFC_DIALECT_TFC_IR_TFCARRAYOPS_TD
