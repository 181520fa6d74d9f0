"""The Python loader (python/tfc) on compiled models: reflection, calls and
their numbers, the errors of the runtime and of argument binding,
variables, checkpoints, and training the polynomial fit from Python."""

import os
import platform
import sys

import numpy as np
import pytest

import tfc
from tfc import _dtypes

X = np.float32([[1, 2], [3, 4]])


def test_reflection(affine):
    assert affine.name == "affine"
    assert affine.target == "cpu"
    # Compiled for the host: its triple, CPU and (non-empty) features.
    assert affine.target_triple.split("-")[0] == platform.machine()
    assert affine.target_cpu
    assert affine.target_features
    assert list(affine.entry_points) == ["affine", "step", "stats", "divide"]
    entry = affine.entry_points["affine"]
    assert entry.inputs == (tfc.TensorSpec("x", "f32", (None, 2)),)
    assert entry.outputs == (tfc.TensorSpec("y", "f32", (None, 2)),)
    assert entry.variables == ("affine/w", "affine/b")
    assert not entry.writes_variables
    assert affine.step.writes_variables
    assert repr(affine.stats) == (
        "<tfc entry point stats(x: f64[?]) -> (sum: f64[], max: f64[])>")
    assert list(affine.variables) == ["affine/w", "affine/b"]


def test_call(affine):
    expected = np.float32([[3, 7], [7, 13]])
    y = affine.affine(x=X)
    assert y.dtype == np.float32 and y.shape == (2, 2)
    np.testing.assert_array_equal(y, expected)
    # By position, from a list (converted to the argument's dtype), a
    # non-contiguous view, and with no rows.
    np.testing.assert_array_equal(affine.affine(X), expected)
    np.testing.assert_array_equal(affine.affine([[1, 2], [3, 4]]), expected)
    np.testing.assert_array_equal(affine.affine(X.T.copy().T), expected)
    assert affine.affine(np.zeros((0, 2), np.float32)).shape == (0, 2)


def test_results(affine):
    total, largest = affine.stats(x=np.float64([1.5, -2, 4]))
    assert (total, largest) == (3.5, 4.0)
    assert total.dtype == np.float64 and total.shape == ()
    assert affine.call("stats", {"x": [1.0, 2.0]}) == {"sum": 3.0, "max": 2.0}
    np.testing.assert_array_equal(
        affine.divide(a=np.int32([7, -7]), b=np.int32([2, 2])), [3, -3])


def test_assigning_entry(affine):
    assert affine.step() == 2
    assert affine.step() == 3
    assert affine.variables["affine/b"].numpy() == 3
    np.testing.assert_array_equal(affine.affine(X), [[5, 9], [9, 15]])


def test_runtime_errors(affine):
    with pytest.raises(tfc.InvalidArgumentError) as error:
        affine.affine(x=X.astype(np.float64))
    assert str(error.value) == (
        "argument 'x' of affine must be f32[?,2] but is f64[2,2]")
    assert error.value.code == 3
    assert error.value.code_name == "INVALID_ARGUMENT"
    assert isinstance(error.value, tfc.Error)
    with pytest.raises(tfc.InvalidArgumentError,
                       match=r"^argument 'x' of affine must be f32\[\?,2\] "
                             r"but is f32\[2,3\]$"):
        affine.affine(x=np.zeros((2, 3), np.float32))
    # A check in the compiled code fails the call with its message.
    with pytest.raises(tfc.Error, match=r"Integer division by zero"):
        affine.divide(a=np.int32([7, 8]), b=np.int32([2, 0]))
    # The model is still usable.
    np.testing.assert_array_equal(affine.affine(X), [[3, 7], [7, 13]])


def test_binding_errors(affine):
    with pytest.raises(TypeError, match=r"^affine\(\) missing argument 'x' "
                                        r"\(f32\[\?,2\]\)$"):
        affine.affine()
    with pytest.raises(TypeError, match=r"missing arguments 'a' "
                                        r"\(i32\[\?\]\), 'b' \(i32\[\?\]\)"):
        affine.divide()
    with pytest.raises(TypeError, match=r"^affine\(\) got an unexpected "
                                        r"argument 'z' \(its arguments: x\)$"):
        affine.affine(x=X, z=X)
    with pytest.raises(TypeError, match=r"takes 1 arguments but 2 were given"):
        affine.affine(X, X)
    with pytest.raises(TypeError, match=r"got two values for argument 'x'"):
        affine.affine(X, x=X)
    with pytest.raises(TypeError, match=r"argument 'x' has dtype int16, which "
                                        r"is none of tfc's"):
        affine.affine(x=np.int16([[1, 2]]))


def test_unknown_entry_point(affine):
    message = ("model 'affine' has no entry point 'train' (entry points: "
               "affine, step, stats, divide)")
    with pytest.raises(AttributeError) as error:
        affine.train()
    assert str(error.value) == message
    with pytest.raises(KeyError) as error:
        affine.call("train", {})
    assert error.value.args[0] == message


def test_uninitialized(affine_library):
    with tfc.load(affine_library) as model:
        assert not model.variables["affine/w"].initialized
        with pytest.raises(tfc.FailedPreconditionError,
                           match=r"^Attempting to use uninitialized value "
                                 r"affine/"):
            model.affine(x=X)


