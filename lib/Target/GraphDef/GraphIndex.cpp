//===- GraphIndex.cpp - a GraphDef's nodes by name ------------------------===//

#include "Importer.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::tfc::graphdef;

namespace {

/// Splits "^name", "name" or "name:N".
void splitInput(StringRef text, StringRef &name, int &output, bool &control) {
  control = text.consume_front("^");
  output = 0;
  name = text;
  size_t colon = text.rfind(':');
  if (colon == StringRef::npos)
    return;
  unsigned index;
  if (!text.drop_front(colon + 1).getAsInteger(10, index)) {
    name = text.take_front(colon);
    output = static_cast<int>(index);
  }
}

} // namespace

FailureOr<GraphIndex> GraphIndex::build(const ModelFile &file,
                                        MLIRContext *context) {
  GraphIndex index;
  index.graph = &file.graph();
  int n = file.graph().node_size();
  for (int i = 0; i < n; ++i) {
    const tensorflow::NodeDef &node = file.graph().node(i);
    if (node.name().empty())
      return emitError(file.nodeLocation(context, i))
             << "node #" << i << " (" << node.op() << ") has no name";
    auto [it, inserted] = index.byName.try_emplace(node.name(), i);
    if (!inserted) {
      InFlightDiagnostic diag = emitError(file.nodeLocation(context, i))
                                << "node '" << node.name()
                                << "' is defined twice";
      diag.attachNote(file.nodeLocation(context, it->second))
          << "first definition here";
      return failure();
    }
  }
  index.nodeInputs.resize(n);
  for (int i = 0; i < n; ++i) {
    const tensorflow::NodeDef &node = file.graph().node(i);
    for (const std::string &input : node.input()) {
      StringRef name;
      int output;
      bool control;
      splitInput(input, name, output, control);
      int producer = index.lookup(name);
      if (producer < 0)
        return emitError(file.nodeLocation(context, i))
               << "node '" << node.name() << "' (" << node.op() << "): input '"
               << input << "' names no node of the graph";
      index.nodeInputs[i].push_back({producer, output, control});
    }
  }
  return index;
}

SmallVector<NodeInput> GraphIndex::dataInputs(int index) const {
  SmallVector<NodeInput> result;
  for (const NodeInput &input : nodeInputs[index])
    if (!input.control)
      result.push_back(input);
  return result;
}

std::optional<TensorId> GraphIndex::parseTensor(StringRef text) const {
  StringRef name;
  int output;
  bool control;
  splitInput(text, name, output, control);
  int node = lookup(name);
  if (control || node < 0)
    return std::nullopt;
  return TensorId{node, output};
}
