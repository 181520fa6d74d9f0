//===- Collective.cpp - The processes of a data-parallel job --------------===//
//
// The job a process belongs to (tfc/runtime/collective.h): size 1 by
// default, or the MPI world of libtfc_runtime_mpi.so, opened with dlopen
// when the environment says the process was started by mpirun. Every
// operation first agrees on failures (one all-reduce of one integer) so
// that a rank that fails is heard by all the others.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"
#include "Model.h"
#include "Store.h"

#include "tfc/runtime/collective.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <memory>
#include <mutex>
#include <string>

using namespace tfc::runtime;

namespace {
/// The job: how to communicate, and the failure agreed so far.
struct Job {
  std::mutex mutex;
  bool joined = false;
  const tfc_collective_ops *ops = nullptr; // null: a job of size 1
  const tfc_collective_ops *chosen = nullptr;
  bool chosenSet = false;
  tfc_code initCode = TFC_OK;
  std::string initError;
  tfc_code failedCode = TFC_OK;
  std::string failedMessage;
};

/// The size of the message a failing rank broadcasts.
constexpr int64_t kMessageBytes = 1024;
} // namespace

static Job &job() {
  static Job *instance = new Job();
  return *instance;
}

/// The world size the environment names: OpenMPI's mpirun, or a PMI
/// launcher (MPICH's hydra, Slurm); 1 when none does.
static long environmentWorldSize() {
  for (const char *name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"})
    if (const char *value = std::getenv(name)) {
      char *end = nullptr;
      long size = std::strtol(value, &end, 10);
      if (end != value && size > 0)
        return size;
    }
  return 1;
}

/// The directory libtfc_runtime.so was loaded from, with a trailing '/'.
static std::string runtimeDirectory() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&tfc_collective_init), &info) ||
      !info.dli_fname)
    return "";
  std::string path = info.dli_fname;
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

/// Opens the MPI plugin; an error message when it cannot.
static std::string openMpiPlugin(const tfc_collective_ops *&ops) {
  std::string tried;
  void *handle = nullptr;
  std::string candidates[3];
  if (const char *path = std::getenv("TFC_RUNTIME_MPI"))
    candidates[0] = path;
  else
    candidates[1] = runtimeDirectory() + TFC_COLLECTIVE_MPI_LIBRARY,
    candidates[2] = TFC_COLLECTIVE_MPI_LIBRARY;
  for (const std::string &candidate : candidates) {
    if (candidate.empty() || handle)
      continue;
    // RTLD_GLOBAL: Open MPI opens its own components with dlopen and
    // expects libmpi's symbols to be visible to them.
    handle = dlopen(candidate.c_str(), RTLD_NOW | RTLD_GLOBAL);
    if (!handle)
      tried += std::string(tried.empty() ? "" : "; ") + dlerror();
  }
  if (!handle)
    return "cannot load " TFC_COLLECTIVE_MPI_LIBRARY
           " (tfc was built without Open MPI, or it is not installed): " +
           tried;
  auto open = reinterpret_cast<tfc_collective_open_fn>(
      dlsym(handle, TFC_COLLECTIVE_MPI_OPEN));
  if (!open)
    return TFC_COLLECTIVE_MPI_LIBRARY " has no " TFC_COLLECTIVE_MPI_OPEN;
  char error[kMessageBytes] = "";
  ops = open(error, sizeof(error));
  if (!ops)
    return std::string("cannot join the MPI job: ") + error;
  return "";
}

/// Joins the job once; the mutex is held.
static tfc_code joinLocked(Job &state, tfc_status *status) {
  if (!state.joined) {
    state.joined = true;
    if (state.chosenSet) {
      state.ops = state.chosen;
    } else if (environmentWorldSize() > 1) {
      state.initError = openMpiPlugin(state.ops);
      if (!state.initError.empty())
        state.initCode = TFC_UNAVAILABLE;
    }
  }
  if (state.initCode != TFC_OK)
    return setError(status, state.initCode, "%s", state.initError.c_str());
  return TFC_OK;
}

/// Records a communication error: the job cannot go on.
static tfc_code communicationFailed(Job &state, tfc_code code,
                                    const char *error, tfc_status *status) {
  state.failedCode = code == TFC_OK ? TFC_INTERNAL : code;
  state.failedMessage = formatString("rank %d: communication failed: %s",
                                     state.ops ? state.ops->rank : 0, error);
  return setError(status, state.failedCode, "%s", state.failedMessage.c_str());
}

