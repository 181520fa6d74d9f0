//===- ParseExampleTest.cpp - The runtime's ParseExample ------------------===//
//
// `tfc.parse_example`, the host function the importer calls for
// TensorFlow's ParseExample: a TFRecord-framed batch of tf.Examples built
// here byte by byte (packed and unpacked lists, a repeated key, fields
// the parser skips) gives each dense feature's values, or its default
// where an example lacks it; corrupt, truncated and mistyped input is an
// error naming the example and the key.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"

#include "tfc/runtime/checkpoint.h"
#include "tfc/runtime/host_call.h"

#include <cstring>
#include <string>
#include <vector>

using namespace tfc::runtime::testing;

namespace {

std::string varint(uint64_t value) {
  std::string out;
  do {
    unsigned char byte = value & 0x7F;
    value >>= 7;
    out.push_back(static_cast<char>(byte | (value ? 0x80 : 0)));
  } while (value);
  return out;
}

std::string field(uint32_t number, const std::string &bytes) {
  return varint(number << 3 | 2) + varint(bytes.size()) + bytes;
}

std::string packedFloats(const std::vector<float> &values) {
  std::string bytes(values.size() * 4, '\0');
  std::memcpy(bytes.data(), values.data(), bytes.size());
  return field(2, field(1, bytes)); // Feature.float_list.value, packed.
}

std::string unpackedFloats(const std::vector<float> &values) {
  std::string list;
  for (float value : values) {
    std::string bits(4, '\0');
    std::memcpy(bits.data(), &value, 4);
    list += varint(1 << 3 | 5) + bits;
  }
  return field(2, list);
}

std::string int64s(const std::vector<int64_t> &values) {
  std::string packed;
  for (int64_t value : values)
    packed += varint(static_cast<uint64_t>(value));
  return field(3, field(1, packed));
}

std::string bytesFeature(const std::string &value) {
  return field(1, field(1, value));
}

/// An Example of (key, Feature) pairs, with a field the parser must skip.
std::string
example(const std::vector<std::pair<std::string, std::string>> &features) {
  std::string map;
  for (const auto &[key, feature] : features)
    map += field(1, field(1, key) + field(2, feature));
  return varint(7 << 3 | 0) + varint(300) + field(1, map);
}

uint32_t maskedCrc(const std::string &bytes) {
  uint32_t crc = tfc_crc32c(0, bytes.data(), bytes.size());
  return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}

std::string tfrecord(const std::vector<std::string> &records) {
  std::string out;
  for (const std::string &record : records) {
    std::string length(8, '\0');
    uint64_t size = record.size();
    std::memcpy(length.data(), &size, 8);
    uint32_t crcs[2] = {maskedCrc(length), maskedCrc(record)};
    out += length + std::string(reinterpret_cast<char *>(&crcs[0]), 4) +
           record + std::string(reinterpret_cast<char *>(&crcs[1]), 4);
  }
  return out;
}

class ParseExampleTest : public ::testing::Test {
protected:
  TensorPtr bytes(const std::string &text) {
    int64_t size = static_cast<int64_t>(text.size());
    TensorPtr tensor(tfc_tensor_create(TFC_I8, 1, &size, status.get()));
    std::memcpy(tfc_tensor_data(tensor.get()), text.data(), text.size());
    return tensor;
  }

  TensorPtr i64s(const std::vector<int64_t> &values) {
    int64_t size = static_cast<int64_t>(values.size());
    TensorPtr tensor(tfc_tensor_create(TFC_I64, 1, &size, status.get()));
    if (size)
      std::memcpy(tfc_tensor_data(tensor.get()), values.data(), size * 8);
    return tensor;
  }

  template <typename T>
  TensorPtr defaults(tfc_dtype dtype, const std::vector<T> &values) {
    int64_t size = static_cast<int64_t>(values.size());
    TensorPtr tensor(tfc_tensor_create(dtype, 1, &size, status.get()));
    if (!values.empty())
      std::memcpy(tfc_tensor_data(tensor.get()), values.data(),
                  values.size() * sizeof(T));
    return tensor;
  }

  struct Feature {
    std::string key;
    std::vector<int64_t> shape;
    TensorPtr defaults;
  };

  /// Calls the host function as compiled code does; the outputs land in
  /// `outputs`.
  tfc_code parse(const std::string &batch, std::vector<Feature> &features) {
    std::vector<TensorPtr> owned;
    owned.push_back(bytes(batch));
    std::vector<const tfc_tensor *> inputs{owned.back().get()};
    for (Feature &feature : features) {
      owned.push_back(bytes(feature.key));
      inputs.push_back(owned.back().get());
      owned.push_back(i64s(feature.shape));
      inputs.push_back(owned.back().get());
      inputs.push_back(feature.defaults.get());
    }
    std::vector<tfc_tensor *> results(features.size());
    tfc_code code =
        tfc_host_call(TFC_PARSE_EXAMPLE_FN, inputs.data(),
                      static_cast<int64_t>(inputs.size()), results.data(),
                      static_cast<int64_t>(results.size()), status.get());
    outputs.clear();
    for (tfc_tensor *result : results)
      outputs.emplace_back(result);
    return code;
  }

