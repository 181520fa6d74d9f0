//===- CudaCalls.h - Failures of the mgpu* functions ------------*- C++ -*-===//
//
// The mgpu* functions compiled CUDA models call have no status result (their
// signatures are MLIR's). A failure inside a model call is recorded in the
// call's context and unwinds it, so tfc_model_call returns the error; a
// failure outside one (module loading from a global constructor) is only
// remembered, and the function returns null.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_CUDACALLS_H
#define TFC_RUNTIME_SRC_CUDACALLS_H

#include "CudaDriver.h"

#include <string>

namespace tfc::runtime {

/// The driver with its context current on this thread; null after recording
/// why not (`function` names the mgpu* function in the message).
const CudaDriver *cudaForCall(const char *function);

/// Checks a driver result; false after recording "FUNCTION: WHAT failed:
/// CUDA_ERROR_..." when it is an error.
bool cudaSucceeded(CUresult result, const char *function, const char *what);

/// Records a failure with its message and code.
void recordCudaFailure(tfc_code code, const std::string &message);

/// Unwinds the model call in progress on this thread, if any, when a
/// failure was recorded; returns otherwise. Call it only from a frame that
/// holds no object with a destructor.
void unwindIfCallFailed();

/// The last failure recorded outside a model call (e.g. a module that did
/// not load at dlopen time); empty when there was none.
std::string lastCudaLoadFailure();

} // namespace tfc::runtime

#endif // TFC_RUNTIME_SRC_CUDACALLS_H