/// The values agreeLocked carries beside the failure flag. Every
/// agreement exchanges as many, used or not (zeros), so that ranks in
/// different operations (one failing, one exchanging) still match.
constexpr int64_t kAgreedValues = 2;

/// Agrees with the other ranks on whether one failed: `message` is this
/// rank's failure, or null. On failure every rank returns the lowest
/// failing rank's message. The same all-reduce replaces each of the
/// `numValues` (at most kAgreedValues) `values` with its maximum over the
/// ranks. The mutex is held and the job joined.
static tfc_code agreeLocked(Job &state, const char *message, tfc_status *status,
                            int64_t *values = nullptr, int64_t numValues = 0) {
  if (state.failedCode != TFC_OK)
    return setError(status, state.failedCode, "%s",
                    state.failedMessage.c_str());
  int32_t rank = state.ops ? state.ops->rank : 0;
  int32_t size = state.ops ? state.ops->size : 1;
  char text[kMessageBytes] = "";
  if (message)
    std::snprintf(text, sizeof(text), "%s", message);
  if (state.ops) {
    char error[kMessageBytes] = "";
    // The lowest failing rank has the largest size - rank.
    int64_t agreed[1 + kAgreedValues] = {message ? size - rank : 0};
    std::copy(values, values + numValues, agreed + 1);
    if (tfc_code code = state.ops->all_reduce_max_i64(state.ops->context,
                                                      agreed, 1 + kAgreedValues,
                                                      error, sizeof(error)))
      return communicationFailed(state, code, error, status);
    std::copy(agreed + 1, agreed + 1 + numValues, values);
    int64_t flag = agreed[0];
    if (flag == 0)
      return TFC_OK;
    int32_t root = static_cast<int32_t>(size - flag);
    if (tfc_code code = state.ops->broadcast(
            state.ops->context, text, sizeof(text), root, error, sizeof(error)))
      return communicationFailed(state, code, error, status);
    text[sizeof(text) - 1] = '\0';
    rank = root;
  } else if (!message) {
    return TFC_OK;
  }
  state.failedCode = TFC_ABORTED;
  state.failedMessage = formatString("rank %d: %s", rank, text);
  return setError(status, state.failedCode, "%s", state.failedMessage.c_str());
}

tfc_code tfc::runtime::broadcastVariables(tfc_variable *const *vars,
                                          size_t numVars, tfc_status *status) {
  if (tfc_code code = tfc_collective_init(status))
    return code;
  if (tfc_collective_size() == 1)
    return TFC_OK;
  for (size_t i = 0; i < numVars; ++i) {
    if (tfc_code code = tfc_collective_broadcast(
            tfc_variable_data(vars[i]), tfc_variable_byte_size(vars[i]),
            /*root=*/0, status))
      return code;
    variablesChanged(vars[i]->store);
  }
  return TFC_OK;
}

