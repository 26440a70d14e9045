"""Indexing, slicing, joining and mutating ops of frontends.torch against real torch, on
every backend: ``__getitem__``/``__setitem__`` with mixed keys, cat/stack/split/...,
gather/scatter/index_*/masked_*/where/nonzero, and their errors."""

# the lambdas given to check() are called at once, inside their loop iteration
# ruff: noqa: B023

from __future__ import annotations

import numpy
import pytest
import torch as real_torch
from hypothesis import given
from hypothesis import strategies as st

from frontends import torch
from tests.frontends.torch.oracle import arrays, assert_matches, both, check, shapes

DTYPES = ("bool", "uint8", "int8", "int32", "int64", "bfloat16", "float16", "float32",
          "float64", "complex64")  # fmt: skip


def _pair(array, dtype=None):
    return both(numpy.asarray(array), dtype)


def _index_pair(values):
    values = numpy.asarray(values)
    return torch.tensor(values), real_torch.tensor(values)


@st.composite
def tensors(draw, dtypes=DTYPES, shape=None, min_dims=0, max_dims=3):
    dtype = draw(st.sampled_from(dtypes))
    shape = draw(shapes(min_dims, max_dims)) if shape is None else shape
    return _pair(draw(arrays(dtype, shape, special=False)), dtype)


# ---------------------------------------------------------------------------------------
# __getitem__ / __setitem__
# ---------------------------------------------------------------------------------------
@st.composite
def keys(draw, shape):
    """A key of ints, slices, None, Ellipsis, boolean masks, integer tensors and lists, as
    (frontend key, real key); sometimes out of range, so errors are compared too."""
    frontend, real = [], []
    dim = 0
    used_ellipsis = False
    for _ in range(draw(st.integers(1, 4))):
        choices = ["none"]
        if dim < len(shape):
            choices += ["int", "slice", "int_tensor", "list", "mask"]
        if not used_ellipsis:
            choices.append("ellipsis")
        kind = draw(st.sampled_from(choices))
        extent = shape[dim] if dim < len(shape) else 0
        if kind == "none":
            frontend.append(None)
            real.append(None)
        elif kind == "ellipsis":
            frontend.append(Ellipsis)
            real.append(Ellipsis)
            used_ellipsis = True
            dim = len(shape)
        elif kind == "int":
            value = draw(st.integers(-extent - 1, extent))
            frontend.append(value)
            real.append(value)
            dim += 1
        elif kind == "slice":
            bound = st.none() | st.integers(-extent - 2, extent + 2)
            entry = slice(draw(bound), draw(bound), draw(st.none() | st.integers(1, 3)))
            frontend.append(entry)
            real.append(entry)
            dim += 1
        elif kind in ("int_tensor", "list"):
            index_shape = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2))
            low, high = -max(extent, 1), max(extent - 1, 0)
            values = draw(
                st.lists(
                    st.integers(low, high + (1 if draw(st.integers(0, 9)) == 0 else 0)),
                    min_size=int(numpy.prod(index_shape)),
                    max_size=int(numpy.prod(index_shape)),
                )
            )
            values = numpy.array(values, dtype=numpy.int64).reshape(index_shape)
            if kind == "list":
                frontend.append(values.tolist())
                real.append(values.tolist())
            else:
                a, b = _index_pair(values)
                frontend.append(a)
                real.append(b)
            dim += 1
        else:
            count = draw(st.integers(1, len(shape) - dim))
            mask = numpy.array(
                draw(
                    st.lists(
                        st.booleans(),
                        min_size=int(numpy.prod(shape[dim : dim + count])),
                        max_size=int(numpy.prod(shape[dim : dim + count])),
                    )
                ),
                dtype=bool,
            ).reshape(shape[dim : dim + count])
            a, b = _index_pair(mask)
            frontend.append(a)
            real.append(b)
            dim += count
    if len(frontend) == 1 and draw(st.booleans()):
        return frontend[0], real[0]
    return tuple(frontend), tuple(real)


@given(data=st.data(), pair=tensors(max_dims=3))
def test_getitem_matches_torch(backend, data, pair):
    x, rx = pair
    key, real_key = data.draw(keys(tuple(rx.shape)))
    check(lambda: x[key], lambda: rx[real_key])


