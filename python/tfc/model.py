"""A compiled model loaded in the process: entry points, variables,
checkpoints. Every operation is one or two calls of the runtime's C API
(docs/runtime.md); this module only converts between NumPy arrays and
tensors and turns error statuses into exceptions.
"""

import collections
import ctypes
import os

import numpy as np

from . import _capi, _dtypes
from ._elf import find_model_symbol


class TensorSpec(collections.namedtuple("TensorSpec", "name dtype shape")):
    """An argument or result of an entry point: its name, its dtype name
    (``"f32"``) and its shape, with None for a size known only at run time."""

    __slots__ = ()

    @property
    def type(self):
        """``f32[?,4]``."""
        return _dtypes.describe(_dtypes.CODES[self.dtype], self.shape)

    def __str__(self):
        return "%s: %s" % (self.name, self.type)


def _spec(info):
    shape = _capi.shape_of(info.shape, info.rank)
    return TensorSpec(info.name.decode(), _dtypes.NAMES[info.dtype],
                      tuple(None if size < 0 else size for size in shape))


def _to_array(value, code, what):
    """``value`` as a contiguous, native-order array for an argument or
    variable of dtype ``code``, and the tfc dtype of that array. An ndarray
    (or NumPy scalar) keeps its dtype, so a mismatch is reported by the
    runtime; anything else is converted with numpy.asarray to ``code``."""
    if isinstance(value, (str, bytes)) and code == _dtypes.I8:
        # A TensorFlow string argument (a checkpoint path fed to
        # save/Const) is passed as the i8 vector of its bytes.
        data = value.encode() if isinstance(value, str) else value
        return np.frombuffer(data, dtype=np.int8).copy(), code
    if isinstance(value, (np.ndarray, np.generic)):
        array = np.asarray(value)
        if not array.dtype.isnative:
            array = array.astype(array.dtype.newbyteorder("="))
        if code == _dtypes.BF16 and array.dtype == np.float32:
            return _dtypes.to_bf16(array), code
        array_code = _dtypes.code_of(array.dtype)
        if array_code is None:
            raise TypeError("%s has dtype %s, which is none of tfc's (%s)" %
                            (what, array.dtype,
                             " ".join(_dtypes.NAMES.values())))
    elif code == _dtypes.BF16:
        array = _dtypes.to_bf16(np.asarray(value, dtype=np.float32))
        array_code = code
    else:
        array = np.asarray(value, dtype=_dtypes.storage_type(code))
        array_code = code
    # Not np.ascontiguousarray, which makes a scalar an array of one element.
    if not array.flags.c_contiguous:
        array = array.copy(order="C")
    return array, array_code


class _Tensors:
    """Tensors wrapping arrays (inputs) or returned by the runtime, destroyed
    together at the end of a ``with`` block."""

    def __init__(self, api):
        self.api = api
        self.handles = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for handle in self.handles:
            self.api.tensor_destroy(handle)

    def wrap(self, array, code, status):
        """A tensor over ``array``'s memory, which the caller keeps alive."""
        handle = self.api.tensor_wrap(code, array.ndim,
                                      _capi.int64_array(array.shape),
                                      array.ctypes.data, None, None,
                                      status.handle)
        self.handles.append(status.check_pointer(handle))
        return handle

    def own(self, handle):
        self.handles.append(handle)
        return handle

    def to_numpy(self, handle):
        """A NumPy copy of the tensor ``handle``."""
        api = self.api
        code = api.tensor_dtype(handle)
        shape = _capi.shape_of(api.tensor_shape(handle),
                               api.tensor_rank(handle))
        array = np.empty(shape, dtype=_dtypes.storage_type(code))
        _capi.memmove(array.ctypes.data, api.tensor_data(handle),
                      api.tensor_byte_size(handle))
        return _dtypes.from_bf16(array) if code == _dtypes.BF16 else array