extern "C" {

tfc_code tfc_collective_init(tfc_status *status) {
  Job &state = job();
  std::lock_guard<std::mutex> guard(state.mutex);
  return joinLocked(state, status);
}

int32_t tfc_collective_rank(void) {
  Job &state = job();
  std::lock_guard<std::mutex> guard(state.mutex);
  joinLocked(state, nullptr);
  return state.ops ? state.ops->rank : 0;
}

int32_t tfc_collective_size(void) {
  Job &state = job();
  std::lock_guard<std::mutex> guard(state.mutex);
  joinLocked(state, nullptr);
  return state.ops ? state.ops->size : 1;
}

tfc_code tfc_collective_set_ops(const tfc_collective_ops *ops,
                                tfc_status *status) {
  Job &state = job();
  std::lock_guard<std::mutex> guard(state.mutex);
  if (state.joined)
    return setError(status, TFC_FAILED_PRECONDITION,
                    "tfc_collective_set_ops: the process has already joined "
                    "its job");
  if (ops &&
      (ops->size < 1 || ops->rank < 0 || ops->rank >= ops->size ||
       !ops->all_reduce_sum_f32 || !ops->all_reduce_max_i64 || !ops->broadcast))
    return setError(status, TFC_INVALID_ARGUMENT,
                    "tfc_collective_set_ops: incomplete operations (rank %d "
                    "of %d)",
                    ops->rank, ops->size);
  state.chosen = ops;
  state.chosenSet = true;
  return TFC_OK;
}

tfc_code tfc_collective_all_reduce_sum(float *data, int64_t count,
                                       tfc_status *status) {
  if (count < 0 || (count > 0 && !data))
    return setError(status, TFC_INVALID_ARGUMENT,
                    "tfc_collective_all_reduce_sum: invalid buffer");
  Job &state = job();
  std::lock_guard<std::mutex> guard(state.mutex);
  if (tfc_code code = joinLocked(state, status))
    return code;
  if (tfc_code code = agreeLocked(state, nullptr, status))
    return code;
  if (!state.ops || count == 0)
    return TFC_OK;
  char error[kMessageBytes] = "";
  if (tfc_code code = state.ops->all_reduce_sum_f32(
          state.ops->context, data, count, error, sizeof(error)))
    return communicationFailed(state, code, error, status);
  return TFC_OK;
}

tfc_code tfc_collective_broadcast(void *data, int64_t bytes, int32_t root,
                                  tfc_status *status) {
  if (bytes < 0 || (bytes > 0 && !data))
    return setError(status, TFC_INVALID_ARGUMENT,
                    "tfc_collective_broadcast: invalid buffer");
  Job &state = job();
  std::lock_guard<std::mutex> guard(state.mutex);
  if (tfc_code code = joinLocked(state, status))
    return code;
  int32_t size = state.ops ? state.ops->size : 1;
  if (root < 0 || root >= size)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "tfc_collective_broadcast: root %d is not a rank of a "
                    "job of size %d",
                    root, size);
  if (tfc_code code = agreeLocked(state, nullptr, status))
    return code;
  if (!state.ops || bytes == 0)
    return TFC_OK;
  char error[kMessageBytes] = "";
  if (tfc_code code = state.ops->broadcast(state.ops->context, data, bytes,
                                           root, error, sizeof(error)))
    return communicationFailed(state, code, error, status);
  return TFC_OK;
}

tfc_code tfc_collective_fail(const char *message, tfc_status *status) {
  Job &state = job();
  std::lock_guard<std::mutex> guard(state.mutex);
  if (tfc_code code = joinLocked(state, status))
    return code;
  return agreeLocked(state, message && *message ? message : "failed", status);
}

tfc_code tfc_collective_barrier(tfc_status *status) {
  Job &state = job();
  std::lock_guard<std::mutex> guard(state.mutex);
  if (tfc_code code = joinLocked(state, status))
    return code;
  return agreeLocked(state, nullptr, status);
}

tfc_code tfc_collective_all_reduce_mean(float *gradient, int64_t count,
                                        double weight, tfc_status *status) {
  return tfc::runtime::allReduceMeanInto(gradient, gradient, count, weight,
                                         status);
}

} // extern "C"

tfc_code tfc::runtime::allReduceMeanInto(const float *gradient, float *out,
                                         int64_t count, double weight,
                                         tfc_status *status) {
  if (count < 0 || (count > 0 && (!gradient || !out)) || !(weight >= 0))
    return setError(status, TFC_INVALID_ARGUMENT,
                    "tfc_collective_all_reduce_mean: invalid buffer or "
                    "weight");
  if (tfc_collective_size() == 1) {
    if (out != gradient && count > 0)
      std::memcpy(out, gradient, static_cast<size_t>(count) * sizeof(float));
    // Joining may have failed: report it rather than train alone.
    return tfc_collective_init(status);
  }
  // The weight travels in the same buffer as the weighted gradient, which
  // comes from the workspace: the exchange is the same size every step, and
  // fresh pages would cost a fault each (Workspace.cpp).
  std::unique_ptr<float, void (*)(float *)> buffer(
      static_cast<float *>(allocateBuffer(
          TFC_ALIGNMENT, (static_cast<size_t>(count) + 1) * sizeof(float))),
      [](float *block) { releaseBuffer(block); });
  if (!buffer)
    return setError(status, TFC_RESOURCE_EXHAUSTED,
                    "tfc_collective_all_reduce_mean: cannot allocate the "
                    "exchange buffer of %lld floats",
                    static_cast<long long>(count + 1));
  // Batch sizes are exact in float, and a float product or quotient is
  // the double one rounded to float: float arithmetic gives the same
  // numbers, in vector instructions.
  float scale = static_cast<float>(weight);
  float *weighted = buffer.get();
  for (int64_t i = 0; i < count; ++i)
    weighted[i] = gradient[i] * scale;
  weighted[count] = scale;
  if (tfc_code code =
          tfc_collective_all_reduce_sum(weighted, count + 1, status))
    return code;
  float total = weighted[count];
  if (!(total > 0))
    return setError(status, TFC_INVALID_ARGUMENT,
                    "tfc_collective_all_reduce_mean: the ranks' batches "
                    "hold no example (total weight %g)",
                    static_cast<double>(total));
  for (int64_t i = 0; i < count; ++i)
    out[i] = weighted[i] / total;
  return TFC_OK;
}

