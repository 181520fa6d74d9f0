/*===- abi.h - The contract between compiled code and the runtime -*- C -*-===*\
|*                                                                          *|
|* One place for everything `tfc compile` and libtfc_runtime must agree on: *|
|* the version and layout of the structure a compiled library exports, the  *|
|* prefix of its name, and the runtime functions compiled code calls with   *|
|* their parameter kinds. The compiler includes this header (it builds the  *|
|* structure and declares the calls from it); the runtime checks its own    *|
|* declarations against the table when it is built (AbiCheck.cpp), and     *|
|* test/Target/runtime-symbols.test checks the exported symbols.            *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TFC_RUNTIME_ABI_H
#define TFC_RUNTIME_ABI_H

#include <stdint.h>

/* The version a compiled library writes into tfc_model_abi.abi_version;
 * tfc_model_create refuses any other. Bump it with any change below. */
#define TFC_MODEL_ABI_VERSION 2

/* A compiled library exports one tfc_model_abi named this prefix followed
 * by the model's name (non-alphanumeric characters become '_'). */
#define TFC_MODEL_SYMBOL_PREFIX "tfc_model_"

#ifdef __cplusplus
extern "C" {
#endif

/* Calls a compiled entry point: args[i] points to the memref descriptor of
 * result struct, arguments and variables, in that order. */
typedef void (*tfc_packed_fn)(void **args);

/* What a compiled library exports (docs/model-abi.md). The compiler emits
 * these fields in this order; lib/Target/LLVMModel.cpp checks the offsets
 * at its own compile time. */
typedef struct tfc_model_abi {
  uint32_t abi_version; /* TFC_MODEL_ABI_VERSION */
  uint32_t num_functions;
  uint32_t num_blobs;
  uint32_t reserved;
  const char *metadata; /* NUL-terminated text */
  uint64_t metadata_size;
  const tfc_packed_fn *functions;
  const void *const *blobs; /* constant initializer data */
  const uint64_t *blob_sizes;
} tfc_model_abi;

#ifdef __cplusplus
}
#endif

/* The runtime functions compiled code calls (declared in
 * tfc/runtime/compiled.h and tfc/runtime/model.h), as
 * X(name, "result(parameters)"). Kinds: `i32` (int32_t or an enum such as
 * tfc_dtype), `i64` (int64_t), `f32` (float), `addr` (a pointer or
 * uintptr_t: compiled code passes an !llvm.ptr or an index) and `void`. */
#define TFC_RUNTIME_CALLS(X)                                                   \
  X(tfc_rt_push_tensor, "void(i32,i64,addr,i64,addr)")                         \
  X(tfc_rt_print, "void(addr,i64)")                                            \
  X(tfc_rt_assert_fail, "void(addr,i64)")                                      \
  X(tfc_rt_push_deferred_tensor, "void(i32,i64,addr,i64)")                     \
  X(tfc_rt_deferred_tensor_dim, "void(i64,i64)")                               \
  X(tfc_rt_defer_assert, "void(addr,i64,addr,i64)")                            \
  X(tfc_rt_host_call, "void(addr,i64)")                                        \
  X(tfc_rt_host_result_dim, "i64(i64,i64,i64)")                                \
  X(tfc_rt_host_result, "void(i64,i32,i64,addr,i64,addr)")                     \
  X(tfc_rt_save_tensors, "void(addr,i64)")                                     \
  X(tfc_rt_restore_tensors, "void(addr,i64)")                                  \
  X(tfc_rt_all_reduce_gradients, "f32(addr,i64,i64)")                          \
  X(tfc_rt_alloc_at, "addr(i64,i64,addr)")                                     \
  X(tfc_runtime_num_threads, "i32()")

#endif /* TFC_RUNTIME_ABI_H */
