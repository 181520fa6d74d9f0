//===- TensorFlowTestUtils.h - Making TensorFlow checkpoints ----*- C++ -*-===//
//
// Hand-made pieces of TensorFlow checkpoints (format V2) for the tests that
// need files no writer produces: protobuf fields, a BundleEntryProto, and
// a LevelDB table of one uncompressed block in which every entry is a
// restart point. Written from the format's description (docs/runtime.md),
// independently of the runtime's writer.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_TEST_UNIT_RUNTIME_TENSORFLOWTESTUTILS_H
#define TFC_TEST_UNIT_RUNTIME_TENSORFLOWTESTUTILS_H

#include "RuntimeTestUtils.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tfc::runtime::testing {

using Bytes = std::vector<unsigned char>;

/// The directory of the checkpoints TensorFlow wrote (Inputs/tensorflow).
inline std::string tensorFlowInput(const std::string &name) {
  return std::string(TFC_RUNTIME_TEST_INPUTS) + "/tensorflow/" + name;
}

/// CRC-32C rotated and offset, as LevelDB and TensorFlow store it.
inline uint32_t maskedCrc(const void *data, size_t size, uint32_t crc = 0) {
  crc = tfc_crc32c(crc, data, size);
  return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}

inline void append(Bytes &out, const Bytes &more) {
  out.insert(out.end(), more.begin(), more.end());
}
inline void appendString(Bytes &out, const std::string &more) {
  out.insert(out.end(), more.begin(), more.end());
}

inline void putVarint(Bytes &out, uint64_t value) {
  for (; value >= 0x80; value >>= 7)
    out.push_back(static_cast<unsigned char>(value | 0x80));
  out.push_back(static_cast<unsigned char>(value));
}

inline void putFixed32(Bytes &out, uint32_t value) {
  for (int i = 0; i < 4; ++i)
    out.push_back(static_cast<unsigned char>(value >> (8 * i)));
}

/// A varint field (wire type 0).
inline Bytes varintField(uint32_t field, uint64_t value) {
  Bytes out;
  putVarint(out, field << 3);
  putVarint(out, value);
  return out;
}

/// A length-delimited field (wire type 2).
inline Bytes bytesField(uint32_t field, const Bytes &payload) {
  Bytes out;
  putVarint(out, field << 3 | 2);
  putVarint(out, payload.size());
  append(out, payload);
  return out;
}

/// A BundleHeaderProto: num_shards, endianness, version{producer,
/// min_consumer}; zero fields are left out.
inline Bytes headerProto(uint64_t numShards = 1, uint64_t endianness = 0,
                         uint64_t producer = 1, uint64_t minConsumer = 0) {
  Bytes version = varintField(1, producer);
  if (minConsumer)
    append(version, varintField(2, minConsumer));
  Bytes header = numShards ? varintField(1, numShards) : Bytes();
  if (endianness)
    append(header, varintField(2, endianness));
  append(header, bytesField(3, version));
  return header;
}

/// A BundleEntryProto of a tensor of TensorFlow `dtype` and `dims`, at
/// `offset` of shard `shard`, whose `size` bytes have the masked `crc`.
inline Bytes entryProto(uint64_t dtype, const std::vector<int64_t> &dims,
                        uint64_t offset, uint64_t size, uint32_t crc,
                        uint64_t shard = 0) {
  Bytes shape;
  for (int64_t dim : dims)
    append(shape, bytesField(2, dim ? varintField(1, dim) : Bytes()));
  Bytes entry = varintField(1, dtype);
  append(entry, bytesField(2, shape));
  if (shard)
    append(entry, varintField(3, shard));
  if (offset)
    append(entry, varintField(4, offset));
  if (size)
    append(entry, varintField(5, size));
  entry.push_back(6 << 3 | 5);
  putFixed32(entry, crc);
  return entry;
}

/// A block and its trailer (no compression), at the end of `file`; returns
/// its handle.
inline Bytes appendBlock(Bytes &file, const Bytes &block) {
  Bytes handle;
  putVarint(handle, file.size());
  putVarint(handle, block.size());
  Bytes withType = block;
  withType.push_back(0); // No compression.
  append(file, withType);
  // The checksum covers the block and its compression byte.
  putFixed32(file, maskedCrc(withType.data(), withType.size()));
  return handle;
}

/// A whole table of `entries` (sorted by the caller) in one data block
/// whose entries are all restart points (whole keys).
inline Bytes
tableOf(const std::vector<std::pair<std::string, Bytes>> &entries) {
  Bytes block;
  std::vector<uint32_t> restarts;
  for (const auto &[key, value] : entries) {
    restarts.push_back(static_cast<uint32_t>(block.size()));
    putVarint(block, 0);
    putVarint(block, key.size());
    putVarint(block, value.size());
    appendString(block, key);
    append(block, value);
  }
  for (uint32_t restart : restarts)
    putFixed32(block, restart);
  putFixed32(block, static_cast<uint32_t>(restarts.size()));
  Bytes file;
  Bytes dataHandle = appendBlock(file, block);
  Bytes metaindex;
  putFixed32(metaindex, 0);
  putFixed32(metaindex, 1);
  Bytes metaindexHandle = appendBlock(file, metaindex);
  // One index entry whose key follows every key: "\xff" suffices for the
  // keys the tests use.
  Bytes index;
  putVarint(index, 0);
  putVarint(index, 1);
  putVarint(index, dataHandle.size());
  index.push_back(0xff);
  append(index, dataHandle);
  putFixed32(index, 0);
  putFixed32(index, 1);
  Bytes indexHandle = appendBlock(file, index);
  Bytes footer = metaindexHandle;
  append(footer, indexHandle);
  footer.resize(40, 0);
  putFixed32(footer, 0x8b80fb57u);
  putFixed32(footer, 0xdb477524u);
  append(file, footer);
  return file;
}

/// Writes a checkpoint of format V2 at `prefix`: the index made of the
/// header and `entries`, and one data shard.
inline void
writeBundle(const std::string &prefix,
            const std::vector<std::pair<std::string, Bytes>> &entries,
            const Bytes &data, const Bytes &header = headerProto()) {
  std::vector<std::pair<std::string, Bytes>> all = {{"", header}};
  all.insert(all.end(), entries.begin(), entries.end());
  writeFile(prefix + ".index", tableOf(all));
  writeFile(prefix + ".data-00000-of-00001", data);
}

} // namespace tfc::runtime::testing

#endif // TFC_TEST_UNIT_RUNTIME_TENSORFLOWTESTUTILS_H
