//===- ModelTestUtils.h - Helpers of the model API tests --------*- C++ -*-===//
//
// Owners of runtime objects and the loading of the models `tfc compile`
// built for the tests (lib<NAME>.so in TFC_TEST_MODELS_DIR).
//
//===----------------------------------------------------------------------===//

#ifndef TFC_TEST_UNIT_MODEL_MODELTESTUTILS_H
#define TFC_TEST_UNIT_MODEL_MODELTESTUTILS_H

#include "tfc/runtime.h"
#include "tfc/runtime/handles.hpp"

#include <dlfcn.h>

#include <memory>
#include <string>

namespace tfc::testing {

using Status = tfc::StatusPtr;
using Model = tfc::ModelPtr;
using Tensor = tfc::TensorPtr;

/// The model structure `tfc_model_NAME` of lib<NAME>.so, which stays loaded
/// for the whole test run; null (see dlerror()) when it cannot be loaded.
inline const tfc_model_abi *loadTestModel(const std::string &name) {
  std::string path = std::string(TFC_TEST_MODELS_DIR) + "/lib" + name + ".so";
  void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle)
    return nullptr;
  return static_cast<const tfc_model_abi *>(
      dlsym(handle, ("tfc_model_" + name).c_str()));
}

} // namespace tfc::testing

#endif // TFC_TEST_UNIT_MODEL_MODELTESTUTILS_H
