//===- TableWrite.cpp - Building LevelDB tables ---------------------------===//
//
// The writer half of Table.h. It follows LevelDB's TableBuilder decision
// for decision (when a block is full, which key stands for it in the index)
// so that a checkpoint index tfc writes is the one TensorFlow would write
// for the same entries, byte for byte.
//
//===----------------------------------------------------------------------===//

#include "ProtoWire.h"
#include "Table.h"

#include <algorithm>

using namespace tfc::runtime;
using namespace tfc::runtime::table;

static void putFixed32(std::string &out, uint32_t value) {
  for (int i = 0; i < 4; ++i)
    out += static_cast<char>(value >> (8 * i));
}

void BlockBuilder::add(const std::string &key, const std::string &value) {
  size_t shared = 0;
  if (sinceRestart < restartInterval) {
    size_t limit = std::min(lastKey.size(), key.size());
    while (shared < limit && lastKey[shared] == key[shared])
      ++shared;
  } else {
    restarts.push_back(static_cast<uint32_t>(buffer.size()));
    sinceRestart = 0;
  }
  proto::putVarint(buffer, shared);
  proto::putVarint(buffer, key.size() - shared);
  proto::putVarint(buffer, value.size());
  buffer.append(key, shared, std::string::npos);
  buffer += value;
  lastKey = key;
  ++sinceRestart;
}

std::string BlockBuilder::finish() {
  for (uint32_t restart : restarts)
    putFixed32(buffer, restart);
  putFixed32(buffer, static_cast<uint32_t>(restarts.size()));
  std::string block = std::move(buffer);
  buffer.clear();
  restarts.assign(1, 0);
  sinceRestart = 0;
  lastKey.clear();
  return block;
}

/// A short key k with start <= k < limit: LevelDB's bytewise
/// FindShortestSeparator. Index keys only need to separate blocks, and short
/// ones keep the index small.
static std::string shortestSeparator(const std::string &start,
                                     const std::string &limit) {
  size_t common = 0;
  size_t shorter = std::min(start.size(), limit.size());
  while (common < shorter && start[common] == limit[common])
    ++common;
  if (common == shorter)
    return start; // One is a prefix of the other.
  auto byte = static_cast<unsigned char>(start[common]);
  if (byte < 0xff && byte + 1 < static_cast<unsigned char>(limit[common])) {
    std::string separator = start.substr(0, common + 1);
    separator[common] = static_cast<char>(byte + 1);
    return separator;
  }
  return start;
}

/// A short key k >= key: LevelDB's bytewise FindShortSuccessor.
static std::string shortSuccessor(const std::string &key) {
  for (size_t i = 0; i < key.size(); ++i) {
    auto byte = static_cast<unsigned char>(key[i]);
    if (byte != 0xff) {
      std::string successor = key.substr(0, i + 1);
      successor[i] = static_cast<char>(byte + 1);
      return successor;
    }
  }
  return key;
}

std::string TableBuilder::writeBlock(const std::string &contents) {
  std::string handle;
  proto::putVarint(handle, file.size());
  proto::putVarint(handle, contents.size());
  file += contents;
  const char uncompressed = 0;
  uint32_t crc = tfc_crc32c(0, contents.data(), contents.size());
  crc = tfc_crc32c(crc, &uncompressed, 1);
  file += uncompressed;
  putFixed32(file, maskCrc(crc));
  return handle;
}

void TableBuilder::flushDataBlock() {
  if (dataBlock.empty())
    return;
  pendingHandle = writeBlock(dataBlock.finish());
}

void TableBuilder::add(const std::string &key, const std::string &value) {
  if (!pendingHandle.empty()) {
    indexBlock.add(shortestSeparator(lastKey, key), pendingHandle);
    pendingHandle.clear();
  }
  lastKey = key;
  dataBlock.add(key, value);
  if (dataBlock.sizeEstimate() >= kBlockSize)
    flushDataBlock();
}

std::string TableBuilder::finish() {
  flushDataBlock();
  std::string metaindexHandle = writeBlock(BlockBuilder(1).finish());
  if (!pendingHandle.empty()) {
    indexBlock.add(shortSuccessor(lastKey), pendingHandle);
    pendingHandle.clear();
  }
  std::string indexHandle = writeBlock(indexBlock.finish());
  std::string footer = metaindexHandle + indexHandle;
  footer.resize(kFooterSize - 8, '\0');
  putFixed32(footer, static_cast<uint32_t>(kMagic));
  putFixed32(footer, static_cast<uint32_t>(kMagic >> 32));
  file += footer;
  return std::move(file);
}
