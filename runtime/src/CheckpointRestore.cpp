//===- CheckpointRestore.cpp - Restoring checkpoints ----------------------===//
//
// tfc_store_restore and its variants: open the checkpoint (either format)
// and check it, match it with the selected variables, read the data of the
// matched records, and only when every check passes copy the data in under
// the exclusive lock. A TensorFlow checkpoint whose save was killed between
// its two renames is rolled forward.
//
//===----------------------------------------------------------------------===//

#include "Checkpoint.h"
#include "Store.h"
#include "TensorBundle.h"

#include <algorithm>
#include <cstring>
#include <unordered_map>
#include <unordered_set>
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

/// What a restore was asked for: the variables, and the entry each one is
/// restored from when that is not the entry of its own name.
struct Request {
  std::vector<tfc_variable *> variables;
  std::unordered_map<tfc_variable *, std::string> renamed;
  bool allowUnknown = false;

  const std::string &entryName(tfc_variable *var) const {
    auto it = renamed.find(var);
    return it == renamed.end() ? var->name : it->second;
  }
};
} // namespace

/// Each variable a restore writes, with the index of its record.
using Copies = std::vector<std::pair<tfc_variable *, size_t>>;

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

/// Records the renames of a request, or returns an error.
static tfc_code addRenames(tfc_store *store, const char *path,
                           const tfc_checkpoint_rename *renames,
                           int64_t numRenames, Request &request,
                           tfc_status *status) {
  if (numRenames < 0 || (numRenames > 0 && !renames))
    return setError(status, TFC_INVALID_ARGUMENT,
                    "cannot restore checkpoint '%s': invalid list of %lld "
                    "renames",
                    path, static_cast<long long>(numRenames));
  for (int64_t i = 0; i < numRenames; ++i) {
    const tfc_checkpoint_rename &rename = renames[i];
    if (!rename.checkpoint_name || !rename.variable_name)
      return setError(status, TFC_INVALID_ARGUMENT,
                      "cannot restore checkpoint '%s': rename %lld has a "
                      "NULL name",
                      path, static_cast<long long>(i));
    tfc_variable *var = store->find(rename.variable_name);
    if (!var)
      return setError(status, TFC_NOT_FOUND,
                      "cannot restore checkpoint '%s': the store has no "
                      "variable '%s' to restore from '%s'",
                      path, rename.variable_name, rename.checkpoint_name);
    if (!request.renamed.emplace(var, rename.checkpoint_name).second)
      return setError(status, TFC_INVALID_ARGUMENT,
                      "cannot restore checkpoint '%s': variable '%s' is "
                      "renamed twice",
                      path, rename.variable_name);
  }
  return TFC_OK;
}

/// Matches the records of a checkpoint with the requested variables; on
/// success `copies` pairs each variable with its record's index.
static tfc_code matchRecords(tfc_store *store, const char *path,
                             const Request &request,
                             const CheckpointReader &reader, Copies &copies,
                             tfc_status *status) {
  const std::vector<Record> &records = reader.records();
  std::unordered_map<std::string, size_t> byName;
  for (size_t i = 0; i < records.size(); ++i)
    byName.emplace(records[i].name, i);
  Problems problems;
  for (tfc_variable *var : request.variables) {
    const std::string &entry = request.entryName(var);
    std::string as =
        entry == var->name ? "" : formatString(" as '%s'", entry.c_str());
    auto it = byName.find(entry);
    if (it == byName.end()) {
      problems.add(TFC_NOT_FOUND,
                   formatString("variable '%s' (%s) is not in the checkpoint%s",
                                var->name.c_str(), var->type().c_str(),
                                as.c_str()));
      continue;
    }
    const Record &record = records[it->second];
    bool same = record.foreignType.empty() && record.dtype == var->dtype &&
                record.rank == var->rank;
    for (int64_t i = 0; same && i < var->rank; ++i)
      same = record.dims[i] == var->dims[i];
    if (!same) {
      problems.add(TFC_INVALID_ARGUMENT,
                   formatString("variable '%s' is %s in the checkpoint%s but "
                                "%s in the store",
                                var->name.c_str(), record.type().c_str(),
                                as.c_str(), var->type().c_str()));
      continue;
    }
    copies.emplace_back(var, it->second);
  }
  // tfc's checkpoints hold exactly the store's variables. TensorFlow's Saver
  // restores the variables it is given and ignores the rest of a checkpoint
  // (optimizer slots, object graphs), and so does tfc with its checkpoints.
  if (!request.allowUnknown &&
      reader.format() == CheckpointReader::Format::Tfc) {
    // A record restored into a variable of another name is known too.
    std::unordered_set<std::string> renamedFrom;
    for (const auto &[var, entry] : request.renamed)
      renamedFrom.insert(entry);
    for (const Record &record : records)
      if (!store->find(record.name) && !renamedFrom.count(record.name))
        problems.add(TFC_INVALID_ARGUMENT,
                     formatString("the checkpoint has variable '%s' (%s), "
                                  "which the store does not have",
                                  record.name.c_str(), record.type().c_str()));
  }
  if (!problems.empty())
    return problems.report(path, status);
  return TFC_OK;
}

