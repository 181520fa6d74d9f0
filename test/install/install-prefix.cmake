# ctest's install: `cmake --install BUILD_DIR` into PREFIX, emptied first so
# that no file of an earlier install can make a test pass.
#   cmake -DBUILD_DIR=... -DPREFIX=... -P install-prefix.cmake
file(REMOVE_RECURSE "${PREFIX}")
execute_process(
  COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
  OUTPUT_QUIET
  COMMAND_ERROR_IS_FATAL ANY)
