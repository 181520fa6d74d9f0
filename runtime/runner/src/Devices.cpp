//===- Devices.cpp - The CUDA driver and devices the runtime finds --------===//

#include "ModelLibrary.h"

#include <cstdio>

using namespace tfc::runner;

int tfc::runner::listDevices(const Console &console) {
  StatusPtr status(tfc_status_create());
  std::ostream &outs = console.outs;
  // Opens the driver, so the path and version below are known.
  tfc_code available = tfc_cuda_check_available(status.get());
  outs << "driver: " << tfc_cuda_driver_path();
  int32_t version = tfc_cuda_driver_version();
  if (version > 0)
    outs << " (CUDA " << version / 1000 << "." << version % 1000 / 10 << ")";
  outs << "\n";
  if (available != TFC_OK) {
    outs << tfc_status_message(status.get()) << "\n";
    return 0;
  }
  for (int32_t i = 0, e = tfc_cuda_device_count(); i < e; ++i) {
    tfc_cuda_device_info info;
    if (tfc_cuda_device_get_info(i, &info, status.get()) != TFC_OK)
      return reportError(console, tfc_status_message(status.get()));
    char gib[32];
    std::snprintf(gib, sizeof(gib), "%.1f",
                  static_cast<double>(info.total_memory) / (1 << 30));
    outs << "device " << i << ": " << info.name << ", compute capability "
         << info.major << "." << info.minor << " (sm_" << info.major
         << info.minor << "), " << gib << " GiB, " << info.multiprocessors
         << " multiprocessors\n";
  }
  return 0;
}
