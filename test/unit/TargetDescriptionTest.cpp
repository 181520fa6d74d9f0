//===- TargetDescriptionTest.cpp - CPU targets and their tile sizes -------===//
//
// The tile sizes each CPU target derives, and the target chosen for LLVM CPU
// names and feature lists.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/TargetDescription.h"

#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <gtest/gtest.h>

using namespace mlir::tfc;

namespace {

const CPUTarget &get(llvm::StringRef name) {
  const CPUTarget *target = lookupCPUTarget(name);
  EXPECT_NE(target, nullptr) << name.str();
  return *target;
}

bool isX86Host() {
  return llvm::Triple(llvm::sys::getDefaultTargetTriple()).isX86();
}

// The AVX-512 target derives the tiles tfc was tuned with on AVX-512.
TEST(TargetDescription, AVX512Tiles) {
  CPUTileSizes tiles = get("avx512").getTileSizes();
  EXPECT_EQ(tiles.registerM, 8);
  EXPECT_EQ(tiles.registerN, 32);
  EXPECT_EQ(tiles.blockM, 64);
  EXPECT_EQ(tiles.blockN, 256);
  EXPECT_EQ(tiles.blockK, 256);
  EXPECT_EQ(tiles.minRowsToPack, 512);
  EXPECT_EQ(tiles.rowStep, 64);
  EXPECT_EQ(tiles.maxVectorElements, 4096);
}

// AVX2: 12 of the 16 ymm registers hold a 6x16 register tile.
TEST(TargetDescription, AVX2Tiles) {
  const CPUTarget &avx2 = get("avx2");
  CPUTileSizes tiles = avx2.getTileSizes();
  EXPECT_EQ(avx2.lanes(), 8);
  EXPECT_EQ(tiles.registerM, 6);
  EXPECT_EQ(tiles.registerN, 16);
  EXPECT_EQ(tiles.blockK, 256);
  EXPECT_EQ(tiles.blockM % tiles.registerM, 0);
  EXPECT_EQ(tiles.blockN % tiles.registerN, 0);
  EXPECT_EQ(tiles.rowStep, 32);
  EXPECT_EQ(get("sse").getTileSizes().rowStep, 32);
}

// Every target's register tile fits its registers, with a row of B and a
// broadcast beside the accumulators, and its reduction block fits L1.
TEST(TargetDescription, TilesFitTheRegistersAndL1) {
  for (const CPUTarget &target : getCPUTargets()) {
    CPUTileSizes tiles = target.getTileSizes();
    int64_t rowVectors = tiles.registerN / target.lanes();
    EXPECT_LE(tiles.registerM * rowVectors + rowVectors + 1,
              target.vectorRegisters)
        << target.name.str();
    EXPECT_LE(tiles.blockK * (tiles.registerM + tiles.registerN) * 4,
              target.l1Bytes)
        << target.name.str();
    EXPECT_GE(tiles.blockN, tiles.registerN) << target.name.str();
  }
}

TEST(TargetDescription, Lookup) {
  EXPECT_EQ(get("neon").vectorBits, 128);
  EXPECT_EQ(get("neon").vectorRegisters, 32);
  EXPECT_EQ(get("sse").fmaUnits, 0);
  EXPECT_EQ(lookupCPUTarget("avx1024"), nullptr);
  EXPECT_NE(lookupCPUTarget("host"), nullptr);
}

// LLVM CPU names and features choose the widest instruction set they
// have; explicit features apply on top of the CPU's, with what they imply.
TEST(TargetDescription, SelectFromCPUAndFeatures) {
  if (!isX86Host())
    GTEST_SKIP() << "x86-64 CPU names";
  EXPECT_EQ(selectCPUTarget("skylake-avx512", "").name, "avx512");
  EXPECT_EQ(selectCPUTarget("sapphirerapids", "").name, "avx512");
  EXPECT_EQ(selectCPUTarget("haswell", "").name, "avx2");
  EXPECT_EQ(selectCPUTarget("znver3", "").name, "avx2");
  EXPECT_EQ(selectCPUTarget("x86-64", "").name, "sse");
  EXPECT_EQ(selectCPUTarget("x86-64-v3", "").name, "avx2");
  EXPECT_EQ(selectCPUTarget("x86-64-v4", "").name, "avx512");
  EXPECT_EQ(selectCPUTarget("x86-64", "+avx2,+fma").name, "avx2");
  // AVX without FMA (Sandy Bridge) has nothing the AVX2 tiles need.
  EXPECT_EQ(selectCPUTarget("sandybridge", "").name, "sse");
  // -avx2 takes AVX-512 with it.
  EXPECT_EQ(selectCPUTarget("skylake-avx512", "-avx512f").name, "avx2");
  EXPECT_EQ(selectCPUTarget("skylake-avx512", "-avx2").name, "sse");
  EXPECT_EQ(selectCPUTarget("haswell", "-fma").name, "sse");
  // The host with explicit features: the host CPU's features, then those.
  EXPECT_EQ(selectCPUTarget("host", "-avx2").name, "sse");
  // Another architecture: its entry, whatever the host is.
  EXPECT_EQ(selectCPUTarget("neoverse-n1", "", "aarch64-linux-gnu").name,
            "neon");
  EXPECT_EQ(selectCPUTarget("host", "", "aarch64-linux-gnu").name, "neon");
}

} // namespace
