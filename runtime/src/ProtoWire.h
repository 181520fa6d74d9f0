//===- ProtoWire.h - Protocol buffer wire format by hand --------*- C++ -*-===//
//
// The few pieces of the protobuf wire format that TensorFlow's checkpoint
// index needs: varints, tags, and a reader that walks the fields of a
// message. The runtime links no protobuf library, so the messages
// (BundleHeaderProto, BundleEntryProto, TensorShapeProto, VersionDef) are
// encoded and decoded field by field with these.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_PROTOWIRE_H
#define TFC_RUNTIME_SRC_PROTOWIRE_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace tfc::runtime::proto {

enum class WireType : uint8_t {
  Varint = 0,
  Fixed64 = 1,
  LengthDelimited = 2,
  Fixed32 = 5,
};

/// Appends `value` as a base-128 varint, low group first.
inline void putVarint(std::string &out, uint64_t value) {
  while (value >= 0x80) {
    out += static_cast<char>((value & 0x7f) | 0x80);
    value >>= 7;
  }
  out += static_cast<char>(value);
}

/// Reads a varint at `pos`, advancing it. False when the bytes end first or
/// the varint is longer than the ten bytes a uint64_t needs.
inline bool getVarint(const unsigned char *data, size_t size, size_t &pos,
                      uint64_t &value) {
  value = 0;
  for (unsigned shift = 0; shift < 64 && pos < size; shift += 7) {
    unsigned char byte = data[pos++];
    value |= static_cast<uint64_t>(byte & 0x7f) << shift;
    if (!(byte & 0x80))
      return true;
  }
  return false;
}

inline void putTag(std::string &out, uint32_t field, WireType type) {
  putVarint(out,
            (static_cast<uint64_t>(field) << 3) | static_cast<uint64_t>(type));
}

inline void putVarintField(std::string &out, uint32_t field, uint64_t value) {
  putTag(out, field, WireType::Varint);
  putVarint(out, value);
}

inline void putBytesField(std::string &out, uint32_t field,
                          const std::string &bytes) {
  putTag(out, field, WireType::LengthDelimited);
  putVarint(out, bytes.size());
  out += bytes;
}

inline void putFixed32Field(std::string &out, uint32_t field, uint32_t value) {
  putTag(out, field, WireType::Fixed32);
  for (int i = 0; i < 4; ++i)
    out += static_cast<char>(value >> (8 * i));
}

/// Walks the fields of one serialized message. Unknown fields are returned
/// like known ones, so callers skip what they do not use, as protobuf
/// parsers do. Groups (wire types 3 and 4) are malformed input here: no
/// TensorFlow checkpoint message has them.
class FieldReader {
public:
  FieldReader(const unsigned char *data, size_t size)
      : data(data), size(size) {}

  /// Reads the next field into the members below. False at the end of the
  /// message or on malformed bytes; malformed() tells which.
  bool next() {
    if (pos == size)
      return false;
    uint64_t tag;
    if (!getVarint(data, size, pos, tag) || (tag >> 3) == 0 ||
        (tag >> 3) > 0x1fffffff)
      return fail();
    number = static_cast<uint32_t>(tag >> 3);
    type = static_cast<WireType>(tag & 7);
    switch (type) {
    case WireType::Varint:
      return getVarint(data, size, pos, varint) || fail();
    case WireType::Fixed64:
      if (size - pos < 8)
        return fail();
      varint = 0;
      for (int i = 0; i < 8; ++i)
        varint |= static_cast<uint64_t>(data[pos + i]) << (8 * i);
      pos += 8;
      return true;
    case WireType::Fixed32:
      if (size - pos < 4)
        return fail();
      varint = 0;
      for (int i = 0; i < 4; ++i)
        varint |= static_cast<uint64_t>(data[pos + i]) << (8 * i);
      pos += 4;
      return true;
    case WireType::LengthDelimited: {
      uint64_t length;
      if (!getVarint(data, size, pos, length) || length > size - pos)
        return fail();
      bytes = data + pos;
      payloadSize = static_cast<size_t>(length);
      pos += payloadSize;
      return true;
    }
    }
    return fail();
  }

  bool malformed() const { return bad; }

  uint32_t number = 0;
  WireType type = WireType::Varint;
  /// The value of a varint, fixed32 or fixed64 field.
  uint64_t varint = 0;
  /// The payload of a length-delimited field.
  const unsigned char *bytes = nullptr;
  size_t payloadSize = 0;

private:
  bool fail() {
    bad = true;
    return false;
  }

  const unsigned char *data;
  size_t size;
  size_t pos = 0;
  bool bad = false;
};

} // namespace tfc::runtime::proto

#endif // TFC_RUNTIME_SRC_PROTOWIRE_H
