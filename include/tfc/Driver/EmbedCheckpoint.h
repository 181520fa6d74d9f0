//===- EmbedCheckpoint.h - variables initialized from a checkpoint -*- C++ -*-===//
//
// `tfc compile --embed-checkpoint`: the values of a checkpoint become the
// variables' initializers, so the library needs no files at run time (the
// `freeze_graph` use case, with variables kept as variables).
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DRIVER_EMBEDCHECKPOINT_H
#define TFC_DRIVER_EMBEDCHECKPOINT_H

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace mlir::tfc {

/// The checkpoint `path` names: a SavedModel directory (its
/// `variables/variables`), a directory holding `variables.index`
/// (`DIR/variables`), else `path` itself (a checkpoint prefix or a tfc
/// checkpoint file).
std::string resolveCheckpointPath(StringRef path);

/// Replaces the initializer of every `tfc.global_variable` of `module` by
/// `#tfc.constant<...>` holding its value in the checkpoint at `path`
/// (TensorFlow's format V2 or tfc's, read by the runtime). Every variable
/// must be in the checkpoint with its dtype and shape; otherwise the error
/// names the variable and the file.
LogicalResult embedCheckpoint(ModuleOp module, StringRef path);

} // namespace mlir::tfc

#endif // TFC_DRIVER_EMBEDCHECKPOINT_H