/// Matches a checkpoint with the request and reads the records it needs:
/// everything a restore does before it changes the store.
static tfc_code matchAndLoad(tfc_store *store, const char *path,
                             const Request &request, CheckpointReader &reader,
                             Copies &copies, tfc_status *status) {
  copies.clear();
  if (tfc_code code =
          matchRecords(store, path, request, reader, copies, status))
    return code;
  std::vector<size_t> needed;
  for (const auto &copy : copies)
    needed.push_back(copy.second);
  return reader.load(needed, status);
}

/// A TensorFlow save killed between renaming its data shard and its index
/// leaves the new data with the old index, whose checksums then fail; the
/// new index is complete in the save's temporary file, which the next save
/// keeps until its own index is in place (TensorBundleSave.cpp). Restores
/// from the first temporary index whose tensors pass every check, or
/// returns `failed` (the error of the regular index) when none does.
static tfc_code rollForward(tfc_store *store, const char *path,
                            const Request &request,
                            std::unique_ptr<CheckpointReader> &reader,
                            Copies &copies, tfc_code failed) {
  for (const std::string &index : temporaryFilesOf(bundle::indexPath(path))) {
    tfc_status ignored;
    MallocBuffer bytes;
    size_t size = 0;
    std::unique_ptr<CheckpointReader> candidate;
    Copies candidateCopies;
    if (readWholeFile(index.c_str(), "index", bytes, size, &ignored) ||
        openTensorBundle(path, std::move(bytes), size, candidate, &ignored) ||
        matchAndLoad(store, path, request, *candidate, candidateCopies,
                     &ignored))
      continue;
    reader = std::move(candidate);
    copies = std::move(candidateCopies);
    return TFC_OK;
  }
  return failed;
}

static tfc_code restore(tfc_store *store, const char *path,
                        const tfc_restore_options *options,
                        const tfc_checkpoint_rename *renames,
                        int64_t numRenames, tfc_status *status) {
  if (!store || !path || !*path)
    return setError(status, TFC_INVALID_ARGUMENT, "cannot restore %s",
                    !store ? "into a NULL store" : "from an empty path");
  Request request;
  request.allowUnknown = options && options->allow_unknown;
  if (tfc_code code =
          selectVariables(store, options, path, request.variables, status))
    return code;
  if (tfc_code code =
          addRenames(store, path, renames, numRenames, request, status))
    return code;

  std::unique_ptr<CheckpointReader> reader;
  if (tfc_code code = openCheckpoint(path, reader, status))
    return code;
  Copies copies;
  tfc_code code = matchAndLoad(store, path, request, *reader, copies, status);
  if (code == TFC_DATA_LOSS &&
      reader->format() == CheckpointReader::Format::TensorFlow)
    code = rollForward(store, path, request, reader, copies, code);
  if (code != TFC_OK)
    return code;

  ExclusiveLock lock(store);
  for (auto &[var, index] : copies) {
    const Record &record = reader->records()[index];
    if (record.byteSize > 0)
      std::memcpy(var->data, record.data, static_cast<size_t>(record.byteSize));
    // A CUDA model's next use copies the restored value to the device.
    variableWritten(var, /*onDevice=*/false);
    var->initialized.store(true, std::memory_order_release);
  }
  // Every rank of a data-parallel job holds rank 0's values, in the order
  // of their names, which all ranks share.
  std::vector<tfc_variable *> restored;
  for (auto &copy : copies)
    restored.push_back(copy.first);
  std::sort(restored.begin(), restored.end(),
            [](const tfc_variable *a, const tfc_variable *b) {
              return std::strcmp(tfc_variable_name(a), tfc_variable_name(b)) <
                     0;
            });
  return broadcastVariables(restored.data(), restored.size(), status);
}

extern "C" {

tfc_code tfc_store_restore(tfc_store *store, const char *path,
                           tfc_status *status) {
  return restore(store, path, nullptr, nullptr, 0, status);
}

tfc_code tfc_store_restore_subset(tfc_store *store, const char *path,
                                  const tfc_restore_options *options,
                                  tfc_status *status) {
  return restore(store, path, options, nullptr, 0, status);
}

tfc_code tfc_store_restore_renamed(tfc_store *store, const char *path,
                                   const tfc_restore_options *options,
                                   const tfc_checkpoint_rename *renames,
                                   int64_t num_renames, tfc_status *status) {
  return restore(store, path, options, renames, num_renames, status);
}

} // extern "C"
