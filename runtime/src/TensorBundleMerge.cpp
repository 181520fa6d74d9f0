//===- TensorBundleMerge.cpp - MergeV2Checkpoints -------------------------===//
//
// A sharded tf.train.Saver writes each part of a checkpoint with SaveV2 to
// a temporary prefix (`PREFIX_temp_<uuid>/part-00000-of-00001`), then
// MergeV2Checkpoints makes them one checkpoint at PREFIX: the parts' data
// shards become PREFIX's, numbered in the order of the parts, and one index
// lists every tensor with its new shard number.
//
// The files change in the order a save changes them (TensorBundleSave.cpp):
// the merged index is written and synced to its temporary file first, then
// the data shards are renamed, then the index. A reader in between finds
// the old index with new data and fails on the checksums rather than
// restoring a mix.
//
//===----------------------------------------------------------------------===//

#include "Table.h"
#include "TensorBundle.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <unistd.h>

using namespace tfc::runtime;
using namespace tfc::runtime::bundle;

namespace {
/// A part's index, read and checked.
struct Part {
  std::string prefix;
  int64_t numShards = 0;
  std::vector<std::pair<std::string, Entry>> entries;
};
} // namespace

static tfc_code readPart(const std::string &prefix, Part &part,
                         tfc_status *status) {
  std::string index = indexPath(prefix);
  std::string what = "TensorFlow checkpoint index '" + index + "'";
  MallocBuffer bytes;
  size_t size = 0;
  if (tfc_code code = readWholeFile(
          index.c_str(), "TensorFlow checkpoint index", bytes, size, status))
    return code;
  std::vector<table::Entry> table;
  if (tfc_code code = table::readTable(bytes.get(), size, what, table, status))
    return code;
  Header header;
  std::string error;
  if (table.empty() || !table.front().first.empty() ||
      !decodeHeader(table.front().second, header, error) ||
      header.numShards < 1 || header.numShards > INT32_MAX)
    return setError(status, TFC_DATA_LOSS,
                    "%s is corrupted: its header entry is %s", what.c_str(),
                    error.empty() ? "missing or invalid" : error.c_str());
  part.prefix = prefix;
  part.numShards = header.numShards;
  for (size_t i = 1; i < table.size(); ++i) {
    Entry entry;
    if (!decodeEntry(table[i].second, entry, error))
      return setError(status, TFC_DATA_LOSS,
                      "%s is corrupted: the entry of tensor '%s' is "
                      "malformed: %s",
                      what.c_str(), table[i].first.c_str(), error.c_str());
    if (entry.numSlices > 0)
      return setError(status, TFC_UNIMPLEMENTED,
                      "cannot merge %s: tensor '%s' is saved in slices (a "
                      "partitioned variable), which tfc does not merge",
                      what.c_str(), table[i].first.c_str());
    if (entry.shardId < 0 || entry.shardId >= header.numShards)
      return setError(status, TFC_DATA_LOSS,
                      "%s is corrupted: tensor '%s' is in data shard %lld of "
                      "%lld",
                      what.c_str(), table[i].first.c_str(),
                      static_cast<long long>(entry.shardId),
                      static_cast<long long>(header.numShards));
    part.entries.emplace_back(table[i].first, std::move(entry));
  }
  return TFC_OK;
}

tfc_code bundle::mergeBundles(const std::vector<std::string> &sources,
                              const std::string &destination,
                              bool deleteOldDirs, tfc_status *status) {
  if (sources.empty())
    return setError(status, TFC_INVALID_ARGUMENT,
                    "cannot merge TensorFlow checkpoint '%s' of no parts",
                    destination.c_str());
  std::vector<Part> parts(sources.size());
  // The merged index, by name, with the shard numbers of the destination.
  std::map<std::string, Entry> merged;
  int64_t numShards = 0;
  for (size_t i = 0; i < sources.size(); ++i) {
    Part &part = parts[i];
    if (tfc_code code = readPart(sources[i], part, status))
      return code;
    for (auto &[name, entry] : part.entries) {
      entry.shardId += numShards;
      if (!merged.emplace(name, entry).second)
        return setError(status, TFC_INVALID_ARGUMENT,
                        "cannot merge TensorFlow checkpoint '%s': tensor '%s' "
                        "is in two of its parts ('%s' and an earlier one)",
                        destination.c_str(), name.c_str(), sources[i].c_str());
    }
    numShards += part.numShards;
  }

  std::string forWhat = "for TensorFlow checkpoint '" + destination + "'";
  if (tfc_code code =
          createDirectories(directoryOf(destination), forWhat.c_str(), status))
    return code;
  table::TableBuilder table;
  table.add("", encodeHeader(numShards));
  for (const auto &[name, entry] : merged)
    table.add(name, encodeEntry(entry));
  std::string indexBytes = table.finish();
  AtomicFileWriter index;
  tfc_code code;
  if ((code = index.open(indexPath(destination).c_str(),
                         "TensorFlow checkpoint index", status,
                         AtomicFileWriter::StaleFiles::RemoveAfterInstall)) ||
      (code = index.write(indexBytes.data(), indexBytes.size(), status)) ||
      (code = index.finish(status)))
    return code;

  int64_t shard = 0;
  for (const Part &part : parts)
    for (int64_t i = 0; i < part.numShards; ++i, ++shard) {
      std::string from = dataPath(part.prefix, i, part.numShards);
      std::string to = dataPath(destination, shard, numShards);
      if (std::rename(from.c_str(), to.c_str()) != 0)
        return setError(status, codeFromErrno(errno),
                        "cannot move TensorFlow checkpoint data file '%s' to "
                        "'%s': %s",
                        from.c_str(), to.c_str(), std::strerror(errno));
    }
  if ((code = index.install(status)) || (code = index.syncDirectory(status)))
    return code;

  // The parts are gone once the checkpoint is whole: what is left of them
  // is their indexes and, for a saver, the temporary directory. A directory
  // that holds anything else stays, as in TensorFlow.
  for (const Part &part : parts) {
    ::unlink(indexPath(part.prefix).c_str());
    if (deleteOldDirs)
      ::rmdir(directoryOf(part.prefix).c_str());
  }
  return TFC_OK;
}
