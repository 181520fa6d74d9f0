//===- Checkpoint.h - The checkpoint file format ----------------*- C++ -*-===//
//
// Constants and little-endian field encoding of tfc's checkpoint format,
// shared by the writer and the reader, and the interface through which a
// restore reads a checkpoint of either format (tfc's or TensorFlow's).
// docs/runtime.md describes the formats; keep it in sync.
//
//   file    := header record* footer
//   header  := magic[8] version:u32 flags:u32 record_count:u64
//   record  := name_length:u32 dtype:u32 rank:u32 reserved:u32 data_bytes:u64
//              name[name_length] dims:i64[rank] data[data_bytes] crc:u32
//   footer  := file_crc:u32 end_magic[4]
//
// `crc` covers the record from name_length to the end of its data;
// `file_crc` covers every byte before it. Both are CRC-32C.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_CHECKPOINT_H
#define TFC_RUNTIME_SRC_CHECKPOINT_H

#include "FileIO.h"
#include "Internal.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace tfc::runtime::checkpoint {

/// A non-ASCII first byte and a final newline catch text-mode mangling, as in
/// PNG's signature.
inline constexpr unsigned char kMagic[8] = {0x89, 'T', 'F', 'C',
                                            'K',  'P', 'T', '\n'};
inline constexpr unsigned char kEndMagic[4] = {'T', 'E', 'N', 'D'};
inline constexpr uint32_t kVersion = 1;

inline constexpr size_t kHeaderSize = 24;
inline constexpr size_t kRecordFixedSize = 24;
inline constexpr size_t kCrcSize = 4;
inline constexpr size_t kFooterSize = 8;
inline constexpr size_t kMaxNameLength = 4096;
/// The smallest record: a one-byte name, rank 0, no data.
inline constexpr size_t kMinRecordSize = kRecordFixedSize + 1 + kCrcSize;

inline void putU32(unsigned char *out, uint32_t value) {
  for (int i = 0; i < 4; ++i)
    out[i] = static_cast<unsigned char>(value >> (8 * i));
}

inline void putU64(unsigned char *out, uint64_t value) {
  for (int i = 0; i < 8; ++i)
    out[i] = static_cast<unsigned char>(value >> (8 * i));
}

inline uint32_t getU32(const unsigned char *in) {
  uint32_t value = 0;
  for (int i = 0; i < 4; ++i)
    value |= static_cast<uint32_t>(in[i]) << (8 * i);
  return value;
}

inline uint64_t getU64(const unsigned char *in) {
  uint64_t value = 0;
  for (int i = 0; i < 8; ++i)
    value |= static_cast<uint64_t>(in[i]) << (8 * i);
  return value;
}

/// One variable of a checkpoint. For tfc's format `data` points into the
/// file's bytes; a TensorFlow checkpoint sets it only when the restore asks
/// for the record (CheckpointReader::load).
struct Record {
  std::string name;
  tfc_dtype dtype = TFC_DTYPE_INVALID;
  int64_t rank = 0;
  int64_t dims[TFC_MAX_RANK] = {};
  int64_t byteSize = 0;
  const unsigned char *data = nullptr;
  /// The type of a tensor tfc cannot hold (a TensorFlow string, a rank over
  /// TFC_MAX_RANK), as messages show it: "string[]". Empty otherwise.
  std::string foreignType;

  std::string type() const {
    return foreignType.empty() ? typeString(dtype, dims, rank) : foreignType;
  }
};

/// A name read from a possibly corrupted file, safe to put in a message:
/// at most 128 characters, '?' for bytes that are not printable ASCII.
std::string printableName(const std::string &name);

/// The store's variables sorted by name, bytewise: the order of both
/// formats, so that equal stores give identical files.
std::vector<tfc_variable *> sortedVariables(tfc_store *store);

/// What both writers do first, under the store's lock: fail with
/// FAILED_PRECONDITION naming the uninitialized variables among `vars`,
/// and bring back to the host the values a CUDA model wrote.
tfc_code prepareToSave(const std::vector<tfc_variable *> &vars,
                       const char *path, tfc_status *status);

/// Parses and checks a whole checkpoint (structure, limits, checksums,
/// unique names). Errors are DATA_LOSS, or UNIMPLEMENTED for a format
/// version this runtime does not know; messages start with the path.
tfc_code parse(const unsigned char *data, size_t size, const char *path,
               std::vector<Record> &records, tfc_status *status);

/// A checkpoint opened for a restore, in either format: its records, whose
/// names, dtypes and shapes are known and checked at once, and whose data
/// may be read only once the restore knows which records it needs.
class CheckpointReader {
public:
  enum class Format { Tfc, TensorFlow };

  virtual ~CheckpointReader() = default;
  virtual Format format() const = 0;
  const std::vector<Record> &records() const { return recordList; }
  /// Makes the data of the records at `indices` available and checks it
  /// (sizes, checksums).
  virtual tfc_code load(const std::vector<size_t> &indices,
                        tfc_status *status) = 0;

protected:
  std::vector<Record> recordList;
};

/// Opens the checkpoint at `path`: tfc's format, or TensorFlow's format V2
/// when `path.index` is a LevelDB table (then `path` is the prefix). A
/// TensorFlow checkpoint of format V1 is UNIMPLEMENTED; a missing or
/// damaged file is reported as for tfc's format.
tfc_code openCheckpoint(const char *path,
                        std::unique_ptr<CheckpointReader> &reader,
                        tfc_status *status);

/// Opens a TensorFlow checkpoint (format V2) whose index file holds `index`
/// (PREFIX.index, or a temporary index of a save that did not finish).
tfc_code openTensorBundle(const std::string &prefix, MallocBuffer index,
                          size_t indexSize,
                          std::unique_ptr<CheckpointReader> &reader,
                          tfc_status *status);

} // namespace tfc::runtime::checkpoint

#endif // TFC_RUNTIME_SRC_CHECKPOINT_H
