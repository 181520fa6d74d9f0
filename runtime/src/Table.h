//===- Table.h - LevelDB tables, TensorFlow's index format ------*- C++ -*-===//
//
// TensorFlow keeps the index of a checkpoint (PREFIX.index) in a LevelDB
// table (tensorflow/core/lib/io/table*), a sorted map from byte strings to
// byte strings:
//
//   table   := data_block* metaindex_block index_block footer
//   block   := entry* restart:u32* num_restarts:u32, then a trailer:
//              compression:u8 (0 none, 1 Snappy) and masked_crc32c:u32 of
//              the block's bytes and the compression byte
//   entry   := shared:varint unshared:varint value_length:varint
//              key_suffix[unshared] value[value_length]
//              (the key is `shared` bytes of the previous key + the suffix;
//              every restart point's entry has shared = 0)
//   handle  := offset:varint size:varint  (a block, without its trailer)
//   footer  := metaindex handle, index handle, zeros up to 40 bytes,
//              magic 0xdb4775248b80fb57 (u64, little-endian)   (48 bytes)
//
// The index block maps, for each data block, a key between that block's
// last key and the next block's first key to the block's handle. The
// metaindex block (filters; TensorFlow writes none) is empty.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_TABLE_H
#define TFC_RUNTIME_SRC_TABLE_H

#include "Internal.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tfc::runtime::table {

inline constexpr uint64_t kMagic = 0xdb4775248b80fb57ull;
inline constexpr size_t kFooterSize = 48;
inline constexpr size_t kBlockTrailerSize = 5;
/// TensorFlow's block size and restart interval (table_options.h).
inline constexpr size_t kBlockSize = 256 * 1024;
inline constexpr int kRestartInterval = 16;

/// CRC-32C as LevelDB and TensorFlow store it: rotated and offset, since
/// the CRC of data that embeds CRCs is weak.
inline uint32_t maskCrc(uint32_t crc) {
  return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}

/// Whether `data` ends with the table magic (a LevelDB table: TensorFlow's
/// checkpoint index, or a whole checkpoint of format V1).
bool hasMagic(const unsigned char *data, size_t size);

using Entry = std::pair<std::string, std::string>;

/// Reads every entry of a table held in memory, in key order. Checks the
/// footer, each block's checksum, compression and framing, and that keys
/// strictly increase. Errors are DATA_LOSS "<what> is <state>: <problem>";
/// `what` names the file ("TensorFlow checkpoint index 'm.index'").
tfc_code readTable(const unsigned char *data, size_t size,
                   const std::string &what, std::vector<Entry> &entries,
                   tfc_status *status);

/// Builds one block: entries with prefix-compressed keys, a restart point
/// (an entry with its whole key) every `restartInterval` entries.
class BlockBuilder {
public:
  explicit BlockBuilder(int restartInterval)
      : restartInterval(restartInterval) {}
  void add(const std::string &key, const std::string &value);
  /// The block's size once finished, as TensorFlow estimates it to decide
  /// when a block is full.
  size_t sizeEstimate() const {
    return buffer.size() + 4 * restarts.size() + 4;
  }
  bool empty() const { return buffer.empty(); }
  /// Appends the restart array; returns the block and starts a new one.
  std::string finish();

private:
  int restartInterval;
  std::string buffer;
  std::vector<uint32_t> restarts = {0};
  int sinceRestart = 0;
  std::string lastKey;
};

/// Builds a table as TensorFlow's TableBuilder does without compression:
/// blocks of about kBlockSize bytes, a restart every kRestartInterval
/// keys, the shortest separating keys in the index block.
class TableBuilder {
public:
  /// Appends an entry; keys must strictly increase (bytewise).
  void add(const std::string &key, const std::string &value);
  /// Writes the remaining blocks and the footer; returns the whole table.
  std::string finish();

private:
  /// Appends a finished block and its trailer to the file; returns its
  /// handle.
  std::string writeBlock(const std::string &contents);
  void flushDataBlock();

  std::string file;
  BlockBuilder dataBlock{kRestartInterval};
  /// Every index entry is a restart point, as in LevelDB.
  BlockBuilder indexBlock{1};
  std::string lastKey;
  /// The handle of the last flushed data block, whose index entry waits
  /// for the next key (or finish) to pick the shortest separating key.
  std::string pendingHandle;
};

} // namespace tfc::runtime::table

#endif // TFC_RUNTIME_SRC_TABLE_H
