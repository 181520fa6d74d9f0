//===- PrefetchRows.cpp - the tfc-prefetch-rows pass ----------------------===//
//
// Overlaps the memory-bound first pass of a multi-pass row chain with the
// arithmetic of the pass after it: while that pass computes on the row in
// cache, it prefetches the next row into L2.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCPREFETCHROWS
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// Bytes per cache line, on every CPU target tfc has.
static constexpr int64_t kCacheLineBytes = 64;

/// A row of a buffer that a pass over the row reads, `buffer[row, j]`: the
/// buffer and the row.
using RowRead = std::pair<Value, Value>;

/// The row `read` reads in the pass `pass` over a row of `rowLoop`: a 2-d
/// buffer from outside the row loop, at a row fixed during the pass and
/// the pass's induction variable as the column.
static std::optional<RowRead> getRowRead(vector::TransferReadOp read,
                                         scf::ForOp pass, scf::ForOp rowLoop) {
  auto type = dyn_cast<MemRefType>(read.getBase().getType());
  if (!type || type.getRank() != 2 || read.getIndices().size() != 2 ||
      read.getVectorType().getRank() == 0 ||
      !rowLoop.isDefinedOutsideOfLoop(read.getBase()))
    return std::nullopt;
  Value row = read.getIndices()[0];
  if (read.getIndices()[1] != pass.getInductionVar() ||
      !pass.isDefinedOutsideOfLoop(row) || rowLoop.isDefinedOutsideOfLoop(row))
    return std::nullopt;
  return RowRead{read.getBase(), row};
}

/// Prefetches, before each read of `row` in `pass`, the cache lines it
/// reads, one row further (the last row stays where it is).
static void prefetchNextRow(scf::ForOp pass, const RowRead &row,
                            ArrayRef<vector::TransferReadOp> reads) {
  OpBuilder builder(pass);
  Location loc = pass.getLoc();
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  auto [buffer, rowIndex] = row;
  Value rows = memref::DimOp::create(builder, loc, buffer, 0);
  Value next = arith::MinUIOp::create(
      builder, loc, arith::AddIOp::create(builder, loc, rowIndex, one),
      arith::SubIOp::create(builder, loc, rows, one));
  for (vector::TransferReadOp read : reads) {
    builder.setInsertionPoint(read);
    auto type = cast<MemRefType>(read.getBase().getType());
    int64_t elementBytes = type.getElementTypeBitWidth() / 8;
    int64_t elements = read.getVectorType().getShape().back();
    int64_t lineElements = std::max<int64_t>(1, kCacheLineBytes / elementBytes);
    for (int64_t offset = 0; offset < elements; offset += lineElements) {
      Value column = read.getIndices()[1];
      if (offset != 0)
        column = arith::AddIOp::create(
            builder, loc, column,
            arith::ConstantIndexOp::create(builder, loc, offset));
      memref::PrefetchOp::create(builder, loc, buffer, ValueRange{next, column},
                                 /*isWrite=*/false, /*localityHint=*/2,
                                 /*isDataCache=*/true);
    }
  }
}

namespace {
struct TFCPrefetchRowsPass
    : public tfc::impl::TFCPrefetchRowsBase<TFCPrefetchRowsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> rowLoops;
    getOperation().walk([&](scf::ForOp loop) { rowLoops.push_back(loop); });
    for (scf::ForOp rowLoop : rowLoops) {
      // Buffers the row loop writes are outputs, in cache once written.
      DenseSet<Value> written;
      rowLoop.walk([&](Operation *op) {
        if (auto write = dyn_cast<vector::TransferWriteOp>(op))
          written.insert(write.getBase());
        else if (auto store = dyn_cast<memref::StoreOp>(op))
          written.insert(store.getMemRef());
        else if (auto store = dyn_cast<vector::StoreOp>(op))
          written.insert(store.getBase());
      });
      // The passes over the row, in order, and what each reads of it.
      llvm::MapVector<RowRead, SmallVector<scf::ForOp>> passesByRow;
      DenseMap<std::pair<Operation *, RowRead>,
               SmallVector<vector::TransferReadOp>>
          readsByPass;
      for (auto pass : rowLoop.getBody()->getOps<scf::ForOp>()) {
        pass.walk([&](vector::TransferReadOp read) {
          std::optional<RowRead> row = getRowRead(read, pass, rowLoop);
          if (!row || written.contains(row->first))
            return;
          SmallVector<vector::TransferReadOp> &reads =
              readsByPass[{pass.getOperation(), *row}];
          if (reads.empty())
            passesByRow[*row].push_back(pass);
          reads.push_back(read);
        });
      }
      // The first pass brings the row from memory; the second prefetches
      // the next one.
      for (auto &[row, passes] : passesByRow)
        if (passes.size() >= 2)
          prefetchNextRow(passes[1], row,
                          readsByPass[{passes[1].getOperation(), row}]);
    }
  }
};
} // namespace
