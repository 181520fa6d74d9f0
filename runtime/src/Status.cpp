//===- Status.cpp - Status objects and error reporting --------------------===//
//
// tfc_status, the code names, and the helpers every other file reports
// errors with.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <new>

using namespace tfc::runtime;

/// vsnprintf into a std::string.
static std::string formatVaList(const char *fmt, va_list args) {
  va_list copy;
  va_copy(copy, args);
  int size = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  std::string result;
  if (size > 0) {
    result.resize(static_cast<size_t>(size) + 1);
    std::vsnprintf(result.data(), result.size(), fmt, args);
    result.resize(static_cast<size_t>(size));
  }
  return result;
}

std::string tfc::runtime::formatString(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  std::string result = formatVaList(fmt, args);
  va_end(args);
  return result;
}

tfc_code tfc::runtime::setError(tfc_status *status, tfc_code code,
                                const char *fmt, ...) {
  if (!status)
    return code;
  va_list args;
  va_start(args, fmt);
  status->code = code;
  status->message = formatVaList(fmt, args);
  va_end(args);
  return code;
}

tfc_code tfc::runtime::codeFromErrno(int error) {
  switch (error) {
  case ENOENT:
    return TFC_NOT_FOUND;
  case EACCES:
  case EPERM:
  case EROFS:
    return TFC_PERMISSION_DENIED;
  case ENOSPC:
  case EDQUOT:
  case ENOMEM:
  case EMFILE:
  case ENFILE:
    return TFC_RESOURCE_EXHAUSTED;
  case EEXIST:
    return TFC_ALREADY_EXISTS;
  case EISDIR:
  case ENOTDIR:
  case ENAMETOOLONG:
  case ELOOP:
  case EINVAL:
    return TFC_FAILED_PRECONDITION;
  case EAGAIN:
  case EIO:
  case EBUSY:
    return TFC_UNAVAILABLE;
  default:
    return TFC_UNKNOWN;
  }
}

static const char *const kCodeNames[] = {
    "OK",
    "CANCELLED",
    "UNKNOWN",
    "INVALID_ARGUMENT",
    "DEADLINE_EXCEEDED",
    "NOT_FOUND",
    "ALREADY_EXISTS",
    "PERMISSION_DENIED",
    "RESOURCE_EXHAUSTED",
    "FAILED_PRECONDITION",
    "ABORTED",
    "OUT_OF_RANGE",
    "UNIMPLEMENTED",
    "INTERNAL",
    "UNAVAILABLE",
    "DATA_LOSS",
    "UNAUTHENTICATED",
};

static bool isValidCode(tfc_code code) {
  return code >= TFC_OK && code <= TFC_UNAUTHENTICATED;
}

extern "C" {

int32_t tfc_runtime_abi_version(void) { return TFC_RUNTIME_ABI_VERSION; }

const char *tfc_code_name(tfc_code code) {
  return isValidCode(code) ? kCodeNames[code] : "UNKNOWN_CODE";
}

tfc_status *tfc_status_create(void) { return new (std::nothrow) tfc_status(); }

void tfc_status_destroy(tfc_status *status) { delete status; }

tfc_code tfc_status_code(const tfc_status *status) {
  return status ? status->code : TFC_INVALID_ARGUMENT;
}

const char *tfc_status_message(const tfc_status *status) {
  return status ? status->message.c_str() : "status is NULL";
}

tfc_code tfc_status_set(tfc_status *status, tfc_code code,
                        const char *message) {
  if (!message)
    message = "";
  if (!isValidCode(code))
    return setError(status, TFC_UNKNOWN, "invalid status code %d: %s",
                    static_cast<int>(code), message);
  if (status) {
    status->code = code;
    if (code == TFC_OK)
      status->message.clear();
    else
      status->message = message;
  }
  return code;
}

void tfc_status_reset(tfc_status *status) {
  if (!status)
    return;
  status->code = TFC_OK;
  status->message.clear();
}

} // extern "C"
