/* Times one training step of the compiled polynomial fit
 * (examples/polynomial_fit): Adam(0.1) on 100 points of y = 5x^2 + 3.
 * Batches are made beforehand; only the train_step calls are timed.
 *
 *   bench_tfc STEPS REPEATS   prints "tfc_us_per_step MEDIAN" and w. */

#define _POSIX_C_SOURCE 199309L

#include "polynomial_fit.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { kPoints = 100, kBatches = 64 };

static uint64_t state = 0x9E3779B97F4A7C15ull;
static double uniform(double low, double high) {
  state ^= state >> 12;
  state ^= state << 25;
  state ^= state >> 27;
  uint64_t bits = (state * 0x2545F4914F6CDD1Dull) >> 11;
  return low + (high - low) * ((double)bits / 9007199254740992.0);
}

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  long steps = argc > 1 ? strtol(argv[1], NULL, 10) : 2000;
  int repeats = argc > 2 ? atoi(argv[2]) : 5;
  if (steps < 1 || repeats < 1 || repeats > 100)
    return 2;
  tfc_status *status = tfc_status_create();
  tfc_model *model = polynomial_fit_create(NULL, status);
  if (!model ||
      polynomial_fit_initialize_global(model, status) != TFC_OK) {
    fprintf(stderr, "bench_tfc: %s\n", tfc_status_message(status));
    return 1;
  }
  int64_t n = kPoints;
  tfc_tensor *xs[kBatches], *ys[kBatches];
  for (int b = 0; b < kBatches; ++b) {
    xs[b] = tfc_tensor_create(TFC_F32, 1, &n, status);
    ys[b] = tfc_tensor_create(TFC_F32, 1, &n, status);
    float *x = (float *)tfc_tensor_data(xs[b]);
    float *y = (float *)tfc_tensor_data(ys[b]);
    for (int i = 0; i < kPoints; ++i) {
      x[i] = (float)uniform(-10.0, 10.0);
      y[i] = 5.0f * x[i] * x[i] + 3.0f;
    }
  }
  double per_step[100];
  for (int r = 0; r < repeats; ++r) {
    double start = now_us();
    for (long s = 0; s < steps; ++s) {
      tfc_tensor *loss = NULL;
      if (polynomial_fit_train_step(model, xs[s % kBatches], ys[s % kBatches],
                                    &loss, status) != TFC_OK) {
        fprintf(stderr, "bench_tfc: %s\n", tfc_status_message(status));
        return 1;
      }
      tfc_tensor_destroy(loss);
    }
    per_step[r] = (now_us() - start) / steps;
  }
  qsort(per_step, repeats, sizeof(double), compare);
  printf("tfc_us_per_step %.3f\n", per_step[repeats / 2]);
  tfc_tensor *w = NULL;
  if (polynomial_fit_weights(model, &w, status) == TFC_OK) {
    const float *v = (const float *)tfc_tensor_data(w);
    printf("tfc_w %.4f %.4f %.4f\n", v[0], v[1], v[2]);
  }
  tfc_tensor_destroy(w);
  for (int b = 0; b < kBatches; ++b) {
    tfc_tensor_destroy(xs[b]);
    tfc_tensor_destroy(ys[b]);
  }
  polynomial_fit_destroy(model);
  tfc_status_destroy(status);
  return 0;
}
