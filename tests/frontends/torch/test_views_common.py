"""The common views (``.T``, ``permute``, ``reshape``/``view``, ``squeeze``/``unsqueeze``,
int and slice keys, and chains of them) against real torch on every backend: values,
strides (computed when first asked for views of contiguous tensors), ``is_contiguous``,
writes through each view reaching the base; ``.to(dtype)`` and same-dtype ``where``."""

from __future__ import annotations

import numpy
import torch as real_torch

from frontends import torch
from tests.frontends.torch.oracle import assert_matches, to_frontend

VIEWS = [
    lambda t: t.T,
    lambda t: t.permute(1, 0, 2),
    lambda t: t.transpose(-1, 0),
    lambda t: t.reshape(t.shape[0], -1),
    lambda t: t.view(-1),
    lambda t: t.unsqueeze(1),
    lambda t: t.unsqueeze(-1),
    lambda t: t.squeeze(),
    lambda t: t[1],
    lambda t: t[-1],
    lambda t: t[1:],
    lambda t: t[:, ::2],
    lambda t: t[0, 1:3],
    lambda t: t[-1, :, 0],
    lambda t: t[(1,)],
    lambda t: t.T[1:].permute(2, 0, 1),
    lambda t: t[:, 1:].reshape(-1),
    lambda t: t.permute(2, 0, 1)[0].unsqueeze(0).squeeze(0)[::2],
    lambda t: t.transpose(0, 1).unsqueeze(0)[0, 1:],
]


def _pair(shape):
    data = numpy.arange(int(numpy.prod(shape)), dtype=numpy.float32).reshape(shape)
    real = real_torch.zeros(shape).copy_(real_torch.from_numpy(data))  # torch's own strides
    return to_frontend(data), real


def _outcome(function, tensor):
    try:
        return function(tensor), None
    except Exception as error:  # the kind of error is part of the behaviour
        return None, type(error)


def test_common_views_match_torch(backend):
    # on jax every shape and key is a compile: there a third of the views on one shape (the
    # strides are the frontend's own arithmetic, the same on every backend)
    shapes = [(3, 4, 2)] if backend == "jax" else [(3, 4, 2), (2, 1, 3), (3, 0, 2)]
    views = VIEWS[::3] if backend == "jax" else VIEWS
    for shape in shapes:
        for index, function in enumerate(views):
            x, rx = _pair(shape)
            view, error = _outcome(function, x)
            real_view, real_error = _outcome(function, rx)
            where = (shape, index)
            if real_error is not None:
                assert error is not None and issubclass(error, (real_error, RuntimeError)), where
                continue
            assert error is None, (where, error)
            assert_matches(view, real_view)
            assert view.stride() == real_view.stride(), (where, view.stride(), real_view.stride())
            assert view.is_contiguous() == real_view.is_contiguous(), where
            view.add_(100.0)
            real_view.add_(100.0)
            assert_matches(x, rx)
            x.mul_(2.0)  # the base's writes reach the view
            rx.mul_(2.0)
            assert_matches(view, real_view)


def test_to_dtype_and_where_of_same_dtypes(backend):
    x, rx = _pair((2, 3))
    assert x.to(torch.float32) is x
    assert_matches(x.to(torch.int32), rx.to(real_torch.int32))
    assert_matches(x.to(torch.bool), rx.to(real_torch.bool))
    y, ry = x * -1.0, rx * -1.0
    condition, real_condition = x > 2.0, rx > 2.0
    assert_matches(torch.where(condition, x, y), real_torch.where(real_condition, rx, ry))
    z, rz = x.to(torch.float64), rx.to(real_torch.float64)  # mixed: promoted
    assert_matches(torch.where(condition, x, z), real_torch.where(real_condition, rx, rz))
    grown = x.to(torch.uint8)
    assert_matches(torch.where(grown, x, y), real_torch.where(rx.to(real_torch.uint8), rx, ry))
