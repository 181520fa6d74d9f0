//===- GraphCommand.cpp - tfc graph ---------------------------------------===//
//
// `tfc graph model.mlir|model.pb -o graph.svg`: a function's graph as
// Graphviz draws it (GraphDot.h), optionally after a pass pipeline.
// DOT is written by tfc itself; SVG, PNG and PDF by Graphviz's `dot`,
// found on PATH when it is needed.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "GraphDot.h"

#include "tfc/Codegen/Passes.h"
#include "tfc/Conversion/Passes.h"
#include "tfc/Dialect/TFC/Transforms/Passes.h"
#include "tfc/Pipelines/Pipelines.h"
#include "tfc/Driver/Compiler.h"
#include "tfc/Target/GraphDef/Import.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"

using namespace llvm;
using namespace mlir::tfc;

cl::SubCommand &graphCommand() {
  static cl::SubCommand command(
      "graph", "Draw a function's graph as TensorBoard does: scopes as nested "
               "boxes, variables, reads and assigns apart, control edges "
               "dashed, shapes on edges (DOT, or SVG/PNG/PDF with Graphviz)");
  return command;
}
static cl::opt<std::string>
    graphInput(cl::Positional, cl::Required,
               cl::desc("<model.mlir | model.pb | model.pbtxt | model.meta | "
                        "saved_model_dir>"),
               cl::sub(graphCommand()), cl::cat(tfcCategory));
static cl::opt<std::string> graphOutput(
    "o",
    cl::desc("Output: .dot/.gv (default stdout) or .svg/.png/.pdf (needs "
             "Graphviz's dot)"),
    cl::value_desc("path"), cl::init("-"), cl::sub(graphCommand()),
    cl::cat(tfcCategory));
static cl::opt<std::string>
    graphFunction("fn", cl::desc("The function (default: the only public one)"),
                  cl::value_desc("name"), cl::sub(graphCommand()),
                  cl::cat(tfcCategory));
static cl::opt<std::string> graphAfter(
    "after",
    cl::desc("Draw the graph after this pass pipeline, as tfc-opt takes it "
             "(e.g. tfc-frontend, or canonicalize,cse)"),
    cl::value_desc("pipeline"), cl::sub(graphCommand()), cl::cat(tfcCategory));
static int fail(const Twine &message) {
  errs() << "tfc graph: " << message << "\n";
  return EXIT_FAILURE;
}

/// The function to draw: --fn, or the only public one.
static mlir::func::FuncOp chooseFunction(mlir::ModuleOp module,
                                         std::string &error) {
  SmallVector<mlir::func::FuncOp> candidates;
  std::string names;
  for (auto func : module.getOps<mlir::func::FuncOp>()) {
    if (func.isExternal())
      continue;
    if (!graphFunction.empty() && func.getSymName() == graphFunction)
      return func;
    if (func.isPublic()) {
      candidates.push_back(func);
      names += (names.empty() ? "" : ", ") + func.getSymName().str();
    }
  }
  if (!graphFunction.empty())
    error = "no function '" + graphFunction + "' (public ones: " + names + ")";
  else if (candidates.size() == 1)
    return candidates.front();
  else if (candidates.empty())
    error = "the module has no function with a body";
  else
    error = "the module has several functions; choose one with --fn (" + names +
            ")";
  return {};
}

int runGraph() {
  StringRef extension = sys::path::extension(graphOutput);
  std::string format;
  if (extension == ".svg" || extension == ".png" || extension == ".pdf")
    format = extension.drop_front().str();
  else if (graphOutput != "-" && extension != ".dot" && extension != ".gv")
    return fail("-o " + graphOutput + ": write .dot, .gv, .svg, .png or .pdf");

  registerTFCPasses();
  registerTFCConversionPasses();
  registerTFCCodegenPasses();
  registerTfcPipelines();
  mlir::registerTransformsPasses();

  GraphImportOptions tensorflow;
  if (!tensorflowImportOptions("tfc graph", tensorflow))
    return EXIT_FAILURE;
  CommandContext command;
  mlir::MLIRContext &context = command.context;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      loadModel(context, graphInput, tensorflow, command.sourceMgr);
  if (!module)
    return EXIT_FAILURE;
  if (!graphAfter.empty()) {
    mlir::PassManager pm(&context);
    std::string message;
    raw_string_ostream errors(message);
    if (mlir::failed(mlir::parsePassPipeline(graphAfter, pm, errors)))
      return fail("--after " + graphAfter + ": " + message);
    if (mlir::failed(pm.run(*module)))
      return EXIT_FAILURE;
  }
  std::string error;
  mlir::func::FuncOp func = chooseFunction(*module, error);
  if (!func)
    return fail(error);

  if (format.empty()) {
    std::error_code ec;
    raw_fd_ostream os(graphOutput, ec);
    if (ec)
      return fail("cannot write " + graphOutput + ": " + ec.message());
    writeGraphDot(func, os);
    return EXIT_SUCCESS;
  }

  // Graphviz renders the DOT, written to a temporary file first.
  ErrorOr<std::string> dot = sys::findProgramByName("dot");
  if (!dot)
    return fail("writing " + graphOutput +
                " needs Graphviz's `dot` on PATH (Debian: apt-get install "
                "graphviz); -o graph.dot needs nothing");
  SmallString<128> dotPath;
  if (std::error_code ec =
          sys::fs::createTemporaryFile("tfc-graph", "dot", dotPath))
    return fail("cannot create a temporary file: " + ec.message());
  FileRemover removeDot(dotPath);
  {
    std::error_code ec;
    raw_fd_ostream os(dotPath, ec);
    if (ec)
      return fail("cannot write " + dotPath + ": " + ec.message());
    writeGraphDot(func, os);
  }
  std::string formatFlag = "-T" + format;
  SmallVector<StringRef> args = {*dot, formatFlag, dotPath, "-o", graphOutput};
  std::string message;
  int code = sys::ExecuteAndWait(*dot, args, std::nullopt, {}, 0, 0, &message);
  if (code != 0)
    return fail("Graphviz's dot failed on " + graphOutput +
                (message.empty() ? "" : ": " + message));
  return EXIT_SUCCESS;
}
