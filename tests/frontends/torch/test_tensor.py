"""torch.Tensor of frontends.torch against real torch, on every backend: attributes,
conversions (none mutates self), in-place copy_/zero_/fill_, Python protocols."""

# the lambdas given to check() are called at once, inside their loop iteration
# ruff: noqa: B023

from __future__ import annotations

import copy
import pickle

import numpy
import pytest
import torch as real_torch
from hypothesis import given
from hypothesis import strategies as st

from frontends import torch
from frontends.torch import _tensor
from tests.frontends.torch.oracle import DTYPE_NAMES, arrays, assert_matches, both, check, shapes

CONVERSIONS = ("float", "double", "half", "bfloat16", "long", "int", "short", "char", "byte",
               "bool", "cfloat", "cdouble")  # fmt: skip


@st.composite
def pairs(draw, dtypes=DTYPE_NAMES, min_dims=0, nonnegative=False):
    """(frontend, real) tensors; ``nonnegative`` where casts to unsigned types follow
    (torch calls negative floats to unsigned undefined behaviour)."""
    dtype = draw(st.sampled_from(dtypes))
    shape = draw(shapes(min_dims, 3))
    values = draw(arrays(dtype, shape, special=False))
    if nonnegative and values.dtype.kind == "f":
        values = numpy.abs(values)
    elif nonnegative and values.dtype.kind == "c":
        values = numpy.abs(values.real) + 1j * values.imag
    return both(values, dtype)


def _unchanged(x, rx):
    assert_matches(x, rx)


@given(pair=pairs())
def test_attributes(backend, pair):
    x, rx = pair
    assert repr(x.dtype) == repr(rx.dtype)
    assert x.shape == rx.shape and x.size() == rx.size() and repr(x.shape) == repr(rx.shape)
    assert x.ndim == rx.ndim and x.dim() == rx.dim() and x.numel() == rx.numel()
    assert x.is_floating_point() == rx.is_floating_point()
    assert x.is_complex() == rx.is_complex()
    assert x.element_size() == rx.element_size() and x.nbytes == rx.nbytes
    strides = real_torch.zeros(rx.shape).stride()  # torch's own (from_numpy keeps numpy's)
    assert x.is_contiguous() and x.stride() == strides
    for dim in range(-max(x.ndim, 1), max(x.ndim, 1)):
        if x.ndim:
            assert x.size(dim) == rx.size(dim) and x.stride(dim) == strides[dim]
    with pytest.raises(IndexError):
        x.size(5)
    assert x.device.type == "cpu" or x.device.type == "cuda"
    if x.ndim:
        assert len(x) == len(rx)


@given(pair=pairs(nonnegative=True), target=st.sampled_from(DTYPE_NAMES))
def test_conversions_match_and_do_not_mutate(backend, pair, target):
    x, rx = pair
    check(lambda: x.to(getattr(torch, target)), lambda: rx.to(getattr(real_torch, target)))
    check(
        lambda: x.to("cpu", getattr(torch, target)),
        lambda: rx.to("cpu", getattr(real_torch, target)),
    )
    check(lambda: x.type(getattr(torch, target)), lambda: rx.type(getattr(real_torch, target)))
    for name in CONVERSIONS:
        check(lambda: getattr(x, name)(), lambda: getattr(rx, name)())
    check(lambda: x.clone(), lambda: rx.clone())
    check(lambda: x.detach(), lambda: rx.detach())
    check(lambda: x.contiguous(), lambda: rx.contiguous())
    assert x.type() == rx.type()
    assert x.to(x.dtype) is x
    assert x.to(x.dtype, copy=True) is not x
    y = torch.ones(2, dtype=getattr(torch, target))
    ry = real_torch.ones(2, dtype=getattr(real_torch, target))
    check(lambda: x.to(y), lambda: rx.to(ry))
    check(lambda: x.type_as(y), lambda: rx.type_as(ry))
    _unchanged(x, rx)


@given(pair=pairs(dtypes=tuple(d for d in DTYPE_NAMES if d != "bfloat16")))
def test_numpy_tolist_item(backend, pair):
    x, rx = pair
    numpy.testing.assert_array_equal(x.numpy(), rx.numpy())
    assert x.numpy().dtype == rx.numpy().dtype
    assert x.tolist() == rx.tolist()
    numpy.testing.assert_array_equal(numpy.asarray(x), numpy.asarray(rx))
    if x.numel() == 1:
        assert x.item() == rx.item() and type(x.item()) is type(rx.item())
        if not x.is_complex():
            assert float(x) == float(rx) and bool(x) == bool(rx)
    else:
        with pytest.raises(RuntimeError):
            x.item()
        with pytest.raises(RuntimeError):
            rx.item()
    _unchanged(x, rx)


