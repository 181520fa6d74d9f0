//===- Store.cpp - The variable store -------------------------------------===//
//
// Registration, lookup and reflection of variables, the store lock, and the
// checked copies in and out of a variable.
//
//===----------------------------------------------------------------------===//

#include "Store.h"

#include <cstring>
#include <new>

using namespace tfc::runtime;

/// Longest variable name accepted (and written to checkpoints).
static constexpr size_t kMaxNameLength = 4096;
/// Most collections one variable may be in.
static constexpr int64_t kMaxCollections = 1024;

bool tfc_variable::inCollection(const char *collection) const {
  for (const std::string &name : collections)
    if (name == collection)
      return true;
  return false;
}

std::vector<tfc_variable *> tfc_store::snapshot() {
  std::lock_guard<std::mutex> guard(registryMutex);
  std::vector<tfc_variable *> result;
  result.reserve(variables.size());
  for (const std::unique_ptr<tfc_variable> &var : variables)
    result.push_back(var.get());
  return result;
}

tfc_variable *tfc_store::find(const std::string &name) {
  std::lock_guard<std::mutex> guard(registryMutex);
  auto it = byName.find(name);
  return it == byName.end() ? nullptr : it->second;
}

/// Checks a descriptor and builds the variable it describes, without its
/// buffer and without touching the store.
static std::unique_ptr<tfc_variable>
buildVariable(const tfc_variable_desc *desc, tfc_status *status) {
  if (!desc) {
    setError(status, TFC_INVALID_ARGUMENT, "variable descriptor is NULL");
    return nullptr;
  }
  if (!desc->name || !*desc->name) {
    setError(status, TFC_INVALID_ARGUMENT, "variable name is %s",
             desc->name ? "empty" : "NULL");
    return nullptr;
  }
  size_t nameLength = std::strlen(desc->name);
  if (nameLength > kMaxNameLength) {
    setError(status, TFC_INVALID_ARGUMENT,
             "variable name of %zu bytes is longer than %zu", nameLength,
             kMaxNameLength);
    return nullptr;
  }
  std::string what = formatString("variable '%s'", desc->name);
  int64_t numElements, byteSize;
  if (checkShape(desc->dtype, desc->rank, desc->shape, what.c_str(),
                 &numElements, &byteSize, status) != TFC_OK)
    return nullptr;
  if (desc->num_collections < 0 || desc->num_collections > kMaxCollections ||
      (desc->num_collections > 0 && !desc->collections)) {
    setError(status, TFC_INVALID_ARGUMENT,
             "%s has %lld collections%s; expected [0, %lld]", what.c_str(),
             static_cast<long long>(desc->num_collections),
             desc->num_collections > 0 && !desc->collections
                 ? " but a NULL list"
                 : "",
             static_cast<long long>(kMaxCollections));
    return nullptr;
  }
  auto var = std::make_unique<tfc_variable>();
  for (int64_t i = 0; i < desc->num_collections; ++i) {
    if (!desc->collections[i]) {
      setError(status, TFC_INVALID_ARGUMENT, "%s: collection %lld is NULL",
               what.c_str(), static_cast<long long>(i));
      return nullptr;
    }
    if (!var->inCollection(desc->collections[i]))
      var->collections.emplace_back(desc->collections[i]);
  }
  // tf.get_variable's defaults, unless the caller listed no collections
  // on purpose (a non-NULL, empty list).
  if (var->collections.empty() && !desc->collections)
    var->collections.emplace_back(TFC_GLOBAL_VARIABLES);
  var->trainable = desc->trainable != 0;
  if (var->trainable && !var->inCollection(TFC_TRAINABLE_VARIABLES))
    var->collections.emplace_back(TFC_TRAINABLE_VARIABLES);

  var->name = desc->name;
  var->dtype = desc->dtype;
  var->rank = desc->rank;
  for (int64_t i = 0; i < desc->rank; ++i)
    var->dims[i] = desc->shape[i];
  var->numElements = numElements;
  var->byteSize = byteSize;
  return var;
}

/// The variable registered as `var->name`, if any, when it has var's dtype
/// and shape; NULL with an error when it has another. The caller holds the
/// registry mutex.
static tfc_variable *findShared(tfc_store *store, const tfc_variable &var,
                                bool &mismatch, tfc_status *status) {
  mismatch = false;
  auto it = store->byName.find(var.name);
  if (it == store->byName.end())
    return nullptr;
  tfc_variable *existing = it->second;
  bool same = existing->dtype == var.dtype && existing->rank == var.rank;
  for (int64_t i = 0; same && i < var.rank; ++i)
    same = existing->dims[i] == var.dims[i];
  if (same)
    return existing;
  mismatch = true;
  setError(status, TFC_INVALID_ARGUMENT,
           "Trying to share variable %s, but specified %s and found %s",
           var.name.c_str(), var.type().c_str(), existing->type().c_str());
  return nullptr;
}

