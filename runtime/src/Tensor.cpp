//===- Tensor.cpp - Dtypes, shapes and tensors ----------------------------===//
//
// The dtype table, overflow-checked shape arithmetic, aligned allocation and
// the tfc_tensor API.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <cstdlib>
#include <cstring>
#include <new>
#include <unistd.h>

using namespace tfc::runtime;

namespace {
struct DtypeInfo {
  const char *name;
  int64_t size;
};
} // namespace

/// Indexed by tfc_dtype.
static const DtypeInfo kDtypes[] = {
    {"invalid", 0}, {"f16", 2}, {"bf16", 2}, {"f32", 4}, {"f64", 8},
    {"bool", 1},    {"i8", 1},  {"i32", 4},  {"i64", 8},
};

std::string tfc::runtime::shapeString(const int64_t *dims, int64_t rank,
                                      bool unknownAsQuestion) {
  std::string result = "[";
  for (int64_t i = 0; i < rank; ++i) {
    if (i)
      result += ',';
    if (unknownAsQuestion && dims[i] == -1)
      result += '?';
    else
      result += std::to_string(dims[i]);
  }
  result += ']';
  return result;
}

std::string tfc::runtime::typeString(tfc_dtype dtype, const int64_t *dims,
                                     int64_t rank, bool unknownAsQuestion) {
  return tfc_dtype_name(dtype) + shapeString(dims, rank, unknownAsQuestion);
}

tfc_code tfc::runtime::checkShape(tfc_dtype dtype, int64_t rank,
                                  const int64_t *dims, const char *what,
                                  int64_t *numElements, int64_t *byteSize,
                                  tfc_status *status) {
  if (!isValidDtype(dtype))
    return setError(status, TFC_INVALID_ARGUMENT, "%s has an invalid dtype %d",
                    what, static_cast<int>(dtype));
  if (rank < 0 || rank > TFC_MAX_RANK)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "%s has rank %lld; the rank must be in [0, %d]", what,
                    static_cast<long long>(rank), TFC_MAX_RANK);
  if (rank > 0 && !dims)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "%s has rank %lld but its shape is NULL", what,
                    static_cast<long long>(rank));
  bool empty = false;
  for (int64_t i = 0; i < rank; ++i) {
    if (dims[i] < 0)
      return setError(status, TFC_INVALID_ARGUMENT,
                      "%s has shape %s: dimension %lld is negative", what,
                      shapeString(dims, rank).c_str(),
                      static_cast<long long>(i));
    empty |= dims[i] == 0;
  }
  // Every size is checked even when one is 0, so that no shape whose
  // non-zero sizes overflow is accepted.
  int64_t count = 1;
  for (int64_t i = 0; i < rank; ++i) {
    if (dims[i] == 0)
      continue;
    if (__builtin_mul_overflow(count, dims[i], &count))
      return setError(status, TFC_INVALID_ARGUMENT,
                      "%s of shape %s has too many elements (more than 2^63)",
                      what, shapeString(dims, rank).c_str());
  }
  if (empty)
    count = 0;
  int64_t bytes;
  if (__builtin_mul_overflow(count, kDtypes[dtype].size, &bytes))
    return setError(status, TFC_INVALID_ARGUMENT,
                    "%s of type %s has a byte size larger than 2^63", what,
                    typeString(dtype, dims, rank).c_str());
  if (numElements)
    *numElements = count;
  if (byteSize)
    *byteSize = bytes;
  return TFC_OK;
}

int64_t tfc::runtime::maxAllocationBytes() {
  static const int64_t limit = [] {
    if (const char *text = std::getenv("TFC_MAX_ALLOC_BYTES")) {
      char *end = nullptr;
      long long value = std::strtoll(text, &end, 10);
      if (end != text && *end == '\0' && value > 0)
        return static_cast<int64_t>(value);
    }
    long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
    if (pages > 0 && pageSize > 0 && pages <= INT64_MAX / pageSize)
      return static_cast<int64_t>(pages) * pageSize;
    return INT64_MAX;
  }();
  return limit;
}

std::string tfc::runtime::allocationLimitNote(int64_t size) {
  if (size <= maxAllocationBytes())
    return "";
  return formatString(" (over the limit of %lld bytes, TFC_MAX_ALLOC_BYTES)",
                      static_cast<long long>(maxAllocationBytes()));
}

