"""core's random functions: sampling driven by explicit, seedable generator state.

A :class:`Generator` holds a seed and a counter. Every sampling function takes one (or uses
the module's default generator, reseeded by :func:`seed`) and advances its counter by one
per call. The random bits are drawn on the host with numpy's Philox bit generator keyed by
``(seed, counter)`` and the result converted to the backend, so the same seed gives the
SAME values on numpy, torch, jax and tensorflow.

What differs from the frameworks, and why: the streams are not those of ``torch.manual_seed``,
``jax.random.PRNGKey`` or ``tf.random`` (no two frameworks share one, and core's promise is
identical values on every backend); sampling happens on the host, so these functions
cannot be traced inside ``jax.jit`` (call them outside and pass the arrays in); inputs
such as ``p`` or ``probs`` are read back to the host.
"""

from __future__ import annotations

from typing import Any

import numpy

from core import dtypes, native
from core.array import Array, ArrayLike
from core.dtypes import Dtype
from core.registry import compositional

NAMESPACE = "random"

_KEY_BITS = 128  # Philox's key width; seeds are taken modulo 2**128
_MANTISSA_BITS = {"float16": 11, "bfloat16": 8, "float32": 24, "float64": 53}


class Generator:
    """Seedable random state: a ``seed`` and the ``counter`` of draws made so far.

    >>> g = Generator(42)
    >>> a = core.random.normal((3,), generator=g)   # counter 0 -> 1
    >>> g.set_state((42, 0))                          # replay the same draw
    """

    __slots__ = ("counter", "seed")

    def __init__(self, seed: int = 0) -> None:
        self.seed = int(seed)
        self.counter = 0

    def get_state(self) -> tuple[int, int]:
        """``(seed, counter)``: everything that decides the next draws."""
        return self.seed, self.counter

    def set_state(self, state: tuple[int, int]) -> None:
        """Restore a state from :meth:`get_state`."""
        self.seed, self.counter = int(state[0]), int(state[1])

    def next_numpy_generator(self) -> numpy.random.Generator:
        """A numpy generator for the next draw, keyed by ``(seed, counter)``; advances the
        counter. Each draw gets its own 2**128-block stretch of Philox's counter space."""
        bits = numpy.random.Philox(
            key=self.seed % 2**_KEY_BITS, counter=(self.counter % 2**_KEY_BITS) << _KEY_BITS
        )
        self.counter += 1
        return numpy.random.Generator(bits)

    def __repr__(self) -> str:
        return f"core.random.Generator(seed={self.seed}, counter={self.counter})"


_default_generator = Generator(0)


def seed(value: int, /) -> None:
    """Reseed the default generator (and reset its counter)."""
    _default_generator.set_state((value, 0))


def default_generator() -> Generator:
    """The generator used when a sampling function is given none."""
    return _default_generator


def _rng(generator: Generator | None) -> numpy.random.Generator:
    return (generator if generator is not None else _default_generator).next_numpy_generator()


def _shape(shape: int | tuple[int, ...]) -> tuple[int, ...]:
    return (int(shape),) if isinstance(shape, int) else tuple(int(n) for n in shape)


def _numpy_dtype(dtype: Dtype) -> numpy.dtype:
    import ml_dtypes

    return numpy.dtype(ml_dtypes.bfloat16 if dtype == "bfloat16" else str(dtype))


def _float_dtype(dtype: Any, name: str) -> Dtype:
    result = dtypes.default_float_dtype() if dtype is None else Dtype(dtype)
    if not result.is_float_dtype:
        raise TypeError(f"core.random.{name} samples real floats; got dtype {result}")
    return result


def _to_host(x: Any) -> numpy.ndarray:
    """A native array of any backend (or a Python number) as a numpy array."""
    from core.backend import backend_of_native

    owner = backend_of_native(x)
    return numpy.asarray(x if owner is None else owner.module.to_numpy(x))


@compositional
def uniform(
    shape: int | tuple[int, ...] = (),
    low: float = 0.0,
    high: float = 1.0,
    *,
    dtype: Any = None,
    generator: Generator | None = None,
) -> Array:
    """Samples from the uniform distribution on ``[low, high)`` (default float dtype).

    Each sample is a multiple of 2**-m in [0, 1) (m the dtype's mantissa bits) scaled to
    ``[low, high)``; rounding to a narrow dtype can still reach ``high`` for some bounds.
    """
    dtype = _float_dtype(dtype, "uniform")
    bits = _rng(generator).integers(0, 2**64, _shape(shape), dtype=numpy.uint64, endpoint=False)
    mantissa = _MANTISSA_BITS[dtype]
    unit = (bits >> numpy.uint64(64 - mantissa)).astype(numpy.float64) * 2.0**-mantissa
    values = (low + (high - low) * unit).astype(_numpy_dtype(dtype))
    return native.asarray(values, dtype=dtype)


