//===- TestDataTest.cpp - Generated inputs and output comparison ----------===//

#include "tfc/runner/TestData.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

using namespace tfc::runner;

namespace {

struct TensorDeleter {
  void operator()(tfc_tensor *tensor) const { tfc_tensor_destroy(tensor); }
};
using TensorPtr = std::unique_ptr<tfc_tensor, TensorDeleter>;

struct StatusDeleter {
  void operator()(tfc_status *status) const { tfc_status_destroy(status); }
};

class TestDataTest : public ::testing::Test {
protected:
  TensorPtr generate(const char *name, tfc_dtype dtype,
                     std::vector<int64_t> shape) {
    tfc_tensor_info info{name, dtype, static_cast<int64_t>(shape.size()),
                         shape.data()};
    TensorPtr tensor(generateInput(info, status.get()));
    EXPECT_TRUE(tensor) << tfc_status_message(status.get());
    return tensor;
  }

  TensorPtr parse(const char *text, tfc_dtype dtype) {
    TensorPtr tensor(tfc_tensor_parse(text, dtype, status.get()));
    EXPECT_TRUE(tensor) << tfc_status_message(status.get());
    return tensor;
  }

  std::string compare(const char *actual, const char *expected,
                      tfc_dtype dtype = TFC_F32, double rtol = 1e-3,
                      double atol = 1e-4) {
    return compareTensors(parse(actual, dtype).get(),
                          parse(expected, dtype).get(), rtol, atol);
  }

