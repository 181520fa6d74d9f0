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
#include "llvm/TargetParser/Triple.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir::tfc {

/// The exported symbol of a model: `tfc_model_` and the model name.
std::string modelSymbolName(StringRef modelName);

/// Translates `module` (LLVM dialect, plus the tfc variable declarations,
/// which are dropped) and adds the model ABI described by `model`.
FailureOr<std::unique_ptr<llvm::Module>>
translateModelToLLVM(ModuleOp module, const ModelDescription &model,
                     llvm::LLVMContext &context);

struct TargetOptions {
  /// The target triple (`aarch64-linux-gnu`); empty for the host's.
  std::string triple;
  /// `host` for the CPU tfc runs on, or an LLVM CPU name. When the triple
  /// is another architecture's, `host` stands for its generic CPU.
  std::string cpu = "host";
  /// LLVM target features (`+avx512f,-avx512bw`); with `host`, the host's
  /// features are the default.
  std::string features;
  unsigned optLevel = 2;

  /// The triple code is generated for, normalized.
  llvm::Triple getTriple() const;
  /// Whether the code is for another architecture than the host's.
  bool isCrossCompiling() const;
  /// The Debian multiarch name of the triple (`aarch64-linux-gnu`): the
  /// directory under the runtime's where a cross-built runtime lives.
  std::string getMultiarchName() const;
};

/// The LLVM CPU name and feature list the object file of `options` is
/// compiled for: the host's for `host` on the host's architecture, the
/// architecture's generic CPU on another.
std::pair<std::string, std::string>
resolveTargetCPU(const TargetOptions &options);

/// Every feature the CPU of `options` has, as LLVM names them (`avx2`,
/// `neon`), with what they imply; the list a library stores so that loading
/// it on a CPU without one of them fails cleanly (docs/model-abi.md).
FailureOr<std::vector<std::string>>
getTargetCPUFeatures(const TargetOptions &options, std::string &error);

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
