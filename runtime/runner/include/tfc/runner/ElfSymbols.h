//===- ElfSymbols.h - Exported symbols of ELF64 shared libraries -*- C++ -*-===//
//
// A reader of the dynamic symbol table of an ELF64 shared library, enough to
// find the `tfc_model_<name>` structure a compiled model exports before the
// library is loaded. It accepts any bytes: an empty, truncated or foreign
// file is an error message, never a crash.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNNER_ELFSYMBOLS_H
#define TFC_RUNNER_ELFSYMBOLS_H

#include <string>
#include <string_view>

namespace tfc::runner {

/// Looks through the dynamic symbol table (SHT_DYNSYM) of the ELF64 shared
/// library in `image` for the first data object (STT_OBJECT) it defines and
/// exports whose name starts with `prefix`. Returns true when the image is a
/// well-formed little-endian ELF64 shared library for this machine, with
/// `symbol` the name found or empty when there is none. Otherwise returns
/// false and sets `error` to why ("not an ELF file", "truncated: ...",
/// "malformed: ...").
bool findExportedObject(std::string_view image, std::string_view prefix,
                        std::string &symbol, std::string &error);

/// The same for the file at `path`; every error message starts with
/// "<path>: " ("lib.so: no such file", "lib.so: empty file", ...).
bool findExportedObjectInFile(const std::string &path,
                              std::string_view prefix, std::string &symbol,
                              std::string &error);

} // namespace tfc::runner

#endif // TFC_RUNNER_ELFSYMBOLS_H
