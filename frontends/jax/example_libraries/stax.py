"""``jax.example_libraries.stax``: layers as ``(init_fun, apply_fun)`` pairs.

``init_fun(rng, input_shape)`` returns ``(output_shape, params)``; ``apply_fun(params,
inputs, **kwargs)`` returns the outputs. Parameters come from ``jax.nn.initializers`` and
keys are split as JAX splits them, so a model initialised from the same key has JAX's
parameters; layers compute with the frontend's ``jax.numpy``/``lax``/``nn``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Any

from frontends.jax import lax, random
from frontends.jax import numpy as jnp
from frontends.jax.nn import (
    elu,
    gelu,
    leaky_relu,
    log_softmax,
    relu,
    selu,
    sigmoid,
    softmax,
    softplus,
    standardize,
)
from frontends.jax.nn.initializers import glorot_normal, normal, ones, zeros

__all__ = [
    "Dense", "GeneralConv", "Conv", "GeneralConvTranspose", "ConvTranspose", "BatchNorm",
    "elementwise", "Tanh", "Relu", "Exp", "LogSoftmax", "Softmax", "Softplus", "Sigmoid",
    "Elu", "LeakyRelu", "Selu", "Gelu", "MaxPool", "SumPool", "AvgPool", "Flatten",
    "Identity", "FanOut", "FanInSum", "FanInConcat", "Dropout", "serial", "parallel",
    "shape_dependent", "glorot", "randn", "logsoftmax", "relu", "log_softmax", "softmax",
    "softplus", "sigmoid", "elu", "leaky_relu", "selu", "gelu", "standardize",
    "glorot_normal", "normal", "ones", "zeros",
]  # fmt: skip

glorot = glorot_normal
randn = normal
logsoftmax = log_softmax

Layer = tuple[Callable[..., Any], Callable[..., Any]]


def Dense(out_dim: int, W_init: Callable = glorot_normal(), b_init: Callable = normal()) -> Layer:  # noqa: B008
    """A fully-connected layer: ``inputs @ W + b``."""

    def init_fun(rng: Any, input_shape: tuple[int, ...]) -> Any:
        output_shape = (*input_shape[:-1], out_dim)
        k1, k2 = random.split(rng)
        return output_shape, (W_init(k1, (input_shape[-1], out_dim)), b_init(k2, (out_dim,)))

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        W, b = params
        return jnp.dot(inputs, W) + b

    return init_fun, apply_fun


def _window_out(size: int, window: int, stride: int, padding: Any) -> int:
    if padding == "VALID":
        return max(0, -(-(size - window + 1) // stride))
    if padding == "SAME":
        return -(-size // stride)
    lo, hi = padding
    return max(0, (size + lo + hi - window) // stride + 1)


def _paddings(padding: Any, ndim: int) -> list[Any]:
    if isinstance(padding, str):
        if padding not in ("VALID", "SAME", "SAME_LOWER"):
            raise ValueError(f"Unknown padding type: {padding}.")
        return ["SAME" if padding.startswith("SAME") else "VALID"] * ndim
    return [tuple(p) for p in padding]


def GeneralConv(dimension_numbers: tuple[str, str, str], out_chan: int,
                filter_shape: Sequence[int], strides: Sequence[int] | None = None,
                padding: Any = "VALID", W_init: Callable | None = None,
                b_init: Callable = normal(1e-6)) -> Layer:  # noqa: B008  # fmt: skip
    """A convolution with the layouts ``dimension_numbers`` (lhs, rhs, out specs)."""
    lhs_spec, rhs_spec, out_spec = dimension_numbers
    one = (1,) * len(filter_shape)
    strides = tuple(strides or one)
    W_init = W_init or glorot_normal(rhs_spec.index("I"), rhs_spec.index("O"))

    def init_fun(rng: Any, input_shape: tuple[int, ...]) -> Any:
        spatial = iter(filter_shape)
        kernel_shape = [
            out_chan
            if c == "O"
            else input_shape[lhs_spec.index("C")]
            if c == "I"
            else next(spatial)
            for c in rhs_spec
        ]
        spatial_in = [input_shape[i] for i, c in enumerate(lhs_spec) if c not in "NC"]
        spatial_k = [kernel_shape[i] for i, c in enumerate(rhs_spec) if c not in "OI"]
        pads = _paddings(padding, len(spatial_in))
        spatial_out = iter(
            _window_out(n, k, s, p) for n, k, s, p in zip(spatial_in, spatial_k, strides, pads)
        )
        batch = input_shape[lhs_spec.index("N")]
        output_shape = tuple(
            batch if c == "N" else out_chan if c == "C" else next(spatial_out) for c in out_spec
        )
        bias_shape = [out_chan if c == "C" else 1 for c in out_spec]
        k1, k2 = random.split(rng)
        return output_shape, (W_init(k1, kernel_shape), b_init(k2, bias_shape))

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        W, b = params
        return (
            lax.conv_general_dilated(
                inputs, W, strides, padding, one, one, dimension_numbers=dimension_numbers
            )
            + b
        )

    return init_fun, apply_fun


Conv = functools.partial(GeneralConv, ("NHWC", "HWIO", "NHWC"))


def GeneralConvTranspose(dimension_numbers: tuple[str, str, str], out_chan: int,
                         filter_shape: Sequence[int], strides: Sequence[int] | None = None,
                         padding: Any = "VALID", W_init: Callable | None = None,
                         b_init: Callable = normal(1e-6)) -> Layer:  # noqa: B008  # fmt: skip
    """A transposed convolution with the layouts ``dimension_numbers``."""
    lhs_spec, rhs_spec, out_spec = dimension_numbers
    one = (1,) * len(filter_shape)
    strides = tuple(strides or one)
    W_init = W_init or glorot_normal(rhs_spec.index("I"), rhs_spec.index("O"))

    def init_fun(rng: Any, input_shape: tuple[int, ...]) -> Any:
        spatial = iter(filter_shape)
        kernel_shape = [
            out_chan
            if c == "O"
            else input_shape[lhs_spec.index("C")]
            if c == "I"
            else next(spatial)
            for c in rhs_spec
        ]
        spatial_in = [input_shape[i] for i, c in enumerate(lhs_spec) if c not in "NC"]
        spatial_k = [kernel_shape[i] for i, c in enumerate(rhs_spec) if c not in "OI"]
        if padding == "SAME":
            sizes = [n * s for n, s in zip(spatial_in, strides)]
        elif padding == "VALID":
            sizes = [n * s + max(k - s, 0) for n, k, s in zip(spatial_in, spatial_k, strides)]
        else:
            raise ValueError(f"padding must be 'SAME' or 'VALID', got {padding!r}")
        spatial_out = iter(sizes)
        batch = input_shape[lhs_spec.index("N")]
        output_shape = tuple(
            batch if c == "N" else out_chan if c == "C" else next(spatial_out) for c in out_spec
        )
        bias_shape = [out_chan if c == "C" else 1 for c in out_spec]
        k1, k2 = random.split(rng)
        return output_shape, (W_init(k1, kernel_shape), b_init(k2, bias_shape))

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        W, b = params
        return (
            lax.conv_transpose(inputs, W, strides, padding, dimension_numbers=dimension_numbers) + b
        )

    return init_fun, apply_fun


Conv1DTranspose = functools.partial(GeneralConvTranspose, ("NHC", "HIO", "NHC"))
ConvTranspose = functools.partial(GeneralConvTranspose, ("NHWC", "HWIO", "NHWC"))


def BatchNorm(axis: Sequence[int] = (0, 1, 2), epsilon: float = 1e-5, center: bool = True,
              scale: bool = True, beta_init: Callable = zeros,
              gamma_init: Callable = ones) -> Layer:  # fmt: skip
    """Normalisation over ``axis`` with a learned shift (``center``) and scale."""
    axis = (axis,) if isinstance(axis, int) else tuple(axis)

    def init_fun(rng: Any, input_shape: tuple[int, ...]) -> Any:
        shape = tuple(d for i, d in enumerate(input_shape) if i not in axis)
        k1, k2 = random.split(rng)
        beta = beta_init(k1, shape) if center else ()
        gamma = gamma_init(k2, shape) if scale else ()
        return input_shape, (beta, gamma)

    def apply_fun(params: Any, x: Any, **kwargs: Any) -> Any:
        beta, gamma = params
        expand = tuple(None if i in axis else slice(None) for i in range(jnp.ndim(x)))
        z = standardize(x, axis, epsilon=epsilon)
        if center and scale:
            return gamma[expand] * z + beta[expand]
        if center:
            return z + beta[expand]
        if scale:
            return gamma[expand] * z
        return z

    return init_fun, apply_fun


def elementwise(fun: Callable[..., Any], **fun_kwargs: Any) -> Layer:
    """A layer applying ``fun`` to its inputs (no parameters)."""

    def init_fun(rng: Any, input_shape: Any) -> Any:
        return input_shape, ()

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        return fun(inputs, **fun_kwargs)

    return init_fun, apply_fun


Tanh = elementwise(jnp.tanh)
Relu = elementwise(relu)
Exp = elementwise(jnp.exp)
LogSoftmax = elementwise(log_softmax, axis=-1)
Softmax = elementwise(softmax, axis=-1)
Softplus = elementwise(softplus)
Sigmoid = elementwise(sigmoid)
Elu = elementwise(elu)
LeakyRelu = elementwise(leaky_relu)
Selu = elementwise(selu)
Gelu = elementwise(gelu)


def _pooling_layer(reducer: Callable, init_val: float,
                   rescaler: Callable | None = None) -> Callable[..., Layer]:  # fmt: skip
    def PoolingLayer(window_shape: Sequence[int], strides: Sequence[int] | None = None,
                     padding: str = "VALID", spec: str | None = None) -> Layer:  # fmt: skip
        window_shape = tuple(window_shape)
        strides = tuple(strides or (1,) * len(window_shape))
        rescale = rescaler(window_shape, strides, padding) if rescaler else None
        if spec is None:
            non_spatial = (0, len(window_shape) + 1)
        else:
            non_spatial = (spec.index("N"), spec.index("C"))
        dims, steps = window_shape, strides
        for i in sorted(non_spatial):
            dims = (*dims[:i], 1, *dims[i:])
            steps = (*steps[:i], 1, *steps[i:])

        def init_fun(rng: Any, input_shape: tuple[int, ...]) -> Any:
            pads = _paddings(padding, len(input_shape))
            out_shape = tuple(
                _window_out(n, k, s, p) for n, k, s, p in zip(input_shape, dims, steps, pads)
            )
            return out_shape, ()

        def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
            out = lax.reduce_window(inputs, init_val, reducer, dims, steps, padding)
            return rescale(out, inputs, spec) if rescale else out

        return init_fun, apply_fun

    return PoolingLayer


def _normalize_by_window_size(dims: tuple[int, ...], strides: tuple[int, ...],
                              padding: str) -> Callable[..., Any]:  # fmt: skip
    def rescale(outputs: Any, inputs: Any, spec: str | None) -> Any:
        if spec is None:
            non_spatial = (0, inputs.ndim - 1)
        else:
            non_spatial = (spec.index("N"), spec.index("C"))
        spatial_shape = tuple(inputs.shape[i] for i in range(inputs.ndim) if i not in non_spatial)
        one = jnp.ones(spatial_shape, dtype=inputs.dtype)
        window_sizes = lax.reduce_window(one, 0.0, lax.add, dims, strides, padding)
        for i in sorted(non_spatial):
            window_sizes = jnp.expand_dims(window_sizes, i)
        return outputs / window_sizes

    return rescale


MaxPool = _pooling_layer(lax.max, -math.inf)
SumPool = _pooling_layer(lax.add, 0.0)
AvgPool = _pooling_layer(lax.add, 0.0, _normalize_by_window_size)


def _flatten() -> Layer:
    def init_fun(rng: Any, input_shape: tuple[int, ...]) -> Any:
        return (input_shape[0], math.prod(input_shape[1:])), ()

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        return jnp.reshape(inputs, (inputs.shape[0], -1))

    return init_fun, apply_fun


Flatten = _flatten()


def _identity() -> Layer:
    def init_fun(rng: Any, input_shape: Any) -> Any:
        return input_shape, ()

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        return inputs

    return init_fun, apply_fun


Identity = _identity()


def FanOut(num: int) -> Layer:
    """``num`` copies of the input."""

    def init_fun(rng: Any, input_shape: Any) -> Any:
        return [input_shape] * num, ()

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        return [inputs] * num

    return init_fun, apply_fun


def _fan_in_sum() -> Layer:
    def init_fun(rng: Any, input_shape: Any) -> Any:
        return input_shape[0], ()

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        return sum(inputs)

    return init_fun, apply_fun


FanInSum = _fan_in_sum()


def FanInConcat(axis: int = -1) -> Layer:
    """The inputs concatenated along ``axis``."""

    def init_fun(rng: Any, input_shape: Any) -> Any:
        ax = axis % len(input_shape[0])
        size = sum(shape[ax] for shape in input_shape)
        return (*input_shape[0][:ax], size, *input_shape[0][ax + 1 :]), ()

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        return jnp.concatenate(inputs, axis)

    return init_fun, apply_fun


def Dropout(rate: float, mode: str = "train") -> Layer:
    """Dropout; as in JAX's stax, ``rate`` is the probability of *keeping* a unit."""

    def init_fun(rng: Any, input_shape: Any) -> Any:
        return input_shape, ()

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        rng = kwargs.get("rng")
        if rng is None:
            raise ValueError(
                "Dropout layer requires apply_fun to be called with a PRNG key argument. That "
                "is, instead of `apply_fun(params, inputs)`, call it like "
                "`apply_fun(params, inputs, rng)` where `rng` is a PRNG key (e.g. from "
                "`jax.random.key`)."
            )
        if mode == "train":
            keep = random.bernoulli(rng, rate, inputs.shape)
            return jnp.where(keep, inputs / rate, 0)
        return inputs

    return init_fun, apply_fun


