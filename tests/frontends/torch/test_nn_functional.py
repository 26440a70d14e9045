"""frontends.torch.nn.functional against real torch.nn.functional on every backend.

float32 inputs, small shapes; values within rtol 1e-4 / atol 1e-5. Random functions
(dropout) are checked for their structure (zeros, scaling, channels) and for seeding.
"""

from __future__ import annotations

from typing import Any

import numpy
import pytest
import torch as real_torch
import torch.nn.functional as RF
from hypothesis import given
from hypothesis import strategies as st

from frontends import torch
from tests.frontends.torch.oracle import assert_matches, check, to_frontend, to_real

F = torch.nn.functional
TOL = {"rtol": 1e-4, "atol": 1e-5}
RNG = numpy.random.default_rng(0)


def rand(*shape: int) -> numpy.ndarray:
    return numpy.asarray(RNG.standard_normal(shape), dtype=numpy.float32)


def ints(high: int, *shape: int) -> numpy.ndarray:
    return RNG.integers(0, high, shape).astype(numpy.int64)


def _convert(value: Any, real: bool) -> Any:
    if isinstance(value, numpy.ndarray):
        return real_torch.from_numpy(value.copy()) if real else torch.tensor(value)
    if isinstance(value, (list, tuple)) and value and isinstance(value[0], numpy.ndarray):
        return type(value)(_convert(v, real) for v in value)
    return value


def compare(name: str, *args: Any, **kwargs: Any) -> Any:
    """Run ``F.name`` and real torch's on the same arguments (numpy arrays converted)."""
    return check(
        lambda: getattr(F, name)(*_convert(args, False), **_convert_kw(kwargs, False)),
        lambda: getattr(RF, name)(*_convert(args, True), **_convert_kw(kwargs, True)),
        **TOL,
    )


def _convert_kw(kwargs: dict[str, Any], real: bool) -> dict[str, Any]:
    return {k: _convert(v, real) for k, v in kwargs.items()}


# ---------------------------------------------------------------------------------------
# activations
# ---------------------------------------------------------------------------------------
ACTIVATIONS = [
    ("relu", {}), ("relu6", {}), ("gelu", {}), ("gelu", {"approximate": "tanh"}),
    ("silu", {}), ("elu", {"alpha": 0.7}), ("selu", {}), ("celu", {"alpha": 1.5}),
    ("leaky_relu", {"negative_slope": 0.2}), ("softplus", {"beta": 2.0, "threshold": 3.0}),
    ("sigmoid", {}), ("tanh", {}), ("hardtanh", {"min_val": -0.5, "max_val": 2.0}),
    ("hardsigmoid", {}), ("hardswish", {}), ("mish", {}), ("logsigmoid", {}),
    ("softsign", {}), ("glu", {"dim": 0}), ("softmax", {"dim": 1}), ("log_softmax", {"dim": -1}),
    ("softmin", {"dim": 0}), ("softmax", {}), ("log_softmax", {}),
]  # fmt: skip
SHRINKS = [
    ("threshold", {"threshold": 0.5, "value": -2.0}), ("hardshrink", {}),
    ("hardshrink", {"lambd": 1.5}), ("softshrink", {}), ("softshrink", {"lambd": 0.0}),
    ("tanhshrink", {}),
]  # fmt: skip


@pytest.mark.parametrize(("name", "kwargs"), ACTIVATIONS + SHRINKS, ids=lambda v: str(v))
def test_activation(backend: str, name: str, kwargs: dict[str, Any]) -> None:
    x = rand(4, 3, 2) * 4
    x[0, 0, 0] = 0.0
    compare(name, x, **kwargs)


@given(shape=st.lists(st.integers(1, 4), min_size=0, max_size=3), data=st.data())
def test_activation_shapes(backend: str, shape: list[int], data: st.DataObject) -> None:
    name, kwargs = data.draw(st.sampled_from([a for a in ACTIVATIONS if a[0] != "glu"]))
    x = numpy.asarray(data.draw(st.lists(st.floats(-30, 30, width=32), min_size=1, max_size=1)))
    values = numpy.asarray(rand(*shape) * 5, dtype=numpy.float32)
    values.flat[0] = x[0]
    compare(name, values, **kwargs)


