//===- CheckpointCorruptionTest.cpp - Restore is all or nothing -----------===//
//
// Damaged files and mismatched stores: every case must fail with a clear
// status and leave the store exactly as it was, values and flags.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"

#include <algorithm>
#include <tuple>
#include <utility>

using namespace tfc::runtime::testing;

namespace {

uint32_t getU32(const std::vector<unsigned char> &bytes, size_t pos) {
  uint32_t value = 0;
  for (int i = 0; i < 4; ++i)
    value |= uint32_t(bytes[pos + i]) << (8 * i);
  return value;
}

uint64_t getU64(const std::vector<unsigned char> &bytes, size_t pos) {
  return getU32(bytes, pos) | uint64_t(getU32(bytes, pos + 4)) << 32;
}

void putU32(std::vector<unsigned char> &bytes, size_t pos, uint32_t value) {
  for (int i = 0; i < 4; ++i)
    bytes[pos + i] = static_cast<unsigned char>(value >> (8 * i));
}

/// Recomputes every checksum of a checkpoint whose fields a test edited,
/// following the layout docs/runtime.md documents, so that the edit reaches
/// the checks behind the checksums.
void reseal(std::vector<unsigned char> &bytes) {
  size_t pos = 24;
  for (uint64_t i = 0, count = getU64(bytes, 16); i < count; ++i) {
    size_t length = 24 + getU32(bytes, pos) +
                    8 * size_t(getU32(bytes, pos + 8)) +
                    getU64(bytes, pos + 16);
    putU32(bytes, pos + length, tfc_crc32c(0, &bytes[pos], length));
    pos += length + 4;
  }
  putU32(bytes, pos, tfc_crc32c(0, bytes.data(), pos));
}

class CheckpointCorruptionTest : public ::testing::Test {
protected:
  void SetUp() override {
    StorePtr source(tfc_store_create(nullptr));
    addVariable(source.get(), "a", TFC_F32, "[1.5, -2]");
    addVariable(source.get(), "b", TFC_I32, "7");
    ASSERT_EQ(tfc_store_save(source.get(), path.c_str(), status.get()), TFC_OK)
        << describe(status.get());
    original = readFile(path);
    // Two stores of the same variables: one holding other values, one
    // uninitialized; a failed restore must change neither.
    addVariable(initialized.get(), "a", TFC_F32, "[9, 9]");
    addVariable(initialized.get(), "b", TFC_I32, "-1");
    registerVariable(uninitialized.get(), "a", TFC_F32, {2});
    registerVariable(uninitialized.get(), "b", TFC_I32, {});
  }

  /// Restores `bytes` into both stores; expects `code` with `text` in the
  /// message and both stores unchanged. Returns the message.
  std::string expectFailure(const std::vector<unsigned char> &bytes,
                            tfc_code code, const std::string &text,
                            const std::string &context = "") {
    std::string corrupt = dir.file("corrupt.ckpt");
    writeFile(corrupt, bytes);
    for (tfc_store *store : {initialized.get(), uninitialized.get()}) {
      StoreState before = stateOf(store);
      EXPECT_EQ(tfc_store_restore(store, corrupt.c_str(), status.get()), code)
          << context << ": " << describe(status.get());
      EXPECT_NE(std::string(tfc_status_message(status.get())).find(text),
                std::string::npos)
          << context << ": " << tfc_status_message(status.get());
      EXPECT_EQ(stateOf(store), before) << context << ": store changed";
    }
    return tfc_status_message(status.get());
  }

  /// A store of sentinel-valued variables given as (name, dtype, literal).
  StorePtr
  storeWith(const std::vector<std::tuple<const char *, tfc_dtype, const char *>>
                &specs) {
    StorePtr store(tfc_store_create(nullptr));
    for (const auto &[name, dtype, value] : specs)
      addVariable(store.get(), name, dtype, value);
    return store;
  }

