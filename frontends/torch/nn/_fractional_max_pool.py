"""torch.nn.functional.fractional_max_pool2d/3d (and ``_with_indices``).

As torch 2.13's CPU kernels: each (batch, channel) plane has one sample ``u`` per spatial
dimension (``_random_samples`` of shape ``(N, C, 2|3)``, drawn with ``torch.rand`` in the
input's dtype when not given: real torch's numbers for the same seed); window starts are
``int((i + u) * alpha) - int(u * alpha)`` with ``alpha = (in - k) / (out - 1)`` computed in
the input's dtype (half and bfloat16 rounded after each step, as c10's ``Half`` does), the
last window ends at the input's edge. The maximum of each window is picked by a gather
(the first maximum; a NaN wins, the last one), so gradients flow through core.autodiff's
gather rule, as torch's backward scatters them to the indices. Indices are flat within a
plane, int64. The 2-D kernel reads a plane's samples as (W, H), the 3-D one as (T, H, W).
"""

from __future__ import annotations

import math
from typing import Any

import numpy

import core
from core import native as ops
from frontends.torch import _dtype
from frontends.torch._frontend import torch_function
from frontends.torch._tensor import Tensor

__all__ = [
    "fractional_max_pool2d",
    "fractional_max_pool2d_with_indices",
    "fractional_max_pool3d",
    "fractional_max_pool3d_with_indices",
]

_DIMENSION_NAMES = {2: ("height", "width"), 3: ("time", "height", "width")}
_SAMPLE_COLUMNS = {2: (1, 0), 3: (0, 1, 2)}  # which sample each spatial dimension reads


def _sizes(value: Any, n: int, what: str) -> tuple[int, ...]:
    values = (value,) * n if isinstance(value, int) else tuple(value)
    if len(values) == 1:
        values = values * n
    if len(values) != n:
        ints = "tuple of Ints" if n == 2 else "tuple of three Ints"
        raise RuntimeError(f"fractional_max_pool{n}d: {what} must either be a single Int or {ints}")
    return tuple(int(v) for v in values)


def _check(n: int, x: Any, kernel: tuple[int, ...], output: tuple[int, ...], samples: Any) -> None:
    prefix = "fractional_max_pool2d()" if n == 2 else "fractional_max_pool3d_out()"
    shape = tuple(x.shape)
    if len(shape) not in (n + 1, n + 2):
        raise RuntimeError(
            f"{prefix}: Expected {n + 1}D or {n + 2}D tensor, but got: {list(shape)}"
        )
    for d in range(1, len(shape)):
        if shape[d] == 0:
            raise RuntimeError(
                f"{prefix}: Expected input to have non-zero size for non-batch dimensions, "
                f"but got{list(shape)} with dimension {d} being empty."
            )
    for name, size, k, out in zip(_DIMENSION_NAMES[n], shape[-n:], kernel, output):
        fits = out + k - 1 <= size if n == 2 else out + k - 1 < size
        if not fits:
            raise RuntimeError(
                f"{prefix}: pool {name} {k} too large relative to input {name} {size}"
            )
    sample_shape = tuple(samples.shape)
    if core.as_core_dtype(samples.dtype) != core.as_core_dtype(x.dtype):
        raise RuntimeError("Expect _random_samples to have the same dtype as input")
    if len(sample_shape) != 3:
        raise RuntimeError(f"Expect _random_samples to have 3 dimensions, got {len(sample_shape)}")
    batch = shape[0] if len(shape) == n + 2 else 1
    if sample_shape[0] < batch:
        raise RuntimeError("Expect _random_samples.size(0) no less then input batch size.")
    if sample_shape[1] != shape[-n - 1]:
        raise RuntimeError("Expect _random_samples.size(1) equals to input channel size.")
    if sample_shape[2] != n:
        raise RuntimeError(f"Expect _random_samples.size(2) equals to {n}; got {sample_shape[2]}.")


