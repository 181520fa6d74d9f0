//===- CheckModule.cpp - a checked function and its gradient --------------===//
//
// Turns a function into the entry point gradient checking calls: the same
// graph, also taking a `dy` argument, returning its first result y and,
// through tfc.gradients seeded with dy, the gradients of its float arguments
// and of the float variables it reads. Keeping one copy of the graph keeps
// the op names of diagnostics those of the program.
//
//===----------------------------------------------------------------------===//

#include "tfc/GradientCheck/GradientCheck.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::tfc;

static bool isFloatTensor(Type type) {
  auto tensor = dyn_cast<TensorType>(type);
  return tensor && isa<FloatType>(tensor.getElementType());
}

/// The graph that is `func`'s body: `tfc.graph` then `return` of its results.
static GraphOp graphOf(func::FuncOp func) {
  if (func.isExternal() || !func.getBody().hasOneBlock())
    return {};
  Block &block = func.getBody().front();
  if (block.getOperations().size() != 2)
    return {};
  return dyn_cast<GraphOp>(block.front());
}

/// The function to check, if it is one: its body a graph whose results it
/// returns, a float tensor first, and no variable assigned.
static FailureOr<func::FuncOp> getCheckedFunction(ModuleOp module,
                                                  StringRef function) {
  auto func = module.lookupSymbol<func::FuncOp>(function);
  if (!func)
    return module.emitError("no function '") << function << "' to check";
  GraphOp graph = graphOf(func);
  if (!graph)
    return func.emitError("a checked function's body must be a "
                          "tfc.graph whose results it returns");
  if (func.getNumResults() == 0 ||
      !isFloatTensor(func.getResultTypes().front()))
    return func.emitError("a checked function returns a float tensor "
                          "first (the y of compute_gradient_error)");
  WalkResult assigns = func.walk([](Operation *op) {
    return isa<AssignOp, AssignAddOp, AssignSubOp, MinimizeOp>(op)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  if (assigns.wasInterrupted())
    return func.emitError("check-gradients needs a function that does "
                          "not assign variables (a loss, not a step)");
  auto ret = cast<func::ReturnOp>(func.getBody().front().back());
  if (cast<OpResult>(ret.getOperand(0)).getOwner() != graph)
    return func.emitError("the first result must be fetched from the "
                          "graph");
  return func;
}

/// What the check differentiates by: the float arguments, then the float
/// variables the graph reads, by symbol; `xs` gets the values to pass to
/// tfc.gradients in the same order.
static std::vector<CheckedInput>
getCheckedInputs(func::FuncOp func, GraphOp graph, SmallVectorImpl<Value> &xs) {
  std::vector<CheckedInput> inputs;
  for (BlockArgument arg : func.getArguments()) {
    if (!isFloatTensor(arg.getType()))
      continue;
    CheckedInput &input = inputs.emplace_back();
    input.argument = arg.getArgNumber();
    auto name =
        func.getArgAttrOfType<StringAttr>(arg.getArgNumber(), kNameAttrName);
    input.name = name ? name.str() : "arg" + std::to_string(input.argument);
    xs.push_back(arg);
  }
  llvm::MapVector<StringAttr, Value> variables;
  graph.walk([&](ReadOp read) {
    auto handle = read.getVar().getDefiningOp<VarHandleOp>();
    if (handle &&
        isFloatTensor(cast<VarType>(read.getVar().getType()).getValueType()))
      variables.insert({handle.getVariableAttr().getAttr(), read.getVar()});
  });
  for (auto &[symbol, handle] : variables) {
    inputs.push_back({symbol.str(), /*isVariable=*/true, 0});
    xs.push_back(handle);
  }
  return inputs;
}

FailureOr<std::vector<CheckedInput>>
mlir::tfc::addGradientsToFunction(ModuleOp module, StringRef function) {
  FailureOr<func::FuncOp> checked = getCheckedFunction(module, function);
  if (failed(checked))
    return failure();
  func::FuncOp func = *checked;
  GraphOp graph = graphOf(func);
  auto ret = cast<func::ReturnOp>(func.getBody().front().back());
  auto yResult = cast<OpResult>(ret.getOperand(0));
  FetchOp fetch = graph.getFetch();
  Value y = fetch.getFetches()[yResult.getResultNumber()];
  Location loc = func.getLoc();

  SmallVector<Value> xs;
  std::vector<CheckedInput> inputs = getCheckedInputs(func, graph, xs);
  if (xs.empty())
    return func.emitError("has no float argument and reads no float "
                          "variable to check");

  // The seed argument; y and the gradients become the graph's fetches.
  unsigned dyIndex = func.getNumArguments();
  if (failed(func.insertArgument(dyIndex, y.getType(), {}, loc)))
    return failure();
  OpBuilder builder(fetch);
  auto gradients =
      GradientsOp::create(builder, loc, y, xs, func.getArgument(dyIndex));
  SmallVector<Value> fetches = {y};
  llvm::append_range(fetches, gradients.getResults());
  FetchOp::create(builder, loc, fetches, ValueRange());
  fetch->erase();

  TypeRange types = ValueRange(fetches).getTypes();
  builder.setInsertionPoint(graph);
  auto newGraph = GraphOp::create(builder, loc, types);
  newGraph.getBody().takeBody(graph.getBody());
  builder.setInsertionPoint(ret);
  func::ReturnOp::create(builder, loc, newGraph.getResults());
  ret->erase();
  graph->erase();
  func.removeResAttrsAttr();
  func.setFunctionType(builder.getFunctionType(func.getArgumentTypes(), types));
  return inputs;
}
