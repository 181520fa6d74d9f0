//===- CheckpointTest.cpp - Saving and restoring variables ----------------===//
//
// Round trips within a process, across store objects and across processes,
// subsets, atomic replacement, and the checksum itself.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"

#include <algorithm>
#include <cstdlib>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

using namespace tfc::runtime::testing;

namespace {

/// One variable of every dtype, plus a scalar and an empty one.
struct Spec {
  const char *name;
  tfc_dtype dtype;
  const char *value;
};
const Spec kAllDtypes[] = {
    {"half", TFC_F16, "[[0.5, -1], [65504, 0.1]]"},
    {"brain", TFC_BF16, "[3.14159, -2, 1e38]"},
    {"dense/kernel", TFC_F32, "[[1.5, 2], [3, 4], [5, -6]]"},
    {"dense/bias", TFC_F64, "[0.1, 0.2]"},
    {"mask", TFC_BOOL, "[true, false, true]"},
    {"small", TFC_I8, "[-128, 127]"},
    {"counts", TFC_I32, "[[1], [2]]"},
    {"global_step", TFC_I64, "9223372036854775807"},
    {"empty", TFC_F32, "[[], []]"},
};

class CheckpointTest : public ::testing::Test {
protected:
  StorePtr newStore() {
    StorePtr store(tfc_store_create(status.get()));
    EXPECT_TRUE(store) << describe(status.get());
    return store;
  }

  /// A store with kAllDtypes registered in `order` and, if `assign`,
  /// assigned their values.
  StorePtr storeWithAllDtypes(bool assign, bool reversed = false) {
    StorePtr store = newStore();
    std::vector<Spec> specs(std::begin(kAllDtypes), std::end(kAllDtypes));
    if (reversed)
      std::reverse(specs.begin(), specs.end());
    for (const Spec &spec : specs) {
      TensorPtr value = parse(spec.value, spec.dtype);
      const int64_t *dims = tfc_tensor_shape(value.get());
      tfc_variable *var = registerVariable(
          store.get(), spec.name, spec.dtype,
          std::vector<int64_t>(dims, dims + tfc_tensor_rank(value.get())));
      if (assign)
        tfc_variable_assign(var, value.get(), status.get());
    }
    return store;
  }