void *tfc::runtime::allocateAligned(int64_t size, bool zeroed) {
  if (size > maxAllocationBytes())
    return nullptr;
  if (size < TFC_ALIGNMENT)
    size = TFC_ALIGNMENT;
  // Round up so the zero-fill covers whole cache lines.
  if (size > INT64_MAX - TFC_ALIGNMENT)
    return nullptr;
  size = (size + TFC_ALIGNMENT - 1) / TFC_ALIGNMENT * TFC_ALIGNMENT;
  void *ptr = nullptr;
  if (posix_memalign(&ptr, TFC_ALIGNMENT, static_cast<size_t>(size)) != 0)
    return nullptr;
  if (zeroed)
    std::memset(ptr, 0, static_cast<size_t>(size));
  return ptr;
}

void tfc::runtime::freeAligned(void *ptr) { std::free(ptr); }

bool tfc::runtime::tensorMatches(const tfc_tensor *tensor, tfc_dtype dtype,
                                 int64_t rank, const int64_t *shape) {
  if (!tensor || tensor->dtype != dtype || (rank >= 0 && tensor->rank != rank))
    return false;
  for (int64_t i = 0; i < rank; ++i)
    if (shape[i] != -1 && shape[i] != tensor->dims[i])
      return false;
  return true;
}

/// A tensor with a validated shape and no data yet.
static tfc_tensor *newTensor(tfc_dtype dtype, int64_t rank,
                             const int64_t *shape, tfc_status *status) {
  int64_t numElements, byteSize;
  if (checkShape(dtype, rank, shape, "tensor", &numElements, &byteSize,
                 status) != TFC_OK)
    return nullptr;
  auto *tensor = new (std::nothrow) tfc_tensor();
  if (!tensor) {
    setError(status, TFC_RESOURCE_EXHAUSTED, "cannot allocate a tensor");
    return nullptr;
  }
  tensor->dtype = dtype;
  tensor->rank = rank;
  for (int64_t i = 0; i < rank; ++i)
    tensor->dims[i] = shape[i];
  tensor->numElements = numElements;
  tensor->byteSize = byteSize;
  return tensor;
}