class EntryPoint:
    """A public entry point. Calling it runs the compiled function:
    arguments by position or by name, NumPy arrays or anything
    numpy.asarray takes; returns None, one array, or a tuple of arrays in
    the order of ``outputs``. :meth:`call` takes and returns dicts."""

    def __init__(self, model, index, info):
        self._model = model
        self._index = index
        self.name = info.name.decode()
        self.inputs = tuple(_spec(info.inputs[i])
                            for i in range(info.num_inputs))
        self.outputs = tuple(_spec(info.outputs[i])
                             for i in range(info.num_outputs))
        self.variables = tuple(info.variables[i].decode()
                               for i in range(info.num_variables))
        self.writes_variables = bool(info.writes_variables)

    def __repr__(self):
        return "<tfc entry point %s(%s) -> (%s)>" % (
            self.name, ", ".join(map(str, self.inputs)),
            ", ".join(map(str, self.outputs)))

    def __call__(self, *args, **kwargs):
        if len(args) > len(self.inputs):
            raise TypeError("%s() takes %d arguments but %d were given" %
                            (self.name, len(self.inputs), len(args)))
        values = {spec.name: arg for spec, arg in zip(self.inputs, args)}
        for name, value in kwargs.items():
            if name in values:
                raise TypeError("%s() got two values for argument '%s'" %
                                (self.name, name))
            values[name] = value
        outputs = self.call(values)
        if not self.outputs:
            return None
        if len(self.outputs) == 1:
            return outputs[self.outputs[0].name]
        return tuple(outputs[spec.name] for spec in self.outputs)

    def call(self, inputs):
        """Runs the entry point on ``inputs``, a mapping from argument names
        to values; returns a dict from result names to arrays."""
        names = [spec.name for spec in self.inputs]
        unknown = [name for name in inputs if name not in names]
        if unknown:
            raise TypeError("%s() got an unexpected argument '%s' (its "
                            "arguments: %s)" % (self.name, unknown[0],
                                                ", ".join(names) or "none"))
        missing = [spec for spec in self.inputs if spec.name not in inputs]
        if missing:
            raise TypeError("%s() missing argument%s %s" % (
                self.name, "s" if len(missing) > 1 else "",
                ", ".join("'%s' (%s)" % (spec.name, spec.type)
                          for spec in missing)))
        arrays = [_to_array(inputs[spec.name], _dtypes.CODES[spec.dtype],
                            "argument '%s'" % spec.name)
                  for spec in self.inputs]
        return self._model._call(self, arrays)


class Variable:
    """A variable of the model's store: ``numpy()`` reads a copy, ``assign()``
    writes a value of the same dtype and shape and marks it initialized."""

    def __init__(self, model, handle):
        api = model._api
        self._model = model
        self._handle = handle
        self.name = api.variable_name(handle).decode()
        self._code = api.variable_dtype(handle)
        self.dtype = _dtypes.NAMES[self._code]
        self.shape = _capi.shape_of(api.variable_shape(handle),
                                    api.variable_rank(handle))
        self.trainable = bool(api.variable_trainable(handle))

    def __repr__(self):
        return "<tfc variable %s: %s>" % (
            self.name, _dtypes.describe(self._code, self.shape))

    def _live(self):
        """The handle, valid while the model (and so its store) is open."""
        self._model._live()
        return self._handle

    @property
    def initialized(self):
        return self._model._api.variable_is_initialized(self._live()) == 1

    def numpy(self):
        api = self._model._api
        with api.status() as status, _Tensors(api) as tensors:
            value = status.check_pointer(
                api.variable_read(self._live(), status.handle))
            return tensors.to_numpy(tensors.own(value))

    def assign(self, value):
        api = self._model._api
        array, code = _to_array(value, self._code, "variable '%s'" % self.name)
        with api.status() as status, _Tensors(api) as tensors:
            tensor = tensors.wrap(array, code, status)
            status.check(api.variable_assign(self._live(), tensor,
                                             status.handle))


