# Keeps clean and incremental builds fast on small machines:
#  - ccache when it is installed;
#  - one precompiled header of the heavy MLIR includes (tfc_add_mlir_pch);
#  - every tfc target links the shared libMLIR.so/libLLVM.so instead of
#    hundreds of static archives, so links take seconds.

find_program(TFC_CCACHE ccache)
if(TFC_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  # ccache refuses precompiled headers unless told which differences to
  # ignore. Paths under the source tree are hashed relative to it, so a
  # second checkout or a fresh clone reuses the cache of the first.
  set(TFC_CCACHE_ENV
    "CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime"
    "CCACHE_BASEDIR=${CMAKE_SOURCE_DIR}")
  set(CMAKE_CXX_COMPILER_LAUNCHER
    ${CMAKE_COMMAND} -E env ${TFC_CCACHE_ENV} ${TFC_CCACHE})
  set(CMAKE_C_COMPILER_LAUNCHER
    ${CMAKE_COMMAND} -E env ${TFC_CCACHE_ENV} ${TFC_CCACHE})
  message(STATUS "tfc: compiling through ccache (${TFC_CCACHE})")
endif()

option(TFC_ENABLE_PCH "Precompile the common MLIR headers" ON)

# The MLIR dylib is the only copy of MLIR a tfc binary may load: mixing it with
# static MLIR archives registers command-line options twice.
set(TFC_MLIR_LIBS MLIR)

# Builds the precompiled MLIR header once, in a small object library of its
# own, so that no tfc library depends on another just for the header. Call
# after the include directories and definitions are set.
function(tfc_create_mlir_pch)
  if(NOT TFC_ENABLE_PCH)
    return()
  endif()
  add_library(tfc_mlir_pch OBJECT ${PROJECT_SOURCE_DIR}/cmake/MLIRPch.cpp)
  set_target_properties(tfc_mlir_pch PROPERTIES POSITION_INDEPENDENT_CODE ON)
  # The same exception and RTTI flags as the LLVM-style libraries using it.
  llvm_update_compile_flags(tfc_mlir_pch)
  target_precompile_headers(tfc_mlir_pch PRIVATE
    "$<$<COMPILE_LANGUAGE:CXX>:${PROJECT_SOURCE_DIR}/include/tfc/Support/MLIRPch.h>")
endfunction()

# Gives TARGET (a library made by add_mlir_*_library, whose sources compile in
# its object library obj.TARGET) the shared precompiled MLIR header, valid
# because every tfc library compiles with the same flags.
function(tfc_add_mlir_pch target)
  if(NOT TFC_ENABLE_PCH)
    return()
  endif()
  set(compiled ${target})
  if(TARGET obj.${target})
    set(compiled obj.${target})
  endif()
  target_precompile_headers(${compiled} REUSE_FROM tfc_mlir_pch)
endfunction()
