//===- ModelFile.cpp - reading TensorFlow's model files -------------------===//

#include "ModelFile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>

#include <set>

using namespace mlir;
using namespace mlir::tfc::graphdef;
namespace pb = google::protobuf;

Location ModelFile::fileLocation(MLIRContext *context) const {
  return FileLineColLoc::get(context, path, 0, 0);
}

Location ModelFile::nodeLocation(MLIRContext *context, int index) const {
  const std::string &name = graph().node(index).name();
  Location file = fileLocation(context);
  if (index < static_cast<int>(nodePositions.size()))
    file = FileLineColLoc::get(context, path, nodePositions[index].first,
                               nodePositions[index].second);
  return NameLoc::get(StringAttr::get(context, name), file);
}

bool mlir::tfc::graphdef::looksLikeText(StringRef bytes) {
  // Binary protobuf starts with a field tag and soon has length bytes below
  // 0x20; text format is printable apart from whitespace.
  StringRef head = bytes.take_front(4096);
  if (head.empty())
    return false;
  return llvm::all_of(head, [](char c) {
    auto u = static_cast<unsigned char>(c);
    return u >= 0x20 || c == '\n' || c == '\r' || c == '\t' || c == '\f' ||
           c == '\v';
  });
}

namespace {

/// Forwards protobuf's text-format errors as MLIR diagnostics at their line
/// and column.
class TextErrors : public pb::io::ErrorCollector {
public:
  TextErrors(MLIRContext *context, StringRef path)
      : context(context), path(path) {}
  void AddError(int line, int column, const std::string &message) override {
    emitError(FileLineColLoc::get(context, path, line + 1, column + 1))
        << message;
    failed = true;
  }
  void AddWarning(int line, int column, const std::string &message) override {
    emitWarning(FileLineColLoc::get(context, path, line + 1, column + 1))
        << message;
  }
  bool failed = false;

private:
  MLIRContext *context;
  std::string path;
};

/// The first field name of a text-format message, skipping comments.
StringRef firstTextField(StringRef text) {
  while (true) {
    text = text.ltrim(" \t\r\n\v\f");
    if (!text.starts_with("#"))
      break;
    text = text.drop_until([](char c) { return c == '\n'; });
  }
  return text.take_while([](char c) { return llvm::isAlnum(c) || c == '_'; });
}

bool isOpName(StringRef name) {
  return !name.empty() && llvm::all_of(name, [](char c) {
    return llvm::isAlnum(c) || c == '_';
  });
}

/// A GraphDef whose nodes all have a name and an op type that looks like
/// one: what tells a real GraphDef from bytes of another message that
/// happened to parse.
bool isPlausibleGraph(const tensorflow::GraphDef &graph) {
  return llvm::all_of(graph.node(), [](const tensorflow::NodeDef &node) {
    return !node.name().empty() && isOpName(node.op());
  });
}

bool isPlausibleMeta(const tensorflow::MetaGraphDef &meta) {
  return meta.has_graph_def() && isPlausibleGraph(meta.graph_def());
}

std::string tagsText(const tensorflow::MetaGraphDef &meta) {
  std::vector<std::string> tags(meta.meta_info_def().tags().begin(),
                                meta.meta_info_def().tags().end());
  return "{" + llvm::join(tags, ",") + "}";
}

/// Records the text position of each node of `tree`'s GraphDef.
void recordNodePositions(const pb::TextFormat::ParseInfoTree *tree,
                         const tensorflow::GraphDef &graph,
                         std::vector<std::pair<unsigned, unsigned>> &out) {
  const pb::FieldDescriptor *nodeField =
      tensorflow::GraphDef::descriptor()->FindFieldByName("node");
  out.clear();
  for (int i = 0, e = graph.node_size(); i < e; ++i) {
    pb::TextFormat::ParseLocation where = tree
                                              ? tree->GetLocation(nodeField, i)
                                              : pb::TextFormat::ParseLocation();
    out.emplace_back(where.line + 1, where.column + 1);
  }
}

template <typename Message>
bool parseText(MLIRContext *context, StringRef path, StringRef bytes,
               Message &message, pb::TextFormat::ParseInfoTree *tree) {
  TextErrors errors(context, path);
  pb::TextFormat::Parser parser;
  parser.RecordErrorsTo(&errors);
  parser.WriteLocationsTo(tree);
  // Fields tfc does not read (debug info, full types) are skipped.
  parser.AllowUnknownField(true);
  parser.AllowUnknownExtension(true);
  bool ok = parser.ParseFromString(std::string(bytes), &message);
  return ok && !errors.failed;
}

template <typename Message>
bool parseBinary(StringRef bytes, Message &message) {
  return message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
}

/// Picks the MetaGraphDef of a SavedModel whose tag set is `tags`.
LogicalResult selectMetaGraph(MLIRContext *context, ModelFile &file,
                              tensorflow::SavedModel &saved,
                              ArrayRef<std::string> tags) {
  std::set<std::string> wanted(tags.begin(), tags.end());
  for (tensorflow::MetaGraphDef &meta : *saved.mutable_meta_graphs()) {
    std::set<std::string> have(meta.meta_info_def().tags().begin(),
                               meta.meta_info_def().tags().end());
    if (have == wanted) {
      file.meta.Swap(&meta);
      return success();
    }
  }
  InFlightDiagnostic diag = emitError(file.fileLocation(context))
                            << "the SavedModel has no MetaGraphDef with tags {"
                            << llvm::join(tags, ",") << "}; it has";
  for (const tensorflow::MetaGraphDef &meta : saved.meta_graphs())
    diag << " " << tagsText(meta);
  diag << " (choose one with --tags)";
  return failure();
}

/// Reads a text-format SavedModel; node positions are recorded relative to
/// the chosen MetaGraphDef.
LogicalResult parseTextSavedModel(MLIRContext *context, ModelFile &file,
                                  StringRef bytes, ArrayRef<std::string> tags) {
  pb::TextFormat::ParseInfoTree tree;
  tensorflow::SavedModel saved;
  if (!parseText(context, file.path, bytes, saved, &tree))
    return failure();
  file.kind = ModelFileKind::SavedModel;
  int index = -1;
  std::set<std::string> wanted(tags.begin(), tags.end());
  for (int i = 0; i < saved.meta_graphs_size(); ++i) {
    const auto &t = saved.meta_graphs(i).meta_info_def().tags();
    if (std::set<std::string>(t.begin(), t.end()) == wanted)
      index = i;
  }
  if (failed(selectMetaGraph(context, file, saved, tags)))
    return failure();
  const pb::FieldDescriptor *metas =
      tensorflow::SavedModel::descriptor()->FindFieldByName("meta_graphs");
  const pb::FieldDescriptor *graphField =
      tensorflow::MetaGraphDef::descriptor()->FindFieldByName("graph_def");
  const pb::TextFormat::ParseInfoTree *metaTree =
      tree.GetTreeForNested(metas, index);
  recordNodePositions(metaTree ? metaTree->GetTreeForNested(graphField, -1)
                               : nullptr,
                      file.graph(), file.nodePositions);
  return success();
}

/// Reads a text-format model, whose first field tells its kind.
LogicalResult parseTextModel(MLIRContext *context, ModelFile &file,
                             StringRef bytes, ArrayRef<std::string> tags) {
  StringRef field = firstTextField(bytes);
  if (field == "saved_model_schema_version" || field == "meta_graphs")
    return parseTextSavedModel(context, file, bytes, tags);
  pb::TextFormat::ParseInfoTree tree;
  if (field == "node" || field == "versions" || field == "library" ||
      field == "version") {
    if (!parseText(context, file.path, bytes, *file.meta.mutable_graph_def(),
                   &tree))
      return failure();
    file.kind = ModelFileKind::GraphDef;
    recordNodePositions(&tree, file.graph(), file.nodePositions);
    return success();
  }
  if (field == "meta_info_def" || field == "graph_def" ||
      field == "saver_def" || field == "collection_def" ||
      field == "signature_def" || field == "asset_file_def") {
    if (!parseText(context, file.path, bytes, file.meta, &tree))
      return failure();
    file.kind = ModelFileKind::MetaGraphDef;
    const pb::FieldDescriptor *graphField =
        tensorflow::MetaGraphDef::descriptor()->FindFieldByName("graph_def");
    recordNodePositions(tree.GetTreeForNested(graphField, -1), file.graph(),
                        file.nodePositions);
    return success();
  }
  return emitError(file.fileLocation(context))
         << "is text, but not a GraphDef, MetaGraphDef or SavedModel in "
            "protobuf text format (it starts with '"
         << (field.empty() ? bytes.take_front(16) : field) << "')";
}

/// Reads a binary model: tries the kind the name suggests, then the others,
/// and keeps the first that parses into a plausible graph. False when none
/// does.
FailureOr<bool> parseBinaryModel(MLIRContext *context, ModelFile &file,
                                 StringRef bytes, ArrayRef<std::string> tags) {
  StringRef fileName = llvm::sys::path::filename(file.path);
  enum Try { TryGraph, TryMeta, TrySaved };
  SmallVector<Try> order;
  if (fileName == "saved_model.pb" || fileName == "saved_model.pbtxt")
    order = {TrySaved, TryMeta, TryGraph};
  else if (fileName.ends_with(".meta"))
    order = {TryMeta, TryGraph, TrySaved};
  else
    order = {TryGraph, TryMeta, TrySaved};
  for (Try attempt : order) {
    switch (attempt) {
    case TryGraph: {
      tensorflow::GraphDef graph;
      if (parseBinary(bytes, graph) && graph.node_size() > 0 &&
          isPlausibleGraph(graph)) {
        file.meta.mutable_graph_def()->Swap(&graph);
        file.kind = ModelFileKind::GraphDef;
        return true;
      }
      break;
    }
    case TryMeta: {
      tensorflow::MetaGraphDef meta;
      if (parseBinary(bytes, meta) && isPlausibleMeta(meta)) {
        file.meta.Swap(&meta);
        file.kind = ModelFileKind::MetaGraphDef;
        return true;
      }
      break;
    }
    case TrySaved: {
      tensorflow::SavedModel saved;
      if (parseBinary(bytes, saved) && saved.meta_graphs_size() > 0 &&
          llvm::all_of(saved.meta_graphs(), isPlausibleMeta)) {
        file.kind = ModelFileKind::SavedModel;
        if (failed(selectMetaGraph(context, file, saved, tags)))
          return failure();
        return true;
      }
      break;
    }
    }
  }
  return false;
}

} // namespace

