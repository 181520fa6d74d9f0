//===- DialectBuilderTest.cpp - building tfc graphs from C++ --------------===//
//
// Builds graphs with the generated C++ builders, the way importers and passes
// do, and checks inference, verification, folding and the printed form.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::tfc;

namespace {

class DialectBuilderTest : public ::testing::Test {
protected:
  DialectBuilderTest() : builder(&context) {
    context.loadDialect<TFCDialect, func::FuncDialect>();
  }

  RankedTensorType tensor(ArrayRef<int64_t> shape) {
    return RankedTensorType::get(shape, builder.getF32Type());
  }

  /// Creates `func.func @name(args) -> results` whose body is an empty
  /// `tfc.graph`, and points the builder into the graph.
  GraphOp createEntryPoint(ModuleOp module, StringRef name,
                           TypeRange arguments, TypeRange results) {
    builder.setInsertionPointToEnd(module.getBody());
    auto func = func::FuncOp::create(builder, builder.getUnknownLoc(), name,
                                     builder.getFunctionType(arguments, results));
    Block *entry = func.addEntryBlock();
    builder.setInsertionPointToStart(entry);
    auto graph = GraphOp::create(builder, builder.getUnknownLoc(), results);
    func::ReturnOp::create(builder, builder.getUnknownLoc(),
                           graph.getResults());
    builder.setInsertionPointToStart(&graph.getBody().emplaceBlock());
    return graph;
  }

  std::string print(Operation *op) {
    std::string text;
    llvm::raw_string_ostream os(text);
    op->print(os);
    return text;
  }

  MLIRContext context;
  OpBuilder builder;
};

TEST_F(DialectBuilderTest, BuildsBroadcastingGraph) {
  Location loc = builder.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  RankedTensorType resultType = tensor({2, 2});
  GraphOp graph = createEntryPoint(*module, "pitfall", {}, {resultType});

  // The guide's broadcasting example: [[1], [2]] + [1, 2].
  auto a = ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(tensor({2, 1}), ArrayRef<float>{1.0f, 2.0f}));
  auto b = ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(tensor({2}), ArrayRef<float>{1.0f, 2.0f}));
  // The builder infers the broadcast result type.
  auto sum = AddOp::create(builder, loc, a, b);
  EXPECT_EQ(sum.getType(), resultType);
  FetchOp::create(builder, loc, ValueRange{sum}, ValueRange{});

  ASSERT_TRUE(succeeded(verify(*module)));
  EXPECT_EQ(graph.getFetch().getFetches().front(), sum.getResult());

  std::string text = print(*module);
  EXPECT_NE(text.find("tfc.add %"), std::string::npos) << text;
  EXPECT_NE(text.find(": tensor<2x1xf32>, tensor<2xf32>"), std::string::npos)
      << text;
}

TEST_F(DialectBuilderTest, InfersMatMulAndReductionTypes) {
  Location loc = builder.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  Type x = tensor({ShapedType::kDynamic, 784});
  Type w = tensor({784, 512});
  GraphOp graph =
      createEntryPoint(*module, "dense", {x, w}, {tensor({ShapedType::kDynamic})});
  Block &entry = graph->getParentOfType<func::FuncOp>().getBody().front();

  auto product =
      MatMulOp::create(builder, loc, entry.getArgument(0), entry.getArgument(1));
  EXPECT_EQ(product.getType(), tensor({ShapedType::kDynamic, 512}));

  auto total = ReduceSumOp::create(builder, loc, product.getResult(),
                                   builder.getDenseI64ArrayAttr({-1}),
                                   /*keep_dims=*/false);
  EXPECT_EQ(total.getType(), tensor({ShapedType::kDynamic}));
  EXPECT_EQ(total.getNormalizedAxes(), SmallVector<int64_t>{1});
  FetchOp::create(builder, loc, ValueRange{total}, ValueRange{});

  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(DialectBuilderTest, ReportsIncompatibleShapesWhenBuilding) {
  Location loc = builder.getUnknownLoc();
  SmallVector<Type> inferred;
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  EXPECT_TRUE(failed(inferBroadcastBinaryResultType(
      loc, "Add", tensor({3, 2}), tensor({3, 4}), false, inferred)));
  EXPECT_EQ(message, "Incompatible shapes: [3,2] vs. [3,4] [Op:Add]");
}

TEST_F(DialectBuilderTest, FoldsConstantsThroughMaterializer) {
  const char *source = R"mlir(
    func.func @f() -> tensor<2xf32> {
      %r = tfc.graph -> (tensor<2xf32>) {
        %a = tfc.constant dense<[1.0, 2.0]> : tensor<2xf32>
        %b = tfc.constant dense<3.0> : tensor<2xf32>
        %c = tfc.mul %a, %b : tensor<2xf32>, tensor<2xf32>
        tfc.fetch %c : tensor<2xf32>
      }
      return %r : tensor<2xf32>
    }
  )mlir";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  ASSERT_TRUE(module);
  module->walk([&](MulOp mul) {
    SmallVector<OpFoldResult> folded;
    ASSERT_TRUE(succeeded(mul->fold(folded)));
    ASSERT_EQ(folded.size(), 1u);
    auto value = dyn_cast<DenseElementsAttr>(cast<Attribute>(folded.front()));
    ASSERT_TRUE(value);
    EXPECT_EQ(llvm::to_vector(value.getValues<float>()),
              (SmallVector<float>{3.0f, 6.0f}));
  });
}

} // namespace
