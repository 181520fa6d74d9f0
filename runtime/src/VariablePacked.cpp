//===- VariablePacked.cpp - variables packed for compiled matmuls ---------===//
//
// A compiled matmul whose B is a variable reads it packed into panels of
// its register tile's width (tfc-pack-weights). The packed copy
// is made on first use and again only after the store's write epoch moved,
// so a model that only reads its weights packs them once.
//
//===----------------------------------------------------------------------===//

#include "Store.h"

#include <algorithm>
#include <cstring>

using namespace tfc::runtime;

/// Copies `src` [k, n] into `dst` [ceil(n / panel), k, panel], the columns
/// past n zero. Rows outside panels: `src` is read in order (panels outside
/// rows read it a row apart per step, as the compiled per-call pack did).
static void packPanels(const float *src, float *dst, int64_t k, int64_t n,
                       int64_t panel) {
  int64_t panels = (n + panel - 1) / panel;
  for (int64_t row = 0; row < k; ++row)
    for (int64_t p = 0; p < panels; ++p) {
      int64_t columns = std::min(panel, n - p * panel);
      float *to = dst + (p * k + row) * panel;
      std::memcpy(to, src + row * n + p * panel,
                  static_cast<size_t>(columns) * sizeof(float));
      std::fill(to + columns, to + panel, 0.0f);
    }
}

tfc_code tfc::runtime::packedVariable(tfc_variable *var, int64_t panel,
                                      void **data, tfc_status *status) {
  if (var->dtype != TFC_F32 || var->rank != 2 || panel <= 0)
    return setError(status, TFC_INTERNAL,
                    "variable '%s' of type %s cannot be packed in panels "
                    "of %lld columns",
                    var->name.c_str(), var->type().c_str(),
                    static_cast<long long>(panel));
  uint64_t epoch = var->store->writeEpoch.load(std::memory_order_acquire);
  std::lock_guard<std::mutex> lock(var->packedMutex);
  tfc_variable::PackedCopy *copy = nullptr;
  for (tfc_variable::PackedCopy &candidate : var->packedCopies)
    if (candidate.panel == panel)
      copy = &candidate;
  if (!copy) {
    int64_t bytes = packedPanels(var, panel) * panel * var->dims[0] *
                    static_cast<int64_t>(sizeof(float));
    void *buffer = allocateAligned(bytes, /*zeroed=*/false);
    if (!buffer)
      return setError(status, TFC_RESOURCE_EXHAUSTED,
                      "cannot allocate %lld bytes for the packed copy of "
                      "variable '%s'%s",
                      static_cast<long long>(bytes), var->name.c_str(),
                      allocationLimitNote(bytes).c_str());
    var->packedCopies.push_back({panel, /*epoch=*/0, buffer});
    copy = &var->packedCopies.back();
  }
  if (copy->epoch != epoch) {
    packPanels(static_cast<const float *>(var->data),
               static_cast<float *>(copy->data), var->dims[0], var->dims[1],
               panel);
    copy->epoch = epoch;
  }
  *data = copy->data;
  return TFC_OK;
}