def test_numpy_refuses_grad(backend):
    x = torch.ones(2, requires_grad=True)
    with pytest.raises(RuntimeError):
        x.numpy()
    assert x.detach().numpy().tolist() == [1.0, 1.0]
    assert not x.detach().requires_grad and x.requires_grad


@pytest.mark.parametrize("backend", ["numpy", "torch"], indirect=True)
def test_numpy_of_a_filled_parameter_is_writable(backend):
    """nn.init fills with fill_: the memory must be the tensor's own, shared with .numpy()
    as in torch on the backends whose arrays are mutable (a broadcast fill was read-only
    on numpy)."""
    results = []
    for T in (torch, real_torch):
        weight = T.nn.LayerNorm(3).weight
        array = weight.detach().numpy()
        array[0] = 5.0
        results.append(weight.detach().numpy().tolist())
    assert results[0] == results[1] == [5.0, 1.0, 1.0]


def test_clone_and_detach_semantics(backend):
    x, rx = both(numpy.arange(6.0).reshape(2, 3), "float32")
    c, rc = x.clone(), rx.clone()
    c.fill_(0)
    rc.fill_(0)
    assert_matches(x, rx)
    d, rd = x.detach(), rx.detach()
    d[0, 0] = 42
    rd[0, 0] = 42
    assert_matches(x, rx)
    f, rf = x.float(), rx.float()
    assert f is x and rf is rx
    h, rh = x.half(), rx.half()
    h.fill_(1)
    rh.fill_(1)
    assert_matches(x, rx)


@given(pair=pairs(), source=st.sampled_from(DTYPE_NAMES), data=st.data())
def test_copy_casts_and_broadcasts(backend, pair, source, data):
    x, rx = pair
    shape = tuple(rx.shape)
    src_shape = shape[len(shape) - data.draw(st.integers(0, len(shape))) :]
    if data.draw(st.booleans()) and src_shape:
        src_shape = (1,) * len(src_shape)
    src, rsrc = both(data.draw(arrays(source, src_shape, special=False)), source)
    check(lambda: x.copy_(src), lambda: rx.copy_(rsrc))
    _unchanged(x, rx)


@given(pair=pairs(), value=st.sampled_from([0, 1, -3, 2.5, True, 300, 1e10, 1j]))
def test_fill_and_zero(backend, pair, value):
    x, rx = pair
    check(lambda: x.fill_(value), lambda: rx.fill_(value))
    check(lambda: x.zero_(), lambda: rx.zero_())
    check(lambda: x.fill_(torch.tensor(2)), lambda: rx.fill_(real_torch.tensor(2)))
    check(lambda: x.fill_(torch.tensor([2])), lambda: rx.fill_(real_torch.tensor([2])))


def test_copy_errors(backend):
    x, rx = both(numpy.zeros(3), "float32")
    check(lambda: x.copy_(torch.ones(2)), lambda: rx.copy_(real_torch.ones(2)))
    check(lambda: x.copy_(torch.ones(2, 3)), lambda: rx.copy_(real_torch.ones(2, 3)))


def test_python_protocols(backend):
    x, rx = both(numpy.arange(6).reshape(2, 3), "int64")
    assert [row.tolist() for row in x] == [row.tolist() for row in rx]
    assert int(x[1, 2]) == 5 and x[1, 2].__index__() == 5
    assert list(range(10))[x[0, 2]] == 2
    with pytest.raises(TypeError):
        len(torch.tensor(1))
    with pytest.raises(RuntimeError):
        bool(x)
    assert repr(x) == repr(rx)
    for values, dtype in (([1.5, 2.0], "float32"), ([True], "bool"), ([[1, 2]], "int32")):
        a, ra = both(numpy.array(values), dtype)
        assert repr(a) == repr(ra)
    leaf, real_leaf = torch.ones(2, requires_grad=True), real_torch.ones(2, requires_grad=True)
    assert repr(leaf) == repr(real_leaf)  # requires_grad=True
    assert repr(leaf * 2) == repr(real_leaf * 2)  # grad_fn=<MulBackward0>
    restored = pickle.loads(pickle.dumps(x))
    assert_matches(restored, rx)
    deep = copy.deepcopy(x)
    deep[0, 0] = 9
    assert x[0, 0].item() == 0


