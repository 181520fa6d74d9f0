//===- ModelDescription.cpp - what a compiled model exposes ---------------===//
//
// Reads a model's reflection data off the module and writes it as the
// metadata text stored in the library.
//
//===----------------------------------------------------------------------===//

#include "tfc/Target/ModelDescription.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tfc;

std::string mlir::tfc::abiDTypeName(Type type) {
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return "f32";
  if (type.isF64())
    return "f64";
  if (type.isInteger(1))
    return "bool";
  if (type.isInteger(8))
    return "i8";
  if (type.isInteger(32))
    return "i32";
  if (type.isInteger(64))
    return "i64";
  return "";
}

int64_t mlir::tfc::defaultSeed(StringRef variableName) {
  // FNV-1a, folded to a positive 31-bit value.
  uint64_t hash = 1469598103934665603ull;
  for (char c : variableName) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;
  }
  return static_cast<int64_t>((hash ^ (hash >> 32)) & 0x7fffffff);
}

/// The signature of a function argument or result of tensor (or memref)
/// type.
static FailureOr<TensorSignature> signatureOf(Location loc, Type type,
                                              std::string name) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank())
    return emitError(loc, "entry point values must be ranked tensors, got ")
           << type;
  std::string dtype = abiDTypeName(shaped.getElementType());
  if (dtype.empty())
    return emitError(loc, "entry point values cannot have element type ")
           << shaped.getElementType();
  TensorSignature signature{std::move(name), dtype, {}};
  for (int64_t dim : shaped.getShape())
    signature.shape.push_back(ShapedType::isDynamic(dim) ? -1 : dim);
  return signature;
}

/// Appends the little-endian bytes of every element of `value`.
static void appendElementBytes(DenseElementsAttr value, std::string &bytes) {
  Type elementType = value.getElementType();
  auto appendInt = [&](const APInt &bits, unsigned byteWidth) {
    for (unsigned i = 0; i < byteWidth; ++i)
      bytes.push_back(
          static_cast<char>(bits.extractBitsAsZExtValue(8, i * 8)));
  };
  if (isa<FloatType>(elementType)) {
    unsigned width = elementType.getIntOrFloatBitWidth() / 8;
    for (const APFloat &element : value.getValues<APFloat>())
      appendInt(element.bitcastToAPInt(), width);
    return;
  }
  unsigned width = std::max(1u, elementType.getIntOrFloatBitWidth() / 8);
  for (const APInt &element : value.getValues<APInt>())
    appendInt(element.zextOrTrunc(width * 8), width);
}

/// Describes how the runtime initializes `global`.
static InitializerDescription
describeInitializer(GlobalVariableOp global, ModelDescription &model,
                    const llvm::StringMap<int64_t> &entryIndex) {
  InitializerDescription init;
  std::string name = global.getSymName().str();
  if (auto function = global.getInitializerFunctionAttr()) {
    init.kind = "function";
    init.function = entryIndex.lookup(function.getValue());
    return init;
  }
  Attribute attr = *global.getInitializer();
  auto seedOr = [&](std::optional<int64_t> seed) {
    return seed ? *seed : defaultSeed(name);
  };
  if (isa<ZerosAttr>(attr)) {
    init.kind = "zeros";
  } else if (isa<OnesAttr>(attr)) {
    init.kind = "ones";
  } else if (auto constant = dyn_cast<ConstantInitAttr>(attr)) {
    init.kind = "constant";
    DenseElementsAttr value = constant.getValue();
    init.splat = value.isSplat() || value.getNumElements() == 1;
    std::string bytes;
    if (init.splat)
      appendElementBytes(DenseElementsAttr::get(
                             RankedTensorType::get({}, value.getElementType()),
                             value.getValues<Attribute>()[0]),
                         bytes);
    else
      appendElementBytes(value, bytes);
    init.blob = model.blobs.size();
    model.blobs.push_back(std::move(bytes));
  } else if (auto normal = dyn_cast<RandomNormalAttr>(attr)) {
    init.kind = "random_normal";
    init.parameters = {normal.getMean().convertToDouble(),
                       normal.getStddev().convertToDouble()};
    init.seed = seedOr(normal.getSeed());
  } else if (auto truncated = dyn_cast<TruncatedNormalAttr>(attr)) {
    init.kind = "truncated_normal";
    init.parameters = {truncated.getMean().convertToDouble(),
                       truncated.getStddev().convertToDouble()};
    init.seed = seedOr(truncated.getSeed());
  } else if (auto uniform = dyn_cast<RandomUniformAttr>(attr)) {
    init.kind = "random_uniform";
    init.parameters = {uniform.getMinval().convertToDouble(),
                       uniform.getMaxval().convertToDouble()};
    init.seed = seedOr(uniform.getSeed());
  } else if (auto glorot = dyn_cast<GlorotUniformAttr>(attr)) {
    init.kind = "glorot_uniform";
    init.seed = seedOr(glorot.getSeed());
  }
  return init;
}

