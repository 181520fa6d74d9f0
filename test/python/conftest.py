"""Fixtures of the Python loader's tests: models compiled by the tfc that
$TFC names (default: tfc on PATH). ctest's lit-install runs them with the
installed tfc and package (test/install/python.test); against a build tree:

    PYTHONPATH=python TFC=build/bin/tfc python3 -m pytest test/python
"""

import os
import subprocess

import pytest

import tfc

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


def compile_model(directory, source, *options):
    name = os.path.splitext(os.path.basename(source))[0]
    library = os.path.join(str(directory), "lib%s.so" % name)
    subprocess.run([os.environ.get("TFC", "tfc"), "compile",
                    os.path.join(ROOT, source), "-o", library] +
                   list(options), check=True)
    return library


@pytest.fixture(scope="session")
def affine_library(tmp_path_factory):
    """test/install/Inputs/affine.mlir: affine, step, stats, divide."""
    return compile_model(tmp_path_factory.mktemp("affine"),
                         "test/install/Inputs/affine.mlir")


@pytest.fixture(scope="session")
def polynomial_fit_library(tmp_path_factory):
    return compile_model(tmp_path_factory.mktemp("polynomial_fit"),
                         "examples/polynomial_fit/polynomial_fit.mlir")


def find_tf1_graphs():
    """The shared corpus of TensorFlow 1 files, where lit looks for it too:
    $TFC_TF1_GRAPHS, shared/tf1-graphs beside the source tree, or the
    workplace's /work/shared/tf1-graphs."""
    candidates = [os.environ.get("TFC_TF1_GRAPHS", ""),
                  os.path.join(ROOT, "..", "shared", "tf1-graphs"),
                  "/work/shared/tf1-graphs"]
    for candidate in candidates:
        if candidate and os.path.isfile(os.path.join(candidate, "MANIFEST.md")):
            return candidate
    return candidates[1]


TF1_GRAPHS = find_tf1_graphs()


@pytest.fixture(scope="session")
def savev2_library(tmp_path_factory):
    """openvino's SaveV2 graph: `save` writes the constant [1, 2] as tensor
    'Const' of a TensorFlow checkpoint at the string argument save/Const."""
    source = os.path.join(TF1_GRAPHS, "openvino", "model_savev2.pbtxt")
    if not os.path.exists(source):
        pytest.skip("the TensorFlow 1 corpus (shared/tf1-graphs) is absent")
    return compile_model(tmp_path_factory.mktemp("savev2"), source,
                         "--entry", "save=save/Const::SaveV2")


@pytest.fixture(scope="session")
def restore_library(tmp_path_factory):
    """A RestoreV2 of tensor 'Const' (f32[2]) from the checkpoint whose
    path is the string argument `path`."""
    return compile_model(tmp_path_factory.mktemp("restore"),
                         "test/Integration/TensorFlow/Inputs/"
                         "restore_const.pbtxt",
                         "--entry", "read=path:restored")


@pytest.fixture
def affine(affine_library):
    """The affine model with initialized variables: w = [2, 3], b = 1."""
    with tfc.load(affine_library) as model:
        model.initialize()
        yield model
