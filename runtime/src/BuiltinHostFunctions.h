//===- BuiltinHostFunctions.h - Host functions of the runtime ---*- C++ -*-===//
//
// Host functions the runtime itself provides, for TensorFlow ops that are
// file-system work rather than computation (MergeV2Checkpoints). Their
// names begin with "tfc.", which users cannot register; `tfc.host_call`
// reaches them as it reaches registered functions.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_BUILTINHOSTFUNCTIONS_H
#define TFC_RUNTIME_SRC_BUILTINHOSTFUNCTIONS_H

#include "tfc/runtime/host_call.h"

namespace tfc::runtime {

/// The prefix of the runtime's own host function names.
inline constexpr char kBuiltinHostPrefix[] = "tfc.";

/// The built-in function called `name`, or null.
tfc_host_fn builtinHostFunction(const char *name);

} // namespace tfc::runtime

#endif // TFC_RUNTIME_SRC_BUILTINHOSTFUNCTIONS_H