@given(data=st.data(), pair=tensors(dtypes=("int64", "float32", "bool", "float16")))
def test_setitem_matches_torch(backend, data, pair):
    x, rx = pair
    key, real_key = data.draw(keys(tuple(rx.shape)))
    try:
        target_shape = tuple(rx[real_key].shape)
    except Exception:
        target_shape = ()
    value_kind = data.draw(st.sampled_from(["scalar", "tensor", "broadcast"]))
    if value_kind == "scalar":
        value = real_value = data.draw(st.sampled_from([0, 1, True, 2.5]))
    else:
        shape = target_shape if value_kind == "tensor" else target_shape[-1:]
        value, real_value = _pair(
            numpy.arange(int(numpy.prod(shape))).reshape(shape) % 3, "float64"
        )

    def frontend_call():
        x[key] = value
        return x

    def real_call():
        rx[real_key] = real_value
        return rx

    check(frontend_call, real_call)


@pytest.mark.parametrize(
    "key",
    [5, (slice(None), 7), (0, 0, 0), (None, 5), [0, 9], (slice(None), [0, 7])],
    ids=str,
)
def test_index_errors_like_torch(backend, key):
    x, rx = _pair(numpy.arange(12).reshape(3, 4), "int64")
    with pytest.raises(IndexError) as real_error:
        rx[key]
    with pytest.raises(IndexError) as error:
        x[key]
    assert str(error.value) == str(real_error.value)


def test_index_type_errors(backend):
    x, rx = _pair(numpy.arange(12).reshape(3, 4), "int64")
    for key in (1.5, torch.tensor([1.0])):
        with pytest.raises(IndexError):
            x[key]
    mask, real_mask = _index_pair(numpy.array([True, False]))
    with pytest.raises(IndexError) as real_error:
        rx[real_mask]
    with pytest.raises(IndexError) as error:
        x[mask]
    assert str(error.value) == str(real_error.value)
    with pytest.raises(ValueError, match="step must be greater than zero"):
        x[::-1]


def test_list_of_sequences_is_a_tuple(backend):
    x, rx = _pair(numpy.arange(12).reshape(3, 4), "int64")
    assert_matches(x[[[0, 1], [1, 0]]], rx[[[0, 1], [1, 0]]])
    assert_matches(x[[0, slice(None)]], rx[[0, slice(None)]])
    index, real_index = _index_pair(numpy.array(1))
    assert_matches(x[index], rx[real_index])
    assert_matches(x[True], rx[True])
    assert_matches(x[False], rx[False])


def test_setitem_casts_and_broadcasts(backend):
    x, rx = _pair(numpy.zeros((3, 4)), "int32")
    for key, value in (((0,), 1.7), ((slice(None), 1), True), ((1,), numpy.arange(4) * 1.5)):
        x[key] = torch.tensor(value) if isinstance(value, numpy.ndarray) else value
        rx[key] = real_torch.tensor(value) if isinstance(value, numpy.ndarray) else value
    assert_matches(x, rx)
    with pytest.raises(RuntimeError):
        x[0] = torch.ones(3)
    with pytest.raises(RuntimeError):
        x[[0, 1]] = torch.ones(3)


# ---------------------------------------------------------------------------------------
# joining
# ---------------------------------------------------------------------------------------
@given(
    data=st.data(),
    dtypes=st.lists(st.sampled_from(DTYPES), min_size=1, max_size=3),
    shape=shapes(1, 3),
)
def test_cat_stack_promote_like_torch(backend, data, dtypes, shape):
    dim = data.draw(st.integers(-len(shape), len(shape) - 1))
    pairs = []
    for dtype in dtypes:
        own = list(shape)
        own[dim] = data.draw(st.integers(0, 3))
        pairs.append(_pair(data.draw(arrays(dtype, tuple(own), special=False)), dtype))
    if data.draw(st.booleans()):
        pairs.append(_pair(numpy.zeros((0,)), data.draw(st.sampled_from(DTYPES))))
    frontend = [p[0] for p in pairs]
    real = [p[1] for p in pairs]
    check(lambda: torch.cat(frontend, dim), lambda: real_torch.cat(real, dim))
    check(lambda: torch.concat(frontend, dim=dim), lambda: real_torch.concat(real, dim=dim))
    check(lambda: torch.stack(frontend, dim), lambda: real_torch.stack(real, dim))
    for name in ("hstack", "vstack", "dstack", "column_stack", "row_stack"):
        check(lambda: getattr(torch, name)(frontend), lambda: getattr(real_torch, name)(real))


