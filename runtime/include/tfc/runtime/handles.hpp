/*===- handles.hpp - Owning C++ handles for the runtime's objects --------===*\
|*                                                                          *|
|* For C++ callers of the C API: std::unique_ptr types that destroy a      *|
|* status, a tensor or a model, and release a store, when they go out of    *|
|* scope.                                                                   *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TFC_RUNTIME_HANDLES_HPP
#define TFC_RUNTIME_HANDLES_HPP

#ifndef __cplusplus
#error "tfc/runtime/handles.hpp is for C++; C uses the *_destroy functions"
#endif

#include "tfc/runtime/base.h"
#include "tfc/runtime/model.h"
#include "tfc/runtime/store.h"
#include "tfc/runtime/tensor.h"

#include <memory>

namespace tfc {

/// Frees any of the runtime's objects with the function the C API gives it.
struct HandleDeleter {
  void operator()(tfc_status *status) const { tfc_status_destroy(status); }
  void operator()(tfc_tensor *tensor) const { tfc_tensor_destroy(tensor); }
  void operator()(tfc_model *model) const { tfc_model_destroy(model); }
  void operator()(tfc_store *store) const { tfc_store_release(store); }
};

using StatusPtr = std::unique_ptr<tfc_status, HandleDeleter>;
using TensorPtr = std::unique_ptr<tfc_tensor, HandleDeleter>;
using ModelPtr = std::unique_ptr<tfc_model, HandleDeleter>;
using StorePtr = std::unique_ptr<tfc_store, HandleDeleter>;

} // namespace tfc

#endif /* TFC_RUNTIME_HANDLES_HPP */
