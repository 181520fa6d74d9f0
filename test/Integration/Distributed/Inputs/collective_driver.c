/* Each rank of a job reports what the runtime's collective operations give
 * it: its rank and the job's size, rank 0's bytes after a broadcast, and
 * the gradient mean weighted by batch size, where rank r holds the
 * gradient {r + 1, 10 (r + 1)} of r + 1 examples. With "fail R" as
 * arguments, rank R reports a failure instead of taking part. */
#include "tfc/runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  tfc_status *status = tfc_status_create();
  if (tfc_collective_init(status) != TFC_OK) {
    printf("init: %s\n", tfc_status_message(status));
    return 1;
  }
  int rank = tfc_collective_rank(), size = tfc_collective_size();
  if (argc == 3 && strcmp(argv[1], "fail") == 0 && rank == atoi(argv[2])) {
    tfc_collective_fail("bad input", status);
    printf("rank %d failed: %s\n", rank, tfc_status_message(status));
    return 1;
  }
  char word[6] = "other";
  if (rank == 0)
    memcpy(word, "first", sizeof(word));
  if (tfc_collective_broadcast(word, sizeof(word), 0, status) != TFC_OK) {
    printf("rank %d broadcast: %s\n", rank, tfc_status_message(status));
    return 1;
  }
  float gradient[2] = {rank + 1.0f, 10.0f * (rank + 1)};
  if (tfc_collective_all_reduce_mean(gradient, 2, rank + 1.0, status) !=
      TFC_OK) {
    printf("rank %d mean: %s\n", rank, tfc_status_message(status));
    return 1;
  }
  if (tfc_collective_barrier(status) != TFC_OK) {
    printf("rank %d barrier: %s\n", rank, tfc_status_message(status));
    return 1;
  }
  printf("rank %d of %d: %s %.4f %.4f\n", rank, size, word, gradient[0],
         gradient[1]);
  tfc_status_destroy(status);
  return 0;
}