def test_cat_errors_and_out(backend):
    a, ra = _pair(numpy.ones((2, 3)), "float32")
    b, rb = _pair(numpy.ones((2, 4)), "int64")
    check(lambda: torch.cat([a, b]), lambda: real_torch.cat([ra, rb]))
    check(lambda: torch.cat([a, b], 1), lambda: real_torch.cat([ra, rb], 1))
    with pytest.raises(ValueError):
        torch.cat([])
    s, rs = _pair(numpy.array(1.0), "float32")
    check(lambda: torch.cat([s, s]), lambda: real_torch.cat([rs, rs]))
    out, rout = _pair(numpy.zeros((2, 7)), "float64")
    check(lambda: torch.cat([a, b], 1, out=out), lambda: real_torch.cat([ra, rb], 1, out=rout))
    assert_matches(out, rout)


# ---------------------------------------------------------------------------------------
# splitting
# ---------------------------------------------------------------------------------------
@given(data=st.data(), pair=tensors(dtypes=("float32", "int64"), min_dims=1))
def test_split_family(backend, data, pair):
    x, rx = pair
    dim = data.draw(st.integers(0, x.ndim - 1))
    size = rx.shape[dim]
    split_size = data.draw(st.integers(0, 4))
    check(lambda: torch.split(x, split_size, dim), lambda: real_torch.split(rx, split_size, dim))
    sizes = data.draw(st.lists(st.integers(0, size), max_size=3))
    check(lambda: x.split(sizes, dim), lambda: rx.split(sizes, dim))
    chunks = data.draw(st.integers(1, 5))
    check(lambda: torch.chunk(x, chunks, dim), lambda: real_torch.chunk(rx, chunks, dim))
    check(
        lambda: torch.tensor_split(x, chunks, dim), lambda: real_torch.tensor_split(rx, chunks, dim)
    )
    points = sorted(data.draw(st.lists(st.integers(-size, size + 1), max_size=3)))
    check(
        lambda: torch.tensor_split(x, points, dim), lambda: real_torch.tensor_split(rx, points, dim)
    )
    check(lambda: torch.unbind(x, dim), lambda: real_torch.unbind(rx, dim))
    for name in ("hsplit", "vsplit", "dsplit"):
        check(
            lambda: getattr(torch, name)(x, chunks), lambda: getattr(real_torch, name)(rx, chunks)
        )


# ---------------------------------------------------------------------------------------
# shape ops
# ---------------------------------------------------------------------------------------
@given(data=st.data(), pair=tensors())
def test_shape_functions(backend, data, pair):
    x, rx = pair
    ndim = x.ndim
    dim = data.draw(st.integers(-max(ndim, 1), max(ndim, 1) - 1))
    dim2 = data.draw(st.integers(-max(ndim, 1), max(ndim, 1) - 1))
    calls = [
        ("transpose", (dim, dim2)),
        ("swapaxes", (dim, dim2)),
        ("swapdims", (dim, dim2)),
        ("squeeze", ()),
        ("squeeze", (dim,)),
        ("unsqueeze", (dim,)),
        ("flatten", ()),
        ("movedim", (dim, dim2)),
        ("moveaxis", (dim, dim2)),
        ("t", ()),
        ("conj", ()),
        ("reshape", ((-1,),)),
        ("permute", (tuple(reversed(range(ndim))),)),
        ("tile", ((2,),)),
        ("tile", ((1, 2, 1, 1),)),
    ]
    if ndim:
        size = rx.shape[dim]
        start = data.draw(st.integers(-size - 1, size + 1))
        calls += [
            ("narrow", (dim, start, data.draw(st.integers(0, 3)))),
            ("narrow_copy", (dim, start, 1)),
            ("select", (dim, data.draw(st.integers(-size - 1, size)))),
            ("unflatten", (dim, (1, -1))),
            ("adjoint", ()),
            ("argwhere", ()),
        ]
    for name, args in calls:
        check(lambda: getattr(torch, name)(x, *args), lambda: getattr(real_torch, name)(rx, *args))
        check(lambda: getattr(x, name)(*args), lambda: getattr(rx, name)(*args))


