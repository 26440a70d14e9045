"""Fast paths (``frontends.base.fastpath``): every generated function gives what its general
path gives (result type, dtype, shape, bits, or the exception type) on every backend, and
the common case does take the kernel.

Inputs: float32/float64 arrays of the frontend's own type (matrices, a broadcast row, a
0-d array), Python scalars, a mixed-dtype pair, an integer and a boolean array, which take
the general path unless the function declares their dtypes; a boolean mask before them for functions with a mask (and a float one,
which must take the general path); for keyword parameters (``fast(..., keywords=...)``) sample values by
their core name, valid and not.
"""

from __future__ import annotations

import warnings

import numpy
import pytest

import frontends.jax.lax  # importing a frontend registers its fast functions
import frontends.jax.nn
import frontends.numpy
import frontends.tensorflow  # noqa: F401
from core import native
from frontends import torch
from frontends.base import fastpath
from frontends.jax import numpy as jnp

jnp.sum  # the first attribute loads jax.numpy's functions (and registers their fast paths)

VALUES = numpy.array(
    [-3.5, -1.0, -0.25, 0.0, 0.5, 1.0, 2.0, 7.25, numpy.inf, -numpy.inf, numpy.nan, 1e-30,
     -2.0, 3.0, 0.75, 100.0],
)  # fmt: skip


# sample values of keyword parameters by core name: static ones the kernel may take, and
# ones it must not (a list, out of range, repeated axes)
KEYWORD_VALUES = {"axis": [0, -1, (0, 1), None, 5, (0, 0), [0]], "keepdims": [True, False]}


def _cases(function, few: bool = False) -> list[tuple[tuple, dict]]:
    """Positional cases, then keyword cases on the first one (``few``: three of each)."""
    new = function.__globals__["_new"]
    positional = _positional_cases(new, len(function.arrays) - function.mask)[: 3 if few else None]
    if function.mask:
        masks = [new(native.greater(case[0].native, 0.0)) for case in positional]
        positional = [(mask, *case) for mask, case in zip(masks, positional)]
        positional.append(positional[0][1:2] + positional[0][1:])  # a float mask
    keyword = [
        (positional[0], {name: value})
        for name, core_name in function.keywords.items()
        for value in KEYWORD_VALUES[core_name]
    ]
    return [(case, {}) for case in positional] + keyword[: 3 if few else None]


def _positional_cases(new, arity: int) -> list[tuple]:
    matrix32 = new(native.asarray(VALUES.reshape(4, 4).astype("float32")))
    vector64 = new(native.asarray(VALUES.astype("float64")))
    if arity == 1:
        integers = new(native.asarray(numpy.arange(16)))
        booleans = new(native.asarray(numpy.arange(16).reshape(4, 4) % 3 == 0))
        scalar32 = new(native.asarray(numpy.float32(2.0)))
        return [(matrix32,), (vector64,), (integers,), (scalar32,), (booleans,)]
    row32 = new(native.asarray(numpy.roll(VALUES, 3)[:4].astype("float32")))
    if arity == 3:  # (input, weight, bias)-like: with and without the optional third
        vector32 = new(native.asarray(VALUES[:4].astype("float32")))
        return [(matrix32, matrix32, row32), (matrix32, matrix32, None), (row32, vector32, row32)]
    return [
        (matrix32, row32),
        (vector64, vector64),
        (matrix32, 2.0),
        (matrix32, -3),
        (matrix32, 1e39),
        (matrix32, vector64),  # mixed dtypes: the general path
        (matrix32, True),
        (matrix32, 2**40),
    ]


def _outcome(function, case, keywords):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            result = function(*case, **keywords)
        except Exception as error:  # the exception type is part of the behaviour
            return type(error)
    value = getattr(result, "native", result)
    if isinstance(value, numpy.generic):  # a numpy-frontend scalar
        return type(result), str(value.dtype), _bits(numpy.asarray(value))
    if hasattr(value, "dtype") and hasattr(value, "shape"):
        from core.backend import current_backend

        array = numpy.asarray(current_backend().module.to_numpy(value))
        return type(result), str(array.dtype), array.shape, _bits(array)
    return type(result), result


def _bits(array: numpy.ndarray) -> bytes:
    """The array's bytes, every NaN as one NaN: a NaN's sign and payload are unspecified
    (torch's vectorized maximum gives all bits set, its scalar loop the input's NaN,
    depending on the data's alignment)."""
    if array.dtype.kind in "fc":
        array = numpy.where(numpy.isnan(array), numpy.array(numpy.nan, array.dtype), array)
    return array.tobytes()


def test_fast_paths_equal_general_paths(backend):
    functions = fastpath.fast_functions()
    assert len(functions) > 20
    few = backend == "jax"  # each new op, shape and dtype is a compile: half the functions,
    if few:  # a few cases of each kind (same code paths)
        functions = functions[::2]
    for function in functions:
        for case, keywords in _cases(function, few):
            fast = _outcome(function, case, keywords)
            general = _outcome(function.general, case, keywords)
            where = f"{function.__module__}.{function.__qualname__}{case}{keywords}"
            assert fast == general, where


def test_the_common_case_takes_the_kernel(backend, monkeypatch):
    from core.backend import current_backend

    direct = current_backend().direct
    for function in fastpath.fast_functions():
        if function.direct not in direct:
            continue
        case, _ = _cases(function)[0]
        if type(case[0]) not in function.__globals__["_T"]:
            continue  # not a fast type on this backend (numpy's FP-error ufuncs elsewhere)
        general = function.__globals__["_general"]
        monkeypatch.setitem(function.__globals__, "_general", _refuse)
        try:
            function(*case)
        except AssertionError as error:
            raise AssertionError(f"{function.__module__}.{function.__qualname__}") from error
        monkeypatch.setitem(function.__globals__, "_general", general)


def _refuse(*args, **kwargs):
    raise AssertionError("the common case took the general path")


@pytest.mark.parametrize("tracked", [False, True])
def test_tracked_inputs_are_recorded(tracked):
    """While autodiff records, a call with a tracked input, Python scalars among the
    arguments or not, calls the recording core function (not the general path)."""
    x = torch.tensor([1.0, 2.0], requires_grad=tracked)
    with pytest.MonkeyPatch.context() as patch:  # the recording kernel, not the general path
        patch.setitem(torch.exp.__globals__, "_general", _refuse)
        patch.setitem(torch.mul.__globals__, "_general", _refuse)  # with a Python scalar
        y = torch.mul(torch.exp(x), 3.0) + x
    assert y.requires_grad is tracked
    if tracked:
        y.sum().backward()
        numpy.testing.assert_allclose(x.grad.numpy(), 3 * numpy.exp([1.0, 2.0]) + 1, rtol=1e-6)


@pytest.mark.parametrize("backend_name", ["jax", "tensorflow"])
def test_traced_calls_take_the_kernel(backend_name, monkeypatch):
    """Under jax.jit and tf.function the kernels return tracers and graph tensors: native
    arrays too, taken as results (the general path would trace every op a second time)."""
    import core
    from frontends import jax as frontend_jax
    from frontends import tensorflow as tf

    with core.use_backend(backend_name):
        exp, transform = (
            (jnp.exp, frontend_jax.jit) if backend_name == "jax" else (tf.exp, tf.function)
        )
        x = exp.__globals__["_new"](native.asarray(numpy.float32([0.0, 1.0])))
        monkeypatch.setitem(exp.__globals__, "_general", _refuse)
        result = transform(lambda v: exp(v))(x)
        numpy.testing.assert_allclose(numpy.asarray(result), numpy.exp([0.0, 1.0]), rtol=1e-6)
