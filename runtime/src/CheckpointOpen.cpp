//===- CheckpointOpen.cpp - Telling checkpoint formats apart --------------===//
//
// A restore takes a path and finds out what it names: a tfc checkpoint
// (one file), the prefix of a TensorFlow checkpoint of format V2
// (PREFIX.index, a LevelDB table, and data shards), or a TensorFlow
// checkpoint of format V1 (one LevelDB table), which tfc does not read.
//
//===----------------------------------------------------------------------===//

#include "Checkpoint.h"
#include "Table.h"
#include "TensorBundle.h"

#include <sys/stat.h>

using namespace tfc::runtime;
using namespace tfc::runtime::checkpoint;

namespace {
/// A checkpoint of tfc's own format, parsed and checked whole when opened.
class TfcCheckpointReader : public CheckpointReader {
public:
  tfc_code open(const char *path, MallocBuffer data, size_t size,
                tfc_status *status) {
    bytes = std::move(data);
    return parse(bytes.get(), size, path, recordList, status);
  }
  tfc_code load(const std::vector<size_t> &, tfc_status *) override {
    return TFC_OK;
  }
  Format format() const override { return Format::Tfc; }

private:
  MallocBuffer bytes;
};
} // namespace

static bool isRegularFile(const std::string &path) {
  struct stat info;
  return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

tfc_code checkpoint::openCheckpoint(const char *path,
                                    std::unique_ptr<CheckpointReader> &reader,
                                    tfc_status *status) {
  std::string index = bundle::indexPath(path);
  bool hasIndex = isRegularFile(index);
  if (hasIndex) {
    MallocBuffer indexBytes;
    size_t indexSize = 0;
    if (tfc_code code =
            readWholeFile(index.c_str(), "TensorFlow checkpoint index",
                          indexBytes, indexSize, status))
      return code;
    // A damaged index is reported as such, unless `path` itself is a
    // checkpoint and the index merely an unrelated file beside it.
    if (table::hasMagic(indexBytes.get(), indexSize) || !isRegularFile(path))
      return openTensorBundle(path, std::move(indexBytes), indexSize, reader,
                              status);
  }

  MallocBuffer bytes;
  size_t size = 0;
  if (tfc_code code = readWholeFile(path, "checkpoint", bytes, size, status)) {
    if (code != TFC_NOT_FOUND || hasIndex || !status)
      return code;
    std::string message = status->message;
    return setError(status, code,
                    "%s (nor is there a TensorFlow checkpoint index '%s')",
                    message.c_str(), index.c_str());
  }
  bool tfcMagic =
      size >= sizeof(kMagic) && std::memcmp(bytes.get(), kMagic, 8) == 0;
  if (!tfcMagic && table::hasMagic(bytes.get(), size))
    return setError(
        status, TFC_UNIMPLEMENTED,
        "'%s' is a TensorFlow checkpoint of format V1 (an SSTable of "
        "TensorSliceProto, as tf.train.Saver writes with write_version=V1), "
        "which tfc does not read; tfc reads TensorFlow's format V2 "
        "(PREFIX.index and PREFIX.data-*), the default since TensorFlow 1.0: "
        "restore this checkpoint in TensorFlow and save it again",
        path);
  auto tfcReader = std::make_unique<TfcCheckpointReader>();
  if (tfc_code code = tfcReader->open(path, std::move(bytes), size, status))
    return code;
  reader = std::move(tfcReader);
  return TFC_OK;
}
