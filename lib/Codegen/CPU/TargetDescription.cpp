//===- TargetDescription.cpp - the CPU targets of code generation ---------===//
//
// The table of CPU targets, the tile sizes derived from an entry, and the
// choice of an entry for an LLVM CPU name and feature list.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/TargetDescription.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/TargetParser/X86TargetParser.h"

using namespace mlir;
using namespace mlir::tfc;

static constexpr int64_t KiB = 1024, MiB = 1024 * KiB;

/// One entry per vector instruction set tiling distinguishes. The caches
/// are those of a typical core of that class: the AVX-512 entry's are
/// Sapphire Rapids' (where the tiles were tuned), the AVX2 entry's Zen 3's
/// (Haswell to Skylake client cores have half its L2), the NEON entry's
/// Neoverse N1's.
static const CPUTarget cpuTargets[] = {
    {"avx512", "x86-64 with AVX-512F and FMA", /*vectorBits=*/512,
     /*vectorRegisters=*/32, /*fmaUnits=*/2, /*l1Bytes=*/48 * KiB,
     /*l2Bytes=*/2 * MiB},
    {"avx2", "x86-64 with AVX2 and FMA", 256, 16, 2, 32 * KiB, 512 * KiB},
    {"sse", "x86-64 baseline (SSE2, no FMA); the fallback for other CPUs", 128,
     16, 0, 32 * KiB, 256 * KiB},
    {"neon", "AArch64 with NEON (Advanced SIMD)", 128, 32, 2, 64 * KiB,
     1 * MiB},
};

ArrayRef<CPUTarget> mlir::tfc::getCPUTargets() { return cpuTargets; }

CPUTileSizes CPUTarget::getTileSizes() const {
  CPUTileSizes tiles;
  int64_t bytes = 4; // f32
  // Each broadcast element of A feeds two vector FMAs (one per FMA unit),
  // so a register tile row is two vectors of B's columns.
  int64_t rowVectors = 2;
  tiles.registerN = rowVectors * lanes();
  // As many rows of accumulators as the registers hold beside the row of B
  // and the broadcast (and the product, without FMA), at most 8: 8 rows
  // divide power-of-two shapes, and their 16 accumulators already cover
  // twice the FMA latency. AVX-512: 8 rows (16 of 32 registers); AVX2: 6
  // rows (12 of 16).
  int64_t reserved = rowVectors + 1 + (fmaUnits == 0 ? 1 : 0);
  tiles.registerM =
      std::clamp<int64_t>((vectorRegisters - reserved) / rowVectors, 1, 8);
  // A reduction block of B's panel and the register tile's rows of A stay
  // in L1: the largest power of two that fits.
  tiles.blockK = llvm::bit_floor(static_cast<uint64_t>(
      l1Bytes / ((tiles.registerM + tiles.registerN) * bytes)));
  // A thread's columns of B for eight reduction blocks (K = 2048 at 256)
  // stay in L2: a block of B is an eighth of it.
  tiles.blockN =
      std::max(tiles.registerN, l2Bytes / 8 / (tiles.blockK * bytes) /
                                    tiles.registerN * tiles.registerN);
  // Eight register tiles of rows per thread block.
  tiles.blockM = 8 * tiles.registerM;
  // Packing B costs a copy of B per call, the contraction M multiply-adds
  // per element of B: the pack pays off from a number of rows proportional
  // to the multiply-adds per cycle (512 rows with AVX-512, measured).
  tiles.minRowsToPack = 16 * lanes() * std::max<int64_t>(fmaUnits, 1);
  // With AVX2 the copy pays from 64 rows: on an AMD Zen 3 the
  // 784-512-512-10 MLP took 1.02 against 1.10 ms at 64 rows, 1.96 against
  // 2.26 ms at 128 (one thread), and lost 4 % at 32 rows; 1024-256-256-32
  // likewise (two threads: even at 64 rows, 7 % faster at 128).
  if (vectorBits == 256)
    tiles.minRowsToPack = 64;
  // Element-wise ops and reductions step through a row 64 elements (four
  // cache lines) at a time, at most half the register file per value: 4
  // zmm, 8 xmm. AVX2 takes 4 ymm (32 elements): on an AMD Zen 3, 8 ymm
  // spilled the exponential's temporaries, and 4 ymm ran the element-wise
  // chain over 16M elements in 10.6 ms against 11.7 ms (1 thread) and
  // softmax [512, 30000] in 10.6 ms against 11.4 ms. (AVX2 code on an
  // AVX-512 machine had measured the opposite, 8.5 ms against 9.2 ms; such
  // a machine runs the AVX-512 build by default.)
  tiles.rowStep = std::min<int64_t>(64, vectorRegisters * lanes() / 2);
  if (vectorBits == 256)
    tiles.rowStep = 4 * lanes();
  // At most eight register files' worth of elements in one vector op.
  tiles.maxVectorElements = 8 * vectorRegisters * lanes();
  return tiles;
}

