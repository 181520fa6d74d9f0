//===- NpyTest.cpp - NumPy .npy files -------------------------------------===//

#include "RuntimeTestUtils.h"

using namespace tfc::runtime::testing;

namespace {

std::vector<unsigned char> textBytes(const std::string &text) {
  return std::vector<unsigned char>(text.begin(), text.end());
}

/// An .npy file with header `dict` (taken as is: no padding added) and
/// `data`, in format version `major`.0.
std::vector<unsigned char> npyFile(const std::string &dict,
                                   const std::vector<unsigned char> &data,
                                   int major = 1) {
  std::vector<unsigned char> file = textBytes("\x93NUMPY");
  file.push_back(static_cast<unsigned char>(major));
  file.push_back(0);
  for (int i = 0; i < (major == 1 ? 2 : 4); ++i)
    file.push_back(static_cast<unsigned char>(dict.size() >> (8 * i)));
  file.insert(file.end(), dict.begin(), dict.end());
  file.insert(file.end(), data.begin(), data.end());
  return file;
}

class NpyTest : public ::testing::Test {
protected:
  TensorPtr parseNpy(const std::vector<unsigned char> &file) {
    return TensorPtr(tfc_npy_parse(file.data(), file.size(), status.get()));
  }

  void expectRejected(const std::vector<unsigned char> &file, tfc_code code,
                      const std::string &text) {
    TensorPtr tensor = parseNpy(file);
    EXPECT_FALSE(tensor) << "parsed as " << toString(tensor.get());
    EXPECT_TFC_ERROR(status.get(), code, text);
  }

