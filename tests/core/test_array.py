"""core.Array: attributes, Python protocols, setitem rebinding and generated methods."""

from __future__ import annotations

import numpy
import pytest

import core


def test_attributes(backend):
    x = core.asarray(numpy.arange(6, dtype=numpy.float32).reshape(2, 3))
    assert x.dtype == "float32" and isinstance(x.dtype, core.Dtype)
    assert x.shape == (2, 3) and isinstance(x.shape, tuple)
    assert x.ndim == 2 and x.size == 6
    assert x.device == "cpu"
    assert x.backend == backend
    numpy.testing.assert_array_equal(x.T.to_numpy(), numpy.arange(6).reshape(2, 3).T)
    numpy.testing.assert_array_equal(x.mT.to_numpy(), numpy.arange(6).reshape(2, 3).T)
    assert x.to_device("cpu") is x
    with pytest.raises(ValueError, match="2-D"):
        core.asarray([1.0]).T


def test_python_protocols(backend):
    x = core.asarray([[1, 2], [3, 4]], dtype="int32")
    assert len(x) == 2
    rows = list(x)
    assert all(isinstance(r, core.Array) for r in rows)
    assert rows[1].to_numpy().tolist() == [3, 4]
    one = core.asarray([7], dtype="int16")
    assert int(one) == 7 and float(one) == 7.0 and bool(one) is True
    assert complex(core.asarray(2.5)) == 2.5 + 0j
    assert [10, 20, 30][core.asarray(1)] == 20
    with pytest.raises(TypeError, match="integer"):
        [1, 2][core.asarray(1.0)]
    with pytest.raises(TypeError, match="one element"):
        bool(x)
    with pytest.raises(TypeError, match="0-d"):
        len(core.asarray(1))


def test_array_and_dlpack(backend):
    x = core.asarray([1.5, 2.5], dtype="float64")
    assert numpy.asarray(x).tolist() == [1.5, 2.5]
    assert numpy.asarray(x, dtype=numpy.float32).dtype == numpy.float32
    assert numpy.from_dlpack(x).tolist() == [1.5, 2.5]
    assert x.__dlpack_device__()[0] == 1


def test_repr_names_dtype_and_backend(backend):
    text = repr(core.asarray([1, 2], dtype="uint8"))
    assert text == f"Array([1, 2], dtype=uint8, backend={backend})"


def test_setitem_rebinds_and_leaves_other_arrays_alone(backend):
    x = core.asarray([1, 2, 3], dtype="int64")
    alias = core.Array(x.data)
    before = x.data
    x[1] = 20
    assert x.to_numpy().tolist() == [1, 20, 3]
    assert alias.to_numpy().tolist() == [1, 2, 3]
    assert core.Array(before).to_numpy().tolist() == [1, 2, 3]


def test_in_place_operators_keep_the_object(backend):
    x = core.asarray([1, 2], dtype="int8")
    same = x
    x += 1
    assert x is same and x.to_numpy().tolist() == [2, 3] and x.dtype == "int8"


def test_methods_exist_for_functions_taking_an_array_first(backend):
    from core.registry import specs

    for qualname, spec in specs().items():
        if spec.is_method:
            assert callable(getattr(core.Array, spec.name)), qualname
    x = core.asarray([3.0, 1.0, 2.0])
    assert x.astype("int8").dtype == "int8"
    assert not hasattr(core.Array, "asarray")


def test_array_wraps_lists_and_arrays():
    assert core.Array([1, 2]).dtype == "int64"
    inner = core.asarray([1.0])
    assert core.Array(inner).data is inner.data