def _starts(sample: Any, size: int, out: int, k: int, dtype: core.Dtype) -> Any:
    """torch's ``generate_intervals`` for the samples ``(N, C)``: window starts ``(N, C, out)``."""
    last = ops.full((*tuple(sample.shape), 1), size - k, dtype=core.int64)
    if out <= 1:
        return last[..., :out]
    reduced = dtype in ("float16", "bfloat16")
    exact = core.float32 if reduced else dtype
    host = numpy.dtype(str(exact))

    def rounded(v: Any) -> Any:
        return ops.astype(ops.astype(v, dtype), exact) if reduced else v

    alpha_host = host.type(size - k) / host.type(out - 1)
    if reduced:
        alpha_host = host.type(numpy.asarray(alpha_host).astype(_numpy(dtype)))
    alpha = ops.asarray(alpha_host, dtype=exact)
    u = ops.expand_dims(rounded(ops.astype(sample, exact)), axis=-1)
    steps = ops.asarray(numpy.arange(out - 1, dtype=host), dtype=exact)
    scaled = rounded(ops.multiply(rounded(ops.add(steps, u)), alpha))
    offset = rounded(ops.multiply(u, alpha))
    starts = ops.subtract(ops.astype(scaled, core.int64), ops.astype(offset, core.int64))
    return ops.concat([starts, last], axis=-1)


def _numpy(dtype: core.Dtype) -> Any:
    if dtype == "bfloat16":
        import ml_dtypes

        return ml_dtypes.bfloat16
    return numpy.dtype(str(dtype))


def _pool(n: int, x: Any, kernel: tuple[int, ...], output: tuple[int, ...], samples: Any) -> Any:
    """Pooled values and flat indices of a batched ``(N, C, *spatial)`` input."""
    dtype = core.as_core_dtype(x.dtype)
    batch, channels, *spatial = (int(s) for s in x.shape)
    samples = samples[:batch]
    flat = None
    for d in range(n):
        starts = _starts(
            samples[..., _SAMPLE_COLUMNS[n][d]], spatial[d], output[d], kernel[d], dtype
        )
        positions = ops.add(
            ops.expand_dims(starts, axis=-1),
            ops.asarray(numpy.arange(kernel[d]), dtype=core.int64),
        )  # (N, C, out_d, k_d)
        shape = [batch, channels] + [1] * (2 * n)
        shape[2 + d], shape[2 + n + d] = output[d], kernel[d]
        positions = ops.reshape(positions, tuple(shape))  # unit axes inserted: same order
        flat = positions if flat is None else ops.add(ops.multiply(flat, spatial[d]), positions)
    window = math.prod(kernel)
    cells = math.prod(output)
    index = ops.reshape(
        ops.broadcast_to(flat, (batch, channels, *output, *kernel)),
        (batch, channels, cells * window),
    )
    plane = ops.reshape(x, (batch, channels, math.prod(spatial)))
    values = ops.reshape(
        ops.take_along_axis(plane, index, axis=-1), (batch, channels, *output, window)
    )
    index = ops.reshape(index, (batch, channels, *output, window))
    nan = ops.isnan(values)
    finite = ops.where(nan, ops.asarray(-math.inf, dtype=dtype), values)
    pick = ops.argmax(finite, axis=-1, keepdims=True)
    last_nan = ops.subtract(window - 1, ops.argmax(ops.flip(nan, axis=-1), axis=-1, keepdims=True))
    pick = ops.where(ops.any(nan, axis=-1, keepdims=True), last_nan, pick)
    pooled = ops.squeeze(ops.take_along_axis(values, pick, axis=-1), axis=-1)
    indices = ops.squeeze(ops.take_along_axis(index, pick, axis=-1), axis=-1)
    return pooled, ops.astype(indices, core.int64)