FailureOr<ModelDescription> mlir::tfc::describeModel(ModuleOp module,
                                                     StringRef name) {
  ModelDescription model;
  model.name = name.str();

  llvm::StringSet<> initializerFunctions;
  for (auto global : module.getOps<GlobalVariableOp>())
    if (auto function = global.getInitializerFunctionAttr())
      initializerFunctions.insert(function.getValue());

  llvm::StringMap<int64_t> entryIndex;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!func->hasAttr(kEntryPointAttrName))
      continue;
    EntryPointDescription entry;
    entry.name = func.getSymName().str();
    entry.isInitializer = initializerFunctions.contains(func.getSymName());
    entry.writesVariables = func->hasAttr(kWritesVariablesAttrName);
    unsigned numVariables = 0;
    if (auto variables = func->getAttrOfType<ArrayAttr>(kVariablesAttrName)) {
      numVariables = variables.size();
      for (auto ref : variables.getAsRange<FlatSymbolRefAttr>())
        entry.variables.push_back(ref.getValue().str());
    }
    FunctionType type = func.getFunctionType();
    for (unsigned i = 0, e = type.getNumInputs() - numVariables; i < e; ++i) {
      std::string argName = "arg" + std::to_string(i);
      if (auto given = func.getArgAttrOfType<StringAttr>(i, kNameAttrName))
        argName = given.str();
      FailureOr<TensorSignature> signature =
          signatureOf(func.getLoc(), type.getInput(i), argName);
      if (failed(signature))
        return failure();
      // A TensorFlow string (a fed checkpoint path) travels as its bytes.
      if (func.getArgAttr(i, kStringArgAttrName)) {
        if (signature->dtype != "i8" || signature->shape.size() != 1 ||
            signature->shape[0] != -1)
          return emitError(func.getLoc(), "string argument '")
                 << argName << "' must be a tensor<?xi8>";
        signature->dtype = "string";
      }
      entry.arguments.push_back(*signature);
    }
    for (unsigned i = 0, e = type.getNumResults(); i < e; ++i) {
      std::string resultName = "output" + std::to_string(i);
      if (auto given = func.getResultAttrOfType<StringAttr>(i, kNameAttrName))
        resultName = given.str();
      FailureOr<TensorSignature> signature =
          signatureOf(func.getLoc(), type.getResult(i), resultName);
      if (failed(signature))
        return failure();
      entry.results.push_back(*signature);
    }
    entryIndex[entry.name] = model.entryPoints.size();
    model.entryPoints.push_back(std::move(entry));
  }

  for (auto global : module.getOps<GlobalVariableOp>()) {
    VariableDescription variable;
    variable.name = global.getSymName().str();
    auto type = cast<RankedTensorType>(global.getValueType());
    variable.dtype = abiDTypeName(type.getElementType());
    variable.shape = llvm::to_vector(type.getShape());
    for (StringRef collection :
         global.getCollections().getAsValueRange<StringAttr>())
      variable.collections.push_back(collection.str());
    if (auto device = global.getDevice())
      variable.device = device->str();
    variable.initializer = describeInitializer(global, model, entryIndex);
    model.variables.push_back(std::move(variable));
  }

  for (auto plan : module.getOps<InitializerPlanOp>()) {
    InitializerPlanDescription description{plan.getCollection().str(), {}};
    for (auto ref : plan.getVariables().getAsRange<FlatSymbolRefAttr>())
      description.variables.push_back(ref.getValue().str());
    model.plans.push_back(std::move(description));
  }
  return model;
}

