//===- Commands.h - tfc's subcommands kept in their own files ---*- C++ -*-===//
//
// tfc.cpp parses most subcommands; the ones in other files of this
// directory declare here what main needs of them.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_TOOLS_TFC_COMMANDS_H
#define TFC_TOOLS_TFC_COMMANDS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

namespace mlir::tfc {
struct GraphImportOptions;
} // namespace mlir::tfc

/// The compiler's context for a command that reads a model: every dialect
/// tfc uses, and diagnostics printed at the user's source (the IR at that
/// moment is noise).
struct CommandContext {
  CommandContext();

  mlir::MLIRContext context;
  llvm::SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler diagnostics;
};

/// The category of tfc's own options (--help shows only these).
extern llvm::cl::OptionCategory tfcCategory;

/// `tfc bench` (BenchCommand.cpp).
extern llvm::cl::SubCommand benchCommand;
int runBench();

/// `tfc graph` (GraphCommand.cpp). A function, so that options of other
/// files can name the subcommand during static initialization.
llvm::cl::SubCommand &graphCommand();
int runGraph();

/// The TensorFlow import options (--feed, --fetch, --run-target, --entry,
/// --tags, --config) of `tfc compile`, `tfc import` and `tfc graph`
/// (tfc.cpp); false after reporting a bad one, prefixed with `command`.
bool tensorflowImportOptions(const char *command,
                             mlir::tfc::GraphImportOptions &options);

#endif // TFC_TOOLS_TFC_COMMANDS_H
