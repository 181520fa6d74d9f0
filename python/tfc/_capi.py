"""ctypes declarations of the runtime's C API (runtime/include/tfc/runtime.h).

The functions are looked up through the model library's own handle, which
resolves them in the libtfc_runtime.so that library was linked against (its
rpath): compiled code and the calls made here always reach the same runtime,
whichever other copies exist on the machine.
"""

import ctypes
from ctypes import (POINTER, Structure, c_char_p, c_int32, c_int64,
                    c_uint32, c_uint64, c_void_p)

from .errors import error_for

ABI_VERSION = 1


class TensorInfo(Structure):
    _fields_ = [("name", c_char_p), ("dtype", c_int32), ("rank", c_int64),
                ("shape", POINTER(c_int64))]


class EntryInfo(Structure):
    _fields_ = [("name", c_char_p), ("writes_variables", c_int32),
                ("num_inputs", c_int64), ("inputs", POINTER(TensorInfo)),
                ("num_outputs", c_int64), ("outputs", POINTER(TensorInfo)),
                ("num_variables", c_int64), ("variables", POINTER(c_char_p))]


class ModelAbi(Structure):
    _fields_ = [("abi_version", c_uint32), ("num_functions", c_uint32),
                ("num_blobs", c_uint32), ("reserved", c_uint32),
                ("metadata", c_char_p), ("metadata_size", c_uint64),
                ("functions", c_void_p), ("blobs", c_void_p),
                ("blob_sizes", c_void_p)]


_P = c_void_p
_CODE = c_int32
_SIGNATURES = {
    "tfc_runtime_abi_version": (c_int32,),
    "tfc_status_create": (_P,),
    "tfc_status_destroy": (None, _P),
    "tfc_status_code": (_CODE, _P),
    "tfc_status_message": (c_char_p, _P),
    "tfc_model_create": (_P, _P, _P, _P),
    "tfc_model_destroy": (None, _P),
    "tfc_model_name": (c_char_p, _P),
    "tfc_model_target": (c_char_p, _P),
    "tfc_model_target_triple": (c_char_p, _P),
    "tfc_model_target_cpu": (c_char_p, _P),
    "tfc_model_target_features": (c_char_p, _P),
    "tfc_model_store": (_P, _P),
    "tfc_model_initialize": (_CODE, _P, c_char_p, _P),
    "tfc_model_num_entries": (c_int64, _P),
    "tfc_model_entry_at": (POINTER(EntryInfo), _P, c_int64),
    "tfc_model_num_variables": (c_int64, _P),
    "tfc_model_variable_at": (_P, _P, c_int64),
    "tfc_model_call": (_CODE, _P, c_int64, POINTER(_P), c_int64, POINTER(_P),
                       c_int64, _P),
    "tfc_model_set_num_threads": (_CODE, _P, c_int32, _P),
    "tfc_model_num_threads": (c_int32, _P),
    "tfc_tensor_wrap": (_P, c_int32, c_int64, POINTER(c_int64), _P, _P, _P,
                        _P),
    "tfc_tensor_destroy": (None, _P),
    "tfc_tensor_dtype": (c_int32, _P),
    "tfc_tensor_rank": (c_int64, _P),
    "tfc_tensor_shape": (POINTER(c_int64), _P),
    "tfc_tensor_byte_size": (c_int64, _P),
    "tfc_tensor_data": (_P, _P),
    "tfc_variable_name": (c_char_p, _P),
    "tfc_variable_dtype": (c_int32, _P),
    "tfc_variable_rank": (c_int64, _P),
    "tfc_variable_shape": (POINTER(c_int64), _P),
    "tfc_variable_trainable": (c_int32, _P),
    "tfc_variable_is_initialized": (c_int32, _P),
    "tfc_variable_read": (_P, _P, _P),
    "tfc_variable_assign": (_CODE, _P, _P, _P),
    "tfc_store_save": (_CODE, _P, c_char_p, _P),
    "tfc_store_restore": (_CODE, _P, c_char_p, _P),
}


class Api:
    """The runtime functions, as attributes without the ``tfc_`` prefix
    (``api.model_call``), bound through ``library``, a ``ctypes.CDLL``."""

    def __init__(self, library):
        for name, (restype, *argtypes) in _SIGNATURES.items():
            function = getattr(library, name)
            function.restype = restype
            function.argtypes = argtypes
            setattr(self, name[len("tfc_"):], function)
        version = self.runtime_abi_version()
        if version != ABI_VERSION:
            raise ImportError("libtfc_runtime.so has ABI version %d; this "
                              "loader needs %d" % (version, ABI_VERSION))

    def status(self):
        """A new status for one call; use it in a ``with`` block."""
        return _Status(self)


class _Status:
    """A tfc_status owned by one call, and the conversion of a failed call's
    status to the exception for its code."""

    def __init__(self, api):
        self.api = api
        self.handle = api.status_create()
        if not self.handle:
            raise MemoryError("tfc_status_create failed")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.api.status_destroy(self.handle)

    def error(self):
        code = self.api.status_code(self.handle)
        message = self.api.status_message(self.handle).decode("utf-8",
                                                              "replace")
        # Only an allocation failing before the status could be set leaves
        # it OK on a failed call.
        return error_for(code, message or "the runtime call failed")

    def check(self, code):
        """Raises the status's error unless ``code`` is TFC_OK."""
        if code != 0:
            raise self.error()

    def check_pointer(self, pointer):
        """Raises the status's error when ``pointer`` is NULL; returns it."""
        if not pointer:
            raise self.error()
        return pointer


def shape_of(pointer, rank):
    """The tuple of ``rank`` sizes at ``pointer`` (an int64 array)."""
    return tuple(pointer[i] for i in range(rank))


def int64_array(values):
    return (c_int64 * len(values))(*values)


def void_array(values):
    return (c_void_p * len(values))(*values)


def memmove(destination, source, size):
    ctypes.memmove(destination, source, size)
