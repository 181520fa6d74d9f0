/*===- runtime.h - The tfc runtime's C API ----------------------*- C -*-===*\
|*                                                                          *|
|* The one header a compiled model or a driver includes. libtfc_runtime.so  *|
|* holds what outlives a call into a compiled model: tensors, the variable  *|
|* store, checkpoints, host calls, print and assert hooks, .npy files.      *|
|* Plain C (C99 and C++), no dependency on MLIR or LLVM.                    *|
|* docs/runtime.md describes ownership, threading and the error model.      *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TFC_RUNTIME_H
#define TFC_RUNTIME_H

#include "tfc/runtime/base.h"
#include "tfc/runtime/checkpoint.h"
#include "tfc/runtime/collective.h"
#include "tfc/runtime/compiled.h"
#include "tfc/runtime/cuda.h"
#include "tfc/runtime/hooks.h"
#include "tfc/runtime/model.h"
#include "tfc/runtime/host_call.h"
#include "tfc/runtime/npy.h"
#include "tfc/runtime/store.h"
#include "tfc/runtime/tensor.h"
#include "tfc/runtime/text.h"

#endif /* TFC_RUNTIME_H */
