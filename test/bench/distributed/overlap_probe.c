// Does overlapping the all-reduce of the later layers' gradients with the
// computation of the first layer's gradient pay, with one compute thread
// per process? The sizes are those of the MLP 784-512-512-10's weight
// gradients: W1 (401408 floats) is computed last by the backward pass, W2
// and W3 (267264) before it; the W1 gradient's matmul takes about 0.7 ms
// at a batch of 128 on one core. Each variant's mean over the processes'
// slowest, in milliseconds (docs/distributed.md, "What is and is not
// overlapped").
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { kLanes = 64 };
static float state[kLanes];

/// Arithmetic on registers for `seconds`, calling MPI_Test on `request`
/// every `testEvery` seconds when that is positive.
static void compute(double seconds, double testEvery, MPI_Request *request) {
  double end = MPI_Wtime() + seconds, nextTest = MPI_Wtime() + testEvery;
  float acc[kLanes];
  for (int i = 0; i < kLanes; ++i)
    acc[i] = state[i];
  while (MPI_Wtime() < end) {
    for (int step = 0; step < 1000; ++step)
      for (int i = 0; i < kLanes; ++i)
        acc[i] = acc[i] * 0.999f + 0.001f;
    if (testEvery > 0 && MPI_Wtime() >= nextTest) {
      int done;
      MPI_Test(request, &done, MPI_STATUS_IGNORE);
      nextTest = MPI_Wtime() + testEvery;
    }
  }
  for (int i = 0; i < kLanes; ++i)
    state[i] = acc[i];
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int first = 401408, later = 262144 + 5120, reps = 300, warmup = 20;
  const double backward = 0.7e-3;
  float *firstGrad = malloc(sizeof(float) * first);
  float *laterGrad = malloc(sizeof(float) * later);
  for (int i = 0; i < first; ++i)
    firstGrad[i] = 1e-3f * (float)(i % 7);
  for (int i = 0; i < later; ++i)
    laterGrad[i] = 1e-3f * (float)(i % 5);
  const char *names[] = {"compute, then all-reduce of both (what tfc does)",
                         "later layers' all-reduce started before compute",
                         "same, MPI_Test every 50 us during compute",
                         "compute alone (no exchange)"};
  for (int variant = 0; variant < 4; ++variant) {
    double total = 0;
    for (int rep = 0; rep < warmup + reps; ++rep) {
      MPI_Barrier(MPI_COMM_WORLD);
      double start = MPI_Wtime();
      MPI_Request request = MPI_REQUEST_NULL;
      if (variant == 1 || variant == 2)
        MPI_Iallreduce(MPI_IN_PLACE, laterGrad, later, MPI_FLOAT, MPI_SUM,
                       MPI_COMM_WORLD, &request);
      compute(backward, variant == 2 ? 50e-6 : 0, &request);
      if (variant == 0)
        MPI_Allreduce(MPI_IN_PLACE, laterGrad, later, MPI_FLOAT, MPI_SUM,
                      MPI_COMM_WORLD);
      if (variant == 1 || variant == 2)
        MPI_Wait(&request, MPI_STATUS_IGNORE);
      if (variant != 3)
        MPI_Allreduce(MPI_IN_PLACE, firstGrad, first, MPI_FLOAT, MPI_SUM,
                      MPI_COMM_WORLD);
      if (rep >= warmup)
        total += MPI_Wtime() - start;
    }
    double mean = total / reps, slowest;
    MPI_Reduce(&mean, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
      printf("  %-52s %.3f ms\n", names[variant], slowest * 1e3);
  }
  free(firstGrad);
  free(laterGrad);
  MPI_Finalize();
  return 0;
}
