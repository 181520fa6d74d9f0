//===- CudaTestModel.cpp - A hand-written model for the CUDA tests --------===//

#include "CudaTestModel.h"

#include <cstring>

extern "C" void *_mlir_memref_to_llvm_alloc(uint64_t size);

using namespace tfc::runtime::testing;

namespace {

void *launchModule = nullptr;
bool launching = false;

/// A rank-1 memref descriptor: allocated, aligned, offset, size, stride.
struct Descriptor1D {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t size;
  int64_t stride;
};

float *elements(void *descriptor) {
  auto *d = static_cast<Descriptor1D *>(descriptor);
  return d->aligned + d->offset;
}

void setResult(void *descriptor, float *buffer) {
  *static_cast<Descriptor1D *>(descriptor) = {buffer, buffer, 0, 2, 1};
}

void record(void *argument, void *variable) {
  EntryLog &log = entryLog();
  ++log.calls;
  log.argument = argument;
  log.variable = variable;
}

// CPU: args = {result, x, w} and {x, w}.
void cpuScale(void **args) {
  float *x = elements(args[1]), *w = elements(args[2]);
  record(x, w);
  auto *y = static_cast<float *>(_mlir_memref_to_llvm_alloc(2 * sizeof(float)));
  y[0] = x[0] * w[0];
  y[1] = x[1] * w[1];
  setResult(args[0], y);
}

void cpuAddToW(void **args) {
  float *x = elements(args[0]), *w = elements(args[1]);
  record(x, w);
  w[0] += x[0];
  w[1] += x[1];
}

// w_reversed: args = {result, w}.
void cpuWReversed(void **args) {
  float *w = elements(args[1]);
  auto *y = static_cast<float *>(_mlir_memref_to_llvm_alloc(2 * sizeof(float)));
  y[0] = w[1];
  y[1] = w[0];
  setResult(args[0], y);
}

/// Returns a view of the variable's own device buffer, reversed (offset 1,
/// stride -1), as a strided result of compiled code would be.
void cudaWReversed(void **args) {
  auto *w = static_cast<Descriptor1D *>(args[1]);
  *static_cast<Descriptor1D *>(args[0]) = {w->allocated, w->aligned, 1, 2, -1};
}

// init_v, the initializer entry point of v: args = {result}.
void cpuInitV(void **args) {
  auto *y = static_cast<float *>(_mlir_memref_to_llvm_alloc(2 * sizeof(float)));
  y[0] = 7;
  y[1] = 8;
  setResult(args[0], y);
}

/// Computes v's initial value on the "device", as a kernel would.
void cudaInitV(void **args) {
  void *stream = mgpuStreamCreate();
  float value[2] = {7, 8};
  auto *y = static_cast<float *>(mgpuMemAlloc(sizeof(value), stream, false));
  mgpuMemcpy(y, value, sizeof(value), stream);
  mgpuStreamSynchronize(stream);
  mgpuStreamDestroy(stream);
  setResult(args[0], y);
}

/// Where a kernel would run; only reached when a test asks for it.
void launch(void *stream) {
  if (!launching)
    return;
  void *kernel = mgpuModuleGetFunction(launchModule, "scale_kernel");
  mgpuLaunchKernel(kernel, 1, 1, 1, 2, 1, 1, 0, stream, nullptr, nullptr, 0);
}

// CUDA: the same, with device buffers. No frame holds an object with a
// destructor: a failing mgpu* call unwinds through them.
void cudaScale(void **args) {
  float *x = elements(args[1]), *w = elements(args[2]);
  record(x, w);
  void *stream = mgpuStreamCreate();
  float hostX[2], hostW[2];
  mgpuMemcpy(hostX, x, sizeof(hostX), stream);
  mgpuMemcpy(hostW, w, sizeof(hostW), stream);
  mgpuStreamSynchronize(stream);
  launch(stream);
  float hostY[2] = {hostX[0] * hostW[0], hostX[1] * hostW[1]};
  // A temporary, freed by the code, as after buffer deallocation.
  void *scratch = mgpuMemAlloc(64, stream, false);
  mgpuMemFree(scratch, stream);
  auto *y = static_cast<float *>(mgpuMemAlloc(sizeof(hostY), stream, false));
  mgpuMemcpy(y, hostY, sizeof(hostY), stream);
  mgpuStreamSynchronize(stream);
  mgpuStreamDestroy(stream);
  setResult(args[0], y);
}

void cudaAddToW(void **args) {
  float *x = elements(args[0]), *w = elements(args[1]);
  record(x, w);
  void *stream = mgpuStreamCreate();
  float hostX[2], hostW[2];
  mgpuMemcpy(hostX, x, sizeof(hostX), stream);
  mgpuMemcpy(hostW, w, sizeof(hostW), stream);
  mgpuStreamSynchronize(stream);
  hostW[0] += hostX[0];
  hostW[1] += hostX[1];
  mgpuMemcpy(w, hostW, sizeof(hostW), stream);
  mgpuStreamSynchronize(stream);
  mgpuStreamDestroy(stream);
}

const char *metadata(bool cuda) {
  static const std::string cpu = "tfc-model 1\n"
                                 "model scaler\n";
  static const std::string rest =
      "variable w f32 1 2 collections 2 GLOBAL_VARIABLES TRAINABLE_VARIABLES "
      "device - init constant 0 dense\n"
      "variable v f32 1 2 collections 1 GLOBAL_VARIABLES device - "
      "init function 3\n"
      "entry scale 0 public reads args 1 x f32 1 2 results 1 y f32 1 2 "
      "variables 1 w\n"
      "entry add_to_w 1 public writes args 1 x f32 1 2 results 0 "
      "variables 1 w\n"
      "entry w_reversed 2 public reads args 0 results 1 y f32 1 2 "
      "variables 1 w\n"
      "entry init_v 3 initializer reads args 0 results 1 y f32 1 2 "
      "variables 0\n"
      "plan GLOBAL_VARIABLES 2 w v\n"
      "end\n";
  static const std::string cpuText = cpu + rest;
  static const std::string cudaText = cpu + "target cuda sm_80,sm_90\n" + rest;
  return cuda ? cudaText.c_str() : cpuText.c_str();
}

const float initialW[2] = {1.5f, -2.0f};
const void *const blobs[] = {initialW};
const uint64_t blobSizes[] = {sizeof(initialW)};
const tfc_packed_fn cpuFunctions[] = {cpuScale, cpuAddToW, cpuWReversed,
                                      cpuInitV};
const tfc_packed_fn cudaFunctions[] = {cudaScale, cudaAddToW, cudaWReversed,
                                       cudaInitV};

} // namespace

EntryLog &tfc::runtime::testing::entryLog() {
  thread_local EntryLog log;
  return log;
}

void tfc::runtime::testing::setLaunch(bool enabled, void *module) {
  launching = enabled;
  launchModule = module;
}

const tfc_model_abi *tfc::runtime::testing::testModelAbi(bool cuda) {
  static tfc_model_abi abis[2];
  tfc_model_abi &abi = abis[cuda ? 1 : 0];
  const char *text = metadata(cuda);
  static_assert(sizeof(cpuFunctions) == sizeof(cudaFunctions));
  abi = {TFC_MODEL_ABI_VERSION,
         sizeof(cpuFunctions) / sizeof(cpuFunctions[0]),
         1,
         0,
         text,
         std::strlen(text),
         cuda ? cudaFunctions : cpuFunctions,
         blobs,
         blobSizes};
  return &abi;
}
