//===- EntryPoints.cpp - a TensorFlow file into a tfc module --------------===//
//
// Each entry point (a signature, a tf2xla config or one given on the
// command line) becomes a function whose arguments are the fed tensors and
// whose `tfc.graph` holds what its fetches and targets need.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "tfc/Target/GraphDef/Import.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

//===----------------------------------------------------------------------===//
// Command-line forms
//===----------------------------------------------------------------------===//

/// `1x784`, `?x784`, `100`, `scalar`: a shape suffix of a feed.
static bool isDimsText(StringRef text) {
  if (text == "scalar")
    return true;
  if (text.empty())
    return false;
  SmallVector<StringRef> dims;
  text.split(dims, 'x');
  return llvm::all_of(dims, [](StringRef dim) {
    return dim == "?" || (!dim.empty() && llvm::all_of(dim, llvm::isDigit));
  });
}

std::optional<std::string> mlir::tfc::parseEntrySpec(StringRef text,
                                                     GraphEntrySpec &spec) {
  auto [name, rest] = text.split('=');
  if (name.empty() || name.size() == text.size())
    return "expected NAME=FEEDS:FETCHES[:TARGETS], got '" + text.str() + "'";
  spec = GraphEntrySpec();
  spec.name = name.str();
  // Sections are separated by ':', items by ','; a ':' followed by an
  // output index or a shape belongs to the tensor's name.
  std::vector<std::vector<std::string>> sections(1);
  std::string item;
  auto endItem = [&] {
    if (!item.empty())
      sections.back().push_back(item);
    item.clear();
  };
  for (size_t i = 0; i < rest.size(); ++i) {
    char c = rest[i];
    if (c == ',') {
      endItem();
    } else if (c == ':') {
      size_t end = rest.find_first_of(",:", i + 1);
      StringRef next = rest.slice(i + 1, end);
      if (!item.empty() && isDimsText(next)) {
        item += ":" + next.str();
        i += next.size();
      } else {
        endItem();
        sections.emplace_back();
      }
    } else {
      item += c;
    }
  }
  endItem();
  if (sections.size() < 2 || sections.size() > 3)
    return "expected NAME=FEEDS:FETCHES[:TARGETS], got '" + text.str() + "'";
  spec.feeds = sections[0];
  spec.fetches = sections[1];
  if (sections.size() == 3)
    spec.targets = sections[2];
  if (spec.fetches.empty() && spec.targets.empty())
    return "entry '" + spec.name + "' has neither fetches nor targets";
  return std::nullopt;
}