def test_view_methods(backend):
    x, rx = _pair(numpy.arange(24).reshape(2, 3, 4), "float32")
    check(lambda: x.view(6, 4), lambda: rx.view(6, 4))
    check(lambda: x.view((4, -1)), lambda: rx.view((4, -1)))
    check(lambda: x.view(5), lambda: rx.view(5))
    check(lambda: x.view(-1, -1), lambda: rx.view(-1, -1))
    check(lambda: x.reshape(3, 8), lambda: rx.reshape(3, 8))
    check(lambda: x.expand(2, 2, 3, 4), lambda: rx.expand(2, 2, 3, 4))
    check(lambda: x.expand(3, 3, 4), lambda: rx.expand(3, 3, 4))
    check(lambda: x.expand(4), lambda: rx.expand(4))
    check(lambda: x[:, :1].expand_as(x), lambda: rx[:, :1].expand_as(rx))
    check(lambda: x.repeat(2, 1, 1, 2), lambda: rx.repeat(2, 1, 1, 2))
    check(lambda: x.repeat(2), lambda: rx.repeat(2))
    check(lambda: x.permute(2, 0, 1), lambda: rx.permute(2, 0, 1))
    check(lambda: x.permute(0, 0, 1), lambda: rx.permute(0, 0, 1))
    check(lambda: x.view_as(x[0]), lambda: rx.view_as(rx[0]))
    check(lambda: x.T, lambda: rx.permute(2, 1, 0))
    check(lambda: x.mT, lambda: rx.mT)
    check(lambda: x.tile(2, 1), lambda: rx.tile(2, 1))
    check(lambda: x.t(), lambda: rx.t())


# ---------------------------------------------------------------------------------------
# gather / scatter / index_*
# ---------------------------------------------------------------------------------------
def _index_for(data, shape, dim, *, extent=None, low_bound=True):
    extent = shape[dim] if extent is None else extent
    index_shape = tuple(data.draw(st.integers(0, s)) for s in shape)
    count = int(numpy.prod(index_shape))
    values = data.draw(
        st.lists(
            st.integers(-extent if low_bound else 0, max(extent - 1, 0)),
            min_size=count,
            max_size=count,
        )
    )
    return numpy.array(values, dtype=numpy.int64).reshape(index_shape)


@given(data=st.data(), pair=tensors(dtypes=("float32", "int64", "bool", "float16"), min_dims=1))
def test_gather_scatter(backend, data, pair):
    x, rx = pair
    shape = tuple(rx.shape)
    dim = data.draw(st.integers(0, len(shape) - 1))
    if not shape[dim]:
        return
    index = _index_for(data, shape, dim, low_bound=False)
    i, ri = _index_pair(index)
    check(lambda: torch.gather(x, dim, i), lambda: real_torch.gather(rx, dim, ri))
    src_values = data.draw(arrays(str(rx.dtype).removeprefix("torch."), index.shape, special=False))
    src, rsrc = _pair(src_values, str(rx.dtype).removeprefix("torch."))
    # indices may repeat: torch leaves plain scatter's order unspecified, so reduce here
    check(
        lambda: torch.scatter_add(x, dim, i, src), lambda: real_torch.scatter_add(rx, dim, ri, rsrc)
    )
    check(
        lambda: x.scatter(dim, i, src, reduce="add"),
        lambda: rx.scatter(dim, ri, rsrc, reduce="add"),
    )
    if x.dtype != torch.bool:
        for reduce in ("sum", "prod", "mean", "amax", "amin"):
            for include_self in (True, False):
                check(
                    lambda: torch.scatter_reduce(x, dim, i, src, reduce, include_self=include_self),
                    lambda: real_torch.scatter_reduce(
                        rx, dim, ri, rsrc, reduce, include_self=include_self
                    ),
                    rtol=1e-3 if x.dtype == torch.float16 else None,
                    atol=1e-3 if x.dtype == torch.float16 else None,
                )
    # one index per position along dim: scatter is deterministic
    perm = numpy.argsort(numpy.random.default_rng(0).random(shape), axis=dim)
    p, rp = _index_pair(perm)
    src2, rsrc2 = _pair(numpy.arange(int(numpy.prod(shape))).reshape(shape) % 5, "float64")
    src2, rsrc2 = src2.to(x.dtype), rsrc2.to(rx.dtype)
    check(lambda: x.scatter(dim, p, src2), lambda: rx.scatter(dim, rp, rsrc2))
    check(lambda: x.scatter(dim, p, 1), lambda: rx.scatter(dim, rp, 1))
    check(lambda: x.scatter(dim, p, value=0), lambda: rx.scatter(dim, rp, value=0))


