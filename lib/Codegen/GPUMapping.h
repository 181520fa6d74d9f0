//===- GPUMapping.h - building blocks of tfc-gpu-map-linalg -----*- C++ -*-===//
//
// Internal to lib/Codegen: the helpers tfc-gpu-map-linalg's mappings share
// (launches, index arithmetic, operands at an iteration point), and the
// shared-memory tiling of contractions, which has its own file.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_CODEGEN_GPUMAPPING_H
#define TFC_LIB_CODEGEN_GPUMAPPING_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"

namespace mlir::tfc::gpu_mapping {

Value indexConstant(OpBuilder &b, Location loc, int64_t value);

/// The product of `values`, its static part folded (block sizes depend on
/// it).
Value product(OpBuilder &b, Location loc, ArrayRef<Value> values);

/// Splits `linear` into indices of `sizes`, the last one fastest.
SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
                               ArrayRef<Value> sizes);

/// The indices of an operand at iteration point `ivs`.
SmallVector<Value> indicesAt(OpBuilder &b, Location loc, AffineMap map,
                             ValueRange ivs);

/// max(value, 1): CUDA refuses empty grids, and an empty iteration space is
/// handled by the kernels' bounds checks instead of a host branch (which
/// would cut the call's stream of asynchronous work in pieces).
Value atLeastOne(OpBuilder &b, Location loc, Value value);

/// Creates a gpu.launch and leaves `b` at the start of its body.
gpu::LaunchOp createLaunch(OpBuilder &b, Location loc, ArrayRef<Value> grid,
                           ArrayRef<int64_t> block);

/// The loop sizes of `op`.
SmallVector<Value> loopSizes(OpBuilder &b, Location loc, linalg::GenericOp op);

/// Maps `op`, a matmul-like contraction of f32 buffers (C[b.., m, n] +=
/// A[b.., m, k] * B[b.., k, n], any operand layouts), to blocks that stage
/// tiles of A and B in shared memory and threads that each accumulate a
/// register tile; returns failure, creating nothing, when `op` is not such
/// a contraction or is too small for it to pay.
LogicalResult mapTiledContraction(OpBuilder &b, linalg::GenericOp op);

} // namespace mlir::tfc::gpu_mapping

#endif // TFC_LIB_CODEGEN_GPUMAPPING_H
