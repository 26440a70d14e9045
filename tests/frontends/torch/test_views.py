"""Views of frontends.torch against real torch, on every backend: a write through a view
reaches its base, the base's writes reach the view, chains of views included; strides and
``is_contiguous`` as torch reports them; expanded views refuse writes as torch does."""

from __future__ import annotations

import numpy
import pytest
import torch as real_torch
from hypothesis import given
from hypothesis import strategies as st

from frontends import torch
from tests.frontends.torch.oracle import assert_matches, check, error_kind, to_frontend

RNG = numpy.random.default_rng(0)


def both(values, dtype):
    """The values as a frontend tensor and a real torch tensor with torch's own contiguous
    strides (``from_numpy`` would keep numpy's strides of empty arrays)."""
    values = numpy.asarray(values)
    real = real_torch.zeros(values.shape, dtype=getattr(real_torch, dtype))
    return to_frontend(values, dtype), real.copy_(real_torch.from_numpy(values))


def _base(shape=(3, 4), dtype="float32"):
    data = numpy.arange(int(numpy.prod(shape))).reshape(shape)
    return both(data, dtype)


def _same(frontend, real):
    assert_matches(frontend, real)
    assert frontend.stride() == real.stride(), (frontend.stride(), real.stride())
    assert frontend.is_contiguous() == real.is_contiguous()


# ---------------------------------------------------------------------------------------
# the examples of the issue
# ---------------------------------------------------------------------------------------
def test_inplace_through_select(backend):
    x, rx = _base()
    x[0].add_(1)
    rx[0].add_(1)
    assert_matches(x, rx)


def test_setitem_through_transpose(backend):
    x, rx = _base()
    x.t()[1] = 5
    rx.t()[1] = 5
    assert_matches(x, rx)


def test_zero_through_flat_view(backend):
    x, rx = _base()
    v, rv = x.view(-1), rx.view(-1)
    v.zero_()
    rv.zero_()
    assert_matches(x, rx)
    _same(v, rv)


def test_base_write_reaches_views(backend):
    x, rx = _base()
    views = [x[1], x.t(), x.view(2, 6), x[:, 1:3], x.unsqueeze(0), x.detach(), x.narrow(1, 1, 2)]
    real_views = [rx[1], rx.t(), rx.view(2, 6), rx[:, 1:3], rx.unsqueeze(0), rx.detach(),
                  rx.narrow(1, 1, 2)]  # fmt: skip
    x.mul_(2)
    rx.mul_(2)
    x[2, 3] = -1
    rx[2, 3] = -1
    for view, real_view in zip(views, real_views):
        assert_matches(view, real_view)


def test_chain_of_views(backend):
    x, rx = _base((2, 3, 4))
    v = x.transpose(0, 2)[1:, None].permute(1, 0, 2, 3).select(2, 1)
    rv = rx.transpose(0, 2)[1:, None].permute(1, 0, 2, 3).select(2, 1)
    _same(v, rv)
    v.fill_(7)
    rv.fill_(7)
    assert_matches(x, rx)
    v[0, 1] += 1
    rv[0, 1] += 1
    assert_matches(x, rx)
    x.zero_()
    rx.zero_()
    _same(v, rv)


def test_view_of_view_written_twice(backend):
    x, rx = _base((4,))
    a, ra = x[1:], rx[1:]
    b, rb = a[::2], ra[::2]
    b.copy_(torch.tensor([10.0, 20.0]))
    rb.copy_(real_torch.tensor([10.0, 20.0]))
    a[0] = 99
    ra[0] = 99
    assert_matches(x, rx)
    assert_matches(b, rb)


def test_expand_refuses_writes(backend):
    x, rx = _base((3, 1))
    e, re_ = x.expand(3, 4), rx.expand(3, 4)
    _same(e, re_)
    with pytest.raises(RuntimeError) as real_error:
        re_.add_(1)
    with pytest.raises(RuntimeError) as error:
        e.add_(1)
    assert str(error.value) == str(real_error.value)
    with pytest.raises(RuntimeError):
        e.fill_(1)
    x.fill_(2)
    rx.fill_(2)
    assert_matches(e, re_)