/// The features of `cpu` (an LLVM x86 CPU name) with `features` applied on
/// top, each with what it implies (`-avx2` clears AVX-512 too).
static llvm::StringMap<bool> getX86Features(StringRef cpu, StringRef features) {
  llvm::StringMap<bool> enabled;
  // A feature and, on or off, what goes with it; LLVM's list of a CPU's
  // features leaves out implied ones (x86-64-v4 names avx512vl, not
  // avx512f).
  auto set = [&](StringRef feature, bool on) {
    enabled[feature] = on;
    llvm::X86::updateImpliedFeatures(feature, on, enabled);
  };
  SmallVector<StringRef> cpuFeatures;
  llvm::X86::getFeaturesForCPU(cpu, cpuFeatures);
  for (StringRef feature : cpuFeatures)
    set(feature, true);
  SmallVector<StringRef> list;
  features.split(list, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef feature : list) {
    feature = feature.trim();
    if (feature.size() >= 2 && (feature[0] == '+' || feature[0] == '-'))
      set(feature.drop_front(), feature[0] == '+');
  }
  return enabled;
}

/// The host's features in LLVM's `+a,-b` form, as the object file emitter
/// passes them.
static std::string getHostFeatures() {
  std::string features;
  for (const auto &entry : llvm::sys::getHostCPUFeatures()) {
    if (!features.empty())
      features += ',';
    features += (entry.second ? "+" : "-") + entry.first().str();
  }
  return features;
}

const CPUTarget &mlir::tfc::selectCPUTarget(StringRef cpu, StringRef features,
                                            StringRef tripleName) {
  llvm::Triple host(llvm::sys::getDefaultTargetTriple());
  llvm::Triple triple = tripleName.empty()
                            ? host
                            : llvm::Triple(llvm::Triple::normalize(tripleName));
  if (triple.isAArch64())
    return *lookupCPUTarget("neon");
  if (!triple.isX86())
    return *lookupCPUTarget("sse");
  bool cross = triple.getArch() != host.getArch();
  std::string hostFeatures;
  if (cross && (cpu.empty() || cpu == "host")) {
    // Another architecture's generic CPU: x86-64 is the baseline.
    cpu = "x86-64";
  } else if (cpu.empty() || cpu == "host") {
    cpu = llvm::sys::getHostCPUName();
    if (features.empty()) {
      hostFeatures = getHostFeatures();
      features = hostFeatures;
    }
  }
  llvm::StringMap<bool> enabled = getX86Features(cpu, features);
  auto has = [&](StringRef feature) { return enabled.lookup(feature); };
  if (has("avx512f") && has("fma"))
    return *lookupCPUTarget("avx512");
  if (has("avx2") && has("fma"))
    return *lookupCPUTarget("avx2");
  return *lookupCPUTarget("sse");
}

const CPUTarget *mlir::tfc::lookupCPUTarget(StringRef name) {
  if (name == "host")
    return &selectCPUTarget("host", "");
  for (const CPUTarget &target : cpuTargets)
    if (target.name == name)
      return &target;
  return nullptr;
}

/// `bytes` as KiB or MiB.
static std::string formatBytes(int64_t bytes) {
  if (bytes >= MiB && bytes % MiB == 0)
    return std::to_string(bytes / MiB) + " MiB";
  return std::to_string(bytes / KiB) + " KiB";
}

void mlir::tfc::printCPUTarget(llvm::raw_ostream &os, const CPUTarget &target) {
  CPUTileSizes tiles = target.getTileSizes();
  os << "target " << target.name << ": " << target.summary << "\n";
  os << "  vector registers: " << target.vectorRegisters << " x "
     << target.vectorBits << " bits (" << target.lanes() << " f32)\n";
  os << "  FMA units: " << target.fmaUnits << "\n";
  os << "  L1 data cache: " << formatBytes(target.l1Bytes)
     << ", L2 cache: " << formatBytes(target.l2Bytes) << "\n";
  os << "  matmul register tile: " << tiles.registerM << " x "
     << tiles.registerN << " ("
     << tiles.registerM * tiles.registerN / target.lanes()
     << " accumulator registers)\n";
  os << "  matmul blocks: " << tiles.blockM << " rows x " << tiles.blockN
     << " columns per thread, " << tiles.blockK << " reduction steps\n";
  os << "  B packed from " << tiles.minRowsToPack << " rows of A\n";
  os << "  element-wise step: " << tiles.rowStep << " elements\n";
  os << "  largest vector operation: " << tiles.maxVectorElements
     << " elements\n";
}
