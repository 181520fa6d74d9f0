//===- PackWeights.cpp - the tfc-pack-weights pass ------------------------===//
//
// Matmuls read their B packed into panels of the register tile's width
// whenever B is a weight that changes rarely or never: a constant is packed
// here, at compile time; a variable, read by an entry point that assigns no
// variable, comes packed from the runtime as a trailing argument, packed
// again only after the variable may have changed.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"

#include "TileAndFuse.h"
#include "Transforms.h"
#include "tfc/Dialect/TFC/IR/TFCDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCPACKWEIGHTS
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;
using tiling::TileAndFuse;

namespace {

class WeightPacker {
public:
  WeightPacker(func::FuncOp func, TileAndFuse &tiler, const CPUTarget &cpu)
      : func(func), tiler(tiler), cpu(cpu), rewriter(func.getContext()) {}

  /// Packs the constant B of every matmul of the function.
  void packConstants();
  /// Makes every matmul on a variable read it packed from a new trailing
  /// argument; returns the arguments' [@variable, panel] pairs, in order.
  FailureOr<SmallVector<Attribute>> packVariables();

private:
  /// The width of the panels B [K, n] of `matmul` is packed in (whole
  /// vectors, past n zero columns as the tiling pass would pad them), or
  /// nothing when the matmul cannot read a packed B.
  std::optional<int64_t> panelFor(linalg::MatmulOp matmul, int64_t n);
  /// The variable (its symbol and buffer) whose value `matmul`'s B is.
  std::optional<std::pair<FlatSymbolRefAttr, BlockArgument>>
  variableOf(linalg::MatmulOp matmul);

  func::FuncOp func;
  TileAndFuse &tiler;
  const CPUTarget &cpu;
  IRRewriter rewriter;
};

} // namespace

std::optional<int64_t> WeightPacker::panelFor(linalg::MatmulOp matmul,
                                              int64_t n) {
  if (matmul.hasUserDefinedMaps())
    return std::nullopt;
  Value init = matmul.getDpsInitOperand(0)->get();
  auto cType = cast<RankedTensorType>(init.getType());
  auto aType =
      cast<RankedTensorType>(matmul.getDpsInputOperand(0)->get().getType());
  if (!cType.getElementType().isF32() || !aType.getElementType().isF32() ||
      cType.getDimSize(1) != n)
    return std::nullopt;
  // A register tile of whole vectors that divides the columns and their
  // block. Columns that are no whole vectors are padded with zero columns
  // as the tiling pass would (10 classes to 16), which needs a fresh
  // output.
  int64_t width = tiler.vectorColumns(n);
  if (width != n && !getFillOfEmpty(init))
    return std::nullopt;
  auto [blockN, registerN] = tiler.columnTiles(width);
  if (registerN % cpu.lanes() != 0 || blockN % registerN != 0 ||
      width % registerN != 0 || width - n >= registerN)
    return std::nullopt;
  return registerN;
}

/// `b` [k, n] as panels [ceil(n / panel), k, panel], zeros past column n.
static DenseElementsAttr packPanels(DenseElementsAttr b, int64_t panel) {
  auto type = cast<RankedTensorType>(b.getType());
  int64_t k = type.getDimSize(0), n = type.getDimSize(1);
  int64_t panels = llvm::divideCeilSigned(n, panel);
  SmallVector<float> values = llvm::to_vector(b.getValues<float>());
  SmallVector<float> packed(panels * k * panel, 0.0f);
  for (int64_t p = 0; p < panels; ++p)
    for (int64_t row = 0; row < k; ++row)
      for (int64_t j = 0; j < panel && p * panel + j < n; ++j)
        packed[(p * k + row) * panel + j] = values[row * n + p * panel + j];
  return DenseElementsAttr::get(
      RankedTensorType::get({panels, k, panel}, type.getElementType()),
      ArrayRef<float>(packed));
}

