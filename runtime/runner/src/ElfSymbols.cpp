//===- ElfSymbols.cpp - Exported symbols of ELF64 shared libraries --------===//
//
// The reader trusts nothing in the file: each offset, size and index is
// checked against the image before use, in arithmetic that cannot overflow,
// and structures are copied out with memcpy since the image need not be
// aligned. The file is mapped, not read, so a library with large constants
// costs only the pages of its headers and symbol tables.
//
//===----------------------------------------------------------------------===//

#include "tfc/runner/ElfSymbols.h"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <elf.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace tfc::runner;

/// The machine compiled models of this build run on; 0 where this reader
/// does not know it (and then does not check).
#if defined(__x86_64__)
static constexpr uint16_t kHostMachine = EM_X86_64;
#elif defined(__aarch64__)
static constexpr uint16_t kHostMachine = EM_AARCH64;
#elif defined(__powerpc64__)
static constexpr uint16_t kHostMachine = EM_PPC64;
#elif defined(__riscv) && __riscv_xlen == 64
static constexpr uint16_t kHostMachine = EM_RISCV;
#else
static constexpr uint16_t kHostMachine = 0;
#endif

static std::string machineName(uint16_t machine) {
  switch (machine) {
  case EM_X86_64:
    return "x86-64";
  case EM_AARCH64:
    return "aarch64";
  case EM_PPC64:
    return "ppc64";
  case EM_RISCV:
    return "riscv";
  case EM_386:
    return "i386";
  case EM_ARM:
    return "arm";
  default:
    return "machine " + std::to_string(machine);
  }
}

namespace {
/// The bytes of an ELF image, read only within bounds.
class Image {
public:
  explicit Image(std::string_view bytes) : bytes(bytes) {}

  uint64_t size() const { return bytes.size(); }

  /// Whether [offset, offset + length) lies within the image.
  bool contains(uint64_t offset, uint64_t length) const {
    return offset <= size() && length <= size() - offset;
  }

  /// A copy of the T at `offset`, which the caller has checked with
  /// contains().
  template <typename T> T read(uint64_t offset) const {
    T value;
    std::memcpy(&value, bytes.data() + offset, sizeof(T));
    return value;
  }

  std::string_view slice(uint64_t offset, uint64_t length) const {
    return bytes.substr(offset, length);
  }

private:
  std::string_view bytes;
};
} // namespace

/// "truncated: <what> ends at byte <end>, past the end of the file (<size>
/// bytes)", with an end that may exceed 64 bits.
static std::string truncated(const char *what, uint64_t offset,
                             uint64_t length, uint64_t size) {
  std::string end = offset > UINT64_MAX - length
                        ? "past byte 2^64"
                        : "at byte " + std::to_string(offset + length);
  return std::string("truncated: ") + what + " ends " + end +
         ", past the end of the file (" + std::to_string(size) + " bytes)";
}

/// Sets `error` to `message`; false, for `return fail(...)`.
static bool fail(std::string &error, std::string message) {
  error = std::move(message);
  return false;
}

/// The ELF header of a 64-bit little-endian shared library for this
/// machine.
static bool readElfHeader(const Image &image, Elf64_Ehdr &header,
                          std::string &error) {
  if (image.size() == 0)
    return fail(error, "empty file");
  if (image.size() < SELFMAG || image.slice(0, SELFMAG) != ELFMAG)
    return fail(error, "not an ELF file");
  if (image.size() < EI_NIDENT)
    return fail(
        error, truncated("the ELF identification", 0, EI_NIDENT, image.size()));
  if (image.read<char>(EI_CLASS) != ELFCLASS64)
    return fail(error, "not a 64-bit ELF file");
  // The runtime itself only runs on little-endian hosts.
  if (image.read<char>(EI_DATA) != ELFDATA2LSB)
    return fail(error, "not a little-endian ELF file");
  if (!image.contains(0, sizeof(Elf64_Ehdr)))
    return fail(error, truncated("the ELF header", 0, sizeof(Elf64_Ehdr),
                                 image.size()));
  header = image.read<Elf64_Ehdr>(0);
  if (header.e_type != ET_DYN)
    return fail(error, "not a shared library (ELF type " +
                           std::to_string(header.e_type) + ")");
  if (kHostMachine && header.e_machine != kHostMachine)
    return fail(error, "built for " + machineName(header.e_machine) +
                           ", not for this machine (" +
                           machineName(kHostMachine) + ")");
  return true;
}

