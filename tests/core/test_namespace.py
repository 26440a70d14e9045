"""core as an Array API namespace: every name of the standard (array-api-strict is the
reference list), the inspection utilities, finfo/iinfo/isdtype."""

from __future__ import annotations

import array_api_strict as xp
import ml_dtypes
import numpy
import pytest

import core

_NOT_STANDARD = {
    "ArrayAPIStrictFlags",
    "Device",
    "ModuleType",
    "get_array_api_strict_flags",
    "reset_array_api_strict_flags",
    "set_array_api_strict_flags",
}
MAIN_NAMES = sorted(n for n in dir(xp) if not n.startswith("_") and n not in _NOT_STANDARD)
LINALG_NAMES = [
    "cholesky", "cross", "det", "diagonal", "eigh", "eigvalsh", "inv", "matmul",
    "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose", "outer", "pinv", "qr",
    "slogdet", "solve", "svd", "svdvals", "tensordot", "trace", "vecdot", "vector_norm",
]  # fmt: skip
FFT_NAMES = [
    "fft", "fftfreq", "fftn", "fftshift", "hfft", "ifft", "ifftn", "ifftshift", "ihfft",
    "irfft", "irfftn", "rfft", "rfftfreq", "rfftn",
]  # fmt: skip


def test_api_version():
    assert core.__array_api_version__ == "2024.12"


@pytest.mark.parametrize("name", MAIN_NAMES)
def test_main_namespace_has_every_standard_name(name):
    assert hasattr(core, name), f"core.{name} is missing"


@pytest.mark.parametrize("name", LINALG_NAMES)
def test_linalg_extension(name):
    assert callable(getattr(core.linalg, name, None)), f"core.linalg.{name} is missing"


@pytest.mark.parametrize("name", FFT_NAMES)
def test_fft_extension(name):
    assert callable(getattr(core.fft, name, None)), f"core.fft.{name} is missing"


def test_array_namespace_of_an_array(backend):
    assert core.asarray([1]).__array_namespace__() is core


def test_inspection(backend):
    info = core.__array_namespace_info__()
    assert info.default_device() == "cpu" and info.devices() == ["cpu"]
    assert info.default_dtypes()["real floating"] == "float32"
    assert info.default_dtypes()["integral"] == "int64"
    assert set(info.dtypes(kind="integral")) == {
        "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    }  # fmt: skip
    assert set(info.dtypes(kind=("bool", "complex floating"))) == {
        "bool",
        "complex64",
        "complex128",
    }
    assert "float16" not in info.dtypes()


@pytest.mark.parametrize(
    "name", ["bfloat16", "float16", "float32", "float64", "complex64", "complex128"]
)
def test_finfo_matches_numpy_and_ml_dtypes(name):
    real = {"complex64": "float32", "complex128": "float64"}.get(name, name)
    expected = ml_dtypes.finfo(
        numpy.dtype(ml_dtypes.bfloat16) if real == "bfloat16" else numpy.dtype(real)
    )
    info = core.finfo(name)
    assert info.bits == expected.bits and info.eps == float(expected.eps)
    assert info.max == float(expected.max) and info.min == float(expected.min)
    assert info.smallest_normal == float(expected.smallest_normal)
    assert info.dtype == real


@pytest.mark.parametrize(
    "name", ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
)
def test_iinfo_matches_numpy(name):
    expected = numpy.iinfo(name)
    info = core.iinfo(core.asarray([1], dtype=name))
    assert (info.bits, info.max, info.min, info.dtype) == (
        expected.bits,
        expected.max,
        expected.min,
        name,
    )


def test_finfo_and_iinfo_reject_the_wrong_kind():
    with pytest.raises(TypeError, match="floating"):
        core.finfo("int8")
    with pytest.raises(TypeError, match="integer"):
        core.iinfo("float32")


@pytest.mark.parametrize(
    ("dtype", "kind", "expected"),
    [
        ("int8", "signed integer", True),
        ("uint8", "signed integer", False),
        ("uint8", "integral", True),
        ("float16", "real floating", True),
        ("complex64", "numeric", True),
        ("bool", "numeric", False),
        ("bool", ("bool", "integral"), True),
        ("float32", core.float32, True),
        ("float32", "float64", False),
    ],
)
def test_isdtype(dtype, kind, expected):
    assert core.isdtype(dtype, kind) is expected
