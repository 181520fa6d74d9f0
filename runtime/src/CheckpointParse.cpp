//===- CheckpointParse.cpp - Reading and validating checkpoints -----------===//
//
// Parses a checkpoint held in memory. Every length is checked against the
// bytes that remain before it is used, so a truncated or corrupted file
// yields an error and never an out-of-bounds read or a huge allocation.
//
//===----------------------------------------------------------------------===//

#include "Checkpoint.h"

#include <unordered_set>

using namespace tfc::runtime;
using namespace tfc::runtime::checkpoint;

namespace {
class Parser {
public:
  Parser(const unsigned char *data, size_t size, const char *path,
         tfc_status *status)
      : data(data), size(size), path(path), status(status) {}

  tfc_code run(std::vector<Record> &records);

private:
  tfc_code parseRecord(uint64_t index, Record &record);
  /// DATA_LOSS "checkpoint '<path>' is <state>: <problem>".
  tfc_code dataLoss(const char *state, const std::string &problem) {
    return setError(status, TFC_DATA_LOSS, "checkpoint '%s' is %s: %s", path,
                    state, problem.c_str());
  }
  size_t remaining() const { return size - pos; }

  const unsigned char *data;
  size_t size;
  size_t pos = 0;
  const char *path;
  tfc_status *status;
};
} // namespace

std::string checkpoint::printableName(const std::string &name) {
  std::string result;
  for (char c : name.substr(0, 128))
    result += (c >= 0x20 && c < 0x7f) ? c : '?';
  if (name.size() > 128)
    result += "...";
  return result;
}

tfc_code Parser::run(std::vector<Record> &records) {
  if (size < sizeof(kMagic) || std::memcmp(data, kMagic, sizeof(kMagic))) {
    if (size < sizeof(kMagic) && std::memcmp(data, kMagic, size) == 0)
      return dataLoss("truncated", formatString("it has only %zu bytes", size));
    return setError(status, TFC_DATA_LOSS,
                    "'%s' is not a tfc checkpoint (its magic number is wrong)",
                    path);
  }
  if (size < kHeaderSize)
    return dataLoss("truncated", "its header is incomplete");
  uint32_t version = getU32(data + 8);
  if (version != kVersion)
    return setError(status, TFC_UNIMPLEMENTED,
                    "checkpoint '%s' has format version %u; this runtime "
                    "reads version %u",
                    path, version, kVersion);
  if (uint32_t flags = getU32(data + 12))
    return dataLoss("corrupted", formatString("unknown flags 0x%x", flags));
  uint64_t count = getU64(data + 16);
  pos = kHeaderSize;
  if (count > remaining() / kMinRecordSize)
    return dataLoss("truncated or corrupted",
                    formatString("its header announces %llu variables, more "
                                 "than its %zu remaining bytes can hold",
                                 static_cast<unsigned long long>(count),
                                 remaining()));
  // Records are appended as they parse (not sized from `count`), so a
  // corrupted count cannot make the parser allocate more than the file.
  records.clear();
  std::unordered_set<std::string> names;
  for (uint64_t i = 0; i < count; ++i) {
    records.emplace_back();
    if (tfc_code code = parseRecord(i, records.back()))
      return code;
    if (!names.insert(records.back().name).second)
      return dataLoss("corrupted",
                      formatString("variable '%s' appears twice",
                                   printableName(records.back().name).c_str()));
  }
  if (remaining() < kFooterSize)
    return dataLoss("truncated",
                    formatString("it ends after its %llu variables without "
                                 "the end marker",
                                 static_cast<unsigned long long>(count)));
  uint32_t stored = getU32(data + pos);
  if (std::memcmp(data + pos + 4, kEndMagic, sizeof(kEndMagic)))
    return dataLoss("corrupted", "its end marker is wrong");
  uint32_t computed = tfc_crc32c(0, data, pos);
  if (stored != computed)
    return dataLoss("corrupted",
                    formatString("its checksum is 0x%08x but its contents "
                                 "sum to 0x%08x",
                                 stored, computed));
  pos += kFooterSize;
  if (remaining() != 0)
    return dataLoss("corrupted",
                    formatString("%zu unexpected bytes follow the end marker",
                                 remaining()));
  return TFC_OK;
}

