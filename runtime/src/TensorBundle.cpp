//===- TensorBundle.cpp - TensorFlow's checkpoint messages ----------------===//
//
// File names, dtype numbers, and the BundleHeaderProto and BundleEntryProto
// messages encoded and decoded by hand (ProtoWire.h).
//
//===----------------------------------------------------------------------===//

#include "TensorBundle.h"

#include "ProtoWire.h"

using namespace tfc::runtime;
using namespace tfc::runtime::bundle;
using proto::FieldReader;
using proto::WireType;

std::string bundle::indexPath(const std::string &prefix) {
  return prefix + ".index";
}

std::string bundle::dataPath(const std::string &prefix, int64_t shard,
                             int64_t numShards) {
  return prefix + formatString(".data-%05lld-of-%05lld",
                               static_cast<long long>(shard),
                               static_cast<long long>(numShards));
}

namespace {
struct DtypeName {
  int64_t number;
  tfc_dtype dtype;
  const char *tensorFlowName;
};
} // namespace

/// TensorFlow's DataType enum (types.proto), with the tfc dtype of each
/// type tfc has.
static constexpr DtypeName kDtypes[] = {
    {1, TFC_F32, "float"},
    {2, TFC_F64, "double"},
    {3, TFC_I32, "int32"},
    {4, TFC_DTYPE_INVALID, "uint8"},
    {5, TFC_DTYPE_INVALID, "int16"},
    {6, TFC_I8, "int8"},
    {7, TFC_DTYPE_INVALID, "string"},
    {8, TFC_DTYPE_INVALID, "complex64"},
    {9, TFC_I64, "int64"},
    {10, TFC_BOOL, "bool"},
    {11, TFC_DTYPE_INVALID, "qint8"},
    {12, TFC_DTYPE_INVALID, "quint8"},
    {13, TFC_DTYPE_INVALID, "qint32"},
    {14, TFC_BF16, "bfloat16"},
    {15, TFC_DTYPE_INVALID, "qint16"},
    {16, TFC_DTYPE_INVALID, "quint16"},
    {17, TFC_DTYPE_INVALID, "uint16"},
    {18, TFC_DTYPE_INVALID, "complex128"},
    {19, TFC_F16, "half"},
    {20, TFC_DTYPE_INVALID, "resource"},
    {21, TFC_DTYPE_INVALID, "variant"},
    {22, TFC_DTYPE_INVALID, "uint32"},
    {23, TFC_DTYPE_INVALID, "uint64"},
};

int64_t bundle::tensorFlowDtype(tfc_dtype dtype) {
  for (const DtypeName &entry : kDtypes)
    if (entry.dtype == dtype && dtype != TFC_DTYPE_INVALID)
      return entry.number;
  return 0;
}

tfc_dtype bundle::dtypeFromTensorFlow(int64_t dtype) {
  for (const DtypeName &entry : kDtypes)
    if (entry.number == dtype)
      return entry.dtype;
  return TFC_DTYPE_INVALID;
}

std::string bundle::tensorFlowDtypeName(int64_t dtype) {
  for (const DtypeName &entry : kDtypes)
    if (entry.number == dtype)
      return entry.dtype != TFC_DTYPE_INVALID ? tfc_dtype_name(entry.dtype)
                                              : entry.tensorFlowName;
  return formatString("dtype %lld", static_cast<long long>(dtype));
}

//===----------------------------------------------------------------------===//
// Encoding
//===----------------------------------------------------------------------===//

std::string bundle::encodeHeader(int64_t numShards) {
  std::string version;
  proto::putVarintField(version, 1, kVersion);
  std::string header;
  proto::putVarintField(header, 1, static_cast<uint64_t>(numShards));
  // endianness = LITTLE is 0, the default, which protobuf leaves out.
  proto::putBytesField(header, 3, version);
  return header;
}

std::string bundle::encodeEntry(const Entry &entry) {
  std::string shape;
  for (int64_t size : entry.dims) {
    std::string dim;
    if (size != 0)
      proto::putVarintField(dim, 1, static_cast<uint64_t>(size));
    proto::putBytesField(shape, 2, dim);
  }
  std::string bytes;
  proto::putVarintField(bytes, 1, static_cast<uint64_t>(entry.dtype));
  proto::putBytesField(bytes, 2, shape);
  if (entry.shardId != 0)
    proto::putVarintField(bytes, 3, static_cast<uint64_t>(entry.shardId));
  if (entry.offset != 0)
    proto::putVarintField(bytes, 4, static_cast<uint64_t>(entry.offset));
  if (entry.size != 0)
    proto::putVarintField(bytes, 5, static_cast<uint64_t>(entry.size));
  if (entry.crc != 0)
    proto::putFixed32Field(bytes, 6, entry.crc);
  return bytes;
}