static void writeSignature(llvm::raw_ostream &os, const TensorSignature &s) {
  os << ' ' << s.name << ' ' << s.dtype << ' ' << s.shape.size();
  for (int64_t dim : s.shape)
    os << ' ' << dim;
}

LogicalResult mlir::tfc::describePackedVariables(ModuleOp module,
                                                 ModelDescription &model) {
  auto entries =
      module->getAttrOfType<DictionaryAttr>(kPackedVariablesAttrName);
  if (!entries)
    return success();
  for (NamedAttribute entry : entries) {
    auto it =
        llvm::find_if(model.entryPoints, [&](const EntryPointDescription &e) {
          return e.name == entry.getName().strref();
        });
    if (it == model.entryPoints.end())
      return module.emitError("packed variables of an unknown entry point '")
             << entry.getName().strref() << "'";
    for (auto view : cast<ArrayAttr>(entry.getValue()).getAsRange<ArrayAttr>())
      it->packedVariables.emplace_back(
          cast<FlatSymbolRefAttr>(view[0]).getValue().str(),
          cast<IntegerAttr>(view[1]).getInt());
  }
  return success();
}

std::string ModelDescription::toMetadata() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "tfc-model 1\n";
  os << "model " << name << '\n';
  if (!target.empty())
    os << "target " << target << '\n';
  for (const VariableDescription &v : variables) {
    os << "variable " << v.name << ' ' << v.dtype << ' ' << v.shape.size();
    for (int64_t dim : v.shape)
      os << ' ' << dim;
    os << " collections " << v.collections.size();
    for (const std::string &c : v.collections)
      os << ' ' << c;
    os << " device " << (v.device.empty() ? "-" : v.device);
    const InitializerDescription &init = v.initializer;
    os << " init " << init.kind;
    if (init.kind == "constant")
      os << ' ' << init.blob << ' ' << (init.splat ? "splat" : "dense");
    else if (init.kind == "function")
      os << ' ' << init.function;
    for (double p : init.parameters)
      os << ' ' << llvm::format("%.17g", p);
    if (init.kind.find("random") != std::string::npos ||
        init.kind == "truncated_normal" || init.kind == "glorot_uniform")
      os << ' ' << init.seed;
    os << '\n';
  }
  for (auto [index, e] : llvm::enumerate(entryPoints)) {
    os << "entry " << e.name << ' ' << index << ' '
       << (e.isInitializer ? "initializer" : "public") << ' '
       << (e.writesVariables ? "writes" : "reads") << " args "
       << e.arguments.size();
    for (const TensorSignature &s : e.arguments)
      writeSignature(os, s);
    os << " results " << e.results.size();
    for (const TensorSignature &s : e.results)
      writeSignature(os, s);
    os << " variables " << e.variables.size();
    for (const std::string &v : e.variables)
      os << ' ' << v;
    os << '\n';
    // A line of its own: a runtime that does not know packed copies fails
    // on it with a message instead of calling without them.
    if (!e.packedVariables.empty()) {
      os << "packed " << e.name << ' ' << e.packedVariables.size();
      for (const auto &[variable, panel] : e.packedVariables)
        os << ' ' << variable << ' ' << panel;
      os << '\n';
    }
  }
  for (const InitializerPlanDescription &plan : plans) {
    os << "plan " << plan.collection << ' ' << plan.variables.size();
    for (const std::string &v : plan.variables)
      os << ' ' << v;
    os << '\n';
  }
  os << "end\n";
  return text;
}
