//===- Crc32c.cpp - CRC-32C checksums -------------------------------------===//
//
// CRC-32C (Castagnoli polynomial, reflected 0x82F63B78), the checksum of
// iSCSI, ext4 and TensorFlow's record files, computed eight bytes at a time
// with "slicing-by-8" tables built at compile time.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <cstring>

namespace {
struct Crc32cTables {
  uint32_t table[8][256];
};
} // namespace

static constexpr uint32_t kPolynomial = 0x82F63B78u;

/// table[0] is the byte-at-a-time table; table[k][b] is the CRC of byte b
/// followed by k zero bytes, which lets eight table lookups consume eight
/// bytes at once.
static constexpr Crc32cTables makeTables() {
  Crc32cTables tables{};
  for (uint32_t byte = 0; byte < 256; ++byte) {
    uint32_t crc = byte;
    for (int bit = 0; bit < 8; ++bit)
      crc = (crc >> 1) ^ (kPolynomial & (0u - (crc & 1u)));
    tables.table[0][byte] = crc;
  }
  for (int k = 1; k < 8; ++k)
    for (uint32_t byte = 0; byte < 256; ++byte) {
      uint32_t previous = tables.table[k - 1][byte];
      tables.table[k][byte] =
          (previous >> 8) ^ tables.table[0][previous & 0xFFu];
    }
  return tables;
}

static constexpr Crc32cTables kTables = makeTables();

extern "C" uint32_t tfc_crc32c(uint32_t crc, const void *data, size_t size) {
  const auto *bytes = static_cast<const unsigned char *>(data);
  if (!bytes)
    return crc;
  const auto &t = kTables.table;
  crc = ~crc;
  while (size >= 8) {
    uint64_t word;
    std::memcpy(&word, bytes, 8); // Little-endian: byte 0 is the low byte.
    word ^= crc;
    crc = t[7][word & 0xFF] ^ t[6][(word >> 8) & 0xFF] ^
          t[5][(word >> 16) & 0xFF] ^ t[4][(word >> 24) & 0xFF] ^
          t[3][(word >> 32) & 0xFF] ^ t[2][(word >> 40) & 0xFF] ^
          t[1][(word >> 48) & 0xFF] ^ t[0][word >> 56];
    bytes += 8;
    size -= 8;
  }
  while (size--)
    crc = t[0][(crc ^ *bytes++) & 0xFF] ^ (crc >> 8);
  return ~crc;
}