  StatusPtr status = makeStatus();
  TempDir dir;
};

TEST_F(NpyTest, RoundTripsEveryDtypeAndShape) {
  const struct {
    tfc_dtype dtype;
    const char *literals[4];
  } cases[] = {
      {TFC_F16, {"[0.5, -65504, 0.1]", "1", "[]", "[[[1], [2]]]"}},
      {TFC_BF16, {"[3.14159, 1e38]", "-2", "[[], []]", "[[1, 2], [3, 4]]"}},
      {TFC_F32, {"[[1.5, 2, 3], [4, 5, 6]]", "nan", "[]", "[-0]"}},
      {TFC_F64, {"[0.1, 1e300]", "-inf", "[[]]", "[[1], [2], [3]]"}},
      {TFC_BOOL, {"[true, false]", "true", "[]", "[[false], [true]]"}},
      {TFC_I8, {"[-128, 127]", "0", "[]", "[[1, 2, 3]]"}},
      {TFC_I32, {"[2147483647, -1]", "5", "[[], [], []]", "[[1], [2]]"}},
      {TFC_I64, {"[9223372036854775807]", "-7", "[]", "[[[1, 2]]]"}},
  };
  for (const auto &c : cases) {
    for (const char *literal : c.literals) {
      TensorPtr original = parse(literal, c.dtype);
      std::string path = dir.file("t.npy");
      ASSERT_EQ(tfc_npy_write(original.get(), path.c_str(), status.get()),
                TFC_OK)
          << describe(status.get());
      TensorPtr read(tfc_npy_read(path.c_str(), status.get()));
      ASSERT_TRUE(read) << literal << ": " << describe(status.get());
      EXPECT_EQ(toString(read.get()), toString(original.get()));
      EXPECT_EQ(bytesOf(tfc_tensor_data(read.get()),
                        tfc_tensor_byte_size(read.get())),
                bytesOf(tfc_tensor_data(original.get()),
                        tfc_tensor_byte_size(original.get())))
          << tfc_dtype_name(c.dtype) << " " << literal;
    }
  }
}

TEST_F(NpyTest, WritesWhatNumPyWrites) {
  // np.save("x.npy", np.arange(1, 7, dtype=np.float32).reshape(2, 3)).
  TensorPtr tensor = parse("[[1, 2, 3], [4, 5, 6]]", TFC_F32);
  std::string path = dir.file("x.npy");
  ASSERT_EQ(tfc_npy_write(tensor.get(), path.c_str(), status.get()), TFC_OK);
  std::vector<unsigned char> file = readFile(path);
  std::string dict = "{'descr': '<f4', 'fortran_order': False, "
                     "'shape': (2, 3), }";
  dict += std::string(128 - 10 - dict.size() - 1, ' ') + "\n";
  std::vector<unsigned char> expected = npyFile(dict, {});
  std::vector<unsigned char> data = bytesOf(tfc_tensor_data(tensor.get()), 24);
  expected.insert(expected.end(), data.begin(), data.end());
  EXPECT_EQ(file, expected);

  const struct {
    const char *literal;
    tfc_dtype dtype;
    const char *header;
  } headers[] = {
      {"[1, 2, 3]", TFC_I64,
       "{'descr': '<i8', 'fortran_order': False, "
       "'shape': (3,), }"},
      {"7", TFC_I8, "{'descr': '|i1', 'fortran_order': False, 'shape': (), }"},
      {"[true]", TFC_BOOL, "'descr': '|b1'"},
      {"[1]", TFC_BF16, "'descr': '<V2'"},
      {"[1]", TFC_F16, "'descr': '<f2'"},
      {"[1]", TFC_I32, "'descr': '<i4'"},
      {"[1]", TFC_F64, "'descr': '<f8'"},
  };
  for (const auto &h : headers) {
    TensorPtr t = parse(h.literal, h.dtype);
    ASSERT_EQ(tfc_npy_write(t.get(), path.c_str(), status.get()), TFC_OK);
    std::vector<unsigned char> bytes = readFile(path);
    std::string text(bytes.begin() + 10, bytes.end());
    EXPECT_NE(text.find(h.header), std::string::npos) << text;
    EXPECT_EQ((10 + (bytes[8] | bytes[9] << 8)) % 64, 0) << text;
  }
}

TEST_F(NpyTest, ReadsOtherWritersHeaders) {
  std::vector<unsigned char> data = {1, 0, 0, 0, 2, 0, 0, 0};
  std::vector<unsigned char> bf16 = {0x80, 0x3F, 0x00, 0x40,
                                     0x40, 0x40, 0x80, 0x40};
  const struct {
    std::string dict;
    int major;
    const char *expected;
    const std::vector<unsigned char> &data;
  } cases[] = {
      {"{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }\n", 2,
       "i32[2] [1 2]", data},
      {"{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }\n", 3,
       "i32[2] [1 2]", data},
      {"{'descr': '<i4', 'fortran_order': False, 'shape': (1L, 2L), }", 1,
       "i32[1,2] [[1 2]]", data},
      {"{\"shape\": (2, 1), \"descr\": \"<i4\", \"fortran_order\": False}", 1,
       "i32[2,1] [[1] [2]]", data},
      {"{'descr':'=i4','fortran_order':True,'shape':(2,)}", 1, "i32[2] [1 2]",
       data},
      {"{'descr': '<i8', 'fortran_order': False, 'shape': (1,), }", 1,
       "i64[1] [8589934593]", data},
      {"{'descr': '|V2', 'fortran_order': False, 'shape': (4,), }", 1,
       "bf16[4] [1 2 3 4]", bf16},
      {"{'descr': 'bfloat16', 'fortran_order': False, 'shape': (2, 2), }", 1,
       "bf16[2,2] [[1 2] [3 4]]", bf16},
  };
  for (const auto &c : cases) {
    TensorPtr tensor = parseNpy(npyFile(c.dict, c.data, c.major));
    ASSERT_TRUE(tensor) << c.dict << ": " << describe(status.get());
    EXPECT_EQ(toString(tensor.get()), c.expected) << c.dict;
  }
}

TEST_F(NpyTest, RejectsMalformedFiles) {
  std::vector<unsigned char> six(24, 0);
  auto f32 = [&](const std::string &shape) {
    return "{'descr': '<f4', 'fortran_order': False, 'shape': " + shape + ", }";
  };
  expectRejected({}, TFC_DATA_LOSS, "not a .npy file");
  expectRejected(textBytes("NUMPY.xxxxxxxx"), TFC_DATA_LOSS, "not a .npy file");
  std::vector<unsigned char> v4 = npyFile(f32("(6,)"), six);
  v4[6] = 4;
  expectRejected(v4, TFC_UNIMPLEMENTED, "format version 4.0 is not supported");
  std::vector<unsigned char> v11 = npyFile(f32("(6,)"), six);
  v11[7] = 1;
  expectRejected(v11, TFC_UNIMPLEMENTED, "format version 1.1");
  std::vector<unsigned char> preamble = npyFile("", {}, 2);
  preamble.resize(9);
  expectRejected(preamble, TFC_DATA_LOSS, "truncated in its preamble");
  std::vector<unsigned char> shortHeader = npyFile(f32("(6,)"), {});
  shortHeader.resize(30);
  expectRejected(shortHeader, TFC_DATA_LOSS, "truncated: its header has");
  expectRejected(npyFile(f32("(2, 3)"), std::vector<unsigned char>(20)),
                 TFC_DATA_LOSS,
                 ".npy file has 20 bytes of data; a f32[2,3] array needs 24");
  expectRejected(npyFile(f32("(2, 3)"), std::vector<unsigned char>(28)),
                 TFC_DATA_LOSS, "has 28 bytes of data");
  expectRejected(npyFile("{'descr': '<f4', 'shape': (6,), }", six),
                 TFC_DATA_LOSS, "is missing");
  expectRejected(npyFile(f32("(6,)") + "x", six), TFC_DATA_LOSS,
                 "unexpected text after '}'");
  expectRejected(npyFile("{'descr': '<f4', 'fortran_order': False, "
                         "'shape': (6,), 'extra': 1}",
                         six),
                 TFC_DATA_LOSS, "unexpected key");
  expectRejected(npyFile(f32("(2, -3)"), six), TFC_DATA_LOSS,
                 "'shape' is not a tuple");
  expectRejected(npyFile(f32("6"), six), TFC_DATA_LOSS,
                 "'shape' is not a tuple");
  expectRejected(npyFile(f32("(99999999999999999999,)"), six), TFC_DATA_LOSS,
                 "'shape' is not a tuple");
  std::string deep = "(";
  for (int i = 0; i < 33; ++i)
    deep += "1, ";
  expectRejected(npyFile(f32(deep + ")"), six), TFC_DATA_LOSS,
                 "at most 32 sizes");
  expectRejected(npyFile("{'descr': '<f4', 'fortran_order': Maybe, "
                         "'shape': (6,)}",
                         six),
                 TFC_DATA_LOSS, "not True or False");
  expectRejected(npyFile("{'descr': '<f4, 'fortran_order': False}", six),
                 TFC_DATA_LOSS, ".npy header is malformed");
  expectRejected(npyFile("{'descr': [('a', '<f4')], 'fortran_order': False, "
                         "'shape': (6,)}",
                         six),
                 TFC_DATA_LOSS, "structured dtypes are not supported");
  expectRejected(npyFile("hello", six), TFC_DATA_LOSS, "expected '{'");
  expectRejected(npyFile("{'descr': '<f4' 'shape': (6,)}", six), TFC_DATA_LOSS,
                 "expected ',' or '}'");
}

TEST_F(NpyTest, RejectsArraysTfcCannotHold) {
  std::vector<unsigned char> six(24, 0);
  auto with = [&](const std::string &descr, const std::string &order,
                  const std::string &shape) {
    return npyFile("{'descr': '" + descr + "', 'fortran_order': " + order +
                       ", 'shape': " + shape + ", }",
                   six);
  };
  expectRejected(with("<u2", "False", "(12,)"), TFC_UNIMPLEMENTED,
                 ".npy dtype '<u2' is not supported");
  expectRejected(with("<c8", "False", "(3,)"), TFC_UNIMPLEMENTED,
                 "'<c8' is not supported");
  expectRejected(with(">f4", "False", "(6,)"), TFC_UNIMPLEMENTED,
                 "big-endian .npy data ('>f4') is not supported");
  expectRejected(with("<f4", "True", "(2, 3)"), TFC_UNIMPLEMENTED,
                 "Fortran order are not supported");
  expectRejected(with("<f4", "False", "(4611686018427387904, 8)"),
                 TFC_INVALID_ARGUMENT, "too many elements");
  std::vector<unsigned char> bools = {1, 2, 0};
  expectRejected(npyFile("{'descr': '|b1', 'fortran_order': False, "
                         "'shape': (3,), }",
                         bools),
                 TFC_DATA_LOSS, ".npy bool element 1 is 2, not 0 or 1");
}

TEST_F(NpyTest, TruncatedFilesFailCleanly) {
  TensorPtr tensor = parse("[[1, 2], [3, 4]]", TFC_I64);
  std::string path = dir.file("t.npy");
  ASSERT_EQ(tfc_npy_write(tensor.get(), path.c_str(), status.get()), TFC_OK);
  std::vector<unsigned char> file = readFile(path);
  for (size_t length = 0; length < file.size(); ++length) {
    std::vector<unsigned char> cut(file.begin(), file.begin() + length);
    TensorPtr parsed = parseNpy(cut);
    EXPECT_FALSE(parsed) << "cut to " << length;
    EXPECT_EQ(tfc_status_code(status.get()), TFC_DATA_LOSS)
        << length << ": " << describe(status.get());
  }
  EXPECT_TRUE(parseNpy(file));
}

TEST_F(NpyTest, FileErrorsNameThePath) {
  std::string missing = dir.file("missing.npy");
  EXPECT_EQ(tfc_npy_read(missing.c_str(), status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_NOT_FOUND,
                   "cannot open .npy file '" + missing + "'");
  EXPECT_EQ(tfc_npy_read(dir.path().c_str(), status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_FAILED_PRECONDITION, "not a regular file");
  std::string bad = dir.file("bad.npy");
  writeFile(bad, textBytes("not numpy at all"));
  EXPECT_EQ(tfc_npy_read(bad.c_str(), status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_DATA_LOSS, bad + ": not a .npy file");

  TensorPtr tensor = parse("[1]", TFC_F32);
  std::string noDir = dir.file("no/dir/x.npy");
  EXPECT_EQ(tfc_npy_write(tensor.get(), noDir.c_str(), status.get()),
            TFC_NOT_FOUND);
  EXPECT_TFC_ERROR(status.get(), TFC_NOT_FOUND, noDir);
  EXPECT_EQ(tfc_npy_write(nullptr, bad.c_str(), status.get()),
            TFC_INVALID_ARGUMENT);
  EXPECT_EQ(tfc_npy_read(nullptr, status.get()), nullptr);
  EXPECT_EQ(tfc_npy_parse(nullptr, 4, status.get()), nullptr);
  EXPECT_TFC_ERROR(status.get(), TFC_INVALID_ARGUMENT, "NULL .npy bytes");
}

} // namespace
