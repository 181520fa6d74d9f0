//===- ParseExample.cpp - TensorFlow's ParseExample as a host function ----===//
//
// `tfc.parse_example(serialized, (key, shape, default)...)`: TensorFlow's
// ParseExample for dense features (`tf.io.FixedLenFeature`). `serialized`
// is a batch of serialized `tf.Example` protos in TFRecord framing, the
// bytes of a `.tfrecord` file:
//
//   length:u64 masked_crc32c(length):u32 data[length] masked_crc32c(data):u32
//
// Each dense feature comes as three tensors: its key (an i8 vector of the
// name's bytes), its shape in one example (an i64 vector) and its default
// (f32 or i64, the shape's elements, or none: the feature is required).
// The output of a feature is [number of examples] + shape, of the
// default's dtype. The wire format is read with the checkpoint code's
// field reader (ProtoWire.h), so the runtime needs no protobuf library:
//
//   Example  { Features features = 1; }
//   Features { map<string, Feature> feature = 1; }
//   Feature  { oneof { BytesList bytes_list = 1; FloatList float_list = 2;
//                      Int64List int64_list = 3; } }
//   FloatList { repeated float value = 1 [packed]; }
//   Int64List { repeated int64 value = 1 [packed]; }
//
//===----------------------------------------------------------------------===//

#include "ParseExample.h"
#include "Internal.h"
#include "ProtoWire.h"
#include "Table.h"

#include "tfc/runtime/checkpoint.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

using namespace tfc::runtime;

