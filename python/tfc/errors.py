"""Exceptions for the runtime's status codes.

A failed C API call raises the subclass of :class:`Error` for its code, with
the runtime's message; the names are TensorFlow's (``tf.errors``), as the
codes are.
"""


class Error(Exception):
    """A runtime call failed. ``code`` is the numeric status code (TensorFlow's
    numbering), ``code_name`` its name (``"INVALID_ARGUMENT"``) and
    ``message`` the runtime's message."""

    code = 2
    code_name = "UNKNOWN"

    def __init__(self, message):
        super().__init__(message)
        self.message = message


class CancelledError(Error):
    code, code_name = 1, "CANCELLED"


class UnknownError(Error):
    code, code_name = 2, "UNKNOWN"


class InvalidArgumentError(Error):
    code, code_name = 3, "INVALID_ARGUMENT"


class DeadlineExceededError(Error):
    code, code_name = 4, "DEADLINE_EXCEEDED"


class NotFoundError(Error):
    code, code_name = 5, "NOT_FOUND"


class AlreadyExistsError(Error):
    code, code_name = 6, "ALREADY_EXISTS"


class PermissionDeniedError(Error):
    code, code_name = 7, "PERMISSION_DENIED"


class ResourceExhaustedError(Error):
    code, code_name = 8, "RESOURCE_EXHAUSTED"


class FailedPreconditionError(Error):
    code, code_name = 9, "FAILED_PRECONDITION"


class AbortedError(Error):
    code, code_name = 10, "ABORTED"


class OutOfRangeError(Error):
    code, code_name = 11, "OUT_OF_RANGE"


class UnimplementedError(Error):
    code, code_name = 12, "UNIMPLEMENTED"


class InternalError(Error):
    code, code_name = 13, "INTERNAL"


class UnavailableError(Error):
    code, code_name = 14, "UNAVAILABLE"


class DataLossError(Error):
    code, code_name = 15, "DATA_LOSS"


class UnauthenticatedError(Error):
    code, code_name = 16, "UNAUTHENTICATED"


_BY_CODE = {cls.code: cls for cls in Error.__subclasses__()}


def error_for(code, message):
    """The exception for status ``code``; an unknown code gives
    :class:`UnknownError`, as the runtime maps it."""
    return _BY_CODE.get(code, UnknownError)(message)
