# Checks libtfc_runtime.so: every exported symbol is part of the tfc_* C API
# (or one of the MLIR runtime functions compiled models call: allocation,
# memrefCopy, and the mgpu* functions of MLIR 22's gpu-to-llvm lowering, all
# of which must be there), and neither an LLVM or MLIR library nor the CUDA
# driver is among its dependencies.
# Usage: cmake -DLIBRARY=... -DNM=llvm-nm -DREADOBJ=llvm-readobj -P this-file

cmake_minimum_required(VERSION 3.25)

execute_process(
  COMMAND ${NM} --dynamic --defined-only --just-symbol-name ${LIBRARY}
  OUTPUT_VARIABLE symbols RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "llvm-nm failed on ${LIBRARY}")
endif()
string(REPLACE "\n" ";" symbols "${symbols}")
# What code from gpu-to-llvm calls (docs/runtime.md), signatures included in
# runtime/src/CudaModule.cpp and CudaMemory.cpp.
set(mgpu_symbols
  mgpuModuleLoad mgpuModuleLoadJIT mgpuModuleUnload mgpuModuleGetFunction
  mgpuLaunchKernel mgpuStreamCreate mgpuStreamDestroy mgpuStreamSynchronize
  mgpuStreamWaitEvent mgpuEventCreate mgpuEventDestroy mgpuEventSynchronize
  mgpuEventRecord mgpuSetDefaultDevice mgpuMemAlloc mgpuMemFree mgpuMemcpy
  mgpuMemset32 mgpuMemset16 mgpuMemHostRegister mgpuMemHostUnregister
  mgpuMemHostRegisterMemRef mgpuMemHostUnregisterMemRef)
foreach(symbol IN LISTS mgpu_symbols)
  if(NOT symbol IN_LIST symbols)
    list(APPEND missing ${symbol})
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "libtfc_runtime.so does not export ${missing}")
endif()
set(api_count 0)
foreach(symbol IN LISTS symbols)
  if(symbol STREQUAL "")
    continue()
  elseif(symbol MATCHES "^tfc_[a-z0-9_]+$")
    math(EXPR api_count "${api_count} + 1")
  elseif(symbol MATCHES "^_mlir_memref_to_llvm_(alloc|aligned_alloc|free)$")
    # MLIR's generic allocation functions, which compiled models call.
  elseif(symbol STREQUAL "memrefCopy")
    # MLIR's strided copy, which compiled models call.
  elseif(symbol IN_LIST mgpu_symbols)
    # The GPU runtime functions compiled CUDA models call.
  else()
    list(APPEND unexpected ${symbol})
  endif()
endforeach()
if(unexpected)
  message(FATAL_ERROR
    "libtfc_runtime.so exports non-API symbols: ${unexpected}")
endif()
if(NOT "tfc_status_create" IN_LIST symbols OR
   NOT "tfc_tensor_create" IN_LIST symbols)
  message(FATAL_ERROR "libtfc_runtime.so does not export the C API; is the "
                      "version script dropping it?")
endif()

execute_process(
  COMMAND ${READOBJ} --needed-libs ${LIBRARY}
  OUTPUT_VARIABLE needed RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "llvm-readobj failed on ${LIBRARY}")
endif()
if(needed MATCHES "(libLLVM|libMLIR|libcuda)[^\n]*")
  message(FATAL_ERROR "libtfc_runtime.so depends on ${CMAKE_MATCH_0}")
endif()
message(STATUS "${api_count} tfc_* functions exported; no LLVM/MLIR dependency")
