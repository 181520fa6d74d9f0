//===- OpRegistry.cpp - the table of op importers -------------------------===//

#include "Importer.h"

using namespace mlir;
using namespace mlir::tfc::graphdef;

const OpRegistry &OpRegistry::get() {
  static const OpRegistry registry = [] {
    OpRegistry r;
    registerGraphOpImporters(r);
    registerVariableOpImporters(r);
    registerMathOpImporters(r);
    registerArrayOpImporters(r);
    registerNNOpImporters(r);
    registerControlFlowOpImporters(r);
    registerElementwiseOpImporters(r);
    registerSliceOpImporters(r);
    registerIndexOpImporters(r);
    registerShapeFoldingOpImporters(r);
    registerLossOpImporters(r);
    registerBatchNormOpImporters(r);
    registerRandomOpImporters(r);
    registerGradientOpImporters(r);
    registerTrainingOpImporters(r);
    registerSaverOpImporters(r);
    registerExampleOpImporters(r);
    registerTensorArrayOpImporters(r);
    return r;
  }();
  return registry;
}

const OpImporterEntry *OpRegistry::lookup(StringRef op) const {
  auto it = entries.find(op);
  return it == entries.end() ? nullptr : &it->second;
}

void OpRegistry::add(StringRef tfOp, OpImportFn fn, StringRef tfcOps) {
  bool inserted =
      entries
          .try_emplace(tfOp,
                       OpImporterEntry{tfOp.str(), std::move(fn), tfcOps.str()})
          .second;
  assert(inserted && "one importer per op type");
  (void)inserted;
}

std::vector<const OpImporterEntry *> OpRegistry::all() const {
  std::vector<const OpImporterEntry *> result;
  for (const auto &entry : entries)
    result.push_back(&entry.second);
  llvm::sort(result, [](const OpImporterEntry *a, const OpImporterEntry *b) {
    return a->tfOp < b->tfOp;
  });
  return result;
}
