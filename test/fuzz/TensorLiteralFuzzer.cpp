//===- TensorLiteralFuzzer.cpp - The tensor literal parser on any text ----===//
//
// The first byte picks the dtype, the rest is the literal. A literal that
// parses formats back to text that parses to the same shape.
//
//===----------------------------------------------------------------------===//

#include "tfc/runtime.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0)
    return 0;
  static const tfc_dtype dtypes[] = {TFC_F16,  TFC_BF16, TFC_F32, TFC_F64,
                                     TFC_BOOL, TFC_I8,   TFC_I32, TFC_I64};
  tfc_dtype dtype = dtypes[data[0] % (sizeof(dtypes) / sizeof(dtypes[0]))];
  std::string text(reinterpret_cast<const char *>(data) + 1, size - 1);
  tfc_status *status = tfc_status_create();
  if (tfc_tensor *tensor = tfc_tensor_parse(text.c_str(), dtype, status)) {
    int64_t length = tfc_tensor_to_string(tensor, -1, nullptr, 0);
    std::string printed(static_cast<size_t>(length) + 1, '\0');
    tfc_tensor_to_string(tensor, -1, printed.data(), printed.size());
    printed.resize(static_cast<size_t>(length));
    // "f32[2] [1 2]": the values follow the type.
    size_t values = printed.find(' ');
    if (values != std::string::npos) {
      tfc_tensor *again =
          tfc_tensor_parse(printed.c_str() + values + 1, dtype, status);
      if (!again || tfc_tensor_rank(again) != tfc_tensor_rank(tensor))
        std::abort();
      tfc_tensor_destroy(again);
    }
    tfc_tensor_destroy(tensor);
  }
  tfc_status_destroy(status);
  return 0;
}
