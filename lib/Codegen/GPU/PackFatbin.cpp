//===- PackFatbin.cpp - the tfc-gpu-pack-fatbin pass ----------------------===//
//
// gpu-module-to-binary makes one object per target; the host code loads
// only one of them. This pass assembles each architecture's PTX with ptxas
// and packs the cubins and the PTX into one fatbin, which the CUDA driver
// picks the right image from at load time.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/GPU/Passes.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCGPUPACKFATBIN
#include "tfc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

namespace {
/// Temporary files removed when the pass is done with them.
class TempFiles {
public:
  ~TempFiles() {
    for (const std::string &path : paths)
      llvm::sys::fs::remove(path);
  }
  FailureOr<std::string> create(StringRef prefix, StringRef suffix) {
    SmallString<128> path;
    if (llvm::sys::fs::createTemporaryFile(prefix, suffix, path))
      return failure();
    paths.push_back(path.str().str());
    return paths.back();
  }

private:
  std::vector<std::string> paths;
};
} // namespace

/// `toolkit`/bin/`name`, else `name` on PATH.
static FailureOr<std::string> findTool(StringRef toolkit, StringRef name) {
  if (!toolkit.empty()) {
    SmallString<256> path(toolkit);
    llvm::sys::path::append(path, "bin", name);
    if (llvm::sys::fs::can_execute(path))
      return path.str().str();
  }
  if (llvm::ErrorOr<std::string> path = llvm::sys::findProgramByName(name))
    return *path;
  return failure();
}

/// Runs `program` with `args`; on failure returns its stderr.
static LogicalResult run(StringRef program, ArrayRef<std::string> args,
                         TempFiles &temps, std::string &error) {
  FailureOr<std::string> log = temps.create("tfc-tool", "log");
  if (failed(log)) {
    error = "cannot create a temporary file";
    return failure();
  }
  SmallVector<StringRef> argv{program};
  for (const std::string &arg : args)
    argv.push_back(arg);
  std::optional<StringRef> redirects[] = {std::nullopt, *log, *log};
  int status = llvm::sys::ExecuteAndWait(program, argv, std::nullopt,
                                         redirects, 0, 0, &error);
  if (status == 0)
    return success();
  if (auto buffer = llvm::MemoryBuffer::getFile(*log))
    error += (*buffer)->getBuffer().trim().str();
  return failure();
}

static LogicalResult writeFile(StringRef path, StringRef bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return failure();
  os << bytes;
  return success();
}

namespace {
struct TFCGPUPackFatbinPass
    : public tfc::impl::TFCGPUPackFatbinBase<TFCGPUPackFatbinPass> {
  using Base::Base;

  LogicalResult pack(gpu::BinaryOp binary, StringRef ptxas,
                     StringRef fatbinary) {
    TempFiles temps;
    std::vector<std::string> fatbinArgs{"--create", "", "-64"};
    FailureOr<std::string> output = temps.create("tfc-kernels", "fatbin");
    if (failed(output))
      return binary.emitError("cannot create a temporary file");
    fatbinArgs[1] = *output;
    Attribute firstTarget;
    for (Attribute attr : binary.getObjects()) {
      auto object = cast<gpu::ObjectAttr>(attr);
      auto target = dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget());
      if (!target || object.getFormat() != gpu::CompilationTarget::Assembly)
        return binary.emitError("expected PTX objects for #nvvm.target "
                                "(gpu-module-to-binary format=isa)");
      if (!firstTarget)
        firstTarget = target;
      StringRef chip = target.getChip();
      if (!chip.consume_front("sm_"))
        return binary.emitError("unexpected CUDA architecture '")
               << target.getChip() << "'";
      FailureOr<std::string> ptx = temps.create(("tfc-" + target.getChip()).str(), "ptx");
      FailureOr<std::string> cubin =
          temps.create(("tfc-" + target.getChip()).str(), "cubin");
      if (failed(ptx) || failed(cubin) ||
          failed(writeFile(*ptx, object.getObject().getValue())))
        return binary.emitError("cannot write a temporary file");
      std::string error;
      std::vector<std::string> args{"-arch=" + target.getChip().str(), "-O3",
                                    *ptx, "-o", *cubin};
      if (failed(run(ptxas, args, temps, error)))
        return binary.emitError("ptxas failed for ")
               << target.getChip() << ": " << error;
      fatbinArgs.push_back(("--image3=kind=elf,sm=" + chip + ",file=" + *cubin)
                               .str());
      fatbinArgs.push_back(("--image3=kind=ptx,sm=" + chip + ",file=" + *ptx)
                               .str());
    }
    std::string error;
    if (failed(run(fatbinary, fatbinArgs, temps, error)))
      return binary.emitError("fatbinary failed: ") << error;
    auto bytes = llvm::MemoryBuffer::getFile(*output, /*IsText=*/false);
    if (!bytes)
      return binary.emitError("cannot read the fatbin");
    MLIRContext *context = &getContext();
    // The fatbin goes into the section CUDA tools look for.
    auto properties = DictionaryAttr::get(
        context, {NamedAttribute(StringAttr::get(context, gpu::elfSectionName),
                                 StringAttr::get(context, ".nv_fatbin"))});
    auto fatbin = gpu::ObjectAttr::get(
        context, firstTarget, gpu::CompilationTarget::Fatbin,
        StringAttr::get(context, (*bytes)->getBuffer()), properties, nullptr);
    binary.setObjectsAttr(ArrayAttr::get(context, {fatbin}));
    return success();
  }

  void runOnOperation() override {
    SmallVector<gpu::BinaryOp> binaries(getOperation().getOps<gpu::BinaryOp>());
    if (binaries.empty())
      return;
    FailureOr<std::string> ptxas = findTool(toolkitPath, "ptxas");
    FailureOr<std::string> fatbinary = findTool(toolkitPath, "fatbinary");
    if (failed(ptxas) || failed(fatbinary)) {
      getOperation().emitError("the CUDA target needs ptxas and fatbinary "
                               "from the CUDA toolkit: not found in '")
          << toolkitPath << "/bin' nor on PATH";
      return signalPassFailure();
    }
    for (gpu::BinaryOp binary : binaries)
      if (failed(pack(binary, *ptxas, *fatbinary)))
        return signalPassFailure();
  }
};
} // namespace