  template <typename T> std::vector<T> values(size_t i) {
    const tfc_tensor *tensor = outputs[i].get();
    const T *data = static_cast<const T *>(tfc_tensor_data(tensor));
    return std::vector<T>(data, data + tfc_tensor_num_elements(tensor));
  }

  std::vector<int64_t> shape(size_t i) {
    const tfc_tensor *tensor = outputs[i].get();
    std::vector<int64_t> dims;
    for (int64_t d = 0; d < tfc_tensor_rank(tensor); ++d)
      dims.push_back(tfc_tensor_dim(tensor, d));
    return dims;
  }

  std::vector<Feature> xAndX2() {
    std::vector<Feature> features;
    features.push_back({"x", {1}, defaults<float>(TFC_F32, {})});
    features.push_back({"x2", {1}, defaults<float>(TFC_F32, {0.0f})});
    return features;
  }

  StatusPtr status{tfc_status_create()};
  std::vector<TensorPtr> outputs;
};

TEST_F(ParseExampleTest, ReadsDenseFeaturesAndDefaults) {
  std::string batch = tfrecord(
      {example({{"x", packedFloats({1.5f})}, {"x2", packedFloats({7})}}),
       example({{"x", unpackedFloats({-2})}}),
       example({{"x2", packedFloats({9})},
                {"x", packedFloats({100})},
                {"x", packedFloats({3})}})});
  std::vector<Feature> features = xAndX2();
  ASSERT_EQ(parse(batch, features), TFC_OK) << describe(status.get());
  EXPECT_EQ(shape(0), (std::vector<int64_t>{3, 1}));
  EXPECT_EQ(values<float>(0), (std::vector<float>{1.5f, -2, 3}));
  EXPECT_EQ(values<float>(1), (std::vector<float>{7, 0, 9}));
}

TEST_F(ParseExampleTest, ReadsInt64sAndVectors) {
  std::string batch = tfrecord({example({{"ids", int64s({1, -5, 1LL << 40})},
                                         {"name", bytesFeature("ignored")}}),
                                example({})});
  std::vector<Feature> features;
  features.push_back({"ids", {3}, defaults<int64_t>(TFC_I64, {7, 8, 9})});
  ASSERT_EQ(parse(batch, features), TFC_OK) << describe(status.get());
  EXPECT_EQ(shape(0), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(values<int64_t>(0),
            (std::vector<int64_t>{1, -5, 1LL << 40, 7, 8, 9}));
}

TEST_F(ParseExampleTest, AnEmptyBatchHasNoRows) {
  std::vector<Feature> features = xAndX2();
  ASSERT_EQ(parse("", features), TFC_OK) << describe(status.get());
  EXPECT_EQ(shape(0), (std::vector<int64_t>{0, 1}));
}

TEST_F(ParseExampleTest, AMissingRequiredFeatureNamesTheExample) {
  std::string batch = tfrecord({example({{"x", packedFloats({1})}}),
                                example({{"x2", packedFloats({1})}})});
  std::vector<Feature> features = xAndX2();
  parse(batch, features);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "host function 'tfc.parse_example': ParseExample: example "
                   "1: feature 'x' (float) is required but could not be "
                   "found");
}

TEST_F(ParseExampleTest, WrongTypesAndCountsAreErrors) {
  std::vector<Feature> features = xAndX2();
  parse(tfrecord({example({{"x", int64s({1})}})}), features);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "example 0, feature 'x': the data types don't match: it "
                   "holds int64, the graph expects float");
  parse(tfrecord({example({{"x", packedFloats({1})}}),
                  example({{"x", packedFloats({1, 2})}})}),
        features);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "example 1, feature 'x': it has 2 float values, the "
                   "graph's shape holds 1");
}

TEST_F(ParseExampleTest, CorruptFramingIsAnError) {
  std::string batch = tfrecord({example({{"x", packedFloats({1})}})});
  std::vector<Feature> features = xAndX2();
  std::string badData = batch;
  badData[14] ^= 1;
  parse(badData, features);
  EXPECT_TFC_ERROR(status.get(), TFC_DATA_LOSS,
                   "record 0 is corrupt (CRC mismatch)");
  std::string badLength = batch;
  badLength[0] ^= 1;
  parse(badLength, features);
  EXPECT_TFC_ERROR(status.get(), TFC_DATA_LOSS,
                   "record 0 has a corrupt length");
  parse(batch.substr(0, batch.size() - 1), features);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "record 0 is truncated");
  // A string that is not TFRecord-framed (a lone example) fails too.
  EXPECT_NE(parse(example({{"x", packedFloats({1})}}), features), TFC_OK);
}

TEST_F(ParseExampleTest, GarbageInsideARecordIsAnError) {
  std::vector<Feature> features = xAndX2();
  for (const std::string &garbage :
       {std::string("\x0a\xff\xff\xff\xff\x0f", 6), std::string("\xff", 1),
        field(1, field(1, field(1, "x") + field(2, field(2, "\x0d\x01"))))}) {
    parse(tfrecord({garbage}), features);
    EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "example 0");
  }
}

} // namespace