def test_gather_scatter_errors(backend):
    x, rx = _pair(numpy.arange(6).reshape(2, 3), "float32")
    bad, rbad = _index_pair(numpy.array([[5]]))
    check(lambda: torch.gather(x, 1, bad), lambda: real_torch.gather(rx, 1, rbad))
    check(lambda: x.scatter(1, bad, 1.0), lambda: rx.scatter(1, rbad, 1.0))
    flat, rflat = _index_pair(numpy.array([0]))
    check(lambda: torch.gather(x, 1, flat), lambda: real_torch.gather(rx, 1, rflat))
    i32, ri32 = _pair(numpy.array([[0]]), "int32")
    check(lambda: torch.gather(x, 1, i32), lambda: real_torch.gather(rx, 1, ri32))


def check_index(frontend_call, real_call):
    """As :func:`check`, but torch's out-of-range error for index_select/index_add is an
    IndexError or a RuntimeError depending on which kernel the shape picks: either kind
    from the frontend is accepted there."""
    try:
        real_call()
    except (IndexError, RuntimeError):
        with pytest.raises((IndexError, RuntimeError)):
            frontend_call()
        return
    check(frontend_call, real_call)


@given(data=st.data(), pair=tensors(dtypes=("float32", "int64", "float64"), min_dims=1))
def test_index_functions(backend, data, pair):
    x, rx = pair
    shape = tuple(rx.shape)
    dim = data.draw(st.integers(-len(shape), len(shape) - 1))
    extent = shape[dim]
    if not extent:  # torch's index ops on an empty dimension fail in internal checks
        return
    count = data.draw(st.integers(0, 4))
    index = numpy.array(
        data.draw(
            st.lists(
                st.integers(-max(extent, 1), max(extent - 1, 0)), min_size=count, max_size=count
            )
        ),
        dtype=numpy.int64,
    )
    i, ri = _index_pair(index)
    check_index(lambda: torch.index_select(x, dim, i), lambda: real_torch.index_select(rx, dim, ri))
    source_shape = list(shape)
    source_shape[dim] = count
    dtype = str(rx.dtype).removeprefix("torch.")
    s, rs = _pair(numpy.arange(int(numpy.prod(source_shape))).reshape(source_shape) % 4, dtype)
    check_index(lambda: x.index_add(dim, i, s, alpha=2), lambda: rx.index_add(dim, ri, rs, alpha=2))
    check(lambda: torch.index_fill(x, dim, i, -1), lambda: real_torch.index_fill(rx, dim, ri, -1))
    unique = numpy.unique(index % max(extent, 1)) if extent else index
    if len(unique) == len(index):  # index_copy with repeats is unspecified in torch
        check(lambda: x.index_copy(dim, i, s), lambda: rx.index_copy(dim, ri, rs))
    for reduce in ("prod", "mean", "amax", "amin"):
        check(
            lambda: x.index_reduce(dim, i, s, reduce, include_self=False),
            lambda: rx.index_reduce(dim, ri, rs, reduce, include_self=False),
        )


