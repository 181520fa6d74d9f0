# What `cmake --install build --prefix P` puts in P (docs/install.md):
#
#   bin/                        tfc, tfc-opt, tfc-translate, tfc-run
#   lib/libtfc_runtime.so       the runtime compiled models link against
#   lib/cmake/tfc/              the CMake package: tfc::runtime, the tools,
#                               tfc_compile() (TfcCompile.cmake)
#   lib/pkgconfig/tfc-runtime.pc
#   lib/python3/dist-packages/tfc/  the Python loader (python/tfc)
#   include/tfc/                runtime.h, runtime/*.h and runtime/handles.hpp
#
# The directory names are fixed rather than GNUInstallDirs' (which picks
# lib/x86_64-linux-gnu for /usr on Debian): `tfc compile` finds the runtime
# in ../lib from its own directory, and every file of the prefix finds the
# others by relative paths, so the prefix can be moved as a whole.

include(CMakePackageConfigHelpers)

set(TFC_INSTALL_PYTHONDIR lib/python3/dist-packages CACHE STRING
  "Where `cmake --install` puts the Python package tfc, relative to the prefix")
set(TFC_INSTALL_CMAKEDIR lib/cmake/tfc)

set(TFC_MLIR_TOOLS tfc tfc-opt tfc-translate)
install(TARGETS ${TFC_MLIR_TOOLS} tfc-run EXPORT tfcTargets
  RUNTIME DESTINATION bin)
# add_llvm_executable gives the install rpath $ORIGIN/../lib, where the
# runtime is; the tools linking libMLIR.so also find it in the LLVM 22
# packages, which `tfc compile` needs anyway to link models.
set_property(TARGET ${TFC_MLIR_TOOLS} APPEND PROPERTY
  INSTALL_RPATH ${LLVM_LIBRARY_DIR})
install(TARGETS tfc_runtime EXPORT tfcTargets
  LIBRARY DESTINATION lib)
install(DIRECTORY runtime/include/tfc DESTINATION include)
install(EXPORT tfcTargets NAMESPACE tfc:: DESTINATION ${TFC_INSTALL_CMAKEDIR})

set(TFC_PACKAGE_DIR ${CMAKE_BINARY_DIR}/package)
configure_package_config_file(cmake/tfcConfig.cmake.in
  ${TFC_PACKAGE_DIR}/tfcConfig.cmake
  INSTALL_DESTINATION ${TFC_INSTALL_CMAKEDIR}
  PATH_VARS TFC_INSTALL_PYTHONDIR)
# Before 1.0 a minor version may change the model ABI.
write_basic_package_version_file(${TFC_PACKAGE_DIR}/tfcConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${TFC_PACKAGE_DIR}/tfcConfig.cmake
  ${TFC_PACKAGE_DIR}/tfcConfigVersion.cmake
  cmake/TfcCompile.cmake
  DESTINATION ${TFC_INSTALL_CMAKEDIR})

configure_file(cmake/tfc-runtime.pc.in ${TFC_PACKAGE_DIR}/tfc-runtime.pc
  @ONLY)
install(FILES ${TFC_PACKAGE_DIR}/tfc-runtime.pc DESTINATION lib/pkgconfig)

install(DIRECTORY python/tfc DESTINATION ${TFC_INSTALL_PYTHONDIR}
  FILES_MATCHING PATTERN "*.py")
