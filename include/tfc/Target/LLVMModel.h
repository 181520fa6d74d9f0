//===- LLVMModel.h - a model as an LLVM module ------------------*- C++ -*-===//
//
// Translates a model lowered to the LLVM dialect into an llvm::Module that
// carries the model ABI: one packed function per entry point, the metadata
// text, constant initializer data, and the exported `tfc_model_<name>`
// structure the runtime loads (see docs/model-abi.md).
//
//===----------------------------------------------------------------------===//

#ifndef TFC_TARGET_LLVMMODEL_H
#define TFC_TARGET_LLVMMODEL_H

#include "tfc/Target/ModelDescription.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

namespace mlir::tfc {

/// The exported symbol of a model: `tfc_model_` and the model name.
std::string modelSymbolName(StringRef modelName);

/// Translates `module` (LLVM dialect, plus the tfc variable declarations,
/// which are dropped) and adds the model ABI described by `model`.
FailureOr<std::unique_ptr<llvm::Module>>
translateModelToLLVM(ModuleOp module, const ModelDescription &model,
                     llvm::LLVMContext &context);

struct TargetOptions {
  /// `host` for the CPU tfc runs on, or an LLVM CPU name.
  std::string cpu = "host";
  /// LLVM target features (`+avx512f,-avx512bw`); with `host`, the host's
  /// features are the default.
  std::string features;
  unsigned optLevel = 2;
};

/// Optimizes `module` at `options.optLevel` and writes an object file for
/// `options.cpu`.
LogicalResult emitObjectFile(llvm::Module &module, const TargetOptions &options,
                             llvm::raw_pwrite_stream &os, std::string &error);

/// Optimizes `module` like emitObjectFile, then splits it into one part per
/// stream and writes the parts' object files in parallel, one thread each.
/// The objects together define what the module defines.
LogicalResult emitObjectFiles(llvm::Module &module,
                              const TargetOptions &options,
                              ArrayRef<llvm::raw_pwrite_stream *> streams,
                              std::string &error);

} // namespace mlir::tfc

#endif // TFC_TARGET_LLVMMODEL_H