def test_expand_without_repeats_is_writable(backend):
    x, rx = _base((3, 4))
    e, re_ = x.expand(1, 3, 4), rx.expand(1, 3, 4)
    e.fill_(3)
    re_.fill_(3)
    assert_matches(x, rx)


def test_split_unbind_chunk_are_views(backend):
    x, rx = _base((4, 3))
    for name, args in (("split", (2,)), ("chunk", (3,)), ("unbind", ()), ("tensor_split", (3,))):
        parts, real_parts = getattr(x, name)(*args), getattr(rx, name)(*args)
        parts[-1].fill_(-3)
        real_parts[-1].fill_(-3)
        assert_matches(x, rx)
        for part, real_part in zip(parts, real_parts):
            _same(part, real_part)


def test_reshape_copy_does_not_write_back(backend):
    x, rx = _base((3, 4))
    r, rr = x.t().reshape(-1), rx.t().reshape(-1)
    _same(r, rr)
    r.fill_(0)
    rr.fill_(0)
    assert_matches(x, rx)


def test_advanced_indexing_copies(backend):
    x, rx = _base((3, 4))
    c, rc = x[[0, 2]], rx[[0, 2]]
    c.fill_(0)
    rc.fill_(0)
    assert_matches(x, rx)
    m, rm = x[x > 5], rx[rx > 5]
    m.fill_(0)
    rm.fill_(0)
    assert_matches(x, rx)


def test_view_error_like_torch(backend):
    x, rx = _base((3, 4))
    with pytest.raises(RuntimeError) as real_error:
        rx.t().view(-1)
    with pytest.raises(RuntimeError) as error:
        x.t().view(-1)
    assert str(error.value) == str(real_error.value)


def test_contiguous_and_clone_strides(backend):
    x, rx = _base((2, 3, 4))
    for make in (lambda t: t.permute(2, 0, 1), lambda t: t[:, ::2], lambda t: t.transpose(0, 1)):
        v, rv = make(x), make(rx)
        _same(v, rv)
        _same(v.clone(), rv.clone())
        _same(v.contiguous(), rv.contiguous())
    assert x.contiguous() is x


def test_out_of_place_ops_do_not_write(backend):
    x, rx = _base((3, 4))
    v = x[1]
    y = v + 1
    y.fill_(0)
    assert_matches(x, rx)


# ---------------------------------------------------------------------------------------
# random chains of view ops
# ---------------------------------------------------------------------------------------
@st.composite
def _basic_keys(draw, shape):
    entries = []
    dim = 0
    ellipsis = False
    while dim < len(shape) and draw(st.booleans()):
        kind = draw(st.sampled_from(["int", "slice", "none", "ellipsis"]))
        extent = shape[dim]
        if kind == "int" and extent:
            entries.append(draw(st.integers(-extent, extent - 1)))
            dim += 1
        elif kind == "slice":
            start = draw(st.none() | st.integers(-extent - 1, extent + 1))
            stop = draw(st.none() | st.integers(-extent - 1, extent + 1))
            step = draw(st.none() | st.integers(1, 3))
            entries.append(slice(start, stop, step))
            dim += 1
        elif kind == "none":
            entries.append(None)
        elif kind == "ellipsis" and not ellipsis:
            entries.append(Ellipsis)
            ellipsis = True
            dim = len(shape)
    return tuple(entries)


