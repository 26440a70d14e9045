"""core.nn against real torch.nn.functional, on every backend.

The oracle is torch itself: the same numpy inputs go to core (on the backend under test)
and, through ``torch.from_numpy``, to ``torch.nn.functional``; dtype, shape and values
must match. torch's result dtype is core's here (float inputs keep their dtype), except
where a test says otherwise.
"""

from __future__ import annotations

import math

import numpy
import pytest
import torch
import torch.nn.functional as F
from hypothesis import given
from hypothesis import strategies as st

import core
from tests.core.oracle import arrays, assert_same

FLOATS = st.sampled_from(["float32", "float64"])
FINITE = {"allow_nan": False, "allow_infinity": False, "min_value": -4, "max_value": 4}
ACCUMULATING = {"rtol": 1e-4, "atol": 1e-5}


def T(x: numpy.ndarray) -> torch.Tensor:
    return torch.from_numpy(numpy.array(x, copy=True))


def same(result, expected: torch.Tensor, **tolerances) -> None:
    assert_same(result, expected.detach().numpy(), **tolerances)


def varied(x: numpy.ndarray) -> numpy.ndarray:
    """``x`` plus a ramp, so no normalised group is (nearly) constant: there the result is
    rounding noise divided by sqrt(eps), different in every implementation."""
    return (x + (numpy.arange(x.size) % 5).reshape(x.shape) * 0.5).astype(x.dtype)


def finite(shape, dtype="float32", low=-4, high=4):
    elements = {**FINITE, "min_value": low, "max_value": high}
    return arrays(dtype, shape=shape, elements=elements)


# ---------------------------------------------------------------------------------------
# activations
# ---------------------------------------------------------------------------------------
ACTIVATIONS = {
    "relu": (lambda x: core.nn.relu(x), F.relu),
    "relu6": (lambda x: core.nn.relu6(x), F.relu6),
    "leaky_relu": (lambda x: core.nn.leaky_relu(x, 0.2), lambda x: F.leaky_relu(x, 0.2)),
    "elu": (lambda x: core.nn.elu(x, 1.5), lambda x: F.elu(x, 1.5)),
    "selu": (lambda x: core.nn.selu(x), F.selu),
    "celu": (lambda x: core.nn.celu(x, 0.7), lambda x: F.celu(x, 0.7)),
    "gelu": (lambda x: core.nn.gelu(x), F.gelu),
    "gelu_tanh": (
        lambda x: core.nn.gelu(x, approximate="tanh"),
        lambda x: F.gelu(x, approximate="tanh"),
    ),
    "sigmoid": (lambda x: core.nn.sigmoid(x), torch.sigmoid),
    "silu": (lambda x: core.nn.silu(x), F.silu),
    "mish": (lambda x: core.nn.mish(x), F.mish),
    "softplus": (lambda x: core.nn.softplus(x), F.softplus),
    "softplus_beta": (
        lambda x: core.nn.softplus(x, beta=2.0, threshold=3.0),
        lambda x: F.softplus(x, beta=2.0, threshold=3.0),
    ),
    "softsign": (lambda x: core.nn.softsign(x), F.softsign),
    "hardtanh": (lambda x: core.nn.hardtanh(x, -2.0, 3.0), lambda x: F.hardtanh(x, -2.0, 3.0)),
    "hardsigmoid": (lambda x: core.nn.hardsigmoid(x), F.hardsigmoid),
    "hardswish": (lambda x: core.nn.hardswish(x), F.hardswish),
    "log_sigmoid": (lambda x: core.nn.log_sigmoid(x), F.logsigmoid),
}


@pytest.mark.parametrize("name", sorted(ACTIVATIONS))
@given(data=st.data())
def test_activation_matches_torch(backend, name, data):
    ours, theirs = ACTIVATIONS[name]
    dtype = data.draw(FLOATS)
    x = data.draw(arrays(dtype, max_dims=3))
    special = numpy.array([0.0, -0.0, 1e-3, -1e-3, 25.0, -25.0, numpy.nan], dtype=dtype)
    for value in (x, special):
        same(ours(core.asarray(value)), theirs(T(value)))


@pytest.mark.parametrize("approximate", ["none", "tanh"])
def test_gelu_backward_matches_torch(backend, approximate):
    """torch's kernel on the torch backend, the composition elsewhere."""
    x = numpy.linspace(-6, 6, 49).astype("float32")
    g = numpy.cos(x).astype("float32")
    expected = torch.ops.aten.gelu_backward(T(g), T(x), approximate=approximate)
    same(core.nn.gelu_backward(core.asarray(g), core.asarray(x), approximate), expected,
         rtol=1e-6, atol=1e-6)  # fmt: skip


CLAMPS = {"relu": (0, None), "relu6": (0, 6), "hardtanh": (-2, 3)}


@pytest.mark.parametrize("name", sorted(CLAMPS))
@pytest.mark.parametrize(
    "dtype", ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
)
def test_integer_clamping_activations_keep_dtype(backend, name, dtype):
    info = numpy.iinfo(dtype)
    x = numpy.array([0, 1, 2, 5, 7, 100, info.max, info.max - 3, info.min], dtype=dtype)
    if info.min < 0:
        x = numpy.concatenate([x, numpy.array([-1, -2, -3, -9], dtype=dtype)])
    # torch clamps integers to the bounds (no uint16/32/64 kernels there): numpy's clip is
    # the same operation
    low, high = CLAMPS[name]
    expected = numpy.clip(x, max(low, info.min), high)
    assert_same(ACTIVATIONS[name][0](core.asarray(x)), expected)
    # and real torch where it has kernels (it refuses negative limits on unsigned types)
    if dtype in ("int8", "int64") or (dtype == "uint8" and name != "hardtanh"):
        assert_same(ACTIVATIONS[name][0](core.asarray(x)), ACTIVATIONS[name][1](T(x)).numpy())


