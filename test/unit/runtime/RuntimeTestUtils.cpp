//===- RuntimeTestUtils.cpp - Helpers of the runtime tests ----------------===//
//
// Out-of-line helpers, and the sanitizer defaults of the test binary.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"

#include <cstdio>
#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <ftw.h>
#include <iterator>
#include <unistd.h>

// The tests ask for impossible allocations and expect RESOURCE_EXHAUSTED;
// sanitizers abort on them unless told to return NULL, as malloc does.
extern "C" __attribute__((visibility("default"), used)) const char *
__asan_default_options() {
  return "allocator_may_return_null=1";
}
extern "C" __attribute__((visibility("default"), used)) const char *
__tsan_default_options() {
  return "allocator_may_return_null=1";
}

namespace tfc::runtime::testing {

tfc_variable *registerVariable(tfc_store *store, const char *name,
                               tfc_dtype dtype,
                               const std::vector<int64_t> &shape,
                               const std::vector<const char *> &collections,
                               bool trainable) {
  tfc_variable_desc desc = {};
  desc.name = name;
  desc.dtype = dtype;
  desc.trainable = trainable;
  desc.rank = static_cast<int64_t>(shape.size());
  desc.shape = shape.data();
  desc.collections = collections.data();
  desc.num_collections = static_cast<int64_t>(collections.size());
  StatusPtr status = makeStatus();
  tfc_variable *var = tfc_store_register(store, &desc, status.get());
  EXPECT_TRUE(var) << name << ": " << describe(status.get());
  return var;
}

tfc_variable *addVariable(tfc_store *store, const char *name, tfc_dtype dtype,
                          const char *value,
                          const std::vector<const char *> &collections,
                          bool trainable) {
  TensorPtr tensor = parse(value, dtype);
  if (!tensor)
    return nullptr;
  const int64_t *dims = tfc_tensor_shape(tensor.get());
  std::vector<int64_t> shape(dims, dims + tfc_tensor_rank(tensor.get()));
  tfc_variable *var =
      registerVariable(store, name, dtype, shape, collections, trainable);
  StatusPtr status = makeStatus();
  EXPECT_EQ(tfc_variable_assign(var, tensor.get(), status.get()), TFC_OK)
      << describe(status.get());
  return var;
}

std::string valueOf(tfc_store *store, const char *name) {
  StatusPtr status = makeStatus();
  tfc_variable *var = tfc_store_find(store, name, status.get());
  if (!var)
    return "<missing>";
  TensorPtr value(tfc_variable_read(var, status.get()));
  return toString(value.get());
}

StoreState stateOf(tfc_store *store) {
  StoreState state;
  for (int64_t i = 0; i < tfc_store_num_variables(store); ++i) {
    tfc_variable *var = tfc_store_variable_at(store, i);
    state.emplace_back(
        bytesOf(tfc_variable_data(var), tfc_variable_byte_size(var)),
        tfc_variable_is_initialized(var));
  }
  return state;
}

TempDir::TempDir() {
  const char *base = std::getenv("TMPDIR");
  std::string pattern =
      std::string(base && *base ? base : "/tmp") + "/tfc-runtime-test-XXXXXX";
  if (::mkdtemp(pattern.data()))
    dir = pattern;
  else
    ADD_FAILURE() << "cannot create a temporary directory from " << pattern;
}

TempDir::~TempDir() {
  if (dir.empty())
    return;
  ::nftw(
      dir.c_str(),
      [](const char *path, const struct stat *, int, struct FTW *) {
        return std::remove(path);
      },
      16, FTW_DEPTH | FTW_PHYS);
}

std::vector<std::string> TempDir::list() const {
  std::vector<std::string> names;
  if (DIR *handle = ::opendir(dir.c_str())) {
    while (struct dirent *entry = ::readdir(handle)) {
      std::string name = entry->d_name;
      if (name != "." && name != "..")
        names.push_back(name);
    }
    ::closedir(handle);
  }
  return names;
}

std::vector<unsigned char> readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << "cannot read " << path;
  return std::vector<unsigned char>(std::istreambuf_iterator<char>(in), {});
}

void writeFile(const std::string &path,
               const std::vector<unsigned char> &data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char *>(data.data()),
            static_cast<std::streamsize>(data.size()));
  EXPECT_TRUE(out) << "cannot write " << path;
}

} // namespace tfc::runtime::testing
