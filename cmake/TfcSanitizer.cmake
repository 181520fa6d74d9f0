# TFC_SANITIZER=thread|address builds the runtime and its tests with a
# sanitizer. Use a separate build directory, e.g.:
#   cmake -G Ninja -S . -B build-tsan -DTFC_SANITIZER=thread ...
#   ninja -C build-tsan tfc-runtime-tests && build-tsan/bin/tfc-runtime-tests
# The sanitizer runtimes of clang-22 come with libclang-rt-22-dev.

option(TFC_FUZZ "Build the fuzz targets with libFuzzer (make fuzz)" OFF)
set(TFC_SANITIZER "" CACHE STRING
  "Sanitizer for the runtime and its tests: thread, address or empty")
set_property(CACHE TFC_SANITIZER PROPERTY STRINGS "" thread address)
if(TFC_SANITIZER AND NOT TFC_SANITIZER MATCHES "^(thread|address)$")
  message(FATAL_ERROR "TFC_SANITIZER must be thread or address, "
                      "not '${TFC_SANITIZER}'")
endif()

# Compiles and links `target` with the chosen sanitizer, if any.
function(tfc_add_sanitizer target)
  if(NOT TFC_SANITIZER)
    return()
  endif()
  set(flags -fsanitize=${TFC_SANITIZER} -fno-omit-frame-pointer)
  # AddressSanitizer builds also check for undefined behaviour, which fails
  # the test instead of printing a warning.
  if(TFC_SANITIZER STREQUAL "address")
    set(flags -fsanitize=address,undefined -fno-sanitize-recover=undefined
              -fno-omit-frame-pointer)
  endif()
  target_compile_options(${target} PRIVATE ${flags})
  target_link_options(${target} PRIVATE ${flags})
  # The shared precompiled MLIR header is built without the sanitizer, and
  # clang refuses a header precompiled with other sanitizer flags.
  set_target_properties(${target} PROPERTIES DISABLE_PRECOMPILE_HEADERS ON)
  # Coverage for libFuzzer in everything the fuzz targets reach.
  if(TFC_FUZZ)
    target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link)
  endif()
  # A sanitized shared library leaves the sanitizer's symbols to the
  # executable's runtime, so it cannot keep HandleLLVMOptions' -z defs.
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "SHARED_LIBRARY")
    target_link_options(${target} PRIVATE "LINKER:-z,undefs")
  endif()
endfunction()
