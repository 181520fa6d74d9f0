//===- Npy.cpp - NumPy .npy files -----------------------------------------===//
//
// Reads and writes the .npy format: a magic string, a version, and a Python
// dict literal describing dtype, order and shape, then the raw data. The
// header parser accepts exactly what the dict can hold for a plain array.
//
//===----------------------------------------------------------------------===//

#include "FileIO.h"
#include "Internal.h"

#include <algorithm>
#include <cstring>
#include <string_view>

using namespace tfc::runtime;

static constexpr char kNpyMagic[] = "\x93NUMPY";
static constexpr size_t kNpyMagicSize = 6;

namespace {
/// The three keys of an .npy header.
struct NpyHeader {
  std::string descr;
  bool fortranOrder = false;
  int64_t rank = 0;
  int64_t dims[TFC_MAX_RANK] = {};
};

/// Parses the header dict: {'descr': '<f4', 'fortran_order': False,
/// 'shape': (2, 3), }.
class HeaderParser {
public:
  HeaderParser(std::string_view text, tfc_status *status)
      : text(text), status(status) {}
  tfc_code parse(NpyHeader &header);

private:
  void skipSpace() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\n' ||
                                 text[pos] == '\t' || text[pos] == '\r'))
      ++pos;
  }
  bool consume(char c) {
    skipSpace();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  bool parseString(std::string &out);
  bool parseShape(NpyHeader &header);
  tfc_code fail(const char *problem) {
    return setError(status, TFC_DATA_LOSS,
                    ".npy header is malformed: %s in \"%.*s\"", problem,
                    int(std::min<size_t>(text.size(), 200)), text.data());
  }

  std::string_view text;
  tfc_status *status;
  size_t pos = 0;
};
} // namespace

bool HeaderParser::parseString(std::string &out) {
  skipSpace();
  if (pos >= text.size() || (text[pos] != '\'' && text[pos] != '"'))
    return false;
  char quote = text[pos++];
  size_t end = text.find(quote, pos);
  if (end == std::string_view::npos)
    return false;
  out.assign(text.substr(pos, end - pos));
  pos = end + 1;
  return out.find('\\') == std::string::npos;
}

bool HeaderParser::parseShape(NpyHeader &header) {
  if (!consume('('))
    return false;
  header.rank = 0;
  while (!consume(')')) {
    if (header.rank > 0 && !consume(','))
      return false;
    if (consume(')')) // The trailing comma of "(3,)".
      return true;
    skipSpace();
    size_t start = pos;
    int64_t value = 0;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
      if (__builtin_mul_overflow(value, 10, &value) ||
          __builtin_add_overflow(value, text[pos] - '0', &value))
        return false;
      ++pos;
    }
    if (pos == start || header.rank == TFC_MAX_RANK)
      return false;
    if (pos < text.size() && text[pos] == 'L') // Python 2's long suffix.
      ++pos;
    header.dims[header.rank++] = value;
  }
  return true;
}

tfc_code HeaderParser::parse(NpyHeader &header) {
  if (!consume('{'))
    return fail("expected '{'");
  bool seenDescr = false, seenOrder = false, seenShape = false;
  while (!consume('}')) {
    std::string key;
    if (!parseString(key) || !consume(':'))
      return fail("expected a quoted key and ':'");
    if (key == "descr") {
      if (!parseString(header.descr))
        return fail("'descr' is not a string (structured dtypes are not "
                    "supported)");
      seenDescr = true;
    } else if (key == "fortran_order") {
      skipSpace();
      header.fortranOrder = text.substr(pos, 4) == "True";
      if (!header.fortranOrder && text.substr(pos, 5) != "False")
        return fail("'fortran_order' is not True or False");
      pos += header.fortranOrder ? 4 : 5;
      seenOrder = true;
    } else if (key == "shape") {
      if (!parseShape(header))
        return fail("'shape' is not a tuple of at most 32 sizes");
      seenShape = true;
    } else {
      return fail("unexpected key");
    }
    if (consume(','))
      continue;
    skipSpace();
    if (pos >= text.size() || text[pos] != '}')
      return fail("expected ',' or '}'");
  }
  skipSpace();
  if (pos != text.size())
    return fail("unexpected text after '}'");
  if (!seenDescr || !seenOrder || !seenShape)
    return fail("'descr', 'fortran_order' or 'shape' is missing");
  return TFC_OK;
}