def test_variables(affine):
    w = affine.variables["affine/w"]
    assert (w.name, w.dtype, w.shape, w.trainable) == (
        "affine/w", "f32", (2,), True)
    assert w.initialized
    np.testing.assert_array_equal(w.numpy(), [2, 3])
    w.assign([1, -1])
    affine.variables["affine/b"].assign(0)
    np.testing.assert_array_equal(affine.affine(X), [[1, -2], [3, -4]])
    with pytest.raises(tfc.InvalidArgumentError,
                       match=r"^value assigned to variable 'affine/w' must be "
                             r"f32\[2\] but is f32\[3\]$"):
        w.assign(np.float32([1, 2, 3]))
    np.testing.assert_array_equal(w.numpy(), [1, -1])


def test_save_restore(affine, affine_library, tmp_path):
    checkpoint = str(tmp_path / "ckpt")
    affine.step()
    affine.save(checkpoint)
    b = affine.variables["affine/b"]
    b.assign(np.float32(0))
    affine.restore(checkpoint)
    assert b.numpy() == 2
    # A fresh model restores instead of initializing.
    with tfc.load(affine_library) as model:
        model.restore(checkpoint)
        np.testing.assert_array_equal(model.affine(X), [[4, 8], [8, 14]])
        with pytest.raises(tfc.Error, match=str(tmp_path / "missing")):
            model.restore(tmp_path / "missing")


def test_shared_variables(affine, affine_library):
    with tfc.load(affine_library, share_with=affine) as other:
        other.step()
        assert affine.variables["affine/b"].numpy() == 2


def test_threads_and_close(affine_library):
    model = tfc.load(affine_library)
    model.num_threads = 1
    assert model.num_threads == 1
    w = model.variables["affine/w"]
    model.close()
    with pytest.raises(ValueError, match="model 'affine' is closed"):
        model.affine(x=X)
    with pytest.raises(ValueError, match="model 'affine' is closed"):
        w.numpy()


def test_not_a_model(tmp_path):
    text = tmp_path / "libtext.so"
    text.write_text("not a library")
    with pytest.raises(ValueError, match="is not an ELF file"):
        tfc.load(text)
    with pytest.raises(ValueError, match="exports no tfc model"):
        tfc.load(os.path.realpath(sys.executable))
    with pytest.raises(FileNotFoundError):
        tfc.load(tmp_path / "libmissing.so")


def test_bf16_conversion():
    values = np.float32([1.0, 1.00390625, 1.01171875, -2.5, np.inf, np.nan])
    bits = _dtypes.to_bf16(values)
    # Ties go to the even neighbour: 1 + 2^-8 to 1, 1 + 3 * 2^-8 to
    # 1 + 2^-6.
    assert list(bits[:5]) == [0x3F80, 0x3F80, 0x3F82, 0xC020, 0x7F80]
    assert np.isnan(_dtypes.from_bf16(bits)[5])
    np.testing.assert_array_equal(_dtypes.from_bf16(bits[:5]),
                                  [1.0, 1.0, 1.015625, -2.5, np.inf])
    assert _dtypes.to_bf16(np.float32(1)).shape == ()


def test_polynomial_fit(polynomial_fit_library, tmp_path):
    """examples/polynomial_fit trained from Python: 1000 Adam steps on
    fresh points of y = 5 x^2 + 3, then a new model restores the
    checkpoint and predicts."""
    rng = np.random.default_rng(0)
    checkpoint = str(tmp_path / "ckpt")
    with tfc.load(polynomial_fit_library) as model:
        model.initialize()
        for _ in range(1000):
            x = rng.uniform(-10, 10, 100).astype(np.float32)
            loss = model.train_step(x=x, y=5 * x * x + 3)
        assert loss.shape == () and loss < 100
        w = model.weights().ravel()
        np.testing.assert_allclose(w, [5, 0, 3], atol=0.5)
        model.save(checkpoint)
    with tfc.load(polynomial_fit_library) as model:
        model.restore(checkpoint)
        np.testing.assert_array_equal(model.weights().ravel(), w)
        yhat = model.predict(x=np.float32([0, 1, -2]))
        np.testing.assert_allclose(
            yhat, [w[2], w.sum(), 4 * w[0] - 2 * w[1] + w[2]], rtol=1e-5)


def test_string_arguments(savev2_library, restore_library, tmp_path):
    """A graph's own saver from Python: a str (or bytes) is a string
    argument's bytes. The checkpoint written by SaveV2 is read back by
    RestoreV2 in another model."""
    prefix = str(tmp_path / "model.ckpt")
    with tfc.load(savev2_library) as model:
        save = model.entry_points["save"]
        assert str(save.inputs[0]) == "save/Const: i8[?]"
        assert save(prefix) is None
    with tfc.load(restore_library) as model:
        np.testing.assert_array_equal(model.read(prefix.encode()),
                                      np.float32([1, 2]))
        with pytest.raises(tfc.NotFoundError):
            model.read(str(tmp_path / "missing"))
