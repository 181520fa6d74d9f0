//===- TFNames.cpp - TensorFlow's op and scope names ----------------------===//
//
// Unique names, valid names, default op names and TensorFlow's spelling of
// shapes in messages.
//
//===----------------------------------------------------------------------===//

#include "TFNames.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tfc;

std::string NameRegistry::makeUnique(StringRef name) {
  std::string key = name.lower();
  unsigned count = namesInUse[key]++;
  if (count == 0)
    return name.str();
  // As Graph.unique_name: try name_<count>, name_<count+1>, ... and mark the
  // composed name too, so a later explicit "name_1" is made unique as well.
  std::string candidateKey;
  do {
    candidateKey = key + "_" + std::to_string(count++);
  } while (namesInUse.count(candidateKey));
  namesInUse[candidateKey] = 1;
  return name.str() + "_" + std::to_string(count - 1);
}

void NameRegistry::markUsed(StringRef name) { ++namesInUse[name.lower()]; }

void VariableScopeCounts::closeSubscopes(StringRef scope) {
  std::string prefix = (scope + "/").str();
  for (auto &entry : counts)
    if (entry.getKey().starts_with(prefix))
      entry.setValue(0);
}

std::string VariableScopeCounts::makeUnique(StringRef parent,
                                            StringRef prefix) const {
  std::string name = joinScope(parent, prefix);
  if (count(name) == 0)
    return prefix.str();
  unsigned index = 1;
  while (count(name + "_" + std::to_string(index)) > 0)
    ++index;
  return prefix.str() + "_" + std::to_string(index);
}

std::string mlir::tfc::joinScope(StringRef scope, StringRef name) {
  if (scope.empty())
    return name.str();
  return (scope + "/" + name).str();
}

bool mlir::tfc::isValidScopeName(StringRef name, StringRef current) {
  auto isNameChar = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '.' || c == '-' || c == '/';
  };
  if (name.empty())
    return true;
  // Names opened at the root become node names, whose first character is
  // more constrained than that of a name inside a scope.
  if (current.empty() && !(llvm::isAlnum(name.front()) || name.front() == '.'))
    return false;
  return llvm::all_of(name, isNameChar);
}

StringRef mlir::tfc::lastComponent(StringRef name) {
  return name.rsplit('/').second.empty() ? name : name.rsplit('/').second;
}

std::string mlir::tfc::defaultTFName(Operation *op) {
  // The names TensorFlow's Python API gives: operators use the lower-case
  // Python names (`a + b` is "add"), other ops their op type.
  static const llvm::StringMap<StringRef> names = {
      {"tfc.add", "add"},
      {"tfc.sub", "sub"},
      {"tfc.mul", "mul"},
      {"tfc.div", "truediv"},
      {"tfc.floordiv", "floordiv"},
      {"tfc.mod", "mod"},
      {"tfc.pow", "pow"},
      {"tfc.neg", "Neg"},
      {"tfc.constant", "Const"},
      {"tfc.matmul", "MatMul"},
      {"tfc.conv2d", "Conv2D"},
      {"tfc.conv2d_backprop_input", "Conv2DBackpropInput"},
      {"tfc.conv2d_backprop_filter", "Conv2DBackpropFilter"},
      {"tfc.reduce_sum", "Sum"},
      {"tfc.reduce_mean", "Mean"},
      {"tfc.reduce_max", "Max"},
      {"tfc.reduce_min", "Min"},
      {"tfc.reduce_prod", "Prod"},
      {"tfc.reduce_any", "Any"},
      {"tfc.reduce_all", "All"},
      {"tfc.transpose", "transpose"},
      {"tfc.read", "read"},
      {"tfc.assign", "Assign"},
      {"tfc.assign_add", "AssignAdd"},
      {"tfc.assign_sub", "AssignSub"},
  };
  StringRef opName = op->getName().getStringRef();
  auto it = names.find(opName);
  if (it != names.end())
    return it->second.str();
  // Otherwise the op type in TensorFlow's CamelCase: tfc.logical_not ->
  // LogicalNot, tfc.relu -> Relu.
  StringRef base = opName.split('.').second;
  if (base.empty())
    base = opName;
  return llvm::convertToCamelFromSnakeCase(base, /*capitalizeFirst=*/true);
}

std::string mlir::tfc::formatShapeTuple(Type tensorType) {
  auto ranked = dyn_cast<RankedTensorType>(tensorType);
  if (!ranked)
    return "<unknown>";
  std::string text = "(";
  llvm::raw_string_ostream os(text);
  for (auto [index, dim] : llvm::enumerate(ranked.getShape())) {
    if (index > 0)
      os << ", ";
    if (ShapedType::isDynamic(dim))
      os << '?';
    else
      os << dim;
  }
  if (ranked.getRank() == 1)
    os << ',';
  os << ')';
  return text;
}