/// The tfc dtype of a descr, or TFC_DTYPE_INVALID with an error set.
static tfc_dtype dtypeOfDescr(const std::string &descr, tfc_status *status) {
  if (descr == "bfloat16")
    return TFC_BF16;
  char order = descr.empty() ? '?' : descr[0];
  std::string kind = descr.size() > 1 ? descr.substr(1) : "";
  static const struct {
    const char *kind;
    tfc_dtype dtype;
  } kKinds[] = {{"f2", TFC_F16},  {"f4", TFC_F32}, {"f8", TFC_F64},
                {"b1", TFC_BOOL}, {"i1", TFC_I8},  {"i4", TFC_I32},
                {"i8", TFC_I64},  {"V2", TFC_BF16}};
  tfc_dtype dtype = TFC_DTYPE_INVALID;
  for (const auto &entry : kKinds)
    if (kind == entry.kind)
      dtype = entry.dtype;
  bool knownOrder =
      order == '<' || order == '>' || order == '|' || order == '=';
  if (dtype == TFC_DTYPE_INVALID || !knownOrder) {
    setError(status, TFC_UNIMPLEMENTED,
             ".npy dtype '%s' is not supported (tfc reads <f2 <f4 <f8 |b1 "
             "|i1 <i4 <i8 and <V2 as bf16)",
             descr.c_str());
    return TFC_DTYPE_INVALID;
  }
  // Byte order matters for multi-byte numbers only; bf16's void type has none.
  if (order == '>' && tfc_dtype_size(dtype) > 1 && kind != "V2") {
    setError(status, TFC_UNIMPLEMENTED,
             "big-endian .npy data ('%s') is not supported", descr.c_str());
    return TFC_DTYPE_INVALID;
  }
  return dtype;
}

