"""tf.random: the stateless samplers, the stateful ones (``set_seed`` with TF's global and
op seed rules) and ``tf.random.Generator``, bit for bit with TensorFlow's CPU kernels.

Stateful ops: ``get_seed`` turns (global seed, op seed) into the kernel's ``(seed,
seed2)`` as TF does (in eager mode a missing op seed comes from a ``random.Random`` seeded
with the global seed); TF caches one kernel per op and attributes, whose Philox stream
(key ``seed``, counter ``[0, 0, seed2]``) advances by ``256 * size`` blocks per call, and
``set_seed`` resets them: :data:`_KERNELS` holds those offsets. ``Generator`` keeps TF's
Philox state ``[counter_lo, counter_hi, key]`` and advances it the same way.

TF's stateless ops scramble the seed pair into a Philox-4x32-10 key and counter (one
Philox call on the seed with a fixed key), then fill the output in groups: group ``g``
of a fixed-size distribution uses the Philox block at ``counter + g``; the truncated
normal reserves 256 blocks per group of 4 and draws from them one 32-bit word at a time;
``stateless_categorical`` reads one continuous word stream, two words per sample. Philox
runs here in core int64 arithmetic on 32-bit words (16-bit halves for the 32x32->64
products), so it runs on every backend. Float conversions follow TF's bit recipes
(``Uint32ToFloat``: the low 23 bits as a mantissa in [1, 2), minus 1), computed exactly
in float arithmetic; Box-Muller's log/sin/cos are evaluated in float64 and rounded to
float32, which matches glibc's correctly rounded ``logf``/``sinf``/``cosf``.
"""

from __future__ import annotations

import math as _math
from typing import Any

import numpy

import core
from core import compilation
from core import native as ops
from frontends.base.array import FrontendArray
from frontends.tensorflow import _dtypes, errors
from frontends.tensorflow._conversion import is_native, native_dtype, to_native
from frontends.tensorflow._tensor import Tensor, to_host

__all__ = [
    "stateless_uniform", "stateless_normal", "stateless_truncated_normal",
    "stateless_categorical", "set_seed", "uniform", "normal", "truncated_normal",
    "categorical", "shuffle", "Generator", "Algorithm", "get_global_generator",
    "set_global_generator", "create_rng_state", "experimental", "gamma", "poisson",
    "stateless_gamma", "stateless_poisson",
]  # fmt: skip

_MASK = 0xFFFFFFFF
_M0, _M1 = 0xD2511F53, 0xCD9E8D57
_W0, _W1 = 0x9E3779B9, 0xBB67AE85


# ---------------------------------------------------------------------------------------
# Philox-4x32-10
# ---------------------------------------------------------------------------------------
def _philox_python(counter: list[int], key: list[int]) -> list[int]:
    """One Philox block on Python ints (the seed scrambling)."""
    c = list(counter)
    k0, k1 = key
    for round_ in range(10):
        p0 = _M0 * c[0]
        p1 = _M1 * c[2]
        c = [
            (p1 >> 32) ^ c[1] ^ k0,
            p1 & _MASK,
            (p0 >> 32) ^ c[3] ^ k1,
            p0 & _MASK,
        ]
        if round_ < 9:
            k0 = (k0 + _W0) & _MASK
            k1 = (k1 + _W1) & _MASK
    return c


def _key_counter(seed: Any) -> tuple[list[int], list[int]]:
    """TF's GenerateKey: the seed pair scrambled into a Philox key and counter (on the host:
    a function traced with a traced seed, Keras' seed generators in a train step, runs
    eagerly)."""
    if isinstance(seed, FrontendArray):
        seed = seed.native
    if is_native(seed):
        if compilation.is_traced(seed):
            _check_compilable("a stateless random op with a traced seed")
        seed = to_host(seed)
    values = [int(v) for v in numpy.asarray(seed).reshape(-1)]
    if len(values) != 2:
        raise errors.invalid_argument(
            f"seed must have shape [2], not [{len(values)}]", "StatelessRandomGetKeyCounter"
        )
    s0, s1 = (v & 0xFFFFFFFFFFFFFFFF for v in values)
    mix = _philox_python([s0 & _MASK, s0 >> 32, s1 & _MASK, s1 >> 32], [0x3EC8F720, 0x02461E29])
    return [mix[0], mix[1]], [0, 0, mix[2], mix[3]]


def _const(value: int) -> Any:
    return ops.asarray(value, dtype=core.int64)


def _mulhilo(m: int, b: Any) -> tuple[Any, Any]:
    """(low, high) 32-bit words of ``m * b`` for 32-bit words ``b`` held in int64."""
    mh, ml = m >> 16, m & 0xFFFF
    bh = ops.bitwise_right_shift(b, _const(16))
    bl = ops.bitwise_and(b, _const(0xFFFF))
    low = ops.multiply(bl, _const(ml))
    mid = ops.add(ops.multiply(bl, _const(mh)), ops.multiply(bh, _const(ml)))
    t = ops.add(low, ops.bitwise_left_shift(ops.bitwise_and(mid, _const(0xFFFF)), _const(16)))
    lo = ops.bitwise_and(t, _const(_MASK))
    hi = ops.add(
        ops.add(ops.multiply(bh, _const(mh)), ops.bitwise_right_shift(mid, _const(16))),
        ops.bitwise_right_shift(t, _const(32)),
    )
    return lo, hi


