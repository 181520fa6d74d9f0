/* Uses a compiled model through its generated C header. */
#include "model.h"

#include <stdio.h>

static void print(const char *name, const tfc_tensor *t) {
  char text[256];
  tfc_tensor_to_string(t, -1, text, sizeof text);
  printf("%s = %s\n", name, text);
}

int main(void) {
  tfc_status *status = tfc_status_create();
  tfc_model *m = model_create(NULL, status);
  if (!m) {
    printf("create failed: %s\n", tfc_status_message(status));
    return 1;
  }
  if (model_initialize_global(m, status) != TFC_OK) {
    printf("initialize failed: %s\n", tfc_status_message(status));
    return 1;
  }
  tfc_tensor *x = tfc_tensor_parse("[[1, 1, 1], [2, 0, -1]]", TFC_F32, status);
  tfc_tensor *y = NULL;
  if (model_predict(m, x, &y, status) != TFC_OK) {
    printf("predict failed: %s\n", tfc_status_message(status));
    return 1;
  }
  print("y", y);
  tfc_tensor_destroy(y);

  /* A wrong shape is an error with a message, not a crash. */
  tfc_tensor *bad = tfc_tensor_parse("[1, 2]", TFC_F32, status);
  tfc_code code = model_predict(m, bad, &y, status);
  printf("bad input: %s: %s\n", tfc_code_name(code), tfc_status_message(status));

  tfc_tensor_destroy(bad);
  tfc_tensor_destroy(x);
  model_destroy(m);
  tfc_status_destroy(status);
  return 0;
}
