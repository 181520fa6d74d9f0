//===- ElfSymbolsTest.cpp - The ELF64 dynamic symbol reader ---------------===//
//
// Images built here, byte by byte, then cut short and corrupted: the reader
// must find the model's symbol in a good one and explain, never crash on,
// every other.
//
//===----------------------------------------------------------------------===//

#include "tfc/runner/ElfSymbols.h"

#include <gtest/gtest.h>

#include <cstring>
#include <elf.h>
#include <fstream>
#include <unistd.h>
#include <vector>

using namespace tfc::runner;

namespace {

/// A symbol of the image: its name, section index, binding, type and
/// visibility.
struct Symbol {
  std::string name;
  uint16_t section = 1;
  unsigned char binding = STB_GLOBAL;
  unsigned char type = STT_OBJECT;
  unsigned char visibility = STV_DEFAULT;
};

/// Offsets of the parts of an image made by buildImage().
struct Layout {
  size_t strings, symbols, sections;
};

template <typename T> void put(std::string &image, size_t offset, T value) {
  std::memcpy(image.data() + offset, &value, sizeof(T));
}
template <typename T> T get(const std::string &image, size_t offset) {
  T value;
  std::memcpy(&value, image.data() + offset, sizeof(T));
  return value;
}

/// The smallest shared library the reader accepts: the ELF header, the
/// dynamic strings, the dynamic symbols and three section headers (null,
/// .dynsym, .dynstr).
std::string buildImage(const std::vector<Symbol> &symbols,
                       Layout *layout = nullptr) {
  std::string strings(1, '\0');
  std::vector<Elf64_Sym> entries(1, Elf64_Sym{});
  for (const Symbol &symbol : symbols) {
    Elf64_Sym entry{};
    entry.st_name = strings.size();
    entry.st_info = ELF64_ST_INFO(symbol.binding, symbol.type);
    entry.st_other = symbol.visibility;
    entry.st_shndx = symbol.section;
    entries.push_back(entry);
    strings += symbol.name + '\0';
  }
  Layout parts;
  parts.strings = sizeof(Elf64_Ehdr);
  parts.symbols = (parts.strings + strings.size() + 7) / 8 * 8;
  parts.sections = parts.symbols + entries.size() * sizeof(Elf64_Sym);
  std::string image(parts.sections + 3 * sizeof(Elf64_Shdr), '\0');

  Elf64_Ehdr header{};
  std::memcpy(header.e_ident, ELFMAG, SELFMAG);
  header.e_ident[EI_CLASS] = ELFCLASS64;
  header.e_ident[EI_DATA] = ELFDATA2LSB;
  header.e_ident[EI_VERSION] = EV_CURRENT;
  header.e_type = ET_DYN;
#if defined(__x86_64__)
  header.e_machine = EM_X86_64;
#elif defined(__aarch64__)
  header.e_machine = EM_AARCH64;
#endif
  header.e_version = EV_CURRENT;
  header.e_ehsize = sizeof(Elf64_Ehdr);
  header.e_shoff = parts.sections;
  header.e_shentsize = sizeof(Elf64_Shdr);
  header.e_shnum = 3;
  put(image, 0, header);
  std::memcpy(image.data() + parts.strings, strings.data(), strings.size());
  for (size_t i = 0; i < entries.size(); ++i)
    put(image, parts.symbols + i * sizeof(Elf64_Sym), entries[i]);

  Elf64_Shdr dynsym{};
  dynsym.sh_type = SHT_DYNSYM;
  dynsym.sh_offset = parts.symbols;
  dynsym.sh_size = entries.size() * sizeof(Elf64_Sym);
  dynsym.sh_link = 2;
  dynsym.sh_entsize = sizeof(Elf64_Sym);
  Elf64_Shdr dynstr{};
  dynstr.sh_type = SHT_STRTAB;
  dynstr.sh_offset = parts.strings;
  dynstr.sh_size = strings.size();
  put(image, parts.sections + sizeof(Elf64_Shdr), dynsym);
  put(image, parts.sections + 2 * sizeof(Elf64_Shdr), dynstr);
  if (layout)
    *layout = parts;
  return image;
}

/// The result of a lookup, as one string: "symbol NAME", "none" or
/// "error MESSAGE".
std::string lookup(const std::string &image) {
  std::string symbol, error;
  // A copy of exactly the image's size, so reading past it is an error a
  // sanitizer sees.
  std::vector<char> bytes(image.begin(), image.end());
  if (!findExportedObject(std::string_view(bytes.data(), bytes.size()),
                          "tfc_model_", symbol, error))
    return "error " + error;
  return symbol.empty() ? "none" : "symbol " + symbol;
}

size_t sectionHeader(const Layout &layout, int index) {
  return layout.sections + index * sizeof(Elf64_Shdr);
}

TEST(ElfSymbolsTest, FindsTheFirstExportedModel) {
  EXPECT_EQ(lookup(buildImage({{"tfc_rt_print"},
                               {"tfc_model_first"},
                               {"tfc_model_second"}})),
            "symbol tfc_model_first");
}

TEST(ElfSymbolsTest, SkipsWhatIsNotAnExportedObject) {
  Symbol undefined{"tfc_model_undefined", SHN_UNDEF};
  Symbol local{"tfc_model_local", 1, STB_LOCAL};
  Symbol function{"tfc_model_create", 1, STB_GLOBAL, STT_FUNC};
  Symbol hidden{"tfc_model_hidden", 1, STB_GLOBAL, STT_OBJECT, STV_HIDDEN};
  EXPECT_EQ(lookup(buildImage({undefined, local, function, hidden})), "none");
  EXPECT_EQ(lookup(buildImage({undefined, {"tfc_model_weak", 1, STB_WEAK}})),
            "symbol tfc_model_weak");
}

TEST(ElfSymbolsTest, NoDynamicSymbolTableExportsNothing) {
  Layout layout;
  std::string image = buildImage({{"tfc_model_m"}}, &layout);
  put<uint32_t>(image,
                sectionHeader(layout, 1) + offsetof(Elf64_Shdr, sh_type),
                SHT_PROGBITS);
  EXPECT_EQ(lookup(image), "none");
}

TEST(ElfSymbolsTest, RefusesWhatIsNotAnElfSharedLibrary) {
  EXPECT_EQ(lookup(""), "error empty file");
  EXPECT_EQ(lookup("\x7f"
                   "EL"),
            "error not an ELF file");
  EXPECT_EQ(lookup("#!/bin/sh\necho hello\n"), "error not an ELF file");

  std::string image = buildImage({{"tfc_model_m"}});
  std::string elf32 = image;
  elf32[EI_CLASS] = ELFCLASS32;
  EXPECT_EQ(lookup(elf32), "error not a 64-bit ELF file");
  std::string bigEndian = image;
  bigEndian[EI_DATA] = ELFDATA2MSB;
  EXPECT_EQ(lookup(bigEndian), "error not a little-endian ELF file");
  std::string executable = image;
  put<uint16_t>(executable, offsetof(Elf64_Ehdr, e_type), ET_EXEC);
  EXPECT_EQ(lookup(executable), "error not a shared library (ELF type 2)");
#if defined(__x86_64__)
  std::string foreign = image;
  put<uint16_t>(foreign, offsetof(Elf64_Ehdr, e_machine), EM_AARCH64);
  EXPECT_EQ(lookup(foreign),
            "error built for aarch64, not for this machine (x86-64)");
#endif
}

TEST(ElfSymbolsTest, EveryTruncationIsAnError) {
  std::string image = buildImage({{"tfc_rt_print"}, {"tfc_model_m"}});
  ASSERT_EQ(lookup(image), "symbol tfc_model_m");
  for (size_t size = 0; size < image.size(); ++size) {
    std::string result = lookup(image.substr(0, size));
    EXPECT_TRUE(result == "error empty file" ||
                result == "error not an ELF file" ||
                result.rfind("error truncated: ", 0) == 0)
        << size << " bytes: " << result;
  }
  EXPECT_EQ(lookup(image.substr(0, 40)),
            "error truncated: the ELF header ends at byte 64, past the end "
            "of the file (40 bytes)");
}

TEST(ElfSymbolsTest, OffsetsAndIndicesOutOfRange) {
  Layout layout;
  std::string image = buildImage({{"tfc_model_m"}}, &layout);
  auto corrupt = [&](size_t offset, auto value) {
    std::string copy = image;
    put(copy, offset, value);
    return lookup(copy);
  };
  size_t dynsym = sectionHeader(layout, 1), dynstr = sectionHeader(layout, 2);

  EXPECT_EQ(corrupt(offsetof(Elf64_Ehdr, e_shoff), uint64_t(0)),
            "error malformed: no section header table");
  EXPECT_EQ(corrupt(offsetof(Elf64_Ehdr, e_shoff), UINT64_MAX - 8),
            "error truncated: the section header table ends past byte 2^64, "
            "past the end of the file (" +
                std::to_string(image.size()) + " bytes)");
  EXPECT_EQ(corrupt(offsetof(Elf64_Ehdr, e_shentsize), uint16_t(8)),
            "error malformed: section headers of 8 bytes");
  EXPECT_EQ(corrupt(offsetof(Elf64_Ehdr, e_shnum), uint16_t(0xffff))
                .rfind("error truncated: the section header table", 0),
            0u);
  EXPECT_EQ(corrupt(dynsym + offsetof(Elf64_Shdr, sh_link), uint32_t(9)),
            "error malformed: the dynamic symbol table's string table is "
            "section 9 of 3");
  EXPECT_EQ(corrupt(dynsym + offsetof(Elf64_Shdr, sh_link), uint32_t(1)),
            "error malformed: the dynamic symbol table's string table is not "
            "a string table");
  EXPECT_EQ(corrupt(dynsym + offsetof(Elf64_Shdr, sh_entsize), uint64_t(0)),
            "error malformed: dynamic symbols of 0 bytes");
  EXPECT_EQ(corrupt(dynsym + offsetof(Elf64_Shdr, sh_size), UINT64_MAX)
                .rfind("error truncated: the dynamic symbol table ends", 0),
            0u);
  EXPECT_EQ(corrupt(dynstr + offsetof(Elf64_Shdr, sh_offset), UINT64_MAX)
                .rfind("error truncated: the dynamic string table ends", 0),
            0u);
  // The name runs to the end of the string table without its NUL.
  std::string unterminated = image;
  put(unterminated, dynstr + offsetof(Elf64_Shdr, sh_size),
      get<uint64_t>(image, dynstr + offsetof(Elf64_Shdr, sh_size)) - 1);
  EXPECT_EQ(lookup(unterminated),
            "error malformed: the name of dynamic symbol 1 is not terminated");
  size_t name = layout.symbols + sizeof(Elf64_Sym) + offsetof(Elf64_Sym, st_name);
  EXPECT_EQ(corrupt(name, uint32_t(1000)),
            "error malformed: the name of dynamic symbol 1 is past the end of "
            "its string table");
}

TEST(ElfSymbolsTest, ExtendedSectionNumbering) {
  // With e_shnum 0 the count is in section 0's sh_size.
  Layout layout;
  std::string image = buildImage({{"tfc_model_m"}}, &layout);
  put<uint16_t>(image, offsetof(Elf64_Ehdr, e_shnum), 0);
  put<uint64_t>(image, sectionHeader(layout, 0) + offsetof(Elf64_Shdr, sh_size),
                3);
  EXPECT_EQ(lookup(image), "symbol tfc_model_m");
}

TEST(ElfSymbolsTest, NoByteOfTheHeadersCrashesTheReader) {
  Layout layout;
  std::string image = buildImage({{"tfc_model_m"}}, &layout);
  for (size_t offset = 0; offset < image.size(); ++offset) {
    if (offset == sizeof(Elf64_Ehdr))
      offset = layout.sections;
    for (unsigned char value : {0x00, 0x01, 0x7f, 0x80, 0xff}) {
      std::string copy = image;
      copy[offset] = static_cast<char>(value);
      std::string result = lookup(copy);
      EXPECT_FALSE(result.empty());
    }
  }
}

class ElfFileTest : public ::testing::Test {
protected:
  void SetUp() override {
    char pattern[] = "/tmp/tfc-elf-test-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir = pattern;
  }
  void TearDown() override {
    for (const std::string &file : files)
      ::unlink(file.c_str());
    ::rmdir(dir.c_str());
  }
  std::string write(const std::string &name, const std::string &bytes) {
    std::string path = dir + "/" + name;
    std::ofstream(path, std::ios::binary) << bytes;
    files.push_back(path);
    return path;
  }
  std::string lookupFile(const std::string &path) {
    std::string symbol, error;
    if (!findExportedObjectInFile(path, "tfc_model_", symbol, error))
      return "error " + error;
    return symbol.empty() ? "none" : "symbol " + symbol;
  }

  std::string dir;
  std::vector<std::string> files;
};

TEST_F(ElfFileTest, ErrorsNameTheFile) {
  std::string good = write("libgood.so", buildImage({{"tfc_model_m"}}));
  EXPECT_EQ(lookupFile(good), "symbol tfc_model_m");
  std::string empty = write("empty.so", "");
  EXPECT_EQ(lookupFile(empty), "error " + empty + ": empty file");
  std::string text = write("text.so", "not a library\n");
  EXPECT_EQ(lookupFile(text), "error " + text + ": not an ELF file");
  EXPECT_EQ(lookupFile(dir + "/missing.so"),
            "error " + dir + "/missing.so: no such file");
  EXPECT_EQ(lookupFile(dir), "error " + dir + ": is a directory");
}

} // namespace
