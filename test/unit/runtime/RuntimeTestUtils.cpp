//===- RuntimeTestUtils.cpp - Helpers of the runtime tests ----------------===//
//
// Out-of-line helpers of the runtime tests.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"

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

} // namespace tfc::runtime::testing
