//===- TextTest.cpp - Tensor literals and printing ------------------------===//

#include "RuntimeTestUtils.h"

#include <algorithm>
#include <clocale>
#include <cmath>

using namespace tfc::runtime::testing;

namespace {

/// Parses `literal` as `dtype` and expects `code` with `text` in the message.
static void expectParseError(const char *literal, tfc_dtype dtype,
                             const char *text) {
  StatusPtr status = makeStatus();
  TensorPtr tensor(tfc_tensor_parse(literal, dtype, status.get()));
  EXPECT_FALSE(tensor) << literal << " parsed as " << toString(tensor.get());
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, text);
}

template <typename T>
static void expectBits(const char *literal, tfc_dtype dtype,
                       std::vector<T> expected) {
  TensorPtr tensor = parse(literal, dtype);
  ASSERT_TRUE(tensor);
  EXPECT_EQ(elements<T>(tensor.get()), expected) << literal;
}

TEST(Literal, InfersShapesFromNesting) {
  EXPECT_EQ(toString(parse("[1,2,3]", TFC_F32).get()), "f32[3] [1 2 3]");
  EXPECT_EQ(toString(parse("[[1.5,2],[3,4]]", TFC_F32).get()),
            "f32[2,2] [[1.5 2] [3 4]]");
  EXPECT_EQ(
      toString(parse("[[[1], [2]], [[3], [4]], [[5], [6]]]", TFC_I32).get()),
      "i32[3,2,1] [[[1] [2]] [[3] [4]] [[5] [6]]]");
  EXPECT_EQ(toString(parse("  7 ", TFC_I64).get()), "i64[] 7");
  EXPECT_EQ(toString(parse("[]", TFC_F32).get()), "f32[0] []");
  EXPECT_EQ(toString(parse("[[]]", TFC_F32).get()), "f32[1,0] [[]]");
  EXPECT_EQ(toString(parse("[[], []]", TFC_F32).get()), "f32[2,0] [[] []]");
}

TEST(Literal, AcceptsCommasSpacesAndTheirMix) {
  for (const char *literal :
       {"[[1 2] [3 4]]", "[[1,2],[3,4]]", "[ [1, 2] , [3 4] ]", "[[1 2][3 4]]",
        "[[1,2,],[3,4],]", "\n[[1\t2]\n [3 4]]\n"})
    EXPECT_EQ(toString(parse(literal, TFC_I8).get()), "i8[2,2] [[1 2] [3 4]]")
        << literal;
}

TEST(Literal, IntegersMustFitTheirDtype) {
  expectBits<int8_t>("[127, -128, +5]", TFC_I8, {127, -128, 5});
  expectBits<int64_t>("[9223372036854775807, -9223372036854775808]", TFC_I64,
                      {INT64_MAX, INT64_MIN});
  expectParseError("128", TFC_I8, "128 is out of range for i8");
  expectParseError("[1, -129]", TFC_I8, "-129 is out of range for i8");
  expectParseError("2147483648", TFC_I32, "2147483648 is out of range for i32");
  expectParseError("9223372036854775808", TFC_I64, "out of range for i64");
  expectParseError("[1, 1.5]", TFC_I32,
                   "'1.5' is not an integer (at offset 4)");
  expectParseError("1e3", TFC_I64, "'1e3' is not an integer");
  expectParseError("true", TFC_I32, "'true' is not an integer");
}

TEST(Literal, Bools) {
  expectBits<uint8_t>("[true, false, 1, 0, True, False]", TFC_BOOL,
                      {1, 0, 1, 0, 1, 0});
  expectParseError("[true, 2]", TFC_BOOL, "'2' is not a bool");
  expectParseError("yes", TFC_BOOL, "'yes' is not a bool");
}

TEST(Literal, FloatsIncludingSpecialValues) {
  expectBits<double>("[0.1, -2.5e-3, 1e300]", TFC_F64, {0.1, -2.5e-3, 1e300});
  expectBits<float>("[0.1, 16777217]", TFC_F32, {0.1f, 16777216.0f});
  TensorPtr special = parse("[inf, -inf, nan, -0]", TFC_F32);
  std::vector<float> values = elements<float>(special.get());
  EXPECT_TRUE(std::isinf(values[0]) && values[0] > 0);
  EXPECT_TRUE(std::isinf(values[1]) && values[1] < 0);
  EXPECT_TRUE(std::isnan(values[2]));
  EXPECT_TRUE(values[3] == 0 && std::signbit(values[3]));
  // Underflow gives zero, as NumPy does; overflow is an error.
  expectBits<float>("1e-50", TFC_F32, {0.0f});
  expectParseError("1e39", TFC_F32, "1e39 is out of range for f32");
  expectParseError("[1e400]", TFC_F64, "1e400 is out of range for f64");
  expectParseError("[1, 2x]", TFC_F32, "'2x' is not a number (at offset 4)");
}