@pytest.mark.parametrize("name", ["relu", "relu6", "hardtanh", "gelu", "silu", "elu", "softmax"])
def test_activation_integer_inputs(backend: str, name: str) -> None:
    kwargs = {"dim": 0} if name == "softmax" else {}
    compare(name, numpy.array([[-3, 0, 7]], dtype=numpy.int64), **kwargs)
    compare(name, numpy.array([True, False]), **kwargs)


def test_inplace_activation(backend: str) -> None:
    x = torch.tensor([[-1.0, 2.0], [3.0, -4.0]])
    view = x[0]
    result = F.relu(view, inplace=True)
    assert result is view
    assert x.tolist() == [[0.0, 2.0], [3.0, -4.0]]
    F.leaky_relu(x, 0.5, True)
    assert x.tolist() == [[0.0, 2.0], [3.0, -2.0]]


SHRINK_DTYPES = ["float32", "float64", "float16", "bfloat16", "int64", "int8", "uint8",
                 "uint16", "bool", "complex64"]  # fmt: skip
SHRINK_CALLS = [
    ("threshold", (0.5, 20.0)), ("threshold", (1, -2)), ("threshold", (-0.5, 2.7)),
    ("hardshrink", (0.5,)), ("hardshrink", (-0.5,)), ("softshrink", (0.25,)), ("tanhshrink", ()),
]  # fmt: skip


@pytest.mark.parametrize("dtype", SHRINK_DTYPES)
@pytest.mark.parametrize(("name", "args"), SHRINK_CALLS, ids=str)
def test_threshold_and_shrink_dtypes(backend: str, dtype: str, name: str, args: tuple) -> None:
    values = numpy.array([[-3.0, -0.5, -0.25, 0.0, 0.1, 0.5, 1.0, 2.0, 7.0]])
    if dtype.startswith("float"):
        values = numpy.append(values, [[numpy.nan, numpy.inf, -numpy.inf]])
    check(
        lambda: getattr(F, name)(to_frontend(values, dtype), *args),
        lambda: getattr(RF, name)(to_real(values, dtype), *args),
        **TOL,
    )


def test_threshold_and_shrink_arguments(backend: str) -> None:
    x, small = rand(3, 4) * 2, numpy.array([-2, 0, 1, 3], dtype=numpy.int8)
    compare("threshold", x, -0.25, 0.0, True)
    compare("threshold", small, 1, 300)  # value overflows int8
    compare("threshold", small.astype(numpy.uint8), 1, -1)  # a negative int wraps
    compare("threshold", small.astype(numpy.uint8), 1, -1.0)  # a negative float does not
    compare("threshold", x, 0.0, 1 + 2j)
    compare("threshold", numpy.array(1.5, dtype=numpy.float32), 1.0, 2.0)
    compare("softshrink", numpy.array(-1.5, dtype=numpy.float32))
    compare("tanhshrink", numpy.array(3, dtype=numpy.int64))
    compare("softshrink", x, -0.5)  # lambd must be non-negative
    compare("softshrink", x, float("nan"))
    compare("hardshrink", numpy.zeros((0, 3), dtype=numpy.float32))
    ours, theirs = torch.tensor(x), real_torch.from_numpy(x.copy())
    assert_matches(
        F.threshold(ours[1:], 0.5, -1.0, inplace=True),
        RF.threshold(theirs[1:], 0.5, -1.0, inplace=True),
        **TOL,
    )
    assert_matches(F.threshold_(ours[:2], -0.5, 3.0), RF.threshold_(theirs[:2], -0.5, 3.0), **TOL)
    assert_matches(ours, theirs, **TOL)  # both writes reached the base through the views