extern "C" {

tfc_tensor *tfc_npy_parse(const void *data, size_t size, tfc_status *status) {
  const auto *bytes = static_cast<const unsigned char *>(data);
  if (!bytes && size > 0) {
    setError(status, TFC_INVALID_ARGUMENT, "cannot parse NULL .npy bytes");
    return nullptr;
  }
  if (size < kNpyMagicSize + 2 ||
      std::memcmp(bytes, kNpyMagic, kNpyMagicSize) != 0) {
    setError(status, TFC_DATA_LOSS,
             "not a .npy file: it does not start with \"\\x93NUMPY\"");
    return nullptr;
  }
  unsigned major = bytes[6], minor = bytes[7];
  if (major < 1 || major > 3 || minor != 0) {
    setError(status, TFC_UNIMPLEMENTED,
             ".npy format version %u.%u is not supported (1.0, 2.0 and 3.0 "
             "are)",
             major, minor);
    return nullptr;
  }
  size_t lengthSize = major == 1 ? 2 : 4;
  size_t headerStart = kNpyMagicSize + 2 + lengthSize;
  if (size < headerStart) {
    setError(status, TFC_DATA_LOSS, ".npy file is truncated in its preamble");
    return nullptr;
  }
  size_t headerLength = 0;
  for (size_t i = 0; i < lengthSize; ++i)
    headerLength |= size_t(bytes[8 + i]) << (8 * i);
  if (headerLength > size - headerStart) {
    setError(status, TFC_DATA_LOSS,
             ".npy file is truncated: its header has %zu bytes but only %zu "
             "follow",
             headerLength, size - headerStart);
    return nullptr;
  }
  NpyHeader header;
  std::string_view text(reinterpret_cast<const char *>(bytes) + headerStart,
                        headerLength);
  if (HeaderParser(text, status).parse(header) != TFC_OK)
    return nullptr;
  tfc_dtype dtype = dtypeOfDescr(header.descr, status);
  if (dtype == TFC_DTYPE_INVALID)
    return nullptr;
  if (header.fortranOrder && header.rank > 1) {
    setError(status, TFC_UNIMPLEMENTED,
             ".npy arrays in Fortran order are not supported; save a C-order "
             "array (np.ascontiguousarray)");
    return nullptr;
  }
  int64_t byteSize;
  if (checkShape(dtype, header.rank, header.dims, ".npy array", nullptr,
                 &byteSize, status) != TFC_OK)
    return nullptr;
  size_t available = size - headerStart - headerLength;
  if (static_cast<uint64_t>(byteSize) != available) {
    setError(status, TFC_DATA_LOSS,
             ".npy file has %zu bytes of data; a %s array needs %lld",
             available, typeString(dtype, header.dims, header.rank).c_str(),
             static_cast<long long>(byteSize));
    return nullptr;
  }
  const unsigned char *payload = bytes + headerStart + headerLength;
  if (dtype == TFC_BOOL)
    for (int64_t i = 0; i < byteSize; ++i)
      if (payload[i] > 1) {
        setError(status, TFC_DATA_LOSS,
                 ".npy bool element %lld is %u, not 0 or 1",
                 static_cast<long long>(i), unsigned(payload[i]));
        return nullptr;
      }
  tfc_tensor *tensor =
      tfc_tensor_create(dtype, header.rank, header.dims, status);
  if (tensor && byteSize > 0)
    std::memcpy(tensor->data, payload, static_cast<size_t>(byteSize));
  return tensor;
}

tfc_tensor *tfc_npy_read(const char *path, tfc_status *status) {
  if (!path) {
    setError(status, TFC_INVALID_ARGUMENT, "cannot read a NULL .npy path");
    return nullptr;
  }
  MallocBuffer bytes;
  size_t size = 0;
  if (readWholeFile(path, ".npy file", bytes, size, status) != TFC_OK)
    return nullptr;
  tfc_status inner;
  tfc_tensor *tensor = tfc_npy_parse(bytes.get(), size, &inner);
  if (!tensor)
    setError(status, inner.code, "%s: %s", path, inner.message.c_str());
  return tensor;
}

tfc_code tfc_npy_write(const tfc_tensor *tensor, const char *path,
                       tfc_status *status) {
  if (!tensor || !path || !*path)
    return setError(status, TFC_INVALID_ARGUMENT, "cannot write %s",
                    !tensor ? "a NULL tensor" : "to an empty .npy path");
  static const char *const kDescrs[] = {"",    "<f2", "<V2", "<f4", "<f8",
                                        "|b1", "|i1", "<i4", "<i8"};
  std::string header = formatString("{'descr': '%s', 'fortran_order': False, "
                                    "'shape': (",
                                    kDescrs[tensor->dtype]);
  for (int64_t i = 0; i < tensor->rank; ++i)
    header += formatString("%s%lld", i ? ", " : "",
                           static_cast<long long>(tensor->dims[i]));
  header += tensor->rank == 1 ? ",), }" : "), }";
  // NumPy pads with spaces and a newline so the data starts 64-byte aligned.
  size_t preamble = kNpyMagicSize + 2 + 2;
  size_t total = (preamble + header.size() + 1 + 63) / 64 * 64;
  header.append(total - preamble - header.size() - 1, ' ');
  header += '\n';
  unsigned char start[10];
  std::memcpy(start, kNpyMagic, kNpyMagicSize);
  start[6] = 1;
  start[7] = 0;
  start[8] = static_cast<unsigned char>(header.size() & 0xFF);
  start[9] = static_cast<unsigned char>(header.size() >> 8);
  AtomicFileWriter file;
  tfc_code code;
  if ((code = file.open(path, ".npy file", status)) ||
      (code = file.write(start, sizeof(start), status)) ||
      (code = file.write(header.data(), header.size(), status)) ||
      (code = file.write(tensor->data, size_t(tensor->byteSize), status)))
    return code;
  return file.commit(status);
}

} // extern "C"
