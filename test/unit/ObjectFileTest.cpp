//===- ObjectFileTest.cpp - Constructors in the objects tfc writes --------===//
//
// emitObjectFile writes every target's objects (the CPU's, and the CUDA
// target's host code with its module loader). A module with a global
// constructor must come out with it in .init_array, which glibc runs, and
// no .ctors, which it does not.
//
//===----------------------------------------------------------------------===//

#include "tfc/Target/LLVMModel.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace {

/// A constructor with an effect the optimizer cannot evaluate away, like
/// the CUDA target's module loader.
constexpr const char *kModuleWithConstructor = R"llvm(
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }]
    [{ i32, ptr, ptr } { i32 123, ptr @load, ptr null }]
declare void @mgpuModuleLoad()
define internal void @load() {
  call void @mgpuModuleLoad()
  ret void
}
)llvm";

/// The section names of the object emitted at `optLevel`.
std::set<std::string> sectionsOfObject(unsigned optLevel) {
  llvm::LLVMContext context;
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyString(kModuleWithConstructor, diagnostic, context);
  EXPECT_TRUE(module) << diagnostic.getMessage().str();
  if (!module)
    return {};
  llvm::SmallVector<char, 0> bytes;
  llvm::raw_svector_ostream os(bytes);
  std::string error;
  mlir::tfc::TargetOptions options;
  options.optLevel = optLevel;
  EXPECT_TRUE(
      mlir::succeeded(mlir::tfc::emitObjectFile(*module, options, os, error)))
      << error;
  auto object = llvm::object::ObjectFile::createObjectFile(
      llvm::MemoryBufferRef(llvm::StringRef(bytes.data(), bytes.size()), "o"));
  if (!object) {
    ADD_FAILURE() << llvm::toString(object.takeError());
    return {};
  }
  std::set<std::string> names;
  for (const llvm::object::SectionRef &section : (*object)->sections())
    if (llvm::Expected<llvm::StringRef> name = section.getName())
      names.insert(name->str());
    else
      llvm::consumeError(name.takeError());
  return names;
}

bool hasSectionStartingWith(const std::set<std::string> &names,
                            llvm::StringRef prefix) {
  for (const std::string &name : names)
    if (llvm::StringRef(name).starts_with(prefix))
      return true;
  return false;
}

TEST(ObjectFile, ConstructorsGoToInitArray) {
  for (unsigned level : {0u, 2u}) {
    std::set<std::string> names = sectionsOfObject(level);
    EXPECT_TRUE(hasSectionStartingWith(names, ".init_array")) << "-O" << level;
    EXPECT_FALSE(hasSectionStartingWith(names, ".ctors")) << "-O" << level;
  }
}

} // namespace
