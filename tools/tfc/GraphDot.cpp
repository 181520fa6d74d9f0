//===- GraphDot.cpp - A tfc function as a Graphviz graph ------------------===//
//
// The function's body is walked once: each op becomes a node in the
// cluster of the op whose region holds it (the function's own graph is
// transparent), each operand an edge from the node that produces it. A
// value made by an op with regions comes from that op's header node, which
// also stands for the values its regions receive. Within a cluster, nodes
// are grouped by the scopes of their names before printing.
//
//===----------------------------------------------------------------------===//

#include "GraphDot.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <memory>

using namespace mlir;
using namespace mlir::tfc;


/// `text` inside a DOT string: quotes and backslashes escaped, line breaks
/// as `\n`.
static std::string escape(StringRef text) {
  std::string escaped;
  for (char c : text) {
    if (c == '"' || c == '\\')
      escaped += '\\';
    if (c == '\n') {
      escaped += "\\n";
      continue;
    }
    escaped += c;
  }
  return escaped;
}

/// "f32[?,784]" for tensor<?x784xf32>; "ref f32[2]" for a variable handle.
static std::string typeText(Type type) {
  if (auto var = dyn_cast<VarType>(type))
    return "ref " + typeText(var.getValueType());
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto ranked = dyn_cast<RankedTensorType>(type)) {
    os << ranked.getElementType() << "[";
    llvm::interleave(
        ranked.getShape(), os,
        [&](int64_t size) {
          if (ShapedType::isDynamic(size))
            os << "?";
          else
            os << size;
        },
        ",");
    os << "]";
  } else if (auto unranked = dyn_cast<UnrankedTensorType>(type)) {
    os << unranked.getElementType() << "[*]";
  } else {
    os << type;
  }
  return text;
}

/// The op's name without its dialect: "matmul" for tfc.matmul.
static StringRef shortName(Operation *op) {
  StringRef name = op->getName().getStringRef();
  return name.contains('.') ? name.split('.').second : name;
}

namespace {
/// A node as DOT prints it, with the scope it is grouped under.
struct Node {
  std::string label;
  std::string attrs;
  /// The `/`-separated scopes of its name, outermost first.
  SmallVector<std::string> scopes;
};

/// The function itself or one op with regions: its nodes and the clusters
/// of the ops with regions inside it.
struct Cluster {
  std::string label;
  /// The scopes of the op's name, where its box is drawn.
  SmallVector<std::string> scopes;
  SmallVector<unsigned> nodes;
  SmallVector<std::unique_ptr<Cluster>> children;
};

/// A scope within a cluster: nodes named `scope/...` and inner scopes.
struct Scope {
  SmallVector<unsigned> nodes;
  SmallVector<const Cluster *> clusters;
  std::map<std::string, Scope> inner;
  unsigned size() const {
    unsigned total = nodes.size() + clusters.size();
    for (const auto &entry : inner)
      total += entry.second.size();
    return total;
  }
};

class GraphWriter {
public:
  GraphWriter(func::FuncOp func, raw_ostream &os) : func(func), os(os) {}
  void write();

private:
  /// `scope`: the `/`-separated scopes the node is drawn in.
  unsigned addNode(Cluster &cluster, std::string label, std::string attrs,
                   StringRef scope = {});
  void collect(Block &block, Cluster &cluster);
  void addOp(Operation *op, Cluster &cluster);
  std::optional<unsigned> sourceOf(Value value);
  void addEdge(Value value, unsigned to);
  void printCluster(const Cluster &cluster, unsigned depth);
  void printScope(const Scope &scope, StringRef label, unsigned depth);

  func::FuncOp func;
  raw_ostream &os;
  std::vector<Node> nodes;
  DenseMap<Operation *, unsigned> opNodes;
  DenseMap<Value, unsigned> argumentNodes;
  std::vector<std::tuple<unsigned, unsigned, std::string>> edges;
  std::vector<Operation *> terminators;
  unsigned clusterCount = 0;
};
} // namespace

unsigned GraphWriter::addNode(Cluster &cluster, std::string label,
                              std::string attrs, StringRef scope) {
  Node node{std::move(label), std::move(attrs), {}};
  if (!scope.empty()) {
    SmallVector<StringRef> parts;
    scope.split(parts, '/');
    for (StringRef part : parts)
      node.scopes.push_back(part.str());
  }
  nodes.push_back(std::move(node));
  cluster.nodes.push_back(nodes.size() - 1);
  return nodes.size() - 1;
}

