//===- TensorTest.cpp - Tensors: creation, wrapping, misuse ---------------===//

#include "RuntimeTestUtils.h"

#include <cstdint>

using namespace tfc::runtime::testing;

namespace {

TEST(Dtype, NamesAndSizes) {
  struct Expected {
    tfc_dtype dtype;
    const char *name;
    int64_t size;
  } table[] = {{TFC_F16, "f16", 2}, {TFC_BF16, "bf16", 2}, {TFC_F32, "f32", 4},
               {TFC_F64, "f64", 8}, {TFC_BOOL, "bool", 1}, {TFC_I8, "i8", 1},
               {TFC_I32, "i32", 4}, {TFC_I64, "i64", 8}};
  for (const Expected &e : table) {
    EXPECT_STREQ(tfc_dtype_name(e.dtype), e.name);
    EXPECT_EQ(tfc_dtype_size(e.dtype), e.size) << e.name;
    EXPECT_EQ(tfc_dtype_from_name(e.name), e.dtype);
  }
  for (tfc_dtype bad : {0, 9, -1, 1000}) {
    EXPECT_STREQ(tfc_dtype_name(bad), "invalid");
    EXPECT_EQ(tfc_dtype_size(bad), 0);
  }
  EXPECT_EQ(tfc_dtype_from_name("float32"), TFC_DTYPE_INVALID);
  EXPECT_EQ(tfc_dtype_from_name(nullptr), TFC_DTYPE_INVALID);
}

TEST(Tensor, CreateOwnsAlignedZeroedMemory) {
  StatusPtr status = makeStatus();
  int64_t shape[] = {2, 3};
  TensorPtr tensor(tfc_tensor_create(TFC_F32, 2, shape, status.get()));
  ASSERT_TRUE(tensor) << describe(status.get());
  EXPECT_TFC_OK(status.get());
  EXPECT_EQ(tfc_tensor_dtype(tensor.get()), TFC_F32);
  EXPECT_EQ(tfc_tensor_rank(tensor.get()), 2);
  EXPECT_EQ(tfc_tensor_dim(tensor.get(), 0), 2);
  EXPECT_EQ(tfc_tensor_dim(tensor.get(), 1), 3);
  EXPECT_EQ(tfc_tensor_shape(tensor.get())[1], 3);
  EXPECT_EQ(tfc_tensor_num_elements(tensor.get()), 6);
  EXPECT_EQ(tfc_tensor_byte_size(tensor.get()), 24);
  EXPECT_EQ(tfc_tensor_is_owning(tensor.get()), 1);
  auto address = reinterpret_cast<uintptr_t>(tfc_tensor_data(tensor.get()));
  EXPECT_EQ(address % TFC_ALIGNMENT, 0u);
  for (float value : elements<float>(tensor.get()))
    EXPECT_EQ(value, 0.0f);
  // The shape was copied: the caller's array may go away.
  shape[0] = 99;
  EXPECT_EQ(tfc_tensor_dim(tensor.get(), 0), 2);
}

TEST(Tensor, ScalarsAndEmptyTensors) {
  StatusPtr status = makeStatus();
  TensorPtr scalar(tfc_tensor_create(TFC_I64, 0, nullptr, status.get()));
  ASSERT_TRUE(scalar) << describe(status.get());
  EXPECT_EQ(tfc_tensor_rank(scalar.get()), 0);
  EXPECT_EQ(tfc_tensor_num_elements(scalar.get()), 1);
  EXPECT_EQ(tfc_tensor_byte_size(scalar.get()), 8);
  EXPECT_NE(tfc_tensor_shape(scalar.get()), nullptr);

  int64_t shape[] = {4, 0, 5};
  TensorPtr empty(tfc_tensor_create(TFC_F64, 3, shape, status.get()));
  ASSERT_TRUE(empty) << describe(status.get());
  EXPECT_EQ(tfc_tensor_num_elements(empty.get()), 0);
  EXPECT_EQ(tfc_tensor_byte_size(empty.get()), 0);
  EXPECT_NE(tfc_tensor_data(empty.get()), nullptr);

  // A zero size makes the product 0 even when the other sizes are huge.
  int64_t wide[] = {INT64_MAX, 0};
  TensorPtr wideEmpty(tfc_tensor_create(TFC_I8, 2, wide, status.get()));
  EXPECT_TRUE(wideEmpty) << describe(status.get());
}

TEST(Tensor, CreateRejectsBadDtypesRanksAndShapes) {
  StatusPtr status = makeStatus();
  int64_t shape[] = {2, 3};
  for (tfc_dtype bad : {0, 9, -7}) {
    EXPECT_EQ(tfc_tensor_create(bad, 2, shape, status.get()), nullptr);
    EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "invalid dtype");
  }
  EXPECT_EQ(tfc_tensor_create(TFC_F32, -1, shape, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "rank -1");
  int64_t deep[TFC_MAX_RANK + 1];
  for (int64_t &dim : deep)
    dim = 1;
  EXPECT_EQ(tfc_tensor_create(TFC_F32, TFC_MAX_RANK + 1, deep, status.get()),
            nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "must be in [0, 32]");
  EXPECT_TRUE(
      TensorPtr(tfc_tensor_create(TFC_F32, TFC_MAX_RANK, deep, status.get())));
  EXPECT_EQ(tfc_tensor_create(TFC_F32, 2, nullptr, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "rank 2 but its shape is NULL");
  int64_t negative[] = {2, -3};
  EXPECT_EQ(tfc_tensor_create(TFC_F32, 2, negative, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "shape [2,-3]: dimension 1 is negative");
}

TEST(Tensor, CreateRejectsSizesThatOverflow) {
  StatusPtr status = makeStatus();
  int64_t tooMany[] = {int64_t(1) << 62, 4};
  EXPECT_EQ(tfc_tensor_create(TFC_I8, 2, tooMany, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "too many elements");
  // The element count fits, the byte count does not.
  int64_t tooBig[] = {int64_t(1) << 62};
  EXPECT_EQ(tfc_tensor_create(TFC_F32, 1, tooBig, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "f32[4611686018427387904] has a byte size larger");
  // Overflowing sizes are rejected even next to a zero.
  int64_t hidden[] = {INT64_MAX, INT64_MAX, 0};
  EXPECT_EQ(tfc_tensor_create(TFC_I8, 3, hidden, status.get()), nullptr);
  EXPECT_EQ(tfc_status_code(status.get()), TFC_INVALID_ARGUMENT);
}

TEST(Tensor, FailedAllocationIsResourceExhausted) {
  StatusPtr status = makeStatus();
  int64_t huge[] = {int64_t(1) << 60};
  EXPECT_EQ(tfc_tensor_create(TFC_I8, 1, huge, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_RESOURCE_EXHAUSTED,
                   "cannot allocate 1152921504606846976 bytes");
}

TEST(Tensor, NullTensorAccessorsDoNotCrash) {
  EXPECT_EQ(tfc_tensor_dtype(nullptr), TFC_DTYPE_INVALID);
  EXPECT_EQ(tfc_tensor_rank(nullptr), -1);
  EXPECT_EQ(tfc_tensor_dim(nullptr, 0), -1);
  EXPECT_EQ(tfc_tensor_shape(nullptr), nullptr);
  EXPECT_EQ(tfc_tensor_num_elements(nullptr), -1);
  EXPECT_EQ(tfc_tensor_byte_size(nullptr), -1);
  EXPECT_EQ(tfc_tensor_data(nullptr), nullptr);
  EXPECT_EQ(tfc_tensor_is_owning(nullptr), -1);
  tfc_tensor_destroy(nullptr);
  StatusPtr status = makeStatus();
  EXPECT_EQ(tfc_tensor_clone(nullptr, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "NULL tensor");
}

TEST(Tensor, DimOutOfRangeIsMinusOne) {
  TensorPtr tensor = parse("[[1, 2]]", TFC_I32);
  EXPECT_EQ(tfc_tensor_dim(tensor.get(), 2), -1);
  EXPECT_EQ(tfc_tensor_dim(tensor.get(), -1), -1);
}

TEST(Tensor, NullStatusStillReportsByReturnValue) {
  int64_t negative[] = {-1};
  EXPECT_EQ(tfc_tensor_create(TFC_F32, 1, negative, nullptr), nullptr);
  EXPECT_EQ(tfc_tensor_check(nullptr, "x", TFC_F32, 0, nullptr, nullptr),
            TFC_INVALID_ARGUMENT);
}

struct DeleterLog {
  int calls = 0;
  void *data = nullptr;
};

static void countingDeleter(void *data, void *arg) {
  auto *log = static_cast<DeleterLog *>(arg);
  ++log->calls;
  log->data = data;
}

TEST(Tensor, WrapDoesNotOwnAndRunsTheDeleterOnce) {
  StatusPtr status = makeStatus();
  alignas(8) int32_t storage[6] = {1, 2, 3, 4, 5, 6};
  DeleterLog log;
  int64_t shape[] = {3, 2};
  tfc_tensor *tensor = tfc_tensor_wrap(TFC_I32, 2, shape, storage,
                                       countingDeleter, &log, status.get());
  ASSERT_TRUE(tensor) << describe(status.get());
  EXPECT_EQ(tfc_tensor_is_owning(tensor), 0);
  EXPECT_EQ(tfc_tensor_data(tensor), storage);
  EXPECT_EQ(toString(tensor), "i32[3,2] [[1 2] [3 4] [5 6]]");
  EXPECT_EQ(log.calls, 0);
  tfc_tensor_destroy(tensor);
  EXPECT_EQ(log.calls, 1);
  EXPECT_EQ(log.data, storage);
}

TEST(Tensor, WrapRejectsNullOrMisalignedData) {
  StatusPtr status = makeStatus();
  DeleterLog log;
  int64_t shape[] = {4};
  EXPECT_EQ(tfc_tensor_wrap(TFC_F32, 1, shape, nullptr, countingDeleter, &log,
                            status.get()),
            nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "cannot wrap NULL data for a f32[4] tensor");
  alignas(8) char storage[32] = {};
  EXPECT_EQ(tfc_tensor_wrap(TFC_F32, 1, shape, storage + 1, countingDeleter,
                            &log, status.get()),
            nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "not aligned");
  // A failed wrap leaves the memory with the caller.
  EXPECT_EQ(log.calls, 0);
  // No elements, no data needed.
  int64_t empty[] = {0};
  TensorPtr tensor(tfc_tensor_wrap(TFC_F32, 1, empty, nullptr, nullptr, nullptr,
                                   status.get()));
  EXPECT_TRUE(tensor) << describe(status.get());
}

TEST(Tensor, CloneCopiesTheData) {
  StatusPtr status = makeStatus();
  TensorPtr original = parse("[1.5, 2.5]", TFC_F64);
  TensorPtr copy(tfc_tensor_clone(original.get(), status.get()));
  ASSERT_TRUE(copy) << describe(status.get());
  EXPECT_NE(tfc_tensor_data(copy.get()), tfc_tensor_data(original.get()));
  static_cast<double *>(tfc_tensor_data(original.get()))[0] = 9;
  EXPECT_EQ(toString(copy.get()), "f64[2] [1.5 2.5]");
  EXPECT_EQ(tfc_tensor_is_owning(copy.get()), 1);
}

TEST(TensorCheck, AcceptsMatchingAndWildcardShapes) {
  StatusPtr status = makeStatus();
  TensorPtr tensor = parse("[[1, 2, 3, 4], [5, 6, 7, 8]]", TFC_F32);
  int64_t exact[] = {2, 4};
  int64_t batch[] = {-1, 4};
  EXPECT_EQ(
      tfc_tensor_check(tensor.get(), "x", TFC_F32, 2, exact, status.get()),
      TFC_OK);
  EXPECT_EQ(
      tfc_tensor_check(tensor.get(), "x", TFC_F32, 2, batch, status.get()),
      TFC_OK);
  EXPECT_EQ(
      tfc_tensor_check(tensor.get(), "x", TFC_F32, -1, nullptr, status.get()),
      TFC_OK);
  EXPECT_TFC_OK(status.get());
}

TEST(TensorCheck, NamesBothTypesOnMismatch) {
  StatusPtr status = makeStatus();
  TensorPtr tensor = parse("[[1, 2, 3, 4], [5, 6, 7, 8]]", TFC_F64);
  int64_t batch[] = {-1, 4};
  EXPECT_EQ(tfc_tensor_check(tensor.get(), "argument 'x'", TFC_F32, 2, batch,
                             status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "argument 'x' must be f32[?,4] but is f64[2,4]");
  int64_t wrongSize[] = {2, 5};
  tfc_tensor_check(tensor.get(), "y", TFC_F64, 2, wrongSize, status.get());
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "y must be f64[2,5] but is f64[2,4]");
  int64_t vector[] = {8};
  tfc_tensor_check(tensor.get(), nullptr, TFC_F64, 1, vector, status.get());
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "tensor must be f64[8] but is f64[2,4]");
  tfc_tensor_check(nullptr, "z", TFC_I32, -1, nullptr, status.get());
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "z must be i32[*] but is NULL");
  tfc_tensor_check(tensor.get(), "w", TFC_F64, 2, nullptr, status.get());
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT,
                   "invalid expected shape for w");
}

} // namespace