def serial(*layers: Layer) -> Layer:
    """Layers composed in sequence (each gets its own split of ``rng``)."""
    count = len(layers)
    init_funs, apply_funs = zip(*layers) if layers else ((), ())

    def init_fun(rng: Any, input_shape: Any) -> Any:
        params = []
        for init in init_funs:
            rng, layer_rng = random.split(rng)
            input_shape, param = init(layer_rng, input_shape)
            params.append(param)
        return input_shape, params

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        rng = kwargs.pop("rng", None)
        rngs = random.split(rng, count) if rng is not None else (None,) * count
        for fun, param, layer_rng in zip(apply_funs, params, rngs):
            inputs = fun(param, inputs, rng=layer_rng, **kwargs)
        return inputs

    return init_fun, apply_fun


def parallel(*layers: Layer) -> Layer:
    """Layers applied to the corresponding members of a sequence of inputs."""
    count = len(layers)
    init_funs, apply_funs = zip(*layers) if layers else ((), ())

    def init_fun(rng: Any, input_shape: Any) -> Any:
        rngs = random.split(rng, count)
        return tuple(zip(*[init(r, shape) for init, r, shape in zip(init_funs, rngs, input_shape)]))

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        rng = kwargs.pop("rng", None)
        rngs = random.split(rng, count) if rng is not None else (None,) * count
        return [f(p, x, rng=r, **kwargs) for f, p, x, r in zip(apply_funs, params, inputs, rngs)]

    return init_fun, apply_fun


def shape_dependent(make_layer: Callable[[Any], Layer]) -> Layer:
    """A layer built from the input shape by ``make_layer``."""

    def init_fun(rng: Any, input_shape: Any) -> Any:
        return make_layer(input_shape)[0](rng, input_shape)

    def apply_fun(params: Any, inputs: Any, **kwargs: Any) -> Any:
        return make_layer(inputs.shape)[1](params, inputs, **kwargs)

    return init_fun, apply_fun