@pytest.mark.parametrize("name", ["gelu", "sigmoid", "elu", "softplus"])
def test_float_activations_of_integers_give_default_float(backend, name):
    x = numpy.array([-2, 0, 3], dtype=numpy.int64)
    ours, theirs = ACTIVATIONS[name]
    same(ours(core.asarray(x)), theirs(T(x.astype(numpy.float32))))


@pytest.mark.parametrize("name", ["relu", "gelu", "softmax", "layer_norm"])
def test_complex_input_is_unsupported(backend, name):
    x = core.asarray(numpy.ones((2, 3), dtype=numpy.complex64))
    calls = {
        "relu": lambda: core.nn.relu(x),
        "gelu": lambda: core.nn.gelu(x),
        "softmax": lambda: core.nn.softmax(x),
        "layer_norm": lambda: core.nn.layer_norm(x, 3),
    }
    with pytest.raises(core.UnsupportedDtypeError):
        calls[name]()


@given(x=arrays(FLOATS, min_dims=1, max_dims=3, elements=FINITE), data=st.data())
def test_softmax_and_log_softmax(backend, x, data):
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    same(core.nn.softmax(core.asarray(x), axis=axis), F.softmax(T(x), dim=axis))
    same(core.nn.log_softmax(core.asarray(x), axis=axis), F.log_softmax(T(x), dim=axis))


def test_softmax_is_stable_for_large_logits(backend):
    x = numpy.array([[1000.0, 1001.0, -1000.0], [-numpy.inf, 0.0, 0.0]], dtype=numpy.float32)
    same(core.nn.softmax(core.asarray(x)), F.softmax(T(x), -1))
    same(core.nn.log_softmax(core.asarray(x)), F.log_softmax(T(x), -1))


@given(data=st.data())
def test_glu_and_prelu(backend, data):
    dtype = data.draw(FLOATS)
    x = data.draw(finite((2, 4, 3), dtype))
    axis = data.draw(st.sampled_from([1, -2]))
    same(core.nn.glu(core.asarray(x), axis=axis), F.glu(T(x), axis))
    for channels in (1, 4):
        w = data.draw(finite((channels,), dtype))
        same(core.nn.prelu(core.asarray(x), core.asarray(w)), F.prelu(T(x), T(w)))


# ---------------------------------------------------------------------------------------
# linear, convolution
# ---------------------------------------------------------------------------------------
@given(data=st.data())
def test_linear(backend, data):
    dtype = data.draw(FLOATS)
    lead = data.draw(st.lists(st.integers(1, 3), max_size=2))
    n_in, n_out = data.draw(st.integers(1, 5)), data.draw(st.integers(1, 5))
    x = data.draw(finite((*lead, n_in), dtype))
    w = data.draw(finite((n_out, n_in), dtype))
    b = data.draw(st.none() | finite((n_out,), dtype))
    result = core.nn.linear(
        core.asarray(x), core.asarray(w), None if b is None else core.asarray(b)
    )
    same(result, F.linear(T(x), T(w), None if b is None else T(b)), **ACCUMULATING)


def test_linear_with_batched_weight(backend):
    rng = numpy.random.default_rng(0)
    x = rng.standard_normal((2, 3, 4)).astype(numpy.float32)
    w = rng.standard_normal((2, 5, 4)).astype(numpy.float32)
    b = rng.standard_normal((5,)).astype(numpy.float32)
    expected = torch.matmul(T(x), T(w).transpose(-1, -2)) + T(b)
    same(
        core.nn.linear(core.asarray(x), core.asarray(w), core.asarray(b)), expected, **ACCUMULATING
    )


