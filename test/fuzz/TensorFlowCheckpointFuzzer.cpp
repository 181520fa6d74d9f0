//===- TensorFlowCheckpointFuzzer.cpp - Any bytes as a TF checkpoint ------===//
//
// The input is a TensorFlow checkpoint in one piece: the index's size
// (u32, little-endian), the index (PREFIX.index), then the data shard
// (PREFIX.data-00000-of-00001). It is restored into a store with the
// variables of the seeds (TensorFlow Serving's half_plus_two and counter),
// one variable at a time so that each tensor is read and checked: every
// restore succeeds or fails with a status, never crashes.
//
//===----------------------------------------------------------------------===//

#include "tfc/runtime.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>

static void writeFile(const std::string &path, const uint8_t *data,
                      size_t size) {
  if (FILE *file = std::fopen(path.c_str(), "wb")) {
    std::fwrite(data, 1, size, file);
    std::fclose(file);
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const std::string prefix =
      "/tmp/tfc-tensorflow-checkpoint-fuzzer-" + std::to_string(getpid());
  if (size < 4)
    return 0;
  size_t indexSize = data[0] | data[1] << 8 | data[2] << 16 |
                     static_cast<size_t>(data[3]) << 24;
  if (indexSize > size - 4)
    indexSize = size - 4;
  writeFile(prefix + ".index", data + 4, indexSize);
  writeFile(prefix + ".data-00000-of-00001", data + 4 + indexSize,
            size - 4 - indexSize);

  tfc_status *status = tfc_status_create();
  tfc_store *store = tfc_store_create(status);
  const char *names[] = {"a", "b", "counter"};
  for (const char *name : names) {
    tfc_variable_desc desc = {name, TFC_F32, 1, 0, nullptr, nullptr, 0};
    tfc_store_register(store, &desc, status);
  }
  const int64_t two[] = {2};
  tfc_variable_desc vector = {"v", TFC_I64, 1, 1, two, nullptr, 0};
  tfc_store_register(store, &vector, status);
  tfc_store_restore(store, prefix.c_str(), status);
  for (const char *name : names) {
    tfc_restore_options one = {nullptr, &name, 1, 0};
    tfc_store_restore_subset(store, prefix.c_str(), &one, status);
  }
  tfc_checkpoint_rename rename = {"c", "a"};
  tfc_restore_options onlyA = {nullptr, names, 1, 0};
  tfc_store_restore_renamed(store, prefix.c_str(), &onlyA, &rename, 1, status);
  tfc_store_release(store);
  tfc_status_destroy(status);
  return 0;
}
