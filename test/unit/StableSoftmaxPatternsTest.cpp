//===- StableSoftmaxPatternsTest.cpp - reusing the stable softmax patterns ===//
//
// populateStableSoftmaxPatterns gives other passes and pipelines the
// patterns of tfc-stable-softmax; this applies them from C++ as they would.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCOps.h"
#include "tfc/Dialect/TFC/Transforms/StableSoftmax.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// The guide's unstable_softmax_cross_entropy: labels [0.5, 0.5] and logits
/// [1000, 0] give inf when evaluated as written.
constexpr const char *kUnstableCrossEntropy = R"mlir(
  func.func @xent(%labels: tensor<2xf32>, %x: tensor<2xf32>) -> tensor<f32> {
    %r = tfc.graph -> (tensor<f32>) {
      %e = tfc.exp %x : tensor<2xf32>
      %s = tfc.reduce_sum %e : tensor<2xf32>
      %p = tfc.div %e, %s : tensor<2xf32>, tensor<f32>
      %l = tfc.log %p : tensor<2xf32>
      %m = tfc.mul %labels, %l : tensor<2xf32>, tensor<2xf32>
      %t = tfc.reduce_sum %m : tensor<2xf32>
      %xe = tfc.neg %t : tensor<f32>
      tfc.fetch %xe : tensor<f32>
    }
    return %r : tensor<f32>
  }
)mlir";

TEST(StableSoftmaxPatterns, RewriteTheGuidesCrossEntropy) {
  MLIRContext context;
  context.loadDialect<TFCDialect, func::FuncDialect>();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kUnstableCrossEntropy, &context);
  ASSERT_TRUE(module);

  RewritePatternSet patterns(&context);
  populateStableSoftmaxPatterns(patterns);
  ASSERT_TRUE(succeeded(applyPatternsGreedily(*module, std::move(patterns))));

  auto func = *module->getOps<func::FuncOp>().begin();
  auto graph = *func.getOps<GraphOp>().begin();
  Block &body = graph.getBody().front();
  // The loss op and the fetch are all that is left.
  ASSERT_EQ(body.getOperations().size(), 2u);
  auto loss = dyn_cast<SoftmaxCrossEntropyWithLogitsOp>(body.front());
  ASSERT_TRUE(loss);
  EXPECT_EQ(loss.getLabels(), func.getArgument(0));
  EXPECT_EQ(loss.getLogits(), func.getArgument(1));
  EXPECT_EQ(graph.getFetch().getFetches().front(), loss.getLoss());
}

} // namespace
