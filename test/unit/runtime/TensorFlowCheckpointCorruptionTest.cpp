//===- TensorFlowCheckpointCorruptionTest.cpp - Damaged TF checkpoints ----===//
//
// Restoring a damaged or mismatched TensorFlow checkpoint fails with a
// status naming the file, the tensor and the problem, and leaves the store
// as it was, values and flags: truncations and flipped bytes anywhere,
// missing shards, fields behind valid checksums, what tfc cannot restore.
//
//===----------------------------------------------------------------------===//

#include "TensorFlowTestUtils.h"

#include <cstdio>

using namespace tfc::runtime::testing;

namespace {

/// DT_FLOAT, the TensorFlow dtype of the tests' tensors.
constexpr uint64_t kFloat = 1;

class TensorFlowCheckpointCorruptionTest : public ::testing::Test {
protected:
  void SetUp() override {
    // a = [1.5, -2], b = 7: saved by tfc at `prefix`.
    StorePtr source(tfc_store_create(nullptr));
    addVariable(source.get(), "a", TFC_F32, "[1.5, -2]");
    addVariable(source.get(), "b", TFC_F32, "7");
    ASSERT_EQ(
        tfc_store_save_tensorflow(source.get(), prefix.c_str(), status.get()),
        TFC_OK)
        << describe(status.get());
    index = readFile(prefix + ".index");
    data = readFile(prefix + ".data-00000-of-00001");
    // A store of other values and an uninitialized one: a failed restore
    // changes neither.
    addVariable(initialized.get(), "a", TFC_F32, "[9, 9]");
    addVariable(initialized.get(), "b", TFC_F32, "-1");
    registerVariable(uninitialized.get(), "a", TFC_F32, {2});
    registerVariable(uninitialized.get(), "b", TFC_F32, {});
  }

  /// Restores `path` into both stores; expects `code` with `text` in the
  /// message and both stores unchanged.
  void expectFailure(const std::string &path, tfc_code code,
                     const std::string &text, const std::string &context = "") {
    for (tfc_store *store : {initialized.get(), uninitialized.get()}) {
      StoreState before = stateOf(store);
      EXPECT_EQ(tfc_store_restore(store, path.c_str(), status.get()), code)
          << context << ": " << describe(status.get());
      EXPECT_NE(std::string(tfc_status_message(status.get())).find(text),
                std::string::npos)
          << context << ": " << tfc_status_message(status.get());
      EXPECT_EQ(stateOf(store), before) << context << ": the store changed";
    }
  }

  /// Writes a checkpoint at `damaged` of the given index and data.
  void writeDamaged(const Bytes &indexBytes, const Bytes &dataBytes) {
    writeFile(damaged + ".index", indexBytes);
    writeFile(damaged + ".data-00000-of-00001", dataBytes);
  }

  /// Entries for a = f32[2] and b = f32[] over `data`, with `a` replaced.
  std::vector<std::pair<std::string, Bytes>> entriesWithA(const Bytes &a) {
    return {{"a", a},
            {"b", entryProto(kFloat, {}, 8, 4, maskedCrc(data.data() + 8, 4))}};
  }
  Bytes goodA() {
    return entryProto(kFloat, {2}, 0, 8, maskedCrc(data.data(), 8));
  }

