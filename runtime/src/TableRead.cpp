//===- TableRead.cpp - Reading LevelDB tables -----------------------------===//
//
// The reader half of Table.h, for a table held in memory. Every offset,
// length and count read from the file is checked against the bytes that
// hold it before it is used, and each block's checksum is verified before
// its contents are trusted.
//
//===----------------------------------------------------------------------===//

#include "Checkpoint.h"
#include "ProtoWire.h"
#include "Snappy.h"
#include "Table.h"

#include <algorithm>

using namespace tfc::runtime;
using namespace tfc::runtime::table;
using tfc::runtime::checkpoint::getU32;

bool table::hasMagic(const unsigned char *data, size_t size) {
  return size >= 8 && checkpoint::getU64(data + size - 8) == kMagic;
}

namespace {
/// A block's place in the file.
struct Handle {
  uint64_t offset = 0;
  uint64_t size = 0;
};

class TableReader {
public:
  TableReader(const unsigned char *data, size_t size, const std::string &what,
              tfc_status *status)
      : data(data), size(size), what(what), status(status) {}

  tfc_code run(std::vector<Entry> &entries);

private:
  tfc_code dataLoss(const char *state, const std::string &problem) {
    return setError(status, TFC_DATA_LOSS, "%s is %s: %s", what.c_str(), state,
                    problem.c_str());
  }
  /// Reads a block's contents (uncompressed) after checking its trailer.
  tfc_code readBlock(const Handle &handle, const std::string &name,
                     std::string &contents);
  /// Splits a block into its entries, checking the restart array.
  tfc_code parseBlock(const std::string &contents, const std::string &name,
                      std::vector<Entry> &entries);

  const unsigned char *data;
  size_t size;
  const std::string &what;
  tfc_status *status;
};
} // namespace

/// Reads a varint in its shortest form, the only one LevelDB writes: a
/// longer one (a redundant 0x80 0x00) would let a damaged footer read as
/// an intact one.
static bool getShortestVarint(const unsigned char *bytes, size_t length,
                              size_t &pos, uint64_t &value) {
  size_t start = pos;
  if (!proto::getVarint(bytes, length, pos, value))
    return false;
  size_t shortest = 1;
  for (uint64_t rest = value >> 7; rest; rest >>= 7)
    ++shortest;
  return pos - start == shortest;
}

static bool decodeHandle(const unsigned char *bytes, size_t length, size_t &pos,
                         Handle &handle) {
  return getShortestVarint(bytes, length, pos, handle.offset) &&
         getShortestVarint(bytes, length, pos, handle.size);
}

tfc_code TableReader::readBlock(const Handle &handle, const std::string &name,
                                std::string &contents) {
  uint64_t end = size - kFooterSize;
  if (handle.offset > end || handle.size > end - handle.offset ||
      kBlockTrailerSize > end - handle.offset - handle.size)
    return dataLoss(
        "truncated or corrupted",
        formatString("%s (%llu bytes at offset %llu) lies outside "
                     "the file's %zu bytes",
                     name.c_str(), static_cast<unsigned long long>(handle.size),
                     static_cast<unsigned long long>(handle.offset), size));
  const unsigned char *block = data + handle.offset;
  size_t blockSize = static_cast<size_t>(handle.size);
  unsigned char compression = block[blockSize];
  uint32_t stored = getU32(block + blockSize + 1);
  uint32_t computed = maskCrc(tfc_crc32c(0, block, blockSize + 1));
  if (stored != computed)
    return dataLoss("corrupted",
                    formatString("the checksum of %s is 0x%08x but its bytes "
                                 "sum to 0x%08x",
                                 name.c_str(), stored, computed));
  if (compression == 0) {
    contents.assign(reinterpret_cast<const char *>(block), blockSize);
    return TFC_OK;
  }
  if (compression != 1)
    return dataLoss("corrupted",
                    formatString("%s has unknown compression type %u",
                                 name.c_str(), compression));
  std::string error;
  if (!snappyUncompress(block, blockSize, contents, error))
    return dataLoss("corrupted", name + ": " + error);
  return TFC_OK;
}