@given(data=st.data(), pair=tensors(dtypes=("float32", "int64", "bool", "complex64")))
def test_take_put_index_put(backend, data, pair):
    x, rx = pair
    numel = rx.numel()
    count = data.draw(st.integers(0, 4))
    values = data.draw(
        st.lists(st.integers(-max(numel, 1), max(numel - 1, 0)), min_size=count, max_size=count)
    )
    i, ri = _index_pair(numpy.array(values, dtype=numpy.int64))
    check(lambda: torch.take(x, i), lambda: real_torch.take(rx, ri))
    dtype = str(rx.dtype).removeprefix("torch.")
    src, rsrc = _pair(numpy.arange(count) % 2 + 1, dtype)
    if dtype != "bool":
        check(lambda: x.put(i, src, accumulate=True), lambda: rx.put(ri, rsrc, accumulate=True))
    if len(set(v % max(numel, 1) for v in values)) == len(values):
        check(lambda: x.put(i, src), lambda: rx.put(ri, rsrc))
    if rx.ndim:
        first = numpy.array(values, dtype=numpy.int64) % max(rx.shape[0], 1) if rx.shape[0] else []
        j, rj = _index_pair(numpy.array(first, dtype=numpy.int64))
        vals, rvals = _pair(numpy.ones(()), dtype)
        check(
            lambda: x.index_put((j,), vals, accumulate=dtype != "bool"),
            lambda: rx.index_put((rj,), rvals, accumulate=dtype != "bool"),
        )


@given(data=st.data(), pair=tensors(dtypes=("float32", "int64"), min_dims=1))
def test_take_along_dim(backend, data, pair):
    x, rx = pair
    shape = tuple(rx.shape)
    dim = data.draw(st.integers(0, len(shape) - 1))
    if not shape[dim]:
        return
    index = _index_for(data, shape, dim)
    index = index[
        tuple(
            slice(0, 1) if d != dim and data.draw(st.booleans()) else slice(None)
            for d in range(len(shape))
        )
    ]
    i, ri = _index_pair(index)
    check(lambda: torch.take_along_dim(x, i, dim), lambda: real_torch.take_along_dim(rx, ri, dim))
    check(lambda: torch.take_along_dim(x, i), lambda: real_torch.take_along_dim(rx, ri))


# ---------------------------------------------------------------------------------------
# masks, where, nonzero
# ---------------------------------------------------------------------------------------
@given(data=st.data(), pair=tensors(), mask_dims=st.integers(0, 3))
def test_masked_ops(backend, data, pair, mask_dims):
    x, rx = pair
    shape = tuple(rx.shape)
    mask_shape = shape[len(shape) - min(mask_dims, len(shape)) :]
    mask_values = data.draw(arrays("bool", mask_shape))
    m, rm = _pair(mask_values, "bool")
    check(lambda: torch.masked_select(x, m), lambda: real_torch.masked_select(rx, rm))
    for value in (0, 1.5, True):
        check(lambda: x.masked_fill(m, value), lambda: rx.masked_fill(rm, value))
    dtype = str(rx.dtype).removeprefix("torch.")
    source, rsource = _pair(numpy.arange(rx.numel()) % 3, dtype)
    check(lambda: x.masked_scatter(m, source), lambda: rx.masked_scatter(rm, rsource))
    check(lambda: torch.nonzero(x), lambda: real_torch.nonzero(rx))
    check(lambda: torch.nonzero(x, as_tuple=True), lambda: real_torch.nonzero(rx, as_tuple=True))
    check(lambda: torch.where(m), lambda: real_torch.where(rm))


@given(
    data=st.data(),
    dtypes=st.tuples(st.sampled_from(DTYPES), st.sampled_from(DTYPES)),
    shape=shapes(0, 2),
)
def test_where_promotes_like_torch(backend, data, dtypes, shape):
    m, rm = _pair(data.draw(arrays("bool", shape)), "bool")
    a, ra = _pair(data.draw(arrays(dtypes[0], shape, special=False)), dtypes[0])
    b, rb = _pair(data.draw(arrays(dtypes[1], shape[-1:], special=False)), dtypes[1])
    check(lambda: torch.where(m, a, b), lambda: real_torch.where(rm, ra, rb))
    check(lambda: a.where(m, b), lambda: ra.where(rm, rb))
    for scalar in (2, 0.5, True):
        check(lambda: torch.where(m, a, scalar), lambda: real_torch.where(rm, ra, scalar))
        check(lambda: torch.where(m, scalar, a), lambda: real_torch.where(rm, scalar, ra))
    check(lambda: torch.where(m, 1, 0.5), lambda: real_torch.where(rm, 1, 0.5))
    check(lambda: torch.where(a, a, b), lambda: real_torch.where(ra, ra, rb))