namespace {

using proto::FieldReader;
using proto::WireType;

/// A reader of the fields of the message `bytes` holds.
FieldReader readerOf(std::string_view bytes) {
  return FieldReader(reinterpret_cast<const unsigned char *>(bytes.data()),
                     bytes.size());
}

/// The payload of the length-delimited field `field` has read.
std::string_view payloadOf(const FieldReader &field) {
  return std::string_view(reinterpret_cast<const char *>(field.bytes),
                          field.payloadSize);
}

/// Whether `field` is the length-delimited field number `number`.
bool isMessage(const FieldReader &field, uint32_t number) {
  return field.number == number && field.type == WireType::LengthDelimited;
}

/// One dense feature: where its values come from and go.
struct DenseFeature {
  std::string key;
  tfc_dtype dtype = TFC_DTYPE_INVALID;
  std::vector<int64_t> shape;
  int64_t count = 1;                    // Values in one example.
  const tfc_tensor *defaults = nullptr; // Null: required.
  tfc_tensor *output = nullptr;
};

const char *dtypeName(tfc_dtype dtype) {
  return dtype == TFC_F32 ? "float" : "int64";
}

/// Splits TFRecord-framed bytes into their records, checking both CRCs.
tfc_code splitRecords(std::string_view data,
                      std::vector<std::string_view> &records,
                      tfc_status *status) {
  size_t offset = 0;
  while (offset < data.size()) {
    size_t index = records.size();
    if (data.size() - offset < 12)
      return setError(status, TFC_INVALID_ARGUMENT,
                      "ParseExample: record %zu is truncated (%zu bytes "
                      "left, a TFRecord header is 12): the batch must be "
                      "the bytes of a TFRecord file",
                      index, data.size() - offset);
    uint64_t length;
    uint32_t lengthCrc;
    std::memcpy(&length, data.data() + offset, 8);
    std::memcpy(&lengthCrc, data.data() + offset + 8, 4);
    if (table::maskCrc(tfc_crc32c(0, data.data() + offset, 8)) != lengthCrc)
      return setError(status, TFC_DATA_LOSS,
                      "ParseExample: record %zu has a corrupt length (CRC "
                      "mismatch): the batch must be the bytes of a TFRecord "
                      "file",
                      index);
    offset += 12;
    if (length > data.size() - offset || data.size() - offset - length < 4)
      return setError(status, TFC_INVALID_ARGUMENT,
                      "ParseExample: record %zu is truncated (%llu bytes "
                      "announced)",
                      index, static_cast<unsigned long long>(length));
    std::string_view record = data.substr(offset, static_cast<size_t>(length));
    uint32_t dataCrc;
    std::memcpy(&dataCrc, data.data() + offset + length, 4);
    if (table::maskCrc(tfc_crc32c(0, record.data(), record.size())) != dataCrc)
      return setError(status, TFC_DATA_LOSS,
                      "ParseExample: record %zu is corrupt (CRC mismatch)",
                      index);
    records.push_back(record);
    offset += static_cast<size_t>(length) + 4;
  }
  return TFC_OK;
}

/// Finds the Feature message of each of `features` in one Example; a key
/// that appears twice takes its last value, as a protobuf map does. False
/// on malformed bytes.
bool findFeatures(std::string_view example,
                  const std::vector<DenseFeature> &features,
                  std::vector<std::string_view> &found,
                  std::vector<bool> &present) {
  FieldReader reader = readerOf(example);
  while (reader.next()) {
    if (!isMessage(reader, 1)) // Example.features
      continue;
    FieldReader entries = readerOf(payloadOf(reader));
    while (entries.next()) {
      if (!isMessage(entries, 1)) // Features.feature, a map entry
        continue;
      FieldReader entry = readerOf(payloadOf(entries));
      std::string_view key, value;
      while (entry.next()) {
        if (isMessage(entry, 1))
          key = payloadOf(entry);
        else if (isMessage(entry, 2))
          value = payloadOf(entry);
      }
      if (entry.malformed())
        return false;
      for (size_t i = 0; i < features.size(); ++i)
        if (features[i].key == key) {
          found[i] = value;
          present[i] = true;
        }
    }
    if (entries.malformed())
      return false;
  }
  return !reader.malformed();
}

/// Reads the values of one Feature of `feature`'s dtype into `out`, which
/// holds `feature.count` values.
tfc_code readValues(std::string_view message, const DenseFeature &feature,
                    size_t example, char *out, tfc_status *status) {
  // The oneof's last list wins; a Feature with none has no values.
  uint32_t kind = 0;
  std::string_view list;
  FieldReader reader = readerOf(message);
  while (reader.next())
    if (reader.number >= 1 && reader.number <= 3 &&
        reader.type == WireType::LengthDelimited) {
      kind = reader.number;
      list = payloadOf(reader);
    }
  if (reader.malformed())
    return setError(status, TFC_INVALID_ARGUMENT,
                    "ParseExample: example %zu, feature '%s': not a "
                    "tf.train.Feature",
                    example, feature.key.c_str());
  uint32_t expected = feature.dtype == TFC_F32 ? 2 : 3;
  if (kind != 0 && kind != expected) {
    static const char *const kinds[] = {"", "bytes", "float", "int64"};
    return setError(status, TFC_INVALID_ARGUMENT,
                    "ParseExample: example %zu, feature '%s': the data "
                    "types don't match: it holds %s, the graph expects %s",
                    example, feature.key.c_str(), kinds[kind],
                    dtypeName(feature.dtype));
  }
  int64_t count = 0;
  auto store = [&](const void *value, size_t size) {
    if (count < feature.count)
      std::memcpy(out + count * static_cast<int64_t>(size), value, size);
    ++count;
  };
  // FloatList and Int64List hold field 1, packed or one value per field.
  bool isFloat = feature.dtype == TFC_F32;
  bool ok = true;
  FieldReader values = readerOf(list);
  while (ok && values.next()) {
    if (values.number != 1)
      continue;
    if (values.type == WireType::LengthDelimited) {
      std::string_view packed = payloadOf(values);
      const auto *bytes =
          reinterpret_cast<const unsigned char *>(packed.data());
      if (isFloat) {
        ok = packed.size() % 4 == 0;
        for (size_t i = 0; ok && i < packed.size(); i += 4)
          store(bytes + i, 4);
      } else {
        for (size_t pos = 0; ok && pos < packed.size();) {
          uint64_t value;
          ok = proto::getVarint(bytes, packed.size(), pos, value);
          store(&value, 8);
        }
      }
    } else if (isFloat && values.type == WireType::Fixed32) {
      auto bits = static_cast<uint32_t>(values.varint);
      store(&bits, 4);
    } else if (!isFloat && values.type == WireType::Varint) {
      store(&values.varint, 8);
    } else {
      ok = false;
    }
  }
  if (!ok || values.malformed())
    return setError(status, TFC_INVALID_ARGUMENT,
                    "ParseExample: example %zu, feature '%s': a corrupt "
                    "%s list",
                    example, feature.key.c_str(), dtypeName(feature.dtype));
  if (count != feature.count)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "ParseExample: example %zu, feature '%s': it has %lld "
                    "%s values, the graph's shape holds %lld",
                    example, feature.key.c_str(), static_cast<long long>(count),
                    dtypeName(feature.dtype),
                    static_cast<long long>(feature.count));
  return TFC_OK;
}

