/* Drives packed_weights.mlir: its matmuls read their weights as packed
 * copies of the variables (tfc-pack-weights), which the runtime
 * must refresh whenever a variable may have changed: after an assigning
 * entry point, tfc_variable_assign, or a write through tfc_variable_data
 * under the exclusive lock, also while other threads call the model. */
#include "packed.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { IN = 64, HIDDEN = 32, OUT = 10 };

static tfc_status *status;
static tfc_model *model;

static void fail(const char *what) {
  printf("%s failed: %s\n", what, tfc_status_message(status));
  exit(1);
}

static tfc_tensor *input(int64_t batch) {
  int64_t shape[2] = {batch, IN};
  tfc_tensor *x = tfc_tensor_create(TFC_F32, 2, shape, status);
  if (!x)
    fail("create x");
  float *data = tfc_tensor_data(x);
  for (int64_t i = 0; i < batch * IN; ++i)
    data[i] = (float)((i * 37 % 101) - 50) / 25.0f;
  return x;
}

static tfc_tensor *predict(const tfc_tensor *x) {
  tfc_tensor *y = NULL;
  tfc_code code = tfc_tensor_dim(x, 0) == 8 && tfc_tensor_dim(x, 1) == IN
                      ? packed_predict8(model, x, &y, status)
                      : packed_predict(model, x, &y, status);
  if (code != TFC_OK)
    fail("predict");
  return y;
}

static tfc_variable *variable(const char *name) {
  tfc_variable *var = tfc_store_find(tfc_model_store(model), name, status);
  if (!var)
    fail(name);
  return var;
}

/* The largest difference from relu(x w1) w2 in double precision, relative
 * to the largest output. */
static double error(const tfc_tensor *x, const tfc_tensor *y) {
  const float *w1 = tfc_variable_data(variable("mlp/w1"));
  const float *w2 = tfc_variable_data(variable("mlp/w2"));
  const float *xs = tfc_tensor_data(x), *ys = tfc_tensor_data(y);
  double worst = 0, largest = 1e-30;
  for (int64_t r = 0; r < tfc_tensor_dim(x, 0); ++r) {
    double h[HIDDEN];
    for (int j = 0; j < HIDDEN; ++j) {
      h[j] = 0;
      for (int k = 0; k < IN; ++k)
        h[j] += (double)xs[r * IN + k] * w1[k * HIDDEN + j];
      h[j] = h[j] > 0 ? h[j] : 0;
    }
    for (int j = 0; j < OUT; ++j) {
      double want = 0;
      for (int k = 0; k < HIDDEN; ++k)
        want += h[k] * w2[k * OUT + j];
      worst = fmax(worst, fabs(want - ys[r * OUT + j]));
      largest = fmax(largest, fabs(want));
    }
  }
  return worst / largest;
}

/* Whether y is exactly `factor` times want. */
static int scaled(const tfc_tensor *y, const tfc_tensor *want, float factor) {
  const float *a = tfc_tensor_data(y), *b = tfc_tensor_data(want);
  for (int64_t i = 0; i < tfc_tensor_num_elements(want); ++i)
    if (a[i] != factor * b[i])
      return 0;
  return tfc_tensor_num_elements(y) == tfc_tensor_num_elements(want);
}

static void scale(float factor) {
  tfc_tensor *f = tfc_tensor_create(TFC_F32, 0, NULL, status);
  *(float *)tfc_tensor_data(f) = factor;
  tfc_tensor *out = NULL;
  if (packed_scale(model, f, &out, status) != TFC_OK)
    fail("scale");
  tfc_tensor_destroy(out);
  tfc_tensor_destroy(f);
}

/* Readers calling predict while the main thread writes w1. */
static tfc_tensor *shared_x, *shared_want;
static int mismatches;
static pthread_mutex_t mismatch_lock = PTHREAD_MUTEX_INITIALIZER;

static void *reader(void *arg) {
  (void)arg;
  for (int i = 0; i < 40; ++i) {
    tfc_tensor *y = predict(shared_x);
    /* Each call sees w1 or 2 w1, never a mix. */
    if (!scaled(y, shared_want, 1.0f) && !scaled(y, shared_want, 2.0f)) {
      pthread_mutex_lock(&mismatch_lock);
      ++mismatches;
      pthread_mutex_unlock(&mismatch_lock);
    }
    tfc_tensor_destroy(y);
  }
  return NULL;
}

int main(void) {
  status = tfc_status_create();
  model = packed_create(NULL, status);
  if (!model)
    fail("create");
  if (packed_initialize_global(model, status) != TFC_OK)
    fail("initialize");

  /* The numbers, at every batch size's mix of tiles. */
  const int64_t batches[] = {0, 1, 7, 8, 64, 1000};
  for (size_t i = 0; i < sizeof batches / sizeof batches[0]; ++i) {
    tfc_tensor *x = input(batches[i]);
    tfc_tensor *y = predict(x);
    double e = error(x, y);
    printf("batch %lld: %s\n", (long long)batches[i],
           e < 1e-5 ? "ok" : "WRONG");
    if (e >= 1e-5)
      printf("  relative error %g\n", e);
    tfc_tensor_destroy(y);
    tfc_tensor_destroy(x);
  }

  tfc_tensor *x = input(7);
  tfc_tensor *y0 = predict(x);
  tfc_tensor *again = predict(x);
  printf("again: %s\n", scaled(again, y0, 1.0f) ? "same" : "DIFFERENT");

  /* An assigning entry point: w1 doubles, so does every output. */
  tfc_tensor *w1 = tfc_variable_read(variable("mlp/w1"), status);
  scale(2.0f);
  tfc_tensor *y = predict(x);
  printf("after scale: %s\n", scaled(y, y0, 2.0f) ? "2x" : "STALE");
  tfc_tensor_destroy(y);

  /* The store's assign brings w1 back. */
  if (tfc_variable_assign(variable("mlp/w1"), w1, status) != TFC_OK)
    fail("assign");
  y = predict(x);
  printf("after assign: %s\n", scaled(y, y0, 1.0f) ? "1x" : "STALE");
  tfc_tensor_destroy(y);

  /* A write through the buffer under the exclusive lock: w2 negated. */
  tfc_variable *w2 = variable("mlp/w2");
  tfc_store_lock_exclusive(tfc_model_store(model));
  float *w2data = tfc_variable_data(w2);
  for (int i = 0; i < HIDDEN * OUT; ++i)
    w2data[i] = -w2data[i];
  tfc_store_unlock_exclusive(tfc_model_store(model));
  y = predict(x);
  printf("after write: %s\n", scaled(y, y0, -1.0f) ? "-1x" : "STALE");
  tfc_tensor_destroy(y);

  /* Four readers while w1 doubles and halves ten times. */
  shared_x = input(64);
  shared_want = predict(shared_x);
  pthread_t threads[4];
  for (int i = 0; i < 4; ++i)
    pthread_create(&threads[i], NULL, reader, NULL);
  for (int i = 0; i < 10; ++i) {
    scale(2.0f);
    scale(0.5f);
  }
  for (int i = 0; i < 4; ++i)
    pthread_join(threads[i], NULL);
  printf("concurrent readers: %d mismatches\n", mismatches);

  tfc_tensor_destroy(shared_want);
  tfc_tensor_destroy(shared_x);
  tfc_tensor_destroy(w1);
  tfc_tensor_destroy(again);
  tfc_tensor_destroy(y0);
  tfc_tensor_destroy(x);
  packed_destroy(model);
  tfc_status_destroy(status);
  return 0;
}
