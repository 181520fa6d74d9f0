//===- ModelInit.cpp - Variable initializers ------------------------------===//
//
// The initializers a compiled model names: zeros, ones, constant data, and
// the seeded random ones. Random values come from a splitmix64 stream seeded
// by the initializer's seed, so a model initializes the same way every time
// (the values differ from TensorFlow's own generator).
//
//===----------------------------------------------------------------------===//

#include "Model.h"

#include <cmath>
#include <cstring>

using namespace tfc::runtime;

namespace {

/// splitmix64: small, fast and good enough for initial weights.
class Random {
public:
  explicit Random(uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ull + 1) {}

  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  /// Uniform in [0, 1).
  double uniform() { return (next() >> 11) * (1.0 / 9007199254740992.0); }

  /// Standard normal (Box-Muller).
  double normal() {
    double u1 = uniform(), u2 = uniform();
    if (u1 < 1e-300)
      u1 = 1e-300;
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }

private:
  uint64_t state;
};

/// Stores `value` as element `index` of a buffer of `dtype`.
void storeElement(tfc_dtype dtype, void *data, int64_t index, double value) {
  switch (dtype) {
  case TFC_F16:
    static_cast<uint16_t *>(data)[index] = doubleToHalf(value);
    break;
  case TFC_BF16:
    static_cast<uint16_t *>(data)[index] = doubleToBFloat16(value);
    break;
  case TFC_F32:
    static_cast<float *>(data)[index] = static_cast<float>(value);
    break;
  case TFC_F64:
    static_cast<double *>(data)[index] = value;
    break;
  case TFC_BOOL:
    static_cast<uint8_t *>(data)[index] = value != 0;
    break;
  case TFC_I8:
    static_cast<int8_t *>(data)[index] = static_cast<int8_t>(value);
    break;
  case TFC_I32:
    static_cast<int32_t *>(data)[index] = static_cast<int32_t>(value);
    break;
  case TFC_I64:
    static_cast<int64_t *>(data)[index] = static_cast<int64_t>(value);
    break;
  default:
    break;
  }
}

/// TensorFlow's fan-in and fan-out of a weight shape (`_compute_fans`).
void computeFans(const std::vector<int64_t> &shape, double &fanIn,
                 double &fanOut) {
  size_t rank = shape.size();
  if (rank == 0) {
    fanIn = fanOut = 1;
  } else if (rank == 1) {
    fanIn = fanOut = static_cast<double>(shape[0]);
  } else {
    double receptive = 1;
    for (size_t i = 0; i + 2 < rank; ++i)
      receptive *= static_cast<double>(shape[i]);
    fanIn = static_cast<double>(shape[rank - 2]) * receptive;
    fanOut = static_cast<double>(shape[rank - 1]) * receptive;
  }
}

} // namespace

tfc_code tfc::runtime::fillInitialValue(const tfc_model *model,
                                        const ModelVariable &variable,
                                        tfc_tensor *tensor,
                                        tfc_status *status) {
  const Initializer &init = variable.initializer;
  int64_t count = tensor->numElements;
  void *data = tensor->data;
  tfc_dtype dtype = tensor->dtype;
  Random random(init.seed);

  if (init.kind == "zeros") {
    std::memset(data, 0, tensor->byteSize);
  } else if (init.kind == "ones") {
    for (int64_t i = 0; i < count; ++i)
      storeElement(dtype, data, i, 1.0);
  } else if (init.kind == "constant") {
    const void *blob = model->abi->blobs[init.blob];
    uint64_t size = model->abi->blob_sizes[init.blob];
    int64_t elementSize = count ? tensor->byteSize / count : 0;
    if (init.splat) {
      if (static_cast<int64_t>(size) != elementSize)
        return setError(status, TFC_DATA_LOSS,
                        "constant initializer of '%s' has %llu bytes, not one "
                        "element",
                        variable.name.c_str(),
                        static_cast<unsigned long long>(size));
      for (int64_t i = 0; i < count; ++i)
        std::memcpy(static_cast<char *>(data) + i * elementSize, blob,
                    elementSize);
    } else {
      if (static_cast<int64_t>(size) != tensor->byteSize)
        return setError(status, TFC_DATA_LOSS,
                        "constant initializer of '%s' has %llu bytes, the "
                        "variable %lld",
                        variable.name.c_str(),
                        static_cast<unsigned long long>(size),
                        static_cast<long long>(tensor->byteSize));
      std::memcpy(data, blob, size);
    }
  } else if (init.kind == "random_normal") {
    for (int64_t i = 0; i < count; ++i)
      storeElement(dtype, data, i,
                   init.parameters[0] + init.parameters[1] * random.normal());
  } else if (init.kind == "truncated_normal") {
    // Values more than two standard deviations out are drawn again.
    for (int64_t i = 0; i < count; ++i) {
      double z;
      do {
        z = random.normal();
      } while (std::fabs(z) > 2.0);
      storeElement(dtype, data, i, init.parameters[0] + init.parameters[1] * z);
    }
  } else if (init.kind == "random_uniform") {
    double low = init.parameters[0], high = init.parameters[1];
    bool integral = dtype == TFC_I8 || dtype == TFC_I32 || dtype == TFC_I64;
    for (int64_t i = 0; i < count; ++i) {
      double value = low + (high - low) * random.uniform();
      storeElement(dtype, data, i, integral ? std::floor(value) : value);
    }
  } else if (init.kind == "glorot_uniform") {
    double fanIn, fanOut;
    computeFans(variable.shape, fanIn, fanOut);
    double limit = std::sqrt(6.0 / std::max(1.0, fanIn + fanOut));
    for (int64_t i = 0; i < count; ++i)
      storeElement(dtype, data, i, -limit + 2 * limit * random.uniform());
  } else {
    return setError(status, TFC_INTERNAL, "unknown initializer '%s' of '%s'",
                    init.kind.c_str(), variable.name.c_str());
  }
  return TFC_OK;
}
