//===- TargetDescription.h - the CPU targets of code generation -*- C++ -*-===//
//
// The CPU targets of tfc's code generation: per kind of CPU, the vector
// width, the vector registers, the FMA units and the cache sizes, and the
// tile sizes tiling, packing and vectorization derive from them. The passes
// name an entry of the table (their `target` option); the driver chooses it
// from `--cpu` and `--target-features`, the host by default
// (docs/performance.md, "CPU targets").
//
//===----------------------------------------------------------------------===//

#ifndef TFC_CODEGEN_TARGETDESCRIPTION_H
#define TFC_CODEGEN_TARGETDESCRIPTION_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

namespace mlir::tfc {

/// The tile sizes of f32 code for one CPU target, derived from its
/// description by `deriveTileSizes` (the rules are written there).
struct CPUTileSizes {
  /// The matmul register tile: rows of A broadcast, columns of B in vectors.
  int64_t registerM, registerN;
  /// The cache blocks of a contraction: output rows and columns per block
  /// (one block per thread), and reduction steps per block.
  int64_t blockM, blockN, blockK;
  /// B is packed into register-tile panels from this many rows of A on.
  int64_t minRowsToPack;
  /// The step of element-wise ops and reductions along a row.
  int64_t rowStep;
  /// The largest iteration space vectorized as one vector operation.
  int64_t maxVectorElements;
};

/// A kind of CPU as tiling and vectorization see it.
struct CPUTarget {
  /// The entry's name (`avx512`, `avx2`, `sse`, `neon`): what the passes'
  /// `target` option takes.
  StringRef name;
  /// The instruction sets it stands for, for people.
  StringRef summary;
  /// The width of a vector register and how many there are.
  int64_t vectorBits, vectorRegisters;
  /// Fused multiply-add instructions issued per cycle; 0 without FMA.
  int64_t fmaUnits;
  /// Data cache sizes per core.
  int64_t l1Bytes, l2Bytes;

  /// f32 elements per vector register.
  int64_t lanes() const { return vectorBits / 32; }
  CPUTileSizes getTileSizes() const;
};

/// Every entry of the table, widest vectors first.
ArrayRef<CPUTarget> getCPUTargets();

/// The entry named `name`, or the host's for `host`; null when there is
/// none of that name.
const CPUTarget *lookupCPUTarget(StringRef name);

/// The entry for code compiled for the target triple `triple` (empty for
/// the host's) and the LLVM CPU `cpu` (`host` for the CPU tfc runs on; on
/// another architecture than the host's, that architecture's generic CPU)
/// with the LLVM target features `features` (`+avx2,-fma`; for `host`, the
/// host's features when empty), as the object file emitter chooses them:
/// AVX-512F with FMA, else AVX2 with FMA, else the x86-64 baseline; NEON on
/// AArch64.
const CPUTarget &selectCPUTarget(StringRef cpu, StringRef features,
                                 StringRef triple = "");

/// Prints the description and its tile sizes, one fact per line.
void printCPUTarget(llvm::raw_ostream &os, const CPUTarget &target);

} // namespace mlir::tfc

#endif // TFC_CODEGEN_TARGETDESCRIPTION_H
