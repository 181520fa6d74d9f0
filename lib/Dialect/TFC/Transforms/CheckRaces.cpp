//===- CheckRaces.cpp - unordered variable accesses -----------------------===//
//
// Implements `tfc-check-races`: in each graph region, two accesses to one
// variable (at least one a write) that no data or control edge orders are
// reported, with the order tfc picks and the fix.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"
#include "tfc/Dialect/TFC/Transforms/GraphOrder.h"

#include "llvm/ADT/SmallSet.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCCHECKRACES
#include "tfc/Dialect/TFC/Transforms/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// The op's name as it is written, for messages.
static std::string opName(const VariableAccess &access) {
  return ("'" + access.op->getName().getStringRef() + "'").str();
}

/// Reports that `first` and `second` (in the order tfc runs them) access one
/// variable without an edge between them. The diagnostic is attached to the
/// write (the later one when both write) and notes the other access.
static void reportRace(const VariableAccess &first,
                       const VariableAccess &second, bool strict) {
  const VariableAccess &anchor = second.writes ? second : first;
  const VariableAccess &other = second.writes ? first : second;
  std::string variable = describeVariable(first.handle);
  InFlightDiagnostic diag =
      strict ? anchor.op->emitError() : anchor.op->emitWarning();
  diag << "race on variable " << variable << ": " << opName(first) << " and "
       << opName(second)
       << " are not ordered by data or control edges, so TensorFlow may run "
          "either first and the result depends on timing; tfc runs "
       << opName(first) << " first. Add a control dependency to choose the "
       << "order, e.g. put " << opName(second)
       << " in a 'tfc.control_dependencies' block on the token of "
       << opName(first);
  diag.attachNote(other.op->getLoc())
      << "the other access to variable " << variable << " is here";
}

namespace {
struct CheckRaces : public tfc::impl::TFCCheckRacesBase<CheckRaces> {
  using Base::Base;

  void runOnOperation() override {
    // Start from the outermost graph regions; checkBlock descends into the
    // regions of the ops that run. A scheduled graph runs in text order: its
    // order is decided.
    bool found = false;
    getOperation()->walk([&](Operation *op) {
      Region *parent = op->getParentRegion();
      if ((parent && isTfcGraphRegion(*parent)) ||
          op->hasAttr(kScheduledAttrName))
        return;
      for (Region &region : op->getRegions())
        if (isTfcGraphRegion(region))
          for (Block &block : region)
            found |= checkBlock(block);
    });
    if (found && strict)
      signalPassFailure();
  }

  /// Reports the races among the ops of one block that its terminator needs
  /// (the others never run, as tfc-schedule prunes them), then those inside
  /// the graph regions of these ops.
  bool checkBlock(Block &block) {
    BlockGraph graph(block);
    llvm::BitVector live = findLiveNodes(graph);
    EffectOrder effects(graph);
    SmallVector<unsigned> position(graph.size());
    for (auto [index, node] : llvm::enumerate(effects.schedule()))
      position[node] = index;

    bool found = false;
    for (unsigned a : live.set_bits()) {
      if (effects.getAccesses(a).empty())
        continue;
      for (unsigned b : live.set_bits()) {
        if (b <= a || effects.getAccesses(b).empty() ||
            effects.isOrderedBefore(a, b) || effects.isOrderedBefore(b, a))
          continue;
        // Report each variable once per pair of ops.
        llvm::SmallSet<VariableKey, 4> reported;
        bool aFirst = position[a] < position[b];
        for (const VariableAccess &x : effects.getAccesses(a))
          for (const VariableAccess &y : effects.getAccesses(b)) {
            if (x.variable != y.variable || !(x.writes || y.writes) ||
                !reported.insert(x.variable).second)
              continue;
            reportRace(aFirst ? x : y, aFirst ? y : x, strict);
            found = true;
          }
      }
    }

    for (unsigned node : live.set_bits())
      for (Region &region : graph.getOp(node)->getRegions())
        if (isTfcGraphRegion(region))
          for (Block &nested : region)
            found |= checkBlock(nested);
    return found;
  }
};
} // namespace
