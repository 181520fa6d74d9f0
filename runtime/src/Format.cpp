//===- Format.cpp - Printing tensors --------------------------------------===//
//
// Element and tensor formatting shared by the printer API, tfc.print and
// tfc.assert. Numbers go through std::to_chars, so the output does not depend
// on the process locale.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

using namespace tfc::runtime;

/// Appends a finite value read from 16 bits: the shortest decimal that
/// encodes back to the same bits (at most `maxDigits` significant digits are
/// ever needed: 5 for f16, 4 for bf16), written as the shortest text of that
/// decimal ("65500", not "6.55e+04").
static void appendShortest16(std::string &out, uint16_t bits, double value,
                             uint16_t (*encode)(double), int maxDigits) {
  char buffer[64];
  double decimal = value;
  for (int digits = 1; digits <= maxDigits; ++digits) {
    std::to_chars_result result =
        std::to_chars(buffer, buffer + sizeof(buffer), value,
                      std::chars_format::general, digits);
    double parsed = 0;
    std::from_chars(buffer, result.ptr, parsed);
    if (encode(parsed) == bits) {
      decimal = parsed;
      break;
    }
  }
  std::to_chars_result result =
      std::to_chars(buffer, buffer + sizeof(buffer), decimal);
  out.append(buffer, result.ptr);
}

/// Appends "nan", "inf" or "-inf" and returns true for non-finite values.
static bool appendNonFinite(std::string &out, double value) {
  if (std::isnan(value))
    out += "nan";
  else if (std::isinf(value))
    out += value < 0 ? "-inf" : "inf";
  else
    return false;
  return true;
}

template <typename T> static void appendNumber(std::string &out, T value) {
  char buffer[64];
  std::to_chars_result result =
      std::to_chars(buffer, buffer + sizeof(buffer), value);
  out.append(buffer, result.ptr);
}

template <typename T> static T load(const void *data, int64_t index) {
  T value;
  std::memcpy(&value, static_cast<const char *>(data) + index * sizeof(T),
              sizeof(T));
  return value;
}

void tfc::runtime::appendElement(std::string &out, tfc_dtype dtype,
                                 const void *data, int64_t index) {
  switch (dtype) {
  case TFC_F16: {
    uint16_t bits = load<uint16_t>(data, index);
    double value = halfToDouble(bits);
    if (!appendNonFinite(out, value))
      appendShortest16(out, bits, value, doubleToHalf, 5);
    return;
  }
  case TFC_BF16: {
    uint16_t bits = load<uint16_t>(data, index);
    double value = bfloat16ToDouble(bits);
    if (!appendNonFinite(out, value))
      appendShortest16(out, bits, value, doubleToBFloat16, 4);
    return;
  }
  case TFC_F32: {
    float value = load<float>(data, index);
    if (!appendNonFinite(out, value))
      appendNumber(out, value);
    return;
  }
  case TFC_F64: {
    double value = load<double>(data, index);
    if (!appendNonFinite(out, value))
      appendNumber(out, value);
    return;
  }
  case TFC_BOOL:
    out += load<uint8_t>(data, index) ? "true" : "false";
    return;
  case TFC_I8:
    appendNumber(out, int(load<int8_t>(data, index)));
    return;
  case TFC_I32:
    appendNumber(out, load<int32_t>(data, index));
    return;
  case TFC_I64:
    appendNumber(out, load<int64_t>(data, index));
    return;
  default:
    out += '?';
    return;
  }
}

namespace {
/// How far printing a tensor has come, and where it stops: elements, or for
/// a tensor without elements the empty lists, whose number its dimensions
/// alone decide ([60000, 7000, 0] has 420 million of them).
struct PrintBudget {
  int64_t limit;
  int64_t index = 0;
  int64_t emptyLists = 0;

  /// Whether the next item is past the limit while more remain.
  bool exhausted(const tfc_tensor *tensor) const {
    if (tensor->numElements == 0)
      return emptyLists >= limit;
    return index >= limit && index < tensor->numElements;
  }
};
} // namespace

/// The most empty lists a tensor without elements prints, however many
/// elements the caller allows.
static constexpr int64_t kMaxEmptyLists = 1024;

/// Appends dimension `dim` of `tensor` from the budget's element on,
/// stopping with "..." once the budget is spent and more remain.
static void appendDim(std::string &out, const tfc_tensor *tensor, int64_t dim,
                      PrintBudget &budget) {
  out += '[';
  if (tensor->dims[dim] == 0)
    ++budget.emptyLists;
  for (int64_t i = 0; i < tensor->dims[dim]; ++i) {
    if (budget.exhausted(tensor)) {
      out += "...";
      break;
    }
    if (i > 0)
      out += ' ';
    if (dim + 1 == tensor->rank)
      appendElement(out, tensor->dtype, tensor->data, budget.index++);
    else
      appendDim(out, tensor, dim + 1, budget);
  }
  out += ']';
}

void tfc::runtime::appendSummary(std::string &out, const tfc_tensor *tensor,
                                 int64_t maxElements) {
  if (tensor->rank == 0) {
    appendElement(out, tensor->dtype, tensor->data, 0);
    return;
  }
  PrintBudget budget;
  if (tensor->numElements == 0)
    budget.limit = maxElements < 0 ? kMaxEmptyLists
                                   : std::min(maxElements, kMaxEmptyLists);
  else
    budget.limit = maxElements < 0 ? tensor->numElements
                                   : std::min(maxElements, tensor->numElements);
  appendDim(out, tensor, 0, budget);
}

/// Copies `text` into a caller's buffer with snprintf's conventions.
static int64_t copyOut(const std::string &text, char *buffer, size_t size) {
  if (buffer && size > 0) {
    size_t count = std::min(text.size(), size - 1);
    std::memcpy(buffer, text.data(), count);
    buffer[count] = '\0';
  }
  return static_cast<int64_t>(text.size());
}

extern "C" {

int64_t tfc_tensor_summarize(const tfc_tensor *tensor, int64_t maxElements,
                             char *buffer, size_t size) {
  if (!tensor) {
    copyOut("", buffer, size);
    return -1;
  }
  std::string text;
  appendSummary(text, tensor, maxElements);
  return copyOut(text, buffer, size);
}

int64_t tfc_tensor_to_string(const tfc_tensor *tensor, int64_t maxElements,
                             char *buffer, size_t size) {
  if (!tensor) {
    copyOut("", buffer, size);
    return -1;
  }
  std::string text = typeString(tensor->dtype, tensor->dims, tensor->rank);
  text += ' ';
  appendSummary(text, tensor, maxElements);
  return copyOut(text, buffer, size);
}

} // extern "C"
