//===- NpyFuzzer.cpp - The .npy reader on arbitrary bytes -----------------===//
//
// tfc_npy_parse either gives a tensor whose text can be formatted or an
// error status; it never crashes, reads out of bounds or leaks.
//
//===----------------------------------------------------------------------===//

#include "tfc/runtime.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tfc_status *status = tfc_status_create();
  if (tfc_tensor *tensor = tfc_npy_parse(data, size, status)) {
    char text[256];
    tfc_tensor_to_string(tensor, 16, text, sizeof(text));
    tfc_tensor_destroy(tensor);
  }
  tfc_status_destroy(status);
  return 0;
}
