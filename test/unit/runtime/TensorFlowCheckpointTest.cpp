//===- TensorFlowCheckpointTest.cpp - TensorFlow's checkpoint format ------===//
//
// tfc_store_save_tensorflow and restoring TensorFlow checkpoints (format
// V2): the bytes written, checked by hand and against files TensorFlow
// wrote; reading TensorFlow's files; round trips; renames; the refusal of
// format V1.
//
//===----------------------------------------------------------------------===//

#include "TensorFlowTestUtils.h"

#include <algorithm>
#include <sys/wait.h>
#include <unistd.h>

using namespace tfc::runtime::testing;

namespace {

class TensorFlowCheckpointTest : public ::testing::Test {
protected:
  /// Saves `store` in TensorFlow's format at `prefix`, failing the test on
  /// error.
  void saveTensorFlow(tfc_store *store, const std::string &prefix) {
    ASSERT_EQ(tfc_store_save_tensorflow(store, prefix.c_str(), status.get()),
              TFC_OK)
        << describe(status.get());
  }
  void restore(tfc_store *store, const std::string &path) {
    ASSERT_EQ(tfc_store_restore(store, path.c_str(), status.get()), TFC_OK)
        << describe(status.get());
  }

  StatusPtr status = makeStatus();
  TempDir dir;
};

TEST_F(TensorFlowCheckpointTest, WritesTheIndexByteForByte) {
  StorePtr store(tfc_store_create(status.get()));
  addVariable(store.get(), "dense/kernel", TFC_F32, "[[2, 3]]");
  addVariable(store.get(), "dense/bias", TFC_F32, "[0.5, -1]");
  std::string prefix = dir.file("model");
  saveTensorFlow(store.get(), prefix);

  // The data shard: the tensors sorted by name, back to back.
  Bytes bias = {0x00, 0x00, 0x00, 0x3f, 0x00, 0x00, 0x80, 0xbf};   // 0.5, -1
  Bytes kernel = {0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x40, 0x40}; // 2, 3
  Bytes data = bias;
  append(data, kernel);
  EXPECT_EQ(readFile(prefix + ".data-00000-of-00001"), data);

  // The masked CRC-32C of each tensor's bytes, ((crc >> 15) | (crc << 17))
  // + 0xa282ead8, computed by an independent implementation.
  ASSERT_EQ(maskedCrc(bias.data(), bias.size()), 0x5221afc5u);
  ASSERT_EQ(maskedCrc(kernel.data(), kernel.size()), 0xa9baf502u);

  Bytes dataBlock = {
      // Key "" (0 shared, 0 new key bytes, a 6-byte value): the
      // BundleHeaderProto, num_shards 1 (field 1), version {producer 1}
      // (field 3, 2 bytes); endianness 0 is left out.
      0x00, 0x00, 0x06, 0x08, 0x01, 0x1a, 0x02, 0x08, 0x01,
      // Key "dense/bias": 0 shared, 10 new, a 15-byte BundleEntryProto:
      0x00, 0x0a, 0x0f, 'd', 'e', 'n', 's', 'e', '/', 'b', 'i', 'a', 's', 0x08,
      0x01,                               // dtype DT_FLOAT
      0x12, 0x04, 0x12, 0x02, 0x08, 0x02, // shape {dim {size 2}}
      0x28, 0x08,                         // size 8 (offset 0 is left out)
      0x35, 0xc5, 0xaf, 0x21, 0x52,       // crc32c, fixed32
      // Key "dense/kernel": 6 bytes shared with "dense/bias", 6 new, a
      // 21-byte value:
      0x06, 0x06, 0x15, 'k', 'e', 'r', 'n', 'e', 'l', 0x08,
      0x01, // dtype DT_FLOAT
      0x12, 0x08, 0x12, 0x02, 0x08, 0x01, 0x12, 0x02, 0x08,
      0x02,                         // shape {dim {size 1} dim {size 2}}
      0x20, 0x08,                   // offset 8
      0x28, 0x08,                   // size 8
      0x35, 0x02, 0xf5, 0xba, 0xa9, // crc32c
      // One restart point, at 0: fewer than 16 keys.
      0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00};
  ASSERT_EQ(dataBlock.size(), 75u);
  Bytes index = dataBlock;
  // The trailer: no compression, then the masked CRC-32C of the block and
  // that byte.
  append(index, {0x00, 0x02, 0x0a, 0x01, 0x51});
  // At 80: the metaindex block, empty (one restart point at 0), and its
  // trailer.
  append(index, {0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00});
  append(index, {0x00, 0xc0, 0xf2, 0xa1, 0xb0});
  // At 93: the index block: key "e", the shortest key after
  // "dense/kernel", for the handle of the data block (offset 0, size 75).
  append(index, {0x00, 0x01, 0x02, 'e', 0x00, 0x4b});
  append(index, {0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00});
  append(index, {0x00, 0x52, 0xa9, 0xd4, 0x7e});
  // At 112: the footer: the metaindex handle (80, 8), the index handle
  // (93, 14), zeros up to 40 bytes, and the magic 0xdb4775248b80fb57.
  append(index, {0x50, 0x08, 0x5d, 0x0e});
  index.resize(112 + 40, 0);
  append(index, {0x57, 0xfb, 0x80, 0x8b, 0x24, 0x75, 0x47, 0xdb});
  ASSERT_EQ(index.size(), 160u);
  // The checksums above, recomputed.
  EXPECT_EQ(maskedCrc(index.data(), 76), 0x51010a02u);
  EXPECT_EQ(maskedCrc(index.data() + 80, 9), 0xb0a1f2c0u);
  EXPECT_EQ(maskedCrc(index.data() + 93, 15), 0x7ed4a952u);
  EXPECT_EQ(readFile(prefix + ".index"), index);
}

TEST_F(TensorFlowCheckpointTest, WritesWhatTensorFlowWroteForTheSameValues) {
  // TensorFlow 1.x wrote these two uncompressed: tfc writes the same bytes.
  StorePtr counter(tfc_store_create(status.get()));
  addVariable(counter.get(), "counter", TFC_F32, "0");
  saveTensorFlow(counter.get(), dir.file("counter"));
  StorePtr regression(tfc_store_create(status.get()));
  addVariable(regression.get(), "w", TFC_F32, "[-0.85786223]");
  addVariable(regression.get(), "b", TFC_F32, "[0]");
  saveTensorFlow(regression.get(), dir.file("regression"));
  for (const char *name : {"counter", "regression"})
    for (const char *suffix : {".index", ".data-00000-of-00001"})
      EXPECT_EQ(readFile(dir.file(name) + suffix),
                readFile(tensorFlowInput(name) + "/variables" + suffix))
          << name << suffix;
}

TEST_F(TensorFlowCheckpointTest, ReadsCheckpointsTensorFlowWrote) {
  // Its index blocks are Snappy-compressed (TensorFlow 1.0).
  StorePtr halfPlusTwo(tfc_store_create(status.get()));
  for (const char *name : {"a", "a2", "b", "c", "c2"})
    registerVariable(halfPlusTwo.get(), name, TFC_F32, {});
  restore(halfPlusTwo.get(), tensorFlowInput("half_plus_two/variables"));
  EXPECT_EQ(valueOf(halfPlusTwo.get(), "a"), "f32[] 0.5");
  EXPECT_EQ(valueOf(halfPlusTwo.get(), "a2"), "f32[] 0.5");
  EXPECT_EQ(valueOf(halfPlusTwo.get(), "b"), "f32[] 2");
  EXPECT_EQ(valueOf(halfPlusTwo.get(), "c"), "f32[] 3");
  EXPECT_EQ(valueOf(halfPlusTwo.get(), "c2"), "f32[] 3");

  StorePtr counter(tfc_store_create(status.get()));
  addVariable(counter.get(), "counter", TFC_F32, "7");
  restore(counter.get(), tensorFlowInput("counter/variables"));
  EXPECT_EQ(valueOf(counter.get(), "counter"), "f32[] 0");

  StorePtr regression(tfc_store_create(status.get()));
  registerVariable(regression.get(), "w", TFC_F32, {1});
  registerVariable(regression.get(), "b", TFC_F32, {1});
  restore(regression.get(), tensorFlowInput("regression/variables"));
  EXPECT_EQ(valueOf(regression.get(), "w"), "f32[1] [-0.85786223]");
  EXPECT_EQ(valueOf(regression.get(), "b"), "f32[1] [0]");
  EXPECT_TRUE(tfc_variable_is_initialized(
      tfc_store_find(regression.get(), "w", status.get())));
}

TEST_F(TensorFlowCheckpointTest, SkipsTensorsTheStoreDoesNotHave) {
  // TensorFlow 2's object-based names, optimizer slots and a string tensor
  // (the object graph): a store with two of the variables restores those,
  // as tf.train.Saver given two variables does.
  StorePtr store(tfc_store_create(status.get()));
  registerVariable(store.get(), "w/.ATTRIBUTES/VARIABLE_VALUE", TFC_F32, {1});
  registerVariable(store.get(), "optimizer/iter/.ATTRIBUTES/VARIABLE_VALUE",
                   TFC_I64, {});
  std::string prefix = tensorFlowInput("regression_savedmodel/variables");
  restore(store.get(), prefix);
  EXPECT_EQ(valueOf(store.get(), "w/.ATTRIBUTES/VARIABLE_VALUE"),
            "f32[1] [0.20429754]");
  EXPECT_EQ(valueOf(store.get(), "optimizer/iter/.ATTRIBUTES/VARIABLE_VALUE"),
            "i64[] 0");

  // The string tensor's bytes are not read, so damage there does not
  // matter; the tensors restored are checked.
  std::string copy = dir.file("copy");
  Bytes data = readFile(prefix + ".data-00000-of-00001");
  writeFile(copy + ".index", readFile(prefix + ".index"));
  data[100] ^= 0x20; // Inside _CHECKPOINTABLE_OBJECT_GRAPH (bytes 28..565).
  writeFile(copy + ".data-00000-of-00001", data);
  restore(store.get(), copy);
  data[1] ^= 0x20; // Inside w (bytes 0..4).
  writeFile(copy + ".data-00000-of-00001", data);
  EXPECT_EQ(tfc_store_restore(store.get(), copy.c_str(), status.get()),
            TFC_DATA_LOSS);
  EXPECT_TFC_ERROR(status.get(), TFC_DATA_LOSS,
                   "the checksum of tensor 'w/.ATTRIBUTES/VARIABLE_VALUE'");

  // Asked for by a variable, the string tensor is a mismatch.
  StorePtr graph(tfc_store_create(status.get()));
  registerVariable(graph.get(), "_CHECKPOINTABLE_OBJECT_GRAPH", TFC_I8, {});
  EXPECT_EQ(tfc_store_restore(graph.get(), prefix.c_str(), status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "variable '_CHECKPOINTABLE_OBJECT_GRAPH' is string[] in "
                   "the checkpoint but i8[] in the store");
}

/// A store of every dtype, with a scalar, an empty tensor and a
/// non-ASCII name.
StorePtr storeOfEveryDtype() {
  StorePtr store(tfc_store_create(nullptr));
  addVariable(store.get(), "f16", TFC_F16, "[[1.5, -2], [65504, 0.1]]");
  addVariable(store.get(), "bf16", TFC_BF16, "[3.25, -1e30]");
  addVariable(store.get(), "f32", TFC_F32, "[[[0.1, -7]]]");
  addVariable(store.get(), "f64", TFC_F64, "[1e-300, 3.141592653589793]");
  addVariable(store.get(), "bool", TFC_BOOL, "[true, false, true]");
  addVariable(store.get(), "i8", TFC_I8, "[-128, 127]");
  addVariable(store.get(), "scope/i32", TFC_I32, "-2147483648");
  addVariable(store.get(), "i64", TFC_I64, "[9223372036854775807]");
  registerVariable(store.get(), "empty", TFC_F32, {0, 3});
  tfc_variable_set_initialized(tfc_store_find(store.get(), "empty", nullptr),
                               1);
  addVariable(store.get(), "\xc3\xa9t\xc3\xa9", TFC_I32, "[1, 2]");
  return store;
}

TEST_F(TensorFlowCheckpointTest, RoundTripsTfcThroughTensorFlowIdentically) {
  StorePtr original = storeOfEveryDtype();
  std::string before = dir.file("before.ckpt");
  ASSERT_EQ(tfc_store_save(original.get(), before.c_str(), status.get()),
            TFC_OK);
  saveTensorFlow(original.get(), dir.file("tf"));

  // Another store of the same variables, other values, uninitialized.
  StorePtr copy(tfc_store_create(status.get()));
  for (int64_t i = 0; i < tfc_store_num_variables(original.get()); ++i) {
    tfc_variable *var = tfc_store_variable_at(original.get(), i);
    const int64_t *dims = tfc_variable_shape(var);
    registerVariable(copy.get(), tfc_variable_name(var),
                     tfc_variable_dtype(var),
                     std::vector<int64_t>(dims, dims + tfc_variable_rank(var)));
  }
  restore(copy.get(), dir.file("tf"));
  std::string after = dir.file("after.ckpt");
  ASSERT_EQ(tfc_store_save(copy.get(), after.c_str(), status.get()), TFC_OK);
  EXPECT_EQ(readFile(after), readFile(before));
  // And back to TensorFlow's format: the same two files again.
  saveTensorFlow(copy.get(), dir.file("tf2"));
  for (const char *suffix : {".index", ".data-00000-of-00001"})
    EXPECT_EQ(readFile(dir.file("tf2") + suffix),
              readFile(dir.file("tf") + suffix))
        << suffix;
}

TEST_F(TensorFlowCheckpointTest, ManyTensorsSpanSeveralBlocks) {
  // 20000 entries of about 30 bytes: two data blocks of TensorFlow's
  // 256 KiB, with a restart point every 16 keys.
  auto nameOf = [](int i) {
    return "layer_" + std::to_string(i % 97) + "/weight_" + std::to_string(i);
  };
  StorePtr store(tfc_store_create(status.get()));
  const int count = 20000;
  for (int i = 0; i < count; ++i)
    addVariable(store.get(), nameOf(i).c_str(), TFC_I32,
                std::to_string(i).c_str());
  saveTensorFlow(store.get(), dir.file("many"));
  EXPECT_GT(readFile(dir.file("many") + ".index").size(), 256u * 1024);

  StorePtr copy(tfc_store_create(status.get()));
  for (int i = 0; i < count; ++i)
    registerVariable(copy.get(), nameOf(i).c_str(), TFC_I32, {});
  restore(copy.get(), dir.file("many"));
  for (int i = 0; i < count; i += 997) {
    std::string name = nameOf(i);
    EXPECT_EQ(valueOf(copy.get(), name.c_str()), "i32[] " + std::to_string(i));
  }
}

TEST_F(TensorFlowCheckpointTest, RestoresRenamedVariables) {
  // y = a * x + b of half_plus_two, with a from "c2" (3) and b from "a2".
  StorePtr store(tfc_store_create(status.get()));
  registerVariable(store.get(), "a", TFC_F32, {});
  registerVariable(store.get(), "b", TFC_F32, {});
  tfc_checkpoint_rename renames[] = {{"c2", "a"}, {"a2", "b"}};
  std::string prefix = tensorFlowInput("half_plus_two/variables");
  ASSERT_EQ(tfc_store_restore_renamed(store.get(), prefix.c_str(), nullptr,
                                      renames, 2, status.get()),
            TFC_OK)
      << describe(status.get());
  EXPECT_EQ(valueOf(store.get(), "a"), "f32[] 3");
  EXPECT_EQ(valueOf(store.get(), "b"), "f32[] 0.5");

  // In tfc's format, the renamed entries count as known.
  std::string path = dir.file("renamed.ckpt");
  ASSERT_EQ(tfc_store_save(store.get(), path.c_str(), status.get()), TFC_OK);
  StorePtr other(tfc_store_create(status.get()));
  registerVariable(other.get(), "x", TFC_F32, {});
  registerVariable(other.get(), "b", TFC_F32, {});
  tfc_checkpoint_rename fromA[] = {{"a", "x"}};
  ASSERT_EQ(tfc_store_restore_renamed(other.get(), path.c_str(), nullptr, fromA,
                                      1, status.get()),
            TFC_OK)
      << describe(status.get());
  EXPECT_EQ(valueOf(other.get(), "x"), "f32[] 3");

  // Renames name the store's variables, once each.
  tfc_checkpoint_rename unknown[] = {{"a", "nope"}};
  EXPECT_EQ(tfc_store_restore_renamed(store.get(), prefix.c_str(), nullptr,
                                      unknown, 1, status.get()),
            TFC_NOT_FOUND);
  EXPECT_TFC_ERROR(status.get(), TFC_NOT_FOUND,
                   "the store has no variable 'nope' to restore from 'a'");
  tfc_checkpoint_rename twice[] = {{"a", "b"}, {"c", "b"}};
  EXPECT_EQ(tfc_store_restore_renamed(store.get(), prefix.c_str(), nullptr,
                                      twice, 2, status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "variable 'b' is renamed twice");
  tfc_checkpoint_rename missing[] = {{"zz", "a"}};
  EXPECT_EQ(tfc_store_restore_renamed(store.get(), prefix.c_str(), nullptr,
                                      missing, 1, status.get()),
            TFC_NOT_FOUND);
  EXPECT_TFC_ERROR(status.get(), TFC_NOT_FOUND,
                   "variable 'a' (f32[]) is not in the checkpoint as 'zz'");
}

TEST_F(TensorFlowCheckpointTest, OnePathRestoresEitherFormat) {
  StorePtr store(tfc_store_create(status.get()));
  addVariable(store.get(), "w", TFC_I64, "[1, 2, 3]");
  std::string tfcPath = dir.file("tfc.ckpt");
  ASSERT_EQ(tfc_store_save(store.get(), tfcPath.c_str(), status.get()), TFC_OK);
  saveTensorFlow(store.get(), dir.file("tf.ckpt"));
  StorePtr copy(tfc_store_create(status.get()));
  registerVariable(copy.get(), "w", TFC_I64, {3});
  for (const std::string &path : {tfcPath, dir.file("tf.ckpt")}) {
    restore(copy.get(), path);
    EXPECT_EQ(valueOf(copy.get(), "w"), "i64[3] [1 2 3]") << path;
  }
  // A tfc checkpoint beside an unrelated file named like an index.
  writeFile(tfcPath + ".index", {1, 2, 3});
  restore(copy.get(), tfcPath);
  // Neither format there.
  std::string missing = dir.file("missing");
  EXPECT_EQ(tfc_store_restore(copy.get(), missing.c_str(), status.get()),
            TFC_NOT_FOUND);
  EXPECT_TFC_ERROR(status.get(), TFC_NOT_FOUND,
                   "nor is there a TensorFlow checkpoint index '" + missing +
                       ".index'");
}

TEST_F(TensorFlowCheckpointTest, RefusesFormatV1) {
  StorePtr store(tfc_store_create(status.get()));
  registerVariable(store.get(), "Variable", TFC_F32, {});
  std::string path = tensorFlowInput("bad_half_plus_two/export");
  EXPECT_EQ(tfc_store_restore(store.get(), path.c_str(), status.get()),
            TFC_UNIMPLEMENTED);
  EXPECT_TFC_ERROR(status.get(), TFC_UNIMPLEMENTED,
                   "is a TensorFlow checkpoint of format V1 (an SSTable of "
                   "TensorSliceProto");
  EXPECT_FALSE(tfc_variable_is_initialized(
      tfc_store_find(store.get(), "Variable", nullptr)));
}

TEST_F(TensorFlowCheckpointTest, SaveReplacesBothFilesAndLeavesNoTemporaries) {
  StorePtr store(tfc_store_create(status.get()));
  tfc_variable *w = addVariable(store.get(), "w", TFC_F32, "[1, 2]");
  std::string prefix = dir.file("model");
  saveTensorFlow(store.get(), prefix);
  Bytes firstIndex = readFile(prefix + ".index");
  TensorPtr next = parse("[3, 4]", TFC_F32);
  ASSERT_EQ(tfc_variable_assign(w, next.get(), status.get()), TFC_OK);
  saveTensorFlow(store.get(), prefix);
  std::vector<std::string> files = dir.list();
  std::sort(files.begin(), files.end());
  EXPECT_EQ(files, (std::vector<std::string>{"model.data-00000-of-00001",
                                             "model.index"}));
  // Same offsets and sizes, new checksum.
  EXPECT_NE(readFile(prefix + ".index"), firstIndex);
  StorePtr copy(tfc_store_create(status.get()));
  registerVariable(copy.get(), "w", TFC_F32, {2});
  restore(copy.get(), prefix);
  EXPECT_EQ(valueOf(copy.get(), "w"), "f32[2] [3 4]");
}

TEST_F(TensorFlowCheckpointTest, RollsForwardASaveKilledBetweenItsRenames) {
  // What a save of w = [3, 4] killed after renaming its data shard but
  // before renaming its index leaves: the old index of w = [1, 2], the new
  // data, and the new index in the writer's temporary file.
  StorePtr store(tfc_store_create(status.get()));
  tfc_variable *w = addVariable(store.get(), "w", TFC_F32, "[1, 2]");
  std::string prefix = dir.file("model");
  saveTensorFlow(store.get(), prefix);
  Bytes oldIndex = readFile(prefix + ".index");
  TensorPtr next = parse("[3, 4]", TFC_F32);
  ASSERT_EQ(tfc_variable_assign(w, next.get(), status.get()), TFC_OK);
  TempDir other;
  saveTensorFlow(store.get(), other.file("new"));
  writeFile(prefix + ".data-00000-of-00001",
            readFile(other.file("new.data-00000-of-00001")));
  pid_t dead = fork();
  ASSERT_GE(dead, 0);
  if (dead == 0)
    _exit(0);
  ASSERT_EQ(waitpid(dead, nullptr, 0), dead);
  std::string temporary =
      prefix + ".index.tmp." + std::to_string(dead) + ".aBcDeF";
  writeFile(temporary, readFile(other.file("new.index")));

  StorePtr copy(tfc_store_create(status.get()));
  registerVariable(copy.get(), "w", TFC_F32, {2});
  restore(copy.get(), prefix);
  EXPECT_EQ(valueOf(copy.get(), "w"), "f32[2] [3 4]");
  // The next save keeps the temporary index until its own is in place,
  // then removes it.
  saveTensorFlow(store.get(), prefix);
  EXPECT_EQ(dir.list().size(), 2u);
  // Without the temporary index, the old index does not fit the data.
  writeFile(prefix + ".index", oldIndex);
  EXPECT_EQ(tfc_store_restore(copy.get(), prefix.c_str(), status.get()),
            TFC_DATA_LOSS);
  EXPECT_TFC_ERROR(status.get(), TFC_DATA_LOSS, "the checksum of tensor 'w'");
}

TEST_F(TensorFlowCheckpointTest, FailedSaveKeepsThePreviousCheckpoint) {
  StorePtr store(tfc_store_create(status.get()));
  addVariable(store.get(), "w", TFC_F32, "[1, 2]");
  std::string prefix = dir.file("model");
  saveTensorFlow(store.get(), prefix);
  Bytes index = readFile(prefix + ".index");
  Bytes data = readFile(prefix + ".data-00000-of-00001");
  registerVariable(store.get(), "later", TFC_F32, {4});
  EXPECT_EQ(
      tfc_store_save_tensorflow(store.get(), prefix.c_str(), status.get()),
      TFC_FAILED_PRECONDITION);
  EXPECT_TFC_ERROR(status.get(), TFC_FAILED_PRECONDITION,
                   "variable 'later' is not initialized");
  EXPECT_EQ(readFile(prefix + ".index"), index);
  EXPECT_EQ(readFile(prefix + ".data-00000-of-00001"), data);
  EXPECT_EQ(dir.list().size(), 2u);

  EXPECT_EQ(tfc_store_save_tensorflow(nullptr, prefix.c_str(), status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_EQ(tfc_store_save_tensorflow(store.get(), "", status.get()),
            TFC_INVALID_ARGUMENT);
  std::string noDir = dir.file("no/such/dir/model");
  EXPECT_EQ(tfc_store_save_tensorflow(store.get(), noDir.c_str(), status.get()),
            TFC_NOT_FOUND);
  EXPECT_TFC_ERROR(status.get(), TFC_NOT_FOUND, noDir);
}

} // namespace
