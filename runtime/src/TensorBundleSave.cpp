//===- TensorBundleSave.cpp - Writing TensorFlow checkpoints --------------===//
//
// tfc_store_save_tensorflow: the variables, sorted by name, as one data
// shard and an index, written as TensorFlow's BundleWriter writes them
// (uncompressed index blocks, tensors back to back without padding), so
// TensorFlow restores them and equal stores give identical files.
//
// The two files are replaced as TensorFlow replaces them, with more care:
// both are written to temporary files and synced before either is renamed;
// then the data shard is renamed, then the index. A reader between the two
// renames finds the old index with the new data, whose checksums fail: it
// never restores a mix of two saves. If the writer dies there, the new
// index is complete in its temporary file, from which tfc's restore rolls
// forward (CheckpointRestore.cpp); the save after keeps such files until
// its own index is in place, when the checkpoint is whole again.
//
//===----------------------------------------------------------------------===//

#include "Checkpoint.h"
#include "Store.h"
#include "Table.h"
#include "TensorBundle.h"

using namespace tfc::runtime;
using namespace tfc::runtime::checkpoint;
using namespace tfc::runtime::bundle;

/// The BundleEntryProto of a tensor stored at `offset` of the shard.
static std::string entryOf(tfc_dtype dtype, const int64_t *dims, int64_t rank,
                           const void *data, int64_t byteSize,
                           int64_t offset) {
  Entry entry;
  entry.dtype = tensorFlowDtype(dtype);
  entry.dims.assign(dims, dims + rank);
  entry.offset = offset;
  entry.size = byteSize;
  entry.crc =
      table::maskCrc(tfc_crc32c(0, data, static_cast<size_t>(byteSize)));
  return encodeEntry(entry);
}

tfc_code TensorBundleWriter::open(const std::string &prefix,
                                  tfc_status *status) {
  if (tfc_code code = data.open(dataPath(prefix, 0, 1).c_str(),
                                "TensorFlow checkpoint data file", status))
    return code;
  // A dead writer's temporary index may be what a restore needs (see
  // above): it is removed only once this save's index is in place.
  if (tfc_code code =
          index.open(indexPath(prefix).c_str(), "TensorFlow checkpoint index",
                     status, AtomicFileWriter::StaleFiles::RemoveAfterInstall))
    return code;
  table.add("", encodeHeader());
  return TFC_OK;
}

tfc_code TensorBundleWriter::add(const std::string &name, tfc_dtype dtype,
                                 const int64_t *dims, int64_t rank,
                                 const void *bytes, int64_t byteSize,
                                 tfc_status *status) {
  if (tfc_code code = data.write(bytes, static_cast<size_t>(byteSize), status))
    return code;
  table.add(name, entryOf(dtype, dims, rank, bytes, byteSize, offset));
  offset += byteSize;
  return TFC_OK;
}

tfc_code TensorBundleWriter::flushData(tfc_status *status) {
  return data.flush(status);
}

tfc_code TensorBundleWriter::commit(tfc_status *status) {
  std::string indexBytes = table.finish();
  tfc_code code;
  if ((code = index.write(indexBytes.data(), indexBytes.size(), status)) ||
      (code = data.finish(status)) || (code = index.finish(status)) ||
      (code = data.install(status)) || (code = index.install(status)))
    return code;
  // One directory sync makes both renames durable; journaling file systems
  // commit them in order, so the index is never durable without its data.
  return index.syncDirectory(status);
}

extern "C" tfc_code tfc_store_save_tensorflow(tfc_store *store,
                                              const char *prefix,
                                              tfc_status *status) {
  if (!store || !prefix || !*prefix)
    return setError(status, TFC_INVALID_ARGUMENT, "cannot save %s",
                    !store ? "a NULL store" : "to an empty prefix");
  // In a data-parallel job the replicas are alike: rank 0 writes for all.
  if (tfc_collective_rank() != 0)
    return TFC_OK;
  std::vector<tfc_variable *> vars = sortedVariables(store);
  TensorBundleWriter writer;
  if (tfc_code code = writer.open(prefix, status))
    return code;
  {
    SharedLock lock(store);
    if (tfc_code code = prepareToSave(vars, prefix, status))
      return code;
    for (const tfc_variable *var : vars)
      if (tfc_code code = writer.add(var->name, var->dtype, var->dims,
                                     var->rank, var->data, var->byteSize,
                                     status))
        return code;
    // Everything is in the kernel once flushed: syncing needs no lock.
    if (tfc_code code = writer.flushData(status))
      return code;
  }
  return writer.commit(status);
}
