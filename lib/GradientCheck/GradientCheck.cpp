//===- GradientCheck.cpp - finite-difference gradient checking ------------===//
//
// tfc check-gradients: compiles a function together with its gradients,
// runs it through the runtime, and compares the symbolic Jacobian (one call
// per output element, seeded with a one-hot dy) with central differences
// (two calls per input element), as compute_gradient_error.
//
//===----------------------------------------------------------------------===//

#include "tfc/GradientCheck/GradientCheck.h"

#include "tfc/Dialect/TFC/Transforms/Passes.h"
#include "tfc/Driver/Compiler.h"
#include "tfc/Target/LLVMModel.h"
#include "tfc/runtime.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include <cmath>
#include <dlfcn.h>
#include <memory>
#include <random>

using namespace mlir;
using namespace mlir::tfc;

namespace {

constexpr llvm::StringLiteral kModelName = "tfc_gradient_check";

struct TensorDeleter {
  void operator()(tfc_tensor *t) const { tfc_tensor_destroy(t); }
};
using TensorPtr = std::unique_ptr<tfc_tensor, TensorDeleter>;
struct StatusDeleter {
  void operator()(tfc_status *s) const { tfc_status_destroy(s); }
};

/// Element `index` of a float tensor, as a double.
double elementAt(const tfc_tensor *tensor, int64_t index) {
  void *data = tfc_tensor_data(tensor);
  if (tfc_tensor_dtype(tensor) == TFC_F64)
    return static_cast<const double *>(data)[index];
  return static_cast<const float *>(data)[index];
}

void setElement(tfc_tensor *tensor, int64_t index, double value) {
  void *data = tfc_tensor_data(tensor);
  if (tfc_tensor_dtype(tensor) == TFC_F64)
    static_cast<double *>(data)[index] = value;
  else
    static_cast<float *>(data)[index] = static_cast<float>(value);
}

std::string shapeText(const tfc_tensor *tensor) {
  std::string text =
      std::string(tfc_dtype_name(tfc_tensor_dtype(tensor))) + "[";
  for (int64_t i = 0, e = tfc_tensor_rank(tensor); i < e; ++i)
    text += (i ? "," : "") + std::to_string(tfc_tensor_dim(tensor, i));
  return text + "]";
}

/// Runs the checks on the loaded library.
class Checker {
public:
  Checker(const GradientCheckOptions &options,
          const std::vector<CheckedInput> &inputs, tfc_model *model,
          llvm::raw_ostream &outs, llvm::raw_ostream &errs)
      : options(options), inputs(inputs), model(model), outs(outs), errs(errs),
        status(tfc_status_create()) {}

  int run();

private:
  int fail(const llvm::Twine &message) {
    errs << "tfc check-gradients: " << message << "\n";
    return 1;
  }
  int failStatus(const llvm::Twine &what) {
    return fail(what + ": " + tfc_status_message(status.get()));
  }
  /// Calls entry `index` with `args`; its outputs go to `results`.
  bool call(int64_t index, ArrayRef<const tfc_tensor *> args,
            std::vector<TensorPtr> &results);
  /// Reads an argument's or variable's value from --input, if given.
  bool givenValue(StringRef name, tfc_dtype dtype, TensorPtr &value,
                  bool &given);
  /// Calls the function with the current arguments and variables and
  /// `dy`; y is output 0, the gradients follow.
  bool evaluate(const tfc_tensor *dy, std::vector<TensorPtr> &results);

  /// The steps of run(), each 0 or the exit code of a failure.
  /// Initializes the variables and sets the arguments and variables: given
  /// with --input, else arguments uniform in [0, 1).
  int prepareInputs();
  /// Evaluates y with dy = 0.
  int evaluateOutput();
  /// The symbolic Jacobian, one output element (one-hot dy) at a time.
  int computeSymbolicJacobian();
  /// The largest difference between central differences perturbing each
  /// element of input `i` and the symbolic Jacobian.
  int maxNumericError(size_t i, const CheckedInput &input, double &error,
                      std::string &shape);

