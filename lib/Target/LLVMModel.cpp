//===- LLVMModel.cpp - a model as an LLVM module --------------------------===//
//
// Translation to LLVM IR and the model ABI: packed entry points, metadata,
// constant data and the exported model structure.
//
//===----------------------------------------------------------------------===//

#include "tfc/Target/LLVMModel.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"
#include "tfc/runtime/abi.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"

#include <cstddef>

using namespace mlir;
using namespace mlir::tfc;

std::string mlir::tfc::modelSymbolName(StringRef modelName) {
  std::string symbol = TFC_MODEL_SYMBOL_PREFIX;
  for (char c : modelName)
    symbol.push_back(llvm::isAlnum(c) ? c : '_');
  return symbol;
}

/// Creates `void name(ptr args)` calling `callee` with args[0], args[1], ...:
/// one calling convention for every entry point, whatever its signature.
static llvm::Function *createPackedWrapper(llvm::Module &module,
                                           llvm::Function *callee,
                                           StringRef name) {
  llvm::LLVMContext &context = module.getContext();
  auto *ptrType = llvm::PointerType::get(context, 0);
  auto *type = llvm::FunctionType::get(llvm::Type::getVoidTy(context),
                                       {ptrType}, /*isVarArg=*/false);
  auto *wrapper = llvm::Function::Create(
      type, llvm::GlobalValue::InternalLinkage, name, module);
  llvm::IRBuilder<> builder(
      llvm::BasicBlock::Create(context, "entry", wrapper));
  SmallVector<llvm::Value *> args;
  for (auto [index, param] : llvm::enumerate(callee->args())) {
    llvm::Value *slot =
        builder.CreateConstGEP1_64(ptrType, wrapper->getArg(0), index);
    args.push_back(builder.CreateLoad(param.getType(), slot));
  }
  builder.CreateCall(callee, args);
  builder.CreateRetVoid();
  return wrapper;
}

/// A private constant holding `bytes`, 64-byte aligned.
static llvm::GlobalVariable *createBytes(llvm::Module &module, StringRef bytes,
                                         StringRef name, bool addNul) {
  auto *data =
      llvm::ConstantDataArray::getString(module.getContext(), bytes, addNul);
  auto *global = new llvm::GlobalVariable(
      module, data->getType(),
      /*isConstant=*/true, llvm::GlobalValue::PrivateLinkage, data, name);
  global->setAlignment(llvm::Align(64));
  return global;
}

/// Whether the address `value` (or anything computed from it) can outlive
/// one execution of its block: it reaches a phi, a select or a return, or
/// is stored into memory other than the stack. Then two executions of an
/// alloca could be live at once, and one slot would not do.
static bool mayOutliveIteration(llvm::Value *value,
                                llvm::SmallPtrSetImpl<llvm::Value *> &seen) {
  if (!seen.insert(value).second)
    return false;
  for (llvm::User *user : value->users()) {
    if (isa<llvm::PHINode, llvm::SelectInst, llvm::ReturnInst>(user))
      return true;
    if (auto *store = dyn_cast<llvm::StoreInst>(user)) {
      if (store->getValueOperand() == value &&
          !isa<llvm::AllocaInst>(
              llvm::getUnderlyingObject(store->getPointerOperand())))
        return true;
      continue;
    }
    // Loads and calls only use the address; anything else computes a new
    // value from it (descriptors, offsets, casts): follow that.
    if (isa<llvm::LoadInst, llvm::CallBase>(user))
      continue;
    if (mayOutliveIteration(user, seen))
      return true;
  }
  return false;
}

/// Moves every alloca of a constant size outside an entry block whose
/// address does not outlive its block's execution to the start of its
/// function's entry block. Such an alloca is dynamic: it grows the stack
/// each time it runs, and nothing is freed before the function returns.
/// The translation of gpu.launch_func puts each kernel launch's parameter
/// arrays at the launch, and vectorized loops keep their vector
/// temporaries in the loop body, so loops grew the stack per iteration
/// until it overflowed (a CUDA `while` loop after some ten thousand
/// iterations, a 5x5 convolution of [8,64,64,32] on one thread). One slot
/// per site is enough: cuLaunchKernel copies the parameters, and a
/// temporary dies with its iteration.
static void hoistStaticAllocas(llvm::Module &module) {
  for (llvm::Function &function : module) {
    if (function.isDeclaration())
      continue;
    llvm::BasicBlock &entry = function.getEntryBlock();
    SmallVector<llvm::AllocaInst *> allocas;
    for (llvm::BasicBlock &block : llvm::drop_begin(function))
      for (llvm::Instruction &instruction : block)
        if (auto *alloca = dyn_cast<llvm::AllocaInst>(&instruction)) {
          llvm::SmallPtrSet<llvm::Value *, 16> seen;
          if (isa<llvm::Constant>(alloca->getArraySize()) &&
              !mayOutliveIteration(alloca, seen))
            allocas.push_back(alloca);
        }
    for (llvm::AllocaInst *alloca : allocas)
      alloca->moveBefore(entry.getFirstInsertionPt());
  }
}