namespace {
/// Where the section headers are; all of them lie within the image.
struct SectionTable {
  uint64_t offset = 0;
  uint64_t entrySize = 0;
  uint64_t count = 0;

  Elf64_Shdr section(const Image &image, uint64_t index) const {
    return image.read<Elf64_Shdr>(offset + index * entrySize);
  }
};
} // namespace

static bool readSectionTable(const Image &image, const Elf64_Ehdr &header,
                             SectionTable &table, std::string &error) {
  if (header.e_shoff == 0)
    return fail(error, "malformed: no section header table");
  if (header.e_shentsize < sizeof(Elf64_Shdr))
    return fail(error, "malformed: section headers of " +
                           std::to_string(header.e_shentsize) + " bytes");
  table.offset = header.e_shoff;
  table.entrySize = header.e_shentsize;
  table.count = header.e_shnum;
  if (table.count == 0) {
    // With more than SHN_LORESERVE sections, e_shnum is 0 and section 0's
    // sh_size holds the count.
    if (!image.contains(table.offset, sizeof(Elf64_Shdr)))
      return fail(error, truncated("the section header table", table.offset,
                                   sizeof(Elf64_Shdr), image.size()));
    table.count = image.read<Elf64_Shdr>(table.offset).sh_size;
  }
  uint64_t tableSize = table.count > UINT64_MAX / table.entrySize
                           ? UINT64_MAX
                           : table.count * table.entrySize;
  if (!image.contains(table.offset, tableSize))
    return fail(error, truncated("the section header table", table.offset,
                                 tableSize, image.size()));
  return true;
}

/// The dynamic symbol table (section `dynsymIndex`) and the names of its
/// string table, both checked to lie within the image.
static bool readDynamicSymbols(const Image &image, const SectionTable &table,
                               uint64_t dynsymIndex, Elf64_Shdr &symbols,
                               std::string_view &names, std::string &error) {
  symbols = table.section(image, dynsymIndex);
  if (symbols.sh_link == 0 || symbols.sh_link >= table.count)
    return fail(error, "malformed: the dynamic symbol table's string table is "
                       "section " +
                           std::to_string(symbols.sh_link) + " of " +
                           std::to_string(table.count));
  Elf64_Shdr strings = table.section(image, symbols.sh_link);
  if (strings.sh_type != SHT_STRTAB)
    return fail(error, "malformed: the dynamic symbol table's string table "
                       "is not a string table");
  if (symbols.sh_entsize < sizeof(Elf64_Sym))
    return fail(error, "malformed: dynamic symbols of " +
                           std::to_string(symbols.sh_entsize) + " bytes");
  if (!image.contains(symbols.sh_offset, symbols.sh_size))
    return fail(error, truncated("the dynamic symbol table", symbols.sh_offset,
                                 symbols.sh_size, image.size()));
  if (!image.contains(strings.sh_offset, strings.sh_size))
    return fail(error, truncated("the dynamic string table", strings.sh_offset,
                                 strings.sh_size, image.size()));
  names = image.slice(strings.sh_offset, strings.sh_size);
  return true;
}