FailureOr<std::unique_ptr<ModelFile>>
mlir::tfc::graphdef::readModelFile(MLIRContext *context, StringRef path,
                                   ArrayRef<std::string> tags) {
  auto file = std::make_unique<ModelFile>();
  file->path = path.str();
  bool isDirectory = llvm::sys::fs::is_directory(path);
  if (isDirectory) {
    SmallString<256> binary(path), text(path);
    llvm::sys::path::append(binary, "saved_model.pb");
    llvm::sys::path::append(text, "saved_model.pbtxt");
    if (llvm::sys::fs::exists(binary))
      file->path = std::string(binary);
    else if (llvm::sys::fs::exists(text))
      file->path = std::string(text);
    else
      return emitError(FileLineColLoc::get(context, path, 0, 0))
             << "is a directory without saved_model.pb or saved_model.pbtxt, "
                "so not a SavedModel";
  }
  auto buffer = llvm::MemoryBuffer::getFile(file->path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return emitError(FileLineColLoc::get(context, file->path, 0, 0))
           << "cannot read the file: " << buffer.getError().message();
  return parseModelBytes(context, file->path, (*buffer)->getBuffer(), tags);
}

FailureOr<std::unique_ptr<ModelFile>>
mlir::tfc::graphdef::parseModelBytes(MLIRContext *context, StringRef name,
                                     StringRef bytes,
                                     ArrayRef<std::string> tags) {
  auto file = std::make_unique<ModelFile>();
  file->path = name.str();
  if (bytes.size() > static_cast<size_t>(INT32_MAX))
    return emitError(file->fileLocation(context))
           << "is larger than 2 GiB, the most a protobuf message can hold";
  file->text = looksLikeText(bytes);
  if (file->text) {
    if (failed(parseTextModel(context, *file, bytes, tags)))
      return failure();
    return file;
  }
  FailureOr<bool> parsed = parseBinaryModel(context, *file, bytes, tags);
  if (failed(parsed))
    return failure();
  if (*parsed)
    return file;
  return emitError(file->fileLocation(context))
         << "is not a GraphDef, MetaGraphDef or SavedModel (binary or text "
            "protobuf): it is truncated, corrupt or another kind of file";
}

FailureOr<tensorflow::tf2xla::Config>
mlir::tfc::graphdef::readXlaConfig(MLIRContext *context, StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return emitError(FileLineColLoc::get(context, path, 0, 0))
           << "cannot read the config: " << buffer.getError().message();
  StringRef bytes = (*buffer)->getBuffer();
  tensorflow::tf2xla::Config config;
  if (looksLikeText(bytes)) {
    if (!parseText(context, path, bytes, config, nullptr))
      return failure();
  } else if (!parseBinary(bytes, config)) {
    return emitError(FileLineColLoc::get(context, path, 0, 0))
           << "is not a tf2xla Config (binary or text protobuf)";
  }
  return config;
}