  std::unique_ptr<tfc_status, StatusDeleter> status{tfc_status_create()};
};

template <typename T> std::vector<T> elements(const tfc_tensor *tensor) {
  const T *data = static_cast<const T *>(tfc_tensor_data(tensor));
  return std::vector<T>(data, data + tfc_tensor_num_elements(tensor));
}

TEST_F(TestDataTest, DynamicSizesAreTwo) {
  TensorPtr x = generate("x", TFC_F32, {-1, 3, -1});
  ASSERT_EQ(tfc_tensor_rank(x.get()), 3);
  EXPECT_EQ(tfc_tensor_dim(x.get(), 0), 2);
  EXPECT_EQ(tfc_tensor_dim(x.get(), 1), 3);
  EXPECT_EQ(tfc_tensor_dim(x.get(), 2), 2);
  TensorPtr scalar = generate("s", TFC_I64, {});
  EXPECT_EQ(tfc_tensor_num_elements(scalar.get()), 1);
}

TEST_F(TestDataTest, ValuesDependOnlyOnTheName) {
  TensorPtr a = generate("x", TFC_F32, {100});
  TensorPtr b = generate("x", TFC_F32, {100});
  TensorPtr c = generate("y", TFC_F32, {100});
  EXPECT_EQ(elements<float>(a.get()), elements<float>(b.get()));
  EXPECT_NE(elements<float>(a.get()), elements<float>(c.get()));
  // A longer tensor of the same name starts with the same values.
  TensorPtr longer = generate("x", TFC_F32, {200});
  std::vector<float> prefix = elements<float>(longer.get());
  prefix.resize(100);
  EXPECT_EQ(prefix, elements<float>(a.get()));
}

TEST_F(TestDataTest, FloatsAreUniformInMinusTwoToTwo) {
  for (tfc_dtype dtype : {TFC_F16, TFC_BF16, TFC_F32, TFC_F64}) {
    TensorPtr x = generate("x", dtype, {4000});
    double sum = 0, low = 2, high = -2;
    for (int64_t i = 0; i < 4000; ++i) {
      double value;
      switch (dtype) {
      case TFC_F32:
        value = elements<float>(x.get())[i];
        break;
      case TFC_F64:
        value = elements<double>(x.get())[i];
        break;
      default: {
        // f16 and bf16: the runtime's text of the element.
        char text[64];
        TensorPtr one(tfc_tensor_create(dtype, 0, nullptr, status.get()));
        std::memcpy(tfc_tensor_data(one.get()),
                    static_cast<const char *>(tfc_tensor_data(x.get())) + 2 * i,
                    2);
        tfc_tensor_summarize(one.get(), -1, text, sizeof(text));
        value = std::strtod(text, nullptr);
      }
      }
      sum += value;
      low = std::min(low, value);
      high = std::max(high, value);
    }
    EXPECT_GE(low, -2.0) << tfc_dtype_name(dtype);
    EXPECT_LE(high, 2.0) << tfc_dtype_name(dtype);
    EXPECT_LT(low, -1.9) << tfc_dtype_name(dtype);
    EXPECT_GT(high, 1.9) << tfc_dtype_name(dtype);
    EXPECT_NEAR(sum / 4000, 0.0, 0.1) << tfc_dtype_name(dtype);
  }
}

TEST_F(TestDataTest, IntegersAreZeroOneOrTwoAndBoolsAlternate) {
  for (int64_t value : elements<int32_t>(generate("n", TFC_I32, {300}).get()))
    EXPECT_TRUE(value >= 0 && value < 3) << value;
  for (int64_t value : elements<int8_t>(generate("n", TFC_I8, {300}).get()))
    EXPECT_TRUE(value >= 0 && value < 3) << value;
  std::vector<int64_t> wide =
      elements<int64_t>(generate("n", TFC_I64, {300}).get());
  for (int64_t digit : {0, 1, 2})
    EXPECT_NE(std::count(wide.begin(), wide.end(), digit), 0) << digit;
  EXPECT_EQ(elements<uint8_t>(generate("b", TFC_BOOL, {5}).get()),
            (std::vector<uint8_t>{0, 1, 0, 1, 0}));
}

TEST_F(TestDataTest, EqualTensorsMatch) {
  EXPECT_EQ(compare("[1,2,3]", "[1,2,3]"), "");
  EXPECT_EQ(compare("[[1,2],[3,4]]", "[[1,2],[3,4]]", TFC_I64), "");
  EXPECT_EQ(compare("[true,false]", "[true,false]", TFC_BOOL), "");
  EXPECT_EQ(compare("[]", "[]"), "");
}

TEST_F(TestDataTest, FloatsWithinTolerance) {
  // |a - b| <= atol + rtol * |b|
  EXPECT_EQ(compare("[100.05]", "[100]", TFC_F64, 1e-3, 0), "");
  EXPECT_EQ(compare("[100.2]", "[100]", TFC_F64, 1e-3, 0),
            "1 of 1 elements differ, max abs error 0.2 at [0] (got "
            "100.2, expected 100)");
  EXPECT_EQ(compare("[0.00005]", "[0]", TFC_F64, 0, 1e-4), "");
  EXPECT_EQ(compare("[[1,2],[3,4.5]]", "[[1,2.1],[3,4]]"),
            "2 of 4 elements differ, max abs error 0.5 at [1,1] (got 4.5, "
            "expected 4)");
  EXPECT_EQ(compare("[1,2]", "[1,2]", TFC_F16, 0, 0), "");
  EXPECT_EQ(compare("[1,2.5]", "[1,2]", TFC_BF16),
            "1 of 2 elements differ, max abs error 0.5 at [1] (got 2.5, "
            "expected 2)");
}

TEST_F(TestDataTest, NanAndInfinities) {
  EXPECT_EQ(compare("[nan, inf, -inf]", "[nan, inf, -inf]"), "");
  EXPECT_EQ(compare("[1, 1e30, nan]", "[1, inf, 5]", TFC_F32, 1, 1),
            "2 of 3 elements differ, max abs error nan at [2] (got nan, "
            "expected 5)");
  EXPECT_EQ(compare("[inf]", "[-inf]"),
            "1 of 1 elements differ, max abs error inf at [0] (got inf, "
            "expected -inf)");
}

TEST_F(TestDataTest, IntegersAndBoolsExactly) {
  EXPECT_EQ(compare("[1,5,3]", "[1,2,3]", TFC_I32, 1, 10),
            "1 of 3 elements differ, max abs error 3 at [1] (got 5, "
            "expected 2)");
  EXPECT_EQ(compare("[true,true]", "[true,false]", TFC_BOOL),
            "1 of 2 elements differ, max abs error 1 at [1] (got true, "
            "expected false)");
}

TEST_F(TestDataTest, DtypeAndShapeMustMatch) {
  EXPECT_EQ(compareTensors(parse("[1]", TFC_F32).get(),
                           parse("[1]", TFC_F64).get(), 1e-3, 1e-4),
            "dtype f32, expected f64");
  EXPECT_EQ(compare("[[1,2,3]]", "[1,2,3]"), "shape [1,3], expected [3]");
  EXPECT_EQ(compare("1", "[1]"), "shape [], expected [1]");
}

} // namespace
