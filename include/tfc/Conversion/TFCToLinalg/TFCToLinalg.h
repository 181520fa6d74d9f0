//===- TFCToLinalg.h - tfc to linalg conversion -----------------*- C++ -*-===//
//
// Patterns lowering the tfc computation ops to linalg on tensors.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_CONVERSION_TFCTOLINALG_TFCTOLINALG_H
#define TFC_CONVERSION_TFCTOLINALG_TFCTOLINALG_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tfc {

/// Adds the patterns lowering tfc constants, element-wise ops, matmuls and
/// reductions to linalg, tensor, arith and math.
void populateTFCToLinalgConversionPatterns(RewritePatternSet &patterns);

/// The one type the conversion changes: a tensor array whose elements are
/// ranked becomes the tensor of its rows, `tensor<? x d0 x ... x T>` for
/// elements `tensor<d0 x ... x T>`. Every other type stays.
class TensorArrayTypeConverter : public TypeConverter {
public:
  TensorArrayTypeConverter();
};

/// Marks the `tfc.tensor_array_write`s under `root` whose array may come
/// from a `dynamic_size` create (through writes, loops and branches) with
/// `kGrowsAttrName`: only those grow the array when they write past its
/// end. The others update it in place. Run it before the conversion.
void markGrowingTensorArrayWrites(Operation *root);

/// Adds the patterns lowering `tfc.cond`, `tfc.while` and their
/// terminators to scf, and tensor arrays to tensors, with `converter`
/// changing the types of the tensor arrays they carry.
void populateTFCControlFlowConversionPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns);

/// Makes the dialects the conversion produces legal, and every tfc op one
/// of `patterns` lowers illegal.
void configureTFCToLinalgConversionTarget(ConversionTarget &target,
                                          RewritePatternSet &patterns);

} // namespace mlir::tfc

#endif // TFC_CONVERSION_TFCTOLINALG_TFCTOLINALG_H
