//===- TFCTraits.h - tfc op traits ------------------------------*- C++ -*-===//
//
// Traits of tfc ops declared in ODS (TFCBase.td), for passes that treat a
// family of ops alike.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCTRAITS_H
#define TFC_DIALECT_TFC_IR_TFCTRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::OpTrait::tfc {

/// A `tfc.reduce_*` op: its input is operand #0 and its `axes` attribute
/// lists the reduced dimensions (every one when absent).
template <typename ConcreteType>
class Reduction : public TraitBase<ConcreteType, Reduction> {};

} // namespace mlir::OpTrait::tfc

#endif // TFC_DIALECT_TFC_IR_TFCTRAITS_H
