"""Finds the model a library exports, by reading its dynamic symbols.

A library made by ``tfc compile`` exports one data object, ``tfc_model_NAME``
(docs/model-abi.md). Reading the file first, as ``tfc-run`` does, finds
NAME without guessing it from the file name, and refuses a file that is not
a model before ``dlopen`` runs any of its constructors.
"""

import struct

_SHT_DYNSYM = 11
_STT_OBJECT = 1
_EXPORTED_BINDINGS = (1, 2, 10)  # STB_GLOBAL, STB_WEAK, STB_GNU_UNIQUE
_VISIBLE = (0, 3)  # STV_DEFAULT, STV_PROTECTED
_SECTION = struct.Struct("<IIQQQQIIQQ")  # Elf64_Shdr
_SYMBOL = struct.Struct("<IBBHQQ")  # Elf64_Sym


def _section(image, offset):
    if offset + _SECTION.size > len(image):
        raise ValueError("truncated section header table")
    return _SECTION.unpack_from(image, offset)


def find_model_symbol(path, prefix="tfc_model_"):
    """The name of the exported data object of ``path`` that starts with
    ``prefix``, or None. Raises ValueError for a file that is not a 64-bit
    little-endian ELF shared library or whose tables are malformed."""
    with open(path, "rb") as f:
        image = f.read()
    # e_ident: magic, ELFCLASS64, ELFDATA2LSB.
    if image[:4] != b"\x7fELF" or len(image) < 64:
        raise ValueError("%s is not an ELF file" % path)
    if image[4] != 2 or image[5] != 1:
        raise ValueError("%s is not a 64-bit little-endian ELF file" % path)
    (table,) = struct.unpack_from("<Q", image, 0x28)
    entry_size, count = struct.unpack_from("<HH", image, 0x3A)
    if table == 0:
        return None
    if entry_size < _SECTION.size:
        raise ValueError("%s: malformed section headers" % path)
    # More than 0xff00 sections: the count is the first header's size.
    if count == 0:
        count = _section(image, table)[5]
    headers = [_section(image, table + i * entry_size) for i in range(count)]
    dynsym = next((h for h in headers if h[1] == _SHT_DYNSYM), None)
    if dynsym is None:
        return None
    _, _, _, _, offset, size, link, _, _, symbol_size = dynsym
    if link >= count or symbol_size < _SYMBOL.size:
        raise ValueError("%s: malformed dynamic symbol table" % path)
    strings_offset, strings_size = headers[link][4], headers[link][5]
    if (offset + size > len(image)
            or strings_offset + strings_size > len(image)):
        raise ValueError("%s: truncated dynamic symbol table" % path)
    strings = image[strings_offset:strings_offset + strings_size]
    # Symbol 0 is the reserved undefined symbol.
    for i in range(1, size // symbol_size):
        name, info, other, shndx, _, _ = _SYMBOL.unpack_from(
            image, offset + i * symbol_size)
        if (shndx == 0 or info >> 4 not in _EXPORTED_BINDINGS
                or other & 3 not in _VISIBLE or info & 0xF != _STT_OBJECT):
            continue
        end = strings.find(b"\0", name)
        if end < 0:
            raise ValueError("%s: malformed dynamic string table" % path)
        symbol = strings[name:end].decode("utf-8", "replace")
        if symbol.startswith(prefix):
            return symbol
    return None