def test_slice_and_select_scatter(backend):
    x, rx = _pair(numpy.zeros((3, 4)), "float32")
    s, rs = _pair(numpy.ones((3, 2)), "float32")
    check(
        lambda: torch.slice_scatter(x, s, 1, 0, 4, 2),
        lambda: real_torch.slice_scatter(rx, rs, 1, 0, 4, 2),
    )
    r, rr = _pair(numpy.ones(4), "float32")
    check(
        lambda: torch.select_scatter(x, r, 0, -1), lambda: real_torch.select_scatter(rx, rr, 0, -1)
    )
    check(lambda: torch.select_scatter(x, s, 0, 0), lambda: real_torch.select_scatter(rx, rs, 0, 0))


def test_unravel_index(backend):
    i, ri = _index_pair(numpy.array([0, 5, 11, -1]))
    check(lambda: torch.unravel_index(i, (3, 4)), lambda: real_torch.unravel_index(ri, (3, 4)))
    check(lambda: torch.unravel_index(i, (2, 2)), lambda: real_torch.unravel_index(ri, (2, 2)))


def test_out_of_place_methods_do_not_mutate(backend):
    x, rx = _pair(numpy.arange(12).reshape(3, 4), "float32")
    i, _ = _index_pair(numpy.array([[0, 1, 2, 0]]))
    m, _ = _pair(numpy.arange(12).reshape(3, 4) % 2 == 0, "bool")
    src = torch.ones(3, 4)
    x.scatter(0, i, src)
    x.scatter_add(0, i, src)
    x.masked_fill(m, 0)
    x.index_fill(0, torch.tensor([0]), 0)
    x.index_put((torch.tensor([0]),), torch.tensor(0.0))
    x.put(torch.tensor([0]), torch.tensor([5.0]))
    assert_matches(x, rx)


def test_inplace_methods(backend):
    x, rx = _pair(numpy.arange(12).reshape(3, 4), "float32")
    i, ri = _index_pair(numpy.array([[0, 1, 2, 0]]))
    m, rm = _pair(numpy.arange(12).reshape(3, 4) % 2 == 0, "bool")
    for frontend_call, real_call in (
        (
            lambda: x.scatter_(0, i, torch.ones(3, 4)),
            lambda: rx.scatter_(0, ri, real_torch.ones(3, 4)),
        ),
        (
            lambda: x.scatter_add_(0, i, torch.ones(3, 4)),
            lambda: rx.scatter_add_(0, ri, real_torch.ones(3, 4)),
        ),
        (lambda: x.masked_fill_(m, -1), lambda: rx.masked_fill_(rm, -1)),
        (
            lambda: x.index_fill_(1, torch.tensor([0]), 7),
            lambda: rx.index_fill_(1, real_torch.tensor([0]), 7),
        ),
        (
            lambda: x.index_add_(0, torch.tensor([1]), torch.ones(1, 4)),
            lambda: rx.index_add_(0, real_torch.tensor([1]), real_torch.ones(1, 4)),
        ),
        (
            lambda: x.index_put_((torch.tensor([2]),), torch.tensor(3.0), accumulate=True),
            lambda: rx.index_put_(
                (real_torch.tensor([2]),), real_torch.tensor(3.0), accumulate=True
            ),
        ),
        (
            lambda: x.put_(torch.tensor([11]), torch.tensor([9.0])),
            lambda: rx.put_(real_torch.tensor([11]), real_torch.tensor([9.0])),
        ),
        (
            lambda: x.masked_scatter_(m, torch.zeros(6)),
            lambda: rx.masked_scatter_(rm, real_torch.zeros(6)),
        ),
        (
            lambda: x[1].index_copy_(0, torch.tensor([3]), torch.tensor([-5.0])),
            lambda: rx[1].index_copy_(0, real_torch.tensor([3]), real_torch.tensor([-5.0])),
        ),
    ):
        result = frontend_call()
        real_call()
        assert_matches(x, rx)
        assert isinstance(result, torch.Tensor)
