# The runtime cross-built for AArch64 (runtime/cross, configured with
# cmake/toolchains/aarch64-linux-gnu.cmake), so that
# `tfc compile --target-triple=aarch64-linux-gnu` has a libtfc_runtime.so to
# link against and the tests can run the libraries under qemu-aarch64.
#
#   build/lib/aarch64-linux-gnu/libtfc_runtime.so
#   build/bin/aarch64-linux-gnu/tfc-run
#
# and the same paths under the install prefix. TFC_CROSS_AARCH64: AUTO (the
# default) builds it when clang and Debian's cross toolchain
# (crossbuild-essential-arm64) are there, ON requires them, OFF skips it.

include(ExternalProject)

set(TFC_CROSS_AARCH64 AUTO CACHE STRING
  "Cross-build the runtime for AArch64 (AUTO, ON, OFF)")
set_property(CACHE TFC_CROSS_AARCH64 PROPERTY STRINGS AUTO ON OFF)

set(TFC_AARCH64_MULTIARCH aarch64-linux-gnu)
set(TFC_AARCH64_SYSROOT /usr/${TFC_AARCH64_MULTIARCH})
set(TFC_HAVE_CROSS_AARCH64 OFF)

if(NOT TFC_CROSS_AARCH64 STREQUAL "OFF")
  # clang cross-compiles by itself; glibc's crt files and libstdc++'s
  # headers come from the Debian packages.
  file(GLOB tfc_aarch64_libstdcxx
    /usr/lib/gcc-cross/${TFC_AARCH64_MULTIARCH}/*/libstdc++.so)
  set(tfc_aarch64_missing)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    list(APPEND tfc_aarch64_missing "clang as the C++ compiler")
  endif()
  if(NOT EXISTS ${TFC_AARCH64_SYSROOT}/lib/crt1.o)
    list(APPEND tfc_aarch64_missing "libc6-dev-arm64-cross")
  endif()
  if(NOT tfc_aarch64_libstdcxx)
    list(APPEND tfc_aarch64_missing "libstdc++-12-dev-arm64-cross")
  endif()
  if(tfc_aarch64_missing)
    if(TFC_CROSS_AARCH64 STREQUAL "ON")
      message(FATAL_ERROR "TFC_CROSS_AARCH64=ON needs: ${tfc_aarch64_missing}")
    endif()
    message(STATUS "AArch64 runtime: not built (missing: "
      "${tfc_aarch64_missing}; scripts/install-deps.sh installs them)")
  else()
    set(TFC_HAVE_CROSS_AARCH64 ON)
  endif()
endif()

if(TFC_HAVE_CROSS_AARCH64)
  message(STATUS "AArch64 runtime: cross-built in lib/${TFC_AARCH64_MULTIARCH}")
  set(TFC_AARCH64_LIB_DIR ${CMAKE_BINARY_DIR}/lib/${TFC_AARCH64_MULTIARCH})
  set(TFC_AARCH64_BIN_DIR ${TFC_TOOLS_DIR}/${TFC_AARCH64_MULTIARCH})
  set(tfc_aarch64_args)
  if(TFC_CCACHE)
    list(APPEND tfc_aarch64_args -DCMAKE_CXX_COMPILER_LAUNCHER=${TFC_CCACHE})
  endif()
  ExternalProject_Add(tfc_runtime_aarch64
    SOURCE_DIR ${PROJECT_SOURCE_DIR}/runtime/cross
    BINARY_DIR ${CMAKE_BINARY_DIR}/runtime-${TFC_AARCH64_MULTIARCH}
    CMAKE_ARGS
      ${tfc_aarch64_args}
      -DCMAKE_TOOLCHAIN_FILE=${PROJECT_SOURCE_DIR}/cmake/toolchains/${TFC_AARCH64_MULTIARCH}.cmake
      -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
      -DCMAKE_BUILD_TYPE=Release
      -DTFC_SOURCE_DIR=${PROJECT_SOURCE_DIR}
      -DTFC_OUTPUT_LIB_DIR=${TFC_AARCH64_LIB_DIR}
      -DTFC_OUTPUT_BIN_DIR=${TFC_AARCH64_BIN_DIR}
    INSTALL_COMMAND ""
    # Its own Ninja decides what is out of date in the runtime's sources.
    BUILD_ALWAYS ON
    BUILD_BYPRODUCTS
      ${TFC_AARCH64_LIB_DIR}/libtfc_runtime.so
      ${TFC_AARCH64_BIN_DIR}/tfc-run
    USES_TERMINAL_BUILD ON)
  install(FILES ${TFC_AARCH64_LIB_DIR}/libtfc_runtime.so
    DESTINATION lib/${TFC_AARCH64_MULTIARCH})
  # Its rpath is relative ($ORIGIN/../../lib/aarch64-linux-gnu).
  install(PROGRAMS ${TFC_AARCH64_BIN_DIR}/tfc-run
    DESTINATION bin/${TFC_AARCH64_MULTIARCH})
endif()