//===----------------------------------------------------------------------===//
// Decoding
//===----------------------------------------------------------------------===//

static FieldReader readerOf(const std::string &bytes) {
  return FieldReader(reinterpret_cast<const unsigned char *>(bytes.data()),
                     bytes.size());
}

/// Checks that a known field has the wire type its declaration implies.
static bool expectType(const FieldReader &field, WireType type,
                       const char *message, std::string &error) {
  if (field.type == type)
    return true;
  error = formatString("field %u of its %s has wire type %d", field.number,
                       message, static_cast<int>(field.type));
  return false;
}

static bool decodeVersion(const FieldReader &field, Header &header,
                          std::string &error) {
  FieldReader version(field.bytes, field.payloadSize);
  while (version.next()) {
    if (version.number == 1 || version.number == 2) {
      if (!expectType(version, WireType::Varint, "VersionDef", error))
        return false;
      int64_t value = static_cast<int64_t>(version.varint);
      (version.number == 1 ? header.producer : header.minConsumer) = value;
    } else if (version.number == 3 && version.type == WireType::Varint) {
      header.badConsumers.push_back(static_cast<int64_t>(version.varint));
    } else if (version.number == 3 &&
               version.type == WireType::LengthDelimited) {
      // A packed repeated field: varints back to back.
      size_t pos = 0;
      while (pos < version.payloadSize) {
        uint64_t value;
        if (!proto::getVarint(version.bytes, version.payloadSize, pos, value)) {
          error = "its VersionDef's bad_consumers are malformed";
          return false;
        }
        header.badConsumers.push_back(static_cast<int64_t>(value));
      }
    }
  }
  if (version.malformed()) {
    error = "its VersionDef is malformed";
    return false;
  }
  return true;
}

bool bundle::decodeHeader(const std::string &bytes, Header &header,
                          std::string &error) {
  header = Header();
  FieldReader field = readerOf(bytes);
  while (field.next()) {
    if (field.number == 1 || field.number == 2) {
      if (!expectType(field, WireType::Varint, "BundleHeaderProto", error))
        return false;
      int64_t value = static_cast<int64_t>(field.varint);
      (field.number == 1 ? header.numShards : header.endianness) = value;
    } else if (field.number == 3) {
      if (!expectType(field, WireType::LengthDelimited, "BundleHeaderProto",
                      error) ||
          !decodeVersion(field, header, error))
        return false;
    }
  }
  if (field.malformed()) {
    error = "it is not a BundleHeaderProto";
    return false;
  }
  return true;
}

static bool decodeShape(const FieldReader &field, Entry &entry,
                        std::string &error) {
  FieldReader shape(field.bytes, field.payloadSize);
  while (shape.next()) {
    if (shape.number == 2) {
      if (!expectType(shape, WireType::LengthDelimited, "TensorShapeProto",
                      error))
        return false;
      int64_t size = 0;
      FieldReader dim(shape.bytes, shape.payloadSize);
      while (dim.next())
        if (dim.number == 1) {
          if (!expectType(dim, WireType::Varint, "TensorShapeProto.Dim", error))
            return false;
          size = static_cast<int64_t>(dim.varint);
        }
      if (dim.malformed()) {
        error = "a dimension of its shape is malformed";
        return false;
      }
      entry.dims.push_back(size);
    } else if (shape.number == 3) {
      if (!expectType(shape, WireType::Varint, "TensorShapeProto", error))
        return false;
      entry.unknownRank = shape.varint != 0;
    }
  }
  if (shape.malformed()) {
    error = "its shape is malformed";
    return false;
  }
  return true;
}

bool bundle::decodeEntry(const std::string &bytes, Entry &entry,
                         std::string &error) {
  entry = Entry();
  FieldReader field = readerOf(bytes);
  while (field.next()) {
    switch (field.number) {
    case 1:
    case 3:
    case 4:
    case 5: {
      if (!expectType(field, WireType::Varint, "BundleEntryProto", error))
        return false;
      auto value = static_cast<int64_t>(field.varint);
      if (field.number == 1)
        entry.dtype = value;
      else if (field.number == 3)
        entry.shardId = value;
      else if (field.number == 4)
        entry.offset = value;
      else
        entry.size = value;
      break;
    }
    case 2:
      if (!expectType(field, WireType::LengthDelimited, "BundleEntryProto",
                      error) ||
          !decodeShape(field, entry, error))
        return false;
      break;
    case 6:
      if (!expectType(field, WireType::Fixed32, "BundleEntryProto", error))
        return false;
      entry.crc = static_cast<uint32_t>(field.varint);
      break;
    case 7:
      ++entry.numSlices;
      break;
    default:
      break;
    }
  }
  if (field.malformed()) {
    error = "it is not a BundleEntryProto";
    return false;
  }
  return true;
}