extern "C" {

tfc_store *tfc_store_create(tfc_status *status) {
  auto *store = new (std::nothrow) tfc_store();
  if (!store) {
    setError(status, TFC_RESOURCE_EXHAUSTED, "cannot allocate a store");
    return nullptr;
  }
  pthread_rwlockattr_t attr;
  pthread_rwlockattr_init(&attr);
#ifdef __GLIBC__
  pthread_rwlockattr_setkind_np(&attr,
                                PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
#endif
  int error = pthread_rwlock_init(&store->lock, &attr);
  pthread_rwlockattr_destroy(&attr);
  store->lockInitialized = error == 0;
  if (error != 0) {
    delete store;
    setError(status, codeFromErrno(error), "cannot create the store lock: %s",
             std::strerror(error));
    return nullptr;
  }
  return store;
}

void tfc_store_retain(tfc_store *store) {
  if (store)
    store->refCount.fetch_add(1, std::memory_order_relaxed);
}

void tfc_store_release(tfc_store *store) {
  if (store && store->refCount.fetch_sub(1, std::memory_order_acq_rel) == 1)
    delete store;
}

tfc_variable *tfc_store_register(tfc_store *store,
                                 const tfc_variable_desc *desc,
                                 tfc_status *status) {
  if (!store) {
    setError(status, TFC_INVALID_ARGUMENT, "cannot register in a NULL store");
    return nullptr;
  }
  std::unique_ptr<tfc_variable> var = buildVariable(desc, status);
  if (!var)
    return nullptr;
  bool mismatch;
  {
    std::lock_guard<std::mutex> guard(store->registryMutex);
    if (tfc_variable *existing = findShared(store, *var, mismatch, status))
      return existing;
    if (mismatch)
      return nullptr;
  }
  // Allocate (and zero) outside the registry lock, and only for a new
  // variable; if another thread registers the name meanwhile, its variable
  // wins and this buffer is dropped.
  var->data = allocateAligned(var->byteSize);
  if (!var->data) {
    setError(status, TFC_RESOURCE_EXHAUSTED,
             "cannot allocate %lld bytes for variable '%s' of type %s%s",
             static_cast<long long>(var->byteSize), var->name.c_str(),
             var->type().c_str(), allocationLimitNote(var->byteSize).c_str());
    return nullptr;
  }
  std::lock_guard<std::mutex> guard(store->registryMutex);
  if (tfc_variable *existing = findShared(store, *var, mismatch, status))
    return existing;
  if (mismatch)
    return nullptr;
  var->store = store;
  tfc_variable *result = var.get();
  store->variables.push_back(std::move(var));
  store->byName.emplace(result->name, result);
  return result;
}

tfc_variable *tfc_store_find(tfc_store *store, const char *name,
                             tfc_status *status) {
  if (!store || !name) {
    setError(status, TFC_INVALID_ARGUMENT, "cannot look up %s",
             store ? "a NULL name" : "a variable in a NULL store");
    return nullptr;
  }
  tfc_variable *var = store->find(name);
  if (!var)
    setError(status, TFC_NOT_FOUND, "no variable named '%s' in the store",
             name);
  return var;
}

int64_t tfc_store_num_variables(tfc_store *store) {
  if (!store)
    return -1;
  std::lock_guard<std::mutex> guard(store->registryMutex);
  return static_cast<int64_t>(store->variables.size());
}

tfc_variable *tfc_store_variable_at(tfc_store *store, int64_t index) {
  if (!store || index < 0)
    return nullptr;
  std::lock_guard<std::mutex> guard(store->registryMutex);
  if (index >= static_cast<int64_t>(store->variables.size()))
    return nullptr;
  return store->variables[index].get();
}

int64_t tfc_store_uninitialized(tfc_store *store, const char *collection,
                                const char **names, int64_t capacity,
                                tfc_status *status) {
  if (!store || capacity < 0 || (capacity > 0 && !names)) {
    setError(status, TFC_INVALID_ARGUMENT, "tfc_store_uninitialized: %s",
             !store         ? "NULL store"
             : capacity < 0 ? "negative capacity"
                            : "NULL names");
    return -1;
  }
  int64_t count = 0;
  for (tfc_variable *var : store->snapshot()) {
    if (var->initialized.load(std::memory_order_acquire))
      continue;
    if (collection && !var->inCollection(collection))
      continue;
    if (count < capacity)
      names[count] = var->name.c_str();
    ++count;
  }
  return count;
}

void tfc_store_lock_shared(tfc_store *store) {
  if (store)
    pthread_rwlock_rdlock(&store->lock);
}

void tfc_store_unlock_shared(tfc_store *store) {
  if (store)
    pthread_rwlock_unlock(&store->lock);
}

void tfc_store_lock_exclusive(tfc_store *store) {
  if (store)
    pthread_rwlock_wrlock(&store->lock);
}

void tfc_store_unlock_exclusive(tfc_store *store) {
  if (!store)
    return;
  // Whoever held the lock may have written any variable.
  variablesChanged(store);
  pthread_rwlock_unlock(&store->lock);
}

} // extern "C"