  StatusPtr status = makeStatus();
  TempDir dir;
  std::string prefix = dir.file("good");
  std::string damaged = dir.file("damaged");
  Bytes index, data;
  StorePtr initialized{tfc_store_create(nullptr)};
  StorePtr uninitialized{tfc_store_create(nullptr)};
};

TEST_F(TensorFlowCheckpointCorruptionTest, TheHandMadeIndexIsValid) {
  // The helpers the other cases use make a checkpoint tfc restores.
  writeBundle(damaged, entriesWithA(goodA()), data);
  StorePtr store(tfc_store_create(nullptr));
  registerVariable(store.get(), "a", TFC_F32, {2});
  registerVariable(store.get(), "b", TFC_F32, {});
  ASSERT_EQ(tfc_store_restore(store.get(), damaged.c_str(), status.get()),
            TFC_OK)
      << describe(status.get());
  EXPECT_EQ(
      bytesOf(tfc_variable_data(tfc_store_find(store.get(), "a", nullptr)), 8),
      Bytes(data.begin(), data.begin() + 8));
}

TEST_F(TensorFlowCheckpointCorruptionTest, TruncatedIndexAtEveryLength) {
  for (size_t length = 0; length < index.size(); ++length) {
    writeDamaged(Bytes(index.begin(), index.begin() + length), data);
    expectFailure(damaged, TFC_DATA_LOSS,
                  "TensorFlow checkpoint index '" + damaged + ".index'",
                  "length " + std::to_string(length));
  }
}

TEST_F(TensorFlowCheckpointCorruptionTest, EveryByteFlipInTheIndexIsCaught) {
  for (size_t pos = 0; pos < index.size(); ++pos)
    for (unsigned char mask : {0x01, 0x80}) {
      Bytes flipped = index;
      flipped[pos] ^= mask;
      writeDamaged(flipped, data);
      expectFailure(damaged, TFC_DATA_LOSS, damaged + ".index",
                    "byte " + std::to_string(pos));
    }
}

TEST_F(TensorFlowCheckpointCorruptionTest, BadMagic) {
  Bytes bad = index;
  bad.back() ^= 0xff;
  writeDamaged(bad, data);
  expectFailure(damaged, TFC_DATA_LOSS,
                "is not a LevelDB table (its magic number is wrong)");
}

TEST_F(TensorFlowCheckpointCorruptionTest, FlippedTensorBytesFailTheirCheck) {
  // a is bytes 0..8 of the shard, b bytes 8..12.
  for (size_t pos = 0; pos < data.size(); ++pos) {
    Bytes flipped = data;
    flipped[pos] ^= 0x04;
    writeDamaged(index, flipped);
    expectFailure(damaged, TFC_DATA_LOSS,
                  "TensorFlow checkpoint data file '" + damaged +
                      ".data-00000-of-00001' is corrupted: the checksum of "
                      "tensor '" +
                      (pos < 8 ? "a" : "b") + "'",
                  "byte " + std::to_string(pos));
  }
}

TEST_F(TensorFlowCheckpointCorruptionTest, TruncatedOrMissingDataShard) {
  writeDamaged(index, Bytes(data.begin(), data.begin() + 10));
  expectFailure(damaged, TFC_DATA_LOSS,
                "data-00000-of-00001' is truncated: tensor 'b' takes bytes 8 "
                "to 12 but the file has 10");
  std::remove((damaged + ".data-00000-of-00001").c_str());
  expectFailure(damaged, TFC_NOT_FOUND,
                "cannot open TensorFlow checkpoint data file '" + damaged +
                    ".data-00000-of-00001': No such file or directory");
}

TEST_F(TensorFlowCheckpointCorruptionTest, MismatchesNameTheVariable) {
  StorePtr other(tfc_store_create(nullptr));
  addVariable(other.get(), "a", TFC_F64, "[0, 0]");
  addVariable(other.get(), "b", TFC_F32, "[0, 0]");
  addVariable(other.get(), "c", TFC_I32, "5");
  StoreState before = stateOf(other.get());
  EXPECT_EQ(tfc_store_restore(other.get(), prefix.c_str(), status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "cannot restore checkpoint '" + prefix +
                       "': variable 'a' is f32[2] in the checkpoint but "
                       "f64[2] in the store; variable 'b' is f32[] in the "
                       "checkpoint but f32[2] in the store; variable 'c' "
                       "(i32[]) is not in the checkpoint");
  EXPECT_EQ(stateOf(other.get()), before);

  StorePtr missing(tfc_store_create(nullptr));
  addVariable(missing.get(), "a", TFC_F32, "[0, 0]");
  addVariable(missing.get(), "z", TFC_F32, "0");
  before = stateOf(missing.get());
  EXPECT_EQ(tfc_store_restore(missing.get(), prefix.c_str(), status.get()),
            TFC_NOT_FOUND);
  EXPECT_TFC_ERROR(status.get(), TFC_NOT_FOUND,
                   "variable 'z' (f32[]) is not in the checkpoint");
  EXPECT_EQ(stateOf(missing.get()), before);
}

TEST_F(TensorFlowCheckpointCorruptionTest, FieldsBehindValidChecksums) {
  auto expectEntry = [&](const Bytes &a, tfc_code code,
                         const std::string &text) {
    writeBundle(damaged, entriesWithA(a), data);
    expectFailure(damaged, code, text, text);
  };
  uint32_t crcA = maskedCrc(data.data(), 8);
  expectEntry(entryProto(kFloat, {2}, 0, 12, crcA), TFC_DATA_LOSS,
              "is corrupted: tensor 'a' of type f32[2] has 12 bytes instead "
              "of 8");
  expectEntry(entryProto(kFloat, {2}, 0, 8, crcA, /*shard=*/1), TFC_DATA_LOSS,
              "tensor 'a' is in data shard 1 of 1");
  expectEntry(entryProto(kFloat, {-1}, 0, 8, crcA), TFC_DATA_LOSS,
              "tensor 'a' has no valid shape");
  expectEntry(entryProto(kFloat, {2}, 0, 8, crcA ^ 1), TFC_DATA_LOSS,
              "the checksum of tensor 'a'");
  expectEntry({0x08, 0x01, 0x12, 0x09}, TFC_DATA_LOSS,
              "the entry of tensor 'a' is malformed");
  expectEntry({0x0d, 0x01, 0x00, 0x00, 0x00}, TFC_DATA_LOSS,
              "the entry of tensor 'a' is malformed: field 1 of its "
              "BundleEntryProto has wire type 5");
  // uint8, a TensorFlow type tfc lacks.
  expectEntry(entryProto(4, {8}, 0, 8, crcA), TFC_INVALID_ARGUMENT,
              "variable 'a' is uint8[8] in the checkpoint but f32[2]");
  // A partitioned variable's full entry lists its slices (field 7).
  Bytes sliced = goodA();
  append(sliced, bytesField(7, {}));
  expectEntry(sliced, TFC_UNIMPLEMENTED,
              "cannot restore tensor 'a' of TensorFlow checkpoint '" + damaged +
                  "': it is saved in slices (a partitioned variable)");
  // Unknown fields are skipped, as protobuf does.
  Bytes extended = goodA();
  append(extended, varintField(99, 5));
  writeBundle(damaged, entriesWithA(extended), data);
  ASSERT_EQ(
      tfc_store_restore(uninitialized.get(), damaged.c_str(), status.get()),
      TFC_OK)
      << describe(status.get());
}

TEST_F(TensorFlowCheckpointCorruptionTest, HeaderAndKeysBehindValidChecksums) {
  auto expectBundle =
      [&](const std::vector<std::pair<std::string, Bytes>> &entries,
          const Bytes &header, tfc_code code, const std::string &text) {
        writeBundle(damaged, entries, data, header);
        expectFailure(damaged, code, text, text);
      };
  auto entries = entriesWithA(goodA());
  expectBundle(entries, headerProto(/*numShards=*/0), TFC_DATA_LOSS,
               "its header declares 0 data shards");
  expectBundle(entries, headerProto(1, /*endianness=*/1), TFC_UNIMPLEMENTED,
               "is of a big-endian machine");
  expectBundle(entries, headerProto(1, 0, 2, /*minConsumer=*/2),
               TFC_UNIMPLEMENTED,
               "has format version 2 (readers from version 2 on)");
  expectBundle(entries, {0x0a}, TFC_DATA_LOSS, "its header entry is malformed");
  // Keys out of order, or the same key twice.
  expectBundle({entries[1], entries[0]}, headerProto(), TFC_DATA_LOSS,
               "its keys are out of order in data block 0");
  expectBundle({entries[0], entries[0]}, headerProto(), TFC_DATA_LOSS,
               "its keys are out of order in data block 0");
  // No header: the first key is not "".
  writeFile(damaged + ".index", tableOf(entries));
  expectFailure(damaged, TFC_DATA_LOSS, "it has no header entry (key \"\")");
}

TEST_F(TensorFlowCheckpointCorruptionTest, BlockFramingBehindValidChecksums) {
  // The data block starts at 0; its size is the index block's handle.
  // Restart point 0 moved into the middle of the first entry.
  Bytes bad = tableOf({{"", headerProto()}});
  // The block: one entry (9 bytes), restart 0, count 1; then the trailer.
  ASSERT_EQ(bad[9], 0);
  bad[9] = 3;
  size_t blockSize = 9 + 8;
  Bytes withType(bad.begin(), bad.begin() + blockSize + 1);
  uint32_t crc = maskedCrc(withType.data(), withType.size());
  for (int i = 0; i < 4; ++i)
    bad[blockSize + 1 + i] = static_cast<unsigned char>(crc >> (8 * i));
  writeDamaged(bad, data);
  expectFailure(damaged, TFC_DATA_LOSS,
                "data block 0 has restart point 0 at byte 3, which does not "
                "start a whole key");
  // An unknown compression type.
  bad = tableOf({{"", headerProto()}});
  bad[blockSize] = 2;
  withType.assign(bad.begin(), bad.begin() + blockSize + 1);
  crc = maskedCrc(withType.data(), withType.size());
  for (int i = 0; i < 4; ++i)
    bad[blockSize + 1 + i] = static_cast<unsigned char>(crc >> (8 * i));
  writeDamaged(bad, data);
  expectFailure(damaged, TFC_DATA_LOSS,
                "data block 0 has unknown compression type 2");
}

TEST_F(TensorFlowCheckpointCorruptionTest, DamagedSnappyBehindAValidChecksum) {
  // TensorFlow's half_plus_two has one Snappy-compressed data block of 87
  // bytes at 0; its first byte is the uncompressed length, 100.
  std::string input = tensorFlowInput("half_plus_two/variables");
  Bytes compressed = readFile(input + ".index");
  ASSERT_EQ(compressed[0], 100);
  ASSERT_EQ(compressed[87], 1); // Snappy.
  for (unsigned char length : {99, 101, 0x80}) {
    Bytes bad = compressed;
    bad[0] = length;
    uint32_t crc = maskedCrc(bad.data(), 88);
    for (int i = 0; i < 4; ++i)
      bad[88 + i] = static_cast<unsigned char>(crc >> (8 * i));
    writeDamaged(bad, readFile(input + ".data-00000-of-00001"));
    StorePtr store(tfc_store_create(nullptr));
    registerVariable(store.get(), "a", TFC_F32, {});
    EXPECT_EQ(tfc_store_restore(store.get(), damaged.c_str(), status.get()),
              TFC_DATA_LOSS)
        << int(length);
    EXPECT_TFC_ERROR(status.get(), TFC_DATA_LOSS, "data block 0: ");
  }
}

} // namespace
