# `make package`: a Debian package of what `cmake --install` puts in a
# prefix (TfcInstall.cmake), installed under /usr. CPack's DEB generator
# builds it; the dependencies are Debian's packages of what the tools load
# (LLVM and MLIR 22, protobuf) and of what `tfc compile` runs to link a
# model (clang-22, lld-22, libomp-22-dev's OpenMP runtime).
# scripts/test-deb.sh unpacks the package and compiles and runs a model
# with it.

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME tfc)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_CONTACT "tfc developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "Ahead-of-time compiler for TensorFlow 1 graphs to native libraries")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
  "tfc compiles TensorFlow 1 graphs (GraphDef, MetaGraphDef, SavedModel)
 and tfc-dialect modules into shared libraries with a C API, linked against
 a small runtime that holds the variables. Includes tfc, tfc-opt,
 tfc-translate, tfc-run, the runtime, its headers, a CMake package,
 pkg-config file and the Python loader.")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE amd64)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
  "libc6, libstdc++6, libgcc-s1, libllvm22, libmlir-22, libprotobuf32, clang-22, lld-22, libomp-22-dev")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3-numpy, graphviz")
set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR}/deb)

include(CPack)
