//===- ExampleFuzzer.cpp - ParseExample on arbitrary bytes ----------------===//
//
// `tfc.parse_example`, the runtime's ParseExample, reads serialized
// tf.Examples a served model is fed: it either fills its outputs or
// returns an error status; it never crashes, reads out of bounds or leaks.
// The first byte's low bit chooses how the rest is fed: as raw bytes (the
// TFRecord framing itself is fuzzed), or as records, each a length byte and
// that many bytes, framed here with valid CRCs (so the fuzzer reaches the
// protobuf reader). The features: a required float `x` of shape [1], int64
// `ids` of shape [2] and float `m` of shape [2, 2], both with defaults.
//
//===----------------------------------------------------------------------===//

#include "tfc/runtime.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace {

uint32_t maskedCrc(const char *data, size_t size) {
  uint32_t crc = tfc_crc32c(0, data, size);
  return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}

std::string frame(const uint8_t *data, size_t size) {
  std::string out;
  size_t offset = 0;
  while (offset < size) {
    size_t length = data[offset++];
    if (length > size - offset)
      length = size - offset;
    uint64_t length64 = length;
    char header[12];
    std::memcpy(header, &length64, 8);
    uint32_t lengthCrc = maskedCrc(header, 8);
    std::memcpy(header + 8, &lengthCrc, 4);
    out.append(header, 12);
    const char *record = reinterpret_cast<const char *>(data + offset);
    out.append(record, length);
    uint32_t dataCrc = maskedCrc(record, length);
    out.append(reinterpret_cast<const char *>(&dataCrc), 4);
    offset += length;
  }
  return out;
}

tfc_tensor *vector(tfc_dtype dtype, const void *values, int64_t count,
                   tfc_status *status) {
  tfc_tensor *tensor = tfc_tensor_create(dtype, 1, &count, status);
  if (tensor && count)
    std::memcpy(tfc_tensor_data(tensor), values,
                static_cast<size_t>(count * tfc_dtype_size(dtype)));
  return tensor;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0)
    return 0;
  std::string batch =
      (data[0] & 1)
          ? std::string(reinterpret_cast<const char *>(data + 1), size - 1)
          : frame(data + 1, size - 1);
  tfc_status *status = tfc_status_create();
  const int64_t shapeX[] = {1}, shapeIds[] = {2}, shapeM[] = {2, 2};
  const int64_t idsDefault[] = {7, 8};
  const float mDefault[] = {1, 2, 3, 4};
  std::vector<tfc_tensor *> inputs{
      vector(TFC_I8, batch.data(), static_cast<int64_t>(batch.size()), status),
      vector(TFC_I8, "x", 1, status),
      vector(TFC_I64, shapeX, 1, status),
      vector(TFC_F32, nullptr, 0, status),
      vector(TFC_I8, "ids", 3, status),
      vector(TFC_I64, shapeIds, 1, status),
      vector(TFC_I64, idsDefault, 2, status),
      vector(TFC_I8, "m", 1, status),
      vector(TFC_I64, shapeM, 2, status),
      vector(TFC_F32, mDefault, 4, status)};
  tfc_tensor *outputs[3] = {};
  tfc_host_call(TFC_PARSE_EXAMPLE_FN, inputs.data(),
                static_cast<int64_t>(inputs.size()), outputs, 3, status);
  for (tfc_tensor *output : outputs)
    tfc_tensor_destroy(output);
  for (tfc_tensor *input : inputs)
    tfc_tensor_destroy(input);
  tfc_status_destroy(status);
  return 0;
}
