//===- CudaFatbin.cpp - What a fatbin holds -------------------------------===//
//
// A fatbin is a 16-byte header (magic 0xBA55ED50, version, header size, size
// of what follows) and then images, each an entry header (kind: 1 PTX,
// 2 ELF cubin; its own size; the payload's size; the architecture as
// major * 10 + minor at byte 28) followed by its payload.
//
//===----------------------------------------------------------------------===//

#include "CudaFatbin.h"
#include "Internal.h"

#include <cstdint>
#include <cstring>

using namespace tfc::runtime;

namespace {
constexpr uint32_t kFatbinMagic = 0xBA55ED50;
constexpr uint16_t kKindPtx = 1, kKindCubin = 2;
/// Bytes of an entry header up to and including the architecture word.
constexpr uint32_t kEntryHeaderMinimum = 32;

template <typename T> T readAt(const unsigned char *bytes, size_t offset) {
  T value;
  std::memcpy(&value, bytes + offset, sizeof(T));
  return value;
}
} // namespace

std::string tfc::runtime::describeFatbinImages(const void *image) {
  if (!image)
    return "";
  const auto *bytes = static_cast<const unsigned char *>(image);
  if (readAt<uint32_t>(bytes, 0) != kFatbinMagic)
    return "";
  uint16_t headerSize = readAt<uint16_t>(bytes, 6);
  uint64_t bodySize = readAt<uint64_t>(bytes, 8);
  std::string text;
  uint64_t offset = headerSize, end = headerSize + bodySize;
  // A bound on the entries read, should the sizes be corrupt.
  for (int entries = 0; offset + kEntryHeaderMinimum <= end && entries < 256;
       ++entries) {
    uint16_t kind = readAt<uint16_t>(bytes, offset);
    uint32_t entryHeaderSize = readAt<uint32_t>(bytes, offset + 4);
    uint64_t payloadSize = readAt<uint64_t>(bytes, offset + 8);
    uint32_t arch = readAt<uint32_t>(bytes, offset + 28);
    if (entryHeaderSize < kEntryHeaderMinimum)
      break;
    if (kind == kKindPtx || kind == kKindCubin)
      text += formatString("%ssm_%u (%s)", text.empty() ? "" : ", ", arch,
                           kind == kKindPtx ? "PTX" : "cubin");
    offset += entryHeaderSize + payloadSize;
  }
  return text;
}