extern "C" {

const char *tfc_dtype_name(tfc_dtype dtype) {
  return kDtypes[isValidDtype(dtype) ? dtype : TFC_DTYPE_INVALID].name;
}

int64_t tfc_dtype_size(tfc_dtype dtype) {
  return isValidDtype(dtype) ? kDtypes[dtype].size : 0;
}

tfc_dtype tfc_dtype_from_name(const char *name) {
  if (!name)
    return TFC_DTYPE_INVALID;
  for (tfc_dtype dtype = TFC_F16; dtype <= TFC_I64; ++dtype)
    if (std::strcmp(name, kDtypes[dtype].name) == 0)
      return dtype;
  return TFC_DTYPE_INVALID;
}

tfc_tensor *tfc_tensor_create_string(const char *text, tfc_status *status) {
  if (!text) {
    setError(status, TFC_INVALID_ARGUMENT, "cannot make a string of NULL");
    return nullptr;
  }
  int64_t size = static_cast<int64_t>(std::strlen(text));
  tfc_tensor *tensor = tfc_tensor_create(TFC_I8, 1, &size, status);
  if (tensor && size)
    std::memcpy(tensor->data, text, static_cast<size_t>(size));
  return tensor;
}

/// A tensor of its own data, zero-filled where `zeroed`.
static tfc_tensor *createTensor(tfc_dtype dtype, int64_t rank,
                                const int64_t *shape, bool zeroed,
                                tfc_status *status) {
  tfc_tensor *tensor = newTensor(dtype, rank, shape, status);
  if (!tensor)
    return nullptr;
  tensor->data = allocateAligned(tensor->byteSize, zeroed);
  if (!tensor->data) {
    setError(status, TFC_RESOURCE_EXHAUSTED,
             "cannot allocate %lld bytes for a tensor of type %s%s",
             static_cast<long long>(tensor->byteSize),
             typeString(dtype, shape, rank).c_str(),
             allocationLimitNote(tensor->byteSize).c_str());
    delete tensor;
    return nullptr;
  }
  tensor->owning = true;
  return tensor;
}

tfc_tensor *tfc_tensor_create(tfc_dtype dtype, int64_t rank,
                              const int64_t *shape, tfc_status *status) {
  return createTensor(dtype, rank, shape, /*zeroed=*/true, status);
}

tfc_tensor *tfc_tensor_wrap(tfc_dtype dtype, int64_t rank, const int64_t *shape,
                            void *data, tfc_deleter deleter, void *deleterArg,
                            tfc_status *status) {
  tfc_tensor *tensor = newTensor(dtype, rank, shape, status);
  if (!tensor)
    return nullptr;
  const char *problem = nullptr;
  if (!data && tensor->byteSize > 0)
    problem = "NULL data";
  else if (reinterpret_cast<uintptr_t>(data) % tfc_dtype_size(dtype) != 0)
    problem = "data not aligned to its element size";
  if (problem) {
    setError(status, TFC_INVALID_ARGUMENT, "cannot wrap %s for a %s tensor",
             problem, typeString(dtype, shape, rank).c_str());
    delete tensor;
    return nullptr;
  }
  tensor->data = data;
  tensor->deleter = deleter;
  tensor->deleterArg = deleterArg;
  return tensor;
}

tfc_tensor *tfc_tensor_clone(const tfc_tensor *tensor, tfc_status *status) {
  if (!tensor) {
    setError(status, TFC_INVALID_ARGUMENT, "cannot clone a NULL tensor");
    return nullptr;
  }
  tfc_tensor *copy =
      tfc_tensor_create(tensor->dtype, tensor->rank, tensor->dims, status);
  if (copy && tensor->byteSize > 0)
    std::memcpy(copy->data, tensor->data,
                static_cast<size_t>(tensor->byteSize));
  return copy;
}

void tfc_tensor_destroy(tfc_tensor *tensor) {
  if (!tensor)
    return;
  if (tensor->owning)
    freeAligned(tensor->data);
  else if (tensor->deleter)
    tensor->deleter(tensor->data, tensor->deleterArg);
  delete tensor;
}

tfc_dtype tfc_tensor_dtype(const tfc_tensor *tensor) {
  return tensor ? tensor->dtype : TFC_DTYPE_INVALID;
}

int64_t tfc_tensor_rank(const tfc_tensor *tensor) {
  return tensor ? tensor->rank : -1;
}

int64_t tfc_tensor_dim(const tfc_tensor *tensor, int64_t index) {
  if (!tensor || index < 0 || index >= tensor->rank)
    return -1;
  return tensor->dims[index];
}

const int64_t *tfc_tensor_shape(const tfc_tensor *tensor) {
  return tensor ? tensor->dims : nullptr;
}

int64_t tfc_tensor_num_elements(const tfc_tensor *tensor) {
  return tensor ? tensor->numElements : -1;
}

int64_t tfc_tensor_byte_size(const tfc_tensor *tensor) {
  return tensor ? tensor->byteSize : -1;
}

void *tfc_tensor_data(const tfc_tensor *tensor) {
  return tensor ? tensor->data : nullptr;
}

int32_t tfc_tensor_is_owning(const tfc_tensor *tensor) {
  return tensor ? tensor->owning : -1;
}

tfc_code tfc_tensor_check(const tfc_tensor *tensor, const char *name,
                          tfc_dtype dtype, int64_t rank, const int64_t *shape,
                          tfc_status *status) {
  if (!name)
    name = "tensor";
  if (rank < -1 || rank > TFC_MAX_RANK || (rank > 0 && !shape))
    return setError(status, TFC_INVALID_ARGUMENT,
                    "invalid expected shape for %s: rank %lld%s", name,
                    static_cast<long long>(rank),
                    rank > 0 && !shape ? " with a NULL shape" : "");
  if (tensorMatches(tensor, dtype, rank, shape))
    return TFC_OK;
  std::string expected =
      rank < 0 ? std::string(tfc_dtype_name(dtype)) + "[*]"
               : typeString(dtype, shape, rank, /*unknownAsQuestion=*/true);
  if (!tensor)
    return setError(status, TFC_INVALID_ARGUMENT, "%s must be %s but is NULL",
                    name, expected.c_str());
  return setError(
      status, TFC_INVALID_ARGUMENT, "%s must be %s but is %s", name,
      expected.c_str(),
      typeString(tensor->dtype, tensor->dims, tensor->rank).c_str());
}

} // extern "C"

tfc_tensor *tfc::runtime::createTensorToOverwrite(tfc_dtype dtype,
                                                  int64_t rank,
                                                  const int64_t *shape,
                                                  tfc_status *status) {
  return createTensor(dtype, rank, shape, /*zeroed=*/false, status);
}
