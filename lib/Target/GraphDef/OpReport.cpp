//===- OpReport.cpp - which TensorFlow ops tfc imports, and as what -------===//
//
// `tfc import --report` (the ops of a file, counted, with what each becomes
// or that it is not supported) and `tfc import --list-ops`.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "tfc/Target/GraphDef/Import.h"

#include "llvm/Support/Format.h"

#include <map>

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

/// TensorFlow 1 control flow and the stacks of gradient loops,
/// functionalized before op import, and function calls, inlined.
static const std::pair<const char *, const char *> kControlFlowOps[] = {
    {"Enter", "tfc.while (functionalized)"},
    {"Exit", "tfc.while (functionalized)"},
    {"LoopCond", "tfc.while (functionalized)"},
    {"Merge", "tfc.cond or tfc.while (functionalized)"},
    {"NextIteration", "tfc.while (functionalized)"},
    {"RefEnter", "tfc.while (functionalized)"},
    {"RefExit", "tfc.while (functionalized)"},
    {"RefMerge", "tfc.cond or tfc.while (functionalized)"},
    {"RefNextIteration", "tfc.while (functionalized)"},
    {"RefSwitch", "tfc.cond or tfc.while (functionalized)"},
    {"StackPopV2",
     "tfc.tensor_array_read of a tfc.while's array (gradient loops)"},
    {"StackPushV2",
     "tfc.tensor_array_write to a tfc.while's array (gradient loops)"},
    {"Switch", "tfc.cond or tfc.while (functionalized)"},
    {"If", "tfc.cond (lowered to Switch/Merge, then functionalized)"},
    {"StatelessIf", "tfc.cond (lowered to Switch/Merge, then functionalized)"},
    {"While", "tfc.while (lowered to a frame, then functionalized)"},
    {"StatelessWhile", "tfc.while (lowered to a frame, then functionalized)"},
    {"PartitionedCall", "(the function's body, inlined)"},
    {"StatefulPartitionedCall", "(the function's body, inlined)"},
};

/// What op type `op` becomes, or null when tfc does not import it.
static std::optional<std::string> importedAs(StringRef op) {
  for (auto [tfOp, tfcOps] : kControlFlowOps)
    if (op == tfOp)
      return std::string(tfcOps);
  if (op.starts_with("_Tfc"))
    return std::nullopt;
  if (const OpImporterEntry *entry = OpRegistry::get().lookup(op))
    return entry->tfcOps;
  return std::nullopt;
}

LogicalResult mlir::tfc::printGraphOpReport(StringRef path,
                                            const GraphImportOptions &options,
                                            MLIRContext *context,
                                            llvm::raw_ostream &os) {
  FailureOr<std::unique_ptr<ModelFile>> file =
      readModelFile(context, path, options.tags);
  if (failed(file))
    return failure();
  // The ops of the functions the graph calls count as the graph's.
  if (failed(inlineFunctionCalls(**file, context)))
    return failure();
  // An If or While counts as itself, not as the nodes it is lowered to.
  std::map<std::string, int> counts;
  for (const tensorflow::NodeDef &node : (*file)->graph().node()) {
    if (auto from = node.attr().find(kLoweredFromAttr);
        from != node.attr().end())
      ++counts[from->second.s()];
    else if (!node.attr().count(kLoweredAttr))
      ++counts[node.op()];
  }
  int supported = 0;
  for (const auto &[op, count] : counts)
    supported += importedAs(op).has_value();
  os << path << ": " << (*file)->graph().node_size() << " nodes, "
     << counts.size() << " op types, " << supported << " supported\n";
  for (const auto &[op, count] : counts) {
    std::optional<std::string> as = importedAs(op);
    os << llvm::format("  %-40s %6d  ", op.c_str(), count)
       << (as ? "-> " + *as : std::string("NOT SUPPORTED")) << "\n";
  }
  return success();
}

std::vector<std::pair<std::string, std::string>>
mlir::tfc::supportedTensorFlowOps() {
  std::vector<std::pair<std::string, std::string>> ops;
  for (const OpImporterEntry *entry : OpRegistry::get().all())
    if (!StringRef(entry->tfOp).starts_with("_Tfc"))
      ops.emplace_back(entry->tfOp, entry->tfcOps);
  for (auto [tfOp, tfcOps] : kControlFlowOps)
    ops.emplace_back(tfOp, tfcOps);
  llvm::sort(ops);
  return ops;
}