TEST(Literal, HalfPrecisionRoundsToNearestEven) {
  // 0.1 -> 0x2E66; 65504 is the largest f16; 1e-8 is below half of the
  // smallest subnormal (2^-24) and rounds to zero; 2^-24 itself is 0x0001.
  expectBits<uint16_t>("[1, 0.1, 65504, 1e-8, 5.960464477539063e-8, -2]",
                       TFC_F16,
                       {0x3C00, 0x2E66, 0x7BFF, 0x0000, 0x0001, 0xC000});
  // 2049 lies halfway between 2048 and 2050: ties go to the even mantissa.
  expectBits<uint16_t>("[2049, 2051]", TFC_F16, {0x6800, 0x6802});
  expectBits<uint16_t>("[inf, -inf]", TFC_F16, {0x7C00, 0xFC00});
  expectParseError("65520", TFC_F16, "65520 is out of range for f16");
  // bf16 keeps the top half of the f32 bits, rounded.
  expectBits<uint16_t>("[1, 3.14159, -2, 1e38]", TFC_BF16,
                       {0x3F80, 0x4049, 0xC000, 0x7E96});
  TensorPtr nan = parse("nan", TFC_BF16);
  uint16_t bits = elements<uint16_t>(nan.get())[0];
  EXPECT_EQ(bits & 0x7F80, 0x7F80);
  EXPECT_NE(bits & 0x007F, 0);
}

