/*===- limits.c - the machine's compute and bandwidth limits ----*- C -*-===*\
|*                                                                          *|
|* Measures what no program can beat on this machine, so the benchmark can  *|
|* say how far from the limit each case is:                                 *|
|*   - the FMA peak in GFLOP/s with 512-bit (AVX-512) and 256-bit (AVX2)    *|
|*     vectors: independent FMA chains, enough to cover the latency; null   *|
|*     for an instruction set the CPU does not have (checked at run time);  *|
|*   - the STREAM triad bandwidth a[i] = b[i] + s * c[i] on arrays far      *|
|*     larger than the caches, counted as STREAM does (3 x 4 bytes).        *|
|* Each with 1 and 2 threads. Prints one JSON object.                       *|
|*                                                                          *|
|*   clang-22 -O2 -march=native -pthread limits.c -o limits                 *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#include <immintrin.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

enum { kChains = 12, kIterations = 20000000 };

/* 12 independent chains of FMAs: 2 FMA ports x 4 cycles latency x margin. */
__attribute__((target("avx512f"))) static float fma512(void) {
  __m512 acc[kChains];
  for (int i = 0; i < kChains; ++i)
    acc[i] = _mm512_set1_ps((float)i);
  __m512 a = _mm512_set1_ps(0.999999f), b = _mm512_set1_ps(1e-7f);
  for (long it = 0; it < kIterations; ++it)
    for (int i = 0; i < kChains; ++i)
      acc[i] = _mm512_fmadd_ps(acc[i], a, b);
  __m512 sum = acc[0];
  for (int i = 1; i < kChains; ++i)
    sum = _mm512_add_ps(sum, acc[i]);
  return _mm512_reduce_add_ps(sum);
}

__attribute__((target("avx2,fma"))) static float fma256(void) {
  __m256 acc[kChains];
  for (int i = 0; i < kChains; ++i)
    acc[i] = _mm256_set1_ps((float)i);
  __m256 a = _mm256_set1_ps(0.999999f), b = _mm256_set1_ps(1e-7f);
  for (long it = 0; it < kIterations; ++it)
    for (int i = 0; i < kChains; ++i)
      acc[i] = _mm256_fmadd_ps(acc[i], a, b);
  __m256 sum = acc[0];
  for (int i = 1; i < kChains; ++i)
    sum = _mm256_add_ps(sum, acc[i]);
  float lanes[8];
  _mm256_storeu_ps(lanes, sum);
  return lanes[0] + lanes[7];
}

/* Triad arrays: 3 x 64 MiB, far beyond the last-level cache. */
enum { kTriadElements = 16 * 1024 * 1024, kTriadRounds = 10 };
static float *triadA, *triadB, *triadC;

struct Work {
  int kind; /* 0: fma512, 1: fma256, 2: triad */
  long begin, end;
  float sink;
};

static void *runWork(void *arg) {
  struct Work *work = arg;
  if (work->kind == 0)
    work->sink = fma512();
  else if (work->kind == 1)
    work->sink = fma256();
  else
    for (int round = 0; round < kTriadRounds; ++round)
      for (long i = work->begin; i < work->end; ++i)
        triadA[i] = triadB[i] + 3.0f * triadC[i];
  return NULL;
}

/* Runs `kind` on `threads` threads at once; returns the wall time. */
static double runOn(int kind, int threads) {
  pthread_t ids[2];
  struct Work work[2];
  long chunk = kTriadElements / threads;
  double start = now();
  for (int t = 0; t < threads; ++t) {
    work[t].kind = kind;
    work[t].begin = t * chunk;
    work[t].end = t == threads - 1 ? kTriadElements : (t + 1) * chunk;
    pthread_create(&ids[t], NULL, runWork, &work[t]);
  }
  for (int t = 0; t < threads; ++t)
    pthread_join(ids[t], NULL);
  return now() - start;
}

/* The best of `reps` runs: limits are what the machine can do at best. */
static double best(int kind, int threads, int reps) {
  double result = 1e30;
  for (int r = 0; r < reps; ++r) {
    double t = runOn(kind, threads);
    if (t < result)
      result = t;
  }
  return result;
}

int main(void) {
  triadA = aligned_alloc(64, sizeof(float) * kTriadElements);
  triadB = aligned_alloc(64, sizeof(float) * kTriadElements);
  triadC = aligned_alloc(64, sizeof(float) * kTriadElements);
  for (long i = 0; i < kTriadElements; ++i)
    triadA[i] = 0, triadB[i] = 1, triadC[i] = 2;

  double flops512 = 2.0 * 16 * kChains * (double)kIterations;
  double flops256 = 2.0 * 8 * kChains * (double)kIterations;
  double triadBytes = 3.0 * sizeof(float) * kTriadElements * kTriadRounds;
  __builtin_cpu_init();
  int hasAVX512 = __builtin_cpu_supports("avx512f");
  int hasAVX2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  printf("{");
  for (int threads = 1; threads <= 2; ++threads) {
    char peak512[32] = "null", peak256[32] = "null";
    if (hasAVX512)
      snprintf(peak512, sizeof(peak512), "%.1f",
               threads * flops512 / best(0, threads, 3) * 1e-9);
    if (hasAVX2)
      snprintf(peak256, sizeof(peak256), "%.1f",
               threads * flops256 / best(1, threads, 3) * 1e-9);
    double tTriad = best(2, threads, 3);
    printf("%s\"%d\": {\"fma_avx512_gflops\": %s, \"fma_avx2_gflops\": %s, "
           "\"triad_gbs\": %.2f}",
           threads == 1 ? "" : ", ", threads, peak512, peak256,
           triadBytes / tTriad * 1e-9);
  }
  printf("}\n");
  return 0;
}
