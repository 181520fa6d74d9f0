// A program built with the system C++ compiler and `pkg-config tfc-runtime`
// alone: it calls the affine model through the C++ class of its generated
// header and prints the results, and the runtime's message of a failed call.

#include "affine.h"

#include <cstdio>
#include <cstring>

static void print(const char *name, const tfc_tensor *tensor) {
  const float *values = static_cast<const float *>(tfc_tensor_data(tensor));
  std::printf("%s =", name);
  for (int64_t i = 0, e = tfc_tensor_num_elements(tensor); i < e; ++i)
    std::printf(" %g", values[i]);
  std::printf("\n");
}

static tfc_tensor *tensor(tfc_dtype dtype, int64_t rank, const int64_t *shape,
                          const void *values) {
  tfc_tensor *result = tfc_tensor_create(dtype, rank, shape, nullptr);
  std::memcpy(tfc_tensor_data(result), values, tfc_tensor_byte_size(result));
  return result;
}

int main() {
  AffineModel model;
  if (!model.ok() || !model.initialize_global()) {
    std::fprintf(stderr, "affine: %s\n", model.error());
    return 1;
  }
  const int64_t shape[2] = {2, 2};
  const float xs[4] = {1, 2, 3, 4};
  tfc_tensor *x = tensor(TFC_F32, 2, shape, xs);
  tfc_tensor *y = nullptr, *b = nullptr;
  bool ok = model.affine(x, &y) && model.step(&b);
  if (ok) {
    print("y", y);
    print("b", b);
  }
  tfc_tensor_destroy(x);
  tfc_tensor_destroy(y);
  tfc_tensor_destroy(b);

  const int64_t size = 2;
  const int32_t as[2] = {7, 8}, bs[2] = {2, 0};
  tfc_tensor *numerators = tensor(TFC_I32, 1, &size, as);
  tfc_tensor *denominators = tensor(TFC_I32, 1, &size, bs);
  tfc_tensor *q = nullptr;
  if (ok && !model.divide(numerators, denominators, &q))
    std::printf("divide: %s\n", model.error());
  tfc_tensor_destroy(numerators);
  tfc_tensor_destroy(denominators);
  tfc_tensor_destroy(q);
  if (!ok)
    std::fprintf(stderr, "affine: %s\n", model.error());
  return ok ? 0 : 1;
}