/// Gradients of at most this many elements travel packed together in one
/// all-reduce: each call has a latency of its own.
constexpr int64_t kPackedGradientElements = int64_t(1) << 14;

tfc_code tfc::runtime::allReduceGradients(const int64_t *pairs,
                                          int64_t numGradients, int64_t weight,
                                          float &scale, tfc_status *status) {
  scale = 1.0f;
  if (numGradients < 0 || (numGradients > 0 && !pairs) || weight < 0)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "the gradient exchange: invalid gradients or batch size");
  auto gradient = [&](int64_t g) {
    return reinterpret_cast<float *>(static_cast<uintptr_t>(pairs[2 * g]));
  };
  auto count = [&](int64_t g) { return pairs[2 * g + 1]; };
  for (int64_t i = 0; i < numGradients; ++i)
    if (count(i) < 0 || (count(i) > 0 && !gradient(i)))
      return setError(status, TFC_INVALID_ARGUMENT,
                      "the gradient exchange: invalid buffer #%lld",
                      static_cast<long long>(i));
  Job &state = job();
  std::lock_guard<std::mutex> guard(state.mutex);
  if (tfc_code code = joinLocked(state, status))
    return code;
  if (!state.ops)
    return TFC_OK;
  // The largest and the smallest batch, agreed with the failure flag.
  int64_t extremes[2] = {weight, -weight};
  if (tfc_code code = agreeLocked(state, nullptr, status, extremes, 2))
    return code;
  int64_t largest = extremes[0], smallest = -extremes[1];
  if (largest == 0)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "the gradient exchange: the ranks' batches hold no "
                    "example");
  char error[kMessageBytes] = "";
  auto sum = [&](float *data, int64_t count) -> tfc_code {
    if (count == 0)
      return TFC_OK;
    if (tfc_code code = state.ops->all_reduce_sum_f32(
            state.ops->context, data, count, error, sizeof(error)))
      return communicationFailed(state, code, error, status);
    return TFC_OK;
  };
  if (largest != smallest) {
    // Uneven batches (a last, shorter one): each rank's gradients count in
    // proportion to its batch. Batch sizes are exact in float, as is their
    // sum up to 2^24 examples a step.
    float total = static_cast<float>(weight);
    if (tfc_code code = sum(&total, 1))
      return code;
    float share = static_cast<float>(weight) / total;
    for (int64_t g = 0; g < numGradients; ++g)
      for (int64_t i = 0; i < count(g); ++i)
        gradient(g)[i] *= share;
  } else {
    // Equal batches: the mean is the sum over P, a factor the compiled
    // code applies where it reads the gradients, saving a pass here.
    scale = 1.0f / static_cast<float>(state.ops->size);
  }
  // Large gradients are summed where they are; small ones packed into one
  // buffer from the workspace (the same size every step), summed once and
  // unpacked. Every rank has the same gradients in the same order.
  int64_t packed = 0;
  for (int64_t g = 0; g < numGradients; ++g)
    if (count(g) <= kPackedGradientElements)
      packed += count(g);
    else if (tfc_code code = sum(gradient(g), count(g)))
      return code;
  if (packed == 0)
    return TFC_OK;
  std::unique_ptr<float, void (*)(float *)> pack(
      static_cast<float *>(allocateBuffer(
          TFC_ALIGNMENT, static_cast<size_t>(packed) * sizeof(float))),
      [](float *block) { releaseBuffer(block); });
  if (!pack)
    return setError(status, TFC_RESOURCE_EXHAUSTED,
                    "the gradient exchange: cannot allocate %lld floats",
                    static_cast<long long>(packed));
  float *next = pack.get();
  for (int64_t g = 0; g < numGradients; ++g)
    if (count(g) <= kPackedGradientElements) {
      std::memcpy(next, gradient(g),
                  static_cast<size_t>(count(g)) * sizeof(float));
      next += count(g);
    }
  if (tfc_code code = sum(pack.get(), packed))
    return code;
  next = pack.get();
  for (int64_t g = 0; g < numGradients; ++g)
    if (count(g) <= kPackedGradientElements) {
      std::memcpy(gradient(g), next,
                  static_cast<size_t>(count(g)) * sizeof(float));
      next += count(g);
    }
  return TFC_OK;
}
