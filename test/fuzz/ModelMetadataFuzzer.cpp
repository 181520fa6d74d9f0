//===- ModelMetadataFuzzer.cpp - tfc_model_create on any metadata ---------===//
//
// A model structure whose metadata text is the input (with four functions
// and two blobs that are never called or read unless the metadata says
// so): tfc_model_create either makes a model whose reflection can be read
// or returns an error; it never crashes.
//
//===----------------------------------------------------------------------===//

#include "tfc/runtime.h"

#include <cstddef>
#include <cstdint>
#include <string>

static void neverCalled(void **) {}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string metadata(reinterpret_cast<const char *>(data), size);
  static const tfc_packed_fn functions[] = {neverCalled, neverCalled,
                                            neverCalled, neverCalled};
  static const float blob[4] = {1, 2, 3, 4};
  static const void *const blobs[] = {blob, blob};
  static const uint64_t blobSizes[] = {sizeof(blob), sizeof(blob)};
  tfc_model_abi abi = {
      TFC_MODEL_ABI_VERSION, 4,         2,     0,        metadata.c_str(),
      metadata.size(),       functions, blobs, blobSizes};
  tfc_status *status = tfc_status_create();
  if (tfc_model *model = tfc_model_create(&abi, nullptr, status)) {
    for (int64_t i = 0, e = tfc_model_num_entries(model); i < e; ++i)
      (void)tfc_model_entry_at(model, i)->name;
    for (int64_t i = 0, e = tfc_model_num_variables(model); i < e; ++i)
      (void)tfc_variable_name(tfc_model_variable_at(model, i));
    tfc_model_destroy(model);
  }
  tfc_status_destroy(status);
  return 0;
}
