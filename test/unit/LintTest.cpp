//===- LintTest.cpp - tfc-lint on ops it knows only by name ---------------===//
//
// tfc-lint recognizes `tfc.squeeze` by its name and its `axes` attribute, so
// the check works before and after the op is defined. These tests run the
// pass in a context without the tfc dialect, where `tfc.squeeze` is an
// unregistered op written in generic form.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace mlir;

namespace {

/// A diagnostic as the tests see it.
struct Reported {
  DiagnosticSeverity severity;
  std::string message;
};

class LintTest : public ::testing::Test {
protected:
  LintTest() {
    context.loadDialect<func::FuncDialect>();
    context.allowUnregisteredDialects();
  }

  /// Parses `source`, runs tfc-lint on it and returns whether the pass
  /// succeeded; the diagnostics are collected in `reported`.
  bool runLint(StringRef source, bool strict) {
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      reported.push_back({diag.getSeverity(), diag.str()});
      return success();
    });
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    if (!module)
      return false;
    PassManager pm(&context);
    tfc::TFCLintOptions options;
    options.strict = strict;
    pm.addPass(tfc::createTFCLint(options));
    return succeeded(pm.run(*module));
  }

  MLIRContext context;
  std::vector<Reported> reported;
};

constexpr const char *kSqueezes = R"mlir(
  func.func @squeezes(%x: tensor<1x3x1xf32>, %u: tensor<*xf32>)
      -> (tensor<3xf32>, tensor<3xf32>, tensor<*xf32>) {
    %0 = "tfc.squeeze"(%x) : (tensor<1x3x1xf32>) -> tensor<3xf32>
    %1 = "tfc.squeeze"(%x) {axes = array<i64: 0, 2>} : (tensor<1x3x1xf32>) -> tensor<3xf32>
    %2 = "tfc.squeeze"(%u) : (tensor<*xf32>) -> tensor<*xf32>
    return %0, %1, %2 : tensor<3xf32>, tensor<3xf32>, tensor<*xf32>
  }
)mlir";

TEST_F(LintTest, WarnsAboutSqueezesWithoutAxes) {
  EXPECT_TRUE(runLint(kSqueezes, /*strict=*/false));
  ASSERT_EQ(reported.size(), 2u);
  EXPECT_EQ(reported[0].severity, DiagnosticSeverity::Warning);
  EXPECT_EQ(reported[0].message,
            "squeeze without axes removes every dimension of size 1 of "
            "[1,3,1], including a batch dimension that happens to be 1; list "
            "the axes to squeeze");
  EXPECT_EQ(reported[1].severity, DiagnosticSeverity::Warning);
  EXPECT_EQ(reported[1].message,
            "squeeze without axes removes every dimension of size 1 of a "
            "tensor of unknown rank, including a batch dimension that happens "
            "to be 1; list the axes to squeeze");
}

TEST_F(LintTest, StrictModeMakesSqueezesWithoutAxesErrors) {
  EXPECT_FALSE(runLint(kSqueezes, /*strict=*/true));
  ASSERT_EQ(reported.size(), 2u);
  for (const Reported &diag : reported) {
    EXPECT_EQ(diag.severity, DiagnosticSeverity::Error);
    EXPECT_NE(diag.message.find("squeeze without axes"), std::string::npos);
  }
}

TEST_F(LintTest, SqueezesWithAxesAreQuiet) {
  EXPECT_TRUE(runLint(R"mlir(
    func.func @squeeze(%x: tensor<1x3xf32>) -> tensor<3xf32> {
      %0 = "tfc.squeeze"(%x) {axes = array<i64: 0>} : (tensor<1x3xf32>) -> tensor<3xf32>
      return %0 : tensor<3xf32>
    }
  )mlir",
                      /*strict=*/true));
  EXPECT_TRUE(reported.empty());
}

} // namespace