  /// Restores the good checkpoint into `store`, expecting `code` and `text`
  /// and no change.
  void expectMismatch(tfc_store *store, tfc_code code,
                      const std::string &text) {
    StoreState before = stateOf(store);
    EXPECT_EQ(tfc_store_restore(store, path.c_str(), status.get()), code)
        << describe(status.get());
    EXPECT_TFC_ERROR(status.get(), code, text);
    EXPECT_EQ(stateOf(store), before) << "the store changed";
  }

  StatusPtr status = makeStatus();
  TempDir dir;
  std::string path = dir.file("model.ckpt");
  std::vector<unsigned char> original;
  StorePtr initialized{tfc_store_create(nullptr)};
  StorePtr uninitialized{tfc_store_create(nullptr)};
};

TEST_F(CheckpointCorruptionTest, LayoutMatchesTheDocumentation) {
  // Header, then "a" (f32[2]), then "b" (i32[]), then the footer.
  ASSERT_EQ(original.size(), 24u + (24 + 1 + 8 + 8 + 4) + (24 + 1 + 4 + 4) + 8);
  const unsigned char magic[] = {0x89, 'T', 'F', 'C', 'K', 'P', 'T', '\n'};
  EXPECT_TRUE(std::equal(magic, magic + 8, original.begin()));
  EXPECT_EQ(getU32(original, 8), 1u);  // version
  EXPECT_EQ(getU32(original, 12), 0u); // flags
  EXPECT_EQ(getU64(original, 16), 2u); // records
  EXPECT_EQ(getU32(original, 24), 1u); // name length
  EXPECT_EQ(getU32(original, 28), uint32_t(TFC_F32));
  EXPECT_EQ(getU32(original, 32), 1u); // rank
  EXPECT_EQ(getU64(original, 40), 8u); // data bytes
  EXPECT_EQ(original[48], 'a');
  EXPECT_EQ(getU64(original, 49), 2u); // dims[0]
  EXPECT_EQ(getU32(original, 65), tfc_crc32c(0, &original[24], 41));
  size_t footer = original.size() - 8;
  EXPECT_EQ(getU32(original, footer), tfc_crc32c(0, original.data(), footer));
  EXPECT_TRUE(std::equal(original.end() - 4, original.end(),
                         reinterpret_cast<const unsigned char *>("TEND")));
  // Resealing an unchanged file changes nothing.
  std::vector<unsigned char> copy = original;
  reseal(copy);
  EXPECT_EQ(copy, original);
}

TEST_F(CheckpointCorruptionTest, TruncationAtEveryOffsetFails) {
  for (size_t length = 0; length < original.size(); ++length) {
    std::vector<unsigned char> cut(original.begin(), original.begin() + length);
    expectFailure(cut, TFC_DATA_LOSS, "truncated",
                  "cut to " + std::to_string(length) + " bytes");
  }
}

TEST_F(CheckpointCorruptionTest, EveryByteFlipIsDetected) {
  for (size_t pos = 0; pos < original.size(); ++pos) {
    for (unsigned char mask : {0x01, 0x80, 0xFF}) {
      std::vector<unsigned char> flipped = original;
      flipped[pos] ^= mask;
      // Only the version field yields UNIMPLEMENTED; the rest is data loss.
      bool version = pos >= 8 && pos < 12;
      expectFailure(
          flipped, version ? TFC_UNIMPLEMENTED : TFC_DATA_LOSS, "checkpoint",
          "byte " + std::to_string(pos) + " ^ " + std::to_string(mask));
    }
  }
}

TEST_F(CheckpointCorruptionTest, ChecksumErrorsNameTheVariable) {
  std::vector<unsigned char> flipped = original;
  flipped[60] ^= 0x10; // Inside the data of "a".
  expectFailure(flipped, TFC_DATA_LOSS,
                "checkpoint '" + dir.file("corrupt.ckpt") +
                    "' is corrupted: the checksum of variable 'a' is");
}

TEST_F(CheckpointCorruptionTest, WrongMagicAndTrailingBytes) {
  expectFailure({'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o', 'r', 'l', 'd', '!'},
                TFC_DATA_LOSS, "is not a tfc checkpoint");
  std::vector<unsigned char> longer = original;
  longer.push_back(0);
  expectFailure(longer, TFC_DATA_LOSS,
                "1 unexpected bytes follow the end marker");
}

TEST_F(CheckpointCorruptionTest, FieldsBehindValidChecksumsAreChecked) {
  std::vector<unsigned char> bytes = original;
  putU32(bytes, 28, 77); // dtype of "a"
  reseal(bytes);
  expectFailure(bytes, TFC_DATA_LOSS, "variable 'a' has unknown dtype 77");

  bytes = original;
  putU32(bytes, 8, 2);
  reseal(bytes);
  expectFailure(bytes, TFC_UNIMPLEMENTED,
                "has format version 2; this runtime reads version 1");

  bytes = original;
  putU32(bytes, 36, 5); // reserved
  reseal(bytes);
  expectFailure(bytes, TFC_DATA_LOSS, "variable 'a' has reserved field 0x5");

  bytes = original;
  bytes[49] = 3; // "a" claims f32[3] but holds 8 bytes
  reseal(bytes);
  expectFailure(
      bytes, TFC_DATA_LOSS,
      "variable 'a' of type f32[3] has 8 bytes of data instead of 12");

  bytes = original;
  bytes[24 + 45 + 24] = 'a'; // rename "b" to "a"
  putU32(bytes, 24 + 45 + 4, TFC_F32);
  reseal(bytes);
  expectFailure(bytes, TFC_DATA_LOSS, "variable 'a' appears twice");

  bytes = original;
  putU32(bytes, 12, 1); // flags
  reseal(bytes);
  expectFailure(bytes, TFC_DATA_LOSS, "unknown flags 0x1");
}

TEST_F(CheckpointCorruptionTest, MissingVariableIsNotFound) {
  StorePtr store = storeWith({{"a", TFC_F32, "[0, 0]"},
                              {"b", TFC_I32, "0"},
                              {"c", TFC_F64, "[1, 2, 3]"}});
  expectMismatch(store.get(), TFC_NOT_FOUND,
                 "variable 'c' (f64[3]) is not in the checkpoint");
}

TEST_F(CheckpointCorruptionTest, ExtraVariableIsAnError) {
  StorePtr store = storeWith({{"a", TFC_F32, "[0, 0]"}});
  expectMismatch(store.get(), TFC_INVALID_ARGUMENT,
                 "the checkpoint has variable 'b' (i32[]), which the store "
                 "does not have");
}

TEST_F(CheckpointCorruptionTest, ShapeAndDtypeMismatchesNameBothTypes) {
  StorePtr wrongShape =
      storeWith({{"a", TFC_F32, "[0, 0, 0]"}, {"b", TFC_I32, "0"}});
  expectMismatch(wrongShape.get(), TFC_INVALID_ARGUMENT,
                 "cannot restore checkpoint '" + path +
                     "': variable 'a' is f32[2] in the checkpoint but f32[3] "
                     "in the store");
  StorePtr wrongDtype =
      storeWith({{"a", TFC_F64, "[0, 0]"}, {"b", TFC_I32, "0"}});
  expectMismatch(wrongDtype.get(), TFC_INVALID_ARGUMENT,
                 "variable 'a' is f32[2] in the checkpoint but f64[2] in the "
                 "store");
  StorePtr wrongRank =
      storeWith({{"a", TFC_F32, "[0, 0]"}, {"b", TFC_I32, "[0]"}});
  expectMismatch(wrongRank.get(), TFC_INVALID_ARGUMENT,
                 "variable 'b' is i32[] in the checkpoint but i32[1] in the "
                 "store");
}

TEST_F(CheckpointCorruptionTest, EveryProblemIsListed) {
  StorePtr store = storeWith({{"a", TFC_F32, "[0, 0, 0]"}, {"c", TFC_I8, "1"}});
  expectMismatch(store.get(), TFC_INVALID_ARGUMENT,
                 "variable 'a' is f32[2] in the checkpoint but f32[3] in the "
                 "store; variable 'c' (i8[]) is not in the checkpoint; the "
                 "checkpoint has variable 'b' (i32[]), which the store does "
                 "not have");
}

} // namespace
