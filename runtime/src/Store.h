//===- Store.h - The variable store's data structures -----------*- C++ -*-===//
//
// The definitions of tfc_store and tfc_variable, shared by the store API and
// by checkpoints.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_STORE_H
#define TFC_RUNTIME_SRC_STORE_H

#include "Internal.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <pthread.h>
#include <string>
#include <unordered_map>
#include <vector>

/// A variable: metadata fixed at registration and a buffer that never moves.
struct tfc_variable {
  tfc_store *store = nullptr;
  std::string name;
  tfc_dtype dtype = TFC_DTYPE_INVALID;
  int64_t rank = 0;
  int64_t dims[TFC_MAX_RANK] = {};
  int64_t numElements = 0;
  int64_t byteSize = 0;
  std::vector<std::string> collections;
  bool trainable = false;
  void *data = nullptr;
  /// Atomic so that reporting uninitialized variables may read it while an
  /// initializer, holding the exclusive lock, sets it.
  std::atomic<bool> initialized{false};

  /// The device copy of a variable a CUDA model uses, allocated at its first
  /// use there (VariableDevice.cpp). `data` stays the host copy; the flags
  /// say which copies hold the current value. Copying between them may
  /// happen under the shared store lock, so they are under `deviceMutex`;
  /// `deviceUsed` lets host-only variables skip it.
  void *deviceData = nullptr;
  bool hostCurrent = true;
  bool deviceCurrent = false;
  std::atomic<bool> deviceUsed{false};
  std::mutex deviceMutex;

  /// Copies of the value packed into panels of `panel` columns for compiled
  /// matmuls (VariablePacked.cpp), each current while the store's
  /// `writeEpoch` is the one it was packed at. Under `packedMutex`.
  struct PackedCopy {
    int64_t panel = 0;
    uint64_t epoch = 0;
    void *data = nullptr;
  };
  std::vector<PackedCopy> packedCopies;
  std::mutex packedMutex;

  ~tfc_variable();
  bool inCollection(const char *collection) const;
  std::string type() const {
    return tfc::runtime::typeString(dtype, dims, rank);
  }
};

struct tfc_store {
  std::atomic<int64_t> refCount{1};
  /// Orders entry points: shared for reads, exclusive for assigns. Only
  /// variable contents and initialized flags are under it.
  pthread_rwlock_t lock;
  bool lockInitialized = false;
  /// Advanced whenever the exclusive lock is released (and when a
  /// data-parallel job broadcasts values), so that a copy derived from a
  /// variable's value under an earlier epoch is known to be stale.
  /// Variables are written only under the exclusive lock.
  std::atomic<uint64_t> writeEpoch{1};
  /// Guards the two containers below (registration and lookup), never held
  /// while waiting for `lock`.
  std::mutex registryMutex;
  /// Registration order; append-only, so the pointers stay valid.
  std::vector<std::unique_ptr<tfc_variable>> variables;
  std::unordered_map<std::string, tfc_variable *> byName;

  ~tfc_store() {
    if (lockInitialized)
      pthread_rwlock_destroy(&lock);
  }

  /// The variables in registration order, as of now.
  std::vector<tfc_variable *> snapshot();
  tfc_variable *find(const std::string &name);
};

namespace tfc::runtime {

/// Brings the device copy of `var` up to date (allocating it on first use);
/// under the store lock, shared or exclusive.
tfc_code variableToDevice(tfc_variable *var, tfc_status *status);
/// Brings the host copy (`data`) up to date; TFC_OK at once for a variable
/// no CUDA model used. Under the store lock, shared or exclusive.
tfc_code variableToHost(tfc_variable *var, tfc_status *status);
/// Records that the copy on the device (or the host) was written and the
/// other one is stale. Under the exclusive store lock.
void variableWritten(tfc_variable *var, bool onDevice);

/// The value of `var` (f32, [K, N]) packed into panels [ceil(N / panel),
/// K, panel], the columns past N zero, packed again only if the store's
/// write epoch moved since; under the store lock, shared or exclusive. The
/// copy stays valid while the lock is held.
tfc_code packedVariable(tfc_variable *var, int64_t panel, void **data,
                        tfc_status *status);
/// The panels of `var` packed `panel` columns wide: ceil(N / panel).
inline int64_t packedPanels(const tfc_variable *var, int64_t panel) {
  return (var->dims[1] + panel - 1) / panel;
}
/// Marks every copy derived from the store's variables stale.
inline void variablesChanged(tfc_store *store) {
  store->writeEpoch.fetch_add(1, std::memory_order_acq_rel);
}

/// RAII holders of the store lock.
class SharedLock {
public:
  explicit SharedLock(tfc_store *store) : store(store) {
    tfc_store_lock_shared(store);
  }
  ~SharedLock() { tfc_store_unlock_shared(store); }
  SharedLock(const SharedLock &) = delete;
  SharedLock &operator=(const SharedLock &) = delete;

private:
  tfc_store *store;
};

class ExclusiveLock {
public:
  explicit ExclusiveLock(tfc_store *store) : store(store) {
    tfc_store_lock_exclusive(store);
  }
  ~ExclusiveLock() { tfc_store_unlock_exclusive(store); }
  ExclusiveLock(const ExclusiveLock &) = delete;
  ExclusiveLock &operator=(const ExclusiveLock &) = delete;

private:
  tfc_store *store;
};

/// The lock a model call holds: exclusive for an entry point that writes
/// variables, shared otherwise.
class StoreLock {
public:
  StoreLock(tfc_store *store, bool exclusive)
      : store(store), exclusive(exclusive) {
    if (exclusive)
      tfc_store_lock_exclusive(store);
    else
      tfc_store_lock_shared(store);
  }
  ~StoreLock() {
    if (exclusive)
      tfc_store_unlock_exclusive(store);
    else
      tfc_store_unlock_shared(store);
  }
  StoreLock(const StoreLock &) = delete;
  StoreLock &operator=(const StoreLock &) = delete;

private:
  tfc_store *store;
  bool exclusive;
};

} // namespace tfc::runtime

#endif // TFC_RUNTIME_SRC_STORE_H
