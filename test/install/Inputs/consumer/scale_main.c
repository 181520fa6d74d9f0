/* Calls the entry points tfc_compile's ENTRY made of scale.pbtxt, a
 * TensorFlow GraphDef: scale(x) = x * w, then step(delta) adds delta to w. */
#include "scale.h"

#include <stdio.h>

static void print(const char *name, const tfc_tensor *tensor) {
  const float *values = (const float *)tfc_tensor_data(tensor);
  printf("%s = [%g %g]\n", name, values[0], values[1]);
}

static tfc_tensor *pair(float first, float second) {
  int64_t size = 2;
  tfc_tensor *tensor = tfc_tensor_create(TFC_F32, 1, &size, NULL);
  float *values = (float *)tfc_tensor_data(tensor);
  values[0] = first;
  values[1] = second;
  return tensor;
}

int main(void) {
  tfc_status *status = tfc_status_create();
  tfc_model *model = scale_create(NULL, status);
  tfc_tensor *x = pair(3, 4), *delta = pair(1, 1);
  tfc_tensor *y = NULL, *w = NULL, *y2 = NULL;
  int ok = model && scale_initialize_global(model, status) == TFC_OK &&
           scale_scale(model, x, &y, status) == TFC_OK &&
           scale_step(model, delta, &w, status) == TFC_OK &&
           scale_scale(model, x, &y2, status) == TFC_OK;
  if (ok) {
    print("y", y);
    print("w", w);
    print("y", y2);
  } else {
    fprintf(stderr, "scale: %s\n", tfc_status_message(status));
  }
  tfc_tensor_destroy(x);
  tfc_tensor_destroy(delta);
  tfc_tensor_destroy(y);
  tfc_tensor_destroy(w);
  tfc_tensor_destroy(y2);
  scale_destroy(model);
  tfc_status_destroy(status);
  return ok ? 0 : 1;
}
