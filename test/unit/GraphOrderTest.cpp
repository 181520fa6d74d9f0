//===- GraphOrderTest.cpp - the analysis behind tfc-schedule --------------===//
//
// Parses graphs and checks the dependence graph, the variable accesses and
// the order tfc picks for effects the edges leave unordered.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/Transforms/GraphOrder.h"
#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::tfc;

namespace {

class GraphOrderTest : public ::testing::Test {
protected:
  GraphOrderTest() { context.loadDialect<TFCDialect, func::FuncDialect>(); }

  /// Parses `source` and returns the body of its first `tfc.graph`; an
  /// empty block (and a failure) when there is none, so that the test fails
  /// instead of crashing.
  Block &parseGraph(StringRef source) {
    module = parseSourceString<ModuleOp>(source, &context);
    GraphOp graph;
    if (module)
      module->walk([&](GraphOp op) {
        if (!graph)
          graph = op;
      });
    if (!graph) {
      ADD_FAILURE() << "the source has no tfc.graph (or does not parse)";
      return noGraph;
    }
    return graph.getBody().front();
  }

  /// The names of the ops of `graph`'s nodes in `order`, for readable
  /// expectations.
  static std::vector<std::string> names(const BlockGraph &graph,
                                        ArrayRef<unsigned> order) {
    std::vector<std::string> result;
    for (unsigned node : order)
      result.push_back(graph.getOp(node)->getName().getStringRef().str());
    return result;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  Block noGraph;
};

/// The guide's race: the read is not ordered with the assign, and tfc runs
/// it first although it is written after the assign.
TEST_F(GraphOrderTest, ReadsBeforeUnorderedWrites) {
  Block &body = parseGraph(R"mlir(
    tfc.global_variable @a : tensor<i32> init #tfc.zeros collections ["GLOBAL_VARIABLES"]
    func.func @f(%x: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
      %r:2 = tfc.graph -> (tensor<i32>, tensor<i32>) {
        %n, %w = tfc.assign %a, %x : !tfc.var<tensor<i32>>, tensor<i32>
        %v, %t = tfc.read %a : !tfc.var<tensor<i32>>
        %a = tfc.var_handle @a : !tfc.var<tensor<i32>>
        tfc.fetch %n, %v : tensor<i32>, tensor<i32>
      }
      return %r#0, %r#1 : tensor<i32>, tensor<i32>
    })mlir");
  BlockGraph graph(body);
  ASSERT_EQ(graph.size(), 4u);
  // The handle is written last but comes first: both accesses use it.
  EXPECT_EQ(graph.getPredecessors(0).size(), 1u);
  EXPECT_EQ(graph.getPredecessors(0).front(), 2u);

  EffectOrder effects(graph);
  ASSERT_EQ(effects.getAccesses(0).size(), 1u);
  EXPECT_TRUE(effects.getAccesses(0).front().writes);
  EXPECT_FALSE(effects.getAccesses(1).front().writes);
  EXPECT_EQ(effects.getAccesses(0).front().variable,
            effects.getAccesses(1).front().variable);
  EXPECT_FALSE(effects.isOrderedBefore(0, 1));
  EXPECT_FALSE(effects.isOrderedBefore(1, 0));
  EXPECT_EQ(
      names(graph, effects.schedule()),
      (std::vector<std::string>{"tfc.var_handle", "tfc.read", "tfc.assign"}));
}

/// A token orders the accesses, through a group; the schedule follows it.
TEST_F(GraphOrderTest, TokensOrderAccesses) {
  Block &body = parseGraph(R"mlir(
    func.func @f(%v: !tfc.var<tensor<i32>>, %x: tensor<i32>) -> tensor<i32> {
      %r = tfc.graph -> (tensor<i32>) {
        %value, %t = tfc.read %v after(%g) : !tfc.var<tensor<i32>>
        %g = tfc.group %w
        %n, %w = tfc.assign_add %v, %x : !tfc.var<tensor<i32>>, tensor<i32>
        tfc.fetch %value : tensor<i32>
      }
      return %r : tensor<i32>
    })mlir");
  BlockGraph graph(body);
  EffectOrder effects(graph);
  EXPECT_TRUE(effects.isOrderedBefore(2, 0));
  EXPECT_FALSE(effects.isOrderedBefore(0, 2));
  EXPECT_EQ(
      names(graph, effects.schedule()),
      (std::vector<std::string>{"tfc.assign_add", "tfc.group", "tfc.read"}));
  EXPECT_EQ(describeVariable(effects.getAccesses(0).front().handle),
            "passed as argument #0");
}

/// Ops that the fetch does not need are not live; a region op is one node
/// whose accesses include those of its branches.
TEST_F(GraphOrderTest, LivenessAndNestedAccesses) {
  Block &body = parseGraph(R"mlir(
    func.func @f(%v: !tfc.var<tensor<i32>>, %x: tensor<i32>, %p: tensor<i1>) -> tensor<i32> {
      %r = tfc.graph -> (tensor<i32>) {
        %unused, %t = tfc.assign %v, %x : !tfc.var<tensor<i32>>, tensor<i32>
        %y = tfc.cond %p : tensor<i1> -> (tensor<i32>) {
          %value, %t2 = tfc.read %v : !tfc.var<tensor<i32>>
          tfc.yield %value : tensor<i32>
        } else {
          tfc.yield %x : tensor<i32>
        }
        tfc.fetch %y : tensor<i32>
      }
      return %r : tensor<i32>
    })mlir");
  BlockGraph graph(body);
  llvm::BitVector live = findLiveNodes(graph);
  EXPECT_FALSE(live.test(0));
  EXPECT_TRUE(live.test(1));
  EXPECT_TRUE(live.test(2));
  EffectOrder effects(graph);
  ASSERT_EQ(effects.getAccesses(1).size(), 1u);
  EXPECT_TRUE(isa<ReadOp>(effects.getAccesses(1).front().op));
}

} // namespace
