//===- CheckpointCalls.cpp - SaveV2 and RestoreV2 from compiled code ------===//
//
// tfc_rt_save_tensors and tfc_rt_restore_tensors: a graph's own saver. The
// path is the first pushed tensor (the bytes of a TensorFlow string); a save
// writes the other pushed tensors as a TensorFlow checkpoint with the
// writer of tfc_store_save_tensorflow, a restore reads tensors with the
// reader of tfc_store_restore and hands them to the compiled code as a host
// call's results.
//
//===----------------------------------------------------------------------===//

#include "CallContext.h"
#include "Checkpoint.h"
#include "TensorBundle.h"

#include <algorithm>
#include <cstring>
#include <unordered_map>

using namespace tfc::runtime;
using namespace tfc::runtime::checkpoint;

/// The `count` NUL-terminated names packed back to back in `names`.
static std::vector<std::string> unpackNames(const char *names, int64_t count) {
  std::vector<std::string> unpacked;
  for (int64_t i = 0; i < count; ++i) {
    unpacked.emplace_back(names);
    names += unpacked.back().size() + 1;
  }
  return unpacked;
}

/// The path the compiled code pushed first: an i8 vector of its bytes. An
/// empty string on error (recorded).
static std::string pushedPath(CallContext &context, const char *op) {
  const tfc_tensor *path =
      context.pending.empty() ? nullptr : context.pending.front();
  if (!path || path->dtype != TFC_I8 || path->rank != 1) {
    recordFailure(context, TFC_INTERNAL,
                  formatString("%s: the compiled code passed no path", op));
    return {};
  }
  std::string text(static_cast<const char *>(path->data),
                   static_cast<size_t>(path->dims[0]));
  if (text.empty() || text.find('\0') != std::string::npos) {
    recordFailure(context, TFC_INVALID_ARGUMENT,
                  formatString("%s: the checkpoint path is %s", op,
                               text.empty() ? "empty" : "not a C string"));
    return {};
  }
  return text;
}

/// Writes the pushed tensors; false (with the error recorded) on failure.
static bool saveTensors(CallContext &context, const char *names,
                        int64_t count) {
  std::string prefix = pushedPath(context, "SaveV2");
  if (prefix.empty())
    return false;
  if (static_cast<int64_t>(context.pending.size()) != count + 1) {
    recordFailure(context, TFC_INTERNAL,
                  "SaveV2: the compiled code passed a wrong number of tensors");
    return false;
  }
  std::vector<std::string> keys = unpackNames(names, count);
  // The index's keys must increase: tensors go in sorted by name, as the
  // store's writer sorts variables, so equal values give equal files.
  std::vector<size_t> order(keys.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return keys[a] < keys[b]; });
  for (size_t i = 1; i < order.size(); ++i)
    if (keys[order[i]] == keys[order[i - 1]]) {
      recordFailure(context, TFC_INVALID_ARGUMENT,
                    formatString("cannot save checkpoint '%s': tensor '%s' is "
                                 "named twice",
                                 prefix.c_str(), keys[order[i]].c_str()));
      return false;
    }
  tfc_status status;
  // TensorFlow's SaveV2 makes the prefix's directory, which a sharded save
  // relies on: its parts go to a temporary directory beside the prefix.
  // (tf.train.Saver.save itself refuses a missing directory, as
  // tfc_store_save_tensorflow does.)
  std::string forWhat = "for TensorFlow checkpoint '" + prefix + "'";
  tfc_code code =
      createDirectories(directoryOf(prefix), forWhat.c_str(), &status);
  bundle::TensorBundleWriter writer;
  if (code == TFC_OK)
    code = writer.open(prefix, &status);
  for (size_t i = 0; code == TFC_OK && i < order.size(); ++i) {
    const tfc_tensor *tensor = context.pending[order[i] + 1];
    code = writer.add(keys[order[i]], tensor->dtype, tensor->dims,
                      tensor->rank, tensor->data, tensor->byteSize, &status);
  }
  if (code == TFC_OK && (code = writer.flushData(&status)) == TFC_OK)
    code = writer.commit(&status);
  context.clearPending();
  if (code == TFC_OK)
    return true;
  recordFailure(context, code, status.message);
  return false;
}

/// Reads the named tensors into the context's results; false (with the
/// error recorded) on failure.
static bool restoreTensors(CallContext &context, const char *names,
                           int64_t count) {
  std::string prefix = pushedPath(context, "RestoreV2");
  context.clearPending();
  context.clearResults();
  if (prefix.empty())
    return false;
  std::vector<std::string> keys = unpackNames(names, count);
  tfc_status status;
  std::unique_ptr<CheckpointReader> reader;
  if (tfc_code code = openCheckpoint(prefix.c_str(), reader, &status)) {
    recordFailure(context, code, status.message);
    return false;
  }
  const std::vector<Record> &records = reader->records();
  std::unordered_map<std::string, size_t> byName;
  for (size_t i = 0; i < records.size(); ++i)
    byName.emplace(records[i].name, i);
  std::vector<size_t> indices;
  for (const std::string &key : keys) {
    auto it = byName.find(key);
    if (it == byName.end()) {
      recordFailure(context, TFC_NOT_FOUND,
                    formatString("cannot restore tensor '%s': checkpoint '%s' "
                                 "has no such tensor",
                                 key.c_str(), prefix.c_str()));
      return false;
    }
    const Record &record = records[it->second];
    if (!record.foreignType.empty()) {
      recordFailure(context, TFC_UNIMPLEMENTED,
                    formatString("cannot restore tensor '%s' of checkpoint "
                                 "'%s': it is %s, which tfc does not hold",
                                 key.c_str(), prefix.c_str(),
                                 record.type().c_str()));
      return false;
    }
    indices.push_back(it->second);
  }
  if (tfc_code code = reader->load(indices, &status)) {
    recordFailure(context, code, status.message);
    return false;
  }
  for (size_t index : indices) {
    const Record &record = records[index];
    tfc_tensor *tensor =
        tfc_tensor_create(record.dtype, record.rank, record.dims, &status);
    if (!tensor) {
      recordFailure(context, status.code, status.message);
      return false;
    }
    std::memcpy(tensor->data, record.data,
                static_cast<size_t>(record.byteSize));
    context.results.push_back(tensor);
  }
  context.checkpoint = prefix;
  context.resultNames = std::move(keys);
  return true;
}

extern "C" {

// The frames below hold no objects with destructors: they may unwind.

void tfc_rt_save_tensors(const char *names, int64_t count) {
  CallContext &context = requireContext("tfc_rt_save_tensors");
  if (!saveTensors(context, names, count))
    unwindCall(context);
}

void tfc_rt_restore_tensors(const char *names, int64_t count) {
  CallContext &context = requireContext("tfc_rt_restore_tensors");
  if (!restoreTensors(context, names, count))
    unwindCall(context);
}

} // extern "C"