  const GradientCheckOptions &options;
  const std::vector<CheckedInput> &inputs;
  tfc_model *model;
  llvm::raw_ostream &outs, &errs;
  std::unique_ptr<tfc_status, StatusDeleter> status;
  int64_t function = -1;
  const tfc_entry_info *entry = nullptr;
  std::vector<TensorPtr> args;
  /// dy = 0, y with it, and the number of elements of y.
  TensorPtr zeros;
  std::vector<TensorPtr> y;
  int64_t ny = 0;
  /// symbolic[i][k * ny + j] = d y_j / d x_i[k].
  std::vector<std::vector<double>> symbolic;
};

bool Checker::call(int64_t index, ArrayRef<const tfc_tensor *> callArgs,
                   std::vector<TensorPtr> &results) {
  const tfc_entry_info *entry = tfc_model_entry_at(model, index);
  std::vector<tfc_tensor *> raw(entry->num_outputs, nullptr);
  if (tfc_model_call(model, index, callArgs.data(), callArgs.size(), raw.data(),
                     raw.size(), status.get()) != TFC_OK)
    return false;
  results.clear();
  for (tfc_tensor *tensor : raw)
    results.emplace_back(tensor);
  return true;
}

bool Checker::evaluate(const tfc_tensor *dy, std::vector<TensorPtr> &results) {
  std::vector<const tfc_tensor *> raw;
  for (TensorPtr &arg : args)
    raw.push_back(arg.get());
  raw.push_back(dy);
  return call(function, raw, results);
}

bool Checker::givenValue(StringRef name, tfc_dtype dtype, TensorPtr &value,
                         bool &given) {
  given = false;
  for (const std::string &spec : options.inputs) {
    auto [key, text] = StringRef(spec).split('=');
    if (key != name)
      continue;
    tfc_tensor *tensor =
        text.ends_with(".npy") || llvm::sys::fs::exists(text)
            ? tfc_npy_read(text.str().c_str(), status.get())
            : tfc_tensor_parse(text.str().c_str(), dtype, status.get());
    if (!tensor)
      return false;
    value.reset(tensor);
    given = true;
  }
  return true;
}

int Checker::prepareInputs() {
  for (const char *collection : {"GLOBAL_VARIABLES", "LOCAL_VARIABLES"})
    if (tfc_model_initialize(model, collection, status.get()) != TFC_OK)
      return failStatus(std::string("initializing ") + collection);

  // Arguments: given, or uniform in [0, 1) like compute_gradient_error.
  std::mt19937_64 random(options.seed);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  // The last argument is dy.
  for (int64_t i = 0; i + 1 < entry->num_inputs; ++i) {
    const tfc_tensor_info &info = entry->inputs[i];
    TensorPtr value;
    bool given;
    if (!givenValue(info.name, info.dtype, value, given))
      return failStatus(std::string("input '") + info.name + "'");
    if (!given) {
      bool dynamic = llvm::any_of(llvm::ArrayRef(info.shape, info.rank),
                                  [](int64_t dim) { return dim < 0; });
      if (dynamic || (info.dtype != TFC_F32 && info.dtype != TFC_F64))
        return fail(std::string("give argument '") + info.name +
                    "' with --input (only static float arguments are "
                    "drawn at random)");
      value.reset(
          tfc_tensor_create(info.dtype, info.rank, info.shape, status.get()));
      for (int64_t k = 0, n = tfc_tensor_num_elements(value.get()); k < n; ++k)
        setElement(value.get(), k, uniform(random));
    }
    args.push_back(std::move(value));
  }
  // Variables keep their initial values unless given.
  for (const CheckedInput &input : inputs) {
    if (!input.isVariable)
      continue;
    tfc_variable *var = tfc_store_find(tfc_model_store(model),
                                       input.name.c_str(), status.get());
    if (!var)
      return failStatus("variable '" + input.name + "'");
    TensorPtr value;
    bool given;
    if (!givenValue(input.name, tfc_variable_dtype(var), value, given))
      return failStatus("input '" + input.name + "'");
    if (given && tfc_variable_assign(var, value.get(), status.get()) != TFC_OK)
      return failStatus("setting variable '" + input.name + "'");
  }
  return 0;
}

int Checker::evaluateOutput() {
  // y comes with the gradients of sum(y * dy): dy = 0 when only y counts.
  const tfc_tensor_info &dyInfo = entry->inputs[entry->num_inputs - 1];
  if (dyInfo.dtype != TFC_F32 && dyInfo.dtype != TFC_F64)
    return fail("the checked output must be f32 or f64");
  if (llvm::any_of(llvm::ArrayRef(dyInfo.shape, dyInfo.rank),
                   [](int64_t dim) { return dim < 0; }))
    return fail("the checked output must have a static shape");
  zeros.reset(
      tfc_tensor_create(dyInfo.dtype, dyInfo.rank, dyInfo.shape, status.get()));
  if (!evaluate(zeros.get(), y))
    return failStatus("evaluating " + options.function);
  ny = tfc_tensor_num_elements(y[0].get());
  return 0;
}

int Checker::computeSymbolicJacobian() {
  symbolic.assign(inputs.size(), {});
  TensorPtr dy(tfc_tensor_clone(y[0].get(), status.get()));
  for (int64_t j = 0; j < ny; ++j) {
    for (int64_t k = 0; k < ny; ++k)
      setElement(dy.get(), k, k == j ? 1.0 : 0.0);
    std::vector<TensorPtr> results;
    if (!evaluate(dy.get(), results))
      return failStatus("evaluating the gradient of " + options.function);
    for (size_t i = 0; i < inputs.size(); ++i) {
      const tfc_tensor *grad = results[i + 1].get();
      int64_t n = tfc_tensor_num_elements(grad);
      symbolic[i].resize(n * ny);
      for (int64_t k = 0; k < n; ++k)
        symbolic[i][k * ny + j] = elementAt(grad, k);
    }
  }
  return 0;
}

int Checker::maxNumericError(size_t i, const CheckedInput &input,
                             double &error, std::string &shape) {
  tfc_variable *var = nullptr;
  TensorPtr value;
  tfc_tensor *target;
  if (input.isVariable) {
    var = tfc_store_find(tfc_model_store(model), input.name.c_str(),
                         status.get());
    value.reset(tfc_variable_read(var, status.get()));
    target = value.get();
  } else {
    target = args[input.argument].get();
  }
  shape = shapeText(target);
  auto update = [&]() {
    return !var || tfc_variable_assign(var, value.get(), status.get()) == TFC_OK;
  };
  error = 0;
  int64_t n = tfc_tensor_num_elements(target);
  for (int64_t k = 0; k < n; ++k) {
    double x = elementAt(target, k);
    std::vector<TensorPtr> plus, minus;
    setElement(target, k, x + options.delta);
    if (!update() || !evaluate(zeros.get(), plus))
      return failStatus("evaluating " + options.function);
    setElement(target, k, x - options.delta);
    if (!update() || !evaluate(zeros.get(), minus))
      return failStatus("evaluating " + options.function);
    setElement(target, k, x);
    if (!update())
      return failStatus("restoring '" + input.name + "'");
    for (int64_t j = 0; j < ny; ++j) {
      double numeric =
          (elementAt(plus[0].get(), j) - elementAt(minus[0].get(), j)) /
          (2 * options.delta);
      double difference = std::fabs(numeric - symbolic[i][k * ny + j]);
      // NaN anywhere is the worst error there is.
      if (std::isnan(difference))
        difference = INFINITY;
      error = std::max(error, difference);
    }
  }
  return 0;
}

int Checker::run() {
  function = tfc_model_find_entry(model, options.function.c_str());
  if (function < 0)
    return fail("the compiled library lacks '" + options.function + "'");
  entry = tfc_model_entry_at(model, function);
  if (int code = prepareInputs())
    return code;
  if (int code = evaluateOutput())
    return code;
  if (int code = computeSymbolicJacobian())
    return code;

  // Central differences, perturbing one element of one input at a time.
  outs << "gradients of '" << options.function << "' output 0 ("
       << shapeText(y[0].get()) << "), delta "
       << llvm::format("%g", options.delta) << ":\n";
  double overall = 0;
  bool failed = false;
  for (auto [i, input] : llvm::enumerate(inputs)) {
    double error;
    std::string shape;
    if (int code = maxNumericError(i, input, error, shape))
      return code;
    overall = std::max(overall, error);
    outs << "  " << input.name << " " << shape
         << (input.isVariable ? " (variable)" : "") << ": max error "
         << llvm::format("%.3g", error);
    if (options.tolerance) {
      bool ok = error <= *options.tolerance;
      failed |= !ok;
      outs << (ok ? " ok" : " FAILED") << " (tolerance "
           << llvm::format("%g", *options.tolerance) << ")";
    }
    outs << "\n";
  }
  outs << "max error " << llvm::format("%.3g", overall) << "\n";
  return failed ? 1 : 0;
}

} // namespace