def _philox_native(key: Any, counter: Any, offsets: Any) -> Any:
    """Philox blocks at ``counter + offsets``: ``key`` (2,) and ``counter`` (4,) int64
    arrays of 32-bit words, ``offsets`` an int64 array of block offsets; an int64 array of
    shape ``offsets.shape + (4,)`` holding 32-bit words. A pure function of native arrays
    (compiled once per shape under jax)."""
    mask = _const(_MASK)
    words = [ops.get_item(counter, i) for i in range(4)]
    s = ops.add(offsets, words[0])
    c0 = ops.bitwise_and(s, mask)
    s = ops.add(ops.bitwise_right_shift(s, _const(32)), words[1])
    c1 = ops.bitwise_and(s, mask)
    s = ops.add(ops.bitwise_right_shift(s, _const(32)), words[2])
    c2 = ops.bitwise_and(s, mask)
    s = ops.add(ops.bitwise_right_shift(s, _const(32)), words[3])
    c3 = ops.bitwise_and(s, mask)
    k0, k1 = ops.get_item(key, 0), ops.get_item(key, 1)
    for round_ in range(10):
        lo0, hi0 = _mulhilo(_M0, c0)
        lo1, hi1 = _mulhilo(_M1, c2)
        c0, c1, c2, c3 = (
            ops.bitwise_xor(ops.bitwise_xor(hi1, c1), k0),
            lo1,
            ops.bitwise_xor(ops.bitwise_xor(hi0, c3), k1),
            lo0,
        )
        if round_ < 9:
            k0 = ops.bitwise_and(ops.add(k0, _const(_W0)), mask)
            k1 = ops.bitwise_and(ops.add(k1, _const(_W1)), mask)
    return ops.stack([c0, c1, c2, c3], axis=-1)


def _philox_blocks(key: Any, counter: Any, offsets: Any) -> Any:
    """Philox blocks at ``counter + offsets`` (key and counter: native int64 arrays)."""
    return _philox_native(key, counter, offsets)


def _compiled_on_jax(fn: Any, static: tuple[str, ...]) -> Any:
    """``fn`` (a pure function of native arrays and the ``static`` arguments) compiled
    with core.compile (jax.jit on jax, a tf.function graph on tensorflow), where op-by-op
    dispatch of the ~300 Philox and Box-Muller steps would dominate; called directly
    elsewhere. The integer Philox steps give the same bits compiled or not."""
    compiled = core.compile(fn, static_argnames=static)

    def call(*args: Any, **kwargs: Any) -> Any:
        if core.get_backend() not in ("jax", "tensorflow"):
            return fn(*args, **kwargs)
        return compiled(*args, **kwargs)

    return call


def _key_counter_traced(seed: Any) -> tuple[Any, Any]:
    """:func:`_key_counter` on the device, for a seed traced by a compiled tf.function
    (Keras' seed generators in a train step): the same Philox mixing in int64 words."""
    if _math.prod(seed.shape) != 2:
        raise errors.invalid_argument(
            f"seed must have shape [2], not {list(seed.shape)}", "StatelessRandomGetKeyCounter"
        )
    words = ops.astype(ops.reshape(seed, (2,)), core.int64)
    mask, shift = _const(_MASK), _const(32)
    parts = []
    for i in range(2):
        word = ops.get_item(words, i)
        parts += [ops.bitwise_and(word, mask),
                  ops.bitwise_and(ops.bitwise_right_shift(word, shift), mask)]  # fmt: skip
    key = ops.asarray([0x3EC8F720, 0x02461E29], dtype=core.int64)
    mix = ops.get_item(_philox_native(key, ops.stack(parts), ops.zeros((1,), dtype=core.int64)), 0)
    zero = _const(0)
    return (
        ops.stack([ops.get_item(mix, 0), ops.get_item(mix, 1)]),
        ops.stack([zero, zero, ops.get_item(mix, 2), ops.get_item(mix, 3)]),
    )


def _key_counter_native(seed: Any) -> tuple[Any, Any]:
    native = seed.native if isinstance(seed, FrontendArray) else seed
    if is_native(native) and compilation.is_traced(native):
        return _key_counter_traced(native)
    key, counter = _key_counter(seed)
    return ops.asarray(key, dtype=core.int64), ops.asarray(counter, dtype=core.int64)


