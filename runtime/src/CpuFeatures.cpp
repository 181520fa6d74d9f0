//===- CpuFeatures.cpp - the CPU features a model needs -------------------===//
//
// Which of the CPU features a model was compiled for (its metadata's
// `target cpu` line, LLVM's feature names) the CPU running it lacks. Read
// from CPUID on x86-64 (and XGETBV: the OS must save the vector registers)
// and from the kernel's hardware capabilities on AArch64. Names the runtime
// cannot test are taken as present: a newer compiler may record more.
//
//===----------------------------------------------------------------------===//

#include "Model.h"

#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#endif

using namespace tfc::runtime;

namespace {

/// One feature: its LLVM name and whether this CPU has it.
struct Feature {
  const char *name;
  bool present;
};

#if defined(__x86_64__) || defined(__i386__)

/// Bit `bit` of `word`.
bool bit(unsigned word, int bit) { return (word >> bit) & 1u; }

/// The features of this CPU, as far as code may use them: AVX needs the OS
/// to save the YMM registers, AVX-512 the ZMM and mask registers too.
std::vector<Feature> hostFeatures() {
  unsigned eax = 0, ebx = 0, ecx1 = 0, edx = 0;
  unsigned ebx7 = 0, ecx7 = 0, edx7 = 0, eax71 = 0, ecxExt = 0;
  unsigned maxLeaf = __get_cpuid_max(0, nullptr);
  __cpuid(1, eax, ebx, ecx1, edx);
  if (maxLeaf >= 7) {
    __cpuid_count(7, 0, eax, ebx7, ecx7, edx7);
    unsigned subleaves = eax;
    if (subleaves >= 1)
      __cpuid_count(7, 1, eax71, ebx, ecxExt, edx);
  }
  ecxExt = 0;
  if (__get_cpuid_max(0x80000000u, nullptr) >= 0x80000001u)
    __cpuid(0x80000001u, eax, ebx, ecxExt, edx);

  bool avxState = false, avx512State = false;
  if (bit(ecx1, 27)) { // OSXSAVE: XGETBV is available.
    unsigned xcr0Low, xcr0High;
    __asm__("xgetbv" : "=a"(xcr0Low), "=d"(xcr0High) : "c"(0));
    avxState = (xcr0Low & 0x6u) == 0x6u;
    avx512State = avxState && (xcr0Low & 0xe0u) == 0xe0u;
  }
  bool avx = bit(ecx1, 28) && avxState;
  bool avx512 = bit(ebx7, 16) && avx512State;
  return {
      {"sse3", bit(ecx1, 0)},
      {"ssse3", bit(ecx1, 9)},
      {"sse4.1", bit(ecx1, 19)},
      {"sse4.2", bit(ecx1, 20)},
      {"popcnt", bit(ecx1, 23)},
      {"movbe", bit(ecx1, 22)},
      {"avx", avx},
      {"fma", avx && bit(ecx1, 12)},
      {"f16c", avx && bit(ecx1, 29)},
      {"avx2", avx && bit(ebx7, 5)},
      {"bmi", bit(ebx7, 3)},
      {"bmi2", bit(ebx7, 8)},
      {"lzcnt", bit(ecxExt, 5)},
      {"avx512f", avx512},
      {"avx512dq", avx512 && bit(ebx7, 17)},
      {"avx512ifma", avx512 && bit(ebx7, 21)},
      {"avx512cd", avx512 && bit(ebx7, 28)},
      {"avx512bw", avx512 && bit(ebx7, 30)},
      {"avx512vl", avx512 && bit(ebx7, 31)},
      {"avx512vbmi", avx512 && bit(ecx7, 1)},
      {"avx512vbmi2", avx512 && bit(ecx7, 6)},
      {"gfni", bit(ecx7, 8)},
      {"vaes", avx && bit(ecx7, 9)},
      {"vpclmulqdq", avx && bit(ecx7, 10)},
      {"avx512vnni", avx512 && bit(ecx7, 11)},
      {"avx512bitalg", avx512 && bit(ecx7, 12)},
      {"avx512vpopcntdq", avx512 && bit(ecx7, 14)},
      {"avx512vp2intersect", avx512 && bit(edx7, 8)},
      {"avx512fp16", avx512 && bit(edx7, 23)},
      {"avxvnni", avx && bit(eax71, 4)},
      {"avx512bf16", avx512 && bit(eax71, 5)},
  };
}

#elif defined(__aarch64__) && defined(__linux__)

/// The features of this CPU beyond AArch64's baseline (FP and NEON), from
/// the hardware capabilities the kernel reports (asm/hwcap.h's bits).
std::vector<Feature> hostFeatures() {
  unsigned long hwcap = getauxval(AT_HWCAP);
  unsigned long hwcap2 = getauxval(AT_HWCAP2);
  auto has = [](unsigned long word, int bit) {
    return ((word >> bit) & 1ul) != 0;
  };
  return {
      {"crc", has(hwcap, 7)},       {"lse", has(hwcap, 8)},
      {"fullfp16", has(hwcap, 10)}, {"rdm", has(hwcap, 12)},
      {"rcpc", has(hwcap, 15)},     {"dotprod", has(hwcap, 20)},
      {"sve", has(hwcap, 22)},      {"fp16fml", has(hwcap, 23)},
      {"sve2", has(hwcap2, 1)},     {"i8mm", has(hwcap2, 13)},
      {"bf16", has(hwcap2, 14)},
  };
}

#else

std::vector<Feature> hostFeatures() { return {}; }

#endif

} // namespace

std::vector<std::string>
tfc::runtime::missingCpuFeatures(const std::vector<std::string> &needed) {
  static const std::vector<Feature> host = hostFeatures();
  std::vector<std::string> missing;
  for (const std::string &name : needed)
    for (const Feature &feature : host)
      if (name == feature.name && !feature.present)
        missing.push_back(name);
  return missing;
}
