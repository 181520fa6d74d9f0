/* What a library from `tfc compile --target=cuda` looks like to the
 * runtime, written by hand: a `target cuda` model whose global constructor
 * loads its GPU binary through mgpuModuleLoad and whose destructor unloads
 * it. Its entry point would launch a kernel; without a device the runtime
 * never calls it. */

#include "tfc/runtime.h"

#include <stdio.h>
#include <stdlib.h>

void *mgpuModuleLoad(void *data, int64_t size);
void mgpuModuleUnload(void *module);

static const char binary[] = "a fatbin would be here";
static void *module;

__attribute__((constructor)) static void loadModule(void) {
  module = mgpuModuleLoad((void *)binary, (int64_t)sizeof(binary));
}

__attribute__((destructor)) static void unloadModule(void) {
  mgpuModuleUnload(module);
}

static void scale(void **args) {
  (void)args;
  fprintf(stderr, "the entry point ran without a device\n");
  abort();
}

static const char metadata[] =
    "tfc-model 1\n"
    "model cudamodel\n"
    "target cuda sm_80,sm_90\n"
    "variable w f32 1 2 collections 1 GLOBAL_VARIABLES device - init ones\n"
    "entry scale 0 public reads args 1 x f32 1 2 results 1 y f32 1 2 "
    "variables 1 w\n"
    "plan GLOBAL_VARIABLES 1 w\n"
    "plan LOCAL_VARIABLES 0\n"
    "end\n";

static const tfc_packed_fn functions[] = {scale};

__attribute__((visibility("default")))
const tfc_model_abi tfc_model_cudamodel = {
    TFC_MODEL_ABI_VERSION, 1,         0,    0,   metadata,
    sizeof(metadata) - 1,  functions, NULL, NULL};
