//===- Linker.cpp - object files to a shared library ----------------------===//
//
// Links a model's object file into a shared library with the system
// toolchain (clang-22 and lld from the LLVM packages tfc builds with).
//
//===----------------------------------------------------------------------===//

#include "tfc/Driver/Compiler.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace mlir;
using namespace mlir::tfc;

/// Where the LLVM 22 packages put libomp.so.
#define LLVM_OPENMP_DIR "/usr/lib/llvm-22/lib"

/// The C compiler driver used for linking.
static llvm::ErrorOr<std::string> findLinkerDriver() {
  for (StringRef name : {"clang-22", "clang"}) {
    if (auto path = llvm::sys::findProgramByName(name, {"/usr/lib/llvm-22/bin"}))
      return path;
    if (auto path = llvm::sys::findProgramByName(name))
      return path;
  }
  return std::make_error_code(std::errc::no_such_file_or_directory);
}

LogicalResult mlir::tfc::linkSharedLibrary(ArrayRef<std::string> objects,
                                           StringRef output,
                                           StringRef runtimeLibraryDir,
                                           const TargetOptions &target,
                                           bool openMP, std::string &error) {
  llvm::ErrorOr<std::string> driver = findLinkerDriver();
  if (!driver) {
    error = "cannot find clang-22 to link the library (install clang-22)";
    return failure();
  }
  bool cross = target.isCrossCompiling();
  SmallString<256> runtime(runtimeLibraryDir);
  llvm::sys::path::append(runtime, "libtfc_runtime.so");
  if (!llvm::sys::fs::exists(runtime)) {
    error = ("cannot find the tfc runtime at " + runtime.str()).str();
    if (cross)
      error += " (tfc's build cross-builds it when it finds the " +
               target.getMultiarchName() +
               " cross toolchain; docs/codegen.md, \"Cross-compiling for "
               "AArch64\")";
    return failure();
  }
  std::string rpath = ("-Wl,-rpath," + runtimeLibraryDir).str();
  std::string libDir = ("-L" + runtimeLibraryDir).str();
  // Another architecture: clang finds Debian's cross toolchain (crt files,
  // libc, libgcc under /usr/<multiarch> and /usr/lib/gcc-cross) itself.
  std::string targetFlag = "--target=" + target.getMultiarchName();
  SmallVector<StringRef> args = {*driver};
  if (cross)
    args.push_back(targetFlag);
  args.append({"-shared", "-fuse-ld=lld", "-Wl,--no-undefined", "-o", output});
  for (const std::string &object : objects)
    args.push_back(object);
  args.append({libDir, "-ltfc_runtime", rpath, "-lm"});
  // libomp-22-dev's runtime, found where clang-22 itself would look.
  if (openMP)
    args.append({"-L" LLVM_OPENMP_DIR, "-lomp", "-Wl,-rpath," LLVM_OPENMP_DIR});

  std::string message;
  int status = llvm::sys::ExecuteAndWait(*driver, args, std::nullopt, {}, 0, 0,
                                         &message);
  if (status != 0) {
    error = "linking " + output.str() + " failed" +
            (message.empty() ? "" : ": " + message);
    return failure();
  }
  return success();
}
