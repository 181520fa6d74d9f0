//===- GradientRegistryTest.cpp - which ops have gradients ----------------===//
//
// registerDifferentiableOpInterfaceExternalModels gives every differentiable
// tfc op its gradient and no other op one: an op without a gradient must be
// reported by tfc-autodiff, never silently skipped. The list is the one
// docs/training.md documents.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCDifferentiableOpInterface.h"
#include "tfc/Dialect/TFC/IR/TFCOps.h"
#include "tfc/Dialect/TFC/Transforms/Gradients.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::tfc;

namespace {

class GradientRegistry : public ::testing::Test {
protected:
  GradientRegistry() {
    DialectRegistry registry;
    registry.insert<TFCDialect, tensor::TensorDialect>();
    registerDifferentiableOpInterfaceExternalModels(registry);
    context.appendDialectRegistry(registry);
    context.loadDialect<TFCDialect, tensor::TensorDialect>();
  }

  bool isDifferentiable(StringRef name) {
    std::optional<RegisteredOperationName> op =
        RegisteredOperationName::lookup(name, &context);
    EXPECT_TRUE(op.has_value()) << name.str();
    return op && op->hasInterface<DifferentiableOpInterface>();
  }

  MLIRContext context;
};

TEST_F(GradientRegistry, EveryDifferentiableOpHasAGradient) {
  for (StringRef name : {"tfc.add",
                         "tfc.sub",
                         "tfc.mul",
                         "tfc.div",
                         "tfc.pow",
                         "tfc.maximum",
                         "tfc.minimum",
                         "tfc.neg",
                         "tfc.abs",
                         "tfc.exp",
                         "tfc.log",
                         "tfc.sqrt",
                         "tfc.rsqrt",
                         "tfc.square",
                         "tfc.tanh",
                         "tfc.sigmoid",
                         "tfc.relu",
                         "tfc.matmul",
                         "tfc.reduce_sum",
                         "tfc.reduce_mean",
                         "tfc.reduce_max",
                         "tfc.softmax",
                         "tfc.log_softmax",
                         "tfc.reduce_logsumexp",
                         "tfc.softmax_cross_entropy_with_logits",
                         "tfc.softplus",
                         "tfc.l2_loss",
                         "tfc.bias_add",
                         "tensor.cast"})
    EXPECT_TRUE(isDifferentiable(name)) << name.str();
}

TEST_F(GradientRegistry, OpsWithoutAGradientHaveNone) {
  for (StringRef name :
       {"tfc.floordiv", "tfc.mod", "tfc.equal", "tfc.less", "tfc.greater",
        "tfc.logical_and", "tfc.logical_not", "tfc.read", "tfc.assign",
        "tfc.relu_grad", "tfc.broadcast_like", "tfc.constant"})
    EXPECT_FALSE(isDifferentiable(name)) << name.str();
}

} // namespace
