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
from core import autodiff as _ad
from core import native as ops
from frontends.base.array import to_native
from frontends.torch import _dtype
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
    sample_dtype = samples.dtype.core_dtype if isinstance(samples, Tensor) else samples.dtype
    if core.as_core_dtype(sample_dtype) != core.as_core_dtype(x.dtype):
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


def _starts(samples: numpy.ndarray, size: int, out: int, k: int) -> numpy.ndarray:
    """torch's ``generate_intervals`` for host samples ``(N, C)`` in the input's dtype:
    window starts ``(N, C, out)``. Half and bfloat16 round after each step (c10's ``Half``
    computes in float)."""
    last = numpy.full((*samples.shape, 1), size - k, numpy.int64)
    if out <= 1:
        return last[..., :out]
    dtype = samples.dtype
    exact = numpy.dtype(numpy.float64 if dtype == numpy.float64 else numpy.float32)

    def rounded(v: numpy.ndarray) -> numpy.ndarray:
        return v.astype(dtype).astype(exact)

    alpha = rounded(numpy.asarray(exact.type(size - k) / exact.type(out - 1)))
    u = rounded(samples.astype(exact))[..., None]
    steps = numpy.arange(out - 1, dtype=exact)
    with numpy.errstate(invalid="ignore"):
        scaled = rounded(rounded(steps + u) * alpha).astype(numpy.int64)
        offset = rounded(u * alpha).astype(numpy.int64)
    return numpy.concatenate([scaled - offset, numpy.broadcast_to(last, (*samples.shape, 1))], -1)


def _window_indices(
    samples: numpy.ndarray,
    spatial: tuple[int, ...],
    kernel: tuple[int, ...],
    output: tuple[int, ...],
) -> numpy.ndarray:
    """Flat indices (within a plane) of every window element: ``(N, C, *output, window)``."""
    n = len(spatial)
    batch, channels = samples.shape[:2]
    flat = numpy.zeros((batch, channels) + (1,) * (2 * n), numpy.int64)
    for d in range(n):
        starts = _starts(samples[..., _SAMPLE_COLUMNS[n][d]], spatial[d], output[d], kernel[d])
        positions = starts[..., None] + numpy.arange(kernel[d])  # (N, C, out_d, k_d)
        shape = [batch, channels] + [1] * (2 * n)
        shape[2 + d], shape[2 + n + d] = output[d], kernel[d]
        flat = flat * spatial[d] + positions.reshape(shape)  # unit axes inserted: same order
    flat = numpy.broadcast_to(flat, (batch, channels, *output, *kernel))
    return flat.reshape(batch, channels, *output, math.prod(kernel))


def _pick(plane: Any, index: Any) -> tuple[Any, Any]:
    """The picked window element of each output: the first maximum, or the last NaN (torch's
    ``val > maxVal || isnan(val)`` scan). ``plane``: ``(N, C, P)``; ``index``:
    ``(N, C, cells, window)`` flat within a plane. Returns the picks ``(N, C, cells)`` flat
    within a plane, and flat in the whole input."""
    batch, channels, cells, window = (int(s) for s in index.shape)
    values = ops.take_along_axis(plane, ops.reshape(index, (batch, channels, -1)), axis=-1)
    values = ops.reshape(values, (batch, channels, cells, window))
    nan = ops.isnan(values)
    lowest = ops.full((), -math.inf, dtype=core.as_core_dtype(values.dtype))
    first_max = ops.argmax(ops.where(nan, lowest, values), axis=-1, keepdims=True)
    last_nan = ops.subtract(window - 1, ops.argmax(ops.flip(nan, axis=-1), axis=-1, keepdims=True))
    pick = ops.where(ops.any(nan, axis=-1, keepdims=True), last_nan, first_max)
    local = ops.squeeze(ops.take_along_axis(index, pick, axis=-1), axis=-1)
    size = int(plane.shape[-1])
    planes = ops.reshape(
        ops.arange(0, batch * channels * size, size, dtype=core.int64), (batch, channels, 1)
    )
    return local, ops.add(local, planes)


_compiled_pick = core.compile(_pick)


def _host(samples: Any) -> numpy.ndarray:
    if isinstance(samples, numpy.ndarray):
        return samples
    native = samples.native if isinstance(samples, Tensor) else to_native(samples)
    return core.Array(native).to_numpy()


def _fractional(
    n: int, input: Any, kernel_size: Any, output_size: Any, samples: Any
) -> tuple[Tensor, Tensor]:
    """The pooled values and flat int64 indices (torch's ``fractional_max_pool{n}d`` op)."""
    kernel = _sizes(kernel_size, n, "kernel_size")
    output = _sizes(output_size, n, "output_size")
    x = input.native if isinstance(input, Tensor) else to_native(input)
    _check(n, x, kernel, output, samples)
    dtype = core.as_core_dtype(x.dtype)
    if not dtype.is_float_dtype:
        raise NotImplementedError(
            f'"fractional_max_pool{n}d_out_frame" not implemented for '
            f"'{_dtype.scalar_type_name(dtype)}'"
        )
    batched = len(x.shape) == n + 2
    if not batched:
        x = ops.expand_dims(x, axis=0)
    batch, channels, *spatial = (int(s) for s in x.shape)
    shape = (batch, channels, *output)
    if 0 in shape:
        pooled, indices = ops.zeros(shape, dtype=dtype), ops.zeros(shape, dtype=core.int64)
    else:
        host_index = _window_indices(_host(samples)[:batch], tuple(spatial), kernel, output)
        index = ops.asarray(host_index.reshape(batch, channels, -1, host_index.shape[-1]))
        plane = ops.reshape(x, (batch, channels, math.prod(spatial)))
        with _ad.no_grad():
            local, overall = _compiled_pick(plane, index)  # (N, C, cells)
        pooled = ops.reshape(ops.take(ops.reshape(x, (-1,)), overall), shape)
        indices = ops.reshape(local, shape)
    if not batched:
        pooled, indices = ops.squeeze(pooled, axis=0), ops.squeeze(indices, axis=0)
    return Tensor._from_native(pooled), Tensor._from_native(indices)


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
        from frontends.torch import random_sampling

        n_batch = 1 if input.dim() == n + 1 else input.size(0)
        shape = (n_batch, input.size(-n - 1), n)
        dtype = random_sampling._float_dtype(input.dtype)
        _random_samples = random_sampling._uniform_host(
            random_sampling._mt(None), shape, dtype, 0.0, 1.0
        )  # torch.rand(shape, dtype=input.dtype), kept on the host
    return _fractional(n, input, kernel_size, output_size, _random_samples)


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
