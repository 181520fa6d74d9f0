//===- PackVariableWeights.cpp - the tfc-pack-variable-weights pass -------===//
//
// Matmuls of an entry point that assigns no variable read their B, when it
// is a variable, as panels of the register tile's width from a trailing
// argument that the runtime fills with a packed copy of the variable,
// refreshed only after the variable may have changed.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"

#include "TileAndFuse.h"
#include "Transforms.h"
#include "tfc/Dialect/TFC/IR/TFCDialect.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCPACKVARIABLEWEIGHTS
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;
using tiling::TileAndFuse;

namespace {

/// A matmul whose B is the buffer of the variable `variable`, packable in
/// panels of `panel` columns.
struct Candidate {
  linalg::MatmulOp matmul;
  FlatSymbolRefAttr variable;
  MemRefType bufferType;
  int64_t panel;
};

class VariableWeightPacker {
public:
  VariableWeightPacker(func::FuncOp func, TileAndFuse &tiler,
                       const CPUTarget &cpu)
      : func(func), tiler(tiler), cpu(cpu) {}

  /// Rewrites the function; returns its new arguments' [@variable, panel]
  /// pairs, in order.
  FailureOr<SmallVector<Attribute>> run();

private:
  std::optional<Candidate> match(linalg::MatmulOp matmul);

  func::FuncOp func;
  TileAndFuse &tiler;
  const CPUTarget &cpu;
};

} // namespace

std::optional<Candidate> VariableWeightPacker::match(linalg::MatmulOp matmul) {
  if (matmul.hasUserDefinedMaps())
    return std::nullopt;
  auto read = matmul.getDpsInputOperand(1)
                  ->get()
                  .getDefiningOp<bufferization::ToTensorOp>();
  if (!read)
    return std::nullopt;
  auto buffer = dyn_cast<BlockArgument>(read.getBuffer());
  auto variables = func->getAttrOfType<ArrayAttr>(kVariablesAttrName);
  if (!buffer || buffer.getOwner() != &func.getBody().front() || !variables)
    return std::nullopt;
  // The variables are the trailing arguments the ABI lowering added.
  int64_t firstVariable = static_cast<int64_t>(func.getNumArguments()) -
                          static_cast<int64_t>(variables.size());
  int64_t index = static_cast<int64_t>(buffer.getArgNumber()) - firstVariable;
  if (index < 0 || index >= static_cast<int64_t>(variables.size()))
    return std::nullopt;
  auto type = dyn_cast<MemRefType>(buffer.getType());
  if (!type || type.getRank() != 2 || !type.hasStaticShape() ||
      !type.getElementType().isF32() || !type.getLayout().isIdentity())
    return std::nullopt;
  auto cType =
      cast<RankedTensorType>(matmul.getDpsInitOperand(0)->get().getType());
  auto aType =
      cast<RankedTensorType>(matmul.getDpsInputOperand(0)->get().getType());
  int64_t n = type.getDimSize(1);
  if (!cType.getElementType().isF32() || !aType.getElementType().isF32() ||
      cType.getDimSize(1) != n)
    return std::nullopt;
  // The panel the tiling pass would pack B into: a register tile of whole
  // vectors that divides the columns and their block. Columns that are no
  // whole vectors are padded with zero columns as the tiling pass would
  // (10 classes to 16), which needs a fresh output.
  int64_t width = tiler.vectorColumns(n);
  auto fill =
      matmul.getDpsInitOperand(0)->get().getDefiningOp<linalg::FillOp>();
  if (width != n &&
      !(fill &&
        fill.getDpsInitOperand(0)->get().getDefiningOp<tensor::EmptyOp>()))
    return std::nullopt;
  auto [blockN, registerN] = tiler.columnTiles(width);
  if (registerN % cpu.lanes() != 0 || blockN % registerN != 0 ||
      width % registerN != 0 || width - n >= registerN)
    return std::nullopt;
  return Candidate{matmul, cast<FlatSymbolRefAttr>(variables[index]), type,
                   registerN};
}

FailureOr<SmallVector<Attribute>> VariableWeightPacker::run() {
  SmallVector<Candidate> candidates;
  func.walk([&](linalg::MatmulOp matmul) {
    if (std::optional<Candidate> candidate = match(matmul))
      candidates.push_back(*candidate);
  });
  MLIRContext *context = func.getContext();
  IRRewriter rewriter(context);
  // One argument per variable and panel, read once at the entry.
  llvm::MapVector<std::pair<Attribute, int64_t>, Value> packedArgs;
  SmallVector<Attribute> views;
  Block &entry = func.getBody().front();
  for (Candidate &candidate : candidates) {
    std::pair<Attribute, int64_t> key = {candidate.variable, candidate.panel};
    Value &packed = packedArgs[key];
    if (!packed) {
      int64_t k = candidate.bufferType.getDimSize(0);
      int64_t n = candidate.bufferType.getDimSize(1);
      SmallVector<int64_t> shape = {llvm::divideCeilSigned(n, candidate.panel),
                                    k, candidate.panel};
      auto memrefType = MemRefType::get(shape, rewriter.getF32Type());
      Location loc = candidate.matmul.getLoc();
      if (failed(func.insertArgument(func.getNumArguments(), memrefType,
                                     /*argAttrs=*/{}, loc)))
        return func.emitError("cannot add the packed copy of ")
               << candidate.variable << " as an argument";
      rewriter.setInsertionPointToStart(&entry);
      packed = bufferization::ToTensorOp::create(
          rewriter, loc, RankedTensorType::get(shape, rewriter.getF32Type()),
          entry.getArguments().back(), /*restrict=*/true, /*writable=*/false);
      views.push_back(ArrayAttr::get(
          context,
          {candidate.variable, rewriter.getI64IntegerAttr(candidate.panel)}));
    }
    (void)matmulOnPackedB(rewriter, candidate.matmul, packed);
  }
  return views;
}

namespace {
struct TFCPackVariableWeightsPass
    : public tfc::impl::TFCPackVariableWeightsBase<TFCPackVariableWeightsPass> {
  using TFCPackVariableWeightsBase::TFCPackVariableWeightsBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    const CPUTarget *cpu = lookupCPUTarget(target);
    if (!cpu) {
      module.emitError() << "unknown CPU target '" << target << "'";
      return signalPassFailure();
    }
    IRRewriter rewriter(&getContext());
    TileAndFuse tiler(rewriter, *cpu, /*parallelThreshold=*/0, /*maxRow=*/0,
                      /*fuseProducers=*/false);
    SmallVector<NamedAttribute> entries;
    for (auto func : module.getOps<func::FuncOp>()) {
      // An entry point that assigns variables would refresh the packed
      // copies on every call: its matmuls pack B as before.
      if (func.isExternal() || !func->hasAttr(kEntryPointAttrName) ||
          func->hasAttr(kWritesVariablesAttrName))
        continue;
      FailureOr<SmallVector<Attribute>> views =
          VariableWeightPacker(func, tiler, *cpu).run();
      if (failed(views))
        return signalPassFailure();
      if (!views->empty())
        entries.push_back(rewriter.getNamedAttr(
            func.getSymName(), ArrayAttr::get(&getContext(), *views)));
    }
    if (!entries.empty())
      module->setAttr(kPackedVariablesAttrName,
                      DictionaryAttr::get(&getContext(), entries));
  }
};
} // namespace
