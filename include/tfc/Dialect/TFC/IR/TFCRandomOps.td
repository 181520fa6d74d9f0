//===- TFCRandomOps.td - stateless random numbers ----------*- tablegen -*-===//
//
// `tf.random.stateless_*`: tensors of random numbers that depend only on a
// seed pair, so a graph computes the same values on every run, thread and
// target. The generator is counter-based Philox-4x32-10.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCRANDOMOPS_TD
#define TFC_DIALECT_TFC_IR_TFCRANDOMOPS_TD

include "tfc/Dialect/TFC/IR/TFCBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

/// A random tensor, a function of `seed` and its shape alone: element i
/// (row-major) comes from the Philox-4x32-10 block number i / 4 under the
/// key `seed[0]` and the counter high word `seed[1]`. The shape is the
/// result type's, or, for the sizes it leaves unknown, the 1-D int32/int64
/// operand after `dims` (`tf.random.uniform(tf.shape(x))` over a batch of
/// unknown size), which then has one entry per dimension.
class TFC_StatelessRandomOp<string mnemonic, Type resultType>
    : TFC_Op<mnemonic, [Pure]> {
  let results = (outs resultType:$output);
  let hasVerifier = 1;
}

def TFC_RandomUniformOp
    : TFC_StatelessRandomOp<"random_uniform", TFC_NumericTensor> {
  let summary = "uniform random numbers (`tf.random.stateless_uniform`)";
  let description = [{
    Floats are uniform in `[minval, maxval)` (default `[0, 1)`), made from
    the top 23 bits of a 32-bit draw as TensorFlow makes them. Integers
    (`i32`, `i64`) take every bit pattern with the same probability
    (`stateless_random_uniform_full_int`) and accept no range. The same
    seed gives the same tensor.

    ```mlir
    %u = tfc.random_uniform seed [1, 2] : tensor<3x4xf32>
    %w = tfc.random_uniform seed [7, 0] minval -0.1 maxval 0.1 : tensor<784x512xf32>
    %b = tfc.random_uniform seed [0, 0] : tensor<4xi32>
    %d = tfc.random_uniform seed [3, 0] dims(%shape : tensor<2xi32>) : tensor<?x256xf32>
    ```
  }];
  let arguments = (ins DenseI64ArrayAttr:$seed,
                       OptionalAttr<F64Attr>:$minval,
                       OptionalAttr<F64Attr>:$maxval,
                       Optional<TFC_IndexTensor>:$dims);
  let assemblyFormat = [{
    `seed` $seed (`minval` $minval^)? (`maxval` $maxval^)?
    (`dims` `(` $dims^ `:` type($dims) `)`)? attr-dict `:` type($output)
  }];
}

def TFC_RandomNormalOp
    : TFC_StatelessRandomOp<"random_normal", TFC_FloatTensor> {
  let summary = "normal random numbers (`tf.random.stateless_normal`)";
  let description = [{
    `mean + stddev * z` with `z` standard normal (defaults 0 and 1), by the
    Box-Muller transform of pairs of uniform draws, as TensorFlow computes
    it. The same seed gives the same tensor.

    ```mlir
    %n = tfc.random_normal seed [1, 2] stddev 0.1 : tensor<3x4xf32>
    ```
  }];
  let arguments = (ins DenseI64ArrayAttr:$seed,
                       OptionalAttr<F64Attr>:$mean,
                       OptionalAttr<F64Attr>:$stddev,
                       Optional<TFC_IndexTensor>:$dims);
  let assemblyFormat = [{
    `seed` $seed (`mean` $mean^)? (`stddev` $stddev^)?
    (`dims` `(` $dims^ `:` type($dims) `)`)? attr-dict `:` type($output)
  }];
}

def TFC_TruncatedNormalOp
    : TFC_StatelessRandomOp<"truncated_normal", TFC_FloatTensor> {
  let summary = "normal random numbers within two standard deviations "
                "(`tf.random.stateless_truncated_normal`)";
  let description = [{
    `mean + stddev * z` with `z` standard normal and `|z| <= 2`: an element
    whose draw falls further out is drawn again, from the next Philox
    counter (the third counter word advanced by the attempt), so every
    element is still a function of the seed and its position alone. The
    first draw of each element is `tfc.random_normal`'s. TensorFlow's
    samples differ (it draws in other groups); the distribution is the
    same. The same seed gives the same tensor.

    ```mlir
    %t = tfc.truncated_normal seed [1, 2] stddev 0.1 : tensor<784x512xf32>
    ```
  }];
  let arguments = (ins DenseI64ArrayAttr:$seed,
                       OptionalAttr<F64Attr>:$mean,
                       OptionalAttr<F64Attr>:$stddev,
                       Optional<TFC_IndexTensor>:$dims);
  let assemblyFormat = [{
    `seed` $seed (`mean` $mean^)? (`stddev` $stddev^)?
    (`dims` `(` $dims^ `:` type($dims) `)`)? attr-dict `:` type($output)
  }];
}

#endif // TFC_DIALECT_TFC_IR_TFCRANDOMOPS_TD
