//===- Translate.cpp - tfc-translate --import-graphdef --------------------===//

#include "tfc/Target/GraphDef/Import.h"

#include "tfc/Dialect/TFC/IR/TFCDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {
llvm::cl::list<std::string>
    entryOption("tf-entry",
                llvm::cl::desc("An entry point NAME=FEEDS:FETCHES[:TARGETS] "
                               "(repeatable; default: the signatures)"));
llvm::cl::list<std::string>
    tagsOption("tf-tags", llvm::cl::desc("The SavedModel tags (default serve)"),
               llvm::cl::CommaSeparated);
} // namespace

void mlir::tfc::registerGraphDefTranslation() {
  TranslateToMLIRRegistration registration(
      "import-graphdef",
      "TensorFlow GraphDef, MetaGraphDef or SavedModel to the tfc dialect",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        // The importer reads the file itself: protobuf parses its bytes,
        // and a SavedModel is a directory.
        StringRef inputPath =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())
                ->getBufferIdentifier();
        if (inputPath == "<stdin>") {
          emitError(UnknownLoc::get(context))
              << "--import-graphdef reads a file, not standard input";
          return nullptr;
        }
        GraphImportOptions options;
        for (const std::string &text : entryOption) {
          GraphEntrySpec spec;
          if (std::optional<std::string> error = parseEntrySpec(text, spec)) {
            emitError(UnknownLoc::get(context)) << "--tf-entry: " << *error;
            return nullptr;
          }
          options.entries.push_back(spec);
        }
        if (!tagsOption.empty())
          options.tags.assign(tagsOption.begin(), tagsOption.end());
        OwningOpRef<ModuleOp> module =
            importTensorFlowModel(inputPath, options, context);
        if (!module)
          return nullptr;
        return OwningOpRef<Operation *>(module.release());
      },
      [](DialectRegistry &registry) {
        registry.insert<TFCDialect, func::FuncDialect>();
      });
}
