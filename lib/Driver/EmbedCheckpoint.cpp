//===- EmbedCheckpoint.cpp - variables initialized from a checkpoint ------===//
//
// The checkpoint is read by the runtime's own reader, through a store that
// holds the module's variables: the same checks (checksums, dtypes,
// shapes, all or nothing) as `tfc run --restore`, at compile time.
//
//===----------------------------------------------------------------------===//

#include "tfc/Driver/EmbedCheckpoint.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"
#include "tfc/runtime.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstring>
#include <memory>

using namespace mlir;
using namespace mlir::tfc;

std::string mlir::tfc::resolveCheckpointPath(StringRef path) {
  if (!llvm::sys::fs::is_directory(path))
    return path.str();
  SmallString<256> savedModel(path);
  llvm::sys::path::append(savedModel, "variables", "variables.index");
  if (llvm::sys::fs::exists(savedModel))
    return savedModel.str().drop_back(strlen(".index")).str();
  SmallString<256> variables(path);
  llvm::sys::path::append(variables, "variables.index");
  if (llvm::sys::fs::exists(variables))
    return variables.str().drop_back(strlen(".index")).str();
  return path.str();
}

/// The runtime's dtype of an element type; TFC_DTYPE_INVALID otherwise.
static tfc_dtype runtimeDtype(Type type) {
  if (type.isF16())
    return TFC_F16;
  if (type.isBF16())
    return TFC_BF16;
  if (type.isF32())
    return TFC_F32;
  if (type.isF64())
    return TFC_F64;
  if (type.isInteger(1))
    return TFC_BOOL;
  if (type.isInteger(8))
    return TFC_I8;
  if (type.isInteger(32))
    return TFC_I32;
  if (type.isInteger(64))
    return TFC_I64;
  return TFC_DTYPE_INVALID;
}

/// A variable's value as an attribute. Bools are one byte each in the
/// store and go through `bool`s; other types have the same bytes.
static DenseElementsAttr valueAttr(RankedTensorType type,
                                   const tfc_variable *var) {
  const char *data = static_cast<const char *>(tfc_variable_data(var));
  int64_t bytes = tfc_variable_byte_size(var);
  if (type.getElementType().isInteger(1)) {
    SmallVector<bool> values(data, data + bytes);
    return DenseElementsAttr::get(type, ArrayRef<bool>(values));
  }
  return DenseElementsAttr::getFromRawBuffer(type, ArrayRef<char>(data, bytes));
}

LogicalResult mlir::tfc::embedCheckpoint(ModuleOp module, StringRef path) {
  std::string prefix = resolveCheckpointPath(path);
  SmallVector<GlobalVariableOp> globals(module.getOps<GlobalVariableOp>());
  if (globals.empty())
    return module.emitError("--embed-checkpoint: the model has no "
                            "variables (tfc.global_variable) to initialize");

  std::unique_ptr<tfc_status, void (*)(tfc_status *)> status(
      tfc_status_create(), tfc_status_destroy);
  std::unique_ptr<tfc_store, void (*)(tfc_store *)> store(
      tfc_store_create(status.get()), tfc_store_release);
  if (!store)
    return module.emitError("--embed-checkpoint: ")
           << tfc_status_message(status.get());
  for (GlobalVariableOp global : globals) {
    auto type = dyn_cast<RankedTensorType>(global.getValueType());
    tfc_dtype dtype = type ? runtimeDtype(type.getElementType())
                           : TFC_DTYPE_INVALID;
    if (dtype == TFC_DTYPE_INVALID || !type.hasStaticShape())
      return global.emitOpError("cannot be initialized from a checkpoint: "
                                "its type ")
             << global.getValueType() << " is not a static tensor";
    std::string name = global.getSymName().str();
    tfc_variable_desc desc{};
    desc.name = name.c_str();
    desc.dtype = dtype;
    desc.rank = type.getRank();
    desc.shape = type.getShape().data();
    if (!tfc_store_register(store.get(), &desc, status.get()))
      return global.emitOpError() << tfc_status_message(status.get());
  }
  if (tfc_store_restore(store.get(), prefix.c_str(), status.get()) != TFC_OK)
    return module.emitError("--embed-checkpoint: ")
           << tfc_status_message(status.get());

  MLIRContext *context = module.getContext();
  for (GlobalVariableOp global : globals) {
    std::string name = global.getSymName().str();
    tfc_variable *var = tfc_store_find(store.get(), name.c_str(), nullptr);
    auto type = cast<RankedTensorType>(global.getValueType());
    global->setAttr(global.getInitializerAttrName(),
                    ConstantInitAttr::get(context, valueAttr(type, var)));
    global.removeInitializerFunctionAttr();
    Region &region = global.getInitialValue();
    region.dropAllReferences();
    region.getBlocks().clear();
  }
  return success();
}