bool mlir::tfc::isTensorFlowModelFile(StringRef path) {
  if (llvm::sys::fs::is_directory(path))
    return true;
  uint64_t size = 0;
  if (llvm::sys::fs::file_size(path, size) || size == 0)
    return false;
  auto buffer =
      llvm::MemoryBuffer::getFileSlice(path, std::min<uint64_t>(size, 4096), 0);
  if (!buffer)
    return false;
  StringRef head = (*buffer)->getBuffer();
  if (!looksLikeText(head))
    return true;
  // tfc modules start with `module`, `func.func`, `tfc.` or a comment
  // in `//`; TensorFlow text starts with a field name or `#`.
  StringRef first = head.ltrim(" \t\r\n");
  for (const char *field :
       {"node", "versions", "library", "meta_info_def", "graph_def",
        "saver_def", "collection_def", "signature_def",
        "saved_model_schema_version", "meta_graphs"})
    if (first.starts_with(field) && first.drop_front(strlen(field))
                                        .ltrim(" \t")
                                        .starts_with_insensitive("{"))
      return true;
  return first.starts_with("#");
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

namespace {

/// An entry point with names resolved against the graph.
struct ResolvedEntry {
  std::string name;
  struct Feed {
    TensorId tensor;
    std::string display;
    std::optional<SmallVector<int64_t>> dims;
  };
  std::vector<Feed> feeds;
  std::vector<std::pair<TensorId, std::string>> fetches;
  std::vector<int> targets;
};

/// How a tensor is called in names and messages: `x` for `x:0`.
std::string tensorDisplayName(const GraphIndex &index, TensorId id) {
  std::string name = index.node(id.node).name();
  return id.output == 0 ? name : name + ":" + std::to_string(id.output);
}

bool isPlaceholder(StringRef op) {
  return op == "Placeholder" || op == "PlaceholderV2" ||
         op == "PlaceholderWithDefault";
}

SmallVector<int64_t> parseDims(StringRef text) {
  SmallVector<int64_t> dims;
  if (text == "scalar")
    return dims;
  SmallVector<StringRef> parts;
  text.split(parts, 'x');
  for (StringRef part : parts) {
    int64_t dim = -1;
    if (part != "?")
      part.getAsInteger(10, dim);
    dims.push_back(dim);
  }
  return dims;
}

FailureOr<ResolvedEntry::Feed> resolveFeed(const GraphIndex &index,
                                           StringRef text, Location loc,
                                           StringRef entry) {
  ResolvedEntry::Feed feed;
  // The longest prefix naming a tensor; what follows is a shape.
  StringRef tensor = text;
  StringRef dims;
  size_t colon = text.rfind(':');
  if (colon != StringRef::npos && isDimsText(text.drop_front(colon + 1))) {
    StringRef prefix = text.take_front(colon);
    StringRef suffix = text.drop_front(colon + 1);
    bool isIndex = llvm::all_of(suffix, llvm::isDigit);
    int node = index.lookup(prefix);
    if (!isIndex ||
        (node >= 0 && isPlaceholder(index.node(node).op()) && suffix != "0") ||
        (node < 0 && index.parseTensor(prefix))) {
      tensor = prefix;
      dims = suffix;
    }
  }
  std::optional<TensorId> id = index.parseTensor(tensor);
  if (!id) {
    emitError(loc) << "entry '" << entry << "': feed '" << text
                   << "' names no tensor of the graph";
    return failure();
  }
  feed.tensor = *id;
  feed.display = tensorDisplayName(index, *id);
  if (!dims.empty())
    feed.dims = parseDims(dims);
  return feed;
}

FailureOr<ResolvedEntry> resolveEntry(const GraphIndex &index,
                                      const GraphEntrySpec &spec,
                                      Location loc) {
  ResolvedEntry entry;
  entry.name = spec.name;
  for (const std::string &text : spec.feeds) {
    FailureOr<ResolvedEntry::Feed> feed =
        resolveFeed(index, text, loc, spec.name);
    if (failed(feed))
      return failure();
    entry.feeds.push_back(*feed);
  }
  for (const std::string &text : spec.fetches) {
    std::optional<TensorId> id = index.parseTensor(text);
    if (!id) {
      emitError(loc) << "entry '" << spec.name << "': fetch '" << text
                     << "' names no tensor of the graph";
      return failure();
    }
    entry.fetches.push_back({*id, tensorDisplayName(index, *id)});
  }
  for (const std::string &text : spec.targets) {
    StringRef name = StringRef(text).ltrim("^");
    int node = index.lookup(name);
    if (node < 0 && name.ends_with(":0"))
      node = index.lookup(name.drop_back(2));
    if (node < 0) {
      emitError(loc) << "entry '" << spec.name << "': target '" << text
                     << "' names no node of the graph";
      return failure();
    }
    entry.targets.push_back(node);
  }
  return entry;
}

/// Whether a fed tensor is a TensorFlow string.
bool isStringFeed(GraphImporter &importer, const ResolvedEntry::Feed &feed) {
  const tensorflow::NodeDef &node = importer.index.node(feed.tensor.node);
  for (const char *name : {"dtype", "T"}) {
    auto it = node.attr().find(name);
    if (it != node.attr().end() &&
        it->second.value_case() == tensorflow::AttrValue::kType)
      return it->second.type() == tensorflow::DT_STRING;
  }
  return false;
}

/// Whether `tensor` is a batch of serialized tf.Examples: read, directly
/// or through Identity nodes, by ParseExample nodes as their `serialized`
/// input, and by nothing else.
static bool isExampleBatch(GraphImporter &importer, TensorId tensor) {
  const GraphIndex &index = importer.index;
  bool parsed = false;
  for (int node = 0; node < index.size(); ++node) {
    SmallVector<NodeInput> inputs = index.dataInputs(node);
    for (auto [position, input] : llvm::enumerate(inputs)) {
      if (input.node != tensor.node || input.output != tensor.output)
        continue;
      StringRef op = index.node(node).op();
      if ((op == "ParseExample" || op == "ParseExampleV2") && position == 0)
        parsed = true;
      else if (op != "Identity" || !isExampleBatch(importer, {node, 0}))
        return false;
      else
        parsed = true;
    }
  }
  return parsed;
}

/// The shape of a fed tensor of unknown rank that the graph assigns (or
/// adds, or subtracts) to a variable: the variable's, which TensorFlow
/// requires it to have (serving's `incr_counter_by` feeds such a `delta`).
static std::optional<tensorflow::TensorShapeProto>
assignedVariableShape(GraphImporter &importer, TensorId tensor) {
  static constexpr StringLiteral kAssigns[] = {
      "Assign",           "AssignAdd",           "AssignSub",
      "AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp"};
  static constexpr StringLiteral kVariables[] = {"VariableV2", "Variable",
                                                 "VarHandleOp"};
  const GraphIndex &index = importer.index;
  for (int node = 0; node < index.size(); ++node) {
    const tensorflow::NodeDef &def = index.node(node);
    if (!llvm::is_contained(kAssigns, def.op()))
      continue;
    SmallVector<NodeInput> inputs = index.dataInputs(node);
    if (inputs.size() != 2 || inputs[1].node != tensor.node ||
        inputs[1].output != tensor.output)
      continue;
    const tensorflow::NodeDef &variable = index.node(inputs[0].node);
    auto shape = variable.attr().find("shape");
    if (llvm::is_contained(kVariables, variable.op()) &&
        shape != variable.attr().end() &&
        shape->second.value_case() == tensorflow::AttrValue::kShape &&
        !shape->second.shape().unknown_rank() &&
        (shape->second.shape().dim_size() != 0 ||
         importer.file.graph().versions().producer() >= 21))
      return shape->second.shape();
  }
  return std::nullopt;
}

/// The type of a fed tensor: the placeholder's, a shape given with the
/// feed, or what the graph records.
FailureOr<Type> feedType(GraphImporter &importer,
                         const ResolvedEntry::Feed &feed, StringRef entry) {
  const tensorflow::NodeDef &node = importer.index.node(feed.tensor.node);
  Location loc = importer.nodeLocation(feed.tensor.node);
  auto attr = [&](const char *name) -> const tensorflow::AttrValue * {
    auto it = node.attr().find(name);
    return it == node.attr().end() ? nullptr : &it->second;
  };
  const tensorflow::AttrValue *dtype = nullptr;
  for (const char *name : {"dtype", "T", "DstT", "out_type"})
    if ((dtype = attr(name)) &&
        dtype->value_case() == tensorflow::AttrValue::kType)
      break;
  if (!dtype || dtype->value_case() != tensorflow::AttrValue::kType)
    return emitError(loc) << "entry '" << entry << "': cannot tell the dtype "
                          << "of fed tensor '" << feed.display << "'";
  if (dtype->type() == tensorflow::DT_STRING) {
    // A scalar string (a checkpoint path) is fed as its bytes.
    const tensorflow::AttrValue *s = attr("shape");
    const tensorflow::AttrValue *v = attr("value");
    bool vector = (feed.dims && !feed.dims->empty()) ||
                  (s && s->value_case() == tensorflow::AttrValue::kShape &&
                   s->shape().dim_size() != 0) ||
                  (v && v->value_case() == tensorflow::AttrValue::kTensor &&
                   v->tensor().tensor_shape().dim_size() != 0);
    // A batch of tf.Examples for ParseExample travels as the bytes of a
    // TFRecord file.
    if (vector && !isExampleBatch(importer, feed.tensor))
      return emitError(loc) << "entry '" << entry << "': fed tensor '"
                            << feed.display
                            << "' is a tensor of strings; tfc feeds scalar "
                               "strings, and batches of tf.Examples to "
                               "ParseExample";
    return Type(RankedTensorType::get({ShapedType::kDynamic},
                                      IntegerType::get(importer.context, 8)));
  }
  Type element = convertDataType(importer.context, dtype->type());
  if (!element)
    return emitError(loc) << "entry '" << entry << "': fed tensor '"
                          << feed.display << "' is "
                          << dataTypeName(dtype->type())
                          << ", a dtype tfc does not have";
  if (feed.dims) {
    SmallVector<int64_t> dims;
    for (int64_t d : *feed.dims)
      dims.push_back(d < 0 ? ShapedType::kDynamic : d);
    return Type(RankedTensorType::get(dims, element));
  }
  std::optional<tensorflow::TensorShapeProto> shape;
  if (isPlaceholder(node.op())) {
    if (const tensorflow::AttrValue *s = attr("shape"))
      shape = s->shape();
    // Before producer 21 an empty shape meant "unknown", not a scalar.
    int producer = importer.file.graph().versions().producer();
    if (shape && producer < 21 && shape->dim_size() == 0)
      shape->set_unknown_rank(true);
  } else if (const tensorflow::AttrValue *list = attr("_output_shapes")) {
    if (feed.tensor.output < list->list().shape_size())
      shape = list->list().shape(feed.tensor.output);
  }
  if (!shape || shape->unknown_rank())
    shape = assignedVariableShape(importer, feed.tensor);
  if (!shape || shape->unknown_rank())
    return emitError(loc) << "entry '" << entry << "': fed tensor '"
                          << feed.display
                          << "' has an unknown rank; give its shape with "
                             "the feed, e.g. '"
                          << feed.display << ":100', '" << feed.display
                          << ":?x784' or '" << feed.display << ":scalar'";
  return convertShape(*shape, element);
}

std::string cIdentifier(StringRef name) {
  std::string id;
  for (char c : name)
    id += llvm::isAlnum(c) ? c : '_';
  if (id.empty() || llvm::isDigit(id.front()))
    id = "_" + id;
  return id;
}

/// Imports one entry point as `func.func @NAME`.
LogicalResult importEntry(GraphImporter &importer, const ResolvedEntry &entry,
                          StringRef funcName) {
  MLIRContext *context = importer.context;
  Location loc = importer.file.fileLocation(context);
  SmallVector<Type> argTypes;
  for (const ResolvedEntry::Feed &feed : entry.feeds) {
    FailureOr<Type> type = feedType(importer, feed, entry.name);
    if (failed(type))
      return failure();
    argTypes.push_back(*type);
  }
  OpBuilder builder(context);
  builder.setInsertionPointToEnd(importer.module.getBody());
  auto func = func::FuncOp::create(
      builder, NameLoc::get(builder.getStringAttr(entry.name), loc), funcName,
      builder.getFunctionType(argTypes, {}));
  Block *entryBlock = func.addEntryBlock();
  for (auto [i, feed] : llvm::enumerate(entry.feeds)) {
    func.setArgAttr(i, kNameAttrName, builder.getStringAttr(feed.display));
    if (isStringFeed(importer, feed))
      func.setArgAttr(i, kStringArgAttrName, builder.getUnitAttr());
  }

  // The graph's body is filled first; the op that holds it in the end is
  // made once the fetches' types are known.
  builder.setInsertionPointToEnd(entryBlock);
  OperationState draftState(loc, GraphOp::getOperationName());
  draftState.addRegion();
  Operation *draft = builder.create(draftState);
  Block *graphBlock = new Block();
  draft->getRegion(0).push_back(graphBlock);
  ImportScope scope(importer, graphBlock, nullptr, /*initialValue=*/false);
  for (auto [i, feed] : llvm::enumerate(entry.feeds))
    scope.given[{feed.tensor.node, feed.tensor.output}] = {
        entryBlock->getArgument(i), Value()};
  SmallVector<TensorId> fetched;
  for (const auto &fetch : entry.fetches)
    fetched.push_back(fetch.first);
  auto cleanup = [&]() {
    func.erase();
    return failure();
  };
  if (failed(scope.importFor(fetched, entry.targets)))
    return cleanup();

  OpBuilder inner = OpBuilder::atBlockEnd(graphBlock);
  SmallVector<Value> results;
  for (const auto &fetch : entry.fetches) {
    FailureOr<Value> value = scope.tensorValue(
        fetch.first, inner, importer.nodeLocation(fetch.first.node));
    if (failed(value))
      return cleanup();
    results.push_back(*value);
  }
  SmallVector<Value> targets;
  for (int node : entry.targets)
    if (Value token = scope.tokenOf(node, inner))
      targets.push_back(token);
  FetchOp::create(inner, loc, results, targets);

  OperationState state(loc, GraphOp::getOperationName());
  state.addTypes(ValueRange(results).getTypes());
  state.addRegion()->takeBody(draft->getRegion(0));
  builder.setInsertionPointToEnd(entryBlock);
  Operation *graph = builder.create(state);
  draft->erase();
  func::ReturnOp::create(builder, loc, graph->getResults());
  func.setFunctionType(builder.getFunctionType(
      argTypes, llvm::to_vector(ValueRange(results).getTypes())));
  for (auto [i, fetch] : llvm::enumerate(entry.fetches))
    func.setResultAttr(i, kNameAttrName, builder.getStringAttr(fetch.second));
  return success();
}

/// The entry points the file itself defines: a SavedModel's or
/// MetaGraphDef's signatures.
std::vector<GraphEntrySpec> signatureEntries(const ModelFile &file) {
  std::vector<GraphEntrySpec> entries;
  std::map<std::string, const tensorflow::SignatureDef *> sorted;
  for (const auto &[key, signature] : file.meta.signature_def())
    sorted[key] = &signature;
  for (const auto &[key, signature] : sorted) {
    if (key == "__saved_model_init_op")
      continue;
    GraphEntrySpec spec;
    spec.name = key;
    std::map<std::string, std::string> inputs;
    for (const auto &[name, info] : signature->inputs())
      inputs[name] = info.name();
    std::map<std::string, std::string> outputs;
    for (const auto &[name, info] : signature->outputs())
      outputs[name] = info.name();
    for (const auto &[name, tensor] : inputs)
      spec.feeds.push_back(tensor);
    for (const auto &[name, tensor] : outputs)
      spec.fetches.push_back(tensor);
    entries.push_back(std::move(spec));
  }
  return entries;
}

/// The entry point of a tf2xla Config.
FailureOr<GraphEntrySpec> configEntry(MLIRContext *context, StringRef path) {
  FailureOr<tensorflow::tf2xla::Config> config = readXlaConfig(context, path);
  if (failed(config))
    return failure();
  GraphEntrySpec spec;
  spec.name = "main";
  auto tensorName = [](const tensorflow::tf2xla::TensorId &id) {
    return id.node_name() + ":" + std::to_string(id.output_index());
  };
  for (const auto &feed : config->feed()) {
    std::string name = tensorName(feed.id());
    if (feed.has_shape() && !feed.shape().unknown_rank()) {
      SmallVector<std::string> dims;
      for (const auto &dim : feed.shape().dim())
        dims.push_back(dim.size() < 0 ? "?" : std::to_string(dim.size()));
      if (!dims.empty())
        name += ":" + llvm::join(dims, "x");
    }
    spec.feeds.push_back(name);
  }
  for (const auto &fetch : config->fetch())
    spec.fetches.push_back(tensorName(fetch.id()));
  if (config->variable_size() > 0)
    return emitError(FileLineColLoc::get(context, path, 0, 0))
           << "tf2xla 'variable' entries (resource arguments) are not "
              "supported: tfc keeps variables in its runtime store";
  return spec;
}

} // namespace

namespace {
/// The entry points to import, and whether they are the file's signatures.
struct EntrySpecs {
  std::vector<GraphEntrySpec> specs;
  bool fromSignatures = false;
};
} // namespace

/// The entry points the options give, else the tf2xla Config's, else the
/// file's signatures.
static FailureOr<EntrySpecs> entrySpecs(const ModelFile &file,
                                        const GraphImportOptions &options,
                                        MLIRContext *context) {
  EntrySpecs entries;
  entries.specs = options.entries;
  if (entries.specs.empty() && !options.configPath.empty()) {
    FailureOr<GraphEntrySpec> spec = configEntry(context, options.configPath);
    if (failed(spec))
      return failure();
    entries.specs.push_back(*spec);
  }
  if (entries.specs.empty()) {
    entries.specs = signatureEntries(file);
    entries.fromSignatures = true;
  }
  if (entries.specs.empty())
    return emitError(file.fileLocation(context))
           << "has no signatures, so tfc does not know what to "
              "compile: give --fetch (with --feed and --target) "
              "or --entry NAME=FEEDS:FETCHES[:TARGETS]";
  return entries;
}

/// Imports signature `spec` as `funcName`. A signature tfc cannot compile
/// is left out with a warning that carries its errors, so that the others
/// still can be (serving models often have one that parses tf.Example
/// strings). Whether it was imported.
static bool importSignature(GraphImporter &importer, const GraphEntrySpec &spec,
                            StringRef funcName, Location fileLoc) {
  MLIRContext *context = importer.context;
  std::vector<std::string> messages;
  LogicalResult result = success();
  {
    ScopedDiagnosticHandler capture(context, [&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error) {
        std::string where;
        if (auto fileLine = dyn_cast<FileLineColLoc>(diag.getLocation()))
          where = (fileLine.getFilename().str() + ":" +
                   std::to_string(fileLine.getLine()) + ": ");
        messages.push_back(where + diag.str());
      }
      return success();
    });
    FailureOr<ResolvedEntry> entry =
        resolveEntry(importer.index, spec, fileLoc);
    result =
        failed(entry) ? failure() : importEntry(importer, *entry, funcName);
  }
  if (succeeded(result))
    return true;
  InFlightDiagnostic warning =
      emitWarning(fileLoc) << "signature '" << spec.name << "' is left out:";
  for (const std::string &message : messages)
    warning << "\n  " << message;
  return false;
}