/// How an op looks: variables as filled ellipses, what writes state red,
/// what reads it blue, constants grey, the header of an op with regions
/// bold.
static std::string opStyle(Operation *op) {
  if (llvm::any_of(op->getResultTypes(), llvm::IsaPred<VarType>))
    return "shape=ellipse, style=filled, fillcolor=\"#ffe0b2\"";
  if (isa<ConstantOp>(op))
    return "shape=box, style=\"rounded,filled\", fillcolor=\"#eeeeee\", "
           "fontsize=10";
  if (op->getNumRegions())
    return "shape=box, style=\"rounded,bold\"";
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
    if (effects.hasEffect<MemoryEffects::Write>())
      return "shape=box, style=\"rounded,filled\", fillcolor=\"#f8cfc8\"";
    if (effects.hasEffect<MemoryEffects::Read>())
      return "shape=box, style=\"rounded,filled\", fillcolor=\"#dbe9f7\"";
  }
  return "shape=box, style=rounded";
}

void GraphWriter::addOp(Operation *op, Cluster &cluster) {
  if (isa<GraphOp>(op)) {
    // The function's graph: its ops belong to the function.
    for (Region &region : op->getRegions())
      for (Block &block : region)
        collect(block, cluster);
    return;
  }
  // A node is drawn in the scopes of its name: "dense/MatMul" in "dense".
  // A variable is the scope of its own ops ("w/read", "w/Assign"), as in
  // TensorBoard, so it is drawn in it.
  StringRef scope, label;
  if (auto handle = dyn_cast<VarHandleOp>(op)) {
    scope = handle.getVariable();
    label = scope.rsplit('/').second.empty() ? scope : scope.rsplit('/').second;
  } else if (auto name = op->getAttrOfType<StringAttr>(kNameAttrName)) {
    auto [prefix, last] = name.getValue().rsplit('/');
    scope = last.empty() ? StringRef() : prefix;
    label = last.empty() ? prefix : last;
  }
  std::string text = label.str();
  if (auto handle = dyn_cast<VarHandleOp>(op))
    text += "\n" + typeText(handle.getType().getValueType());
  else if (text.empty())
    text = shortName(op).str();
  else
    text += "\n" + shortName(op).str();

  Cluster *home = &cluster;
  if (op->getNumRegions()) {
    auto inner = std::make_unique<Cluster>();
    inner->label = text;
    SmallVector<StringRef> parts;
    if (!scope.empty())
      scope.split(parts, '/');
    for (StringRef part : parts)
      inner->scopes.push_back(part.str());
    home = inner.get();
    cluster.children.push_back(std::move(inner));
    scope = StringRef();
  }
  unsigned node = addNode(*home, text, opStyle(op), scope);
  opNodes[op] = node;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      collect(block, *home);
}

void GraphWriter::collect(Block &block, Cluster &cluster) {
  for (Operation &op : block) {
    if (!op.hasTrait<OpTrait::IsTerminator>()) {
      addOp(&op, cluster);
      continue;
    }
    // A region's results (a loop's next values, a branch's) go back to
    // the op that holds it, once every node exists.
    terminators.push_back(&op);
  }
}

std::optional<unsigned> GraphWriter::sourceOf(Value value) {
  if (auto argument = dyn_cast<BlockArgument>(value)) {
    auto it = argumentNodes.find(value);
    if (it != argumentNodes.end())
      return it->second;
    auto parent = opNodes.find(argument.getOwner()->getParentOp());
    if (parent != opNodes.end())
      return parent->second;
    return std::nullopt;
  }
  Operation *op = value.getDefiningOp();
  if (auto graph = dyn_cast<GraphOp>(op)) {
    auto fetch = cast<FetchOp>(graph.getBody().front().getTerminator());
    unsigned index = cast<OpResult>(value).getResultNumber();
    if (index < fetch.getFetches().size())
      return sourceOf(fetch.getFetches()[index]);
    return std::nullopt;
  }
  auto it = opNodes.find(op);
  if (it == opNodes.end())
    return std::nullopt;
  return it->second;
}

void GraphWriter::addEdge(Value value, unsigned to) {
  std::optional<unsigned> from = sourceOf(value);
  if (!from || *from == to)
    return;
  Type type = value.getType();
  std::string attrs;
  if (isa<ControlType>(type))
    attrs = "style=dashed";
  else if (isa<VarType>(type))
    attrs = "style=bold, color=\"#c77800\"";
  else
    attrs = "label=\"" + escape(typeText(type)) + "\"";
  edges.emplace_back(*from, to, std::move(attrs));
}

