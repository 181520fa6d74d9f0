/* Registers host functions, redirects the print hook, and runs a model whose
 * compiled code calls them, prints and checks assertions. */
#include "hosted.h"

#include <stdio.h>
#include <string.h>

static void show(const char *name, const tfc_tensor *t) {
  char text[256];
  tfc_tensor_to_string(t, -1, text, sizeof text);
  printf("%s = %s\n", name, text);
}

static void capture(void *user_data, const char *text, size_t size) {
  int *lines = (int *)user_data;
  ++*lines;
  printf("printed: %.*s\n", (int)size, text);
}

/* max(x, 0) of an f32 tensor of any shape. */
static tfc_code my_relu(void *user_data, const tfc_tensor *const *inputs,
                        int64_t num_inputs, tfc_tensor **outputs,
                        int64_t num_outputs, tfc_status *status) {
  int *calls = (int *)user_data;
  ++*calls;
  if (num_inputs != 1 || num_outputs != 1 ||
      tfc_tensor_dtype(inputs[0]) != TFC_F32)
    return tfc_status_set(status, TFC_INVALID_ARGUMENT,
                          "my_relu takes one f32");
  tfc_tensor *out = tfc_tensor_clone(inputs[0], status);
  if (!out)
    return tfc_status_code(status);
  float *data = (float *)tfc_tensor_data(out);
  for (int64_t i = 0; i < tfc_tensor_num_elements(out); ++i)
    if (data[i] < 0)
      data[i] = 0;
  outputs[0] = out;
  return TFC_OK;
}

/* The number of elements (i64 scalar) and -x (i32). */
static tfc_code count_and_negate(void *user_data,
                                 const tfc_tensor *const *inputs,
                                 int64_t num_inputs, tfc_tensor **outputs,
                                 int64_t num_outputs, tfc_status *status) {
  (void)user_data;
  (void)num_inputs;
  (void)num_outputs;
  tfc_tensor *n = tfc_tensor_create(TFC_I64, 0, NULL, status);
  *(int64_t *)tfc_tensor_data(n) = tfc_tensor_num_elements(inputs[0]);
  tfc_tensor *neg = tfc_tensor_clone(inputs[0], status);
  int32_t *data = (int32_t *)tfc_tensor_data(neg);
  for (int64_t i = 0; i < tfc_tensor_num_elements(neg); ++i)
    data[i] = -data[i];
  outputs[0] = n;
  outputs[1] = neg;
  return TFC_OK;
}

static void report(const char *what, tfc_code code, tfc_status *status) {
  printf("%s: %s: %s\n", what, tfc_code_name(code),
         code == TFC_OK ? "" : tfc_status_message(status));
}

int main(void) {
  tfc_status *status = tfc_status_create();
  int relu_calls = 0, printed_lines = 0;
  if (tfc_host_register("my_relu", my_relu, &relu_calls, NULL, status) !=
          TFC_OK ||
      tfc_host_register("count_and_negate", count_and_negate, NULL, NULL,
                        status) != TFC_OK) {
    printf("register failed: %s\n", tfc_status_message(status));
    return 1;
  }
  tfc_set_print_hook(capture, &printed_lines);

  tfc_model *m = hosted_create(NULL, status);
  if (!m || hosted_initialize_global(m, status) != TFC_OK) {
    printf("create failed: %s\n", tfc_status_message(status));
    return 1;
  }

  tfc_tensor *x = tfc_tensor_parse("[-1.5, 2, -3, 4]", TFC_F32, status);
  tfc_tensor *y = NULL;
  tfc_code code = hosted_relu_twice(m, x, &y, status);
  report("relu_twice", code, status);
  if (code == TFC_OK)
    show("y", y);
  tfc_tensor_destroy(y);
  printf("my_relu calls: %d\n", relu_calls);

  tfc_tensor *ints = tfc_tensor_parse("[[1, -2], [3, 0]]", TFC_I32, status);
  tfc_tensor *n = NULL, *neg = NULL;
  code = hosted_count(m, ints, &n, &neg, status);
  report("count", code, status);
  if (code == TFC_OK) {
    show("n", n);
    show("neg", neg);
  }
  tfc_tensor_destroy(n);
  tfc_tensor_destroy(neg);

  code = hosted_wrong_shape(m, x, &y, status);
  report("wrong_shape", code, status);

  tfc_tensor *scalar = tfc_tensor_parse("1", TFC_F32, status);
  code = hosted_missing(m, scalar, &y, status);
  report("missing", code, status);

  /* The counter runs up to the limit 2: the third step fails its
   * assertion, and the counter stays 2. */
  tfc_tensor *limit = tfc_tensor_parse("2", TFC_F32, status);
  for (int i = 0; i < 4; ++i) {
    tfc_tensor *c = NULL;
    code = hosted_step(m, limit, &c, status);
    report("step", code, status);
    if (code == TFC_OK)
      show("counter", c);
    tfc_tensor_destroy(c);
  }
  printf("printed lines: %d\n", printed_lines);

  tfc_tensor_destroy(limit);
  tfc_tensor_destroy(scalar);
  tfc_tensor_destroy(ints);
  tfc_tensor_destroy(x);
  hosted_destroy(m);
  tfc_status_destroy(status);
  return 0;
}