def test_prelu_and_softmax_dtype(backend: str) -> None:
    compare("prelu", rand(2, 3, 4), rand(3))
    compare("prelu", rand(2, 3), rand(1))
    compare("prelu", rand(3), rand(3))
    x = rand(2, 3)
    assert_matches(
        F.softmax(torch.tensor(x), 1, dtype=torch.float64),
        RF.softmax(real_torch.from_numpy(x), 1, dtype=real_torch.float64),
        **TOL,
    )
    compare("glu", rand(3, 3), dim=1)  # odd halving dimension: error as torch


# ---------------------------------------------------------------------------------------
# linear, convolution, folding
# ---------------------------------------------------------------------------------------
def test_linear_bilinear(backend: str) -> None:
    compare("linear", rand(2, 3, 4), rand(5, 4), rand(5))
    compare("linear", rand(4), rand(5, 4))
    compare("linear", rand(2, 4), rand(5, 3))
    compare("bilinear", rand(3, 4), rand(3, 2), rand(5, 4, 2), rand(5))
    compare("bilinear", rand(4), rand(2), rand(5, 4, 2))


CONVS = [
    (1, {}), (1, {"stride": 2, "padding": 1}), (1, {"padding": "same", "dilation": 2}),
    (2, {}), (2, {"stride": (2, 1), "padding": (1, 2), "dilation": (1, 2)}),
    (2, {"padding": "same"}), (2, {"padding": "valid", "groups": 2}), (3, {"padding": 1}),
]  # fmt: skip