def _words(key: Any, counter: Any, count: int) -> Any:
    """The first ``count`` 32-bit words of the stream from ``counter`` (flat int64)."""
    blocks = max(1, -(-count // 4))
    data = _philox_blocks(key, counter, ops.arange(blocks, dtype=core.int64))
    return ops.get_item(ops.reshape(data, (blocks * 4,)), slice(0, count))


# ---------------------------------------------------------------------------------------
# TF's word -> number recipes
# ---------------------------------------------------------------------------------------
def _uint32_to_float(words: Any) -> Any:
    mantissa = ops.bitwise_and(words, _const(0x7FFFFF))
    return ops.multiply(
        ops.astype(mantissa, core.float32), ops.asarray(2.0**-23, dtype=core.float32)
    )


def _uint64_to_double(x0: Any, x1: Any) -> Any:
    high = ops.bitwise_left_shift(ops.bitwise_and(x0, _const(0xFFFFF)), _const(32))
    mantissa = ops.bitwise_or(high, x1)
    return ops.multiply(
        ops.astype(mantissa, core.float64), ops.asarray(2.0**-52, dtype=core.float64)
    )


def _small_float(words: Any, dtype: core.Dtype) -> Any:
    bits = 10 if dtype == core.float16 else 7
    mantissa = ops.bitwise_and(words, _const((1 << bits) - 1))
    value = ops.multiply(
        ops.astype(mantissa, core.float32), ops.asarray(2.0**-bits, dtype=core.float32)
    )
    return ops.astype(value, dtype)


def _f32(x: Any) -> Any:
    return ops.astype(x, core.float32)


def _box_muller_float(x0: Any, x1: Any) -> tuple[Any, Any]:
    """TF's BoxMullerFloat: float32 steps, transcendental functions correctly rounded."""
    u1 = _uint32_to_float(x0)
    u1 = ops.maximum(u1, ops.asarray(1.0e-7, dtype=core.float32))
    v1 = _f32(
        ops.multiply(
            ops.asarray(2.0 * _math.pi, dtype=core.float64),
            ops.astype(_uint32_to_float(x1), core.float64),
        )
    )
    log_u1 = _f32(ops.log(ops.astype(u1, core.float64)))
    u2 = ops.sqrt(ops.multiply(ops.asarray(-2.0, dtype=core.float32), log_u1))
    v64 = ops.astype(v1, core.float64)
    return ops.multiply(_f32(ops.sin(v64)), u2), ops.multiply(_f32(ops.cos(v64)), u2)


def _box_muller_double(x0: Any, x1: Any, x2: Any, x3: Any) -> tuple[Any, Any]:
    u1 = ops.maximum(_uint64_to_double(x0, x1), ops.asarray(1.0e-7, dtype=core.float64))
    v1 = ops.multiply(ops.asarray(2.0 * _math.pi, dtype=core.float64), _uint64_to_double(x2, x3))
    u2 = ops.sqrt(ops.multiply(ops.asarray(-2.0, dtype=core.float64), ops.log(u1)))
    return ops.multiply(ops.sin(v1), u2), ops.multiply(ops.cos(v1), u2)


# ---------------------------------------------------------------------------------------
# samplers
# ---------------------------------------------------------------------------------------
def _shape(shape: Any) -> tuple[int, ...]:
    if isinstance(shape, FrontendArray):
        shape = to_host(shape.native)
    elif is_native(shape):
        shape = to_host(shape)
    return tuple(int(d) for d in numpy.asarray(shape).reshape(-1))


def _column(data: Any, index: int) -> Any:
    return ops.get_item(data, (Ellipsis, index))


def _fixed(key: Any, counter: Any, count: int, per_block: int, make: Any) -> Any:
    """A fixed-size distribution: ``make(block_words)`` turns blocks of 4 words (shape
    (groups, 4)) into (groups, per_block) values; the first ``count`` are kept."""
    groups = max(1, -(-count // per_block))
    blocks = _philox_blocks(key, counter, ops.arange(groups, dtype=core.int64))
    values = make(blocks)
    return ops.get_item(ops.reshape(values, (groups * per_block,)), slice(0, count))


def _uniform_unit(key: Any, counter: Any, count: int, dtype: str) -> Any:
    if dtype == core.float32:
        return _fixed(key, counter, count, 4, _uint32_to_float)
    if dtype in (core.float16, core.bfloat16):
        return _fixed(key, counter, count, 4, lambda b: _small_float(b, dtype))
    if dtype == core.float64:
        return _fixed(
            key, counter, count, 2,
            lambda b: ops.stack(
                [_uint64_to_double(_column(b, 0), _column(b, 1)),
                 _uint64_to_double(_column(b, 2), _column(b, 3))], axis=-1),
        )  # fmt: skip
    raise errors.invalid_argument(f"unsupported dtype {dtype}", "StatelessRandomUniformV2")


def _normal_unit(key: Any, counter: Any, count: int, dtype: str) -> Any:
    if dtype == core.float64:

        def make(b: Any) -> Any:
            f0, f1 = _box_muller_double(*(_column(b, i) for i in range(4)))
            return ops.stack([f0, f1], axis=-1)

        return _fixed(key, counter, count, 2, make)

    def make(b: Any) -> Any:
        a0, a1 = _box_muller_float(_column(b, 0), _column(b, 1))
        b0, b1 = _box_muller_float(_column(b, 2), _column(b, 3))
        return ops.stack([a0, a1, b0, b1], axis=-1)

    values = _fixed(key, counter, count, 4, make)
    return values if dtype == core.float32 else ops.astype(values, dtype)


_TRUNCATED_BLOCKS = 6  # candidate blocks per group (12 pairs: 24 candidates for 4 values)


def _truncated_unit(key: Any, counter: Any, count: int, dtype: str) -> Any:
    """TF's TruncatedNormalDistribution: per group of 4 outputs, a word stream starting
    256 blocks after the previous group's; Box-Muller pairs, kept while |x| < 2."""
    groups = max(1, -(-count // 4))
    offsets = ops.add(
        ops.multiply(ops.reshape(ops.arange(groups, dtype=core.int64), (groups, 1)), _const(256)),
        ops.reshape(ops.arange(_TRUNCATED_BLOCKS, dtype=core.int64), (1, _TRUNCATED_BLOCKS)),
    )
    words = ops.reshape(_philox_blocks(key, counter, offsets), (groups, _TRUNCATED_BLOCKS * 2, 2))
    if dtype == core.float64:
        raise errors.UnimplementedError(
            None, None, "stateless_truncated_normal for float64 is not implemented by this frontend"
        )
    f0, f1 = _box_muller_float(_column(words, 0), _column(words, 1))
    candidates = ops.reshape(ops.stack([f0, f1], axis=-1), (groups, _TRUNCATED_BLOCKS * 4))
    accept = ops.less(ops.abs(candidates), ops.asarray(2.0, dtype=core.float32))
    rank = ops.cumulative_sum(ops.astype(accept, core.int32), axis=1)
    picked = []
    for slot in range(4):
        hit = ops.logical_and(accept, ops.equal(rank, ops.asarray(slot + 1, dtype=core.int32)))
        # exactly one hit per slot: max over a -inf background picks it exactly (and
        # traces under jax.jit, where a gather with computed indices does not yet)
        background = ops.full_like(candidates, -float("inf"))
        picked.append(ops.max(ops.where(hit, candidates, background), axis=1, keepdims=True))
    values = ops.reshape(ops.concat(picked, axis=1), (groups * 4,))
    values = ops.get_item(values, slice(0, count))
    return values if dtype == core.float32 else ops.astype(values, dtype)


_uniform_unit = _compiled_on_jax(_uniform_unit, ("count", "dtype"))
_normal_unit = _compiled_on_jax(_normal_unit, ("count", "dtype"))
_truncated_unit = _compiled_on_jax(_truncated_unit, ("count", "dtype"))


def _scalar_native(value: Any, dtype: core.Dtype) -> Any:
    return to_native(value, dtype)


def _uniform_int(key: Any, counter: Any, count: int, dtype: core.Dtype,
                 minval: Any, maxval: Any) -> Any:  # fmt: skip
    lo = int(to_host(to_native(minval, dtype)))
    hi = int(to_host(to_native(maxval, dtype)))
    if hi <= lo:
        raise errors.invalid_argument(
            f"Need minval < maxval: {lo} >= {hi}", "StatelessRandomUniformIntV2"
        )
    span = hi - lo
    if dtype in (core.int32, core.uint32):
        words = _words(key, counter, count)
        values = ops.add(ops.remainder(words, _const(span)), _const(lo))
        return ops.astype(values, dtype)
    if span >= 2**31:
        raise errors.UnimplementedError(
            None, None, "stateless 64-bit integer sampling over a range of 2**31 or more is not "
            "implemented by this frontend",
        )  # fmt: skip
    words = ops.reshape(_words(key, counter, 2 * count), (count, 2))
    low, high = _column(words, 0), _column(words, 1)
    shift = (2**32) % span
    value = ops.remainder(
        ops.add(ops.multiply(ops.remainder(high, _const(span)), _const(shift)),
                ops.remainder(low, _const(span))),
        _const(span),
    )  # fmt: skip
    return ops.astype(ops.add(value, _const(lo)), dtype)


def stateless_uniform(shape: Any, seed: Any, minval: Any = 0, maxval: Any = None,
                      dtype: Any = _dtypes.float32, name: Any = None, alg: Any = "auto_select") -> Tensor:  # fmt: skip
    """tf.random.stateless_uniform: TF's numbers for the seed. Integer dtypes need
    ``maxval`` (``None`` for int32/int64 samples the full range, not implemented here)."""
    target = _dtypes.as_dtype(dtype).core_dtype
    dims = _shape(shape)
    count = _math.prod(dims)
    key, counter = _key_counter_native(seed)
    if target.kind in "iu":
        if maxval is None:
            raise errors.UnimplementedError(
                None,
                None,
                "stateless_uniform over the full integer range is not implemented by this frontend",
            )
        values = _uniform_int(key, counter, count, target, minval, maxval)
        return Tensor._from_native(ops.reshape(values, dims))
    if maxval is None:
        maxval = 1
    unit = ops.reshape(_uniform_unit(key, counter, count=count, dtype=str(target)), dims)
    low, high = to_native(minval, target), to_native(maxval, target)
    return Tensor._from_native(ops.add(ops.multiply(unit, ops.subtract(high, low)), low))


def stateless_normal(shape: Any, seed: Any, mean: Any = 0.0, stddev: Any = 1.0,
                     dtype: Any = _dtypes.float32, name: Any = None, alg: Any = "auto_select") -> Tensor:  # fmt: skip
    target = _dtypes.as_dtype(dtype).core_dtype
    dims = _shape(shape)
    key, counter = _key_counter_native(seed)
    unit = ops.reshape(_normal_unit(key, counter, count=_math.prod(dims), dtype=str(target)), dims)
    return Tensor._from_native(
        ops.add(ops.multiply(unit, to_native(stddev, target)), to_native(mean, target))
    )


def stateless_truncated_normal(shape: Any, seed: Any, mean: Any = 0.0, stddev: Any = 1.0,
                               dtype: Any = _dtypes.float32, name: Any = None,
                               alg: Any = "auto_select") -> Tensor:  # fmt: skip
    target = _dtypes.as_dtype(dtype).core_dtype
    dims = _shape(shape)
    key, counter = _key_counter_native(seed)
    unit = ops.reshape(
        _truncated_unit(key, counter, count=_math.prod(dims), dtype=str(target)), dims
    )
    return Tensor._from_native(
        ops.add(ops.multiply(unit, to_native(stddev, target)), to_native(mean, target))
    )


def stateless_categorical(logits: Any, num_samples: Any, seed: Any, dtype: Any = _dtypes.int64,
                          name: Any = None) -> Tensor:  # fmt: skip
    """tf.random.stateless_categorical: TF's single-shard CPU kernel (a word stream, two
    words per sample as a double, searched in the float64 running sum of exp(logit-max))."""
    native = logits.native if isinstance(logits, FrontendArray) else to_native(logits)
    samples = (
        int(to_host(to_native(num_samples))) if not isinstance(num_samples, int) else num_samples
    )
    key, counter = _key_counter_native(seed)
    return _categorical_from(native, samples, key, counter, dtype)


# ---------------------------------------------------------------------------------------
# stateful ops: TF's seed rules and kernel cache
# ---------------------------------------------------------------------------------------
_MAXINT32 = 2**31 - 1
_DEFAULT_GRAPH_SEED = 87654321


class _SeedState:
    def __init__(self) -> None:
        self.global_seed: int | None = None
        self.rng: Any = None
        self.kernels: dict[tuple, list[int]] = {}


_STATE = _SeedState()


def set_seed(seed: int | None) -> None:
    """tf.random.set_seed: the global seed; resets every op's stream (TF clears its kernel
    cache)."""
    import random as _random

    _STATE.global_seed = None if seed is None else int(seed)
    _STATE.rng = None if seed is None else _random.Random(int(seed))
    _STATE.kernels = {}


def _get_seed(op_seed: int | None) -> tuple[int | None, int | None]:
    """tf.random.get_seed: the (graph-level, op-level) seed pair an op uses (eager mode)."""
    if _STATE.global_seed is not None:
        if op_seed is None:
            op_seed = _STATE.rng.randint(0, _MAXINT32)
        seeds: tuple = (_STATE.global_seed % _MAXINT32, int(op_seed) % _MAXINT32)
    elif op_seed is not None:
        seeds = (_DEFAULT_GRAPH_SEED, int(op_seed) % _MAXINT32)
    else:
        seeds = (None, None)
    if seeds == (0, 0):
        return 0, _MAXINT32
    return seeds


def _natives(key: int, counter: int) -> tuple[Any, Any]:
    """A 64-bit key and a 128-bit counter as the native word arrays the fills take."""
    counter &= (1 << 128) - 1
    return (
        ops.asarray([key & _MASK, (key >> 32) & _MASK], dtype=core.int64),
        ops.asarray([(counter >> (32 * i)) & _MASK for i in range(4)], dtype=core.int64),
    )


def _reserve(op: str, attrs: tuple, seed: int | None, blocks: int) -> tuple[int, int]:
    """The (key, counter) of the next call of TF's cached kernel ``op`` with ``attrs``,
    advancing its stream by ``blocks`` 128-bit samples."""
    _check_compilable(op)
    s1, s2 = _get_seed(seed)
    s1, s2 = s1 or 0, s2 or 0
    entry = _STATE.kernels.get((op, attrs, s1, s2))
    if entry is None:
        if s1 == 0 and s2 == 0:  # TF seeds such a kernel from the OS
            s1, s2 = (int.from_bytes(numpy.random.bytes(8), "little") for _ in range(2))
        entry = _STATE.kernels[(op, attrs, s1, s2)] = [
            s1 & 0xFFFFFFFFFFFFFFFF,
            (s2 << 64) & ((1 << 128) - 1),
        ]
    key, counter = entry
    entry[1] = (counter + blocks) & ((1 << 128) - 1)
    return key, counter


def _check_compilable(op: str) -> None:
    """Inside a tf.function trace a stateful draw makes the function run eagerly (a
    compiled program would replay one draw)."""
    import sys

    function = sys.modules.get("frontends.tensorflow._function")
    if function is not None:
        function.check_compilable(op)


def _count(dims: tuple[int, ...]) -> int:
    return _math.prod(dims)


def uniform(shape: Any, minval: Any = 0, maxval: Any = None, dtype: Any = _dtypes.float32,
            seed: int | None = None, name: Any = None) -> Tensor:  # fmt: skip
    """tf.random.uniform (RandomUniform / RandomUniformInt)."""
    target = _dtypes.as_dtype(dtype).core_dtype
    dims = _shape(shape)
    count = _count(dims)
    if target.kind in "iu":
        if maxval is None:
            raise ValueError(f"Must specify maxval for integer dtype {_dtypes.of(target).name}")
        lo = int(to_host(to_native(minval, target)))
        hi = int(to_host(to_native(maxval, target)))
        if hi <= lo:
            raise errors.invalid_argument(f"Need minval < maxval: {lo} >= {hi}", "RandomUniformInt")
        key, counter = _natives(*_reserve("RandomUniformInt", (str(target),), seed, count * 256))
        values = _uniform_int(key, counter, count, target, minval, maxval)
        return Tensor._from_native(ops.reshape(values, dims))
    key, counter = _natives(*_reserve("RandomUniform", (str(target),), seed, count * 256))
    unit = ops.reshape(_uniform_unit(key, counter, count=count, dtype=str(target)), dims)
    low, high = to_native(minval, target), to_native(1 if maxval is None else maxval, target)
    return Tensor._from_native(ops.add(ops.multiply(unit, ops.subtract(high, low)), low))


def normal(shape: Any, mean: Any = 0.0, stddev: Any = 1.0, dtype: Any = _dtypes.float32,
           seed: int | None = None, name: Any = None) -> Tensor:  # fmt: skip
    """tf.random.normal (RandomStandardNormal)."""
    target = _dtypes.as_dtype(dtype).core_dtype
    dims = _shape(shape)
    count = _count(dims)
    key, counter = _natives(*_reserve("RandomStandardNormal", (str(target),), seed, count * 256))
    unit = ops.reshape(_normal_unit(key, counter, count=count, dtype=str(target)), dims)
    return Tensor._from_native(
        ops.add(ops.multiply(unit, to_native(stddev, target)), to_native(mean, target))
    )


def truncated_normal(shape: Any, mean: Any = 0.0, stddev: Any = 1.0,
                     dtype: Any = _dtypes.float32, seed: int | None = None,
                     name: Any = None) -> Tensor:  # fmt: skip
    """tf.random.truncated_normal (TruncatedNormal)."""
    target = _dtypes.as_dtype(dtype).core_dtype
    dims = _shape(shape)
    count = _count(dims)
    key, counter = _natives(*_reserve("TruncatedNormal", (str(target),), seed, count * 256))
    unit = ops.reshape(_truncated_unit(key, counter, count=count, dtype=str(target)), dims)
    return Tensor._from_native(
        ops.add(ops.multiply(unit, to_native(stddev, target)), to_native(mean, target))
    )


def _categorical_from(native: Any, samples: int, key: Any, counter: Any, dtype: Any) -> Tensor:
    batch, classes = (int(d) for d in native.shape)
    words = ops.reshape(_words(key, counter, 2 * batch * samples), (batch, samples, 2))
    uniform_ = _uint64_to_double(_column(words, 0), _column(words, 1))
    finite = ops.isfinite(native)
    lowest = ops.asarray(float(numpy.finfo(numpy.float64).min), dtype=core.float64)
    logits64 = ops.astype(native, core.float64)
    row_max = ops.max(ops.where(finite, logits64, lowest), axis=1, keepdims=True)
    weights = ops.where(finite, ops.exp(ops.subtract(logits64, row_max)), ops.zeros_like(logits64))
    cdf = ops.cumulative_sum(weights, axis=1)
    total = ops.get_item(cdf, (slice(None), slice(classes - 1, classes)))
    to_find = ops.multiply(uniform_, total)
    below = ops.less_equal(
        ops.reshape(cdf, (batch, 1, classes)), ops.reshape(to_find, (batch, samples, 1))
    )
    index = ops.sum(ops.astype(below, core.int64), axis=2)
    return Tensor._from_native(ops.astype(index, _dtypes.as_dtype(dtype).core_dtype))


def categorical(logits: Any, num_samples: Any, dtype: Any = None, seed: int | None = None,
                name: Any = None) -> Tensor:  # fmt: skip
    """tf.random.categorical (Multinomial, TF's single-shard CPU kernel)."""
    native = logits.native if isinstance(logits, FrontendArray) else to_native(logits)
    samples = int(to_host(to_native(num_samples)))
    batch = int(native.shape[0])
    draws = 2 * ((samples + 3) // 4 * 4)
    attrs = (str(native_dtype(native)), str(dtype))
    key, counter = _natives(*_reserve("Multinomial", attrs, seed, batch * draws * 256))
    return _categorical_from(native, samples, key, counter, dtype or _dtypes.int64)


def _host_words(key: int, counter: int, count: int) -> list[int]:
    """``count`` 32-bit words of the Philox stream on the host (Python ints)."""
    words: list[int] = []
    block = 0
    key_words = [key & _MASK, (key >> 32) & _MASK]
    while len(words) < count:
        c = (counter + block) & ((1 << 128) - 1)
        words.extend(_philox_python([(c >> (32 * i)) & _MASK for i in range(4)], key_words))
        block += 1
    return words[:count]


def _permutation(size: int, key: int, counter: int) -> list[int]:
    """TF's RandomShuffle: a forward Fisher-Yates with ``word % (size - i)``."""
    words = _host_words(key, counter, size - 1)
    order = list(range(size))
    for i in range(size - 1):
        j = i + words[i] % (size - i)
        order[i], order[j] = order[j], order[i]
    return order


def shuffle(value: Any, seed: int | None = None, name: Any = None) -> Tensor:
    """tf.random.shuffle along the first dimension (RandomShuffle; the permutation is
    drawn on the host, as TF's CPU kernel does)."""
    native = to_native(value)
    size = int(native.shape[0]) if len(native.shape) else 0
    count = 1
    for extent in native.shape:
        count *= int(extent)
    if count <= 1 or size <= 1:
        return Tensor._from_native(native)
    key, counter = _reserve("RandomShuffle", (str(native_dtype(native)),), seed, (size + 2) // 4)
    order = _permutation(size, key, counter)
    return Tensor._from_native(ops.take(native, ops.asarray(order, dtype=core.int64), axis=0))


def _not_implemented(name: str) -> Any:
    def sampler(*args: Any, **kwargs: Any) -> Tensor:
        raise NotImplementedError(
            f"tf.random.{name} is not implemented by this frontend (TF's rejection-sampling "
            "kernel is not reproduced bit for bit); draw with tf.random.uniform/normal and "
            "transform, or run this part with real TensorFlow"
        )

    sampler.__name__ = sampler.__qualname__ = name
    return sampler


gamma = _not_implemented("gamma")
poisson = _not_implemented("poisson")
stateless_gamma = _not_implemented("stateless_gamma")
stateless_poisson = _not_implemented("stateless_poisson")


# ---------------------------------------------------------------------------------------
# tf.random.Generator
# ---------------------------------------------------------------------------------------
class Algorithm:
    """tf.random.Algorithm: only PHILOX is implemented."""

    PHILOX = 1
    THREEFRY = 2
    AUTO_SELECT = 3


def _alg(alg: Any) -> int:
    if alg is None:
        return Algorithm.PHILOX
    value = getattr(alg, "value", alg)
    if isinstance(value, str):
        value = {"philox": 1, "threefry": 2, "auto_select": 3}[value.lower()]
    if value not in (Algorithm.PHILOX, Algorithm.AUTO_SELECT):
        raise NotImplementedError(
            "tf.random.Generator: only the Philox algorithm is implemented by this frontend"
        )
    return Algorithm.PHILOX


def _to_uint64(value: int) -> int:
    return int(value) & 0xFFFFFFFFFFFFFFFF


def create_rng_state(seed: Any, alg: Any) -> Tensor:
    """tf.random.create_rng_state: an int64 tensor of the state (:func:`_rng_state`)."""
    return Tensor._from_native(core.asarray(_rng_state(seed, alg)))


def _rng_state(seed: Any, alg: Any) -> numpy.ndarray:
    """The state's words: a Python int is cut into 64-bit words (lowest first); an array
    is padded with zeros (or truncated) to the state size 3."""
    _alg(alg)
    if isinstance(seed, int):
        words = []
        for _ in range(3):
            words.append(seed & 0xFFFFFFFFFFFFFFFF)
            seed >>= 64
    else:
        if isinstance(seed, FrontendArray) or is_native(seed):
            seed = to_host(to_native(seed))
        words = [_to_uint64(v) for v in numpy.asarray(seed).reshape(-1)][:3]
        words += [0] * (3 - len(words))
    return numpy.asarray(words, dtype=numpy.uint64).astype(numpy.int64)


class Generator:
    """tf.random.Generator (Philox): ``state`` is ``[counter_lo, counter_hi, key]``.
    The state lives in Python ints; ``state`` gives a Variable holding a copy (writing
    to it does not reach the generator)."""

    def __init__(self, copy_from: Generator | None = None, state: Any = None,
                 alg: Any = None) -> None:  # fmt: skip
        if copy_from is not None:
            self._counter, self._key = copy_from._counter, copy_from._key
            return
        words = [_to_uint64(v) for v in _rng_state(state if state is not None else 0, alg)]
        self._counter = words[0] | (words[1] << 64)
        self._key = words[2]
        self._alg = _alg(alg)

    @classmethod
    def from_seed(cls, seed: Any, alg: Any = None) -> Generator:
        return cls(state=_rng_state(seed, alg), alg=alg)

    @classmethod
    def from_state(cls, state: Any, alg: Any) -> Generator:
        return cls(state=state, alg=alg)

    @classmethod
    def from_key_counter(cls, key: Any, counter: Any, alg: Any) -> Generator:
        counter = [_to_uint64(v) for v in numpy.asarray(to_host(to_native(counter))).reshape(-1)]
        key = [_to_uint64(v) for v in numpy.asarray(to_host(to_native(key))).reshape(-1)]
        return cls(state=[*counter, *key], alg=alg)

    @classmethod
    def from_non_deterministic_state(cls, alg: Any = None) -> Generator:
        """Seeded from the OS (not reproducible, as in TF)."""
        words = [int.from_bytes(numpy.random.bytes(8), "little") for _ in range(3)]
        return cls(state=words, alg=alg)

    def reset(self, state: Any) -> None:
        words = [_to_uint64(v) for v in _rng_state(state, self._alg)]
        self._counter, self._key = words[0] | (words[1] << 64), words[2]

    def reset_from_seed(self, seed: Any) -> None:
        self.reset(_rng_state(seed, self._alg))

    def reset_from_key_counter(self, key: Any, counter: Any) -> None:
        other = Generator.from_key_counter(key, counter, self._alg)
        self._counter, self._key = other._counter, other._key

    @property
    def algorithm(self) -> int:
        return self._alg

    @property
    def key(self) -> Tensor:
        return Tensor._from_native(
            ops.asarray(numpy.asarray([self._key], numpy.uint64).astype(numpy.int64))
        )

    @property
    def state(self) -> Any:
        from frontends.tensorflow._variable import Variable

        words = [self._counter & 0xFFFFFFFFFFFFFFFF, self._counter >> 64, self._key]
        return Variable(numpy.asarray(words, numpy.uint64).astype(numpy.int64), trainable=False)

    def skip(self, delta: int) -> None:
        """Advances the counter by ``delta * 256`` (TF's RngSkip)."""
        self._counter = (self._counter + int(delta) * 256) & ((1 << 128) - 1)

    def _take(self, count: int) -> tuple[Any, Any]:
        _check_compilable("Generator")
        counter = self._counter
        self._counter = (counter + count * 256) & ((1 << 128) - 1)
        return _natives(self._key, counter)

    def normal(self, shape: Any, mean: Any = 0.0, stddev: Any = 1.0,
               dtype: Any = _dtypes.float32, name: Any = None) -> Tensor:  # fmt: skip
        target = _dtypes.as_dtype(dtype).core_dtype
        dims = _shape(shape)
        key, counter = self._take(_count(dims))
        unit = ops.reshape(_normal_unit(key, counter, count=_count(dims), dtype=str(target)), dims)
        return Tensor._from_native(
            ops.add(ops.multiply(unit, to_native(stddev, target)), to_native(mean, target))
        )

    def truncated_normal(self, shape: Any, mean: Any = 0.0, stddev: Any = 1.0,
                         dtype: Any = _dtypes.float32, name: Any = None) -> Tensor:  # fmt: skip
        target = _dtypes.as_dtype(dtype).core_dtype
        dims = _shape(shape)
        key, counter = self._take(_count(dims))
        unit = ops.reshape(
            _truncated_unit(key, counter, count=_count(dims), dtype=str(target)), dims
        )
        return Tensor._from_native(
            ops.add(ops.multiply(unit, to_native(stddev, target)), to_native(mean, target))
        )

    def uniform(self, shape: Any, minval: Any = 0, maxval: Any = None,
                dtype: Any = _dtypes.float32, name: Any = None) -> Tensor:  # fmt: skip
        target = _dtypes.as_dtype(dtype).core_dtype
        dims = _shape(shape)
        count = _count(dims)
        if target.kind in "iu":
            if maxval is None:
                if minval is None or (isinstance(minval, int) and minval == 0):
                    return self.uniform_full_int(shape, dtype)
                raise ValueError("Must specify maxval for integer dtype")
            lo = int(to_host(to_native(minval, target)))
            hi = int(to_host(to_native(maxval, target)))
            if hi <= lo:
                raise errors.invalid_argument(
                    f"Need minval < maxval: {lo} >= {hi}", "StatefulUniformInt"
                )
            key, counter = self._take(count)
            values = _uniform_int(key, counter, count, target, minval, maxval)
            return Tensor._from_native(ops.reshape(values, dims))
        key, counter = self._take(count)
        unit = ops.reshape(_uniform_unit(key, counter, count=count, dtype=str(target)), dims)
        low, high = to_native(minval, target), to_native(1 if maxval is None else maxval, target)
        return Tensor._from_native(ops.add(ops.multiply(unit, ops.subtract(high, low)), low))

    def uniform_full_int(self, shape: Any, dtype: Any = _dtypes.uint64,
                         name: Any = None) -> Tensor:  # fmt: skip
        """Every bit pattern of the integer dtype (64-bit: two words, the first low)."""
        target = _dtypes.as_dtype(dtype).core_dtype
        dims = _shape(shape)
        count = _count(dims)
        key, counter = self._take(count)
        if target.bits == 64:
            words = ops.reshape(_words(key, counter, 2 * count), (count, 2))
            low, high = _column(words, 0), _column(words, 1)
            values = ops.bitwise_or(low, ops.bitwise_left_shift(high, _const(32)))
            return Tensor._from_native(ops.reshape(ops.astype(values, target), dims))
        words = _words(key, counter, count)
        if target.kind == "i":  # reinterpret the 32-bit pattern
            words = ops.subtract(words, ops.multiply(
                ops.astype(ops.greater(words, _const(2**31 - 1)), core.int64), _const(2**32)))  # fmt: skip
        return Tensor._from_native(ops.reshape(ops.astype(words, target), dims))

    def _int64_keys(self, count: int) -> list[int]:
        values = to_host(self.uniform_full_int([count], _dtypes.int64).native)
        return [int(v) for v in values]

    def make_seeds(self, count: int = 1) -> Tensor:
        keys = self._int64_keys(count)
        return Tensor._from_native(ops.asarray([keys, [0] * count], dtype=core.int64))

    def split(self, count: int = 1) -> list[Generator]:
        return [Generator(state=[0, 0, key], alg=self._alg) for key in self._int64_keys(count)]

    def categorical(self, logits: Any, num_samples: Any, dtype: Any = None) -> Tensor:
        raise NotImplementedError("tf.random.Generator has no categorical in TF 2.21")


_GLOBAL: list[Generator] = []


def get_global_generator() -> Generator:
    """The global Generator: seeded from the OS on first use (as TF, not reproducible)."""
    if not _GLOBAL:
        _GLOBAL.append(Generator.from_non_deterministic_state())
    return _GLOBAL[0]


def set_global_generator(generator: Generator) -> None:
    _GLOBAL[:] = [generator]


class _Experimental:
    """tf.random.experimental: the stateless and Generator aliases."""

    Generator = Generator
    Algorithm = Algorithm
    create_rng_state = staticmethod(create_rng_state)
    get_global_generator = staticmethod(get_global_generator)
    set_global_generator = staticmethod(set_global_generator)


experimental = _Experimental()
