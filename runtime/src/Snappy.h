//===- Snappy.h - Decompressing Snappy blocks -------------------*- C++ -*-===//
//
// TensorFlow 1.0 and 1.1 compressed the blocks of a checkpoint's index with
// Snappy (later releases write them uncompressed), so reading those
// checkpoints needs a Snappy decoder. The format is small enough to decode
// by hand instead of linking libsnappy.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_SNAPPY_H
#define TFC_RUNTIME_SRC_SNAPPY_H

#include <cstddef>
#include <string>

namespace tfc::runtime {

/// Decompresses one raw Snappy block (not the framed stream format) into
/// `out`. On malformed input returns false and says why in `error`. The
/// output is never larger than the length the block declares, which is
/// itself checked against the most the input can expand to.
bool snappyUncompress(const unsigned char *data, size_t size, std::string &out,
                      std::string &error);

} // namespace tfc::runtime

#endif // TFC_RUNTIME_SRC_SNAPPY_H