@pytest.mark.parametrize(("n", "kwargs"), CONVS, ids=str)
@pytest.mark.parametrize("batched", [True, False])
def test_conv(backend: str, n: int, kwargs: dict[str, Any], batched: bool) -> None:
    groups = kwargs.get("groups", 1)
    x = rand(*((2,) if batched else ()), 4, *(5,) * n)
    w = rand(6, 4 // groups, *(3,) * n)
    compare(f"conv{n}d", x, w, rand(6), **kwargs)


TRANSPOSED = [
    (1, {}), (1, {"stride": 2, "padding": 1, "output_padding": 1}),
    (2, {"stride": 2, "groups": 2, "dilation": 2}), (3, {"stride": (1, 2, 1)}),
]  # fmt: skip


@pytest.mark.parametrize(("n", "kwargs"), TRANSPOSED, ids=str)
@pytest.mark.parametrize("batched", [True, False])
def test_conv_transpose(backend: str, n: int, kwargs: dict[str, Any], batched: bool) -> None:
    groups = kwargs.get("groups", 1)
    x = rand(*((2,) if batched else ()), 4, *(4,) * n)
    w = rand(4, 6 // groups, *(3,) * n)
    compare(f"conv_transpose{n}d", x, w, rand(6), **kwargs)


def test_conv_errors(backend: str) -> None:
    compare("conv2d", rand(1, 3, 5, 5), rand(2, 4, 3, 3))  # channel mismatch
    compare("conv2d", rand(1, 3, 5, 5), rand(2, 3, 3))  # weight rank
    compare("conv1d", rand(1, 3, 5), rand(2, 3, 3), stride=2, padding="same")


def test_unfold_fold(backend: str) -> None:
    compare("unfold", rand(2, 3, 5, 6), (2, 3), dilation=(1, 2), padding=1, stride=(2, 1))
    compare("unfold", rand(3, 4, 4), 2)
    compare("fold", rand(2, 3 * 4, 9), (4, 4), 2, stride=1)
    compare("fold", rand(3 * 4, 4), (4, 4), 2, stride=2)
    compare("fold", rand(2, 12, 36), (5, 6), (2, 2), padding=1, dilation=(1, 2), stride=(1, 1))
    compare("fold", rand(2, 12, 25), (5, 6), (2, 2), padding=1, dilation=(1, 2))
    compare("fold", rand(2, 10, 9), (4, 4), 2)


PIXEL_SHUFFLES = [
    ("pixel_shuffle", (2, 8, 3, 4), 2), ("pixel_shuffle", (9, 2, 3), 3),
    ("pixel_shuffle", (2, 3, 4, 1, 2), 1), ("pixel_shuffle", (1, 0, 2, 2), 2),
    ("pixel_shuffle", (0, 4, 2, 2), 2), ("pixel_unshuffle", (2, 3, 4, 6), 2),
    ("pixel_unshuffle", (2, 6, 9), 3), ("pixel_unshuffle", (2, 1, 3, 2, 4), 2),
    ("pixel_unshuffle", (1, 1, 0, 2), 2),
]  # fmt: skip


@pytest.mark.parametrize("dtype", ["float32", "int64", "bool", "complex64", "bfloat16"])
@pytest.mark.parametrize(("name", "shape", "factor"), PIXEL_SHUFFLES, ids=str)
def test_pixel_shuffle(
    backend: str, dtype: str, name: str, shape: tuple[int, ...], factor: int
) -> None:
    values = RNG.standard_normal(shape) * 3
    check(
        lambda: getattr(F, name)(to_frontend(values, dtype), factor),
        lambda: getattr(RF, name)(to_real(values, dtype), factor),
    )


def test_pixel_shuffle_errors(backend: str) -> None:
    compare("pixel_shuffle", rand(1, 6, 2, 2), 2)  # channels not divisible by 4
    compare("pixel_shuffle", rand(4, 2), 2)
    compare("pixel_shuffle", rand(1, 4, 2, 2), 0)
    compare("pixel_shuffle", rand(1, 4, 2, 2), -2)
    compare("pixel_shuffle", rand(1, 4, 2, 2), 2.0)
    compare("pixel_unshuffle", rand(1, 2, 3, 4), 2)
    compare("pixel_unshuffle", rand(1, 2, 4, 5), 2)
    compare("pixel_unshuffle", rand(4, 4), 2)
    compare("pixel_unshuffle", rand(1, 2, 4, 4), 0)
    compare("pixel_shuffle", numpy.ones((1, 4, 1, 1), dtype=numpy.uint16), 2)


# ---------------------------------------------------------------------------------------
# pooling
# ---------------------------------------------------------------------------------------
POOLS = [
    (1, 3, {}), (1, 2, {"stride": 1, "padding": 1}), (2, 2, {}),
    (2, 3, {"stride": 2, "padding": 1, "ceil_mode": True}), (2, (2, 3), {"stride": (1, 2)}),
    (3, 2, {"ceil_mode": True}),
]  # fmt: skip


@pytest.mark.parametrize(("n", "kernel", "kwargs"), POOLS, ids=str)
@pytest.mark.parametrize("batched", [True, False])
def test_pooling(backend: str, n: int, kernel: Any, kwargs: dict[str, Any], batched: bool) -> None:
    x = rand(*((2,) if batched else ()), 3, *(5,) * n)
    compare(f"max_pool{n}d", x, kernel, **kwargs)
    compare(f"max_pool{n}d", x, kernel, **kwargs, return_indices=True)
    compare(f"max_pool{n}d", x, kernel, **kwargs, dilation=2)
    compare(f"avg_pool{n}d", x, kernel, **kwargs)
    compare(f"avg_pool{n}d", x, kernel, **kwargs, count_include_pad=False)
    if n > 1:
        compare(f"avg_pool{n}d", x, kernel, **kwargs, divisor_override=3)


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("batched", [True, False])
def test_adaptive_pooling(backend: str, n: int, batched: bool) -> None:
    x = rand(*((2,) if batched else ()), 3, *(7, 5, 4)[:n])
    size = (3, 2, 4)[:n]
    compare(f"adaptive_avg_pool{n}d", x, size)
    compare(f"adaptive_max_pool{n}d", x, size)
    compare(f"adaptive_max_pool{n}d", x, size, return_indices=True)
    if n > 1:
        compare(f"adaptive_avg_pool{n}d", x, (None, *size[1:]))
    compare(f"adaptive_avg_pool{n}d", x, 1)


def test_pooling_errors(backend: str) -> None:
    compare("max_pool2d", rand(1, 1, 4, 4), 2, padding=2)
    compare("avg_pool2d", rand(1, 4, 4), 2, padding=2)
    compare("max_pool2d", rand(4, 4), 2)


# ---------------------------------------------------------------------------------------
# normalization
# ---------------------------------------------------------------------------------------
def test_layer_rms_group_norm(backend: str) -> None:
    x = rand(2, 4, 3, 2)
    compare("layer_norm", x, (3, 2), rand(3, 2), rand(3, 2), eps=1e-3)
    compare("layer_norm", x, [2])
    compare("layer_norm", x, (4,))  # mismatched normalized_shape
    compare("rms_norm", x, (3, 2), rand(3, 2))
    compare("rms_norm", x, [2], eps=0.1)
    compare("group_norm", x, 2, rand(4), rand(4))
    compare("group_norm", x, 4, eps=0.1)
    compare("group_norm", x, 3)
    compare("normalize", x)
    compare("normalize", x, p=1.0, dim=-1, eps=0.5)
    compare("normalize", rand(4))


@pytest.mark.parametrize("shape", [(4, 3), (4, 3, 5), (2, 3, 2, 2)])
@pytest.mark.parametrize("training", [True, False])
def test_batch_norm(backend: str, shape: tuple[int, ...], training: bool) -> None:
    x, mean, var = rand(*shape), rand(3), numpy.abs(rand(3)) + 0.5
    w, b = rand(3), rand(3)
    ours_mean, ours_var = torch.tensor(mean), torch.tensor(var)
    real_mean, real_var = real_torch.from_numpy(mean.copy()), real_torch.from_numpy(var.copy())
    result = F.batch_norm(torch.tensor(x), ours_mean, ours_var, torch.tensor(w),
                          torch.tensor(b), training, 0.3, 1e-3)  # fmt: skip
    expected = RF.batch_norm(real_torch.from_numpy(x), real_mean, real_var,
                             real_torch.from_numpy(w), real_torch.from_numpy(b), training, 0.3, 1e-3)  # fmt: skip
    assert_matches(result, expected, **TOL)
    assert_matches(ours_mean, real_mean, **TOL)
    assert_matches(ours_var, real_var, **TOL)
    if training:
        compare("batch_norm", x, None, None, training=True)
    else:
        compare("batch_norm", x, None, None)


def test_batch_norm_errors(backend: str) -> None:
    compare("batch_norm", rand(1, 3), rand(3), rand(3), training=True)


@pytest.mark.parametrize("use_running", [True, False])
def test_instance_norm(backend: str, use_running: bool) -> None:
    x, w, b = rand(2, 3, 4, 5), rand(3), rand(3)
    compare("instance_norm", x, weight=w, bias=b, eps=1e-3)
    mean, var = rand(3), numpy.abs(rand(3)) + 0.5
    ours = [torch.tensor(mean), torch.tensor(var)]
    real = [real_torch.from_numpy(mean.copy()), real_torch.from_numpy(var.copy())]
    result = F.instance_norm(torch.tensor(x), *ours, use_input_stats=use_running, momentum=0.2)
    expected = RF.instance_norm(
        real_torch.from_numpy(x), *real, use_input_stats=use_running, momentum=0.2
    )
    assert_matches(result, expected, **TOL)
    assert_matches(ours[0], real[0], **TOL)
    assert_matches(ours[1], real[1], **TOL)


# ---------------------------------------------------------------------------------------
# dropout
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name",
    ["dropout", "dropout1d", "dropout2d", "dropout3d", "alpha_dropout", "feature_alpha_dropout"],
)
def test_dropout_off(backend: str, name: str) -> None:
    x = rand(2, 3, 4, 2, 2)[..., 0] if name == "dropout1d" else rand(2, 3, 4, 2, 2)
    if name == "dropout2d":
        x = x[..., 0]
    compare(name, x, 0.4, training=False)
    compare(name, x, 0.0, training=True)
    compare(name, x, 1.5)


def test_dropout_structure(backend: str) -> None:
    x = torch.ones(2000)
    torch.manual_seed(3)
    y = F.dropout(x, 0.25)
    values = y.numpy()
    assert (numpy.isclose(values, 0) | numpy.isclose(values, 1 / 0.75)).all()
    kept = float((y != 0).float().mean())
    assert 0.7 < kept < 0.8
    torch.manual_seed(3)
    assert (F.dropout(x, 0.25) == y).all()
    assert (F.dropout(x, 1.0) == 0).all()
    # channels dropped whole
    z = F.dropout2d(torch.ones(4, 8, 3, 3), 0.5).numpy()
    per_channel = z.reshape(4, 8, 9)
    assert ((per_channel == 0).all(-1) | (per_channel == 2).all(-1)).all()
    z = F.dropout1d(torch.ones(8, 5), 0.5).numpy()
    assert ((z == 0).all(-1) | (z == 2).all(-1)).all()
    # alpha dropout keeps mean 0 and variance 1 for a standard normal input
    a = F.alpha_dropout(torch.tensor(rand(20000)), 0.3, training=True).numpy()
    assert abs(a.mean()) < 0.05 and abs(a.std() - 1) < 0.05
    assert str(F.dropout(torch.ones(3, dtype=torch.float16), 0.5).dtype) == "torch.float16"


def test_dropout_inplace(backend: str) -> None:
    x = torch.ones(100)
    assert F.dropout(x, 0.5, True, True) is x
    assert set(x.tolist()) <= {0.0, 2.0}


# ---------------------------------------------------------------------------------------
# embedding, one_hot, pad, interpolate
# ---------------------------------------------------------------------------------------
def test_embedding_one_hot(backend: str) -> None:
    w = rand(6, 3)
    compare("embedding", ints(6, 2, 4), w)
    compare("embedding", ints(6, 3), w, padding_idx=0)
    compare("embedding", rand(2), w)
    compare("one_hot", ints(5, 2, 3))
    compare("one_hot", ints(3, 4), 5)
    compare("one_hot", numpy.array([1, 7]), 5)
    compare("one_hot", numpy.array([1.0]))


def test_embedding_max_norm(backend: str) -> None:
    w = rand(6, 3) * 3
    idx = numpy.array([[0, 2], [2, 5]])
    ours, real = torch.tensor(w), real_torch.from_numpy(w.copy())
    assert_matches(F.embedding(torch.tensor(idx), ours, max_norm=1.0),
                   RF.embedding(real_torch.from_numpy(idx), real, max_norm=1.0), **TOL)  # fmt: skip
    assert_matches(ours, real, **TOL)


PADS = [
    ((1, 2), "constant", 0.5), ((1, 0, 2, 1), "constant", None), ((-1, 2), "constant", None),
    ((1, 2), "reflect", None), ((2, 1, 1, 2), "reflect", None), ((1, 2, 0, 1, 1, 1), "replicate", None),
    ((2, 1), "replicate", None), ((1, 2, 2, 0), "circular", None), ((1, 1, 1, 1, 1, 1), "circular", None),
]  # fmt: skip


@pytest.mark.parametrize(("padding", "mode", "value"), PADS, ids=str)
def test_pad(backend: str, padding: tuple[int, ...], mode: str, value: float | None) -> None:
    dims = len(padding) // 2
    kwargs = {} if value is None else {"value": value}
    compare("pad", rand(2, 3, *(4,) * dims), padding, mode, **kwargs)
    compare("pad", rand(3, *(4,) * dims), padding, mode, **kwargs)


def test_pad_errors(backend: str) -> None:
    compare("pad", rand(1, 2, 3), (4, 0), "circular")  # wraps around more than once
    compare("pad", rand(1, 2, 3), (3, 3), "circular")
    compare("pad", rand(2, 3), (1,))
    compare("pad", rand(1, 2, 3), (3, 3), "reflect")
    compare("pad", rand(1, 2, 3), (1, 1), "wrap")


INTERPOLATIONS = [
    (1, {"size": 7, "mode": "nearest"}), (1, {"scale_factor": 1.7, "mode": "linear"}),
    (1, {"size": 3, "mode": "linear", "align_corners": True}),
    (2, {"size": (6, 7), "mode": "nearest"}), (2, {"scale_factor": 2, "mode": "nearest-exact"}),
    (2, {"size": (3, 7), "mode": "bilinear"}), (2, {"scale_factor": (1.5, 0.7), "mode": "bilinear", "align_corners": True}),
    (2, {"size": (6, 3), "mode": "bicubic"}), (2, {"size": 7, "mode": "bicubic", "align_corners": True}),
    (2, {"size": (3, 2), "mode": "area"}), (3, {"size": (3, 5, 6), "mode": "trilinear"}),
    (2, {"scale_factor": 1.5, "mode": "bilinear", "recompute_scale_factor": True}),
    (2, {"size": 4, "mode": "nearest", "align_corners": True}), (1, {"size": 4, "mode": "bilinear"}),
    (2, {"size": (2, 3), "mode": "bilinear", "antialias": True}),
    (2, {"scale_factor": (1.6, 0.5), "mode": "bicubic", "antialias": True, "align_corners": True}),
    (2, {"size": 3, "mode": "nearest", "antialias": True}), (1, {"size": 3, "mode": "bilinear", "antialias": True}),
]  # fmt: skip


@pytest.mark.parametrize(("n", "kwargs"), INTERPOLATIONS, ids=str)
def test_interpolate(backend: str, n: int, kwargs: dict[str, Any]) -> None:
    compare("interpolate", rand(2, 3, *(5, 4, 4)[:n]), **kwargs)


@pytest.mark.parametrize("mode", ["bilinear", "bicubic"])
def test_interpolate_antialias_gradient(backend: str, mode: str) -> None:
    """timm resamples a ViT's position embedding so when pretrained weights meet another
    ``img_size``; the gradient reaches the input as torch's does."""
    x, weight = rand(1, 2, 7, 9), rand(1, 2, 3, 14)
    grads = []
    for t, functional in ((torch, F), (real_torch, RF)):
        leaf = t.tensor(x, requires_grad=True)
        out = functional.interpolate(leaf, size=(3, 14), mode=mode, antialias=True)
        (out * t.tensor(weight)).sum().backward()
        grads.append(leaf.grad)
    assert_matches(grads[0], grads[1], **TOL)


# ---------------------------------------------------------------------------------------
# attention and distances
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "kwargs",
    [{}, {"is_causal": True}, {"scale": 0.3}, {"mask": "bool"}, {"mask": "float"}],
    ids=str,
)
def test_scaled_dot_product_attention(backend: str, kwargs: dict[str, Any]) -> None:
    q, k, v = rand(2, 3, 4, 8), rand(2, 3, 5, 8), rand(2, 3, 5, 6)
    mask = kwargs.pop("mask", None)
    if mask == "bool":
        kwargs["attn_mask"] = RNG.random((4, 5)) > 0.3
        kwargs["attn_mask"][:, 0] = True
    elif mask == "float":
        kwargs["attn_mask"] = rand(3, 4, 5)
    if kwargs.get("is_causal"):
        k, v = k[:, :, :4], v[:, :, :4]
    compare("scaled_dot_product_attention", q, k, v, **kwargs)