class Model:
    """A compiled model bound to a variable store (see :func:`load`).
    Entry points are attributes (``model.predict(x=...)``) unless a method
    has their name, and always items of ``entry_points``."""

    def __init__(self, library, symbol, share_with=None):
        api = _capi.Api(library)
        store = None
        if share_with is not None:
            address = ctypes.cast(api.model_create, ctypes.c_void_p).value
            shared = share_with._api.model_create
            if ctypes.cast(shared, ctypes.c_void_p).value != address:
                raise ValueError("cannot share variables: the two models "
                                 "use different copies of libtfc_runtime.so")
            store = api.model_store(share_with._live())
        abi = _capi.ModelAbi.in_dll(library, symbol)
        with api.status() as status:
            self._handle = status.check_pointer(
                api.model_create(ctypes.addressof(abi), store, status.handle))
        self._api = api
        # ctypes never unloads a library; the reference documents the
        # dependency of the model's code on it.
        self._library = library
        self.name = api.model_name(self._handle).decode()
        self.target = api.model_target(self._handle).decode()
        # A CPU model's triple, LLVM CPU and CPU features ("" for CUDA).
        self.target_triple = api.model_target_triple(self._handle).decode()
        self.target_cpu = api.model_target_cpu(self._handle).decode()
        features = api.model_target_features(self._handle).decode()
        self.target_features = features.split(",") if features else []
        self.entry_points = {}
        for index in range(api.model_num_entries(self._handle)):
            entry = EntryPoint(self, index,
                               api.model_entry_at(self._handle, index)[0])
            self.entry_points[entry.name] = entry
        self.variables = {}
        for index in range(api.model_num_variables(self._handle)):
            variable = Variable(self, api.model_variable_at(self._handle,
                                                            index))
            self.variables[variable.name] = variable

    def __repr__(self):
        return "<tfc model %s (%s): %s>" % (self.name, self.target,
                                            ", ".join(self.entry_points))

    def __getattr__(self, name):
        # Only reached for names that are not attributes, which include the
        # model's own while __init__ runs.
        entries = self.__dict__.get("entry_points", {})
        if name in entries:
            return entries[name]
        raise AttributeError(self._no_entry(name))

    def _no_entry(self, name):
        return "model '%s' has no entry point '%s' (entry points: %s)" % (
            self.__dict__.get("name", "?"), name,
            ", ".join(self.__dict__.get("entry_points", ())) or "none")

    def _live(self):
        """The model's handle; ValueError once it is closed."""
        if not self._handle:
            raise ValueError("model '%s' is closed" % self.name)
        return self._handle

    def call(self, name, inputs):
        """Runs the entry point ``name`` on a dict of inputs; returns a dict
        of outputs (see :meth:`EntryPoint.call`)."""
        if name not in self.entry_points:
            raise KeyError(self._no_entry(name))
        return self.entry_points[name].call(inputs)

    def _call(self, entry, arrays):
        api = self._api
        num_outputs = len(entry.outputs)
        outputs = (ctypes.c_void_p * num_outputs)()
        with api.status() as status, _Tensors(api) as tensors:
            inputs = [tensors.wrap(array, code, status)
                      for array, code in arrays]
            code = api.model_call(self._live(), entry._index,
                                  _capi.void_array(inputs), len(inputs),
                                  outputs, num_outputs, status.handle)
            status.check(code)
            results = [tensors.own(handle) for handle in outputs]
            return {spec.name: tensors.to_numpy(handle)
                    for spec, handle in zip(entry.outputs, results)}

    def initialize(self, collection="GLOBAL_VARIABLES"):
        """Runs the initializers of the variables in ``collection``
        (``"GLOBAL_VARIABLES"`` or ``"LOCAL_VARIABLES"``), as
        ``tf.global_variables_initializer()`` does."""
        with self._api.status() as status:
            status.check(self._api.model_initialize(
                self._live(), collection.encode(), status.handle))

    def save(self, path):
        """Writes every variable of the model's store to a checkpoint,
        atomically."""
        with self._api.status() as status:
            status.check(self._api.store_save(self._store(),
                                              os.fsencode(path),
                                              status.handle))

    def restore(self, path):
        """Restores every variable of the model's store from a checkpoint;
        all or nothing."""
        with self._api.status() as status:
            status.check(self._api.store_restore(self._store(),
                                                 os.fsencode(path),
                                                 status.handle))

    def _store(self):
        return self._api.model_store(self._live())

    @property
    def num_threads(self):
        """The threads a call may use; set a number < 1 for the default
        (TFC_NUM_THREADS, else the number of cores)."""
        return self._api.model_num_threads(self._live())

    @num_threads.setter
    def num_threads(self, count):
        with self._api.status() as status:
            status.check(self._api.model_set_num_threads(
                self._live(), count, status.handle))

    def close(self):
        """Destroys the model; its store lives on while other models use
        it. Also called when the object is collected."""
        handle = self.__dict__.get("_handle")
        self._handle = None
        if handle:
            self._api.model_destroy(handle)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        self.close()


def load(path, share_with=None):
    """Loads the model library ``path`` (made by ``tfc compile``) and binds
    it to a new variable store, or to the store of the model
    ``share_with``, whose variables it then shares by name."""
    path = os.fspath(path)
    symbol = find_model_symbol(path)
    if symbol is None:
        raise ValueError("%s exports no tfc model (compile it with "
                         "`tfc compile`)" % path)
    return Model(ctypes.CDLL(os.path.abspath(path)), symbol, share_with)
