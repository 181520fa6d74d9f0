//===- TestData.cpp - Generated inputs and expected outputs ---------------===//
//
// The generator is SplitMix64 seeded with the FNV-1a hash of the argument's
// name. Both are fully specified, unlike the distributions of <random>,
// whose results differ between standard libraries, so generated inputs can
// be made again anywhere.
//
//===----------------------------------------------------------------------===//

#include "tfc/runner/TestData.h"

#include "tfc/runtime/handles.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

using namespace tfc::runner;

namespace {
/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", 2014).
class SplitMix64 {
public:
  explicit SplitMix64(uint64_t seed) : state(seed) {}

  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

  /// Uniform in [0, 1), from the top 53 bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

private:
  uint64_t state;
};

using tfc::TensorPtr;
} // namespace

/// 64-bit FNV-1a.
static uint64_t hashName(const char *name) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (; *name; ++name)
    hash = (hash ^ static_cast<unsigned char>(*name)) * 0x100000001b3ull;
  return hash;
}

template <typename T>
static void fill(void *data, int64_t count, SplitMix64 &random) {
  auto *elements = static_cast<T *>(data);
  for (int64_t i = 0; i < count; ++i) {
    if constexpr (std::is_floating_point_v<T>)
      elements[i] = static_cast<T>(-2.0 + 4.0 * random.uniform());
    else
      elements[i] = static_cast<T>(random.next() % 3);
  }
}

/// f16 and bf16 values: the literal parser of the runtime rounds decimal
/// text to them, which saves a second copy of its conversions here.
static bool fillHalf(tfc_tensor *tensor, int64_t count, SplitMix64 &random,
                     tfc_status *status) {
  std::string text = "[";
  char number[32];
  for (int64_t i = 0; i < count; ++i) {
    std::snprintf(number, sizeof(number), "%s%.17g", i ? "," : "",
                  -2.0 + 4.0 * random.uniform());
    text += number;
  }
  text += "]";
  TensorPtr flat(tfc_tensor_parse(text.c_str(), tfc_tensor_dtype(tensor),
                                  status));
  if (!flat)
    return false;
  std::memcpy(tfc_tensor_data(tensor), tfc_tensor_data(flat.get()),
              tfc_tensor_byte_size(flat.get()));
  return true;
}

tfc_tensor *tfc::runner::generateInput(const tfc_tensor_info &info,
                                       tfc_status *status) {
  if (info.rank < 0 || info.rank > TFC_MAX_RANK) {
    tfc_status_set(status, TFC_INVALID_ARGUMENT,
                   "cannot generate a tensor of unknown rank");
    return nullptr;
  }
  std::vector<int64_t> shape(info.shape, info.shape + info.rank);
  for (int64_t &size : shape)
    if (size < 0)
      size = 2;
  return generateInputOfShape(info, shape, status);
}

tfc_tensor *tfc::runner::generateInputOfShape(const tfc_tensor_info &info,
                                              const std::vector<int64_t> &shape,
                                              tfc_status *status) {
  TensorPtr tensor(tfc_tensor_create(
      info.dtype, static_cast<int64_t>(shape.size()), shape.data(), status));
  if (!tensor)
    return nullptr;
  int64_t count = tfc_tensor_num_elements(tensor.get());
  void *data = tfc_tensor_data(tensor.get());
  SplitMix64 random(hashName(info.name ? info.name : ""));
  switch (info.dtype) {
  case TFC_F16:
  case TFC_BF16:
    if (!fillHalf(tensor.get(), count, random, status))
      return nullptr;
    break;
  case TFC_F32:
    fill<float>(data, count, random);
    break;
  case TFC_F64:
    fill<double>(data, count, random);
    break;
  case TFC_BOOL:
    for (int64_t i = 0; i < count; ++i)
      static_cast<uint8_t *>(data)[i] = i % 2;
    break;
  case TFC_I8:
    fill<int8_t>(data, count, random);
    break;
  case TFC_I32:
    fill<int32_t>(data, count, random);
    break;
  case TFC_I64:
    fill<int64_t>(data, count, random);
    break;
  default:
    tfc_status_set(status, TFC_UNIMPLEMENTED,
                   "cannot generate values of this dtype");
    return nullptr;
  }
  return tensor.release();
}

//===----------------------------------------------------------------------===//
// Comparison
//===----------------------------------------------------------------------===//

static bool isFloat(tfc_dtype dtype) {
  return dtype == TFC_F16 || dtype == TFC_BF16 || dtype == TFC_F32 ||
         dtype == TFC_F64;
}

static double halfToDouble(uint16_t bits) {
  double sign = bits & 0x8000 ? -1.0 : 1.0;
  int exponent = (bits >> 10) & 0x1f;
  int mantissa = bits & 0x3ff;
  if (exponent == 0)
    return sign * std::ldexp(mantissa, -24);
  if (exponent == 0x1f)
    return mantissa ? NAN : sign * INFINITY;
  return sign * std::ldexp(mantissa | 0x400, exponent - 25);
}

