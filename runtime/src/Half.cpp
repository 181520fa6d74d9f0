//===- Half.cpp - f16 and bf16 conversions --------------------------------===//
//
// Conversions between double and the two 16-bit float formats, rounding to
// nearest even. Both formats differ only in their field widths, so one pair
// of routines parameterized by those widths serves both.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <cmath>

using namespace tfc::runtime;

namespace {
/// Field widths of a binary floating-point format of at most 16 bits.
struct SmallFloat {
  int expBits;
  int mantBits;
  int bias() const { return (1 << (expBits - 1)) - 1; }
  uint16_t signBit() const { return uint16_t(1u << (expBits + mantBits)); }
  uint16_t expMask() const {
    return uint16_t(((1u << expBits) - 1) << mantBits);
  }
};
} // namespace

static constexpr SmallFloat kHalf{5, 10};
static constexpr SmallFloat kBFloat16{8, 7};

/// Rounds a non-negative value to the nearest integer, ties to even,
/// whatever rounding mode the floating-point environment is in.
static double roundHalfEven(double x) {
  double floor = std::floor(x);
  double diff = x - floor;
  if (diff > 0.5 || (diff == 0.5 && std::fmod(floor, 2.0) != 0.0))
    return floor + 1.0;
  return floor;
}

/// Encodes `value` in `format`. The scalings by powers of two are exact in
/// double, so the only rounding is the one of roundHalfEven.
static uint16_t encode(double value, SmallFloat format) {
  uint16_t sign = std::signbit(value) ? format.signBit() : 0;
  if (std::isnan(value))
    return sign | format.expMask() | uint16_t(1u << (format.mantBits - 1));
  double magnitude = std::fabs(value);
  if (std::isinf(magnitude))
    return sign | format.expMask();
  if (magnitude == 0.0)
    return sign;
  int minExponent = 1 - format.bias();
  int exponent;
  std::frexp(magnitude, &exponent);
  --exponent; // magnitude is in [2^exponent, 2^(exponent+1)).
  if (exponent < minExponent) {
    // Subnormal: count units of the smallest subnormal. A result of
    // 2^mantBits is the smallest normal number, whose encoding it also is.
    double units =
        roundHalfEven(std::ldexp(magnitude, format.mantBits - minExponent));
    return sign | uint16_t(units);
  }
  double mantissa =
      roundHalfEven(std::ldexp(magnitude, format.mantBits - exponent));
  if (mantissa == std::ldexp(1.0, format.mantBits + 1)) {
    mantissa /= 2;
    ++exponent;
  }
  if (exponent > format.bias())
    return sign | format.expMask();
  return sign | uint16_t((exponent + format.bias()) << format.mantBits) |
         uint16_t(uint32_t(mantissa) - (1u << format.mantBits));
}

static double decode(uint16_t bits, SmallFloat format) {
  uint32_t mantissa = bits & ((1u << format.mantBits) - 1);
  uint32_t exponent = (bits & format.expMask()) >> format.mantBits;
  double magnitude;
  if (exponent == (1u << format.expBits) - 1)
    magnitude = mantissa ? NAN : INFINITY;
  else if (exponent == 0)
    magnitude = std::ldexp(mantissa, 1 - format.bias() - format.mantBits);
  else
    magnitude = std::ldexp(mantissa + (1u << format.mantBits),
                           int(exponent) - format.bias() - format.mantBits);
  return (bits & format.signBit()) ? -magnitude : magnitude;
}

uint16_t tfc::runtime::doubleToHalf(double value) {
  return encode(value, kHalf);
}

uint16_t tfc::runtime::doubleToBFloat16(double value) {
  return encode(value, kBFloat16);
}

double tfc::runtime::halfToDouble(uint16_t bits) { return decode(bits, kHalf); }

double tfc::runtime::bfloat16ToDouble(uint16_t bits) {
  return decode(bits, kBFloat16);
}
