//===- CheckpointRestore.cpp - Restoring checkpoints ----------------------===//
//
// tfc_store_restore and tfc_store_restore_subset: read and parse the whole
// file, match it with the selected variables, and only when every check
// passes copy the data in under the exclusive lock.
//
//===----------------------------------------------------------------------===//

#include "Checkpoint.h"
#include "FileIO.h"
#include "Store.h"

#include <unordered_map>
#include <utility>

using namespace tfc::runtime;
using namespace tfc::runtime::checkpoint;

/// Most problems listed in one message.
static constexpr size_t kMaxListedProblems = 10;

namespace {
/// The problems found while matching a checkpoint with a store; the first
/// one's code is the result.
class Problems {
public:
  void add(tfc_code code, std::string message) {
    if (list.empty())
      firstCode = code;
    list.push_back(std::move(message));
  }
  bool empty() const { return list.empty(); }
  tfc_code report(const char *path, tfc_status *status) const {
    std::string text;
    for (size_t i = 0; i < list.size() && i < kMaxListedProblems; ++i)
      text += (i ? "; " : "") + list[i];
    if (list.size() > kMaxListedProblems)
      text += formatString("; and %zu more problems",
                           list.size() - kMaxListedProblems);
    return setError(status, firstCode, "cannot restore checkpoint '%s': %s",
                    path, text.c_str());
  }

private:
  tfc_code firstCode = TFC_OK;
  std::vector<std::string> list;
};
} // namespace

/// The store variables `options` selects, or an error.
static tfc_code selectVariables(tfc_store *store,
                                const tfc_restore_options *options,
                                const char *path,
                                std::vector<tfc_variable *> &selected,
                                tfc_status *status) {
  std::vector<tfc_variable *> all = store->snapshot();
  if (!options) {
    selected = std::move(all);
    return TFC_OK;
  }
  if (options->num_names < 0 || (options->num_names > 0 && !options->names))
    return setError(status, TFC_INVALID_ARGUMENT,
                    "cannot restore checkpoint '%s': invalid list of %lld "
                    "names",
                    path, static_cast<long long>(options->num_names));
  if (options->names) {
    for (int64_t i = 0; i < options->num_names; ++i) {
      const char *name = options->names[i];
      if (!name)
        return setError(status, TFC_INVALID_ARGUMENT,
                        "cannot restore checkpoint '%s': selected name %lld "
                        "is NULL",
                        path, static_cast<long long>(i));
      tfc_variable *var = store->find(name);
      if (!var)
        return setError(status, TFC_NOT_FOUND,
                        "cannot restore checkpoint '%s': the store has no "
                        "variable '%s'",
                        path, name);
      bool duplicate = false;
      for (tfc_variable *chosen : selected)
        duplicate |= chosen == var;
      if (!duplicate &&
          (!options->collection || var->inCollection(options->collection)))
        selected.push_back(var);
    }
    return TFC_OK;
  }
  for (tfc_variable *var : all)
    if (!options->collection || var->inCollection(options->collection))
      selected.push_back(var);
  return TFC_OK;
}

static tfc_code restore(tfc_store *store, const char *path,
                        const tfc_restore_options *options,
                        tfc_status *status) {
  if (!store || !path || !*path)
    return setError(status, TFC_INVALID_ARGUMENT, "cannot restore %s",
                    !store ? "into a NULL store" : "from an empty path");
  std::vector<tfc_variable *> selected;
  if (tfc_code code = selectVariables(store, options, path, selected, status))
    return code;

  MallocBuffer bytes;
  size_t size = 0;
  if (tfc_code code = readWholeFile(path, "checkpoint", bytes, size, status))
    return code;
  std::vector<Record> records;
  if (tfc_code code = parse(bytes.get(), size, path, records, status))
    return code;

  std::unordered_map<std::string, const Record *> byName;
  for (const Record &record : records)
    byName.emplace(record.name, &record);
  Problems problems;
  std::vector<std::pair<tfc_variable *, const Record *>> copies;
  for (tfc_variable *var : selected) {
    auto it = byName.find(var->name);
    if (it == byName.end()) {
      problems.add(TFC_NOT_FOUND,
                   formatString("variable '%s' (%s) is not in the checkpoint",
                                var->name.c_str(), var->type().c_str()));
      continue;
    }
    const Record &record = *it->second;
    bool same = record.dtype == var->dtype && record.rank == var->rank;
    for (int64_t i = 0; same && i < var->rank; ++i)
      same = record.dims[i] == var->dims[i];
    if (!same) {
      problems.add(TFC_INVALID_ARGUMENT,
                   formatString("variable '%s' is %s in the checkpoint but %s "
                                "in the store",
                                var->name.c_str(), record.type().c_str(),
                                var->type().c_str()));
      continue;
    }
    copies.emplace_back(var, &record);
  }
  if (!options || !options->allow_unknown)
    for (const Record &record : records)
      if (!store->find(record.name))
        problems.add(TFC_INVALID_ARGUMENT,
                     formatString("the checkpoint has variable '%s' (%s), "
                                  "which the store does not have",
                                  record.name.c_str(), record.type().c_str()));
  if (!problems.empty())
    return problems.report(path, status);

  ExclusiveLock lock(store);
  for (auto &[var, record] : copies) {
    if (record->byteSize > 0)
      std::memcpy(var->data, record->data,
                  static_cast<size_t>(record->byteSize));
    // A CUDA model's next use copies the restored value to the device.
    variableWritten(var, /*onDevice=*/false);
    var->initialized.store(true, std::memory_order_release);
  }
  return TFC_OK;
}

extern "C" {

tfc_code tfc_store_restore(tfc_store *store, const char *path,
                           tfc_status *status) {
  return restore(store, path, nullptr, status);
}

tfc_code tfc_store_restore_subset(tfc_store *store, const char *path,
                                  const tfc_restore_options *options,
                                  tfc_status *status) {
  return restore(store, path, options, status);
}

} // extern "C"