/// The first exported data symbol whose name starts with `prefix`, into
/// `symbol`; left empty if there is none.
static bool findSymbol(const Image &image, const Elf64_Shdr &symbols,
                       std::string_view names, std::string_view prefix,
                       std::string &symbol, std::string &error) {
  // Symbol 0 is the reserved undefined symbol.
  uint64_t numSymbols = symbols.sh_size / symbols.sh_entsize;
  for (uint64_t i = 1; i < numSymbols; ++i) {
    auto sym = image.read<Elf64_Sym>(symbols.sh_offset + i * symbols.sh_entsize);
    unsigned binding = ELF64_ST_BIND(sym.st_info);
    unsigned visibility = ELF64_ST_VISIBILITY(sym.st_other);
    bool exported = binding == STB_GLOBAL || binding == STB_WEAK ||
                    binding == STB_GNU_UNIQUE;
    // Only data: the runtime's own tfc_model_* functions are not models.
    if (sym.st_shndx == SHN_UNDEF || !exported ||
        visibility == STV_HIDDEN || visibility == STV_INTERNAL ||
        ELF64_ST_TYPE(sym.st_info) != STT_OBJECT)
      continue;
    if (sym.st_name >= names.size())
      return fail(error, "malformed: the name of dynamic symbol " +
                             std::to_string(i) +
                             " is past the end of its string table");
    size_t end = names.find('\0', sym.st_name);
    if (end == std::string_view::npos)
      return fail(error, "malformed: the name of dynamic symbol " +
                             std::to_string(i) + " is not terminated");
    std::string_view name = names.substr(sym.st_name, end - sym.st_name);
    if (name.substr(0, prefix.size()) == prefix) {
      symbol = std::string(name);
      return true;
    }
  }
  return true;
}

bool tfc::runner::findExportedObject(std::string_view bytes,
                                     std::string_view prefix,
                                     std::string &symbol, std::string &error) {
  symbol.clear();
  Image image(bytes);
  Elf64_Ehdr header;
  if (!readElfHeader(image, header, error))
    return false;
  SectionTable table;
  if (!readSectionTable(image, header, table, error))
    return false;
  uint64_t dynsymIndex = 0;
  for (uint64_t i = 1; i < table.count && !dynsymIndex; ++i)
    if (table.section(image, i).sh_type == SHT_DYNSYM)
      dynsymIndex = i;
  // No dynamic symbol table: the library exports nothing.
  if (!dynsymIndex)
    return true;
  Elf64_Shdr symbols;
  std::string_view names;
  if (!readDynamicSymbols(image, table, dynsymIndex, symbols, names, error))
    return false;
  return findSymbol(image, symbols, names, prefix, symbol, error);
}

bool tfc::runner::findExportedObjectInFile(const std::string &path,
                                          std::string_view prefix,
                                          std::string &symbol,
                                          std::string &error) {
  symbol.clear();
  auto fail = [&](const std::string &message) {
    error = path + ": " + message;
    return false;
  };
  int fd;
  do
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  while (fd < 0 && errno == EINTR);
  if (fd < 0)
    return fail(errno == ENOENT ? "no such file" : std::strerror(errno));
  struct stat info;
  if (::fstat(fd, &info) != 0) {
    int saved = errno;
    ::close(fd);
    return fail(std::strerror(saved));
  }
  if (!S_ISREG(info.st_mode)) {
    ::close(fd);
    return fail(S_ISDIR(info.st_mode) ? "is a directory"
                                      : "not a regular file");
  }
  // mmap refuses a length of 0; an empty file is an empty image.
  size_t size = static_cast<size_t>(info.st_size);
  void *mapping = nullptr;
  if (size > 0) {
    mapping = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (mapping == MAP_FAILED) {
      int saved = errno;
      ::close(fd);
      return fail(std::string("cannot map the file: ") +
                  std::strerror(saved));
    }
  }
  ::close(fd);
  bool ok = findExportedObject(
      std::string_view(static_cast<const char *>(mapping), size), prefix,
      symbol, error);
  if (mapping)
    ::munmap(mapping, size);
  if (!ok)
    error = path + ": " + error;
  return ok;
}