@compositional
def normal(
    shape: int | tuple[int, ...] = (),
    mean: float = 0.0,
    std: float = 1.0,
    *,
    dtype: Any = None,
    generator: Generator | None = None,
) -> Array:
    """Samples from the normal distribution with ``mean`` and ``std`` (default float dtype)."""
    dtype = _float_dtype(dtype, "normal")
    values = mean + std * _rng(generator).standard_normal(_shape(shape))
    return native.asarray(values.astype(_numpy_dtype(dtype)), dtype=dtype)


@compositional
def randint(
    low: int,
    high: int,
    shape: int | tuple[int, ...] = (),
    *,
    dtype: Any = None,
    generator: Generator | None = None,
) -> Array:
    """Integers drawn uniformly from ``[low, high)`` (default integer dtype).

    ``ValueError`` when the range is empty or does not fit ``dtype``.
    """
    dtype = dtypes.default_int_dtype() if dtype is None else Dtype(dtype)
    if not dtype.is_int_dtype:
        raise TypeError(f"core.random.randint samples integers; got dtype {dtype}")
    if low >= high:
        raise ValueError(f"core.random.randint needs low < high, got low={low}, high={high}")
    values = _rng(generator).integers(low, high, _shape(shape), dtype=_numpy_dtype(dtype))
    return native.asarray(values, dtype=dtype)


@compositional
def bernoulli(
    p: ArrayLike | float,
    shape: int | tuple[int, ...] | None = None,
    *,
    dtype: Any = None,
    generator: Generator | None = None,
) -> Array:
    """True with probability ``p`` (a number or an array broadcast to ``shape``; the
    default shape is ``p``'s). The result is bool unless ``dtype`` says otherwise (then
    1 and 0)."""
    probabilities = _to_host(p).astype(numpy.float64)
    out_shape = probabilities.shape if shape is None else _shape(shape)
    values = _rng(generator).random(out_shape) < numpy.broadcast_to(probabilities, out_shape)
    dtype = dtypes.bool if dtype is None else Dtype(dtype)
    return native.asarray(values.astype(_numpy_dtype(dtype)), dtype=dtype)


@compositional
def permutation(n: int, *, dtype: Any = None, generator: Generator | None = None) -> Array:
    """A random permutation of ``0 .. n-1`` (default integer dtype)."""
    dtype = dtypes.default_int_dtype() if dtype is None else Dtype(dtype)
    values = _rng(generator).permutation(int(n))
    return native.asarray(values.astype(_numpy_dtype(dtype)), dtype=dtype)


@compositional
def shuffle(x: ArrayLike, /, *, axis: int = 0, generator: Generator | None = None) -> Array:
    """``x`` with its slices along ``axis`` in random order: a new array (numpy shuffles in
    place; core's functions are pure). The permutation depends only on the length."""
    host = _to_host(x)
    if host.ndim == 0:
        raise ValueError("core.random.shuffle needs an array of at least one dimension")
    order = _rng(generator).permutation(host.shape[axis])
    return native.asarray(numpy.take(host, order, axis=axis))


@compositional
def multinomial(
    probs: ArrayLike,
    num_samples: int,
    replacement: bool = False,
    *,
    generator: Generator | None = None,
) -> Array:
    """Category indices drawn from the last axis of ``probs`` (non-negative weights, not
    necessarily normalised), ``num_samples`` per row, as int64 of shape
    ``probs.shape[:-1] + (num_samples,)`` (torch's ``multinomial``). Without replacement
    ``num_samples`` may not exceed the number of categories of non-zero weight."""
    weights = _to_host(probs).astype(numpy.float64)
    if weights.ndim == 0:
        raise ValueError("core.random.multinomial needs probs with at least one dimension")
    if (weights < 0).any() or not numpy.isfinite(weights).all():
        raise ValueError("core.random.multinomial needs finite, non-negative probs")
    rows = weights.reshape(-1, weights.shape[-1])
    totals = rows.sum(axis=1)
    if (totals <= 0).any():
        raise ValueError("core.random.multinomial needs a positive total weight in each row")
    if not replacement and (numpy.count_nonzero(rows, axis=1) < num_samples).any():
        raise ValueError(
            "core.random.multinomial without replacement cannot draw more samples than "
            "there are categories of non-zero weight"
        )
    rng = _rng(generator)
    index_dtype = dtypes.default_int_dtype()
    samples = numpy.array(
        [
            rng.choice(rows.shape[1], size=num_samples, replace=replacement, p=row / total)
            for row, total in zip(rows, totals)
        ],
        dtype=_numpy_dtype(index_dtype),
    ).reshape(weights.shape[:-1] + (num_samples,))
    return native.asarray(samples, dtype=index_dtype)
