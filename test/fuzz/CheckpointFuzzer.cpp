//===- CheckpointFuzzer.cpp - Restoring any bytes as a checkpoint ---------===//
//
// The input is written as a checkpoint file and restored into a store with
// variables of several dtypes and shapes: the restore succeeds or fails
// with a status (all or nothing), never crashes.
//
//===----------------------------------------------------------------------===//

#include "tfc/runtime.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const std::string path =
      "/tmp/tfc-checkpoint-fuzzer-" + std::to_string(getpid()) + ".ckpt";
  if (FILE *file = std::fopen(path.c_str(), "wb")) {
    std::fwrite(data, 1, size, file);
    std::fclose(file);
  }
  tfc_status *status = tfc_status_create();
  tfc_store *store = tfc_store_create(status);
  // The variables of examples/cuda/mlp.mlir, whose checkpoint is a seed,
  // and one of another dtype and rank.
  const int64_t w1[] = {4, 16}, b1[] = {16}, w2[] = {16, 3}, b2[] = {3};
  const tfc_variable_desc variables[] = {
      {"mlp/w1", TFC_F32, 1, 2, w1, nullptr, 0},
      {"mlp/b1", TFC_F32, 1, 1, b1, nullptr, 0},
      {"mlp/w2", TFC_F32, 1, 2, w2, nullptr, 0},
      {"mlp/b2", TFC_F32, 1, 1, b2, nullptr, 0},
      {"global_step", TFC_I64, 0, 0, nullptr, nullptr, 0},
  };
  for (const tfc_variable_desc &desc : variables)
    tfc_store_register(store, &desc, status);
  // All of them, and only those of the checkpoint (by name).
  tfc_store_restore(store, path.c_str(), status);
  const char *names[] = {"mlp/w1", "mlp/b2"};
  tfc_restore_options subset = {nullptr, names, 2, 1};
  tfc_store_restore_subset(store, path.c_str(), &subset, status);
  tfc_store_release(store);
  tfc_status_destroy(status);
  return 0;
}
