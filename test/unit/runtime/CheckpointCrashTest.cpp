//===- CheckpointCrashTest.cpp - Checkpoints of killed writers ------------===//
//
// A process that loops {update the variables; save a checkpoint} is killed
// with SIGKILL at random moments, 100 times. After each kill a new store
// restores the checkpoint: it holds exactly one save's state (the last one
// the writer reported, or the one it was finishing), never a mix, and the
// temporary files of killed writers do not pile up. The same for
// TensorFlow's format, whose two files are renamed one after the other: a
// kill between the two renames leaves the new index in its temporary file,
// from which the restore rolls forward.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"

#include <algorithm>
#include <csignal>
#include <random>
#include <sys/wait.h>
#include <unistd.h>

using namespace tfc::runtime::testing;

namespace {

constexpr int64_t kElements = 64 * 1024;

/// `step` (i64) and `w` (f32[kElements]) = step everywhere.
StorePtr makeStore(tfc_status *status) {
  StorePtr store(tfc_store_create(status));
  if (store) {
    registerVariable(store.get(), "step", TFC_I64, {});
    registerVariable(store.get(), "w", TFC_F32, {kElements});
  }
  return store;
}

/// How a writer saves, and the files a finished save leaves.
struct SaveFormat {
  tfc_code (*save)(tfc_store *, const char *, tfc_status *);
  std::vector<std::string> files;
};

const SaveFormat kTfcFormat = {tfc_store_save, {"train"}};
const SaveFormat kTensorFlowFormat = {
    tfc_store_save_tensorflow, {"train.data-00000-of-00001", "train.index"}};

/// The writer: from `first` on, sets the state to each step, saves it and
/// reports the step on `report`; never returns.
[[noreturn]] void writeForever(const SaveFormat &format,
                               const std::string &path, int64_t first,
                               int report) {
  tfc_status *status = tfc_status_create();
  StorePtr store = makeStore(status);
  tfc_variable *step = tfc_store_find(store.get(), "step", status);
  tfc_variable *w = tfc_store_find(store.get(), "w", status);
  for (int64_t k = first;; ++k) {
    *static_cast<int64_t *>(tfc_variable_data(step)) = k;
    std::fill_n(static_cast<float *>(tfc_variable_data(w)), kElements,
                static_cast<float>(k));
    tfc_variable_set_initialized(step, 1);
    tfc_variable_set_initialized(w, 1);
    if (format.save(store.get(), path.c_str(), status) != TFC_OK)
      _exit(2);
    if (write(report, &k, sizeof(k)) != sizeof(k))
      _exit(3);
  }
}

/// The restored step, after checking that every element of w equals it;
/// -1 when w is a mix (reported).
int64_t restoredStep(const std::string &path) {
  StatusPtr status = makeStatus();
  StorePtr store = makeStore(status.get());
  EXPECT_EQ(tfc_store_restore(store.get(), path.c_str(), status.get()), TFC_OK)
      << describe(status.get());
  int64_t step = *static_cast<int64_t *>(
      tfc_variable_data(tfc_store_find(store.get(), "step", status.get())));
  const float *w = static_cast<const float *>(
      tfc_variable_data(tfc_store_find(store.get(), "w", status.get())));
  for (int64_t i = 0; i < kElements; ++i)
    if (w[i] != static_cast<float>(step)) {
      ADD_FAILURE() << "w[" << i << "] = " << w[i] << " in the checkpoint of "
                    << "step " << step;
      return -1;
    }
  return step;
}

/// Kills a writer saving in `format` 100 times.
void killWritersRepeatedly(const SaveFormat &format) {
  TempDir dir;
  std::string path = dir.file("train");
  std::mt19937 random(20261126);
  std::uniform_int_distribution<int> delayMicroseconds(0, 20000);
  int64_t next = 0;
  for (int kill = 0; kill < 100; ++kill) {
    int pipeEnds[2];
    ASSERT_EQ(pipe(pipeEnds), 0);
    pid_t writer = fork();
    ASSERT_GE(writer, 0);
    if (writer == 0) {
      close(pipeEnds[0]);
      writeForever(format, path, next, pipeEnds[1]);
    }
    close(pipeEnds[1]);
    // The first save must complete, so that there is a checkpoint.
    int64_t reported = -1;
    ASSERT_EQ(read(pipeEnds[0], &reported, sizeof(reported)),
              static_cast<ssize_t>(sizeof(reported)));
    usleep(static_cast<useconds_t>(delayMicroseconds(random)));
    ::kill(writer, SIGKILL);
    int waitStatus = 0;
    ASSERT_EQ(waitpid(writer, &waitStatus, 0), writer);
    ASSERT_TRUE(WIFSIGNALED(waitStatus)) << "the writer failed on its own";
    // The last step reported before the kill.
    int64_t last = reported;
    while (read(pipeEnds[0], &reported, sizeof(reported)) ==
           static_cast<ssize_t>(sizeof(reported)))
      last = reported;
    close(pipeEnds[0]);

    int64_t step = restoredStep(path);
    // The last reported save, or the next one if it was renamed into place
    // before the kill but not yet reported.
    EXPECT_TRUE(step == last || step == last + 1)
        << "kill " << kill << ": restored step " << step << ", last saved "
        << last;
    next = step + 1;
    // At most the killed writer's own temporary files are left; the next
    // writer removes them.
    EXPECT_LE(dir.list().size(), 2 * format.files.size()) << "kill " << kill;
  }
  // A save after the last kill leaves only the checkpoint.
  StatusPtr status = makeStatus();
  StorePtr store = makeStore(status.get());
  tfc_variable_set_initialized(tfc_store_find(store.get(), "step", nullptr), 1);
  tfc_variable_set_initialized(tfc_store_find(store.get(), "w", nullptr), 1);
  EXPECT_EQ(format.save(store.get(), path.c_str(), status.get()), TFC_OK);
  std::vector<std::string> left = dir.list();
  std::sort(left.begin(), left.end());
  EXPECT_EQ(left, format.files);
}

TEST(CheckpointCrash, AKilledWriterLeavesOneSavesStateAndNoPileOfFiles) {
  killWritersRepeatedly(kTfcFormat);
}

TEST(CheckpointCrash, AKilledTensorFlowWriterLeavesOneSavesState) {
  killWritersRepeatedly(kTensorFlowFormat);
}

TEST(CheckpointCrash, TemporaryFilesOfRunningWritersAreKept) {
  TempDir dir;
  std::string path = dir.file("model.ckpt");
  // A process that has ended (its id is free until reused).
  pid_t ended = fork();
  ASSERT_GE(ended, 0);
  if (ended == 0)
    _exit(0);
  ASSERT_EQ(waitpid(ended, nullptr, 0), ended);
  std::string stale = "model.ckpt.tmp." + std::to_string(ended) + ".aBcDeF";
  std::string running =
      "model.ckpt.tmp." + std::to_string(getpid()) + ".gHiJkL";
  std::string other = "other.ckpt.tmp." + std::to_string(ended) + ".mNoPqR";
  for (const std::string &name : {stale, running, other})
    writeFile(dir.file(name), {1, 2, 3});

  StatusPtr status = makeStatus();
  StorePtr store(tfc_store_create(status.get()));
  addVariable(store.get(), "w", TFC_I32, "[1, 2]");
  ASSERT_EQ(tfc_store_save(store.get(), path.c_str(), status.get()), TFC_OK);
  std::vector<std::string> left = dir.list();
  std::sort(left.begin(), left.end());
  std::vector<std::string> expected = {"model.ckpt", running, other};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(left, expected);
}

} // namespace