/// The features `inputs` describe, after the serialized batch.
tfc_code describeFeatures(const tfc_tensor *const *inputs, int64_t numInputs,
                          int64_t numOutputs,
                          std::vector<DenseFeature> &features,
                          tfc_status *status) {
  if (numInputs != 1 + 3 * numOutputs || inputs[0]->dtype != TFC_I8 ||
      inputs[0]->rank != 1)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "ParseExample: takes the serialized examples (bytes) "
                    "and a key, a shape and a default for each of its "
                    "outputs");
  for (int64_t i = 0; i < numOutputs; ++i) {
    const tfc_tensor *key = inputs[1 + 3 * i];
    const tfc_tensor *shape = inputs[2 + 3 * i];
    const tfc_tensor *defaults = inputs[3 + 3 * i];
    if (key->dtype != TFC_I8 || key->rank != 1 || shape->dtype != TFC_I64 ||
        shape->rank != 1 || shape->dims[0] + 1 > TFC_MAX_RANK ||
        (defaults->dtype != TFC_F32 && defaults->dtype != TFC_I64))
      return setError(status, TFC_INVALID_ARGUMENT,
                      "ParseExample: feature %lld needs an i8 key, an i64 "
                      "shape and an f32 or i64 default",
                      static_cast<long long>(i));
    DenseFeature feature;
    feature.key.assign(static_cast<const char *>(key->data),
                       static_cast<size_t>(key->dims[0]));
    feature.dtype = defaults->dtype;
    const auto *dims = static_cast<const int64_t *>(shape->data);
    feature.shape.assign(dims, dims + shape->dims[0]);
    for (int64_t d : feature.shape) {
      if (d < 0)
        return setError(status, TFC_INVALID_ARGUMENT,
                        "ParseExample: feature '%s' has no fixed shape",
                        feature.key.c_str());
      feature.count *= d;
    }
    if (defaults->numElements == feature.count && feature.count != 0)
      feature.defaults = defaults;
    else if (defaults->numElements != 0)
      return setError(status, TFC_INVALID_ARGUMENT,
                      "ParseExample: feature '%s': its default has %lld "
                      "values, its shape holds %lld",
                      feature.key.c_str(),
                      static_cast<long long>(defaults->numElements),
                      static_cast<long long>(feature.count));
    features.push_back(std::move(feature));
  }
  return TFC_OK;
}

} // namespace

tfc_code tfc::runtime::parseExample(void *, const tfc_tensor *const *inputs,
                                    int64_t numInputs, tfc_tensor **outputs,
                                    int64_t numOutputs, tfc_status *status) {
  std::vector<DenseFeature> features;
  if (describeFeatures(inputs, numInputs, numOutputs, features, status) !=
      TFC_OK)
    return status->code;
  std::string_view batch(static_cast<const char *>(inputs[0]->data),
                         static_cast<size_t>(inputs[0]->dims[0]));
  std::vector<std::string_view> records;
  if (splitRecords(batch, records, status) != TFC_OK)
    return status->code;

  std::vector<std::unique_ptr<tfc_tensor, void (*)(tfc_tensor *)>> results;
  for (DenseFeature &feature : features) {
    int64_t dims[TFC_MAX_RANK] = {static_cast<int64_t>(records.size())};
    for (size_t d = 0; d < feature.shape.size(); ++d)
      dims[d + 1] = feature.shape[d];
    feature.output = tfc_tensor_create(
        feature.dtype, static_cast<int64_t>(feature.shape.size()) + 1, dims,
        status);
    if (!feature.output)
      return status->code;
    results.emplace_back(feature.output, tfc_tensor_destroy);
  }

  std::vector<std::string_view> found(features.size());
  std::vector<bool> present(features.size());
  for (size_t example = 0; example < records.size(); ++example) {
    std::fill(present.begin(), present.end(), false);
    if (!findFeatures(records[example], features, found, present))
      return setError(status, TFC_INVALID_ARGUMENT,
                      "ParseExample: example %zu is not a serialized "
                      "tf.train.Example",
                      example);
    for (size_t i = 0; i < features.size(); ++i) {
      const DenseFeature &feature = features[i];
      size_t width = static_cast<size_t>(tfc_dtype_size(feature.dtype));
      char *out = static_cast<char *>(feature.output->data) +
                  example * static_cast<size_t>(feature.count) * width;
      if (present[i]) {
        if (readValues(found[i], feature, example, out, status) != TFC_OK)
          return status->code;
      } else if (feature.defaults) {
        std::memcpy(out, feature.defaults->data,
                    static_cast<size_t>(feature.count) * width);
      } else {
        return setError(status, TFC_INVALID_ARGUMENT,
                        "ParseExample: example %zu: feature '%s' (%s) is "
                        "required but could not be found",
                        example, feature.key.c_str(), dtypeName(feature.dtype));
      }
    }
  }
  for (int64_t i = 0; i < numOutputs; ++i)
    outputs[i] = results[static_cast<size_t>(i)].release();
  return TFC_OK;
}
