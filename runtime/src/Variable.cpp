//===- Variable.cpp - Variable accessors and checked copies ---------------===//
//
// Reflection on a variable, its initialized flag, and the copies between a
// variable and a tensor that drivers use (they take the store lock).
//
//===----------------------------------------------------------------------===//

#include "Store.h"

#include <cstring>

using namespace tfc::runtime;

extern "C" {

const char *tfc_variable_name(const tfc_variable *var) {
  return var ? var->name.c_str() : nullptr;
}

tfc_dtype tfc_variable_dtype(const tfc_variable *var) {
  return var ? var->dtype : TFC_DTYPE_INVALID;
}

int64_t tfc_variable_rank(const tfc_variable *var) {
  return var ? var->rank : -1;
}

const int64_t *tfc_variable_shape(const tfc_variable *var) {
  return var ? var->dims : nullptr;
}

int64_t tfc_variable_num_elements(const tfc_variable *var) {
  return var ? var->numElements : -1;
}

int64_t tfc_variable_byte_size(const tfc_variable *var) {
  return var ? var->byteSize : -1;
}

int32_t tfc_variable_trainable(const tfc_variable *var) {
  return var ? var->trainable : -1;
}

int64_t tfc_variable_num_collections(const tfc_variable *var) {
  return var ? static_cast<int64_t>(var->collections.size()) : -1;
}

const char *tfc_variable_collection(const tfc_variable *var, int64_t index) {
  if (!var || index < 0 ||
      index >= static_cast<int64_t>(var->collections.size()))
    return nullptr;
  return var->collections[index].c_str();
}

int32_t tfc_variable_in_collection(const tfc_variable *var,
                                   const char *collection) {
  return var && collection && var->inCollection(collection);
}

void *tfc_variable_data(const tfc_variable *var) {
  if (!var)
    return nullptr;
  // The host copy, brought up to date if a CUDA model wrote the device one.
  variableToHost(const_cast<tfc_variable *>(var), nullptr);
  return var->data;
}

int32_t tfc_variable_is_initialized(const tfc_variable *var) {
  return var ? var->initialized.load(std::memory_order_acquire) : -1;
}

void tfc_variable_set_initialized(tfc_variable *var, int32_t initialized) {
  if (var)
    var->initialized.store(initialized != 0, std::memory_order_release);
}

tfc_code tfc_variable_require_initialized(const tfc_variable *var,
                                          tfc_status *status) {
  if (!var)
    return setError(status, TFC_INVALID_ARGUMENT, "variable is NULL");
  if (!var->initialized.load(std::memory_order_acquire))
    return setError(status, TFC_FAILED_PRECONDITION,
                    "Attempting to use uninitialized value %s",
                    var->name.c_str());
  return TFC_OK;
}

tfc_code tfc_variable_assign(tfc_variable *var, const tfc_tensor *value,
                             tfc_status *status) {
  if (!var)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "cannot assign to a NULL variable");
  std::string what =
      formatString("value assigned to variable '%s'", var->name.c_str());
  if (tfc_tensor_check(value, what.c_str(), var->dtype, var->rank, var->dims,
                       status) != TFC_OK)
    return TFC_INVALID_ARGUMENT;
  ExclusiveLock lock(var->store);
  if (var->byteSize > 0)
    std::memcpy(var->data, value->data, static_cast<size_t>(var->byteSize));
  variableWritten(var, /*onDevice=*/false);
  var->initialized.store(true, std::memory_order_release);
  return TFC_OK;
}

tfc_tensor *tfc_variable_read(const tfc_variable *var, tfc_status *status) {
  if (!var) {
    setError(status, TFC_INVALID_ARGUMENT, "cannot read a NULL variable");
    return nullptr;
  }
  SharedLock lock(var->store);
  if (tfc_variable_require_initialized(var, status) != TFC_OK ||
      variableToHost(const_cast<tfc_variable *>(var), status) != TFC_OK)
    return nullptr;
  tfc_tensor *tensor =
      tfc_tensor_create(var->dtype, var->rank, var->dims, status);
  if (tensor && var->byteSize > 0)
    std::memcpy(tensor->data, var->data, static_cast<size_t>(var->byteSize));
  return tensor;
}

} // extern "C"
