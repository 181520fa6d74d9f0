//===- tfc-translate.cpp - translations into and out of tfc ---------------===//
//
// mlir-translate for tfc: `--import-graphdef` reads a TensorFlow GraphDef,
// MetaGraphDef or SavedModel file and prints the tfc module.
//
//===----------------------------------------------------------------------===//

#include "tfc/Target/GraphDef/Import.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::tfc::registerGraphDefTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "tfc translation tool"));
}
