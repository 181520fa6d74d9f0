//===- MergeCheckpointsTest.cpp - The runtime's MergeV2Checkpoints --------===//
//
// `tfc.merge_v2_checkpoints`, the host function the runtime provides for
// TensorFlow's MergeV2Checkpoints: the parts of a sharded save become one
// checkpoint whose data shards are the parts' files, renamed; a restore
// reads every tensor back; errors name the file or tensor and leave the
// parts where they were.
//
//===----------------------------------------------------------------------===//

#include "TensorFlowTestUtils.h"

#include <algorithm>
#include <sys/stat.h>

using namespace tfc::runtime::testing;

namespace {

bool exists(const std::string &path) {
  struct stat info;
  return ::stat(path.c_str(), &info) == 0;
}

class MergeCheckpointsTest : public ::testing::Test {
protected:
  /// Saves a store holding `variables` (name, f32 literal) at `prefix`.
  void savePart(
      const std::string &prefix,
      const std::vector<std::pair<const char *, const char *>> &variables) {
    StorePtr store(tfc_store_create(status.get()));
    for (auto [name, value] : variables)
      addVariable(store.get(), name, TFC_F32, value);
    ASSERT_EQ(
        tfc_store_save_tensorflow(store.get(), prefix.c_str(), status.get()),
        TFC_OK)
        << describe(status.get());
  }

  /// Calls the merge as compiled code does: the flag, the parts, the
  /// destination.
  tfc_code merge(const std::vector<std::string> &parts,
                 const std::string &destination, bool deleteOldDirs = true) {
    std::vector<TensorPtr> owned;
    TensorPtr flag(tfc_tensor_create(TFC_BOOL, 0, nullptr, status.get()));
    *static_cast<unsigned char *>(tfc_tensor_data(flag.get())) = deleteOldDirs;
    owned.push_back(std::move(flag));
    for (const std::string &part : parts)
      owned.emplace_back(tfc_tensor_create_string(part.c_str(), status.get()));
    owned.emplace_back(
        tfc_tensor_create_string(destination.c_str(), status.get()));
    std::vector<const tfc_tensor *> inputs;
    for (const TensorPtr &tensor : owned)
      inputs.push_back(tensor.get());
    return tfc_host_call("tfc.merge_v2_checkpoints", inputs.data(),
                         static_cast<int64_t>(inputs.size()), nullptr, 0,
                         status.get());
  }