  StatusPtr status = makeStatus();
  TempDir dir;
};

TEST_F(CheckpointTest, RoundTripsEveryDtypeIntoAnotherStore) {
  StorePtr saved = storeWithAllDtypes(/*assign=*/true);
  std::string path = dir.file("model.ckpt");
  ASSERT_EQ(tfc_store_save(saved.get(), path.c_str(), status.get()), TFC_OK)
      << describe(status.get());

  // A separate store, registered in another order, starts uninitialized.
  StorePtr restored = storeWithAllDtypes(/*assign=*/false, /*reversed=*/true);
  EXPECT_EQ(tfc_store_uninitialized(restored.get(), nullptr, nullptr, 0,
                                    status.get()),
            int64_t(std::size(kAllDtypes)));
  ASSERT_EQ(tfc_store_restore(restored.get(), path.c_str(), status.get()),
            TFC_OK)
      << describe(status.get());
  EXPECT_EQ(tfc_store_uninitialized(restored.get(), nullptr, nullptr, 0,
                                    status.get()),
            0);
  for (const Spec &spec : kAllDtypes) {
    tfc_variable *a = tfc_store_find(saved.get(), spec.name, status.get());
    tfc_variable *b = tfc_store_find(restored.get(), spec.name, status.get());
    EXPECT_EQ(bytesOf(tfc_variable_data(b), tfc_variable_byte_size(b)),
              bytesOf(tfc_variable_data(a), tfc_variable_byte_size(a)))
        << spec.name;
  }
  EXPECT_EQ(valueOf(restored.get(), "dense/kernel"),
            "f32[3,2] [[1.5 2] [3 4] [5 -6]]");
  EXPECT_EQ(valueOf(restored.get(), "global_step"),
            "i64[] 9223372036854775807");
}

TEST_F(CheckpointTest, EqualStoresGiveIdenticalFiles) {
  StorePtr first = storeWithAllDtypes(true);
  StorePtr second = storeWithAllDtypes(true, /*reversed=*/true);
  std::string a = dir.file("a"), b = dir.file("b");
  ASSERT_EQ(tfc_store_save(first.get(), a.c_str(), status.get()), TFC_OK);
  ASSERT_EQ(tfc_store_save(second.get(), b.c_str(), status.get()), TFC_OK);
  EXPECT_EQ(readFile(a), readFile(b));
}

TEST_F(CheckpointTest, SavingAnUninitializedVariableNamesItAndWritesNothing) {
  StorePtr store = newStore();
  addVariable(store.get(), "ready", TFC_F32, "[1]");
  registerVariable(store.get(), "w", TFC_F32, {2});
  registerVariable(store.get(), "b", TFC_F32, {2});
  std::string path = dir.file("model.ckpt");
  EXPECT_EQ(tfc_store_save(store.get(), path.c_str(), status.get()),
            TFC_FAILED_PRECONDITION);
  EXPECT_TFC_ERROR(status.get(), TFC_FAILED_PRECONDITION,
                   "cannot save checkpoint '" + path +
                       "': 2 variables are not initialized: 'b', 'w'");
  EXPECT_EQ(dir.list(), std::vector<std::string>{});
}

TEST_F(CheckpointTest, SaveReplacesTheFileAndLeavesNoTemporaryFile) {
  StorePtr store = newStore();
  tfc_variable *w = addVariable(store.get(), "w", TFC_I32, "[1, 2]");
  std::string path = dir.file("model.ckpt");
  ASSERT_EQ(tfc_store_save(store.get(), path.c_str(), status.get()), TFC_OK);
  std::vector<unsigned char> first = readFile(path);
  static_cast<int32_t *>(tfc_variable_data(w))[1] = 7;
  ASSERT_EQ(tfc_store_save(store.get(), path.c_str(), status.get()), TFC_OK);
  EXPECT_NE(readFile(path), first);
  EXPECT_EQ(dir.list(), std::vector<std::string>{"model.ckpt"});

  StorePtr copy = newStore();
  registerVariable(copy.get(), "w", TFC_I32, {2});
  ASSERT_EQ(tfc_store_restore(copy.get(), path.c_str(), status.get()), TFC_OK);
  EXPECT_EQ(valueOf(copy.get(), "w"), "i32[2] [1 7]");
}

TEST_F(CheckpointTest, FailedSaveKeepsThePreviousCheckpoint) {
  StorePtr store = newStore();
  tfc_variable *w = addVariable(store.get(), "w", TFC_I32, "[1, 2]");
  std::string path = dir.file("model.ckpt");
  ASSERT_EQ(tfc_store_save(store.get(), path.c_str(), status.get()), TFC_OK);
  std::vector<unsigned char> good = readFile(path);
  registerVariable(store.get(), "late", TFC_F32, {1});
  static_cast<int32_t *>(tfc_variable_data(w))[0] = 5;
  EXPECT_EQ(tfc_store_save(store.get(), path.c_str(), status.get()),
            TFC_FAILED_PRECONDITION);
  EXPECT_EQ(readFile(path), good);
  EXPECT_EQ(dir.list(), std::vector<std::string>{"model.ckpt"});
}

TEST_F(CheckpointTest, FileSystemErrorsNameThePath) {
  StorePtr store = newStore();
  addVariable(store.get(), "w", TFC_I32, "[1]");
  std::string missingDir = dir.file("no/such/dir/model.ckpt");
  EXPECT_EQ(tfc_store_save(store.get(), missingDir.c_str(), status.get()),
            TFC_NOT_FOUND);
  EXPECT_TFC_ERROR(status.get(), TFC_NOT_FOUND, missingDir);
  std::string missing = dir.file("missing.ckpt");
  EXPECT_EQ(tfc_store_restore(store.get(), missing.c_str(), status.get()),
            TFC_NOT_FOUND);
  EXPECT_TFC_ERROR(status.get(), TFC_NOT_FOUND,
                   "cannot open checkpoint '" + missing + "'");
  EXPECT_EQ(tfc_store_restore(store.get(), dir.path().c_str(), status.get()),
            TFC_FAILED_PRECONDITION);
  EXPECT_TFC_ERROR(status.get(), TFC_FAILED_PRECONDITION,
                   "is not a regular file");
  EXPECT_EQ(tfc_store_save(nullptr, missing.c_str(), status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_EQ(tfc_store_save(store.get(), "", status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_EQ(tfc_store_restore(store.get(), nullptr, status.get()),
            TFC_INVALID_ARGUMENT);
}

TEST_F(CheckpointTest, EmptyStoreRoundTrips) {
  StorePtr store = newStore();
  std::string path = dir.file("empty.ckpt");
  ASSERT_EQ(tfc_store_save(store.get(), path.c_str(), status.get()), TFC_OK);
  EXPECT_EQ(readFile(path).size(), 24u + 8u); // Header and footer only.
  EXPECT_EQ(tfc_store_restore(store.get(), path.c_str(), status.get()), TFC_OK);
}

TEST_F(CheckpointTest, RestoresASubsetByCollection) {
  StorePtr store = newStore();
  addVariable(store.get(), "w", TFC_F32, "[1, 2]");
  addVariable(store.get(), "count", TFC_I64, "5", {TFC_LOCAL_VARIABLES}, false);
  std::string path = dir.file("model.ckpt");
  ASSERT_EQ(tfc_store_save(store.get(), path.c_str(), status.get()), TFC_OK);

  StorePtr other = newStore();
  addVariable(other.get(), "w", TFC_F32, "[8, 9]");
  registerVariable(other.get(), "count", TFC_I64, {}, {TFC_LOCAL_VARIABLES},
                   false);
  tfc_restore_options options = {};
  options.collection = TFC_LOCAL_VARIABLES;
  ASSERT_EQ(tfc_store_restore_subset(other.get(), path.c_str(), &options,
                                     status.get()),
            TFC_OK)
      << describe(status.get());
  EXPECT_EQ(valueOf(other.get(), "count"), "i64[] 5");
  EXPECT_EQ(valueOf(other.get(), "w"), "f32[2] [8 9]");
}

TEST_F(CheckpointTest, RestoresASubsetByName) {
  StorePtr store = newStore();
  addVariable(store.get(), "a", TFC_I32, "1");
  addVariable(store.get(), "b", TFC_I32, "2");
  addVariable(store.get(), "c", TFC_I32, "3");
  std::string path = dir.file("model.ckpt");
  ASSERT_EQ(tfc_store_save(store.get(), path.c_str(), status.get()), TFC_OK);

  StorePtr other = newStore();
  registerVariable(other.get(), "a", TFC_I32, {});
  registerVariable(other.get(), "b", TFC_I32, {});
  const char *names[] = {"b"};
  tfc_restore_options options = {};
  options.names = names;
  options.num_names = 1;
  // The store lacks "c": unknown to it, so an error unless allowed.
  EXPECT_EQ(tfc_store_restore_subset(other.get(), path.c_str(), &options,
                                     status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "the checkpoint has variable 'c' (i32[]), which the store "
                   "does not have");
  EXPECT_EQ(
      tfc_variable_is_initialized(tfc_store_find(other.get(), "b", nullptr)),
      0);
  options.allow_unknown = 1;
  ASSERT_EQ(tfc_store_restore_subset(other.get(), path.c_str(), &options,
                                     status.get()),
            TFC_OK)
      << describe(status.get());
  EXPECT_EQ(valueOf(other.get(), "b"), "i32[] 2");
  EXPECT_EQ(
      tfc_variable_is_initialized(tfc_store_find(other.get(), "a", nullptr)),
      0);

  const char *unknown[] = {"zzz"};
  options.names = unknown;
  EXPECT_EQ(tfc_store_restore_subset(other.get(), path.c_str(), &options,
                                     status.get()),
            TFC_NOT_FOUND);
  EXPECT_TFC_ERROR(status.get(), TFC_NOT_FOUND,
                   "the store has no variable 'zzz'");
  options.names = nullptr;
  options.num_names = 3;
  EXPECT_EQ(tfc_store_restore_subset(other.get(), path.c_str(), &options,
                                     status.get()),
            TFC_INVALID_ARGUMENT);
}

/// The child half of CrossesProcesses: restores the parent's checkpoint into
/// a store of its own, checks it, adds one to every element, saves it back.
TEST(CheckpointChildProcess, RestoreIncrementSave) {
  const char *path = std::getenv("TFC_RUNTIME_TEST_CHECKPOINT");
  if (!path)
    GTEST_SKIP() << "runs only as the child process of "
                    "CheckpointTest.CrossesProcesses";
  StatusPtr status = makeStatus();
  StorePtr store(tfc_store_create(status.get()));
  tfc_variable *w = registerVariable(store.get(), "w", TFC_F32, {2, 2});
  tfc_variable *step = registerVariable(store.get(), "step", TFC_I64, {});
  ASSERT_EQ(tfc_store_restore(store.get(), path, status.get()), TFC_OK)
      << describe(status.get());
  TensorPtr value(tfc_variable_read(w, status.get()));
  ASSERT_EQ(toString(value.get()), "f32[2,2] [[1 2] [3 4]]");
  for (int i = 0; i < 4; ++i)
    static_cast<float *>(tfc_variable_data(w))[i] += 1;
  ++*static_cast<int64_t *>(tfc_variable_data(step));
  std::string out = std::string(path) + ".child";
  ASSERT_EQ(tfc_store_save(store.get(), out.c_str(), status.get()), TFC_OK)
      << describe(status.get());
}

TEST_F(CheckpointTest, CrossesProcesses) {
  StorePtr store = newStore();
  addVariable(store.get(), "w", TFC_F32, "[[1, 2], [3, 4]]");
  addVariable(store.get(), "step", TFC_I64, "41");
  std::string path = dir.file("model.ckpt");
  ASSERT_EQ(tfc_store_save(store.get(), path.c_str(), status.get()), TFC_OK);

  char self[4096];
  ssize_t length = ::readlink("/proc/self/exe", self, sizeof(self) - 1);
  ASSERT_GT(length, 0);
  self[length] = '\0';
  std::string filter =
      "--gtest_filter=CheckpointChildProcess.RestoreIncrementSave";
  char *argv[] = {self, filter.data(), nullptr};
  std::vector<std::string> env = {"TFC_RUNTIME_TEST_CHECKPOINT=" + path};
  for (char **entry = environ; *entry; ++entry)
    if (std::string(*entry).rfind("TFC_RUNTIME_TEST_CHECKPOINT=", 0) != 0)
      env.emplace_back(*entry);
  std::vector<char *> envp;
  for (std::string &entry : env)
    envp.push_back(entry.data());
  envp.push_back(nullptr);
  pid_t child;
  ASSERT_EQ(::posix_spawn(&child, self, nullptr, nullptr, argv, envp.data()),
            0);
  int waitStatus = 0;
  ASSERT_EQ(::waitpid(child, &waitStatus, 0), child);
  ASSERT_TRUE(WIFEXITED(waitStatus) && WEXITSTATUS(waitStatus) == 0)
      << "the child process failed; its output is above";

  std::string childPath = path + ".child";
  ASSERT_EQ(tfc_store_restore(store.get(), childPath.c_str(), status.get()),
            TFC_OK)
      << describe(status.get());
  EXPECT_EQ(valueOf(store.get(), "w"), "f32[2,2] [[2 3] [4 5]]");
  EXPECT_EQ(valueOf(store.get(), "step"), "i64[] 42");
}

TEST(Crc32c, KnownVectors) {
  // RFC 3720 (iSCSI), appendix B.4, and the usual "123456789" check value.
  EXPECT_EQ(tfc_crc32c(0, "123456789", 9), 0xE3069283u);
  EXPECT_EQ(tfc_crc32c(0, "", 0), 0u);
  unsigned char zeros[32] = {}, ones[32], ascending[32];
  for (int i = 0; i < 32; ++i) {
    ones[i] = 0xFF;
    ascending[i] = static_cast<unsigned char>(i);
  }
  EXPECT_EQ(tfc_crc32c(0, zeros, 32), 0x8A9136AAu);
  EXPECT_EQ(tfc_crc32c(0, ones, 32), 0x62A8AB43u);
  EXPECT_EQ(tfc_crc32c(0, ascending, 32), 0x46DD794Eu);
  EXPECT_EQ(tfc_crc32c(7, nullptr, 5), 7u);
}

TEST(Crc32c, ExtendsAcrossSplits) {
  std::string text = "The quick brown fox jumps over the lazy dog, twice!";
  uint32_t whole = tfc_crc32c(0, text.data(), text.size());
  for (size_t split = 0; split <= text.size(); ++split) {
    uint32_t crc = tfc_crc32c(0, text.data(), split);
    crc = tfc_crc32c(crc, text.data() + split, text.size() - split);
    EXPECT_EQ(crc, whole) << "split at " << split;
  }
}

} // namespace