def test_legacy_constructor(backend):
    check(lambda: torch.Tensor([1, 2]), lambda: real_torch.Tensor([1, 2]))
    result, expected = torch.Tensor(2, 3), real_torch.Tensor(2, 3)
    assert result.shape == expected.shape and str(result.dtype) == str(expected.dtype)


def test_transpose_properties(backend):
    x, rx = both(numpy.arange(24).reshape(2, 3, 4), "float32")
    for name in ("mT",):
        result, expected = getattr(x, name), getattr(rx, name)
        assert_matches(result, expected)
        assert result.stride() == expected.stride()
    m, rm = both(numpy.arange(6).reshape(2, 3), "float32")
    assert_matches(m.T, rm.T)
    assert m.T.stride() == rm.T.stride() and not m.T.is_contiguous()
    assert_matches(m.H, rm.H)


def test_requires_grad_flags(backend):
    x = torch.ones(2)
    assert not x.requires_grad and x.is_leaf
    assert x.requires_grad_() is x and x.requires_grad
    assert x.detach().requires_grad is False
    assert x[0].requires_grad


# module forms of in-place ops: (name, input values, extra arguments as frontend/real pairs)
_VECTOR = numpy.array([-1.5, 0.25, 2.0], dtype="float32")
_INTEGERS = numpy.array([4, -6, 9], dtype="int64")
_INPLACE_ARGUMENTS = {
    "addmv_": lambda T, t: (T.ones(3, 2), T.ones(2)),
    "clamp_": lambda T, t: (-1.0, 1.0),
    "clip_": lambda T, t: (-1.0, 1.0),
    "clamp_max_": lambda T, t: (0.5,),
    "clamp_min_": lambda T, t: (0.5,),
    "fill_": lambda T, t: (7,),
    "gcd_": lambda T, t: (T.tensor([6, 4, 3]),),
    "lcm_": lambda T, t: (T.tensor([6, 4, 3]),),
    "index_put_": lambda T, t: ((T.tensor([0, 2]),), T.tensor([5, 5], dtype=t.dtype)),
    "ldexp_": lambda T, t: (T.tensor([1, 2, 3]),),
    "xlogy_": lambda T, t: (T.tensor([2.0, 3.0, 4.0]),),
    "threshold_": lambda T, t: (0.3, -9.0),
}


@pytest.mark.parametrize("name", [n for n in _tensor.MODULE_INPLACE_NAMES if hasattr(torch, n)])
def test_module_inplace_forms_write_into_their_input(backend, name):
    values = _INTEGERS if name in ("gcd_", "lcm_") else _VECTOR
    x, rx = both(values)
    make_arguments = _INPLACE_ARGUMENTS.get(name, lambda T, t: ())
    result = getattr(torch, name)(x, *make_arguments(torch, x))
    expected = getattr(real_torch, name)(rx, *make_arguments(real_torch, rx))
    assert result is x
    assert_matches(x, expected)


@pytest.mark.parametrize("operands", ["tensors", "zero_dim", "scalar", "two_scalars"])
def test_result_type_matches_torch(backend, operands):
    a, ra = both(numpy.array([1, 2], dtype="int8"))
    b, rb = both(numpy.array(3, dtype="uint8"))
    c, rc = both(numpy.array([1.0], dtype="float16"))
    cases = {
        "tensors": ((a, c), (ra, rc)),
        "zero_dim": ((a, b), (ra, rb)),
        "scalar": ((a, 2.5), (ra, 2.5)),
        "two_scalars": ((2, 1j), (2, 1j)),
    }
    ours, theirs = cases[operands]
    assert repr(torch.result_type(*ours)) == str(real_torch.result_type(*theirs))


@pytest.mark.parametrize("dtype", ["int32", "float16", "complex64", "bool"])
def test_tensor_predicates_match_torch(backend, dtype):
    x, rx = both(numpy.zeros((2, 3)), dtype)
    assert torch.is_tensor(x) and not torch.is_tensor(rx.numpy())
    assert torch.is_floating_point(x) == real_torch.is_floating_point(rx)
    assert torch.is_complex(x) == real_torch.is_complex(rx)
    assert torch.numel(x) == real_torch.numel(rx) == 6
