// Uses a compiled model through the C++ class of its generated header.
#include "model.h"

#include <cstdio>

int main() {
  ModelModel model;
  if (!model.ok() || !model.initialize_global()) {
    std::printf("error: %s\n", model.error());
    return 1;
  }
  tfc_tensor *factor = tfc_tensor_parse("2", TFC_F32, nullptr);
  tfc_tensor *w = nullptr;
  for (int step = 0; step < 3; ++step) {
    tfc_tensor_destroy(w);
    if (!model.scale(factor, &w)) {
      std::printf("error: %s\n", model.error());
      return 1;
    }
  }
  // scaled/w starts in [-1, 1) and doubled three times stays within [-8, 8).
  const float *data = static_cast<const float *>(tfc_tensor_data(w));
  bool inRange = true;
  for (int i = 0; i < 3; ++i)
    inRange = inRange && data[i] >= -8 && data[i] < 8 && data[i] != 0;
  std::printf("scaled in range: %s\n", inRange ? "yes" : "no");
  tfc_tensor_destroy(w);
  w = nullptr;

  // ok() tells about the last call: false after a failed one (an i32
  // factor), true again after the next good one.
  tfc_tensor *wrong = tfc_tensor_parse("2", TFC_I32, nullptr);
  bool called = model.scale(wrong, &w);
  std::printf("wrong dtype: %s, ok() %s\n", called ? "called" : "failed",
              model.ok() ? "true" : "false");
  called = model.scale(factor, &w);
  std::printf("then: %s, ok() %s, error() \"%s\"\n",
              called ? "called" : "failed", model.ok() ? "true" : "false",
              model.error());
  tfc_tensor_destroy(w);
  tfc_tensor_destroy(wrong);
  tfc_tensor_destroy(factor);
  return 0;
}
