"""The plain paths of views and writes (``x[3]``, ``x[2:5]``, ``m[1, 2]``, ``x[k] = 1.0``,
``view``/``reshape`` with ints, ``expand``, ``transpose``, ``to(dtype)``), which skip key
and shape parsing, against real torch on every backend: values, dtypes, strides, errors,
writes reaching bases and views, and gradients through a written non-leaf tensor."""

from __future__ import annotations

import numpy
import torch as real_torch

from frontends import torch
from tests.frontends.torch.oracle import assert_matches, error_kind, to_frontend

# (tensor, key, value) writes; the value a Python number, of the tensor's dtype or not
WRITES = [
    ("float32", 3, 1.5),
    ("float32", -1, -0.0),
    ("float32", slice(1, 3), float("nan")),
    ("float32", (1, 2), 1e300),  # overflows float32: torch's RuntimeError
    ("float32", (slice(None), 1), 7),
    ("float64", (slice(0, None, 2), 0), float("inf")),
    ("float64", slice(-2, 100), 2.5),
    ("int32", 0, 2.9),  # a float into an int tensor truncates
    ("int32", (1, slice(1, 3)), 2**40),  # overflows int32
    ("bool", 1, 2.0),
    ("float32", (3, 0), 1.0),  # out of range: IndexError
]


def _pair(dtype, shape=(4, 3)):
    data = numpy.arange(int(numpy.prod(shape))).reshape(shape) % 5
    real = real_torch.zeros(shape, dtype=getattr(real_torch, dtype))
    return to_frontend(data, dtype), real.copy_(real_torch.from_numpy(data))


def _outcome(function, *arguments):
    try:
        return function(*arguments), None
    except Exception as error:  # the kind of error is part of the behaviour
        return None, error_kind(error)


def test_number_writes_at_plain_keys(backend):
    writes = WRITES[:5:4] if backend == "jax" else WRITES  # each key is a compile on jax
    for dtype, key, value in writes:
        x, rx = _pair(dtype)
        view, real_view = x[1:], rx[1:]  # made before the write: it sees it
        flat, real_flat = x.view(-1), rx.view(-1)

        _, error = _outcome(x.__setitem__, key, value)
        _, real_error = _outcome(rx.__setitem__, key, value)
        where = (dtype, key, value)
        assert error == real_error, where
        assert_matches(x, rx)
        assert_matches(view, real_view)
        assert_matches(flat, real_flat)


def test_number_writes_through_views(backend):
    x, rx = _pair("float32")
    views = [lambda t: t.T, lambda t: t[1:], lambda t: t.view(-1), lambda t: t[:, ::2]]
    for function in views[:2] if backend == "jax" else views:
        for key in (1, (0, 1), slice(0, 2)):
            view, real_view = function(x), function(rx)
            _, error = _outcome(view.__setitem__, key, 7.5)
            _, real_error = _outcome(real_view.__setitem__, key, 7.5)
            assert error == real_error, (key, error)
            assert_matches(x, rx)
            assert_matches(view, real_view)
    # a write to repeated elements of an expanded view raises; a view of a leaf refuses
    e, re = x.expand(2, 4, 3), rx.expand(2, 4, 3)
    _, error = _outcome(e.__setitem__, (slice(None), 1), 1.0)
    _, real_error = _outcome(re.__setitem__, (slice(None), 1), 1.0)
    assert error is not None and issubclass(error, RuntimeError) and real_error is RuntimeError
    x.requires_grad_()
    rx.requires_grad_()
    _, error = _outcome(x[1:].__setitem__, 0, 1.0)
    _, real_error = _outcome(rx[1:].__setitem__, 0, 1.0)
    assert error == real_error is not None


def test_number_write_into_a_recorded_tensor_keeps_gradients(backend):
    x, rx = _pair("float32")
    x.requires_grad_()
    rx.requires_grad_()
    y, ry = x * 2.0, rx * 2.0
    y[1] = 3.0
    ry[1] = 3.0
    y[:, 2] = 1.0
    ry[:, 2] = 1.0
    (y * y).sum().backward()
    (ry * ry).sum().backward()
    assert_matches(y.detach(), ry.detach())
    assert_matches(x.grad, rx.grad)
    # a leaf that requires grad refuses the write as torch does
    _, error = _outcome(x.__setitem__, 0, 1.0)
    _, real_error = _outcome(rx.__setitem__, 0, 1.0)
    assert error == real_error is not None


VIEWS = [
    lambda t: t[3],
    lambda t: t[-4],
    lambda t: t[1:3],
    lambda t: t[-2:10],
    lambda t: t[5:1],
    lambda t: t[1, 2],
    lambda t: t[:, 1],
    lambda t: t[1:3, 1:],
    lambda t: t[::2, 1],
    lambda t: t[4],  # out of range
    lambda t: t.view(3, 4),
    lambda t: t.reshape(2, -1),
    lambda t: t.view(-1, 0),  # ambiguous -1
    lambda t: t.view(5, -1),  # does not divide
    lambda t: t.view((6, 2)),
    lambda t: t.T.reshape(12),  # not viewable: a copy
    lambda t: t.T.view(12),  # not viewable: torch's error
    lambda t: t.T[1],
    lambda t: t.T[1:2],
    lambda t: t.T[:, 1:3],
    lambda t: t[1:].T[0],
    lambda t: t.transpose(-1, 0),
    lambda t: t.transpose(1, 1),
    lambda t: t.transpose(0, 2),  # out of range
    lambda t: t[:, :1].expand(4, 5),
    lambda t: t.T[:1].expand(2, 3, 4),
    lambda t: t.expand(2, -1, -1),
    lambda t: t.flatten(),
    lambda t: t.T.flatten(),
]


def test_plain_views_match_torch(backend):
    views = VIEWS[::7] if backend == "jax" else VIEWS  # each key is a compile on jax
    for index, function in enumerate(views):
        x, rx = _pair("float32")
        view, error = _outcome(function, x)
        real_view, real_error = _outcome(function, rx)
        assert error == real_error, (index, error, real_error)
        if error is not None:
            continue
        assert_matches(view, real_view)
        assert view.stride() == real_view.stride(), (index, view.stride(), real_view.stride())
        assert view.is_contiguous() == real_view.is_contiguous(), index
        if real_view._base is not None and real_view.stride().count(0) == 0:
            view.add_(10.0)  # a write through the view reaches the base
            real_view.add_(10.0)
            assert_matches(x, rx)
        x.mul_(3.0)  # the base's writes reach the view
        rx.mul_(3.0)
        assert_matches(view, real_view)


def test_to_dtype(backend):
    x, rx = _pair("float32")
    assert x.to(torch.float32) is x
    dtypes = ("int32",) if backend == "jax" else ("int32", "bool", "float64", "int32")
    for dtype in dtypes:
        assert_matches(x.to(getattr(torch, dtype)), rx.to(getattr(real_torch, dtype)))
    z, rz = x.to(torch.complex64), rx.to(real_torch.complex64)
    z, rz = z * 1j - 2j, rz * 1j - 2j  # a real part of zero where the imaginary is not
    for _ in range(2):  # decided once per pair of dtypes, used again
        assert_matches(z.to(torch.bool), rz.to(real_torch.bool))
        assert_matches(z.to(torch.float32), rz.real.to(real_torch.float32))
