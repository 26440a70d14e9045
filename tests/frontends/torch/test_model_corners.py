"""Corners real torch models hit, against real torch: the keyword forms of the factories
(``torch.empty(size=...)``), channel dropout's rank rules (an unbatched 3-D input to
``F.dropout2d``), and the dense-backed ``torch.sparse`` basics (``sparse_coo_tensor``,
``to_sparse``, ``to_dense``, ``is_sparse``, ``torch.spmm``, ``torch.sparse.mm``/``addmm``/
``sum``), gradients included.

What is decided in the frontend (argument names, ranks, sparse bookkeeping) runs on the
default backend; what the backends compute (the sparse tensors' values and gradients) runs
on every backend."""

from __future__ import annotations

import warnings

import numpy
import pytest
import torch as real_torch

from frontends import torch
from tests.frontends.torch.oracle import assert_matches, check, error_kind, to_frontend, to_real

FACTORY_CALLS = {
    "empty(size=)": lambda t: t.empty(size=(2, 3)).shape,
    "zeros(size=)": lambda t: t.zeros(size=[2, 3], dtype=t.float64),
    "ones(size=)": lambda t: t.ones(size=(2,), requires_grad=True),
    "rand(size=)": lambda t: t.rand(size=(3,), generator=t.Generator().manual_seed(1)),
    "randn(size=)": lambda t: t.randn(size=(3,), generator=t.Generator().manual_seed(1)),
    "randint(low=, high=, size=)": lambda t: t.randint(
        low=2, high=9, size=(4,), generator=t.Generator().manual_seed(1)
    ),
    "full(pin_memory=)": lambda t: t.full((2,), 3.0, pin_memory=False, layout=t.strided),
    "zeros_like(memory_format=)": lambda t: t.zeros_like(
        t.ones(2), memory_format=t.preserve_format, pin_memory=False
    ),
    "rand_like(generator=)": lambda t: t.rand_like(
        t.ones(3), generator=t.Generator().manual_seed(4)
    ),
    "view(size=)": lambda t: t.arange(6).view(size=(2, 3)),
    "reshape(shape=)": lambda t: t.arange(6).reshape(shape=(3, 2)),
    "permute(dims=)": lambda t: t.arange(6).reshape(1, 2, 3).permute(dims=(2, 0, 1)),
    "flip(0, 1)": lambda t: t.arange(6).reshape(2, 3).flip(0, 1),
    "squeeze(0, 1)": lambda t: t.ones(1, 1, 2).squeeze(0, 1),
    "dsplit(sections=)": lambda t: t.dsplit(t.arange(8).reshape(1, 2, 4), sections=2),
    "sort(out=)": lambda t: t.sort(
        t.tensor([3.0, 1.0, 2.0]), out=(t.empty(3), t.empty(3, dtype=t.int64))
    ),
    "dropout(train=)": lambda t: t.dropout(t.ones(3), 0.5, train=False),
    "empty(size=) and varargs": lambda t: t.empty(2, size=(2, 3)),
}


@pytest.mark.parametrize("call", FACTORY_CALLS.values(), ids=FACTORY_CALLS)
def test_keyword_forms(call):
    check(lambda: call(torch), lambda: call(real_torch))


DROPOUT_SHAPES = {
    "dropout1d": [(3, 5), (2, 3, 5), (5,), (1, 2, 3, 5)],
    "dropout2d": [(2, 3, 5), (1, 2, 3, 5), (3, 5), (1, 1, 2, 3, 5)],
    "dropout3d": [(2, 3, 4, 5), (1, 2, 3, 4, 5), (3, 4, 5), (1, 1, 2, 3, 4, 5)],
}


