"""tfc: load and run models compiled by ``tfc compile`` from Python.

    import numpy as np
    import tfc

    model = tfc.load("libpolynomial_fit.so")
    model.initialize()
    loss = model.train_step(x=np.float32([1, 2]), y=np.float32([8, 23]))
    model.save("ckpt")

A thin layer over the runtime's C API (docs/install.md, "Python"): pure
Python with ctypes and NumPy, nothing compiled.
"""

from .errors import (AbortedError, AlreadyExistsError, CancelledError,
                     DataLossError, DeadlineExceededError, Error,
                     FailedPreconditionError, InternalError,
                     InvalidArgumentError, NotFoundError, OutOfRangeError,
                     PermissionDeniedError, ResourceExhaustedError,
                     UnauthenticatedError, UnavailableError,
                     UnimplementedError, UnknownError)
from .model import EntryPoint, Model, TensorSpec, Variable, load

__all__ = [
    "load", "Model", "EntryPoint", "TensorSpec", "Variable", "Error",
    "AbortedError", "AlreadyExistsError", "CancelledError", "DataLossError",
    "DeadlineExceededError", "FailedPreconditionError", "InternalError",
    "InvalidArgumentError", "NotFoundError", "OutOfRangeError",
    "PermissionDeniedError", "ResourceExhaustedError", "UnauthenticatedError",
    "UnavailableError", "UnimplementedError", "UnknownError",
]
