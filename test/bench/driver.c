/*===- driver.c - times an entry point of a compiled tfc model --*- C -*-===*\
|*                                                                          *|
|*   driver LIB MODEL FN THREADS WARMUP REPS OUT.npy IN.npy...              *|
|*                                                                          *|
|* Loads lib<MODEL>.so, binds it to a new store, reads the inputs (one      *|
|* written @NAME=FILE.npy is assigned once to the variable NAME instead of  *|
|* being an argument: weights held in variables), calls FN WARMUP times     *|
|* untimed (on more than one thread, for at least 0.2 s: see below) and     *|
|* REPS times timed, one tfc_model_call each                                *|
|* (the outputs are destroyed after every call, as a caller would), writes  *|
|* the first output of the last call to OUT.npy and prints, as JSON, the    *|
|* times in seconds, the resident set before the first call (the model,     *|
|* its inputs) and its peak during the calls, in bytes (VmRSS, then VmHWM   *|
|* after resetting it through /proc/self/clear_refs).                       *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#include "tfc/runtime.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/// A field of /proc/self/status in bytes ("VmRSS", "VmHWM"), or -1.
static long long statusBytes(const char *field) {
  FILE *f = fopen("/proc/self/status", "r");
  if (!f)
    return -1;
  char line[256];
  long long kib = -1;
  size_t n = strlen(field);
  while (fgets(line, sizeof(line), f))
    if (!strncmp(line, field, n) && line[n] == ':')
      kib = atoll(line + n + 1);
  fclose(f);
  return kib < 0 ? -1 : kib * 1024;
}

/// Starts a new peak of the resident set (VmHWM) at the current size and
/// returns that size: what reading the inputs touched and freed again does
/// not count in the calls' peak. Without /proc, the peak so far.
static long long resetPeakResident(void) {
  FILE *f = fopen("/proc/self/clear_refs", "w");
  if (f) {
    fputs("5", f);
    if (!fclose(f))
      return statusBytes("VmRSS");
  }
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return (long long)usage.ru_maxrss * 1024; /* KiB on Linux */
}

/// The peak resident set since resetPeakResident.
static long long peakResidentBytes(void) {
  long long peak = statusBytes("VmHWM");
  if (peak >= 0)
    return peak;
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return (long long)usage.ru_maxrss * 1024;
}

static int fail(const char *what, tfc_status *status) {
  fprintf(stderr, "driver: %s: %s\n", what,
          status ? tfc_status_message(status) : dlerror());
  return 1;
}

int main(int argc, char **argv) {
  if (argc < 8) {
    fprintf(stderr, "usage: driver LIB MODEL FN THREADS WARMUP REPS OUT.npy "
                    "IN.npy...\n");
    return 2;
  }
  const char *library = argv[1], *modelName = argv[2], *fn = argv[3];
  int threads = atoi(argv[4]), warmup = atoi(argv[5]), reps = atoi(argv[6]);
  const char *outPath = argv[7];
  int numInputs = argc - 8;

  void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (!handle)
    return fail(library, NULL);
  char symbol[256];
  snprintf(symbol, sizeof(symbol), "tfc_model_%s", modelName);
  const tfc_model_abi *abi = dlsym(handle, symbol);
  if (!abi)
    return fail(symbol, NULL);

  tfc_status *status = tfc_status_create();
  tfc_model *model = tfc_model_create(abi, NULL, status);
  if (!model)
    return fail("tfc_model_create", status);
  if (tfc_model_set_num_threads(model, threads, status) != TFC_OK)
    return fail("tfc_model_set_num_threads", status);
  int64_t entry = tfc_model_find_entry(model, fn);
  if (entry < 0) {
    fprintf(stderr, "driver: no entry point %s\n", fn);
    return 1;
  }
  const tfc_entry_info *info = tfc_model_entry_at(model, entry);

  tfc_tensor **inputs = calloc(numInputs ? numInputs : 1, sizeof(*inputs));
  int numArguments = 0;
  for (int i = 0; i < numInputs; ++i) {
    const char *input = argv[8 + i];
    if (input[0] != '@') {
      if (!(inputs[numArguments++] = tfc_npy_read(input, status)))
        return fail(input, status);
      continue;
    }
    /* @NAME=FILE.npy: the variable's value, assigned once. */
    const char *equals = strchr(input, '=');
    if (!equals) {
      fprintf(stderr, "driver: %s: expected @NAME=FILE.npy\n", input);
      return 2;
    }
    char name[256];
    snprintf(name, sizeof(name), "%.*s", (int)(equals - input - 1), input + 1);
    tfc_variable *var = tfc_store_find(tfc_model_store(model), name, status);
    if (!var)
      return fail(name, status);
    tfc_tensor *value = tfc_npy_read(equals + 1, status);
    if (!value || tfc_variable_assign(var, value, status) != TFC_OK)
      return fail(input, status);
    tfc_tensor_destroy(value);
  }
  numInputs = numArguments;
  int64_t numOutputs = info->num_outputs;
  tfc_tensor **outputs = calloc(numOutputs ? numOutputs : 1, sizeof(*outputs));
  double *times = calloc(reps, sizeof(double));

  /* The first parallel region starts the OpenMP workers, and a new thread
   * often shares its creator's core for the first tens of milliseconds:
   * the 784-512-512-10 MLP at batch 1 took 265 us per call on 2 threads
   * instead of 60 us in about half of the processes timed over their first
   * 60 calls. The peers run in processes that live through the whole
   * bench; tfc's runs are timed once the workers are spread too. */
  long long baseBytes = resetPeakResident();
  double warmUntil = now() + (threads > 1 ? 0.2 : 0.0);
  for (int r = 0; r < warmup || (warmup > 0 && now() < warmUntil); ++r) {
    if (tfc_model_call(model, entry, (const tfc_tensor *const *)inputs,
                       numInputs, outputs, numOutputs, status) != TFC_OK)
      return fail(fn, status);
    for (int64_t k = 0; k < numOutputs; ++k)
      tfc_tensor_destroy(outputs[k]);
  }

  for (int r = 0; r < reps; ++r) {
    double start = now();
    if (tfc_model_call(model, entry, (const tfc_tensor *const *)inputs,
                       numInputs, outputs, numOutputs, status) != TFC_OK)
      return fail(fn, status);
    times[r] = now() - start;
    if (r + 1 < reps)
      for (int64_t k = 0; k < numOutputs; ++k)
        tfc_tensor_destroy(outputs[k]);
  }
  if (numOutputs > 0 && tfc_npy_write(outputs[0], outPath, status) != TFC_OK)
    return fail(outPath, status);

  long long peakBytes = peakResidentBytes();
  printf("{\"times\": [");
  for (int r = 0; r < reps; ++r)
    printf("%s%.9g", r ? ", " : "", times[r]);
  printf("], \"rss_base\": %lld, \"rss_peak\": %lld}\n", baseBytes, peakBytes);

  for (int64_t k = 0; k < numOutputs; ++k)
    tfc_tensor_destroy(outputs[k]);
  for (int i = 0; i < numInputs; ++i)
    tfc_tensor_destroy(inputs[i]);
  free(inputs);
  free(outputs);
  free(times);
  tfc_model_destroy(model);
  tfc_status_destroy(status);
  return 0;
}
