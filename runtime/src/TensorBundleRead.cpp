//===- TensorBundleRead.cpp - Restoring TensorFlow checkpoints ------------===//
//
// A TensorFlow checkpoint (format V2) opened for a restore: the whole index
// is read and checked when it is opened, so every name, dtype and shape is
// known before the restore matches them with the store; the data shards
// are read afterwards, and only the tensors the restore needs, each checked
// against its size and checksum. A checkpoint may hold much that a model
// does not restore (optimizer slots, strings of TensorFlow 2's object
// graph), as tf.train.Saver allows.
//
//===----------------------------------------------------------------------===//

#include "Checkpoint.h"
#include "Table.h"
#include "TensorBundle.h"

#include <algorithm>
#include <map>

using namespace tfc::runtime;
using namespace tfc::runtime::checkpoint;
using namespace tfc::runtime::bundle;

namespace {
class TensorBundleReader : public CheckpointReader {
public:
  explicit TensorBundleReader(std::string prefix)
      : prefix(std::move(prefix)), index(indexPath(this->prefix)),
        indexWhat("TensorFlow checkpoint index '" + index + "'") {}

  tfc_code open(const unsigned char *data, size_t size, tfc_status *status);
  tfc_code load(const std::vector<size_t> &indices,
                tfc_status *status) override;
  Format format() const override { return Format::TensorFlow; }

private:
  tfc_code checkHeader(const std::string &bytes, tfc_status *status);
  tfc_code addRecord(const std::string &name, const std::string &bytes,
                     tfc_status *status);
  tfc_code loadOne(size_t index, tfc_status *status);
  tfc_code indexCorrupted(tfc_status *status, const std::string &problem) {
    return setError(status, TFC_DATA_LOSS, "%s is corrupted: %s",
                    indexWhat.c_str(), problem.c_str());
  }

  std::string prefix;
  std::string index;
  std::string indexWhat;
  Header header;
  /// The entries of recordList, in the same order.
  std::vector<Entry> entries;
  /// The data shards opened so far, by shard id.
  std::map<int64_t, std::unique_ptr<FileReader>> shards;
  /// The bytes of the loaded records.
  std::vector<MallocBuffer> tensors;
};
} // namespace

tfc_code TensorBundleReader::checkHeader(const std::string &bytes,
                                         tfc_status *status) {
  std::string error;
  if (!decodeHeader(bytes, header, error))
    return indexCorrupted(status, "its header entry is malformed: " + error);
  if (header.numShards < 1 || header.numShards > INT32_MAX)
    return indexCorrupted(
        status, formatString("its header declares %lld data shards",
                             static_cast<long long>(header.numShards)));
  if (header.endianness != 0)
    return setError(status, TFC_UNIMPLEMENTED,
                    "%s is of a big-endian machine; tfc reads little-endian "
                    "checkpoints only",
                    indexWhat.c_str());
  bool refused = header.minConsumer > bundle::kVersion;
  for (int64_t bad : header.badConsumers)
    refused |= bad == bundle::kVersion;
  if (refused)
    return setError(status, TFC_UNIMPLEMENTED,
                    "%s has format version %lld (readers from version %lld "
                    "on), which tfc's reader of version %lld does not read",
                    indexWhat.c_str(), static_cast<long long>(header.producer),
                    static_cast<long long>(header.minConsumer),
                    static_cast<long long>(bundle::kVersion));
  return TFC_OK;
}

tfc_code TensorBundleReader::addRecord(const std::string &name,
                                       const std::string &bytes,
                                       tfc_status *status) {
  std::string which = "tensor '" + printableName(name) + "'";
  Entry entry;
  std::string error;
  if (!decodeEntry(bytes, entry, error))
    return indexCorrupted(status,
                          "the entry of " + which + " is malformed: " + error);
  bool validShape = !entry.unknownRank;
  for (int64_t size : entry.dims)
    validShape &= size >= 0;
  if (!validShape)
    return indexCorrupted(status, which + " has no valid shape");
  if (entry.offset < 0 || entry.size < 0 || entry.shardId < 0)
    return indexCorrupted(status, which + " has a negative offset, size or "
                                          "shard");

  Record record;
  record.name = name;
  record.dtype = dtypeFromTensorFlow(entry.dtype);
  auto rank = static_cast<int64_t>(entry.dims.size());
  if (record.dtype == TFC_DTYPE_INVALID || rank > TFC_MAX_RANK) {
    // Not restorable, and an error only if a variable asks for it.
    record.foreignType =
        tensorFlowDtypeName(entry.dtype) + shapeString(entry.dims.data(), rank);
  } else {
    record.rank = rank;
    std::copy(entry.dims.begin(), entry.dims.end(), record.dims);
    tfc_status shapeStatus;
    if (checkShape(record.dtype, record.rank, record.dims, which.c_str(),
                   nullptr, &record.byteSize, &shapeStatus) != TFC_OK)
      return indexCorrupted(status, shapeStatus.message);
  }
  recordList.push_back(std::move(record));
  entries.push_back(std::move(entry));
  return TFC_OK;
}

