//===- VariableDevice.cpp - The device copies of variables ----------------===//
//
// A variable that a CUDA model uses has two copies: `data` on the host,
// which the store API, checkpoints and CPU models use, and `deviceData`,
// which CUDA models' compiled code reads and writes. Each side brings its
// copy up to date before using it, so a store shared by a CPU and a CUDA
// model, and checkpoints written on one target and restored on the other,
// see one value.
//
//===----------------------------------------------------------------------===//

#include "CudaMemory.h"
#include "Store.h"

using namespace tfc::runtime;

tfc_variable::~tfc_variable() {
  freeAligned(data);
  for (PackedCopy &copy : packedCopies)
    freeAligned(copy.data);
  deviceFree(deviceData);
}

tfc_code tfc::runtime::variableToDevice(tfc_variable *var, tfc_status *status) {
  std::lock_guard<std::mutex> lock(var->deviceMutex);
  if (!var->deviceData) {
    if (tfc_code code = deviceAllocate(static_cast<size_t>(var->byteSize),
                                       &var->deviceData, status))
      return code;
    var->deviceCurrent = false;
    var->deviceUsed.store(true, std::memory_order_release);
  }
  if (var->deviceCurrent)
    return TFC_OK;
  if (tfc_code code = copyToDevice(var->deviceData, var->data,
                                   static_cast<size_t>(var->byteSize), status))
    return code;
  var->deviceCurrent = true;
  return TFC_OK;
}

tfc_code tfc::runtime::variableToHost(tfc_variable *var, tfc_status *status) {
  if (!var->deviceUsed.load(std::memory_order_acquire))
    return TFC_OK;
  std::lock_guard<std::mutex> lock(var->deviceMutex);
  if (var->hostCurrent)
    return TFC_OK;
  if (tfc_code code = copyToHost(var->data, var->deviceData,
                                 static_cast<size_t>(var->byteSize), status))
    return code;
  var->hostCurrent = true;
  return TFC_OK;
}

void tfc::runtime::variableWritten(tfc_variable *var, bool onDevice) {
  if (!onDevice && !var->deviceUsed.load(std::memory_order_acquire))
    return;
  std::lock_guard<std::mutex> lock(var->deviceMutex);
  var->hostCurrent = !onDevice;
  var->deviceCurrent = onDevice;
}