/// What one compiled function may put on the stack: compiled models run on
/// callers' threads, whose stacks may be small (256 KiB is common for
/// thread pools of other runtimes).
static constexpr uint64_t kMaxStackBytes = 64 * 1024;

/// Fails, naming the function, when a function's fixed-size stack slots
/// add up to more than kMaxStackBytes. (Larger temporaries belong in the
/// heap or the model's workspace.)
static LogicalResult checkStackUse(ModuleOp module, llvm::Module &llvmModule) {
  const llvm::DataLayout &layout = llvmModule.getDataLayout();
  for (llvm::Function &function : llvmModule) {
    uint64_t bytes = 0;
    for (llvm::Instruction &instruction : llvm::instructions(function))
      if (auto *alloca = dyn_cast<llvm::AllocaInst>(&instruction))
        if (std::optional<llvm::TypeSize> size =
                alloca->getAllocationSize(layout))
          bytes += size->getFixedValue();
    if (bytes <= kMaxStackBytes)
      continue;
    // Outlined OpenMP regions are named after their function.
    StringRef name = StringRef(function.getName()).split("..").first;
    Operation *source = module.lookupSymbol(name);
    return (source ? source : module.getOperation())->emitError()
           << "function '" << function.getName() << "' needs " << bytes
           << " bytes of stack, more than the " << kMaxStackBytes
           << " a compiled function may use";
  }
  return success();
}

/// Removes what only tfc reads: the variables' declarations (the variables
/// live in the runtime's store, with no LLVM counterpart) and tfc's own
/// argument and result annotations (the metadata has them now).
static void stripTfcAnnotations(ModuleOp module) {
  for (Operation &op : llvm::make_early_inc_range(*module.getBody()))
    if (isa<GlobalVariableOp, InitializerPlanOp>(op))
      op.erase();
  module.walk([](FunctionOpInterface func) {
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      for (NamedAttribute attr : func.getArgAttrs(i))
        if (attr.getName().strref().starts_with("tfc."))
          func.removeArgAttr(i, attr.getName());
    for (unsigned i = 0, e = func.getNumResults(); i < e; ++i)
      for (NamedAttribute attr : func.getResultAttrs(i))
        if (attr.getName().strref().starts_with("tfc."))
          func.removeResultAttr(i, attr.getName());
  });
}

/// Translates `module` with the dialect translations a model needs.
static std::unique_ptr<llvm::Module>
translateToLLVMIR(ModuleOp module, llvm::LLVMContext &context, StringRef name) {
  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  // CUDA models: gpu.binary is embedded and loaded by a global constructor.
  registerGPUDialectTranslation(registry);
  gpu::registerOffloadingLLVMTranslationInterfaceExternalModels(registry);
  module.getContext()->appendDialectRegistry(registry);
  return translateModuleToLLVMIR(module, context, name);
}

/// The table of the packed entry points, in the order of the model's.
static FailureOr<llvm::GlobalVariable *>
createFunctionTable(ModuleOp module, llvm::Module &llvmModule,
                    const ModelDescription &model) {
  auto *ptrType = llvm::PointerType::get(llvmModule.getContext(), 0);
  SmallVector<llvm::Constant *> functions;
  for (auto [index, entry] : llvm::enumerate(model.entryPoints)) {
    llvm::Function *callee =
        llvmModule.getFunction("_mlir_ciface_" + entry.name);
    if (!callee)
      return module.emitError("entry point '")
             << entry.name << "' has no C interface";
    functions.push_back(createPackedWrapper(
        llvmModule, callee, "__tfc_packed_" + std::to_string(index)));
  }
  auto *functionsType = llvm::ArrayType::get(ptrType, functions.size());
  return new llvm::GlobalVariable(
      llvmModule, functionsType, true, llvm::GlobalValue::PrivateLinkage,
      llvm::ConstantArray::get(functionsType, functions), "__tfc_functions");
}