def test_attention_dropout(backend: str) -> None:
    q = torch.tensor(rand(1, 4, 8))
    torch.manual_seed(0)
    a = F.scaled_dot_product_attention(q, q, q, dropout_p=0.5)
    torch.manual_seed(0)
    b = F.scaled_dot_product_attention(q, q, q, dropout_p=0.5)
    assert (a == b).all() and tuple(a.shape) == (1, 4, 8)


def test_distances(backend: str) -> None:
    compare("cosine_similarity", rand(3, 4), rand(3, 4))
    compare("cosine_similarity", rand(3, 4, 2), rand(1, 4, 2), dim=-1, eps=0.5)
    compare("pairwise_distance", rand(3, 4), rand(3, 4))
    compare("pairwise_distance", rand(3, 4), rand(4), p=1.0, keepdim=True)
    compare("pairwise_distance", rand(4), rand(4), p=3.0)


# ---------------------------------------------------------------------------------------
# losses
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("reduction", ["none", "mean", "sum"])
def test_class_losses(backend: str, reduction: str) -> None:
    x, t, w = rand(4, 5), ints(5, 4), numpy.abs(rand(5))
    t[1] = -100
    compare("cross_entropy", x, t, reduction=reduction)
    compare("cross_entropy", x, t, w, reduction=reduction, label_smoothing=0.2)
    t2 = t.copy()
    t2[1] = 2
    compare("cross_entropy", x, t2, ignore_index=2, reduction=reduction)
    compare("cross_entropy", rand(2, 5, 3, 2), ints(5, 2, 3, 2), w, reduction=reduction)
    probs = numpy.abs(rand(4, 5))
    probs /= probs.sum(1, keepdims=True)
    compare("cross_entropy", x, probs, w, reduction=reduction, label_smoothing=0.1)
    compare("cross_entropy", rand(5), numpy.array(3), reduction=reduction)
    compare("nll_loss", x, t, reduction=reduction)
    compare("nll_loss", x, t2, w, ignore_index=2, reduction=reduction)
    compare("nll_loss", rand(2, 5, 3), ints(5, 2, 3), w, reduction=reduction)
    compare("nll_loss", rand(5), numpy.array(1), reduction=reduction)