/// Imports a model file read or parsed already.
static OwningOpRef<ModuleOp>
importModelFile(FailureOr<std::unique_ptr<ModelFile>> file,
                const GraphImportOptions &options, MLIRContext *context) {
  if (failed(file))
    return nullptr;
  Location fileLoc = (*file)->fileLocation(context);
  if (failed(inlineFunctionCalls(**file, context)))
    return nullptr;
  if (failed(functionalizeControlFlow(**file, context)))
    return nullptr;
  FailureOr<GraphIndex> index = GraphIndex::build(**file, context);
  if (failed(index))
    return nullptr;
  FailureOr<EntrySpecs> entries = entrySpecs(**file, options, context);
  if (failed(entries))
    return nullptr;

  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  GraphImporter importer(**file, *index, *module);
  llvm::StringSet<> funcNames;
  // Variables are symbols of the module too (a TensorFlow 2 SavedModel has
  // a signature `w` that reads the variable `w`): an entry point of the
  // same name gets a `_`.
  for (int i = 0, e = index->size(); i < e; ++i)
    if (isVariableOp(index->node(i).op()))
      funcNames.insert(index->node(i).name());
  int imported = 0;
  for (const GraphEntrySpec &spec : entries->specs) {
    std::string funcName = cIdentifier(spec.name);
    while (!funcNames.insert(funcName).second)
      funcName += "_";
    if (entries->fromSignatures) {
      if (importSignature(importer, spec, funcName, fileLoc))
        ++imported;
      continue;
    }
    FailureOr<ResolvedEntry> entry = resolveEntry(*index, spec, fileLoc);
    if (failed(entry) || failed(importEntry(importer, *entry, funcName)))
      return nullptr;
    ++imported;
  }
  if (imported == 0) {
    emitError(fileLoc) << "none of the signatures can be compiled";
    return nullptr;
  }
  if (failed(verify(*module)))
    return nullptr;
  return module;
}

OwningOpRef<ModuleOp> mlir::tfc::importTensorFlowModel(
    StringRef path, const GraphImportOptions &options, MLIRContext *context) {
  context->loadDialect<TFCDialect, func::FuncDialect>();
  return importModelFile(readModelFile(context, path, options.tags), options,
                         context);
}

OwningOpRef<ModuleOp>
mlir::tfc::importTensorFlowModelFromBytes(StringRef name, StringRef bytes,
                                          const GraphImportOptions &options,
                                          MLIRContext *context) {
  context->loadDialect<TFCDialect, func::FuncDialect>();
  return importModelFile(parseModelBytes(context, name, bytes, options.tags),
                         options, context);
}
