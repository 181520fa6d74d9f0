//===- ApproximateMathTest.cpp - accuracy of tfc-approximate-math ---------===//
//
// Compiles scalar f32 functions through tfc-approximate-math, runs them with
// MLIR's execution engine over their useful ranges and measures the
// largest relative error against the double-precision libm result
// (measured: exp 8.4e-8, tfc's own; log 8.0e-8 and tanh 2.7e-7, MLIR's
// with LLVM 22.1.8; one float32 ulp is 6e-8 to 1.2e-7 relative). The bounds
// asserted here are
// what docs/performance.md states:
//   exp  on [-87, 88]                max relative error < 2e-7
//   log  on [1e-30, 1e30], |x-1|>1e-2  max relative error < 2e-7
//   tanh on [-9, 9], |x|>1e-3          max relative error < 5e-7
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/Support/TargetSelect.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>

using namespace mlir;

namespace {

using ScalarFn = float (*)(float);

class ApproximateMathTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    DialectRegistry registry;
    registerAllDialects(registry);
    registerBuiltinDialectTranslation(registry);
    registerLLVMDialectTranslation(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// JIT-compiles `float fn(float x)` computing `math.<name> x`, with the
  /// approximations in place of libm, for the CPU target `target` (`sse`:
  /// without FMA, multiplies and adds instead of fused multiply-adds).
  ScalarFn compile(StringRef name, StringRef target = "avx2") {
    std::string source = ("func.func @fn(%x: f32) -> f32 {\n"
                          "  %y = math." +
                          name +
                          " %x : f32\n"
                          "  return %y : f32\n}\n")
                             .str();
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    if (!module)
      return nullptr;
    // The approximation alone first: `math.<name>` must be gone before the
    // lowering, which would turn a leftover into a libm call (and make this
    // test measure libm). Its own helpers (fma, ...) are lowered next.
    PassManager approximate(&context);
    tfc::TFCApproximateMathOptions approximateOptions;
    approximateOptions.target = target.str();
    approximate.addPass(tfc::createTFCApproximateMath(approximateOptions));
    if (failed(approximate.run(*module)))
      return nullptr;
    std::string opName = ("math." + name).str();
    bool approximated = true;
    module->walk([&](Operation *op) {
      if (op->getName().getStringRef() == opName)
        approximated = false;
    });
    EXPECT_TRUE(approximated) << opName << " was not replaced";

    PassManager pm(&context);
    pm.addPass(createConvertMathToLLVMPass());
    pm.addPass(createArithToLLVMConversionPass());
    pm.addPass(createConvertFuncToLLVMPass());
    pm.addPass(createReconcileUnrealizedCastsPass());
    if (failed(pm.run(*module)))
      return nullptr;

    std::function<llvm::Error(llvm::Module *)> optimize =
        makeOptimizingTransformer(2, 0, nullptr);
    ExecutionEngineOptions options;
    options.transformer = optimize;
    auto engine = ExecutionEngine::create(*module, options);
    if (!engine) {
      llvm::consumeError(engine.takeError());
      return nullptr;
    }
    auto symbol = (*engine)->lookup("fn");
    if (!symbol) {
      llvm::consumeError(symbol.takeError());
      return nullptr;
    }
    engines.push_back(std::move(*engine));
    return reinterpret_cast<ScalarFn>(*symbol);
  }

  /// The largest |f(x) - ref(x)| / |ref(x)| over `steps` points of
  /// [lo, hi], spaced linearly or logarithmically.
  static double maxRelativeError(ScalarFn f, double (*ref)(double), double lo,
                                 double hi, bool logarithmic,
                                 std::function<bool(float)> skip = nullptr) {
    const int steps = 1 << 20;
    double worst = 0;
    for (int i = 0; i <= steps; ++i) {
      double t = static_cast<double>(i) / steps;
      float x = logarithmic ? static_cast<float>(lo * std::pow(hi / lo, t))
                            : static_cast<float>(lo + (hi - lo) * t);
      if (skip && skip(x))
        continue;
      double expected = ref(x);
      if (expected == 0)
        continue;
      double error = std::fabs((f(x) - expected) / expected);
      worst = std::max(worst, error);
    }
    return worst;
  }

  static std::string format(double value) {
    char text[32];
    std::snprintf(text, sizeof(text), "%.3g", value);
    return text;
  }

  MLIRContext context;
  std::vector<std::unique_ptr<ExecutionEngine>> engines;
};

TEST_F(ApproximateMathTest, Exp) {
  ScalarFn f = compile("exp");
  ASSERT_NE(f, nullptr);
  double error = maxRelativeError(f, std::exp, -87.0, 88.0, false);
  RecordProperty("max_relative_error", format(error));
  EXPECT_LT(error, 2e-7);
  // Softmax relies on the ends: exp(-inf) = 0 and no overflow below 88.
  EXPECT_EQ(f(-INFINITY), 0.0f);
  EXPECT_EQ(f(-1000.0f), 0.0f);
  EXPECT_EQ(f(0.0f), 1.0f);
  // The ends of the normal range: 2^n scales the polynomial by an add to
  // its exponent, right for n = -126 and n = 128 too; past them, 0 (no
  // denormals) and +inf; NaN stays NaN.
  for (float x : {-87.3f, -87.0f, 88.5f, 88.72f}) {
    double expected = std::exp(static_cast<double>(x));
    EXPECT_LT(std::fabs(f(x) - expected) / expected, 2e-7) << "x = " << x;
  }
  EXPECT_EQ(f(-87.4f), 0.0f);
  EXPECT_EQ(f(88.73f), INFINITY);
  EXPECT_EQ(f(1000.0f), INFINITY);
  EXPECT_EQ(f(INFINITY), INFINITY);
  EXPECT_TRUE(std::isnan(f(NAN)));
  EXPECT_TRUE(std::isnan(f(-NAN)));
}

TEST_F(ApproximateMathTest, Log) {
  ScalarFn f = compile("log");
  ASSERT_NE(f, nullptr);
  // Relative to log(x), which is 0 at 1: measure away from it.
  double error = maxRelativeError(f, std::log, 1e-30, 1e30, true, [](float x) {
    return std::fabs(x - 1.0f) < 1e-2f;
  });
  RecordProperty("max_relative_error", format(error));
  EXPECT_LT(error, 2e-7);
  EXPECT_EQ(f(1.0f), 0.0f);
  EXPECT_EQ(f(0.0f), -INFINITY);
}

TEST_F(ApproximateMathTest, Tanh) {
  ScalarFn f = compile("tanh");
  ASSERT_NE(f, nullptr);
  double error = maxRelativeError(f, std::tanh, -9.0, 9.0, false,
                                  [](float x) { return std::fabs(x) < 1e-3f; });
  RecordProperty("max_relative_error", format(error));
  EXPECT_LT(error, 5e-7);
  EXPECT_EQ(f(20.0f), 1.0f);
  EXPECT_EQ(f(-20.0f), -1.0f);
}

// Without FMA units the approximations multiply and add separately (one
// more rounding per step) and stay within the same bounds.
TEST_F(ApproximateMathTest, WithoutFMA) {
  ScalarFn exp = compile("exp", "sse");
  ScalarFn log = compile("log", "sse");
  ScalarFn tanh = compile("tanh", "sse");
  ASSERT_TRUE(exp && log && tanh);
  double expError = maxRelativeError(exp, std::exp, -87.0, 88.0, false);
  double logError =
      maxRelativeError(log, std::log, 1e-30, 1e30, true,
                       [](float x) { return std::fabs(x - 1.0f) < 1e-2f; });
  double tanhError =
      maxRelativeError(tanh, std::tanh, -9.0, 9.0, false,
                       [](float x) { return std::fabs(x) < 1e-3f; });
  RecordProperty("exp_max_relative_error", format(expError));
  RecordProperty("log_max_relative_error", format(logError));
  RecordProperty("tanh_max_relative_error", format(tanhError));
  EXPECT_LT(expError, 2e-7);
  EXPECT_LT(logError, 2e-7);
  EXPECT_LT(tanhError, 5e-7);
  EXPECT_EQ(exp(-INFINITY), 0.0f);
  EXPECT_EQ(exp(0.0f), 1.0f);
  EXPECT_EQ(log(1.0f), 0.0f);
}

} // namespace
