/* Links tfc::runtime alone and prints what the runtime says of itself. */
#include "tfc/runtime.h"

#include <stdio.h>

int main(void) {
  printf("runtime ABI %d, %s\n", (int)tfc_runtime_abi_version(),
         tfc_dtype_name(TFC_BF16));
  return 0;
}