/// Element `i` of a float tensor.
static double floatAt(const tfc_tensor *tensor, int64_t i) {
  const void *data = tfc_tensor_data(tensor);
  switch (tfc_tensor_dtype(tensor)) {
  case TFC_F16:
    return halfToDouble(static_cast<const uint16_t *>(data)[i]);
  case TFC_BF16: {
    // The top half of an f32.
    uint32_t bits = uint32_t(static_cast<const uint16_t *>(data)[i]) << 16;
    float value;
    std::memcpy(&value, &bits, sizeof(value));
    return value;
  }
  case TFC_F32:
    return static_cast<const float *>(data)[i];
  default:
    return static_cast<const double *>(data)[i];
  }
}

/// Element `i` of an integer or bool tensor.
static int64_t integerAt(const tfc_tensor *tensor, int64_t i) {
  const void *data = tfc_tensor_data(tensor);
  switch (tfc_tensor_dtype(tensor)) {
  case TFC_BOOL:
    return static_cast<const uint8_t *>(data)[i];
  case TFC_I8:
    return static_cast<const int8_t *>(data)[i];
  case TFC_I32:
    return static_cast<const int32_t *>(data)[i];
  default:
    return static_cast<const int64_t *>(data)[i];
  }
}

/// The shortest decimal text that reads back as `value` in its dtype's
/// precision: 0.1, not 0.10000000000000001.
static std::string shortestText(double value, bool single) {
  char text[32];
  for (int digits = single ? 6 : 15; digits <= (single ? 9 : 17); ++digits) {
    std::snprintf(text, sizeof(text), "%.*g", digits, value);
    double back = std::strtod(text, nullptr);
    if (single ? static_cast<float>(back) == static_cast<float>(value)
               : back == value)
      break;
  }
  return text;
}

static std::string elementText(const tfc_tensor *tensor, int64_t i) {
  tfc_dtype dtype = tfc_tensor_dtype(tensor);
  if (dtype == TFC_BOOL)
    return integerAt(tensor, i) ? "true" : "false";
  if (isFloat(dtype))
    return shortestText(floatAt(tensor, i), dtype != TFC_F64);
  return std::to_string(integerAt(tensor, i));
}

static std::string shapeText(const tfc_tensor *tensor) {
  std::string text = "[";
  for (int64_t i = 0, e = tfc_tensor_rank(tensor); i < e; ++i)
    text += (i ? "," : "") + std::to_string(tfc_tensor_dim(tensor, i));
  return text + "]";
}

/// The row-major index of flat element `flat`, as "[1,2]".
static std::string indexText(const tfc_tensor *tensor, int64_t flat) {
  int64_t rank = tfc_tensor_rank(tensor);
  std::vector<int64_t> index(rank);
  for (int64_t d = rank - 1; d >= 0; --d) {
    int64_t size = tfc_tensor_dim(tensor, d);
    index[d] = flat % size;
    flat /= size;
  }
  std::string text = "[";
  for (int64_t d = 0; d < rank; ++d)
    text += (d ? "," : "") + std::to_string(index[d]);
  return text + "]";
}

std::string tfc::runner::compareTensors(const tfc_tensor *actual,
                                        const tfc_tensor *expected,
                                        double rtol, double atol) {
  tfc_dtype dtype = tfc_tensor_dtype(actual);
  if (dtype != tfc_tensor_dtype(expected))
    return std::string("dtype ") + tfc_dtype_name(dtype) + ", expected " +
           tfc_dtype_name(tfc_tensor_dtype(expected));
  if (shapeText(actual) != shapeText(expected))
    return "shape " + shapeText(actual) + ", expected " + shapeText(expected);

  int64_t count = tfc_tensor_num_elements(actual);
  int64_t mismatches = 0;
  int64_t worst = -1;
  double worstError = 0;
  for (int64_t i = 0; i < count; ++i) {
    double error;
    if (isFloat(dtype)) {
      double got = floatAt(actual, i), want = floatAt(expected, i);
      // Infinities match only themselves: inf - x is never within a
      // tolerance that is itself infinite.
      if (got == want || (std::isnan(got) && std::isnan(want)))
        continue;
      error = std::fabs(got - want);
      if (std::isfinite(got) && std::isfinite(want) &&
          error <= atol + rtol * std::fabs(want))
        continue;
    } else {
      int64_t got = integerAt(actual, i), want = integerAt(expected, i);
      if (got == want)
        continue;
      error = std::fabs(static_cast<double>(got) - static_cast<double>(want));
    }
    ++mismatches;
    // A NaN against a number is the largest error of all.
    if (worst < 0 || (!std::isnan(worstError) &&
                      (std::isnan(error) || error > worstError))) {
      worst = i;
      worstError = error;
    }
  }
  if (!mismatches)
    return "";
  char errorText[32];
  std::snprintf(errorText, sizeof(errorText), "%.6g", worstError);
  return std::to_string(mismatches) + " of " + std::to_string(count) +
         " elements differ, max abs error " + errorText + " at " +
         indexText(actual, worst) + " (got " + elementText(actual, worst) +
         ", expected " + elementText(expected, worst) + ")";
}
