//===- ModelLibrary.h - A loaded compiled model -----------------*- C++ -*-===//
//
// What the commands share: owners of runtime objects, a compiled model
// library loaded and bound to a store of its own, and the text of types and
// tensors as `tfc run` prints them.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNNER_SRC_MODELLIBRARY_H
#define TFC_RUNNER_SRC_MODELLIBRARY_H

#include "tfc/runner/Runner.h"
#include "tfc/runtime.h"
#include "tfc/runtime/handles.hpp"

#include <memory>
#include <string>

namespace tfc::runner {

using tfc::ModelPtr;
using tfc::StatusPtr;
using tfc::TensorPtr;

/// A library made by `tfc compile`, loaded with dlopen, and its model bound
/// to a new store. The model goes before the library is unloaded, since it
/// points into the library's data.
class ModelLibrary {
public:
  ModelLibrary() = default;
  ~ModelLibrary();
  ModelLibrary(const ModelLibrary &) = delete;
  ModelLibrary &operator=(const ModelLibrary &) = delete;

  /// Finds the model `path` exports, loads the library and creates the
  /// model. On failure reports why on `console` and returns false.
  bool open(const std::string &path, const Console &console);

  tfc_model *model() const { return boundModel.get(); }

private:
  void *handle = nullptr;
  ModelPtr boundModel;
};

/// Prints "<tool>: <message>" on the console's error stream; returns 1, the
/// exit code of a failed command.
int reportError(const Console &console, const std::string &message);

/// "f32[?,3]": the dtype and the sizes, '?' for a dynamic one.
std::string typeText(const tfc_tensor_info &info);

/// "f32[2,3] [[1 2 3] [4 5 6]]", with at most `maxElements` values (all
/// when negative).
std::string tensorText(const tfc_tensor *tensor, int64_t maxElements);

/// `text` as a JSON string: quotes, backslashes and control characters
/// escaped (names are the model's: any bytes).
std::string jsonString(const std::string &text);

} // namespace tfc::runner

#endif // TFC_RUNNER_SRC_MODELLIBRARY_H
