//===- ModelFile.h - reading TensorFlow's model files -----------*- C++ -*-===//
//
// Reads a GraphDef, MetaGraphDef or SavedModel, in text or binary form
// (sniffed from the content), into protobuf messages, with the text
// position of each node for diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_TARGET_GRAPHDEF_MODELFILE_H
#define TFC_LIB_TARGET_GRAPHDEF_MODELFILE_H

#include "tensorflow/meta_graph.pb.h"
#include "tensorflow/tf2xla.pb.h"

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir::tfc::graphdef {

enum class ModelFileKind { GraphDef, MetaGraphDef, SavedModel };

struct ModelFile {
  /// The file read (saved_model.pb for a SavedModel directory).
  std::string path;
  ModelFileKind kind = ModelFileKind::GraphDef;
  bool text = false;
  /// The MetaGraphDef (for a GraphDef, one holding just the graph).
  tensorflow::MetaGraphDef meta;
  /// 1-based line and column of each node of meta.graph_def() in a text
  /// file; empty for binary files.
  std::vector<std::pair<unsigned, unsigned>> nodePositions;

  const tensorflow::GraphDef &graph() const { return meta.graph_def(); }
  /// Where node `index` is written.
  Location nodeLocation(MLIRContext *context, int index) const;
  /// The location of the file itself.
  Location fileLocation(MLIRContext *context) const;
};

/// Reads `path`: a file (GraphDef or MetaGraphDef, text or binary, or a
/// SavedModel's saved_model.pb) or a SavedModel directory, choosing the
/// MetaGraphDef whose tags are exactly `tags` (in any order). Reports
/// errors with the file's name (and line and column for text).
FailureOr<std::unique_ptr<ModelFile>>
readModelFile(MLIRContext *context, StringRef path, ArrayRef<std::string> tags);

/// Parses the bytes of a file named `name`, as `readModelFile` does.
FailureOr<std::unique_ptr<ModelFile>>
parseModelBytes(MLIRContext *context, StringRef name, StringRef bytes,
                ArrayRef<std::string> tags);

/// Reads a tf2xla Config (text or binary).
FailureOr<tensorflow::tf2xla::Config> readXlaConfig(MLIRContext *context,
                                                    StringRef path);

/// True when the bytes look like protobuf text format rather than binary.
bool looksLikeText(StringRef bytes);

} // namespace mlir::tfc::graphdef

#endif // TFC_LIB_TARGET_GRAPHDEF_MODELFILE_H
