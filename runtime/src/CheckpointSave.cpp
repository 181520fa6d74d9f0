//===- CheckpointSave.cpp - Writing checkpoints ---------------------------===//
//
// tfc_store_save: every variable, sorted by name, streamed from the store's
// buffers into an atomically replaced file; and what the writers of both
// formats share.
//
//===----------------------------------------------------------------------===//

#include "Checkpoint.h"
#include "FileIO.h"
#include "Store.h"

#include <algorithm>

using namespace tfc::runtime;
using namespace tfc::runtime::checkpoint;

namespace {
/// Writes through an AtomicFileWriter while it computes the checksum of the
/// current record and of the whole file.
class ChecksummedWriter {
public:
  explicit ChecksummedWriter(AtomicFileWriter &file) : file(file) {}

  tfc_code write(const void *data, size_t size, tfc_status *status) {
    recordCrc = tfc_crc32c(recordCrc, data, size);
    fileCrc = tfc_crc32c(fileCrc, data, size);
    return file.write(data, size, status);
  }
  void startRecord() { recordCrc = 0; }
  uint32_t recordChecksum() const { return recordCrc; }
  uint32_t fileChecksum() const { return fileCrc; }

private:
  AtomicFileWriter &file;
  uint32_t recordCrc = 0;
  uint32_t fileCrc = 0;
};
} // namespace

/// Writes one record; the caller holds the store lock.
static tfc_code writeRecord(ChecksummedWriter &out, const tfc_variable &var,
                            tfc_status *status) {
  out.startRecord();
  unsigned char fixed[kRecordFixedSize];
  putU32(fixed, static_cast<uint32_t>(var.name.size()));
  putU32(fixed + 4, static_cast<uint32_t>(var.dtype));
  putU32(fixed + 8, static_cast<uint32_t>(var.rank));
  putU32(fixed + 12, 0);
  putU64(fixed + 16, static_cast<uint64_t>(var.byteSize));
  unsigned char dims[8 * TFC_MAX_RANK];
  for (int64_t i = 0; i < var.rank; ++i)
    putU64(dims + 8 * i, static_cast<uint64_t>(var.dims[i]));
  tfc_code code;
  if ((code = out.write(fixed, sizeof(fixed), status)) ||
      (code = out.write(var.name.data(), var.name.size(), status)) ||
      (code = out.write(dims, 8 * static_cast<size_t>(var.rank), status)) ||
      (code = out.write(var.data, static_cast<size_t>(var.byteSize), status)))
    return code;
  unsigned char crc[kCrcSize];
  putU32(crc, out.recordChecksum());
  return out.write(crc, sizeof(crc), status);
}

std::vector<tfc_variable *> checkpoint::sortedVariables(tfc_store *store) {
  std::vector<tfc_variable *> vars = store->snapshot();
  std::sort(vars.begin(), vars.end(),
            [](const tfc_variable *a, const tfc_variable *b) {
              return a->name < b->name;
            });
  return vars;
}

/// Names the uninitialized variables among `vars`, or returns "".
static std::string
describeUninitialized(const std::vector<tfc_variable *> &vars) {
  std::vector<const tfc_variable *> missing;
  for (const tfc_variable *var : vars)
    if (!var->initialized.load(std::memory_order_acquire))
      missing.push_back(var);
  if (missing.empty())
    return "";
  if (missing.size() == 1)
    return formatString("variable '%s' is not initialized",
                        missing.front()->name.c_str());
  std::string text =
      formatString("%zu variables are not initialized:", missing.size());
  for (size_t i = 0; i < missing.size() && i < 10; ++i)
    text += formatString("%s '%s'", i ? "," : "", missing[i]->name.c_str());
  if (missing.size() > 10)
    text += ", ...";
  return text;
}

tfc_code checkpoint::prepareToSave(const std::vector<tfc_variable *> &vars,
                                   const char *path, tfc_status *status) {
  std::string uninitialized = describeUninitialized(vars);
  if (!uninitialized.empty())
    return setError(status, TFC_FAILED_PRECONDITION,
                    "cannot save checkpoint '%s': %s", path,
                    uninitialized.c_str());
  // Values a CUDA model wrote on the device come back first.
  for (tfc_variable *var : vars)
    if (tfc_code code = variableToHost(var, status))
      return code;
  return TFC_OK;
}

extern "C" tfc_code tfc_store_save(tfc_store *store, const char *path,
                                   tfc_status *status) {
  if (!store || !path || !*path)
    return setError(status, TFC_INVALID_ARGUMENT, "cannot save %s",
                    !store ? "a NULL store" : "to an empty path");
  // In a data-parallel job the replicas are alike: rank 0 writes for all.
  if (tfc_collective_rank() != 0)
    return TFC_OK;
  std::vector<tfc_variable *> vars = sortedVariables(store);
  AtomicFileWriter file;
  if (tfc_code code = file.open(path, "checkpoint", status))
    return code;
  {
    SharedLock lock(store);
    if (tfc_code code = prepareToSave(vars, path, status))
      return code;
    ChecksummedWriter out(file);
    unsigned char header[kHeaderSize];
    std::memcpy(header, kMagic, sizeof(kMagic));
    putU32(header + 8, kVersion);
    putU32(header + 12, 0);
    putU64(header + 16, vars.size());
    if (tfc_code code = out.write(header, sizeof(header), status))
      return code;
    for (const tfc_variable *var : vars)
      if (tfc_code code = writeRecord(out, *var, status))
        return code;
    unsigned char footer[kFooterSize];
    putU32(footer, out.fileChecksum());
    std::memcpy(footer + 4, kEndMagic, sizeof(kEndMagic));
    if (tfc_code code = file.write(footer, sizeof(footer), status))
      return code;
    // Everything is in the kernel once flushed: syncing needs no lock.
    if (tfc_code code = file.flush(status))
      return code;
  }
  return file.commit(status);
}
