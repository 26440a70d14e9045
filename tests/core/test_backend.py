"""Choosing backends: set/get/unset/use, errors, light imports, dtype validity per backend."""

from __future__ import annotations

import subprocess
import sys

import numpy
import pytest

import core
from core import backend as backend_module
from core import dtypes

NAMES = dtypes.DTYPE_NAMES


def test_numpy_is_the_default():
    assert core.get_backend() == "numpy"
    assert not core.backend_is_set()
    assert type(core.asarray([1.0]).data) is numpy.ndarray


def test_set_get_unset(backend):
    assert core.get_backend() == backend
    assert core.backend_is_set()


def test_use_backend_restores_the_previous_state():
    with core.use_backend("torch"):
        assert core.get_backend() == "torch"
        with core.use_backend("jax"):
            assert core.get_backend() == "jax"
        assert core.get_backend() == "torch"
    assert core.get_backend() == "numpy"
    assert not core.backend_is_set()


def test_use_backend_restores_after_an_error():
    with pytest.raises(RuntimeError), core.use_backend("torch"):
        raise RuntimeError("inside")
    assert not core.backend_is_set()


def test_unknown_backend_lists_the_valid_names():
    with pytest.raises(ValueError, match="unknown backend 'mxnet'") as error:
        core.set_backend("mxnet")
    for name in ("numpy", "torch", "jax", "tensorflow"):
        assert name in str(error.value)
    assert core.get_backend() == "numpy"


def test_missing_framework_names_the_extra(monkeypatch):
    monkeypatch.setattr(backend_module, "_loaded", {})
    real_find_spec = backend_module.importlib.util.find_spec

    def find_spec(name, *args):
        return None if name == "jax" else real_find_spec(name, *args)

    monkeypatch.setattr(backend_module.importlib.util, "find_spec", find_spec)
    with pytest.raises(ImportError, match=r"pip install '\.\[jax\]'"):
        core.set_backend("jax")


def test_importing_core_and_frontends_leaves_frameworks_out():
    code = (
        "import sys, core, frontends\n"
        "import frontends.torch, frontends.numpy, frontends.jax, frontends.tensorflow\n"
        "core.add if hasattr(core, 'add') else None\n"
        "heavy = [m for m in ('torch', 'jax', 'jaxlib', 'tensorflow') if m in sys.modules]\n"
        "print(heavy)\n"
        "assert not heavy, heavy\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_jax_backend_turns_on_x64_once_when_set():
    code = (
        "import jax, core\n"
        "assert not jax.config.jax_enable_x64\n"
        "core.asarray([1])\n"
        "assert not jax.config.jax_enable_x64, 'a call must not flip the flag'\n"
        "core.set_backend('jax')\n"
        "assert jax.config.jax_enable_x64\n"
        "assert core.asarray([1]).dtype == 'int64'\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_jax_inputs_without_x64_ask_for_set_backend():
    code = (
        "import jax.numpy as jnp, core\n"
        "try:\n"
        "    core.astype(jnp.ones(2), 'float16')\n"
        "except RuntimeError as error:\n"
        "    assert 'set_backend' in str(error), error\n"
        "else:\n"
        "    raise SystemExit('no error')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr + result.stdout


@pytest.mark.parametrize("name", ["torch", "tensorflow"])
def test_backend_is_inferred_from_native_inputs_when_none_is_set(name):
    framework = pytest.importorskip(name)
    native = framework.ones(3, dtype=framework.float32) if name == "torch" else framework.ones(3)
    result = core.astype(native, "float16")
    assert isinstance(result.data, type(native))
    assert result.dtype == "float16"
    assert core.get_backend() == "numpy"


def test_foreign_arrays_are_converted_to_the_set_backend():
    import torch

    with core.use_backend("torch"):
        result = core.astype(numpy.ones(2, dtype=numpy.int8), "float64")
        assert isinstance(result.data, torch.Tensor)
        assert result.dtype == "float64"


# ---------------------------------------------------------------- dtypes per backend
def test_every_backend_holds_all_fifteen(backend):
    """Found by trying: numpy (with ml_dtypes), torch 2.13, jax x64 and tf 2.21 hold all."""
    assert sorted(core.valid_dtypes) == sorted(NAMES)
    assert core.invalid_dtypes == ()


def test_native_dtypes_are_bound(backend):
    for name in NAMES:
        native = getattr(core, f"native_{name}")
        assert not isinstance(native, core.Dtype)
        assert core.as_core_dtype(native) == name
        assert core.as_native_dtype(name) == native
        assert isinstance(native, core.NativeDtype)
    assert isinstance(core.asarray([1]).data, core.NativeArray)


def test_with_no_backend_the_natives_are_core_dtypes():
    assert core.native_float32 is core.float32
    assert core.NativeDtype is dtypes.NativeDtype
    assert core.valid_dtypes == core.all_dtypes
    assert core.invalid_float_dtypes == ()


def test_groups_follow_the_backend(backend):
    assert core.valid_float_dtypes == core.all_float_dtypes
    assert core.valid_uint_dtypes == core.all_uint_dtypes


def test_a_dtype_the_backend_cannot_hold_leaves_the_namespace(monkeypatch):
    """No installed framework lacks a dtype, so a numpy backend that refuses uint64 stands in."""
    import core.backends.numpy as numpy_backend

    saved = dict(backend_module._loaded)
    real_can_hold = numpy_backend.can_hold
    monkeypatch.setattr(numpy_backend, "can_hold", lambda d: d != numpy.uint64 and real_can_hold(d))
    backend_module._loaded.clear()
    try:
        core.set_backend("numpy")
        assert "uint64" not in core.valid_dtypes
        assert core.invalid_uint_dtypes == ("uint64",)
        with pytest.raises(AttributeError, match="numpy backend cannot hold dtype uint64"):
            core.uint64
        with pytest.raises(AttributeError, match="uint64"):
            core.native_uint64
        assert core.uint32 == "uint32"
        with pytest.raises(TypeError, match="not supported by the numpy backend"):
            core.as_native_dtype("uint64")
    finally:
        backend_module._loaded.clear()
        backend_module._loaded.update(saved)
        core.unset_backend()
    assert core.uint64 == "uint64"


@pytest.mark.parametrize(
    "make",
    [
        lambda: numpy.float16,
        lambda: numpy.dtype("int16"),
        lambda: __import__("torch").float16,
        lambda: __import__("tensorflow").float16,
        lambda: __import__("jax").numpy.float16,
        lambda: __import__("ml_dtypes").bfloat16,
        lambda: "float16",
        lambda: "f2",
    ],
)
def test_as_core_dtype_accepts_dtypes_from_anywhere(make):
    result = core.as_core_dtype(make())
    assert result in ("float16", "int16", "bfloat16")


def test_as_core_dtype_python_types():
    assert core.as_core_dtype(int) == "int64"
    assert core.as_core_dtype(float) == "float32"
    assert core.as_core_dtype(bool) == "bool"
    assert core.as_core_dtype(complex) == "complex64"


def test_as_core_dtype_rejects_nonsense():
    with pytest.raises(TypeError, match="valid names"):
        core.as_core_dtype("float31")
    with pytest.raises(TypeError, match="cannot interpret"):
        core.as_core_dtype(object())