tfc_code TableReader::parseBlock(const std::string &contents,
                                 const std::string &name,
                                 std::vector<Entry> &entries) {
  const auto *bytes = reinterpret_cast<const unsigned char *>(contents.data());
  size_t length = contents.size();
  if (length < 4)
    return dataLoss("corrupted", formatString("%s has only %zu bytes",
                                              name.c_str(), length));
  uint32_t numRestarts = getU32(bytes + length - 4);
  if (numRestarts > (length - 4) / 4)
    return dataLoss("corrupted",
                    formatString("%s announces %u restart points, more than "
                                 "its %zu bytes hold",
                                 name.c_str(), numRestarts, length));
  size_t entriesEnd = length - 4 - 4 * size_t(numRestarts);
  // Where each entry with a whole key (shared == 0) starts: every restart
  // point must be one.
  std::vector<size_t> wholeKeyStarts;
  std::string key;
  size_t pos = 0;
  while (pos < entriesEnd) {
    size_t start = pos;
    uint64_t shared, unshared, valueLength;
    if (!proto::getVarint(bytes, entriesEnd, pos, shared) ||
        !proto::getVarint(bytes, entriesEnd, pos, unshared) ||
        !proto::getVarint(bytes, entriesEnd, pos, valueLength) ||
        shared > key.size() || unshared > entriesEnd - pos ||
        valueLength > entriesEnd - pos - unshared)
      return dataLoss("corrupted",
                      formatString("%s has a malformed entry at byte %zu",
                                   name.c_str(), start));
    if (shared == 0)
      wholeKeyStarts.push_back(start);
    key.resize(static_cast<size_t>(shared));
    key.append(reinterpret_cast<const char *>(bytes + pos),
               static_cast<size_t>(unshared));
    pos += static_cast<size_t>(unshared);
    entries.emplace_back(
        key, std::string(reinterpret_cast<const char *>(bytes + pos),
                         static_cast<size_t>(valueLength)));
    pos += static_cast<size_t>(valueLength);
  }
  for (uint32_t i = 0; i < numRestarts; ++i) {
    uint32_t restart = getU32(bytes + entriesEnd + 4 * size_t(i));
    bool valid = std::binary_search(wholeKeyStarts.begin(),
                                    wholeKeyStarts.end(), size_t(restart)) ||
                 (restart == 0 && entriesEnd == 0);
    if (!valid)
      return dataLoss("corrupted",
                      formatString("%s has restart point %u at byte %u, "
                                   "which does not start a whole key",
                                   name.c_str(), i, restart));
  }
  return TFC_OK;
}

tfc_code TableReader::run(std::vector<Entry> &entries) {
  if (size < kFooterSize)
    return dataLoss("truncated",
                    formatString("it has %zu bytes, less than a table's "
                                 "%zu-byte footer",
                                 size, kFooterSize));
  if (!hasMagic(data, size))
    return setError(status, TFC_DATA_LOSS,
                    "%s is not a LevelDB table (its magic number is wrong); "
                    "the file is truncated or not a TensorFlow checkpoint",
                    what.c_str());
  const unsigned char *footer = data + size - kFooterSize;
  size_t pos = 0;
  Handle metaindex, index;
  if (!decodeHandle(footer, kFooterSize - 8, pos, metaindex) ||
      !decodeHandle(footer, kFooterSize - 8, pos, index))
    return dataLoss("corrupted", "its footer's block handles are malformed");
  // LevelDB pads with zeros; checking them leaves no byte of the footer
  // unchecked.
  for (; pos < kFooterSize - 8; ++pos)
    if (footer[pos] != 0)
      return dataLoss("corrupted", "its footer's padding is not zero");

  std::string contents;
  if (tfc_code code = readBlock(metaindex, "the metaindex block", contents))
    return code;
  std::vector<Entry> indexEntries;
  if (tfc_code code = readBlock(index, "the index block", contents))
    return code;
  if (tfc_code code = parseBlock(contents, "the index block", indexEntries))
    return code;

  entries.clear();
  for (size_t i = 0; i < indexEntries.size(); ++i) {
    const std::string &value = indexEntries[i].second;
    std::string name = formatString("data block %zu", i);
    Handle handle;
    size_t handlePos = 0;
    if (!decodeHandle(reinterpret_cast<const unsigned char *>(value.data()),
                      value.size(), handlePos, handle) ||
        handlePos != value.size())
      return dataLoss("corrupted",
                      "the index block's handle of " + name + " is malformed");
    size_t first = entries.size();
    if (tfc_code code = readBlock(handle, name, contents))
      return code;
    if (tfc_code code = parseBlock(contents, name, entries))
      return code;
    // Sorted and unique: what lets a table be searched; a violation means
    // damage the checksums did not catch, or a file no LevelDB wrote.
    for (size_t k = std::max<size_t>(first, 1); k < entries.size(); ++k)
      if (!(entries[k - 1].first < entries[k].first))
        return dataLoss(
            "corrupted",
            formatString("its keys are out of order in %s", name.c_str()));
  }
  return TFC_OK;
}

tfc_code table::readTable(const unsigned char *data, size_t size,
                          const std::string &what, std::vector<Entry> &entries,
                          tfc_status *status) {
  return TableReader(data, size, what, status).run(entries);
}
