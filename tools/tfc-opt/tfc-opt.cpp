//===- tfc-opt.cpp - the tfc optimizer driver -----------------------------===//
//
// mlir-opt with the tfc dialect and passes, plus every upstream dialect,
// extension and pass the tfc pipelines use.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/Passes.h"
#include "tfc/Conversion/Passes.h"
#include "tfc/Dialect/TFC/IR/TFCDialect.h"
#include "tfc/Dialect/TFC/Transforms/Gradients.h"
#include "tfc/Dialect/TFC/Transforms/Passes.h"
#include "tfc/Pipelines/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::tfc::registerTFCPasses();
  mlir::tfc::registerTFCConversionPasses();
  mlir::tfc::registerTFCCodegenPasses();
  mlir::tfc::registerTfcPipelines();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary translates kernels to LLVM IR.
  mlir::registerAllToLLVMIRTranslations(registry);
  registry.insert<mlir::tfc::TFCDialect>();
  mlir::tfc::registerDifferentiableOpInterfaceExternalModels(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "tfc optimizer driver: runs tfc and MLIR passes on a module",
      registry));
}
