//===- GraphDefFuzzer.cpp - fuzz the TensorFlow importer ------------------===//
//
// Input: the bytes of a GraphDef, MetaGraphDef or SavedModel file, text or
// binary. The importer must report bad input as diagnostics, never crash.
// Every node is a target and every placeholder fed, so that all op
// importers and the functionalization see the graph.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCDialect.h"
#include "tfc/Target/GraphDef/Import.h"

#include "tensorflow/graph.pb.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <google/protobuf/text_format.h>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  // Entry points need node names: read them as a GraphDef if the bytes are
  // one (the importer itself also tries the other messages).
  tensorflow::GraphDef graph;
  if (!graph.ParseFromArray(data, static_cast<int>(size))) {
    google::protobuf::TextFormat::Parser parser;
    parser.AllowUnknownField(true);
    graph.Clear();
    if (!parser.ParseFromString(std::string(bytes), &graph))
      graph.Clear();
  }
  mlir::tfc::GraphImportOptions options;
  mlir::tfc::GraphEntrySpec entry;
  entry.name = "fuzz";
  for (const tensorflow::NodeDef &node : graph.node()) {
    if (node.name().empty() || node.name()[0] == '^')
      continue;
    if (node.op() == "Placeholder")
      entry.feeds.push_back(node.name());
    entry.targets.push_back(node.name());
  }
  if (graph.node_size() > 0)
    entry.fetches.push_back(graph.node(graph.node_size() - 1).name());
  if (!entry.targets.empty())
    options.entries.push_back(entry);

  mlir::MLIRContext context;
  context.loadDialect<mlir::tfc::TFCDialect, mlir::func::FuncDialect>();
  mlir::ScopedDiagnosticHandler quiet(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });
  (void)mlir::tfc::importTensorFlowModelFromBytes("fuzz.pb", bytes, options,
                                                  &context);
  return 0;
}