@st.composite
def _view_step(draw, shape):
    ndim = len(shape)
    names = ["unsqueeze", "getitem", "detach", "reshape", "view", "flatten", "squeeze"]
    if ndim:
        names += ["transpose", "permute", "narrow", "movedim", "unflatten", "T", "mT"]
        if all(shape):
            names.append("select")
    if ndim <= 2:
        names.append("t")
    name = draw(st.sampled_from(names))
    dims = st.integers(-max(ndim, 1), max(ndim, 1) - 1)
    if name == "unsqueeze":
        return name, (draw(st.integers(-ndim - 1, ndim)),)
    if name == "getitem":
        return name, (draw(_basic_keys(shape)),)
    if name in ("detach", "t", "T"):
        return name, ()
    if name == "mT":
        return (name, ()) if ndim >= 2 else ("detach", ())
    if name in ("reshape", "view"):
        size = int(numpy.prod(shape))
        if size and draw(st.booleans()):
            divisor = draw(st.sampled_from([d for d in range(1, size + 1) if size % d == 0]))
            return name, ((divisor, -1),)
        return name, ((-1,),)
    if name == "flatten":
        if not ndim:
            return name, ()
        start = draw(st.integers(0, ndim - 1))
        return name, (start, draw(st.integers(start, ndim - 1)))
    if name == "squeeze":
        return name, (() if not ndim or draw(st.booleans()) else (draw(dims),))
    if name == "transpose":
        return name, (draw(dims), draw(dims))
    if name == "permute":
        return name, tuple(draw(st.permutations(range(ndim))))
    if name == "movedim":
        return name, (draw(dims), draw(dims))
    if name == "unflatten":
        dim = draw(st.integers(0, ndim - 1))
        return name, (dim, (1, shape[dim]) if draw(st.booleans()) else (shape[dim], 1))
    if name == "narrow":
        dim = draw(st.integers(0, ndim - 1))
        start = draw(st.integers(0, shape[dim]))
        return name, (dim, start, draw(st.integers(0, shape[dim] - start)))
    dim = draw(st.integers(0, ndim - 1))
    return "select", (dim, draw(st.integers(-shape[dim], shape[dim] - 1)))


def _apply(tensor, name, args):
    if name == "getitem":
        return tensor[args[0]]
    if name in ("T", "mT"):
        return getattr(tensor, name)
    return getattr(tensor, name)(*args)


@given(
    data=st.data(),
    shape=st.lists(st.integers(0, 4), min_size=0, max_size=3).map(tuple),
    dtype=st.sampled_from(["float32", "int64", "bool", "float16"]),
)
def test_random_view_chains_share_writes(backend, data, shape, dtype):
    values = numpy.arange(int(numpy.prod(shape))).reshape(shape) % 7
    x, rx = both(values, dtype)
    view, real_view = x, rx
    for _ in range(data.draw(st.integers(1, 4))):
        name, args = data.draw(_view_step(tuple(real_view.shape)))
        try:
            next_real = _apply(real_view, name, args)
        except Exception as error:
            with pytest.raises(error_kind(error)):
                _apply(view, name, args)
            break
        view, real_view = _apply(view, name, args), next_real
        _same(view, real_view)
    # a view writes into x; a copy (reshape of a non-viewable tensor) keeps the write
    fill = data.draw(st.integers(0, 1)) if dtype == "bool" else data.draw(st.integers(-3, 3))
    real_view.fill_(fill)
    view.fill_(fill)
    assert_matches(x, rx)
    assert_matches(view, real_view)
    new = numpy.arange(int(numpy.prod(shape))).reshape(shape) % 5
    check(lambda: x.copy_(torch.tensor(new)), lambda: rx.copy_(real_torch.tensor(new)))
    assert_matches(view, real_view)


@pytest.mark.parametrize(
    ("source", "target", "shape"),
    [("float32", "int32", (3, 4)), ("float32", "uint8", (2, 3)), ("int16", "float32", (3, 4)),
     ("float32", "float64", (3, 3)), ("float32", "float64", ()), ("complex64", "float32", (3,)),
     ("float32", "complex64", (2, 4))],
)  # fmt: skip
def test_view_as_dtype_shares_bytes(backend, source, target, shape):
    """``view(dtype)`` reads the same bytes (the last dim scaled), torch's error where the
    sizes do not divide, and writes through it reach the base."""
    x, rx = both(RNG.standard_normal(shape) * 100, source)
    expected = check(
        lambda: x.view(getattr(torch, target)), lambda: rx.view(getattr(real_torch, target))
    )
    if expected is None:
        return  # torch raised, and the frontend raised the same class
    view, rview = x.view(getattr(torch, target)), rx.view(getattr(real_torch, target))
    assert view.numpy().tobytes() == rview.numpy().tobytes()
    view.zero_()
    rview.zero_()
    assert_matches(x, rx)