int mlir::tfc::checkGradients(const GradientCheckOptions &options,
                              llvm::raw_ostream &outs,
                              llvm::raw_ostream &errs) {
  DialectRegistry registry;
  registerCompilerDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // Diagnostics point at the user's source; the IR at that moment is noise.
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(options.inputPath, sourceMgr, &context);
  if (!module)
    return 1;

  // The gradients refer to variables by symbol.
  PassManager resolve(&context);
  resolve.addPass(createTFCResolveScopes());
  if (failed(resolve.run(*module)))
    return 1;
  FailureOr<std::vector<CheckedInput>> inputs =
      addGradientsToFunction(*module, options.function);
  if (failed(inputs))
    return 1;
  // Only the checked function is compiled.
  for (auto func : llvm::make_early_inc_range(module->getOps<func::FuncOp>()))
    if (func.getSymName() != options.function)
      func.erase();

  SmallString<128> dir;
  if (llvm::sys::fs::createUniqueDirectory("tfc-check-gradients", dir)) {
    errs << "tfc check-gradients: cannot create a temporary directory\n";
    return 1;
  }
  SmallString<128> library(dir);
  llvm::sys::path::append(library, "lib" + kModelName + ".so");
  CompilerOptions compile;
  compile.inputPath = options.inputPath;
  compile.outputPath = library.str().str();
  compile.modelName = kModelName.str();
  compile.pipeline.optLevel = options.optLevel;
  compile.pipeline.allowUndefinedGradients = options.allowUndefinedGradients;
  compile.runtimeLibraryDir = options.runtimeLibraryDir;
  LogicalResult compiled = compileModule(*module, compile);

  int result = 1;
  if (succeeded(compiled)) {
    std::unique_ptr<tfc_status, StatusDeleter> status(tfc_status_create());
    void *handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    auto *abi = handle ? static_cast<const tfc_model_abi *>(dlsym(
                             handle, modelSymbolName(kModelName).c_str()))
                       : nullptr;
    tfc_model *model =
        abi ? tfc_model_create(abi, nullptr, status.get()) : nullptr;
    if (!model) {
      errs << "tfc check-gradients: cannot load the compiled check: "
           << (handle ? tfc_status_message(status.get()) : dlerror()) << "\n";
    } else {
      result = Checker(options, *inputs, model, outs, errs).run();
      tfc_model_destroy(model);
    }
    if (handle)
      dlclose(handle);
  }
  llvm::sys::fs::remove_directories(dir);
  return result;
}