tfc_code TensorBundleReader::open(const unsigned char *data, size_t size,
                                  tfc_status *status) {
  std::vector<table::Entry> table;
  if (tfc_code code = table::readTable(data, size, indexWhat, table, status))
    return code;
  // The header has the smallest key, "", so it comes first.
  if (table.empty() || !table.front().first.empty())
    return indexCorrupted(status, "it has no header entry (key \"\")");
  if (tfc_code code = checkHeader(table.front().second, status))
    return code;
  for (size_t i = 1; i < table.size(); ++i)
    if (tfc_code code = addRecord(table[i].first, table[i].second, status))
      return code;
  return TFC_OK;
}

tfc_code TensorBundleReader::loadOne(size_t i, tfc_status *status) {
  const Entry &entry = entries[i];
  Record &record = recordList[i];
  std::string which = "tensor '" + printableName(record.name) + "'";
  if (entry.numSlices > 0)
    return setError(status, TFC_UNIMPLEMENTED,
                    "cannot restore %s of TensorFlow checkpoint '%s': it is "
                    "saved in slices (a partitioned variable), and tfc "
                    "restores whole tensors only",
                    which.c_str(), prefix.c_str());
  if (entry.size != record.byteSize)
    return indexCorrupted(
        status, formatString("%s of type %s has %lld bytes instead of %lld",
                             which.c_str(), record.type().c_str(),
                             static_cast<long long>(entry.size),
                             static_cast<long long>(record.byteSize)));
  if (entry.shardId >= header.numShards)
    return indexCorrupted(
        status, formatString("%s is in data shard %lld of %lld", which.c_str(),
                             static_cast<long long>(entry.shardId),
                             static_cast<long long>(header.numShards)));

  std::unique_ptr<FileReader> &shard = shards[entry.shardId];
  std::string shardPath = dataPath(prefix, entry.shardId, header.numShards);
  if (!shard) {
    shard = std::make_unique<FileReader>();
    if (tfc_code code =
            shard->open(shardPath, "TensorFlow checkpoint data file", status)) {
      shard.reset();
      return code;
    }
  }
  auto offset = static_cast<uint64_t>(entry.offset);
  auto size = static_cast<uint64_t>(entry.size);
  if (offset > shard->size() || size > shard->size() - offset)
    return setError(status, TFC_DATA_LOSS,
                    "TensorFlow checkpoint data file '%s' is truncated: %s "
                    "takes bytes %llu to %llu but the file has %llu",
                    shardPath.c_str(), which.c_str(),
                    static_cast<unsigned long long>(offset),
                    static_cast<unsigned long long>(offset + size),
                    static_cast<unsigned long long>(shard->size()));
  // The size is within the file, so this allocates no more than it holds.
  MallocBuffer bytes(
      static_cast<unsigned char *>(std::malloc(size ? size : 1)));
  if (!bytes)
    return setError(status, TFC_RESOURCE_EXHAUSTED,
                    "cannot allocate %llu bytes to restore %s",
                    static_cast<unsigned long long>(size), which.c_str());
  if (tfc_code code = shard->read(offset, bytes.get(), size, status))
    return code;
  uint32_t computed = table::maskCrc(tfc_crc32c(0, bytes.get(), size));
  if (computed != entry.crc)
    return setError(status, TFC_DATA_LOSS,
                    "TensorFlow checkpoint data file '%s' is corrupted: the "
                    "checksum of %s is 0x%08x but its bytes sum to 0x%08x",
                    shardPath.c_str(), which.c_str(), entry.crc, computed);
  record.data = bytes.get();
  tensors.push_back(std::move(bytes));
  return TFC_OK;
}

tfc_code TensorBundleReader::load(const std::vector<size_t> &indices,
                                  tfc_status *status) {
  for (size_t i : indices)
    if (tfc_code code = loadOne(i, status))
      return code;
  return TFC_OK;
}

tfc_code checkpoint::openTensorBundle(const std::string &prefix,
                                      MallocBuffer index, size_t indexSize,
                                      std::unique_ptr<CheckpointReader> &reader,
                                      tfc_status *status) {
  auto bundle = std::make_unique<TensorBundleReader>(prefix);
  if (tfc_code code = bundle->open(index.get(), indexSize, status))
    return code;
  reader = std::move(bundle);
  return TFC_OK;
}