def _fractional_op(n: int) -> Any:
    def op(input: Any, kernel_size: Any, output_size: Any, _random_samples: Any) -> Any:
        kernel = _sizes(kernel_size, n, "kernel_size")
        output = _sizes(output_size, n, "output_size")
        _check(n, input, kernel, output, _random_samples)
        dtype = core.as_core_dtype(input.dtype)
        if not dtype.is_float_dtype:
            raise NotImplementedError(
                f'"fractional_max_pool{n}d_out_frame" not implemented for '
                f"'{_dtype.scalar_type_name(dtype)}'"
            )
        batched = len(input.shape) == n + 2
        x = input if batched else ops.expand_dims(input, axis=0)
        samples = _random_samples
        if 0 in tuple(x.shape) or 0 in output:
            shape = (*tuple(x.shape[:2]), *output)
            pooled, indices = ops.zeros(shape, dtype=dtype), ops.zeros(shape, dtype=core.int64)
        else:
            pooled, indices = _pool(n, x, kernel, output, samples)
        if not batched:
            pooled, indices = ops.squeeze(pooled, axis=0), ops.squeeze(indices, axis=0)
        return pooled, indices

    op.__name__ = op.__qualname__ = f"_fractional_max_pool{n}d"
    return torch_function("input")(op)


_ops = {2: _fractional_op(2), 3: _fractional_op(3)}


def _with_indices(
    n: int,
    input: Tensor,
    kernel_size: Any,
    output_size: Any,
    output_ratio: Any,
    _random_samples: Tensor | None,
) -> tuple[Tensor, Tensor]:
    if output_size is None and output_ratio is None:
        raise ValueError(
            f"fractional_max_pool{n}d requires specifying either an output_size or an output_ratio"
        )
    if output_size is None:
        if n == 2 and len(output_ratio) > 2:  # a number has no len(), as in torch
            raise ValueError(
                "fractional_max_pool2d requires output_ratio to either be a single Int or tuple "
                "of Ints."
            )
        iterable = isinstance(output_ratio, list | tuple)
        ratio = tuple(output_ratio) if iterable else (output_ratio,) * n
        if len(ratio) < n:
            raise IndexError("tuple index out of range")
        output_size = [int(input.size(-n + d) * ratio[d]) for d in range(n)]
    if _random_samples is None:
        from frontends.torch.random_sampling import rand

        n_batch = 1 if input.dim() == n + 1 else input.size(0)
        _random_samples = rand(n_batch, input.size(-n - 1), n, dtype=input.dtype)
    return _ops[n](input, kernel_size, output_size, _random_samples)


def fractional_max_pool2d_with_indices(
    input: Tensor,
    kernel_size: Any,
    output_size: Any = None,
    output_ratio: Any = None,
    return_indices: bool = False,
    _random_samples: Tensor | None = None,
) -> tuple[Tensor, Tensor]:
    """2-D fractional max pooling (Graham, 2015): values and flat int64 indices."""
    return _with_indices(2, input, kernel_size, output_size, output_ratio, _random_samples)


def fractional_max_pool3d_with_indices(
    input: Tensor,
    kernel_size: Any,
    output_size: Any = None,
    output_ratio: Any = None,
    return_indices: bool = False,
    _random_samples: Tensor | None = None,
) -> tuple[Tensor, Tensor]:
    """3-D fractional max pooling: values and flat int64 indices."""
    return _with_indices(3, input, kernel_size, output_size, output_ratio, _random_samples)


def fractional_max_pool2d(
    input: Tensor,
    kernel_size: Any,
    output_size: Any = None,
    output_ratio: Any = None,
    return_indices: bool = False,
    _random_samples: Tensor | None = None,
) -> Any:
    """2-D fractional max pooling; ``return_indices`` adds the flat indices."""
    result = fractional_max_pool2d_with_indices(
        input, kernel_size, output_size, output_ratio, return_indices, _random_samples
    )
    return result if return_indices else result[0]


def fractional_max_pool3d(
    input: Tensor,
    kernel_size: Any,
    output_size: Any = None,
    output_ratio: Any = None,
    return_indices: bool = False,
    _random_samples: Tensor | None = None,
) -> Any:
    """3-D fractional max pooling; ``return_indices`` adds the flat indices."""
    result = fractional_max_pool3d_with_indices(
        input, kernel_size, output_size, output_ratio, return_indices, _random_samples
    )
    return result if return_indices else result[0]
