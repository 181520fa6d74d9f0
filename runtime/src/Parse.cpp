//===- Parse.cpp - Tensor literals ----------------------------------------===//
//
// Parses "[[1.5, 2], [3, 4]]"-style literals into tensors. The shape is not
// written down: it is inferred from the nesting, and every list at one
// nesting level must have the same length (a rectangular, non-ragged array).
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <clocale>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <locale.h>
#include <string_view>
#include <vector>

using namespace tfc::runtime;

namespace {
class LiteralParser {
public:
  LiteralParser(std::string_view text, tfc_dtype dtype, tfc_status *status)
      : text(text), dtype(dtype), status(status) {}

  tfc_tensor *parse();

private:
  bool parseList(int64_t depth);
  bool parseScalar(int64_t depth);
  bool appendScalar(std::string_view token, size_t offset);
  bool appendFloat(std::string_view token, size_t offset);
  bool appendInteger(std::string_view token, size_t offset);
  void skipSpace();
  bool fail(size_t offset, const std::string &problem);

  std::string_view text;
  tfc_dtype dtype;
  tfc_status *status;
  size_t pos = 0;
  /// Length of the lists at each nesting level; -1 until one is closed.
  int64_t dims[TFC_MAX_RANK];
  /// One more than the deepest nesting level a list was opened at.
  int64_t listDepth = 0;
  /// Nesting level of the numbers; -1 until the first one.
  int64_t leafDepth = -1;
  std::vector<unsigned char> bytes;
  int64_t numElements = 0;
};
} // namespace

static bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool isDelimiter(char c) {
  return isSpace(c) || c == ',' || c == '[' || c == ']';
}

void LiteralParser::skipSpace() {
  while (pos < text.size() && isSpace(text[pos]))
    ++pos;
}

bool LiteralParser::fail(size_t offset, const std::string &problem) {
  std::string shown(text.substr(0, 48));
  if (text.size() > 48)
    shown += "...";
  setError(status, TFC_INVALID_ARGUMENT, "invalid %s literal \"%s\": %s",
           tfc_dtype_name(dtype), shown.c_str(),
           formatString("%s (at offset %zu)", problem.c_str(), offset).c_str());
  return false;
}

/// A token as quoted in messages: long ones are cut short.
static std::string shorten(std::string_view token) {
  if (token.size() <= 40)
    return std::string(token);
  return std::string(token.substr(0, 40)) + "...";
}

tfc_tensor *LiteralParser::parse() {
  if (!isValidDtype(dtype)) {
    setError(status, TFC_INVALID_ARGUMENT,
             "cannot parse a literal as invalid dtype %d",
             static_cast<int>(dtype));
    return nullptr;
  }
  for (int64_t &dim : dims)
    dim = -1;
  skipSpace();
  if (pos == text.size()) {
    fail(pos, "the literal is empty");
    return nullptr;
  }
  bool parsed = text[pos] == '[' ? parseList(0) : parseScalar(0);
  if (!parsed)
    return nullptr;
  skipSpace();
  if (pos != text.size()) {
    fail(pos, formatString("unexpected '%c' after the value", text[pos]));
    return nullptr;
  }
  int64_t rank = leafDepth >= 0 ? leafDepth : listDepth;
  tfc_tensor *tensor = tfc_tensor_create(dtype, rank, dims, status);
  if (!tensor)
    return nullptr;
  if (tensor->numElements != numElements) {
    // The nesting checks make this impossible; keep the invariant explicit.
    tfc_tensor_destroy(tensor);
    setError(status, TFC_INTERNAL, "literal has %lld elements, shape %s",
             static_cast<long long>(numElements),
             shapeString(dims, rank).c_str());
    return nullptr;
  }
  if (!bytes.empty())
    std::memcpy(tensor->data, bytes.data(), bytes.size());
  return tensor;
}

bool LiteralParser::parseList(int64_t depth) {
  size_t open = pos;
  if (depth >= TFC_MAX_RANK)
    return fail(open, formatString("lists nest deeper than %d", TFC_MAX_RANK));
  if (leafDepth >= 0 && depth >= leafDepth)
    return fail(open, "ragged literal: a list where a number was expected");
  listDepth = std::max(listDepth, depth + 1);
  ++pos;
  int64_t length = 0;
  while (true) {
    skipSpace();
    if (pos == text.size())
      return fail(open, "missing ']' for this '['");
    if (text[pos] == ']') {
      ++pos;
      break;
    }
    if (text[pos] == ',')
      return fail(pos, "expected a value before ','");
    bool parsed =
        text[pos] == '[' ? parseList(depth + 1) : parseScalar(depth + 1);
    if (!parsed)
      return false;
    ++length;
    skipSpace();
    if (pos < text.size() && text[pos] == ',')
      ++pos;
  }
  if (dims[depth] == -1)
    dims[depth] = length;
  else if (dims[depth] != length)
    return fail(open, formatString("ragged literal: a list of %lld elements "
                                   "where the lists before had %lld",
                                   static_cast<long long>(length),
                                   static_cast<long long>(dims[depth])));
  return true;
}

