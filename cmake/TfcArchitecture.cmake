# The link dependencies between tfc's own libraries and tools, written at
# configure time to ${PROJECT_BINARY_DIR}/architecture/targets.txt (one
# "target: dependency dependency ..." line each) from the targets' real
# LINK_LIBRARIES. scripts/architecture.py checks them against the intended
# layering (docs/architecture.md; test/docs/architecture.test) and draws
# them: `ninja architecture-graph` writes docs/architecture.svg.

# Every target defined in `dir` and the directories below it.
function(tfc_collect_targets dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(subdir IN LISTS subdirs)
    tfc_collect_targets(${subdir} more)
    list(APPEND targets ${more})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()

set(tfc_architecture_targets)
foreach(dir lib tools runtime)
  tfc_collect_targets(${PROJECT_SOURCE_DIR}/${dir} found)
  list(APPEND tfc_architecture_targets ${found})
endforeach()

# Only libraries and executables named like ours: no object libraries,
# generated-file targets or MLIR's own.
set(tfc_architecture_kept)
foreach(target IN LISTS tfc_architecture_targets)
  get_target_property(type ${target} TYPE)
  if(target MATCHES "^(TFC|tfc)" AND type MATCHES
     "^(STATIC_LIBRARY|SHARED_LIBRARY|EXECUTABLE)$")
    list(APPEND tfc_architecture_kept ${target})
  endif()
endforeach()

set(tfc_architecture_text "")
foreach(target IN LISTS tfc_architecture_kept)
  get_target_property(libs ${target} LINK_LIBRARIES)
  set(deps)
  foreach(lib IN LISTS libs)
    if(lib IN_LIST tfc_architecture_kept AND NOT lib STREQUAL target)
      list(APPEND deps ${lib})
    endif()
  endforeach()
  list(REMOVE_DUPLICATES deps)
  list(JOIN deps " " deps_text)
  string(APPEND tfc_architecture_text "${target}: ${deps_text}\n")
endforeach()
file(WRITE ${PROJECT_BINARY_DIR}/architecture/targets.txt
     "${tfc_architecture_text}")

find_program(TFC_DOT_EXECUTABLE dot)
find_package(Python3 COMPONENTS Interpreter QUIET)
if(TFC_DOT_EXECUTABLE AND Python3_FOUND)
  add_custom_target(architecture-graph
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/architecture.py
            ${PROJECT_BINARY_DIR}/architecture/targets.txt
            --dot ${PROJECT_BINARY_DIR}/architecture/architecture.dot
    COMMAND ${TFC_DOT_EXECUTABLE} -Tsvg
            ${PROJECT_BINARY_DIR}/architecture/architecture.dot
            -o ${PROJECT_SOURCE_DIR}/docs/architecture.svg
    COMMENT "Drawing docs/architecture.svg from the targets' dependencies"
    VERBATIM)
endif()