/// The tables of the constant blobs and of their sizes.
static std::pair<llvm::GlobalVariable *, llvm::GlobalVariable *>
createBlobTables(llvm::Module &llvmModule, ArrayRef<std::string> blobs) {
  auto *ptrType = llvm::PointerType::get(llvmModule.getContext(), 0);
  auto *i64 = llvm::Type::getInt64Ty(llvmModule.getContext());
  SmallVector<llvm::Constant *> pointers, sizes;
  for (auto [index, bytes] : llvm::enumerate(blobs)) {
    pointers.push_back(createBytes(llvmModule, bytes,
                                   "__tfc_blob_" + std::to_string(index),
                                   /*addNul=*/false));
    sizes.push_back(llvm::ConstantInt::get(i64, bytes.size()));
  }
  auto *blobsType = llvm::ArrayType::get(ptrType, pointers.size());
  auto *blobTable = new llvm::GlobalVariable(
      llvmModule, blobsType, true, llvm::GlobalValue::PrivateLinkage,
      llvm::ConstantArray::get(blobsType, pointers), "__tfc_blobs");
  auto *sizesType = llvm::ArrayType::get(i64, sizes.size());
  auto *sizeTable = new llvm::GlobalVariable(
      llvmModule, sizesType, true, llvm::GlobalValue::PrivateLinkage,
      llvm::ConstantArray::get(sizesType, sizes), "__tfc_blob_sizes");
  return {blobTable, sizeTable};
}

/// The library's one export: the model structure, with the metadata and
/// the tables.
static void createModelStructure(llvm::Module &llvmModule,
                                 const ModelDescription &model,
                                 llvm::GlobalVariable *functionTable,
                                 llvm::GlobalVariable *blobTable,
                                 llvm::GlobalVariable *sizeTable) {
  llvm::LLVMContext &context = llvmModule.getContext();
  auto *ptrType = llvm::PointerType::get(context, 0);
  auto *i32 = llvm::Type::getInt32Ty(context);
  auto *i64 = llvm::Type::getInt64Ty(context);
  std::string metadata = model.toMetadata();
  llvm::GlobalVariable *metadataText =
      createBytes(llvmModule, metadata, "__tfc_metadata", /*addNul=*/true);

  // struct tfc_model_abi of tfc/runtime/abi.h, field by field: four i32,
  // then pointers and sizes. The offsets pin the order below to the header.
  static_assert(offsetof(tfc_model_abi, abi_version) == 0 &&
                    offsetof(tfc_model_abi, num_functions) == 4 &&
                    offsetof(tfc_model_abi, num_blobs) == 8 &&
                    offsetof(tfc_model_abi, reserved) == 12 &&
                    offsetof(tfc_model_abi, metadata) == 16 &&
                    offsetof(tfc_model_abi, metadata_size) == 24 &&
                    offsetof(tfc_model_abi, functions) == 32 &&
                    offsetof(tfc_model_abi, blobs) == 40 &&
                    offsetof(tfc_model_abi, blob_sizes) == 48 &&
                    sizeof(tfc_model_abi) == 56,
                "tfc_model_abi changed: update the structure built here");
  auto *abiType = llvm::StructType::create(
      context, {i32, i32, i32, i32, ptrType, i64, ptrType, ptrType, ptrType},
      "tfc_model_abi");
  llvm::Constant *abi = llvm::ConstantStruct::get(
      abiType, {llvm::ConstantInt::get(i32, TFC_MODEL_ABI_VERSION),
                llvm::ConstantInt::get(i32, model.entryPoints.size()),
                llvm::ConstantInt::get(i32, model.blobs.size()),
                llvm::ConstantInt::get(i32, 0), metadataText,
                llvm::ConstantInt::get(i64, metadata.size()), functionTable,
                blobTable, sizeTable});
  new llvm::GlobalVariable(llvmModule, abiType, true,
                           llvm::GlobalValue::ExternalLinkage, abi,
                           modelSymbolName(model.name));
}

FailureOr<std::unique_ptr<llvm::Module>>
mlir::tfc::translateModelToLLVM(ModuleOp module, const ModelDescription &model,
                                llvm::LLVMContext &context) {
  stripTfcAnnotations(module);
  std::unique_ptr<llvm::Module> llvmModule =
      translateToLLVMIR(module, context, model.name);
  if (!llvmModule)
    return module.emitError("translation to LLVM IR failed");
  hoistStaticAllocas(*llvmModule);
  if (failed(checkStackUse(module, *llvmModule)))
    return failure();

  // Everything the compiler made is internal; the model structure is the
  // library's only export.
  for (llvm::Function &function : *llvmModule)
    if (!function.isDeclaration())
      function.setLinkage(llvm::GlobalValue::InternalLinkage);

  FailureOr<llvm::GlobalVariable *> functionTable =
      createFunctionTable(module, *llvmModule, model);
  if (failed(functionTable))
    return failure();
  auto [blobTable, sizeTable] = createBlobTables(*llvmModule, model.blobs);
  createModelStructure(*llvmModule, model, *functionTable, blobTable,
                       sizeTable);
  return llvmModule;
}
