//===- Devices.h - tfc devices ----------------------------------*- C++ -*-===//
//
// What the runtime finds of the CUDA driver and devices, as `tfc devices`
// prints it.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNNER_DEVICES_H
#define TFC_RUNNER_DEVICES_H

#include "llvm/Support/raw_ostream.h"

namespace mlir::tfc {

/// Prints the driver the runtime opens and each device (name, compute
/// capability, memory, multiprocessors), or "no CUDA device available
/// (REASON)". Having no device is not an error: returns 0 either way, and 1
/// only when a device cannot be queried.
int listDevices(llvm::raw_ostream &outs, llvm::raw_ostream &errs);

} // namespace mlir::tfc

#endif // TFC_RUNNER_DEVICES_H
