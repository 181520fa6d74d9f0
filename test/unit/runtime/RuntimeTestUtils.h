//===- RuntimeTestUtils.h - Helpers of the runtime tests --------*- C++ -*-===//
//
// RAII owners of runtime objects, tensor builders, and temporary
// directories. The tests use only the public C API.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_TEST_UNIT_RUNTIME_RUNTIMETESTUTILS_H
#define TFC_TEST_UNIT_RUNTIME_RUNTIMETESTUTILS_H

#include "tfc/runtime.h"
#include "tfc/runtime/handles.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tfc::runtime::testing {

using tfc::StatusPtr;
using tfc::StorePtr;
using tfc::TensorPtr;

inline StatusPtr makeStatus() { return StatusPtr(tfc_status_create()); }

/// "INVALID_ARGUMENT: message", for assertion output.
inline std::string describe(const tfc_status *status) {
  return std::string(tfc_code_name(tfc_status_code(status))) + ": " +
         tfc_status_message(status);
}

#define EXPECT_TFC_OK(status)                                                  \
  EXPECT_EQ(tfc_status_code(status), TFC_OK)                                   \
      << ::tfc::runtime::testing::describe(status)
#define ASSERT_TFC_OK(status)                                                  \
  ASSERT_EQ(tfc_status_code(status), TFC_OK)                                   \
      << ::tfc::runtime::testing::describe(status)

/// Expects `status` to hold `code` and a message containing `text`.
#define EXPECT_TFC_ERROR(status, code, text)                                   \
  do {                                                                         \
    EXPECT_EQ(tfc_status_code(status), code)                                   \
        << ::tfc::runtime::testing::describe(status);                          \
    EXPECT_NE(std::string(tfc_status_message(status)).find(text),              \
              std::string::npos)                                               \
        << "message: " << tfc_status_message(status);                          \
  } while (false)

/// Parses a literal, failing the test on error.
inline TensorPtr parse(const char *literal, tfc_dtype dtype) {
  StatusPtr status = makeStatus();
  TensorPtr tensor(tfc_tensor_parse(literal, dtype, status.get()));
  EXPECT_TRUE(tensor) << literal << ": " << describe(status.get());
  return tensor;
}

/// tfc_tensor_to_string as a std::string.
inline std::string toString(const tfc_tensor *tensor,
                            int64_t maxElements = -1) {
  int64_t length = tfc_tensor_to_string(tensor, maxElements, nullptr, 0);
  if (length < 0)
    return "<null>";
  std::string text(static_cast<size_t>(length) + 1, '\0');
  tfc_tensor_to_string(tensor, maxElements, text.data(), text.size());
  text.resize(static_cast<size_t>(length));
  return text;
}

/// The elements of a tensor of C++ type T.
template <typename T> std::vector<T> elements(const tfc_tensor *tensor) {
  std::vector<T> result(static_cast<size_t>(tfc_tensor_num_elements(tensor)));
  if (!result.empty())
    std::memcpy(result.data(), tfc_tensor_data(tensor),
                result.size() * sizeof(T));
  return result;
}

/// The bytes of a tensor or variable buffer.
inline std::vector<unsigned char> bytesOf(const void *data, int64_t size) {
  const auto *begin = static_cast<const unsigned char *>(data);
  return std::vector<unsigned char>(begin, begin + size);
}

/// Registers a variable, failing the test on error.
tfc_variable *
registerVariable(tfc_store *store, const char *name, tfc_dtype dtype,
                 const std::vector<int64_t> &shape,
                 const std::vector<const char *> &collections = {},
                 bool trainable = true);

/// Registers a variable and assigns it the literal `value`.
tfc_variable *addVariable(tfc_store *store, const char *name, tfc_dtype dtype,
                          const char *value,
                          const std::vector<const char *> &collections = {},
                          bool trainable = true);

/// The value of a store's variable as text, "f32[2] [1 2]"; "<missing>"
/// when the store has no such variable.
std::string valueOf(tfc_store *store, const char *name);

/// The bytes and initialized flag of each variable of a store, to check
/// that a failed call left it unchanged.
using StoreState = std::vector<std::pair<std::vector<unsigned char>, int>>;
StoreState stateOf(tfc_store *store);

/// A fresh directory under $TMPDIR (or /tmp), removed with its contents.
class TempDir {
public:
  TempDir();
  ~TempDir();
  const std::string &path() const { return dir; }
  std::string file(const std::string &name) const { return dir + "/" + name; }
  /// The names of the entries in the directory.
  std::vector<std::string> list() const;

private:
  std::string dir;
};

std::vector<unsigned char> readFile(const std::string &path);
void writeFile(const std::string &path, const std::vector<unsigned char> &data);

} // namespace tfc::runtime::testing

#endif // TFC_TEST_UNIT_RUNTIME_RUNTIMETESTUTILS_H
