//===- TFCToLinalg.cpp - the convert-tfc-to-linalg pass -------------------===//
//
// Collects the op-family patterns, lowers constants, and runs the partial
// conversion.
//
//===----------------------------------------------------------------------===//

#include "tfc/Conversion/TFCToLinalg/TFCToLinalg.h"

#include "Patterns.h"
#include "tfc/Conversion/Passes.h"
#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_CONVERTTFCTOLINALG
#include "tfc/Conversion/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// Splat constants from this size on are filled at run time rather than
/// stored: a buffer the compiled code needs (a matmul's destination, a
/// branch's result) would otherwise become a global of that many bytes in
/// the library, for zeros that take one instruction to write.
constexpr int64_t kStoredSplatBytes = 16 * 1024;

/// tfc.constant is an arith.constant of the same dense value, or, for a
/// large splat, a linalg.fill of its one value.
struct ConstantToArith : public OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = dyn_cast<TypedAttr>(op.getValue());
    if (!value)
      return rewriter.notifyMatchFailure(op, "constant value is not typed");
    auto splat = dyn_cast<SplatElementsAttr>(value);
    auto type = splat ? dyn_cast<RankedTensorType>(splat.getType())
                      : RankedTensorType();
    if (type && type.hasStaticShape() &&
        type.getElementType().isIntOrFloat() &&
        type.getNumElements() *
                std::max<int64_t>(
                    type.getElementType().getIntOrFloatBitWidth() / 8, 1) >=
            kStoredSplatBytes) {
      Location loc = op.getLoc();
      Value element = arith::ConstantOp::create(
          rewriter, loc, cast<TypedAttr>(splat.getSplatValue<Attribute>()));
      Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                            type.getElementType());
      rewriter.replaceOpWithNewOp<linalg::FillOp>(op, element, empty);
      return success();
    }
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, value);
    return success();
  }
};

struct ConvertTFCToLinalgPass
    : public tfc::impl::ConvertTFCToLinalgBase<ConvertTFCToLinalgPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    Dialect *tfcDialect = context->getLoadedDialect<TFCDialect>();
    // A TensorArray is one preallocated tensor: its element shape must be
    // known. Said here, before the conversion's generic failure.
    WalkResult arrays = getOperation()->walk([](TensorArrayCreateOp create) {
      auto element = cast<TensorArrayType>(create.getType()).getElementType();
      if (element.hasStaticShape())
        return WalkResult::advance();
      create.emitOpError("creates a TensorArray of ")
          << element
          << ", whose shape is not static; code generation preallocates "
             "TensorArrays and needs the element shape";
      return WalkResult::interrupt();
    });
    if (arrays.wasInterrupted())
      return signalPassFailure();

    if (failed(checkWindowOpsLowerable(getOperation())))
      return signalPassFailure();

    markGrowingTensorArrayWrites(getOperation());

    RewritePatternSet patterns(context);
    TensorArrayTypeConverter converter;
    populateTFCToLinalgConversionPatterns(patterns);
    populateTFCControlFlowConversionPatterns(converter, patterns);
    ConversionTarget target(*context);
    configureTFCToLinalgConversionTarget(target, patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns)))) {
      signalPassFailure();
      return;
    }
    // Computation ops without a lowering would only fail later, in
    // bufferization, with a less helpful message.
    getOperation()->walk([&](Operation *op) {
      if (op->getDialect() != tfcDialect ||
          isa<GraphOp, FetchOp, YieldOp, GlobalVariableOp, InitializerPlanOp,
              VarHandleOp, ReadOp, AssignOp, AssignAddOp, AssignSubOp,
              GetVariableOp, VariableOp, VariableScopeOp, NameScopeOp,
              InitializedValueOp, AddToCollectionOp, ReuseVariablesOp>(op))
        return;
      op->emitOpError("is not supported by code generation yet");
      signalPassFailure();
    });
  }
};

} // namespace

void mlir::tfc::populateTFCToLinalgConversionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ConstantToArith>(patterns.getContext());
  populateElementwiseToLinalgPatterns(patterns);
  populateMatMulToLinalgPatterns(patterns);
  populateReductionToLinalgPatterns(patterns);
  populateRandomToLinalgPatterns(patterns);
  populateNNToCorePatterns(patterns);
  populateGradientKernelsToLinalgPatterns(patterns);
  populateWindowToLinalgPatterns(patterns);
  populateWindowGradientsToLinalgPatterns(patterns);
  populateShapeToLinalgPatterns(patterns);
  populateSliceToTensorPatterns(patterns);
  populateIndexingToLinalgPatterns(patterns);
}

void mlir::tfc::populateTFCControlFlowConversionPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  populateControlFlowToSCFPatterns(converter, patterns);
  populateTensorArrayToTensorPatterns(converter, patterns);
}

void mlir::tfc::configureTFCToLinalgConversionTarget(
    ConversionTarget &target, RewritePatternSet &patterns) {
  target.addLegalDialect<arith::ArithDialect, linalg::LinalgDialect,
                         math::MathDialect, scf::SCFDialect,
                         tensor::TensorDialect>();
  // The terminators of branches and loops, once those are scf ops.
  target.addDynamicallyLegalOp<YieldOp>([](YieldOp op) {
    return !isa<scf::IfOp, scf::WhileOp>(op->getParentOp());
  });
  // Every other tfc op a pattern lowers must be lowered: the patterns are
  // the list, so an op gains a lowering and its legality in one place.
  for (const std::unique_ptr<RewritePattern> &pattern :
       patterns.getNativePatterns()) {
    std::optional<OperationName> root = pattern->getRootKind();
    if (root &&
        root->getDialectNamespace() == TFCDialect::getDialectNamespace() &&
        !target.getOpAction(*root))
      target.addIllegalOp(*root);
  }
}