tfc_code Parser::parseRecord(uint64_t index, Record &record) {
  auto n = static_cast<unsigned long long>(index);
  size_t start = pos;
  if (remaining() < kRecordFixedSize)
    return dataLoss(
        "truncated",
        formatString("it ends inside the header of record %llu", n));
  uint32_t nameLength = getU32(data + pos);
  uint32_t dtype = getU32(data + pos + 4);
  uint32_t rank = getU32(data + pos + 8);
  uint32_t reserved = getU32(data + pos + 12);
  uint64_t dataBytes = getU64(data + pos + 16);
  if (nameLength == 0 || nameLength > kMaxNameLength)
    return dataLoss(
        "corrupted",
        formatString("record %llu has a name of %u bytes", n, nameLength));
  if (rank > TFC_MAX_RANK)
    return dataLoss("corrupted",
                    formatString("record %llu has rank %u", n, rank));
  // Everything but the data is small now, so only the data can overflow.
  size_t headerBytes = kRecordFixedSize + nameLength + 8 * size_t(rank);
  if (headerBytes <= remaining())
    record.name.assign(reinterpret_cast<const char *>(data + pos) +
                           kRecordFixedSize,
                       nameLength);
  std::string which =
      record.name.empty()
          ? formatString("record %llu", n)
          : formatString("variable '%s'", printableName(record.name).c_str());
  if (headerBytes > remaining() || dataBytes > remaining() - headerBytes ||
      kCrcSize > remaining() - headerBytes - dataBytes)
    return dataLoss("truncated or corrupted",
                    formatString("%s needs %llu bytes of data but the file "
                                 "ends sooner",
                                 which.c_str(),
                                 static_cast<unsigned long long>(dataBytes)));
  size_t checked = headerBytes + static_cast<size_t>(dataBytes);
  uint32_t stored = getU32(data + pos + checked);
  uint32_t computed = tfc_crc32c(0, data + pos, checked);
  if (stored != computed)
    return dataLoss("corrupted",
                    formatString("the checksum of %s is 0x%08x but its bytes "
                                 "sum to 0x%08x",
                                 which.c_str(), stored, computed));
  pos += checked + kCrcSize;

  // The bytes are what the writer wrote; now check that they make sense.
  if (reserved != 0)
    return dataLoss("corrupted", formatString("%s has reserved field 0x%x",
                                              which.c_str(), reserved));
  if (record.name.find('\0') != std::string::npos)
    return dataLoss("corrupted", formatString("%s has a NUL byte in its name",
                                              which.c_str()));
  if (!isValidDtype(static_cast<tfc_dtype>(dtype)))
    return dataLoss("corrupted", formatString("%s has unknown dtype %u",
                                              which.c_str(), dtype));
  record.dtype = static_cast<tfc_dtype>(dtype);
  record.rank = rank;
  for (uint32_t i = 0; i < rank; ++i)
    record.dims[i] = static_cast<int64_t>(
        getU64(data + start + kRecordFixedSize + nameLength + 8 * i));
  int64_t byteSize;
  tfc_status shapeStatus;
  if (checkShape(record.dtype, record.rank, record.dims, which.c_str(), nullptr,
                 &byteSize, &shapeStatus) != TFC_OK)
    return dataLoss("corrupted", shapeStatus.message);
  if (static_cast<uint64_t>(byteSize) != dataBytes)
    return dataLoss("corrupted",
                    formatString("%s of type %s has %llu bytes of data "
                                 "instead of %lld",
                                 which.c_str(), record.type().c_str(),
                                 static_cast<unsigned long long>(dataBytes),
                                 static_cast<long long>(byteSize)));
  record.byteSize = byteSize;
  record.data = data + start + headerBytes;
  return TFC_OK;
}

tfc_code tfc::runtime::checkpoint::parse(const unsigned char *data, size_t size,
                                         const char *path,
                                         std::vector<Record> &records,
                                         tfc_status *status) {
  return Parser(data, size, path, status).run(records);
}