  StatusPtr status = makeStatus();
  TempDir dir;
};

TEST_F(MergeCheckpointsTest, MakesOneCheckpointOfTheParts) {
  std::string temp = dir.file("model_temp");
  ASSERT_EQ(::mkdir(temp.c_str(), 0755), 0);
  std::string part0 = temp + "/part-00000-of-00002";
  std::string part1 = temp + "/part-00001-of-00002";
  savePart(part0, {{"b", "[1, 2]"}, {"d", "[4]"}});
  savePart(part1, {{"a", "[0.5]"}, {"c", "[3, 3, 3]"}});
  std::vector<unsigned char> data1 = readFile(part1 + ".data-00000-of-00001");

  ASSERT_EQ(merge({part0, part1}, dir.file("model")), TFC_OK)
      << describe(status.get());
  // The parts' data files, renamed in order; their directory removed.
  std::vector<std::string> files = dir.list();
  std::sort(files.begin(), files.end());
  EXPECT_EQ(files, (std::vector<std::string>{"model.data-00000-of-00002",
                                             "model.data-00001-of-00002",
                                             "model.index"}));
  EXPECT_EQ(readFile(dir.file("model.data-00001-of-00002")), data1);

  // The index says which shard holds each tensor: a restore finds them all.
  StorePtr store(tfc_store_create(status.get()));
  registerVariable(store.get(), "a", TFC_F32, {1});
  registerVariable(store.get(), "b", TFC_F32, {2});
  registerVariable(store.get(), "c", TFC_F32, {3});
  registerVariable(store.get(), "d", TFC_F32, {1});
  ASSERT_EQ(
      tfc_store_restore(store.get(), dir.file("model").c_str(), status.get()),
      TFC_OK)
      << describe(status.get());
  EXPECT_EQ(valueOf(store.get(), "a"), "f32[1] [0.5]");
  EXPECT_EQ(valueOf(store.get(), "b"), "f32[2] [1 2]");
  EXPECT_EQ(valueOf(store.get(), "c"), "f32[3] [3 3 3]");
  EXPECT_EQ(valueOf(store.get(), "d"), "f32[1] [4]");
}

TEST_F(MergeCheckpointsTest, OneSavedPartGivesTheFilesOfAnUnshardedSave) {
  StorePtr store(tfc_store_create(status.get()));
  addVariable(store.get(), "w", TFC_F32, "[[1, 2], [3, 4]]");
  addVariable(store.get(), "b", TFC_F32, "[5]");
  ASSERT_EQ(::mkdir(dir.file("sharded_temp").c_str(), 0755), 0);
  std::string part = dir.file("sharded_temp/part-00000-of-00001");
  ASSERT_EQ(tfc_store_save_tensorflow(store.get(), part.c_str(), status.get()),
            TFC_OK)
      << describe(status.get());
  ASSERT_EQ(merge({part}, dir.file("out/sharded")), TFC_OK)
      << describe(status.get());
  ASSERT_EQ(tfc_store_save_tensorflow(store.get(), dir.file("whole").c_str(),
                                      status.get()),
            TFC_OK);
  EXPECT_EQ(readFile(dir.file("out/sharded.index")),
            readFile(dir.file("whole.index")));
  EXPECT_EQ(readFile(dir.file("out/sharded.data-00000-of-00001")),
            readFile(dir.file("whole.data-00000-of-00001")));
  EXPECT_FALSE(exists(dir.file("sharded_temp")));
}

TEST_F(MergeCheckpointsTest, KeepsTheDirectoriesWhenAsked) {
  ASSERT_EQ(::mkdir(dir.file("parts").c_str(), 0755), 0);
  std::string part = dir.file("parts/part-00000-of-00001");
  savePart(part, {{"v", "[1]"}});
  ASSERT_EQ(merge({part}, dir.file("model"), /*deleteOldDirs=*/false), TFC_OK)
      << describe(status.get());
  EXPECT_TRUE(exists(dir.file("parts")));
  EXPECT_FALSE(exists(part + ".index"));
  EXPECT_TRUE(exists(dir.file("model.index")));
}

TEST_F(MergeCheckpointsTest, RefusesATensorInTwoParts) {
  std::string part0 = dir.file("p0"), part1 = dir.file("p1");
  savePart(part0, {{"v", "[1]"}});
  savePart(part1, {{"v", "[2]"}});
  EXPECT_EQ(merge({part0, part1}, dir.file("model")), TFC_INVALID_ARGUMENT);
  EXPECT_EQ(describe(status.get()),
            "INVALID_ARGUMENT: host function 'tfc.merge_v2_checkpoints': "
            "cannot merge TensorFlow checkpoint '" +
                dir.file("model") + "': tensor 'v' is in two of its parts ('" +
                part1 + "' and an earlier one)");
  // Nothing moved.
  EXPECT_TRUE(exists(part0 + ".index"));
  EXPECT_TRUE(exists(part1 + ".data-00000-of-00001"));
  EXPECT_FALSE(exists(dir.file("model.index")));
}

TEST_F(MergeCheckpointsTest, NamesAMissingPart) {
  std::string part = dir.file("absent");
  EXPECT_EQ(merge({part}, dir.file("model")), TFC_NOT_FOUND);
  EXPECT_NE(describe(status.get()).find("'" + part + ".index'"),
            std::string::npos)
      << describe(status.get());
}

TEST_F(MergeCheckpointsTest, ChecksItsArguments) {
  TensorPtr number(tfc_tensor_parse("[1]", TFC_F32, status.get()));
  TensorPtr path(tfc_tensor_create_string("x", status.get()));
  const tfc_tensor *inputs[] = {number.get(), path.get(), path.get()};
  EXPECT_EQ(tfc_host_call("tfc.merge_v2_checkpoints", inputs, 3, nullptr, 0,
                          status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_NE(describe(status.get())
                .find("takes a bool, the parts and the "
                      "destination"),
            std::string::npos)
      << describe(status.get());
}

TEST_F(MergeCheckpointsTest, TheRuntimesNamesAreReserved) {
  EXPECT_EQ(tfc_host_is_registered("tfc.merge_v2_checkpoints"), 1);
  tfc_host_fn fn = [](void *, const tfc_tensor *const *, int64_t, tfc_tensor **,
                      int64_t, tfc_status *) -> tfc_code { return TFC_OK; };
  EXPECT_EQ(tfc_host_register("tfc.merge_v2_checkpoints", fn, nullptr, nullptr,
                              status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_EQ(describe(status.get()),
            "INVALID_ARGUMENT: cannot register a host function under "
            "'tfc.merge_v2_checkpoints': names beginning with 'tfc.' are the "
            "runtime's own");
}

} // namespace
