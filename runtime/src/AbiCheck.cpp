//===- AbiCheck.cpp - The runtime's calls against tfc/runtime/abi.h -------===//
//
// The compiler declares the runtime functions it calls from the table of
// tfc/runtime/abi.h. Each function's real declaration is checked against
// its line of the table here, so a parameter changed on one side only stops
// the runtime's build instead of corrupting a model call.
//
//===----------------------------------------------------------------------===//

#include "tfc/runtime/abi.h"
#include "tfc/runtime/compiled.h"
#include "tfc/runtime/model.h"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace {

/// The table's kind of a C parameter or result type.
template <typename T> constexpr const char *kindOf() {
  if constexpr (std::is_void_v<T>)
    return "void";
  else if constexpr (std::is_pointer_v<T> || std::is_same_v<T, uintptr_t>)
    return "addr";
  else if constexpr (std::is_same_v<T, int64_t>)
    return "i64";
  else if constexpr (std::is_same_v<T, float>)
    return "f32";
  else if constexpr (std::is_same_v<T, int32_t> ||
                     (std::is_enum_v<T> && sizeof(T) == 4))
    return "i32";
  else
    return "?";
}

/// Moves `pos` past `text` when `signature` holds it there.
constexpr bool consume(const char *signature, std::size_t &pos,
                       const char *text) {
  std::size_t length = 0;
  for (; text[length]; ++length)
    if (signature[pos + length] != text[length])
      return false;
  pos += length;
  return true;
}

/// Whether a function of type R(Args...) has `signature` ("r(a,b)").
template <typename R, typename... Args>
constexpr bool hasSignature(R (*)(Args...), const char *signature) {
  std::size_t pos = 0;
  if (!consume(signature, pos, kindOf<R>()) || !consume(signature, pos, "("))
    return false;
  bool matches = true, first = true;
  ((matches = matches && (first || consume(signature, pos, ",")) &&
              consume(signature, pos, kindOf<Args>()),
    first = false),
   ...);
  return matches && consume(signature, pos, ")") && signature[pos] == '\0';
}

#define TFC_CHECK_RUNTIME_CALL(name, signature)                                \
  static_assert(hasSignature(&name, signature),                                \
                #name " is not declared as " signature                         \
                      " (tfc/runtime/abi.h)");
TFC_RUNTIME_CALLS(TFC_CHECK_RUNTIME_CALL)
#undef TFC_CHECK_RUNTIME_CALL

} // namespace