@st.composite
def conv_cases(draw, transpose=False):
    dims = draw(st.integers(1, 3))
    groups = draw(st.integers(1, 2))
    c_in = groups * draw(st.integers(1, 2))
    c_out = groups * draw(st.integers(1, 2))
    kernel = tuple(draw(st.integers(1, 3)) for _ in range(dims))
    stride = draw(st.integers(1, 2))
    dilation = draw(st.integers(1, 2))
    spatial = tuple(
        draw(st.integers(dilation * (k - 1) + 1, dilation * (k - 1) + 4)) for k in kernel
    )
    dtype = draw(FLOATS)
    x = draw(finite((draw(st.integers(1, 2)), c_in, *spatial), dtype))
    if transpose:
        w = draw(finite((c_in, c_out // groups, *kernel), dtype))
    else:
        w = draw(finite((c_out, c_in // groups, *kernel), dtype))
    bias = draw(st.none() | finite((c_out,), dtype))
    return dims, x, w, bias, stride, dilation, groups


@given(case=conv_cases(), data=st.data())
def test_conv(backend, case, data):
    dims, x, w, bias, stride, dilation, groups = case
    options = [0, 1, "valid"] + (["same"] if stride == 1 else [])
    padding = data.draw(st.sampled_from(options))
    torch_conv = getattr(F, f"conv{dims}d")
    expected = torch_conv(
        T(x), T(w), None if bias is None else T(bias), stride, padding, dilation, groups
    )
    result = core.nn.conv(
        core.asarray(x),
        core.asarray(w),
        None if bias is None else core.asarray(bias),
        stride=stride,
        padding=padding,
        dilation=dilation,
        groups=groups,
    )
    same(result, expected, **ACCUMULATING)
    named = getattr(core.nn, f"conv{dims}d")
    result = named(core.asarray(x), core.asarray(w), stride=stride, groups=groups)
    same(result, torch_conv(T(x), T(w), stride=stride, groups=groups), **ACCUMULATING)


def test_conv_per_dimension_options(backend):
    rng = numpy.random.default_rng(1)
    x = rng.standard_normal((1, 2, 7, 6)).astype(numpy.float32)
    w = rng.standard_normal((3, 2, 3, 2)).astype(numpy.float32)
    expected = F.conv2d(T(x), T(w), stride=(2, 1), padding=(1, 0), dilation=(1, 2))
    result = core.nn.conv2d(
        core.asarray(x), core.asarray(w), stride=(2, 1), padding=(1, 0), dilation=(1, 2)
    )
    same(result, expected, **ACCUMULATING)
    with pytest.raises(ValueError):
        core.nn.conv2d(core.asarray(x), core.asarray(w[:, :, 0]))


@given(case=conv_cases(transpose=True), data=st.data())
def test_conv_transpose(backend, case, data):
    dims, x, w, bias, stride, dilation, groups = case
    kernel = w.shape[2:]
    padding = data.draw(st.integers(0, min(dilation * (k - 1) for k in kernel)))
    output_padding = data.draw(st.integers(0, max(stride, dilation) - 1))
    torch_conv = getattr(F, f"conv_transpose{dims}d")
    expected = torch_conv(
        T(x),
        T(w),
        None if bias is None else T(bias),
        stride,
        padding,
        output_padding,
        groups,
        dilation,
    )
    result = core.nn.conv_transpose(
        core.asarray(x),
        core.asarray(w),
        None if bias is None else core.asarray(bias),
        stride=stride,
        padding=padding,
        output_padding=output_padding,
        groups=groups,
        dilation=dilation,
    )
    same(result, expected, **ACCUMULATING)


@given(data=st.data())
def test_unfold_and_fold(backend, data):
    kernel = (data.draw(st.integers(1, 3)), data.draw(st.integers(1, 3)))
    stride, dilation, padding = (data.draw(st.integers(1, 2)) for _ in range(3))
    size = tuple(data.draw(st.integers(dilation * (k - 1) + 1, 6)) for k in kernel)
    x = data.draw(finite((2, 2, *size), data.draw(FLOATS)))
    options = {"dilation": dilation, "padding": padding, "stride": stride}
    expected = F.unfold(T(x), kernel, **options)
    cols = core.nn.unfold(core.asarray(x), kernel, **options)
    same(cols, expected)
    same(core.nn.fold(cols, size, kernel, **options), F.fold(expected, size, kernel, **options))


def test_unfold_and_fold_1d_and_3d(backend):
    # torch's unfold/fold are 4-D only: a 1-D case is the 2-D one with a unit height, a 3-D
    # case with unit depth must equal the 2-D one too
    rng = numpy.random.default_rng(2)
    x = rng.standard_normal((2, 3, 7)).astype(numpy.float32)
    expected = F.unfold(T(x)[:, :, None], (1, 3), dilation=2, padding=(0, 1), stride=2)
    cols = core.nn.unfold(core.asarray(x), 3, dilation=2, padding=1, stride=2)
    same(cols, expected)
    folded = F.fold(expected, (1, 7), (1, 3), dilation=2, padding=(0, 1), stride=2)[:, :, 0]
    same(core.nn.fold(cols, 7, 3, dilation=2, padding=1, stride=2), folded)
    x3 = rng.standard_normal((1, 2, 1, 5, 4)).astype(numpy.float32)
    expected3 = F.unfold(T(x3)[:, :, 0], (2, 2), padding=(1, 0))
    same(core.nn.unfold(core.asarray(x3), (1, 2, 2), padding=(0, 1, 0)), expected3)


# ---------------------------------------------------------------------------------------
# pooling
# ---------------------------------------------------------------------------------------
@st.composite
def pool_cases(draw, with_dilation=True):
    dims = draw(st.integers(1, 3))
    kernel = tuple(draw(st.integers(1, 3)) for _ in range(dims))
    stride = draw(st.none() | st.integers(1, 3))
    padding = draw(st.integers(0, min(kernel) // 2))
    dilation = draw(st.integers(1, 2)) if with_dilation else 1
    spatial = tuple(draw(st.integers(dilation * (k - 1) + 1, 7)) for k in kernel)
    x = draw(finite((draw(st.integers(1, 2)), 2, *spatial), draw(FLOATS), -50, 50))
    return dims, x, kernel, stride, padding, dilation, draw(st.booleans())


@given(case=pool_cases())
def test_max_pool(backend, case):
    dims, x, kernel, stride, padding, dilation, ceil_mode = case
    # distinct values: ties pick the first maximum in both, but make the indices unambiguous
    x = (x + numpy.arange(x.size).reshape(x.shape) * 1e-3).astype(x.dtype)
    pool = getattr(F, f"max_pool{dims}d")
    values, indices = pool(T(x), kernel, stride, padding, dilation, ceil_mode, True)
    result = core.nn.max_pool(
        core.asarray(x), kernel, stride, padding, dilation, ceil_mode=ceil_mode, return_indices=True
    )
    same(result[0], values)
    same(result[1], indices)
    same(
        core.nn.max_pool(core.asarray(x), kernel, stride, padding, dilation, ceil_mode=ceil_mode),
        values,
    )


@given(case=pool_cases(with_dilation=False), data=st.data())
def test_avg_pool(backend, case, data):
    dims, x, kernel, stride, padding, _, ceil_mode = case
    count_include_pad = data.draw(st.booleans())
    if dims == 1:
        expected = F.avg_pool1d(T(x), kernel, stride, padding, ceil_mode, count_include_pad)
        divisor = None
    else:
        divisor = data.draw(st.none() | st.integers(1, 5))
        pool = getattr(F, f"avg_pool{dims}d")
        expected = pool(T(x), kernel, stride, padding, ceil_mode, count_include_pad, divisor)
    result = core.nn.avg_pool(
        core.asarray(x),
        kernel,
        stride,
        padding,
        ceil_mode=ceil_mode,
        count_include_pad=count_include_pad,
        divisor_override=divisor,
    )
    same(result, expected, **ACCUMULATING)


@given(data=st.data())
def test_adaptive_pools(backend, data):
    dims = data.draw(st.integers(1, 3))
    spatial = tuple(data.draw(st.integers(1, 7)) for _ in range(dims))
    out = tuple(data.draw(st.integers(1, 5)) for _ in range(dims))
    x = data.draw(finite((2, 2, *spatial), data.draw(FLOATS), -50, 50))
    x = (x + numpy.arange(x.size).reshape(x.shape) * 1e-3).astype(x.dtype)
    avg = getattr(F, f"adaptive_avg_pool{dims}d")(T(x), out)
    same(core.nn.adaptive_avg_pool(core.asarray(x), out), avg, **ACCUMULATING)
    values, indices = getattr(F, f"adaptive_max_pool{dims}d")(T(x), out, True)
    result = core.nn.adaptive_max_pool(core.asarray(x), out, return_indices=True)
    same(result[0], values)
    same(result[1], indices)


# ---------------------------------------------------------------------------------------
# normalization
# ---------------------------------------------------------------------------------------
@given(data=st.data())
def test_layer_norm_and_rms_norm(backend, data):
    dtype = data.draw(FLOATS)
    shape = data.draw(st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple))
    count = data.draw(st.integers(1, len(shape)))
    normalized = shape[len(shape) - count :]
    x = varied(data.draw(finite(shape, dtype)))
    w = data.draw(st.none() | finite(normalized, dtype))
    b = data.draw(st.none() | finite(normalized, dtype))
    cw = None if w is None else core.asarray(w)
    cb = None if b is None else core.asarray(b)
    tw = None if w is None else T(w)
    tb = None if b is None else T(b)
    same(
        core.nn.layer_norm(core.asarray(x), normalized, cw, cb, eps=1e-5),
        F.layer_norm(T(x), normalized, tw, tb, 1e-5),
        **ACCUMULATING,
    )
    eps = data.draw(st.none() | st.just(1e-6))
    same(
        core.nn.rms_norm(core.asarray(x), normalized, cw, eps),
        F.rms_norm(T(x), normalized, tw, eps),
        **ACCUMULATING,
    )


@given(data=st.data())
def test_batch_norm(backend, data):
    dtype = data.draw(FLOATS)
    shape = (data.draw(st.integers(2, 3)), 3, *data.draw(st.lists(st.integers(1, 3), max_size=2)))
    x = varied(data.draw(finite(shape, dtype)))
    mean = data.draw(finite((3,), dtype))
    var = data.draw(finite((3,), dtype, 0.125, 3))
    w, b = data.draw(st.none() | finite((3,), dtype)), data.draw(st.none() | finite((3,), dtype))
    training = data.draw(st.booleans())
    torch_mean, torch_var = T(mean.copy()), T(var.copy())
    expected = F.batch_norm(
        T(x),
        torch_mean,
        torch_var,
        None if w is None else T(w),
        None if b is None else T(b),
        training,
        0.2,
        1e-5,
    )
    out, new_mean, new_var = core.nn.batch_norm(
        core.asarray(x),
        core.asarray(mean),
        core.asarray(var),
        None if w is None else core.asarray(w),
        None if b is None else core.asarray(b),
        training=training,
        momentum=0.2,
    )
    same(out, expected, **ACCUMULATING)
    same(new_mean, torch_mean, **ACCUMULATING)  # torch updated its buffers in place
    same(new_var, torch_var, **ACCUMULATING)


def test_batch_norm_without_running_stats(backend):
    x = numpy.random.default_rng(3).standard_normal((4, 2, 3)).astype(numpy.float32)
    out, mean, var = core.nn.batch_norm(core.asarray(x), None, None, training=True)
    same(out, F.batch_norm(T(x), None, None, training=True), **ACCUMULATING)
    assert mean is None and var is None
    with pytest.raises(ValueError):
        core.nn.batch_norm(core.asarray(x), None, None, training=False)


@given(data=st.data())
def test_group_norm_and_instance_norm(backend, data):
    dtype = data.draw(FLOATS)
    groups = data.draw(st.integers(1, 2))
    channels = groups * data.draw(st.integers(1, 2))
    shape = (2, channels, *data.draw(st.lists(st.integers(2, 3), min_size=1, max_size=2)))
    x = varied(data.draw(finite(shape, dtype)))
    w = data.draw(st.none() | finite((channels,), dtype))
    b = data.draw(st.none() | finite((channels,), dtype))
    cw, cb = (None if v is None else core.asarray(v) for v in (w, b))
    tw, tb = (None if v is None else T(v) for v in (w, b))
    same(
        core.nn.group_norm(core.asarray(x), groups, cw, cb),
        F.group_norm(T(x), groups, tw, tb),
        **ACCUMULATING,
    )
    same(
        core.nn.instance_norm(core.asarray(x), cw, cb),
        F.instance_norm(T(x), weight=tw, bias=tb),
        **ACCUMULATING,
    )


# ---------------------------------------------------------------------------------------
# dropout, embedding, one_hot, pad, interpolate
# ---------------------------------------------------------------------------------------
def test_dropout_with_mask(backend):
    rng = numpy.random.default_rng(4)
    x = rng.standard_normal((3, 4)).astype(numpy.float32)
    mask = rng.random((3, 4)) < 0.7
    expected = T(x) * T(mask) / 0.7
    same(core.nn.dropout(core.asarray(x), 0.3, mask=core.asarray(mask)), expected)
    same(core.nn.dropout(core.asarray(x), 0.3, training=False), T(x))
    same(core.nn.dropout(core.asarray(x), 0.0), T(x))
    same(core.nn.dropout(core.asarray(x), 1.0), torch.zeros(3, 4))


def test_dropout_draws_the_same_mask_on_every_backend(backend):
    x = numpy.ones((50, 40), dtype=numpy.float32)
    result = core.nn.dropout(core.asarray(x), 0.25, generator=core.random.Generator(7)).to_numpy()
    kept = result != 0
    assert 0.6 < kept.mean() < 0.9
    numpy.testing.assert_allclose(result[kept], 1 / 0.75, rtol=1e-6)
    with core.use_backend("numpy"):
        reference = core.nn.dropout(core.asarray(x), 0.25, generator=core.random.Generator(7))
    numpy.testing.assert_array_equal(result, reference.to_numpy())


@given(data=st.data())
def test_embedding_and_one_hot(backend, data):
    weight = data.draw(finite((5, 3), data.draw(FLOATS)))
    index_dtype = data.draw(st.sampled_from(["int32", "int64"]))
    indices = data.draw(arrays(index_dtype, max_dims=2, elements={"min_value": 0, "max_value": 4}))
    same(
        core.nn.embedding(core.asarray(indices), core.asarray(weight), padding_idx=0),
        F.embedding(T(indices).long(), T(weight), padding_idx=0),
    )
    same(core.nn.one_hot(core.asarray(indices), 6), F.one_hot(T(indices).long(), 6))
    if indices.size:
        same(core.nn.one_hot(core.asarray(indices)), F.one_hot(T(indices).long()))
    result = core.nn.one_hot(core.asarray(indices), 5, dtype=core.float32)
    assert_same(result, F.one_hot(T(indices).long(), 5).numpy().astype(numpy.float32))


@given(data=st.data())
def test_pad(backend, data):
    mode = data.draw(st.sampled_from(["constant", "reflect", "replicate", "circular"]))
    dims = data.draw(st.integers(1, 3))
    spatial = tuple(data.draw(st.integers(2, 4)) for _ in range(dims))
    x = data.draw(finite((1, 2, *spatial), data.draw(FLOATS)))
    low = -1 if mode in ("constant", "circular") else 0
    pads = [data.draw(st.integers(low, s - 1)) for s in reversed(spatial) for _ in range(2)]
    if mode == "constant":
        value = data.draw(st.sampled_from([0.0, 1.5]))
        expected = F.pad(T(x), pads, value=value)
        same(core.nn.pad(core.asarray(x), pads, value=value), expected)
    else:
        same(core.nn.pad(core.asarray(x), pads, mode=mode), F.pad(T(x), pads, mode=mode))


def test_pad_constant_on_integers_and_leading_dims(backend):
    x = numpy.arange(24, dtype=numpy.int32).reshape(2, 3, 4)
    pads = [1, 0, 0, 2, 1, -1]
    same(core.nn.pad(core.asarray(x), pads, value=7), F.pad(T(x), pads, value=7))
    # reflect over every dimension of a 2-D array (beyond torch's ranks): torch on a
    # batched view pads the same values
    y = numpy.arange(12, dtype=numpy.float32).reshape(3, 4)
    expected = F.pad(T(y)[None, None], [2, 1, 1, 2], mode="reflect")[0, 0]
    same(core.nn.pad(core.asarray(y), [2, 1, 1, 2], mode="reflect"), expected)


@given(data=st.data())
def test_interpolate(backend, data):
    mode = data.draw(
        st.sampled_from(
            ["nearest", "nearest-exact", "linear", "bilinear", "bicubic", "trilinear", "area"]
        )
    )
    dims = {"linear": 1, "bilinear": 2, "bicubic": 2, "trilinear": 3}.get(mode) or data.draw(
        st.integers(1, 3)
    )
    spatial = tuple(data.draw(st.integers(1, 5)) for _ in range(dims))
    x = data.draw(finite((1, 2, *spatial), data.draw(FLOATS)))
    options = {"mode": mode}
    if mode in ("linear", "bilinear", "bicubic", "trilinear"):
        options["align_corners"] = data.draw(st.booleans())
    if data.draw(st.booleans()):
        options["size"] = tuple(data.draw(st.integers(1, 7)) for _ in range(dims))
    else:
        options["scale_factor"] = data.draw(st.sampled_from([0.5, 0.7, 1.0, 1.5, 2.0, 2.3]))
        if any(math.floor(s * options["scale_factor"]) < 1 for s in spatial):
            options["scale_factor"] = 2.0
        if mode != "area":
            options["recompute_scale_factor"] = data.draw(st.sampled_from([None, True]))
    same(
        core.nn.interpolate(core.asarray(x), **options),
        F.interpolate(T(x), **options),
        **ACCUMULATING,
    )


# ---------------------------------------------------------------------------------------
# attention, distances
# ---------------------------------------------------------------------------------------
@given(data=st.data())
def test_scaled_dot_product_attention(backend, data):
    dtype = data.draw(FLOATS)
    batch = tuple(data.draw(st.lists(st.integers(1, 2), max_size=2)))
    length, source = data.draw(st.integers(1, 4)), data.draw(st.integers(1, 4))
    e, ev = data.draw(st.integers(1, 4)), data.draw(st.integers(1, 4))
    q = data.draw(finite((*batch, length, e), dtype))
    k = data.draw(finite((*batch, source, e), dtype))
    v = data.draw(finite((*batch, source, ev), dtype))
    kind = data.draw(st.sampled_from(["none", "bool", "float", "causal"]))
    mask = None
    if kind == "bool":
        mask = data.draw(arrays("bool", shape=(length, source)))
        mask[:, 0] = True  # no fully masked row (torch's kernels disagree there)
    elif kind == "float":
        mask = data.draw(finite((length, source), dtype))
    scale = data.draw(st.none() | st.just(0.3))
    expected = F.scaled_dot_product_attention(
        T(q), T(k), T(v), None if mask is None else T(mask), is_causal=kind == "causal", scale=scale
    )
    result = core.nn.scaled_dot_product_attention(
        core.asarray(q),
        core.asarray(k),
        core.asarray(v),
        None if mask is None else core.asarray(mask),
        is_causal=kind == "causal",
        scale=scale,
    )
    same(result, expected, **ACCUMULATING)


def test_attention_grouped_query_and_dropout(backend):
    rng = numpy.random.default_rng(5)
    q = rng.standard_normal((2, 4, 3, 5)).astype(numpy.float32)
    k = rng.standard_normal((2, 2, 6, 5)).astype(numpy.float32)
    v = rng.standard_normal((2, 2, 6, 4)).astype(numpy.float32)
    expected = F.scaled_dot_product_attention(T(q), T(k), T(v), enable_gqa=True)
    result = core.nn.scaled_dot_product_attention(
        core.asarray(q), core.asarray(k), core.asarray(v), enable_gqa=True
    )
    same(result, expected, **ACCUMULATING)
    keep = rng.random((2, 4, 3, 6)) < 0.8
    weights = torch.softmax(
        T(q) @ T(k).repeat_interleave(2, 1).transpose(-1, -2) / math.sqrt(5), -1
    )
    expected = (weights * T(keep) / 0.8) @ T(v).repeat_interleave(2, 1)
    result = core.nn.scaled_dot_product_attention(
        core.asarray(q),
        core.asarray(k),
        core.asarray(v),
        dropout_p=0.2,
        enable_gqa=True,
        dropout_mask=core.asarray(keep),
    )
    same(result, expected, **ACCUMULATING)


@pytest.mark.parametrize("mask_kind", ["bool", "float"])
def test_attention_gradients_grouped_and_fully_masked_rows(backend, mask_kind):
    """Grouped-query heads get the sum of their groups' cotangents; a query row whose every
    key is masked gives zeros and no gradient (torch's safe softmax), as real torch."""
    rng = numpy.random.default_rng(6)
    q = rng.standard_normal((2, 4, 5, 8)).astype(numpy.float32)
    k = rng.standard_normal((2, 2, 5, 8)).astype(numpy.float32)
    v = rng.standard_normal((2, 2, 5, 8)).astype(numpy.float32)
    keep = numpy.tril(numpy.ones((5, 5), bool))
    keep[0] = False  # every key of the first query row masked
    mask = keep if mask_kind == "bool" else numpy.where(keep, 0, -numpy.inf).astype("float32")
    g = rng.standard_normal((2, 4, 5, 8)).astype(numpy.float32)
    tq, tk, tv = (T(x).requires_grad_() for x in (q, k, v))
    expected = F.scaled_dot_product_attention(tq, tk, tv, attn_mask=T(mask), enable_gqa=True)
    expected_grads = torch.autograd.grad(expected, (tq, tk, tv), T(g))

    def f(q, k, v):
        return core.native.nn.scaled_dot_product_attention(
            q, k, v, core.native.asarray(mask), enable_gqa=True
        )

    qn, kn, vn = (core.native.asarray(x) for x in (q, k, v))
    out, vjp = core.autodiff.vjp(f, qn, kn, vn)
    same(core.asarray(out), expected, **ACCUMULATING)
    for got, want in zip(vjp(core.native.asarray(g)), expected_grads):
        same(core.asarray(got), want, **ACCUMULATING)


@given(data=st.data())
def test_cosine_similarity_and_pairwise_distance(backend, data):
    dtype = data.draw(FLOATS)
    x1 = data.draw(finite((3, 4), dtype))
    x2 = data.draw(finite(data.draw(st.sampled_from([(3, 4), (1, 4), (4,)])), dtype))
    axis = data.draw(st.sampled_from([-1, 1]))
    same(
        core.nn.cosine_similarity(core.asarray(x1), core.asarray(x2), axis=axis),
        F.cosine_similarity(T(x1), T(x2), dim=axis),
        **ACCUMULATING,
    )
    p = data.draw(st.sampled_from([1.0, 2.0, 3.0, math.inf]))
    keepdim = data.draw(st.booleans())
    same(
        core.nn.pairwise_distance(core.asarray(x1), core.asarray(x2), p, keepdim=keepdim),
        F.pairwise_distance(T(x1), T(x2), p, keepdim=keepdim),
        **ACCUMULATING,
    )


# ---------------------------------------------------------------------------------------
# losses
# ---------------------------------------------------------------------------------------
REDUCTIONS = st.sampled_from(["none", "mean", "sum"])


@given(data=st.data())
def test_cross_entropy_and_nll_with_class_indices(backend, data):
    dtype = data.draw(FLOATS)
    classes = data.draw(st.integers(2, 4))
    batch = data.draw(st.sampled_from([(), (3,), (2, 3)]))
    shape = (classes,) if batch == () else (batch[0], classes, *batch[1:])
    x = data.draw(finite(shape, dtype))
    target = data.draw(
        arrays("int64", shape=batch, elements={"min_value": 0, "max_value": classes - 1})
    )
    if target.ndim and data.draw(st.booleans()):
        target.flat[0] = -100
    weight = data.draw(st.none() | finite((classes,), dtype, 0.125, 2))
    reduction = data.draw(REDUCTIONS)
    smoothing = data.draw(st.sampled_from([0.0, 0.2]))
    cw, tw = (None, None) if weight is None else (core.asarray(weight), T(weight))
    expected = F.cross_entropy(T(x), T(target), tw, reduction=reduction, label_smoothing=smoothing)
    result = core.nn.cross_entropy(
        core.asarray(x), core.asarray(target), cw, reduction=reduction, label_smoothing=smoothing
    )
    same(result, expected, **ACCUMULATING)
    expected = F.nll_loss(T(x), T(target), tw, reduction=reduction)
    same(
        core.nn.nll_loss(core.asarray(x), core.asarray(target), cw, reduction=reduction),
        expected,
        **ACCUMULATING,
    )


@given(data=st.data())
def test_cross_entropy_with_probabilities(backend, data):
    dtype = data.draw(FLOATS)
    x = data.draw(finite((3, 4, 2), dtype))
    target = data.draw(finite((3, 4, 2), dtype, 0, 1))
    weight = data.draw(st.none() | finite((4,), dtype, 0.125, 2))
    reduction = data.draw(REDUCTIONS)
    smoothing = data.draw(st.sampled_from([0.0, 0.1]))
    cw, tw = (None, None) if weight is None else (core.asarray(weight), T(weight))
    expected = F.cross_entropy(T(x), T(target), tw, reduction=reduction, label_smoothing=smoothing)
    result = core.nn.cross_entropy(
        core.asarray(x), core.asarray(target), cw, reduction=reduction, label_smoothing=smoothing
    )
    same(result, expected, **ACCUMULATING)


LOSSES = {
    "mse_loss": (
        lambda x, t, r: core.nn.mse_loss(x, t, reduction=r),
        lambda x, t, r: F.mse_loss(x, t, reduction=r),
    ),
    "l1_loss": (
        lambda x, t, r: core.nn.l1_loss(x, t, reduction=r),
        lambda x, t, r: F.l1_loss(x, t, reduction=r),
    ),
    "smooth_l1_loss": (
        lambda x, t, r: core.nn.smooth_l1_loss(x, t, reduction=r, beta=0.5),
        lambda x, t, r: F.smooth_l1_loss(x, t, reduction=r, beta=0.5),
    ),
    "smooth_l1_loss_beta0": (
        lambda x, t, r: core.nn.smooth_l1_loss(x, t, reduction=r, beta=0.0),
        lambda x, t, r: F.smooth_l1_loss(x, t, reduction=r, beta=0.0),
    ),
    "huber_loss": (
        lambda x, t, r: core.nn.huber_loss(x, t, reduction=r, delta=1.5),
        lambda x, t, r: F.huber_loss(x, t, reduction=r, delta=1.5),
    ),
    "bce_with_logits": (
        lambda x, t, r: core.nn.binary_cross_entropy_with_logits(x, t, reduction=r),
        lambda x, t, r: F.binary_cross_entropy_with_logits(x, t, reduction=r),
    ),
    "kl_div": (
        lambda x, t, r: core.nn.kl_div(x, t, reduction=r),
        lambda x, t, r: F.kl_div(x, t, reduction=r),
    ),
    "kl_div_log_target": (
        lambda x, t, r: core.nn.kl_div(x, t, reduction=r, log_target=True),
        lambda x, t, r: F.kl_div(x, t, reduction=r, log_target=True),
    ),
}


@pytest.mark.parametrize("name", sorted(LOSSES))
@given(data=st.data())
def test_pointwise_losses(backend, name, data):
    ours, theirs = LOSSES[name]
    dtype = data.draw(FLOATS)
    shape = data.draw(st.sampled_from([(), (3,), (2, 3)]))
    x = data.draw(finite(shape, dtype))
    target = data.draw(finite(shape, dtype, 0, 1))
    if shape and name.startswith("kl_div"):
        target.flat[0] = 0.0
    reduction = data.draw(REDUCTIONS)
    same(
        ours(core.asarray(x), core.asarray(target), reduction),
        theirs(T(x), T(target), reduction),
        **ACCUMULATING,
    )


def test_kl_div_batchmean(backend):
    x = numpy.log(numpy.full((4, 3), 1 / 3, dtype=numpy.float32))
    t = numpy.random.default_rng(6).dirichlet(numpy.ones(3), 4).astype(numpy.float32)
    same(
        core.nn.kl_div(core.asarray(x), core.asarray(t), reduction="batchmean"),
        F.kl_div(T(x), T(t), reduction="batchmean"),
        **ACCUMULATING,
    )


@given(data=st.data())
def test_binary_cross_entropy_with_weights(backend, data):
    dtype = data.draw(FLOATS)
    x = data.draw(finite((3, 4), dtype, 0, 1))
    x[0, 0], x[0, 1] = 0.0, 1.0  # torch clamps the logs at -100
    target = data.draw(finite((3, 4), dtype, 0, 1))
    weight = data.draw(st.none() | finite((4,), dtype, 0, 2))
    pos_weight = data.draw(st.none() | finite((4,), dtype, 0.5, 2))
    reduction = data.draw(REDUCTIONS)
    cw, tw = (None, None) if weight is None else (core.asarray(weight), T(weight))
    same(
        core.nn.binary_cross_entropy(
            core.asarray(x), core.asarray(target), cw, reduction=reduction
        ),
        F.binary_cross_entropy(T(x), T(target), tw, reduction=reduction),
        **ACCUMULATING,
    )
    logits = (x - 0.5) * 8
    cp, tp = (None, None) if pos_weight is None else (core.asarray(pos_weight), T(pos_weight))
    same(
        core.nn.binary_cross_entropy_with_logits(
            core.asarray(logits), core.asarray(target), cw, reduction=reduction, pos_weight=cp
        ),
        F.binary_cross_entropy_with_logits(
            T(logits), T(target), tw, reduction=reduction, pos_weight=tp
        ),
        **ACCUMULATING,
    )


def test_losses_promote_mixed_float_inputs(backend):
    x = numpy.array([0.5, -1.0], dtype=numpy.float32)
    t = numpy.array([1.0, 2.0], dtype=numpy.float64)
    same(core.nn.mse_loss(core.asarray(x), core.asarray(t)), F.mse_loss(T(x).double(), T(t)))
    with pytest.raises(ValueError):
        core.nn.mse_loss(core.asarray(x), core.asarray(t), reduction="average")


def test_attention_dropout_from_a_generator_is_the_same_on_every_backend(backend):
    rng = numpy.random.default_rng(8)
    q, k, v = (rng.standard_normal((2, 2, 3, 4)).astype(numpy.float32) for _ in range(3))
    k, v = k[:, :1], v[:, :1]  # grouped-query: one key/value head for two query heads
    arguments = (core.asarray(q), core.asarray(k), core.asarray(v))
    options = {"dropout_p": 0.5, "enable_gqa": True}
    result = core.nn.scaled_dot_product_attention(
        *arguments, **options, generator=core.random.Generator(3)
    )
    with core.use_backend("numpy"):
        numpy_arguments = (core.asarray(q), core.asarray(k), core.asarray(v))
        reference = core.nn.scaled_dot_product_attention(
            *numpy_arguments, **options, generator=core.random.Generator(3)
        )
    numpy.testing.assert_allclose(result.to_numpy(), reference.to_numpy(), rtol=1e-4, atol=1e-5)
    no_dropout = core.nn.scaled_dot_product_attention(*arguments, enable_gqa=True)
    assert not numpy.allclose(result.to_numpy(), no_dropout.to_numpy())


HALF_CASES = {
    "softmax": (lambda c, x, w: c.nn.softmax(x, axis=1), lambda x, w: F.softmax(x, 1)),
    "layer_norm": (lambda c, x, w: c.nn.layer_norm(x, 6), lambda x, w: F.layer_norm(x, (6,))),
    "gelu": (lambda c, x, w: c.nn.gelu(x), lambda x, w: F.gelu(x)),
    "linear": (lambda c, x, w: c.nn.linear(x, w[:, 0, 0]), lambda x, w: F.linear(x, w[:, 0, 0])),
    "conv2d": (lambda c, x, w: c.nn.conv2d(x, w), lambda x, w: F.conv2d(x, w)),
    "max_pool": (lambda c, x, w: c.nn.max_pool(x, 2), lambda x, w: F.max_pool2d(x, 2)),
    "avg_pool": (lambda c, x, w: c.nn.avg_pool(x, 2), lambda x, w: F.avg_pool2d(x, 2)),
    "attention": (
        lambda c, x, w: c.nn.scaled_dot_product_attention(x, x, x),
        lambda x, w: F.scaled_dot_product_attention(x, x, x),
    ),
    "bilinear": (
        lambda c, x, w: c.nn.interpolate(x, scale_factor=2, mode="bilinear"),
        lambda x, w: F.interpolate(x, scale_factor=2, mode="bilinear"),
    ),
}


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
@pytest.mark.parametrize("name", sorted(HALF_CASES))
def test_half_precision_keeps_dtype(backend, name, dtype):
    import ml_dtypes

    rng = numpy.random.default_rng(9)
    wide_x = rng.standard_normal((2, 3, 4, 6)).astype(numpy.float32)
    wide_w = rng.standard_normal((5, 3, 2, 6)).astype(numpy.float32)
    native = ml_dtypes.bfloat16 if dtype == "bfloat16" else numpy.float16
    half = getattr(torch, dtype)
    ours, theirs = HALF_CASES[name]
    result = ours(core, core.asarray(wide_x.astype(native)), core.asarray(wide_w.astype(native)))
    expected = theirs(
        T(wide_x.astype(native).astype(numpy.float32)).to(half),
        T(wide_w.astype(native).astype(numpy.float32)).to(half),
    )
    # torch accumulates in float32 too, but rounds intermediates differently
    assert_same(result, expected.float().numpy().astype(native), rtol=2e-2, atol=2e-2)


def test_invalid_arguments_raise_value_error_on_every_backend(backend):
    x = core.asarray(numpy.ones((1, 2, 5, 5), dtype=numpy.float32))
    calls = [
        lambda: core.nn.conv(x, core.asarray(numpy.ones((3, 3, 1, 1), dtype=numpy.float32))),
        lambda: core.nn.conv(x, core.asarray(numpy.ones((3, 1, 1), dtype=numpy.float32))),
        lambda: core.nn.conv(
            x, core.asarray(numpy.ones((2, 2, 3, 3), dtype=numpy.float32)), stride=2, padding="same"
        ),
        lambda: core.nn.conv_transpose(
            x, core.asarray(numpy.ones((3, 1, 1, 1), dtype=numpy.float32))
        ),
        lambda: core.nn.max_pool(x, 2, padding=2),
        lambda: core.nn.avg_pool(x, 3, padding=2),
        lambda: core.nn.layer_norm(x, (4,)),
        lambda: core.nn.rms_norm(x, (2, 5)),
        lambda: core.nn.glu(x, axis=-1),
        lambda: core.nn.group_norm(x, 3),
        lambda: core.nn.gelu(x, approximate="erf"),
        lambda: core.nn.pad(x, [1, 2, 3]),
        lambda: core.nn.mse_loss(x, x, reduction="average"),
        lambda: core.nn.dropout(x, 1.5),
    ]
    for call in calls:
        with pytest.raises(ValueError):
            call()
