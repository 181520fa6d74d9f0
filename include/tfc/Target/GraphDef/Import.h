//===- Import.h - TensorFlow files into the tfc dialect ---------*- C++ -*-===//
//
// Reads a GraphDef (text or binary), a MetaGraphDef or a SavedModel and
// writes a tfc module: one `tfc.global_variable` per TensorFlow variable
// and one function with a `tfc.graph` per entry point (docs/import.md).
//
//===----------------------------------------------------------------------===//

#ifndef TFC_TARGET_GRAPHDEF_IMPORT_H
#define TFC_TARGET_GRAPHDEF_IMPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tfc {

/// One entry point: a `session.run` with fixed feeds, fetches and targets.
struct GraphEntrySpec {
  /// The function's name (a C identifier is made of it).
  std::string name;
  /// Tensor names (`x`, `x:0`, `split:1`); any tensor may be fed. A shape
  /// may follow (`x:1x784`, `x:?x784`, `x:scalar`, `x:0:100`), replacing the
  /// placeholder's own; on a placeholder `x:100` is the shape [100].
  std::vector<std::string> feeds;
  /// Tensor names returned in this order.
  std::vector<std::string> fetches;
  /// Node names run for their effects (`train_op`, `init`).
  std::vector<std::string> targets;
};

struct GraphImportOptions {
  /// The entry points; empty means the file's own (a SavedModel's
  /// signatures, a tf2xla config's feeds and fetches).
  std::vector<GraphEntrySpec> entries;
  /// The tags of the SavedModel's MetaGraphDef to import.
  std::vector<std::string> tags = {"serve"};
  /// A tfcompile tf2xla Config (text or binary) giving one entry point.
  std::string configPath;
};

/// Parses `--entry NAME=FEEDS:FETCHES[:TARGETS]` (comma-separated lists,
/// each possibly empty; a feed may carry a shape, `x:1x784`) into `spec`;
/// returns an explanation on failure.
std::optional<std::string> parseEntrySpec(llvm::StringRef text,
                                          GraphEntrySpec &spec);

/// Imports the TensorFlow file or SavedModel directory at `path`.
/// Diagnostics go to the context's handler, with the file's locations.
OwningOpRef<ModuleOp> importTensorFlowModel(llvm::StringRef path,
                                            const GraphImportOptions &options,
                                            MLIRContext *context);

/// Imports a file's bytes (a GraphDef, MetaGraphDef or SavedModel message;
/// `name` names it in diagnostics).
OwningOpRef<ModuleOp>
importTensorFlowModelFromBytes(llvm::StringRef name, llvm::StringRef bytes,
                               const GraphImportOptions &options,
                               MLIRContext *context);

/// True when `path` looks like a TensorFlow file or SavedModel directory
/// rather than a tfc module (`.mlir`): decided by the content, not the
/// extension.
bool isTensorFlowModelFile(llvm::StringRef path);

/// Prints the op types of the file's graph with their counts and whether
/// tfc imports them (`tfc import --report`); fails if the file cannot be
/// read.
LogicalResult printGraphOpReport(llvm::StringRef path,
                                 const GraphImportOptions &options,
                                 MLIRContext *context, llvm::raw_ostream &os);

/// The TensorFlow op types the importer supports, sorted, each with the tfc
/// ops it becomes (for docs/import.md).
std::vector<std::pair<std::string, std::string>> supportedTensorFlowOps();

/// Registers `--import-graphdef` with mlir-translate's registry.
void registerGraphDefTranslation();

} // namespace mlir::tfc

#endif // TFC_TARGET_GRAPHDEF_IMPORT_H
