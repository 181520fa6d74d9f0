//===- CudaDriver.h - The CUDA driver, opened at first use ------*- C++ -*-===//
//
// The runtime never links libcuda: it opens the driver with dlopen the first
// time something needs it and keeps the entry points it uses here. Without a
// driver or a device the table stays unusable and remembers why, so every
// caller can report "no CUDA device available (REASON)".
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_CUDADRIVER_H
#define TFC_RUNTIME_SRC_CUDADRIVER_H

#include "Internal.h"

#include <cstddef>
#include <string>

namespace tfc::runtime {

// The driver's types, as its ABI defines them (cuda.h is not needed).
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;
using CUgraph = struct CUgraph_st *;
using CUgraphExec = struct CUgraphExec_st *;

constexpr CUresult kCudaSuccess = 0;
constexpr CUresult kCudaErrorOutOfMemory = 2;
constexpr CUresult kCudaErrorNoBinaryForGpu = 209;
constexpr CUresult kCudaErrorUnsupportedPtxVersion = 222;
// Attributes of cuDeviceGetAttribute.
constexpr int kAttrMultiprocessors = 16;
constexpr int kAttrMajor = 75;
constexpr int kAttrMinor = 76;

/// The CUDA version whose signatures the declarations below follow. The
/// driver's cuGetProcAddress hands out each entry point in the form this
/// version defined, so a newer driver that changed a signature (CUDA 13's
/// cuCtxSynchronize_v2 takes a context) still gives the one declared here.
/// Change it only together with the declarations.
constexpr int kCudaApiVersion = 12000;

/// Each entry point the runtime uses: its name for cuGetProcAddress, and
/// the symbol that has the signature declared below in a driver too old to
/// have cuGetProcAddress (before CUDA 11.3).
#define TFC_CUDA_ENTRY_POINTS(X)                                               \
  X(cuInit, cuInit)                                                            \
  X(cuDriverGetVersion, cuDriverGetVersion)                                    \
  X(cuGetErrorName, cuGetErrorName)                                            \
  X(cuDeviceGetCount, cuDeviceGetCount)                                        \
  X(cuDeviceGet, cuDeviceGet)                                                  \
  X(cuDeviceGetName, cuDeviceGetName)                                          \
  X(cuDeviceGetAttribute, cuDeviceGetAttribute)                                \
  X(cuDeviceTotalMem, cuDeviceTotalMem_v2)                                     \
  X(cuDevicePrimaryCtxRetain, cuDevicePrimaryCtxRetain)                        \
  X(cuCtxSetCurrent, cuCtxSetCurrent)                                          \
  X(cuCtxSynchronize, cuCtxSynchronize)                                        \
  X(cuModuleLoadData, cuModuleLoadData)                                        \
  X(cuModuleUnload, cuModuleUnload)                                            \
  X(cuModuleGetFunction, cuModuleGetFunction)                                  \
  X(cuLaunchKernel, cuLaunchKernel)                                            \
  X(cuStreamCreate, cuStreamCreate)                                            \
  X(cuStreamDestroy, cuStreamDestroy_v2)                                       \
  X(cuStreamSynchronize, cuStreamSynchronize)                                  \
  X(cuStreamWaitEvent, cuStreamWaitEvent)                                      \
  X(cuEventCreate, cuEventCreate)                                              \
  X(cuEventDestroy, cuEventDestroy_v2)                                         \
  X(cuEventSynchronize, cuEventSynchronize)                                    \
  X(cuEventRecord, cuEventRecord)                                              \
  X(cuMemAlloc, cuMemAlloc_v2)                                                 \
  X(cuMemAllocManaged, cuMemAllocManaged)                                      \
  X(cuMemFree, cuMemFree_v2)                                                   \
  X(cuMemcpyAsync, cuMemcpyAsync)                                              \
  X(cuMemsetD32Async, cuMemsetD32Async)                                        \
  X(cuMemsetD16Async, cuMemsetD16Async)                                        \
  X(cuMemHostRegister, cuMemHostRegister_v2)                                   \
  X(cuMemHostUnregister, cuMemHostUnregister)                                  \
  X(cuMemHostAlloc, cuMemHostAlloc)                                            \
  X(cuMemFreeHost, cuMemFreeHost)                                              \
  X(cuStreamBeginCapture, cuStreamBeginCapture_v2)                             \
  X(cuStreamEndCapture, cuStreamEndCapture)                                    \
  X(cuGraphInstantiateWithFlags, cuGraphInstantiateWithFlags)                  \
  X(cuGraphLaunch, cuGraphLaunch)                                              \
  X(cuGraphExecDestroy, cuGraphExecDestroy)                                    \
  X(cuGraphDestroy, cuGraphDestroy)

/// The driver entry points the runtime uses, with the signatures of CUDA
/// `kCudaApiVersion`.
struct CudaDriver {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDriverGetVersion)(int *);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDeviceTotalMem)(size_t *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuModuleLoadData)(CUmodule *, const void *);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **);
  CUresult (*cuStreamCreate)(CUstream *, unsigned);
  CUresult (*cuStreamDestroy)(CUstream);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuStreamWaitEvent)(CUstream, CUevent, unsigned);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemAllocManaged)(CUdeviceptr *, size_t, unsigned);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*cuMemsetD32Async)(CUdeviceptr, unsigned, size_t, CUstream);
  CUresult (*cuMemsetD16Async)(CUdeviceptr, unsigned short, size_t, CUstream);
  CUresult (*cuMemHostRegister)(void *, size_t, unsigned);
  CUresult (*cuMemHostUnregister)(void *);
  CUresult (*cuMemHostAlloc)(void **, size_t, unsigned);
  CUresult (*cuMemFreeHost)(void *);
  CUresult (*cuStreamBeginCapture)(CUstream, int);
  CUresult (*cuStreamEndCapture)(CUstream, CUgraph *);
  CUresult (*cuGraphInstantiateWithFlags)(CUgraphExec *, CUgraph,
                                          unsigned long long);
  CUresult (*cuGraphLaunch)(CUgraphExec, CUstream);
  CUresult (*cuGraphExecDestroy)(CUgraphExec);
  CUresult (*cuGraphDestroy)(CUgraph);

  /// The primary context of device 0, current on every thread that calls
  /// into the driver through `makeCurrent`.
  CUcontext context = nullptr;
  int version = -1;
  int deviceCount = 0;
};

/// The loaded driver, or null (then `cudaUnavailableReason` says why). The
/// first call loads it; later calls are cheap and thread-safe.
const CudaDriver *cudaDriver();

/// Why the driver is unusable ("libcuda.so.1: cannot open shared object
/// file: ...", "cuInit: CUDA_ERROR_NO_DEVICE"); empty when it is usable.
const std::string &cudaUnavailableReason();

/// The path given to dlopen.
const char *cudaDriverPath();

/// "CUDA_ERROR_OUT_OF_MEMORY", or "CUDA error N" when the driver has no name
/// for it.
std::string cudaErrorName(CUresult result);

/// The TFC_UNAVAILABLE status of a missing device; TFC_OK when there is one.
tfc_code checkCudaAvailable(tfc_status *status);

/// Makes the driver's context current on this thread; false (and the
/// error in `message`) when it fails.
bool makeCudaContextCurrent(const CudaDriver &driver, std::string &message);

} // namespace tfc::runtime

#endif // TFC_RUNTIME_SRC_CUDADRIVER_H
