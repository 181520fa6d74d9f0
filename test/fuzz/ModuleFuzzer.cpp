//===- ModuleFuzzer.cpp - fuzz the IR parser and the CPU pipeline ---------===//
//
// Input: the text of a module. The parser and verifier must report bad
// text as diagnostics; a module that verifies then goes through what `tfc
// compile` runs up to the LLVM dialect (tfc-cpu-pipeline at -O1), which
// must report what it cannot compile, never crash.
//
//===----------------------------------------------------------------------===//

#include "tfc/Pipelines/Pipelines.h"
#include "tfc/Driver/Compiler.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const mlir::DialectRegistry *registry = [] {
    auto *registry = new mlir::DialectRegistry;
    mlir::tfc::registerCompilerDialects(*registry);
    return registry;
  }();
  mlir::MLIRContext context(*registry,
                            mlir::MLIRContext::Threading::DISABLED);
  mlir::ScopedDiagnosticHandler quiet(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });
  // A copy: null-terminated, and not null for an empty input.
  std::string text(reinterpret_cast<const char *>(data), size);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, &context);
  if (!module || mlir::failed(mlir::verify(*module)))
    return 0;
  mlir::PassManager pm(&context);
  mlir::tfc::TfcPipelineOptions options;
  options.optLevel = 1;
  options.cpu = "x86-64-v3";
  mlir::tfc::buildTfcCPUPipeline(pm, options);
  (void)pm.run(*module);
  return 0;
}
