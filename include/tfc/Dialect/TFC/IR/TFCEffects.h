//===- TFCEffects.h - side-effect resources of tfc ops ----------*- C++ -*-===//
//
// The resources the effectful tfc ops declare besides variables, and the
// region helpers shared by the graph-region ops.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCEFFECTS_H
#define TFC_DIALECT_TFC_IR_TFCEFFECTS_H

#include "mlir/IR/Block.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Support/TypeID.h"

namespace mlir::tfc {

/// The host as seen by a running graph: printed text, run status, and
/// whatever a host function does. `tfc.print`, the assertions and
/// `tfc.host_call` touch it, so they are never dropped as dead code by
/// generic passes; only `tfc-schedule`'s pruning removes them.
struct HostResource : public SideEffects::Resource::Base<HostResource> {
  StringRef getName() final { return "tfc::Host"; }
};

/// Reports a cycle through data or control edges among the ops of a block of
/// a graph region. An op with regions is one node: a value it uses from
/// inside its regions is an edge into it.
LogicalResult verifyAcyclicGraph(Block &block);

} // namespace mlir::tfc

MLIR_DECLARE_EXPLICIT_TYPE_ID(mlir::tfc::HostResource)

#endif // TFC_DIALECT_TFC_IR_TFCEFFECTS_H