void GraphWriter::printScope(const Scope &scope, StringRef label,
                             unsigned depth) {
  std::string indent(2 * depth, ' ');
  bool boxed = !label.empty();
  if (boxed) {
    os << indent << "subgraph cluster_" << clusterCount++ << " {\n"
       << indent << "  label=\"" << escape(label)
       << "\"; style=\"rounded,filled\"; fillcolor=\"#f4f4f4\";\n";
    indent += "  ";
  }
  for (unsigned node : scope.nodes)
    os << indent << "n" << node << " [label=\"" << escape(nodes[node].label)
       << "\", " << nodes[node].attrs << "];\n";
  for (const Cluster *cluster : scope.clusters) {
    os << indent << "subgraph cluster_" << clusterCount++ << " {\n"
       << indent << "  label=\"" << escape(cluster->label)
       << "\"; style=\"rounded,dashed\"; fillcolor=white;\n";
    printCluster(*cluster, depth + (boxed ? 2 : 1));
    os << indent << "}\n";
  }
  for (const auto &[name, inner] : scope.inner) {
    // A scope of one node is not worth a box: the node goes in as it is.
    printScope(inner, inner.size() > 1 ? StringRef(name) : StringRef(),
               depth + (boxed ? 1 : 0));
  }
  if (boxed)
    os << std::string(2 * depth, ' ') << "}\n";
}

void GraphWriter::printCluster(const Cluster &cluster, unsigned depth) {
  Scope top;
  for (unsigned node : cluster.nodes) {
    Scope *scope = &top;
    for (const std::string &part : nodes[node].scopes)
      scope = &scope->inner[part];
    scope->nodes.push_back(node);
  }
  for (const auto &child : cluster.children) {
    Scope *scope = &top;
    for (const std::string &part : child->scopes)
      scope = &scope->inner[part];
    scope->clusters.push_back(child.get());
  }
  printScope(top, "", depth);
}

void GraphWriter::write() {
  Cluster top;
  for (BlockArgument argument : func.getArguments()) {
    auto name =
        func.getArgAttrOfType<StringAttr>(argument.getArgNumber(),
                                          kNameAttrName);
    std::string label =
        (name ? name.getValue().str()
              : "arg" + std::to_string(argument.getArgNumber())) +
        "\n" + typeText(argument.getType());
    argumentNodes[argument] = addNode(
        top, label, "shape=invhouse, style=filled, fillcolor=\"#e3f2e1\"");
  }
  for (Block &block : func.getBody())
    for (Operation &op : block)
      if (!op.hasTrait<OpTrait::IsTerminator>())
        addOp(&op, top);
  Operation *ret = func.getBody().front().getTerminator();
  for (auto [index, value] : llvm::enumerate(ret->getOperands())) {
    auto name = func.getResultAttrOfType<StringAttr>(index, kNameAttrName);
    std::string label =
        name ? name.getValue().str() : "result" + std::to_string(index);
    unsigned node =
        addNode(top, label, "shape=house, style=filled, fillcolor=\"#e3f2e1\"");
    addEdge(value, node);
  }
  // Edges of operands last: every producer has its node by then, also one
  // that comes later in a graph region.
  func.walk([&](Operation *op) {
    auto it = opNodes.find(op);
    if (it == opNodes.end())
      return;
    for (Value operand : op->getOperands())
      addEdge(operand, it->second);
  });
  for (Operation *terminator : terminators) {
    auto parent = opNodes.find(terminator->getParentOp());
    if (parent != opNodes.end())
      for (Value operand : terminator->getOperands())
        addEdge(operand, parent->second);
  }

  os << "digraph \"" << escape(func.getSymName()) << "\" {\n"
     << "  rankdir=BT;\n"
     << "  graph [fontname=\"Helvetica\", fontsize=11];\n"
     << "  node [fontname=\"Helvetica\", fontsize=11];\n"
     << "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#555555\"];\n";
  printCluster(top, 1);
  for (const auto &[from, to, attrs] : edges)
    os << "  n" << from << " -> n" << to << " [" << attrs << "];\n";
  os << "}\n";
}

void mlir::tfc::writeGraphDot(func::FuncOp func, raw_ostream &os) {
  GraphWriter(func, os).write();
}
