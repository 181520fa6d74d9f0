//===- TensorBundle.h - TensorFlow's checkpoint format V2 -------*- C++ -*-===//
//
// What tf.train.Saver writes (tensorflow/core/util/tensor_bundle):
//   PREFIX.index                 a LevelDB table (Table.h); key "" holds a
//                                BundleHeaderProto, every other key is a
//                                tensor's name and holds its
//                                BundleEntryProto
//   PREFIX.data-00000-of-00001   the tensors' bytes, back to back
// The messages, with TensorFlow's field numbers:
//   BundleHeaderProto  num_shards=1 endianness=2 (0 little) version=3
//   VersionDef         producer=1 min_consumer=2 bad_consumers=3
//   BundleEntryProto   dtype=1 shape=2 shard_id=3 offset=4 size=5
//                      crc32c=6 (fixed32, masked) slices=7
//   TensorShapeProto   dim=2 (Dim: size=1) unknown_rank=3
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_TENSORBUNDLE_H
#define TFC_RUNTIME_SRC_TENSORBUNDLE_H

#include "FileIO.h"
#include "Internal.h"
#include "Table.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tfc::runtime::bundle {

/// The format version TensorFlow writes (kTensorBundleVersion), the only
/// one there is.
inline constexpr int64_t kVersion = 1;

std::string indexPath(const std::string &prefix);
/// PREFIX.data-SSSSS-of-NNNNN.
std::string dataPath(const std::string &prefix, int64_t shard,
                     int64_t numShards);

/// TensorFlow's DataType number of a tfc dtype.
int64_t tensorFlowDtype(tfc_dtype dtype);
/// The tfc dtype of a TensorFlow DataType; TFC_DTYPE_INVALID for the types
/// tfc has no equivalent of (strings, unsigned and complex types, ...).
tfc_dtype dtypeFromTensorFlow(int64_t dtype);
/// A TensorFlow DataType's name in messages: tfc's name when tfc has the
/// type ("f32"), TensorFlow's otherwise ("string", "uint8"), else
/// "dtype 42".
std::string tensorFlowDtypeName(int64_t dtype);

struct Header {
  int64_t numShards = 0;
  int64_t endianness = 0;
  int64_t producer = 0;
  int64_t minConsumer = 0;
  std::vector<int64_t> badConsumers;
};

struct Entry {
  int64_t dtype = 0;
  std::vector<int64_t> dims;
  bool unknownRank = false;
  int64_t shardId = 0;
  int64_t offset = 0;
  int64_t size = 0;
  /// Masked CRC-32C of the tensor's bytes.
  uint32_t crc = 0;
  /// How many slices of a partitioned variable the entry lists; tfc
  /// restores whole tensors only.
  int64_t numSlices = 0;
};

/// The header TensorFlow writes: `numShards` data shards, little-endian,
/// version 1.
std::string encodeHeader(int64_t numShards = 1);
/// Serializes as protobuf does: fields in number order, zero scalars left
/// out, the shape always present (empty for a scalar).
std::string encodeEntry(const Entry &entry);

/// Parse a serialized message. False, with the reason in `error`, for bytes
/// that are not that message; unknown fields are skipped.
bool decodeHeader(const std::string &bytes, Header &header, std::string &error);
bool decodeEntry(const std::string &bytes, Entry &entry, std::string &error);

/// Writes a checkpoint as TensorFlow's BundleWriter does, one data shard
/// and the index, each to a temporary file that commit() installs
/// (TensorBundleSave.cpp says in which order, and why).
class TensorBundleWriter {
public:
  /// Creates the temporary files of `prefix`.
  tfc_code open(const std::string &prefix, tfc_status *status);
  /// Appends a tensor; names must strictly increase (bytewise).
  tfc_code add(const std::string &name, tfc_dtype dtype, const int64_t *dims,
               int64_t rank, const void *data, int64_t byteSize,
               tfc_status *status);
  /// Writes the buffered data out (without syncing): after it, the
  /// tensors' memory may change.
  tfc_code flushData(tfc_status *status);
  /// Writes the index, syncs both files and renames them into place, the
  /// data shard first.
  tfc_code commit(tfc_status *status);

private:
  AtomicFileWriter data, index;
  table::TableBuilder table;
  int64_t offset = 0;
};

/// MergeV2Checkpoints: makes one checkpoint at `destination` of the
/// checkpoints at `sources` (a sharded save's parts, each written by a
/// TensorBundleWriter): their data shards are renamed to the destination's,
/// numbered in order, and one index lists every tensor. The sources'
/// indexes are then removed, and with `deleteOldDirs` their directories
/// when empty. Names must be unique across the sources.
tfc_code mergeBundles(const std::vector<std::string> &sources,
                      const std::string &destination, bool deleteOldDirs,
                      tfc_status *status);

} // namespace tfc::runtime::bundle

#endif // TFC_RUNTIME_SRC_TENSORBUNDLE_H