bool LiteralParser::parseScalar(int64_t depth) {
  size_t start = pos;
  while (pos < text.size() && !isDelimiter(text[pos]))
    ++pos;
  if (pos == start)
    return fail(start,
                formatString("expected a value, found '%c'", text[start]));
  if (depth < listDepth || (leafDepth >= 0 && depth != leafDepth))
    return fail(start, "ragged literal: a number where a list was expected");
  leafDepth = depth;
  return appendScalar(text.substr(start, pos - start), start);
}

bool LiteralParser::appendScalar(std::string_view token, size_t offset) {
  ++numElements;
  if (dtype == TFC_BOOL) {
    uint8_t value;
    if (token == "true" || token == "True" || token == "1")
      value = 1;
    else if (token == "false" || token == "False" || token == "0")
      value = 0;
    else
      return fail(offset, formatString("'%s' is not a bool (true, false, "
                                       "1 or 0)",
                                       shorten(token).c_str()));
    bytes.push_back(value);
    return true;
  }
  if (dtype == TFC_I8 || dtype == TFC_I32 || dtype == TFC_I64)
    return appendInteger(token, offset);
  return appendFloat(token, offset);
}

template <typename T>
static void appendBytes(std::vector<unsigned char> &out, T value) {
  unsigned char raw[sizeof(T)];
  std::memcpy(raw, &value, sizeof(T));
  out.insert(out.end(), raw, raw + sizeof(T));
}

/// from_chars does not accept a leading '+'; strip one (but not "+-1").
static std::string_view stripPlus(std::string_view token) {
  if (token.size() > 1 && token[0] == '+' && token[1] != '-' && token[1] != '+')
    return token.substr(1);
  return token;
}

/// The "C" locale, so that parsing does not depend on the process locale
/// (whose decimal point may be a comma).
static locale_t cLocale() {
  static locale_t locale = newlocale(LC_ALL_MASK, "C", locale_t(nullptr));
  return locale;
}

bool LiteralParser::appendFloat(std::string_view token, size_t offset) {
  if (!cLocale()) {
    setError(status, TFC_INTERNAL, "cannot create the C locale");
    return false;
  }
  // strtod needs a NUL-terminated string; its only leniency the token can
  // reach is hexadecimal floats, which are fine.
  std::string copy(token);
  char *end = nullptr;
  errno = 0;
  double value = dtype == TFC_F32 ? strtof_l(copy.c_str(), &end, cLocale())
                                  : strtod_l(copy.c_str(), &end, cLocale());
  if (end != copy.c_str() + copy.size())
    return fail(offset,
                formatString("'%s' is not a number", shorten(copy).c_str()));
  // ERANGE with an infinite result is an overflow; with a finite one, an
  // underflow to a subnormal or zero, which NumPy accepts too.
  bool overflow = errno == ERANGE && std::isinf(value);
  if (dtype == TFC_F32) {
    if (!overflow)
      appendBytes(bytes, static_cast<float>(value));
  } else if (dtype == TFC_F64) {
    if (!overflow)
      appendBytes(bytes, value);
  } else {
    uint16_t bits =
        dtype == TFC_F16 ? doubleToHalf(value) : doubleToBFloat16(value);
    double rounded =
        dtype == TFC_F16 ? halfToDouble(bits) : bfloat16ToDouble(bits);
    overflow |= std::isinf(rounded) && std::isfinite(value);
    if (!overflow)
      appendBytes(bytes, bits);
  }
  if (overflow)
    return fail(offset,
                formatString("%s is out of range for %s", shorten(copy).c_str(),
                             tfc_dtype_name(dtype)));
  return true;
}

bool LiteralParser::appendInteger(std::string_view token, size_t offset) {
  std::string_view digits = stripPlus(token);
  const char *end = digits.data() + digits.size();
  int64_t value = 0;
  std::from_chars_result result = std::from_chars(digits.data(), end, value);
  int64_t low = dtype == TFC_I8    ? INT8_MIN
                : dtype == TFC_I32 ? INT32_MIN
                                   : INT64_MIN;
  int64_t high = dtype == TFC_I8    ? INT8_MAX
                 : dtype == TFC_I32 ? INT32_MAX
                                    : INT64_MAX;
  bool outOfRange = result.ec == std::errc::result_out_of_range ||
                    (result.ec == std::errc() && (value < low || value > high));
  if (outOfRange && result.ptr == end)
    return fail(offset,
                formatString("%s is out of range for %s",
                             shorten(token).c_str(), tfc_dtype_name(dtype)));
  if (result.ec != std::errc() || result.ptr != end)
    return fail(offset,
                formatString("'%s' is not an integer", shorten(token).c_str()));
  if (dtype == TFC_I8)
    appendBytes(bytes, static_cast<int8_t>(value));
  else if (dtype == TFC_I32)
    appendBytes(bytes, static_cast<int32_t>(value));
  else
    appendBytes(bytes, value);
  return true;
}

extern "C" tfc_tensor *tfc_tensor_parse(const char *text, tfc_dtype dtype,
                                        tfc_status *status) {
  if (!text) {
    setError(status, TFC_INVALID_ARGUMENT, "cannot parse a NULL literal");
    return nullptr;
  }
  return LiteralParser(text, dtype, status).parse();
}
