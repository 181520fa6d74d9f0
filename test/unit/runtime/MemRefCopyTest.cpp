//===- MemRefCopyTest.cpp - strided copies of compiled code ---------------===//
//
// memrefCopy copies between views that are not both contiguous (an image
// into the interior of its padded copy); contiguous inner blocks go in one
// piece, and every element must land where the strides say.
//
//===----------------------------------------------------------------------===//

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace {

/// MLIR's descriptor of a rank-4 memref and its unranked wrapper.
struct Descriptor4 {
  float *allocated, *aligned;
  int64_t offset, sizes[4], strides[4];
};
struct Unranked {
  int64_t rank;
  void *descriptor;
};

Descriptor4 view(std::vector<float> &data, int64_t offset,
                 std::vector<int64_t> sizes, std::vector<int64_t> strides) {
  Descriptor4 d{data.data(), data.data(), offset, {}, {}};
  for (int i = 0; i < 4; ++i) {
    d.sizes[i] = sizes[i];
    d.strides[i] = strides[i];
  }
  return d;
}

} // namespace

extern "C" void memrefCopy(int64_t elementSize, Unranked *src, Unranked *dst);

namespace {

/// Copies a [2,3,4,5] image into the interior of a [2,6,7,5] buffer at
/// rows 1.., columns 2.. (the rows of w*c floats are the contiguous
/// blocks) and compares with an element-by-element reference.
TEST(MemRefCopyTest, CopiesIntoThePaddedInterior) {
  std::vector<float> src(2 * 3 * 4 * 5), dst(2 * 6 * 7 * 5, -1.0f);
  for (size_t i = 0; i < src.size(); ++i)
    src[i] = static_cast<float>(i);
  Descriptor4 from = view(src, 0, {2, 3, 4, 5}, {60, 20, 5, 1});
  Descriptor4 to =
      view(dst, 1 * 35 + 2 * 5, {2, 3, 4, 5}, {210, 35, 5, 1});
  Unranked a{4, &from}, b{4, &to};
  memrefCopy(sizeof(float), &a, &b);

  for (int64_t n = 0; n < 2; ++n)
    for (int64_t h = 0; h < 6; ++h)
      for (int64_t w = 0; w < 7; ++w)
        for (int64_t c = 0; c < 5; ++c) {
          bool inside = h >= 1 && h < 4 && w >= 2 && w < 6;
          float expected =
              inside ? src[n * 60 + (h - 1) * 20 + (w - 2) * 5 + c] : -1.0f;
          ASSERT_EQ(dst[n * 210 + h * 35 + w * 5 + c], expected)
              << "at [" << n << "," << h << "," << w << "," << c << "]";
        }
}

/// A transposing view (no contiguous inner block) still copies element by
/// element.
TEST(MemRefCopyTest, CopiesATransposedView) {
  std::vector<float> src(6), dst(6, 0.0f);
  for (int i = 0; i < 6; ++i)
    src[i] = static_cast<float>(i);
  // src viewed as its 3x2 transpose: [1,1,3,2] with strides (., ., 1, 3).
  Descriptor4 from = view(src, 0, {1, 1, 3, 2}, {6, 6, 1, 3});
  Descriptor4 to = view(dst, 0, {1, 1, 3, 2}, {6, 6, 2, 1});
  Unranked a{4, &from}, b{4, &to};
  memrefCopy(sizeof(float), &a, &b);
  EXPECT_EQ(dst, (std::vector<float>{0, 3, 1, 4, 2, 5}));
}

} // namespace
