/*===- CApiTest.c - The runtime API used from C ---------------------------===*\
|*                                                                          *|
|* Compiled as C99 with -pedantic-errors: proves that the header is plain C *|
|* and runs a whole scenario (store, tensors, host call, print, checkpoint) *|
|* through it. CApiTest.cpp calls it and reports the failure, if any.      *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#include "tfc/runtime.h"

#include <stdio.h>
#include <string.h>

static char failure[512];

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      snprintf(failure, sizeof failure, "CApiTest.c:%d: %s (%s)", __LINE__,   \
               #cond, tfc_status_message(status));                             \
      return failure;                                                          \
    }                                                                          \
  } while (0)

static char printed[128];

static void collect(void *user_data, const char *text, size_t size) {
  (void)user_data;
  if (size >= sizeof printed)
    size = sizeof printed - 1;
  memcpy(printed, text, size);
  printed[size] = '\0';
}

/* out[0] = 2 * in[0] for an i32 tensor. */
static tfc_code twice(void *user_data, const tfc_tensor *const *inputs,
                      int64_t num_inputs, tfc_tensor **outputs,
                      int64_t num_outputs, tfc_status *status) {
  tfc_tensor *out;
  int32_t *data;
  int64_t i;
  (void)user_data;
  if (num_inputs != 1 || num_outputs != 1)
    return tfc_status_set(status, TFC_INVALID_ARGUMENT, "arity");
  out = tfc_tensor_clone(inputs[0], status);
  if (!out)
    return tfc_status_code(status);
  data = (int32_t *)tfc_tensor_data(out);
  for (i = 0; i < tfc_tensor_num_elements(out); ++i)
    data[i] *= 2;
  outputs[0] = out;
  return TFC_OK;
}

/* Returns NULL on success, else a description of the first failed check. */
const char *tfcRunCApiScenario(const char *checkpoint_path);

const char *tfcRunCApiScenario(const char *checkpoint_path) {
  tfc_status *status = tfc_status_create();
  const char *collections[] = {TFC_GLOBAL_VARIABLES};
  int64_t shape[] = {2, 2};
  tfc_variable_desc desc = {0};
  tfc_store *store, *other;
  tfc_variable *var;
  tfc_tensor *value, *read, *outputs[1];
  const tfc_tensor *inputs[1];
  char text[64];

  CHECK(status != NULL);
  store = tfc_store_create(status);
  CHECK(store != NULL);
  desc.name = "layer/w";
  desc.dtype = TFC_I32;
  desc.trainable = 1;
  desc.rank = 2;
  desc.shape = shape;
  desc.collections = collections;
  desc.num_collections = 1;
  var = tfc_store_register(store, &desc, status);
  CHECK(var != NULL);
  CHECK(tfc_variable_is_initialized(var) == 0);

  value = tfc_tensor_parse("[[1, 2], [3, 4]]", TFC_I32, status);
  CHECK(value != NULL);
  CHECK(tfc_variable_assign(var, value, status) == TFC_OK);
  tfc_tensor_destroy(value);

  CHECK(tfc_host_register("c_twice", twice, NULL, NULL, status) == TFC_OK);
  read = tfc_variable_read(var, status);
  CHECK(read != NULL);
  inputs[0] = read;
  CHECK(tfc_host_call("c_twice", inputs, 1, outputs, 1, status) == TFC_OK);
  tfc_tensor_to_string(outputs[0], -1, text, sizeof text);
  CHECK(strcmp(text, "i32[2,2] [[2 4] [6 8]]") == 0);

  tfc_set_print_hook(collect, NULL);
  tfc_print("w = ", (const tfc_tensor *const *)outputs, 1, 3);
  tfc_set_print_hook(NULL, NULL);
  CHECK(strcmp(printed, "w = [[2 4] [6...]]") == 0);
  tfc_tensor_destroy(outputs[0]);
  tfc_tensor_destroy(read);
  CHECK(tfc_host_unregister("c_twice", status) == TFC_OK);

  CHECK(tfc_store_save(store, checkpoint_path, status) == TFC_OK);
  other = tfc_store_create(status);
  CHECK(tfc_store_register(other, &desc, status) != NULL);
  CHECK(tfc_store_restore(other, checkpoint_path, status) == TFC_OK);
  read = tfc_variable_read(tfc_store_find(other, "layer/w", status), status);
  tfc_tensor_summarize(read, -1, text, sizeof text);
  CHECK(strcmp(text, "[[1 2] [3 4]]") == 0);
  tfc_tensor_destroy(read);

  /* Errors come back as codes even without a status. */
  CHECK(tfc_tensor_create(TFC_F32, -1, NULL, NULL) == NULL);
  CHECK(tfc_store_find(other, "missing", NULL) == NULL);

  tfc_store_release(other);
  tfc_store_release(store);
  tfc_status_destroy(status);
  return NULL;
}