void WeightPacker::packConstants() {
  SmallVector<std::tuple<linalg::MatmulOp, DenseElementsAttr, int64_t>>
      candidates;
  func.walk([&](linalg::MatmulOp matmul) {
    DenseElementsAttr b;
    if (!matchPattern(matmul.getDpsInputOperand(1)->get(), m_Constant(&b)))
      return;
    auto type = dyn_cast<RankedTensorType>(b.getType());
    // A splat is one number: nothing to stream.
    if (!type || type.getRank() != 2 || !type.hasStaticShape() ||
        !type.getElementType().isF32() || b.isSplat())
      return;
    if (std::optional<int64_t> panel = panelFor(matmul, type.getDimSize(1)))
      candidates.emplace_back(matmul, b, *panel);
  });
  // Matmuls on one constant share its packed copy, made at the function's
  // entry.
  llvm::DenseMap<std::pair<Attribute, int64_t>, Value> packed;
  for (auto [matmul, b, panel] : candidates) {
    Value &value = packed[{b, panel}];
    if (!value) {
      rewriter.setInsertionPointToStart(&func.getBody().front());
      value = arith::ConstantOp::create(rewriter, matmul.getLoc(),
                                        packPanels(b, panel));
    }
    (void)matmulOnPackedB(rewriter, matmul, value);
  }
}

std::optional<std::pair<FlatSymbolRefAttr, BlockArgument>>
WeightPacker::variableOf(linalg::MatmulOp matmul) {
  auto read = matmul.getDpsInputOperand(1)
                  ->get()
                  .getDefiningOp<bufferization::ToTensorOp>();
  auto variables = func->getAttrOfType<ArrayAttr>(kVariablesAttrName);
  if (!read || !variables)
    return std::nullopt;
  auto buffer = dyn_cast<BlockArgument>(read.getBuffer());
  if (!buffer || buffer.getOwner() != &func.getBody().front())
    return std::nullopt;
  // The variables are the trailing arguments the ABI lowering added.
  int64_t firstVariable = static_cast<int64_t>(func.getNumArguments()) -
                          static_cast<int64_t>(variables.size());
  int64_t index = static_cast<int64_t>(buffer.getArgNumber()) - firstVariable;
  if (index < 0 || index >= static_cast<int64_t>(variables.size()))
    return std::nullopt;
  return std::make_pair(cast<FlatSymbolRefAttr>(variables[index]), buffer);
}

FailureOr<SmallVector<Attribute>> WeightPacker::packVariables() {
  struct Candidate {
    linalg::MatmulOp matmul;
    FlatSymbolRefAttr variable;
    MemRefType bufferType;
    int64_t panel;
  };
  SmallVector<Candidate> candidates;
  func.walk([&](linalg::MatmulOp matmul) {
    auto variable = variableOf(matmul);
    if (!variable)
      return;
    auto type = dyn_cast<MemRefType>(variable->second.getType());
    if (!type || type.getRank() != 2 || !type.hasStaticShape() ||
        !type.getElementType().isF32() || !type.getLayout().isIdentity())
      return;
    if (std::optional<int64_t> panel = panelFor(matmul, type.getDimSize(1)))
      candidates.push_back({matmul, variable->first, type, *panel});
  });
  MLIRContext *context = func.getContext();
  // One argument per variable and panel, read once at the entry.
  llvm::DenseMap<std::pair<Attribute, int64_t>, Value> packedArgs;
  SmallVector<Attribute> views;
  Block &entry = func.getBody().front();
  for (Candidate &candidate : candidates) {
    Value &packed = packedArgs[{candidate.variable, candidate.panel}];
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
struct TFCPackWeightsPass
    : public tfc::impl::TFCPackWeightsBase<TFCPackWeightsPass> {
  using TFCPackWeightsBase::TFCPackWeightsBase;

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
      if (func.isExternal())
        continue;
      WeightPacker packer(func, tiler, *cpu);
      packer.packConstants();
      // An entry point that assigns variables would refresh the packed
      // copies on every call: its matmuls on variables pack B as before.
      if (!func->hasAttr(kEntryPointAttrName) ||
          func->hasAttr(kWritesVariablesAttrName))
        continue;
      FailureOr<SmallVector<Attribute>> views = packer.packVariables();
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
