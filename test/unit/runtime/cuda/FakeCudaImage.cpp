//===- FakeCudaImage.cpp - The kernels of a GPU binary, for the fake driver
//===//
//
// A fatbin is a 16-byte header (magic 0xBA55ED50, version, header size, size
// of the rest) followed by images: an entry header (kind 1 PTX or 2 cubin,
// header size, payload size, architecture at byte 28) and the payload.
// PTX in a fatbin is usually compressed, so kernel names
// come from the cubins: each kernel's code is an ELF section `.text.NAME`.
//
//===----------------------------------------------------------------------===//

#include "FakeCudaImage.h"

#include <cstdint>
#include <cstring>
#include <elf.h>

namespace {

constexpr uint32_t kFatbinMagic = 0xBA55ED50;
constexpr uint16_t kKindPtx = 1, kKindCubin = 2;

template <typename T> T readAt(const unsigned char *bytes, size_t offset) {
  T value;
  std::memcpy(&value, bytes + offset, sizeof(T));
  return value;
}

/// The `.text.NAME` sections of the ELF cubin of `size` bytes at `elf`.
bool readCubinKernels(const unsigned char *elf, size_t size,
                      std::set<std::string> &kernels) {
  if (size < sizeof(Elf64_Ehdr) || std::memcmp(elf, ELFMAG, SELFMAG) != 0 ||
      elf[EI_CLASS] != ELFCLASS64)
    return false;
  auto header = readAt<Elf64_Ehdr>(elf, 0);
  if (header.e_shentsize != sizeof(Elf64_Shdr) ||
      header.e_shoff + uint64_t(header.e_shnum) * sizeof(Elf64_Shdr) > size ||
      header.e_shstrndx >= header.e_shnum)
    return false;
  auto names = readAt<Elf64_Shdr>(elf, header.e_shoff + header.e_shstrndx *
                                                            sizeof(Elf64_Shdr));
  if (names.sh_offset + names.sh_size > size)
    return false;
  const char *strings = reinterpret_cast<const char *>(elf + names.sh_offset);
  for (unsigned i = 0; i < header.e_shnum; ++i) {
    auto section =
        readAt<Elf64_Shdr>(elf, header.e_shoff + i * sizeof(Elf64_Shdr));
    if (section.sh_name >= names.sh_size)
      continue;
    const char *name = strings + section.sh_name;
    size_t length = strnlen(name, names.sh_size - section.sh_name);
    std::string text(name, length);
    if (text.rfind(".text.", 0) == 0)
      kernels.insert(text.substr(6));
  }
  return true;
}

/// The `.entry NAME` kernels and the `.target sm_XX` of PTX text.
bool readPtxKernels(const char *ptx, size_t size, int &arch,
                    std::set<std::string> &kernels) {
  std::string text(ptx, strnlen(ptx, size));
  if (text.find(".version") == std::string::npos)
    return false;
  size_t target = text.find(".target sm_");
  arch =
      target == std::string::npos ? 0 : std::atoi(text.c_str() + target + 11);
  for (size_t at = text.find(".entry"); at != std::string::npos;
       at = text.find(".entry", at + 6)) {
    size_t start = text.find_first_not_of(" \t", at + 6);
    size_t end = text.find_first_of(" \t\n(", start);
    if (start != std::string::npos && end != std::string::npos)
      kernels.insert(text.substr(start, end - start));
  }
  return true;
}

} // namespace

CUresult fake_cuda::readKernels(const void *image, int deviceArch,
                                std::set<std::string> &kernels) {
  const auto *bytes = static_cast<const unsigned char *>(image);
  if (readAt<uint32_t>(bytes, 0) != kFatbinMagic) {
    if (std::memcmp(bytes, ELFMAG, SELFMAG) == 0)
      // A cubin alone: its size is in its own headers, read them first.
      return readCubinKernels(bytes, SIZE_MAX, kernels)
                 ? CUDA_SUCCESS
                 : CUDA_ERROR_INVALID_IMAGE;
    int arch = 0;
    const char *text = static_cast<const char *>(image);
    if (!readPtxKernels(text, std::strlen(text), arch, kernels))
      return CUDA_ERROR_INVALID_IMAGE;
    return arch <= deviceArch ? CUDA_SUCCESS : CUDA_ERROR_NO_BINARY_FOR_GPU;
  }
  uint16_t headerSize = readAt<uint16_t>(bytes, 6);
  uint64_t end = headerSize + readAt<uint64_t>(bytes, 8);
  bool runnable = false;
  for (uint64_t offset = headerSize; offset + 48 <= end;) {
    uint16_t kind = readAt<uint16_t>(bytes, offset);
    uint32_t entryHeaderSize = readAt<uint32_t>(bytes, offset + 4);
    uint64_t payloadSize = readAt<uint64_t>(bytes, offset + 8);
    uint32_t arch = readAt<uint32_t>(bytes, offset + 28);
    if (entryHeaderSize < 48)
      return CUDA_ERROR_INVALID_IMAGE;
    const unsigned char *payload = bytes + offset + entryHeaderSize;
    if (kind == kKindCubin) {
      if (!readCubinKernels(payload, payloadSize, kernels))
        return CUDA_ERROR_INVALID_IMAGE;
      // A cubin runs on its major version, at its minor version or later.
      if (arch / 10 == deviceArch / 10 && arch <= unsigned(deviceArch))
        runnable = true;
    } else if (kind == kKindPtx) {
      // Compressed PTX (zstd) is not text: its names come from the cubins.
      int ptxArch = 0;
      readPtxKernels(reinterpret_cast<const char *>(payload), payloadSize,
                     ptxArch, kernels);
      if (arch <= unsigned(deviceArch))
        runnable = true;
    }
    offset += entryHeaderSize + payloadSize;
  }
  return runnable ? CUDA_SUCCESS : CUDA_ERROR_NO_BINARY_FOR_GPU;
}