TEST(Literal, RejectsRaggedAndMalformedText) {
  expectParseError("[[1, 2], [3]]", TFC_F32,
                   "ragged literal: a list of 1 elements where the lists "
                   "before had 2");
  expectParseError("[[1], 2]", TFC_F32, "a number where a list was expected");
  expectParseError("[1, [2]]", TFC_F32, "a list where a number was expected");
  expectParseError("[[1], []]", TFC_F32, "ragged literal");
  expectParseError("[1, 2", TFC_F32, "missing ']' for this '[' (at offset 0)");
  expectParseError("[1,,2]", TFC_F32, "expected a value before ','");
  expectParseError("[,]", TFC_F32, "expected a value before ','");
  expectParseError("[1]]", TFC_F32, "unexpected ']' after the value");
  expectParseError("[1] [2]", TFC_F32, "unexpected '[' after the value");
  expectParseError("", TFC_F32, "the literal is empty");
  expectParseError("   ", TFC_F32, "the literal is empty");
  expectParseError("]", TFC_F32, "expected a value, found ']'");
  std::string deep(TFC_MAX_RANK + 1, '[');
  deep += "1" + std::string(TFC_MAX_RANK + 1, ']');
  expectParseError(deep.c_str(), TFC_F32, "lists nest deeper than 32");
  StatusPtr status = makeStatus();
  EXPECT_EQ(tfc_tensor_parse(nullptr, TFC_F32, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "NULL literal");
  EXPECT_EQ(tfc_tensor_parse("1", 42, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "invalid dtype 42");
}

TEST(Literal, LongLiteralsAreShortenedInMessages) {
  std::string literal = "[" + std::string(200, '1') + "x]";
  StatusPtr status = makeStatus();
  EXPECT_EQ(tfc_tensor_parse(literal.c_str(), TFC_I64, status.get()), nullptr);
  std::string message = tfc_status_message(status.get());
  EXPECT_LT(message.size(), 200u) << message;
  EXPECT_NE(message.find("...\""), std::string::npos) << message;
}

TEST(Literal, IgnoresTheProcessLocale) {
  // In a German locale strtod expects "1,5"; the parser must not care.
  const char *previous = std::setlocale(LC_NUMERIC, nullptr);
  std::string saved = previous ? previous : "C";
  bool switched = std::setlocale(LC_NUMERIC, "de_DE.UTF-8") ||
                  std::setlocale(LC_NUMERIC, "de_DE");
  TensorPtr tensor = parse("[1.5, 2.25]", TFC_F32);
  std::string text = toString(tensor.get());
  std::setlocale(LC_NUMERIC, saved.c_str());
  EXPECT_EQ(text, "f32[2] [1.5 2.25]");
  if (!switched)
    GTEST_SKIP() << "no German locale installed; checked in the C locale only";
}

TEST(Printer, FloatsUseTheShortestExactText) {
  EXPECT_EQ(toString(parse("[0.1, 0.3333333333, 1e20, -0]", TFC_F32).get()),
            "f32[4] [0.1 0.33333334 1e+20 -0]");
  EXPECT_EQ(toString(parse("[0.1, 0.30000000000000004]", TFC_F64).get()),
            "f64[2] [0.1 0.30000000000000004]");
  EXPECT_EQ(toString(parse("[nan, inf, -inf]", TFC_F64).get()),
            "f64[3] [nan inf -inf]");
  EXPECT_EQ(toString(parse("[0.1, 65504, 0.333]", TFC_F16).get()),
            "f16[3] [0.1 65500 0.333]");
  EXPECT_EQ(toString(parse("[3.14159, 1]", TFC_BF16).get()),
            "bf16[2] [3.14 1]");
}

TEST(Printer, BoolsAndSmallIntegers) {
  EXPECT_EQ(toString(parse("[true, false]", TFC_BOOL).get()),
            "bool[2] [true false]");
  EXPECT_EQ(toString(parse("[-5, 65]", TFC_I8).get()), "i8[2] [-5 65]");
}

TEST(Printer, SummarizesLikeTfPrint) {
  TensorPtr vector = parse("[1, 2, 3, 4, 5]", TFC_I32);
  TensorPtr matrix = parse("[[1, 2, 3], [4, 5, 6]]", TFC_I32);
  TensorPtr tall = parse("[[1, 2], [3, 4], [5, 6]]", TFC_I32);
  EXPECT_EQ(toString(vector.get(), 3), "i32[5] [1 2 3...]");
  EXPECT_EQ(toString(vector.get(), 5), "i32[5] [1 2 3 4 5]");
  EXPECT_EQ(toString(vector.get(), 0), "i32[5] [...]");
  EXPECT_EQ(toString(matrix.get(), 4), "i32[2,3] [[1 2 3] [4...]]");
  EXPECT_EQ(toString(matrix.get(), 3), "i32[2,3] [[1 2 3]...]");
  EXPECT_EQ(toString(tall.get(), 2), "i32[3,2] [[1 2]...]");
  EXPECT_EQ(toString(parse("7", TFC_I32).get(), 0), "i32[] 7");
}

// A tensor without elements still has its lists: as many as its other
// dimensions say (420 million here, a 2 GB string before, found by
// NpyFuzzer). They count against the limit, and at most 1,024 print.
TEST(Printer, LimitsTheListsOfTensorsWithoutElements) {
  StatusPtr status = makeStatus();
  int64_t shape[] = {60070, 7002, 0};
  TensorPtr empty(tfc_tensor_create(TFC_F32, 3, shape, status.get()));
  ASSERT_TRUE(empty) << describe(status.get());
  EXPECT_EQ(toString(empty.get(), 4),
            "f32[60070,7002,0] [[[] [] [] []...]...]");
  EXPECT_EQ(toString(empty.get(), 0), "f32[60070,7002,0] [...]");
  std::string all = toString(empty.get());
  EXPECT_EQ(std::count(all.begin(), all.end(), '[') - 2, 1024 + 1) << all;
  EXPECT_EQ(toString(parse("[[], []]", TFC_F32).get(), 4), "f32[2,0] [[] []]");
}

TEST(Printer, FollowsSnprintfConventions) {
  TensorPtr tensor = parse("[10, 20, 30]", TFC_I32);
  char small[8];
  EXPECT_EQ(tfc_tensor_summarize(tensor.get(), -1, small, sizeof(small)), 10);
  EXPECT_STREQ(small, "[10 20 ");
  EXPECT_EQ(tfc_tensor_summarize(tensor.get(), -1, nullptr, 0), 10);
  char buffer[4] = "xyz";
  EXPECT_EQ(tfc_tensor_summarize(nullptr, -1, buffer, sizeof(buffer)), -1);
  EXPECT_STREQ(buffer, "");
  EXPECT_EQ(tfc_tensor_to_string(nullptr, -1, nullptr, 0), -1);
}

} // namespace
