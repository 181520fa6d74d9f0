# tfc_compile(): compiles a tfc model at build time, for projects that use
# an installed tfc through find_package(tfc) (docs/install.md).
#
#   tfc_compile(TARGET <name> MODEL <model>
#               [MODEL_NAME <c-name>] [ENTRY <spec>...]
#               [OPTIONS <option>...] [DEPENDS <file>...])
#
# Runs `tfc compile <model> -o lib<c-name>.so [--entry <spec>]...
# [OPTIONS...]` in ${CMAKE_CURRENT_BINARY_DIR}/tfc/<name>, whenever the
# model, a DEPENDS file or tfc itself changes, and makes <name> a shared
# library target: linking it puts the generated <c-name>.h on the include
# path and links the model library and tfc::runtime.
#
# MODEL is a tfc module (.mlir) or a TensorFlow 1 file tfc imports (.pb,
# .pbtxt, .meta, a SavedModel directory; docs/import.md), whose entry points
# ENTRY gives as NAME=FEEDS:FETCHES[:TARGETS]. <c-name>, the model's name in
# C identifiers (<c-name>_create, tfc_model_<c-name>), defaults to <name>
# with every other character than a letter, digit or underscore replaced
# by `_`. OPTIONS go to `tfc compile` unchanged (-O3, --target=cuda,
# --feed x --fetch y, --config ...). $<TARGET_FILE:<name>> is the library,
# e.g. to install it.

function(tfc_compile)
  cmake_parse_arguments(PARSE_ARGV 0 ARG "" "TARGET;MODEL;MODEL_NAME"
                        "ENTRY;OPTIONS;DEPENDS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
      "tfc_compile: unexpected arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_TARGET OR NOT ARG_MODEL)
    message(FATAL_ERROR "tfc_compile: TARGET and MODEL are required")
  endif()
  set(name ${ARG_MODEL_NAME})
  if(NOT name)
    string(MAKE_C_IDENTIFIER "${ARG_TARGET}" name)
  endif()
  get_filename_component(model "${ARG_MODEL}" ABSOLUTE
                         BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/tfc/${ARG_TARGET}")
  set(library "${dir}/lib${name}.so")
  set(entries)
  foreach(entry IN LISTS ARG_ENTRY)
    list(APPEND entries --entry "${entry}")
  endforeach()
  # An imported target's include directory must exist when CMake generates
  # the build system, before the header is written.
  file(MAKE_DIRECTORY "${dir}")

  add_custom_command(
    OUTPUT "${library}" "${dir}/${name}.h"
    COMMAND tfc::tfc compile "${model}" -o "${library}" --model-name "${name}"
            ${entries} ${ARG_OPTIONS}
    DEPENDS "${model}" $<TARGET_FILE:tfc::tfc> ${ARG_DEPENDS}
    COMMENT "Compiling the tfc model ${ARG_TARGET}"
    VERBATIM)
  add_custom_target(tfc-compile-${ARG_TARGET}
    DEPENDS "${library}" "${dir}/${name}.h")

  add_library(${ARG_TARGET} SHARED IMPORTED GLOBAL)
  # The library has no DT_SONAME: IMPORTED_NO_SONAME links it as
  # `-l<c-name>`, so programs record lib<c-name>.so, not this build path.
  set_target_properties(${ARG_TARGET} PROPERTIES
    IMPORTED_LOCATION "${library}"
    IMPORTED_NO_SONAME ON
    INTERFACE_INCLUDE_DIRECTORIES "${dir}"
    INTERFACE_LINK_LIBRARIES tfc::runtime)
  add_dependencies(${ARG_TARGET} tfc-compile-${ARG_TARGET})
endfunction()