def _run(function, *args):
    """(result or the error's class, the warning messages' first words)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = function(*args)
        except Exception as error:
            result = error_kind(error)
    return result, sorted(str(w.message).split(":")[0] for w in caught)


@pytest.mark.parametrize(
    ("name", "shape"), [(n, s) for n, shapes in DROPOUT_SHAPES.items() for s in shapes]
)
def test_channel_dropout_ranks(name, shape):
    """Which ranks each channel dropout takes, warns about or refuses, as torch; and which
    slices it drops whole: torch's (N, C) channels of a batched input, of the input with a
    batch dimension added where torch adds one (a 3-D input to dropout2d is (N, C, L))."""
    data = numpy.ones(shape, numpy.float32)
    theirs, their_warnings = _run(getattr(real_torch.nn.functional, name), to_real(data), 0.5)
    ours, our_warnings = _run(getattr(torch.nn.functional, name), to_frontend(data), 0.5)
    assert our_warnings == their_warnings
    if isinstance(theirs, type):
        assert ours is theirs
        return
    assert tuple(ours.shape) == tuple(theirs.shape)
    channel_dims = {"dropout1d": 3, "dropout2d": 4, "dropout3d": 5}[name]
    batched = len(shape) == channel_dims or name == "dropout2d"
    values = ours.numpy()
    if not batched:
        values = values[None]
    channels = values.reshape(*values.shape[:2], -1)
    assert numpy.all(channels == channels[..., :1])  # whole channels dropped or kept
    assert set(numpy.unique(channels)) <= {0.0, 2.0}


INDICES = [[0, 1, 1], [2, 0, 2]]
VALUES = [3.0, 4.0, 5.0]

SPARSE_CALLS = {
    "to_dense": lambda t: t.sparse_coo_tensor(INDICES, VALUES, (2, 3)).to_dense(),
    "inferred size": lambda t: t.sparse_coo_tensor(INDICES, VALUES).shape,
    "duplicates summed": lambda t: t.sparse_coo_tensor([[0, 0, 2]], [1.0, 2.0, 3.0]).to_dense(),
    "dense values": lambda t: t.sparse_coo_tensor([[0, 2]], [[1.0, 2.0], [3.0, 4.0]]).to_dense(),
    "dtype": lambda t: t.sparse_coo_tensor(INDICES, VALUES, dtype=t.float64).to_dense(),
    "attributes": lambda t: (
        t.sparse_coo_tensor(INDICES, VALUES).is_sparse,
        str(t.sparse_coo_tensor(INDICES, VALUES).layout),
        t.sparse_coo_tensor(INDICES, VALUES)._nnz(),
        t.sparse_coo_tensor(INDICES, VALUES).sparse_dim(),
        t.sparse_coo_tensor(INDICES, VALUES).dense_dim(),
        t.sparse_coo_tensor(INDICES, VALUES).is_coalesced(),
        t.ones(2).is_sparse,
    ),
    "uncoalesced indices": lambda t: t.sparse_coo_tensor(INDICES, VALUES).indices(),
    "coalesce": lambda t: tuple(
        getattr(t.sparse_coo_tensor([[1, 0, 1]], [1.0, 2.0, 3.0]).coalesce(), name)()
        for name in ("indices", "values")
    ),
    "to_sparse": lambda t: tuple(
        getattr(t.tensor([[0.0, 2.0], [3.0, 0.0]]).to_sparse(), name)()
        for name in ("indices", "values")
    ),
    "to_sparse(1)": lambda t: t.tensor([[0.0, 0.0], [3.0, 0.0]]).to_sparse(1).values(),
    "spmm": lambda t: t.spmm(t.sparse_coo_tensor(INDICES, VALUES), t.ones(3, 2)),
    "sparse.mm": lambda t: t.sparse.mm(t.sparse_coo_tensor(INDICES, VALUES), t.ones(3, 2)),
    "sparse.addmm": lambda t: t.sparse.addmm(
        t.ones(2, 2), t.sparse_coo_tensor(INDICES, VALUES), t.ones(3, 2), beta=0.5
    ),
    "sparse.sum": lambda t: t.sparse.sum(t.sparse_coo_tensor(INDICES, VALUES)),
    "sparse.sum(dim)": lambda t: t.sparse.sum(t.sparse_coo_tensor(INDICES, VALUES), 0).values(),
    "sparse.sum of dense": lambda t: t.sparse.sum(t.ones(2)),
    "mm of sparse": lambda t: t.mm(t.sparse_coo_tensor(INDICES, VALUES), t.ones(3, 1)),
    "to_dense of dense": lambda t: t.ones(2).to_dense(t.float64),
    "dims of dense": lambda t: (t.ones(2, 3).sparse_dim(), t.ones(2, 3).dense_dim()),
    "indices of dense": lambda t: t.ones(2).indices(),
    "values of dense": lambda t: t.ones(2).values(),
    "coalesce of dense": lambda t: t.ones(2).coalesce(),
}


@pytest.mark.parametrize("call", SPARSE_CALLS.values(), ids=SPARSE_CALLS)
def test_sparse(call):
    check(lambda: call(torch), lambda: call(real_torch))


def _sparse_values(t):
    sparse = t.sparse_coo_tensor([[1, 0, 1], [2, 0, 2]], VALUES, (2, 3))
    coalesced = sparse.coalesce()
    return (
        sparse.to_dense(),
        coalesced.indices(),
        coalesced.values(),
        t.spmm(sparse, t.ones(3, 2)),
        t.sparse.sum(sparse, 1).values(),
        t.tensor([[0.0, 2.0], [3.0, 0.0]]).to_sparse().values(),
    )


def test_sparse_on_every_backend(backend):
    """The values each backend computes for sparse tensors: scattering with duplicates,
    coalescing, products and sums."""
    assert_matches(_sparse_values(torch), _sparse_values(real_torch))


def test_sparse_repr():
    """torch's printout of a COO tensor: indices, values, size, nnz and layout."""
    ours = torch.sparse_coo_tensor(INDICES, VALUES, (2, 3), dtype=torch.float64)
    theirs = real_torch.sparse_coo_tensor(INDICES, VALUES, (2, 3), dtype=real_torch.float64)
    assert repr(ours) == repr(theirs)


def _sparse_gradients(t):
    values = t.tensor(VALUES, requires_grad=True)
    dense = t.tensor([[1.0, -2.0], [0.5, 3.0], [2.0, 1.0]], requires_grad=True)
    product = t.sparse.mm(t.sparse_coo_tensor(INDICES, values, (2, 3)), dense)
    (product * t.tensor([[1.0, 2.0], [3.0, 4.0]])).sum().backward()
    return values.grad, dense.grad


def test_sparse_gradients(backend):
    """The gradients of a sparse-dense product with respect to the sparse tensor's values
    and to the dense matrix are torch's (they flow through the dense values)."""
    assert_matches(_sparse_gradients(torch), _sparse_gradients(real_torch))
