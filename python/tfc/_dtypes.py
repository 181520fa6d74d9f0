"""tfc's element types and their NumPy counterparts.

NumPy has no bfloat16: bf16 values are returned as float32 (exact), and a
float32 value for a bf16 argument or variable is rounded to bf16 (to
nearest, ties to even, as the runtime converts).
"""

import numpy as np

# tfc_dtype values (runtime/include/tfc/runtime/base.h).
F16, BF16, F32, F64, BOOL, I8, I32, I64 = range(1, 9)

NAMES = {F16: "f16", BF16: "bf16", F32: "f32", F64: "f64", BOOL: "bool",
         I8: "i8", I32: "i32", I64: "i64"}
CODES = {name: code for code, name in NAMES.items()}

# How each dtype is held in memory; bf16 as its 16 bits.
_STORAGE = {F16: np.float16, BF16: np.uint16, F32: np.float32,
            F64: np.float64, BOOL: np.bool_, I8: np.int8, I32: np.int32,
            I64: np.int64}
_FROM_NUMPY = {np.dtype(t): code for code, t in _STORAGE.items()
               if code != BF16}


def storage_type(code):
    return np.dtype(_STORAGE[code])


def value_type(code):
    """The NumPy dtype a user sees for ``code``."""
    return np.dtype(np.float32) if code == BF16 else storage_type(code)


def code_of(dtype):
    """The tfc dtype of a native-order NumPy dtype, or None."""
    return _FROM_NUMPY.get(np.dtype(dtype))


def to_bf16(values):
    """float32 values to bf16 bits, rounded to nearest even; NaN stays NaN."""
    values = np.asarray(values, dtype=np.float32)
    bits = values.astype(np.float32, order="C").view(np.uint32)
    rounded = bits + (np.uint32(0x7FFF) + ((bits >> 16) & np.uint32(1)))
    rounded = np.where(np.isnan(values), bits | np.uint32(0x400000), rounded)
    return (rounded >> 16).astype(np.uint16)


def from_bf16(bits):
    """bf16 bits to float32 values (exact)."""
    return (bits.astype(np.uint32) << 16).view(np.float32)


def describe(code, shape):
    """``f32[?,4]``, as the runtime writes a type."""
    sizes = ",".join("?" if size is None else str(size) for size in shape)
    return "%s[%s]" % (NAMES.get(code, "invalid"), sizes)