def test_class_loss_errors(backend: str) -> None:
    compare("cross_entropy", rand(4, 5), ints(5, 3))
    compare("cross_entropy", rand(4, 5), ints(5, 4).astype(numpy.int32))
    compare("cross_entropy", rand(4, 5), rand(4, 5), label_smoothing=1.5)
    compare("nll_loss", rand(4, 5), ints(5, 4), size_average=False)
    compare("nll_loss", rand(4, 5), ints(5, 4), reduce=False)


@pytest.mark.parametrize("reduction", ["none", "mean", "sum"])
def test_regression_losses(backend: str, reduction: str) -> None:
    x, t, w = rand(3, 4), rand(3, 4), numpy.abs(rand(3, 4))
    compare("mse_loss", x, t, reduction=reduction)
    compare("mse_loss", x, t, reduction=reduction, weight=w)
    compare("l1_loss", x, t, reduction=reduction)
    compare("l1_loss", x, t, reduction=reduction, weight=w)
    compare("smooth_l1_loss", x, t, reduction=reduction, beta=0.5)
    compare("smooth_l1_loss", x, t, reduction=reduction, beta=0.0)
    compare("huber_loss", x, t, reduction=reduction, delta=0.7)
    compare("huber_loss", x, t, reduction=reduction, weight=w)
    p = 1 / (1 + numpy.exp(-x))
    tb = (t > 0).astype(numpy.float32)
    compare("binary_cross_entropy", p, tb, reduction=reduction)
    compare("binary_cross_entropy", p, numpy.abs(t) % 1, w, reduction=reduction)
    compare("binary_cross_entropy_with_logits", x, tb, w, reduction=reduction)
    compare(
        "binary_cross_entropy_with_logits",
        x,
        tb,
        reduction=reduction,
        pos_weight=numpy.abs(rand(4)),
    )
    logp = numpy.log(p)
    compare("kl_div", logp, p[::-1].copy(), reduction=reduction)
    compare("kl_div", logp, logp[::-1].copy(), reduction=reduction, log_target=True)
    compare("kl_div", logp, p, reduction="batchmean")


def test_loss_errors(backend: str) -> None:
    compare("mse_loss", rand(3), rand(3), reduction="avg")
    compare("binary_cross_entropy", numpy.full(3, 0.5, numpy.float32), rand(2))
    compare("binary_cross_entropy_with_logits", rand(3), rand(2))
    compare("smooth_l1_loss", rand(3), rand(3), beta=-1.0)
    compare("mse_loss", rand(3, 1), rand(3), size_average=False)
