/* The driver of the polynomial fit: the guide's training loop in C.
 *
 *   polynomial_fit train CHECKPOINT [STEPS]
 *     initializes the variables, then each step draws 100 points
 *     x ~ U(-10, 10), y = 5 x^2 + 3, and takes one Adam step
 *     (sess.run([train_op, loss])); prints the loss every 100 steps and w
 *     at the end, then saves the variables to CHECKPOINT.
 *
 *   polynomial_fit predict CHECKPOINT X...
 *     restores the variables in a fresh process and prints w and the
 *     fitted polynomial at each X.
 *
 * Built against the model's generated header (polynomial_fit.h) and
 * linked with libpolynomial_fit.so and libtfc_runtime.so. */

#include "polynomial_fit.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { kPoints = 100 };

static int check(tfc_code code, tfc_status *status, const char *what) {
  if (code == TFC_OK)
    return 1;
  fprintf(stderr, "polynomial_fit: %s: %s\n", what, tfc_status_message(status));
  return 0;
}

/* A small deterministic generator (xorshift64*), so runs are repeatable. */
static uint64_t state = 0x9E3779B97F4A7C15ull;
static double uniform(double low, double high) {
  state ^= state >> 12;
  state ^= state << 25;
  state ^= state >> 27;
  uint64_t bits = (state * 0x2545F4914F6CDD1Dull) >> 11;
  return low + (high - low) * ((double)bits / 9007199254740992.0);
}

static tfc_tensor *vector(int64_t n, tfc_status *status) {
  return tfc_tensor_create(TFC_F32, 1, &n, status);
}

static int print_weights(tfc_model *model, tfc_status *status) {
  tfc_tensor *w = NULL;
  if (!check(polynomial_fit_weights(model, &w, status), status, "weights"))
    return 0;
  const float *values = (const float *)tfc_tensor_data(w);
  printf("w = [%.4f, %.4f, %.4f]\n", values[0], values[1], values[2]);
  tfc_tensor_destroy(w);
  return 1;
}

static int train(tfc_model *model, const char *checkpoint, long steps,
                 tfc_status *status) {
  if (!check(polynomial_fit_initialize_global(model, status), status,
             "initializing"))
    return 0;
  tfc_tensor *x = vector(kPoints, status);
  tfc_tensor *y = vector(kPoints, status);
  float *xs = (float *)tfc_tensor_data(x);
  float *ys = (float *)tfc_tensor_data(y);
  int ok = 1;
  for (long step = 1; ok && step <= steps; ++step) {
    for (int i = 0; i < kPoints; ++i) {
      xs[i] = (float)uniform(-10.0, 10.0);
      ys[i] = 5.0f * xs[i] * xs[i] + 3.0f;
    }
    tfc_tensor *loss = NULL;
    ok = check(polynomial_fit_train_step(model, x, y, &loss, status), status,
               "train_step");
    if (ok && step % 100 == 0)
      printf("step %ld: loss %g\n", step, *(const float *)tfc_tensor_data(loss));
    tfc_tensor_destroy(loss);
  }
  tfc_tensor_destroy(x);
  tfc_tensor_destroy(y);
  if (!ok || !print_weights(model, status))
    return 0;
  return check(tfc_store_save(tfc_model_store(model), checkpoint, status),
               status, "saving");
}

static int predict(tfc_model *model, const char *checkpoint, int count,
                   char **values, tfc_status *status) {
  if (!check(tfc_store_restore(tfc_model_store(model), checkpoint, status),
             status, "restoring"))
    return 0;
  if (!print_weights(model, status))
    return 0;
  tfc_tensor *x = vector(count, status);
  float *xs = (float *)tfc_tensor_data(x);
  for (int i = 0; i < count; ++i)
    xs[i] = strtof(values[i], NULL);
  tfc_tensor *yhat = NULL;
  int ok = check(polynomial_fit_predict(model, x, &yhat, status), status,
                 "predict");
  for (int i = 0; ok && i < count; ++i)
    printf("yhat(%g) = %.2f\n", xs[i], ((const float *)tfc_tensor_data(yhat))[i]);
  tfc_tensor_destroy(x);
  tfc_tensor_destroy(yhat);
  return ok;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: polynomial_fit train CHECKPOINT [STEPS]\n"
                    "       polynomial_fit predict CHECKPOINT X...\n");
    return 2;
  }
  tfc_status *status = tfc_status_create();
  tfc_model *model = polynomial_fit_create(NULL, status);
  int ok = model != NULL;
  if (!ok)
    fprintf(stderr, "polynomial_fit: %s\n", tfc_status_message(status));
  else if (argv[1][0] == 't')
    ok = train(model, argv[2], argc > 3 ? strtol(argv[3], NULL, 10) : 1000,
               status);
  else
    ok = predict(model, argv[2], argc - 3, argv + 3, status);
  polynomial_fit_destroy(model);
  tfc_status_destroy(status);
  return ok ? 0 : 1;
}
