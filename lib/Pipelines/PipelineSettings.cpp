//===- PipelineSettings.cpp - pipeline options from one table -------------===//
//
// The copies between the driver's settings and the pipelines' options,
// one assignment per line of PipelineOptions.def.
//
//===----------------------------------------------------------------------===//

#include "tfc/Pipelines/Pipelines.h"

using namespace mlir;
using namespace mlir::tfc;

// An option's value from the settings (or the options) `from`.
#define TFC_COPY(TYPE, FIELD, NAME, DEFAULT, HELP)                             \
  options.FIELD = static_cast<TYPE>(from.FIELD);
#define TFC_COPY_LIST(ELEMENT, PARSER, FIELD, NAME, HELP)                      \
  options.FIELD = ArrayRef(SmallVector<ELEMENT>(from.FIELD.begin(),            \
                                                from.FIELD.end()));

void TfcPipelineSettings::applyTo(TfcPipelineOptions &options) const {
  const TfcPipelineSettings &from = *this;
#define TFC_FRONTEND_OPTION TFC_COPY
#define TFC_FRONTEND_LIST_OPTION TFC_COPY_LIST
#define TFC_CPU_OPTION TFC_COPY
#include "tfc/Pipelines/PipelineOptions.def"
}

void TfcPipelineSettings::applyTo(TfcCUDAPipelineOptions &options) const {
  const TfcPipelineSettings &from = *this;
#define TFC_FRONTEND_OPTION TFC_COPY
#define TFC_FRONTEND_LIST_OPTION TFC_COPY_LIST
#define TFC_CUDA_OPTION TFC_COPY
#define TFC_CUDA_LIST_OPTION TFC_COPY_LIST
#include "tfc/Pipelines/PipelineOptions.def"
}

void TfcCUDAPipelineOptions::toFrontendOptions(
    TfcPipelineOptions &options) const {
  // Every option of the front end, runtime-checks included: on CUDA the
  // checks' assertions are deferred, and the runtime reads their
  // conditions from device memory at the end of the call
  // (tfc-lower-runtime-calls).
  const TfcCUDAPipelineOptions &from = *this;
#define TFC_FRONTEND_OPTION TFC_COPY
#define TFC_FRONTEND_LIST_OPTION TFC_COPY_LIST
#include "tfc/Pipelines/PipelineOptions.def"
}
