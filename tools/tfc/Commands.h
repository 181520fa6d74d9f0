//===- Commands.h - tfc's subcommands kept in their own files ---*- C++ -*-===//
//
// tfc.cpp parses most subcommands; the ones in other files of this
// directory declare here what main needs of them.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_TOOLS_TFC_COMMANDS_H
#define TFC_TOOLS_TFC_COMMANDS_H

#include "llvm/Support/CommandLine.h"

/// The category of tfc's own options (--help shows only these).
extern llvm::cl::OptionCategory tfcCategory;

/// `tfc bench` (BenchCommand.cpp).
extern llvm::cl::SubCommand benchCommand;
int runBench();

/// `tfc graph` (GraphCommand.cpp).
extern llvm::cl::SubCommand graphCommand;
int runGraph();

#endif // TFC_TOOLS_TFC_COMMANDS_H
