//===- Snappy.cpp - Decompressing Snappy blocks ---------------------------===//
//
// A raw Snappy block is a varint (the uncompressed length) followed by
// elements, each starting with a tag byte whose two low bits say what it is:
//   00  a literal: the length minus one in the tag's upper six bits, or,
//       for 60..63 there, in the next 1..4 little-endian bytes; then the
//       literal bytes;
//   01  a copy of 4..11 bytes (three bits of the tag) from an 11-bit offset
//       back (three bits of the tag, then one byte);
//   10  a copy of 1..64 bytes (six bits of the tag) from a 16-bit offset;
//   11  the same with a 32-bit offset.
// A copy may overlap its own output (offset < length repeats a pattern).
//
//===----------------------------------------------------------------------===//

#include "Snappy.h"

#include "Internal.h"
#include "ProtoWire.h"

using namespace tfc::runtime;

/// The most a Snappy block expands: a three-byte copy element makes 64
/// bytes. A declared length beyond that is a damaged block, refused before
/// anything is allocated.
static constexpr size_t kMaxExpansion = 22;

/// Reads `count` little-endian bytes at `pos`.
static bool readLittleEndian(const unsigned char *data, size_t size,
                             size_t &pos, int count, uint64_t &value) {
  if (size - pos < static_cast<size_t>(count))
    return false;
  value = 0;
  for (int i = 0; i < count; ++i)
    value |= static_cast<uint64_t>(data[pos + i]) << (8 * i);
  pos += count;
  return true;
}

bool tfc::runtime::snappyUncompress(const unsigned char *data, size_t size,
                                    std::string &out, std::string &error) {
  size_t pos = 0;
  uint64_t expected;
  if (!proto::getVarint(data, size, pos, expected) || expected > 0xffffffffu) {
    error = "its Snappy length is malformed";
    return false;
  }
  if (expected > kMaxExpansion * size) {
    error = formatString("its Snappy length %llu is more than %zu bytes can "
                         "expand to",
                         static_cast<unsigned long long>(expected), size);
    return false;
  }
  out.clear();
  out.reserve(static_cast<size_t>(expected));
  while (pos < size) {
    unsigned char tag = data[pos++];
    uint64_t length, offset;
    if ((tag & 3) == 0) {
      length = tag >> 2;
      if (length >= 60 &&
          !readLittleEndian(data, size, pos, static_cast<int>(length - 59),
                            length)) {
        error = "a Snappy literal's length is cut off";
        return false;
      }
      length += 1;
      if (length > size - pos || length > expected - out.size()) {
        error = "a Snappy literal runs past the end";
        return false;
      }
      out.append(reinterpret_cast<const char *>(data + pos),
                 static_cast<size_t>(length));
      pos += static_cast<size_t>(length);
      continue;
    }
    bool complete;
    if ((tag & 3) == 1) {
      length = 4 + ((tag >> 2) & 7);
      complete = readLittleEndian(data, size, pos, 1, offset);
      offset |= static_cast<uint64_t>(tag >> 5) << 8;
    } else {
      length = 1 + (tag >> 2);
      complete =
          readLittleEndian(data, size, pos, (tag & 3) == 2 ? 2 : 4, offset);
    }
    if (!complete) {
      error = "a Snappy copy's offset is cut off";
      return false;
    }
    if (offset == 0 || offset > out.size()) {
      error = formatString("a Snappy copy reaches %llu bytes back, but only "
                           "%zu bytes precede it",
                           static_cast<unsigned long long>(offset), out.size());
      return false;
    }
    if (length > expected - out.size()) {
      error = "a Snappy copy runs past the declared length";
      return false;
    }
    // Byte by byte: the source may overlap what this copy appends.
    size_t from = out.size() - static_cast<size_t>(offset);
    for (uint64_t i = 0; i < length; ++i)
      out += out[from + static_cast<size_t>(i)];
  }
  if (out.size() != expected) {
    error = formatString("it decompresses to %zu bytes instead of the %llu "
                         "its Snappy length declares",
                         out.size(), static_cast<unsigned long long>(expected));
    return false;
  }
  return true;
}
