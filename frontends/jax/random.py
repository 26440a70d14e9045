"""``jax.random``: threefry2x32 keys and samplers, bit for bit as real JAX.

Threefry2x32 runs on ``core.native`` uint32 arithmetic (add wraps, shifts, xor), so every
backend gives JAX's bits. The samplers follow ``jax/_src/random/core.py`` step by step
(``jax_threefry_partitionable`` on, JAX's default): bits to floats through the mantissa
(``(bits >> 9) * 2**-23`` is exactly JAX's bitcast of ``bits >> 9 | 1.0`` minus one),
normal through XLA's float32 ``erf_inv`` polynomial. Keys: raw ``uint32[..., 2]`` arrays
(``PRNGKey``) or typed keys (``key``), as JAX.

Exact on every backend: keys, bits, uniform, randint, bernoulli, rademacher, choice,
permutation, categorical, and the counts of geometric, poisson, binomial and multinomial.
The rest apply a transcendental function (log, pow, exp, erf_inv's log1p, tan) or LAPACK
(orthogonal, multivariate_normal), whose last bit differs between backends' libraries, so
they agree with JAX to float32 rounding (most are bit-exact on the jax backend). gamma and
its family (loggamma, beta, dirichlet, t, chisquare, f, generalized_normal, ball) follow
JAX's per-element Marsaglia-Tsang rejection sequence; TensorFlow's SVD/eigh choose other
vector signs, so ``multivariate_normal(method='svd'|'eigh')`` differs there.

The rejection loops (gamma, poisson, binomial) read a flag on the host each round, so those
samplers cannot run inside ``jax.jit`` on the jax backend (JAX's while_loop can); their loop
bodies and the straight-line samplers are compiled once per shape on the jax backend.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy

import core
from core import native as ops
from frontends.jax._src import dtypes as _jdt
from frontends.jax._src.array import Array, to_host
from frontends.jax._src.config import config

__all__ = [
    "PRNGKey", "key", "key_data", "wrap_key_data", "split", "fold_in", "bits", "uniform",
    "normal", "randint", "bernoulli", "categorical", "choice", "permutation",
    "truncated_normal", "exponential", "gumbel", "laplace", "logistic", "rademacher",
    "cauchy", "ball", "key_impl", "gamma", "loggamma", "beta", "dirichlet", "t", "chisquare",
    "f", "pareto", "weibull_min", "maxwell", "double_sided_maxwell", "rayleigh", "wald",
    "geometric", "triangular", "lognormal", "generalized_normal", "orthogonal",
    "multivariate_normal", "poisson", "binomial", "multinomial", "clone",
]  # fmt: skip

_U32 = core.uint32


def _u32(value: int) -> Any:
    return ops.asarray(numpy.uint32(value), dtype=_U32)


class PRNGKeyArray(Array):
    """A typed key array (``jax.random.key``): shape without the trailing 2; the uint32
    data is ``key_data``."""

    __slots__ = ()

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(int(n) for n in self.native.shape[:-1])

    @property
    def ndim(self) -> int:
        return len(self.native.shape) - 1

    @property
    def dtype(self) -> str:  # type: ignore[override]
        return "key<fry>"

    def __repr__(self) -> str:
        return f"Array({self.shape}, dtype=key<fry>) overlaying:\n{to_host(self.native)}"

    def __getitem__(self, index: Any) -> PRNGKeyArray:
        if not isinstance(index, tuple):
            index = (index,)
        value = ops.get_item(self.native, (*index, Ellipsis) if Ellipsis not in index else index)
        return PRNGKeyArray._wrap(value, False, _U32)

    def __iter__(self) -> Any:
        return (self[i] for i in range(self.shape[0]))

    def __len__(self) -> int:
        return self.shape[0]


def _key_native(key: Any) -> tuple[Any, bool]:
    """The uint32[..., 2] data of a key and whether it was typed."""
    if isinstance(key, PRNGKeyArray):
        return key.native, True
    if isinstance(key, Array):
        native = key.native
    else:
        native = ops.asarray(numpy.asarray(key))
    if core.as_core_dtype(native.dtype) != _U32 or not native.shape or native.shape[-1] != 2:
        raise TypeError(
            "JAX encountered invalid PRNG key data: expected key_data to have uint32 dtype "
            f"and trailing dimension 2, got {core.as_core_dtype(native.dtype)} "
            f"{tuple(native.shape)}"
        )
    return native, False


def _single_key(name: str, key: Any) -> tuple[Any, bool]:
    native, typed = _key_native(key)
    if len(native.shape) != 1:
        raise ValueError(
            f"{name} accepts a single key, but was given a key array of shape "
            f"{tuple(native.shape[:-1])} != (). Use jax.vmap for batching."
        )
    return native, typed


def _return(native: Any, typed: bool) -> Array:
    if typed:
        return PRNGKeyArray._wrap(native, False, _U32)
    return Array._wrap(native, False, _U32)


# ----------------------------------------------------------------------- threefry
_ROTATIONS = ((13, 15, 26, 6), (17, 29, 16, 24))


def _rotl(x: Any, d: int) -> Any:
    return ops.bitwise_or(
        ops.bitwise_left_shift(x, _u32(d)), ops.bitwise_right_shift(x, _u32(32 - d))
    )


def threefry2x32(k1: Any, k2: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
    """The Threefry-2x32 block cipher (20 rounds) on native uint32 arrays (one compiled
    program per shape on the jax backend: eager XLA would compile each of its ~100 ops)."""
    return _threefry2x32_compiled(k1, k2, x1, x2)


def _threefry2x32(k1: Any, k2: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
    ks = (k1, k2, ops.bitwise_xor(ops.bitwise_xor(k1, k2), _u32(0x1BD11BDA)))
    x = [ops.add(x1, ks[0]), ops.add(x2, ks[1])]
    for i in range(5):
        for r in _ROTATIONS[i % 2]:
            x[0] = ops.add(x[0], x[1])
            x[1] = ops.bitwise_xor(x[0], _rotl(x[1], r))
        x[0] = ops.add(x[0], ks[(i + 1) % 3])
        x[1] = ops.add(ops.add(x[1], ks[(i + 2) % 3]), _u32(i + 1))
    return x[0], x[1]


_threefry2x32_compiled = core.compile(_threefry2x32)


def _iota_2x32(shape: tuple[int, ...]) -> tuple[Any, Any]:
    size = math.prod(shape)
    if size >= 2**32:
        raise NotImplementedError("random bits array of size 2**32 or more")
    lo = ops.reshape(ops.arange(0, size, 1, dtype=_U32), shape)
    return ops.zeros(shape, dtype=_U32), lo


def _split_native(key: Any, shape: tuple[int, ...]) -> Any:
    k1, k2 = ops.get_item(key, 0), ops.get_item(key, 1)
    c1, c2 = _iota_2x32(shape)
    b1, b2 = threefry2x32(k1, k2, c1, c2)
    return ops.stack([b1, b2], axis=len(shape))


def _random_bits(key: Any, bit_width: int, shape: tuple[int, ...]) -> Any:
    return _random_bits_compiled(key, bit_width, shape)


def _random_bits_impl(key: Any, bit_width: int, shape: tuple[int, ...]) -> Any:
    k1, k2 = ops.get_item(key, 0), ops.get_item(key, 1)
    c1, c2 = _iota_2x32(shape)
    b1, b2 = threefry2x32(k1, k2, c1, c2)
    if bit_width == 64:
        hi = ops.astype(b1, core.uint64)
        lo = ops.astype(b2, core.uint64)
        hi = ops.bitwise_left_shift(hi, ops.asarray(numpy.uint64(32), dtype=core.uint64))
        return ops.bitwise_or(hi, lo)
    bits32 = ops.bitwise_xor(b1, b2)
    if bit_width == 32:
        return bits32
    target = core.uint8 if bit_width == 8 else core.uint16
    return ops.astype(ops.bitwise_and(bits32, _u32(2**bit_width - 1)), target)


_random_bits_compiled = core.compile(_random_bits_impl, static_argnums=(1, 2))


def _seed_native(seed: Any) -> Any:
    if isinstance(seed, (int, numpy.integer)) and not isinstance(seed, bool):
        value = int(seed) + config._values["jax_random_seed_offset"]
        if config._values["jax_enable_x64"]:
            value &= 2**64 - 1
            hi, lo = value >> 32, value & 0xFFFFFFFF
            if int(seed) < 0:
                hi = (int(seed) >> 32) & 0xFFFFFFFF
        else:
            hi, lo = 0, value & 0xFFFFFFFF
        return ops.asarray(numpy.array([hi, lo], dtype=numpy.uint32))
    native = Array(seed).native if not isinstance(seed, Array) else seed.native
    dtype = core.as_core_dtype(native.dtype)
    if native.shape:
        raise TypeError(f"PRNG key seed must be a scalar; got {seed!r}.")
    if dtype.kind not in "iu":
        raise TypeError(f"PRNG key seed must be an integer; got {seed!r}")
    value = int(to_host(native))
    return _seed_native(
        value if dtype.itemsize == 8 else value & 0xFFFFFFFF if dtype.kind == "u" else value
    )


def PRNGKey(seed: Any, *, impl: Any = None) -> Array:
    """A legacy raw key: ``uint32[2]``."""
    return Array._wrap(_seed_native(seed), False, _U32)


def key(seed: Any, *, impl: Any = None) -> PRNGKeyArray:
    """A typed key (``dtype=key<fry>``)."""
    return PRNGKeyArray._wrap(_seed_native(seed), False, _U32)


def key_data(keys: Any) -> Array:
    native, _ = _key_native(keys)
    return Array._wrap(native, False, _U32)


def wrap_key_data(key_bits_array: Any, *, impl: Any = None) -> PRNGKeyArray:
    native, _ = _key_native(key_bits_array)
    return PRNGKeyArray._wrap(native, False, _U32)


def key_impl(keys: Any) -> str:
    return "threefry2x32"


def split(key: Any, num: int | tuple[int, ...] = 2) -> Array:
    """``num`` new keys (shape ``(num, 2)`` raw, or ``(num,)`` typed)."""
    native, typed = _single_key("split", key)
    shape = tuple(num) if isinstance(num, Sequence) else (int(num),)
    return _return(_split_native(native, shape), typed)


def fold_in(key: Any, data: Any) -> Array:
    """A new key from ``key`` and 32-bit ``data``."""
    native, typed = _single_key("fold_in", key)
    if numpy.ndim(data):
        raise TypeError(
            "fold_in accepts a scalar, but was given an array of"
            f"shape {numpy.shape(data)} != (). Use jax.vmap for batching."
        )
    value = int(data.item() if isinstance(data, Array) else data) & 0xFFFFFFFF
    k1, k2 = ops.get_item(native, 0), ops.get_item(native, 1)
    b1, b2 = threefry2x32(k1, k2, ops.zeros((1,), dtype=_U32), ops.reshape(_u32(value), (1,)))
    return _return(ops.concat([b1, b2]), typed)


def _shape(shape: Any) -> tuple[int, ...]:
    if isinstance(shape, (int, numpy.integer)):
        return (int(shape),)
    return tuple(int(s) for s in shape)


def bits(key: Any, shape: Any = (), dtype: Any = None) -> Array:
    native, _ = _single_key("bits", key)
    dt = _jdt.default_dtype("u") if dtype is None else _jdt.check_user_dtype(dtype, "bits")
    if dt.kind != "u":
        raise ValueError(f"dtype argument to `bits` must be an unsigned int dtype, got {dt}")
    return Array._wrap(_random_bits(native, dt.itemsize * 8, _shape(shape)), False, dt)


# ----------------------------------------------------------------------- floats
_NMANT = {"float16": 10, "bfloat16": 7, "float32": 23, "float64": 52}


def _float_dtype(dtype: Any, name: str) -> core.Dtype:
    dt = _jdt.check_user_dtype(float if dtype is None else dtype, name)
    if dt.kind != "f":
        raise ValueError(f"dtype argument to `{name}` must be a float dtype, got {dt}")
    return dt


def _param(value: Any, dtype: core.Dtype) -> Any:
    if isinstance(value, Array):
        return ops.astype(value.native, dtype)
    if isinstance(value, (int, float)):
        return ops.asarray(value, dtype=dtype)
    if isinstance(value, core.current_backend().native_array_types):
        return ops.astype(value, dtype)
    return ops.astype(ops.asarray(numpy.asarray(value)), dtype)


def _unit(key: Any, shape: tuple[int, ...], dtype: core.Dtype) -> Any:
    """JAX's floats in [0, 1): the top mantissa bits over an exponent of 0, minus 1."""
    rng_bits = _rng_bits(dtype)
    return _bits_to_unit(_random_bits(key, rng_bits, shape), rng_bits, dtype)


def _rng_bits(dtype: core.Dtype) -> int:
    nbits = dtype.itemsize * 8
    if nbits == 64:
        raise core.UnsupportedDtypeError("uniform float64 bits need a uint64 to float64 path")
    return 8 if _NMANT[dtype] < 8 else nbits


def _bits_to_unit(raw: Any, rng_bits: int, dtype: core.Dtype) -> Any:
    nmant = _NMANT[dtype]
    mant = ops.bitwise_right_shift(ops.astype(raw, core.uint32), _u32(rng_bits - nmant))
    # exact: mant < 2**nmant, a power-of-two scale
    return ops.astype(
        ops.multiply(ops.astype(mant, core.float32), ops.asarray(2.0**-nmant, dtype=core.float32)),
        dtype,
    )


def _fma(a: Any, b: Any, c: Any, dtype: core.Dtype) -> Any:
    """``a * b + c`` rounded once, as XLA's CPU compiler contracts it to a fused multiply-add:
    the product of two floats of at most 24 bits is exact in float64."""
    f64 = core.float64
    wide = ops.add(ops.multiply(ops.astype(a, f64), ops.astype(b, f64)), ops.astype(c, f64))
    return ops.astype(wide, dtype)


def _uniform_native(
    key: Any, shape: tuple[int, ...], dtype: core.Dtype, minval: Any, maxval: Any
) -> Any:
    return _uniform_compiled(key, shape, dtype, _param(minval, dtype), _param(maxval, dtype))


def _uniform_impl(key: Any, shape: tuple[int, ...], dtype: core.Dtype, lo: Any, hi: Any) -> Any:
    floats = _unit(key, shape, dtype)
    out = _fma(floats, ops.subtract(hi, lo), lo, dtype)
    return ops.maximum(lo, ops.broadcast_to(out, shape) if out.shape != shape else out)


# Straight-line sampling code compiled once per shape on the jax backend (eager XLA
# compiles each op for each new shape: seconds for one normal); eager elsewhere.
_uniform_compiled = core.compile(_uniform_impl, static_argnums=(1, 2))


def uniform(
    key: Any, shape: Any = (), dtype: Any = None, minval: Any = 0.0, maxval: Any = 1.0
) -> Array:
    native, _ = _single_key("uniform", key)
    dt = _float_dtype(dtype, "uniform")
    shape = _shape(shape)
    return Array._wrap(_uniform_native(native, shape, dt, minval, maxval), False, dt)


_ERFINV_LT5 = (
    2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087,
    -0.00125372503, -0.00417768164, 0.246640727, 1.50140941,
)  # fmt: skip
_ERFINV_GE5 = (
    -0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773,
    -0.0076224613, 0.00943887047, 1.00167406, 2.83297682,
)  # fmt: skip


def _erfinv_f32(x: Any) -> Any:
    """XLA's float32 ``erf_inv`` (Giles' polynomial), op for op."""
    f32 = core.float32

    def c(v: float) -> Any:
        return ops.asarray(numpy.float32(v), dtype=f32)

    w = ops.negative(ops.log1p(ops.negative(ops.multiply(x, x))))
    lt = ops.less(w, c(5.0))
    w = ops.where(lt, ops.subtract(w, c(2.5)), ops.subtract(ops.sqrt(w), c(3.0)))
    p = ops.where(lt, c(_ERFINV_LT5[0]), c(_ERFINV_GE5[0]))
    for a, b in zip(_ERFINV_LT5[1:], _ERFINV_GE5[1:], strict=True):
        p = _fma(p, w, ops.where(lt, c(a), c(b)), f32)
    result = ops.multiply(p, x)
    return ops.where(ops.equal(ops.abs(x), c(1.0)), ops.multiply(x, c(numpy.inf)), result)


def _erfinv(x: Any, dtype: core.Dtype) -> Any:
    if dtype == core.float32:
        return _erfinv_f32(x)
    if dtype in (core.float16, core.bfloat16):
        return ops.astype(_erfinv_f32(ops.astype(x, core.float32)), dtype)
    return ops.erfinv(x)


def _normal_low(dtype: core.Dtype) -> float:
    np_dt = _jdt.numpy_dtype(dtype)
    return float(numpy.nextafter(numpy.array(-1.0, np_dt), numpy.array(0.0, np_dt)))


def _normal_native(key: Any, shape: tuple[int, ...], dtype: core.Dtype) -> Any:
    return _normal_compiled(key, shape, dtype)


def _normal_impl(key: Any, shape: tuple[int, ...], dtype: core.Dtype) -> Any:
    lo, hi = _param(_normal_low(dtype), dtype), _param(1.0, dtype)
    return _normal_from_uniform(_uniform_impl(key, shape, dtype, lo, hi), dtype)


_normal_compiled = core.compile(_normal_impl, static_argnums=(1, 2))


def _normal_from_uniform(u: Any, dtype: core.Dtype) -> Any:
    sqrt2 = ops.asarray(float(numpy.sqrt(2).astype(_jdt.numpy_dtype(dtype))), dtype=dtype)
    return ops.multiply(sqrt2, _erfinv(u, dtype))


def normal(key: Any, shape: Any = (), dtype: Any = None) -> Array:
    native, _ = _single_key("normal", key)
    dt = _jdt.check_user_dtype(float if dtype is None else dtype, "normal")
    shape = _shape(shape)
    if dt.kind == "c":
        real = core.float32 if dt == core.complex64 else core.float64
        k = _split_native(native, (2,))
        re = _normal_native(ops.get_item(k, 0), shape, real)
        im = _normal_native(ops.get_item(k, 1), shape, real)
        # XLA divides by the constant sqrt(2) as a multiply by its float reciprocal
        np_real = _jdt.numpy_dtype(real)
        recip = float(np_real.type(1) / numpy.sqrt(2).astype(np_real))
        re = ops.multiply(re, ops.asarray(recip, dtype=real))
        im = ops.multiply(im, ops.asarray(recip, dtype=real))
        value = ops.add(
            ops.astype(re, dt), ops.multiply(ops.astype(im, dt), ops.asarray(1j, dtype=dt))
        )
        return Array._wrap(value, False, dt)
    if dt.kind != "f":
        raise ValueError(f"dtype argument to `normal` must be a float or complex dtype, got {dt}")
    return Array._wrap(_normal_native(native, shape, dt), False, dt)


def truncated_normal(
    key: Any, lower: Any, upper: Any, shape: Any = None, dtype: Any = None
) -> Array:
    native, _ = _single_key("truncated_normal", key)
    dt = _float_dtype(dtype, "truncated_normal")
    if shape is None:
        shape = numpy.broadcast_shapes(numpy.shape(lower), numpy.shape(upper))
    shape = _shape(shape)
    sqrt2 = ops.asarray(numpy.float32(numpy.sqrt(2)), dtype=dt)
    lo, hi = _param(lower, dt), _param(upper, dt)
    a = ops.erf(ops.divide(lo, sqrt2))
    b = ops.erf(ops.divide(hi, sqrt2))
    u = _uniform_native(native, shape, dt, Array._wrap(a), Array._wrap(b))
    out = ops.multiply(sqrt2, _erfinv(u, dt))
    inf = ops.asarray(numpy.inf, dtype=dt)
    return Array._wrap(
        ops.clip(out, ops.nextafter(lo, inf), ops.nextafter(hi, ops.negative(inf))), False, dt
    )


def exponential(key: Any, shape: Any = (), dtype: Any = None) -> Array:
    native, _ = _single_key("exponential", key)
    dt = _float_dtype(dtype, "exponential")
    u = _uniform_native(native, _shape(shape), dt, 0.0, 1.0)
    return Array._wrap(ops.negative(ops.log1p(ops.negative(u))), False, dt)


def _finfo(dt: core.Dtype) -> Any:
    import ml_dtypes

    return ml_dtypes.finfo(_jdt.numpy_dtype(dt))


def _gumbel_native(key: Any, shape: tuple[int, ...], dt: core.Dtype) -> Any:
    u = _uniform_native(key, shape, dt, float(_finfo(dt).tiny), 1.0)
    return ops.negative(ops.log(ops.negative(ops.log(u))))


def gumbel(key: Any, shape: Any = (), dtype: Any = None, mode: str | None = None) -> Array:
    native, _ = _single_key("gumbel", key)
    dt = _float_dtype(dtype, "gumbel")
    if mode not in (None, "low"):
        raise NotImplementedError("gumbel mode='high' is not implemented in the frontend yet")
    return Array._wrap(_gumbel_native(native, _shape(shape), dt), False, dt)


def laplace(key: Any, shape: Any = (), dtype: Any = None) -> Array:
    native, _ = _single_key("laplace", key)
    dt = _float_dtype(dtype, "laplace")
    u = _uniform_native(native, _shape(shape), dt, -1.0 + float(_finfo(dt).epsneg), 1.0)
    value = ops.multiply(ops.sign(u), ops.log1p(ops.negative(ops.abs(u))))
    return Array._wrap(value, False, dt)


def logistic(key: Any, shape: Any = (), dtype: Any = None) -> Array:
    native, _ = _single_key("logistic", key)
    dt = _float_dtype(dtype, "logistic")
    x = _uniform_native(native, _shape(shape), dt, float(_finfo(dt).tiny), 1.0)
    return Array._wrap(ops.subtract(ops.log(x), ops.log1p(ops.negative(x))), False, dt)


def cauchy(key: Any, shape: Any = (), dtype: Any = None) -> Array:
    native, _ = _single_key("cauchy", key)
    dt = _float_dtype(dtype, "cauchy")
    u = _uniform_native(native, _shape(shape), dt, float(_finfo(dt).eps), 1.0)
    pi = ops.asarray(numpy.pi, dtype=dt)
    return Array._wrap(
        ops.tan(ops.multiply(pi, ops.subtract(u, ops.asarray(0.5, dtype=dt)))), False, dt
    )


def bernoulli(key: Any, p: Any = 0.5, shape: Any = None, mode: str = "low") -> Array:
    native, _ = _single_key("bernoulli", key)
    if isinstance(p, Array):
        dt = p._dtype
    else:
        dt = _jdt.result_type_and_weak(p)[0]
    if dt.kind != "f":
        raise TypeError(f"bernoulli probability `p` must have a floating dtype, got {dt}.")
    p_native = _param(p, dt)
    shape = tuple(p_native.shape) if shape is None else _shape(shape)
    if mode == "high":
        u = _uniform_native(native, (2, *shape), dt, 0.0, 1.0)
        u1, u2 = ops.get_item(u, 0), ops.get_item(u, 1)
        u2 = ops.multiply(u2, ops.asarray(2.0 ** -_NMANT[dt], dtype=dt))
        return Array._wrap(ops.less(u2, ops.subtract(p_native, u1)), False, core.bool)
    u = _uniform_native(native, shape, dt, 0.0, 1.0)
    return Array._wrap(ops.less(u, p_native), False, core.bool)


def rademacher(key: Any, shape: Any = (), dtype: Any = int) -> Array:
    dt = _jdt.check_user_dtype(dtype, "rademacher")
    b = bernoulli(key, 0.5, shape)
    value = ops.astype(b.native, dt)
    two = ops.asarray(2, dtype=dt)
    return Array._wrap(ops.subtract(ops.multiply(two, value), ops.asarray(1, dtype=dt)), False, dt)


# ----------------------------------------------------------------------- integers
def _iinfo(dt: core.Dtype) -> numpy.iinfo:
    return numpy.iinfo(_jdt.numpy_dtype(dt))


def _int_param(value: Any) -> Any:
    if isinstance(value, Array):
        native = value.native
    elif isinstance(value, (int, numpy.integer)):
        dt = _jdt.default_dtype("i")
        info = numpy.iinfo(_jdt.numpy_dtype(dt))
        return ops.asarray(max(min(int(value), info.max), info.min), dtype=dt), int(value)
    else:
        native = ops.asarray(numpy.asarray(value))
    if core.as_core_dtype(native.dtype).kind not in "iu":
        native = ops.astype(native, _jdt.default_dtype("i"))
    return native, None


def _clip_convert(native: Any, dt: core.Dtype) -> Any:
    src = core.as_core_dtype(native.dtype)
    lo = max(_iinfo(dt).min, _iinfo(src).min)
    hi = min(_iinfo(dt).max, _iinfo(src).max)
    return ops.astype(ops.clip(native, ops.asarray(lo, dtype=src), ops.asarray(hi, dtype=src)), dt)


def randint(key: Any, shape: Any, minval: Any, maxval: Any, dtype: Any = int) -> Array:
    native, _ = _single_key("randint", key)
    dt = _jdt.check_user_dtype(dtype, "randint")
    if dt.kind not in "iu":
        raise TypeError(f"randint only accepts integer dtypes, got {dt}")
    shape = _shape(shape)
    lo_native, _ = _int_param(minval)
    hi_native, _ = _int_param(maxval)
    if dt.itemsize < 4:
        # JAX samples narrow integers in int32 (less bias) and casts the result
        info = _iinfo(dt)
        i32 = core.int32
        lo_native = ops.clip(ops.astype(lo_native, i32), info.min, info.max)
        hi_native = ops.clip(ops.astype(hi_native, i32), info.min, info.max + 1)
        sample = _randint_native(native, shape, lo_native, hi_native, i32)
        return Array._wrap(ops.astype(sample, dt), False, dt)
    return Array._wrap(_randint_native(native, shape, lo_native, hi_native, dt), False, dt)


def _randint_native(
    native: Any, shape: tuple[int, ...], lo_native: Any, hi_native: Any, dt: core.Dtype
) -> Any:
    hi_dtype = core.as_core_dtype(hi_native.dtype)
    dmax = ops.asarray(min(_iinfo(dt).max, _iinfo(hi_dtype).max), dtype=hi_dtype)
    maxval_out_of_range = ops.greater(hi_native, dmax)
    lo = _clip_convert(lo_native, dt)
    hi = _clip_convert(hi_native, dt)
    nbits = dt.itemsize * 8
    keys = _split_native(native, (2,))
    higher = _random_bits(ops.get_item(keys, 0), nbits, shape)
    lower = _random_bits(ops.get_item(keys, 1), nbits, shape)
    udt = {8: core.uint8, 16: core.uint16, 32: core.uint32, 64: core.uint64}[nbits]
    span = ops.astype(ops.subtract(hi, lo), udt)
    one = ops.asarray(1, dtype=udt)
    span = ops.where(ops.less_equal(hi, lo), one, span)
    span = ops.where(
        ops.logical_and(maxval_out_of_range, ops.greater(hi, lo)), ops.add(span, one), span
    )
    span = ops.broadcast_to(span, shape) if tuple(span.shape) != shape else span
    # span may wrap to 0 (the full range): remainders by 0 then leave the value unchanged
    safe = ops.where(ops.equal(span, ops.asarray(0, dtype=udt)), one, span)

    def rem(a: Any) -> Any:
        return ops.where(ops.equal(span, ops.asarray(0, dtype=udt)), a, ops.remainder(a, safe))

    multiplier = rem(
        ops.asarray(2 ** (nbits // 2) % 2**nbits, dtype=udt)
        if nbits < 64
        else ops.asarray(numpy.uint64(2**32), dtype=udt)
    )
    multiplier = rem(ops.multiply(multiplier, multiplier))
    offset = ops.add(ops.multiply(rem(higher), multiplier), rem(lower))
    offset = rem(offset)
    return ops.add(lo, ops.astype(offset, dt))


# ----------------------------------------------------------------------- choices
def _shuffle_native(key: Any, x: Any, axis: int) -> Any:
    size = math.prod(int(n) for n in x.shape)
    num_rounds = int(
        numpy.ceil(3 * numpy.log(max(1, size)) / numpy.log(numpy.iinfo(numpy.uint32).max))
    )
    for _ in range(num_rounds):
        keys = _split_native(key, (2,))
        key, subkey = ops.get_item(keys, 0), ops.get_item(keys, 1)
        sort_keys = _random_bits(subkey, 32, tuple(int(n) for n in x.shape))
        order = ops.argsort(sort_keys, axis=axis, stable=True)
        x = ops.take_along_axis(x, order, axis=axis)
    return x


def permutation(key: Any, x: Any, axis: int = 0, independent: bool = False) -> Array:
    native, _ = _single_key("permutation", key)
    if isinstance(x, (int, numpy.integer)):
        dt = _jdt.default_dtype("i")
        arr = ops.arange(0, int(x), 1, dtype=dt)
        return Array._wrap(_shuffle_native(native, arr, 0), False, dt)
    from frontends.jax import numpy as jnp

    arr = jnp.asarray(x)
    if arr.ndim == 0:
        raise TypeError("x must be an integer or at least 1-dimensional")
    axis = axis % arr.ndim
    if independent or arr.ndim == 1:
        return Array._wrap(_shuffle_native(native, arr.native, axis), arr.weak_type, arr._dtype)
    ind = _shuffle_native(
        native, ops.arange(0, arr.shape[axis], 1, dtype=_jdt.default_dtype("i")), 0
    )
    return Array._wrap(ops.take(arr.native, ind, axis=axis), arr.weak_type, arr._dtype)


def choice(
    key: Any,
    a: Any,
    shape: Sequence[int] = (),
    replace: bool = True,
    p: Any = None,
    axis: int = 0,
    mode: str | None = None,
) -> Array:
    native, _ = _single_key("choice", key)
    if not isinstance(shape, Sequence):
        raise TypeError(f"shape argument of jax.random.choice must be a sequence, got {shape}")
    from frontends.jax import numpy as jnp

    arr = jnp.asarray(a)
    if arr.ndim == 0:
        n_inputs = int(a)
    else:
        axis = axis % arr.ndim
        n_inputs = arr.shape[axis]
    shape = tuple(shape)
    n_draws = math.prod(shape)
    if n_draws == 0:
        return jnp.zeros(shape, dtype=arr.dtype)
    if n_inputs <= 0:
        raise ValueError("a must be greater than 0 unless no samples are taken")
    if not replace and n_draws > n_inputs:
        raise ValueError(
            f"Cannot take a larger sample (size {n_draws}) than population (size {n_inputs}) "
            "when 'replace=False'"
        )
    idt = _jdt.default_dtype("i")
    if p is None:
        if replace:
            ind = randint(Array._wrap(native), shape, 0, n_inputs).native
            result = ind if arr.ndim == 0 else ops.take(arr.native, ind, axis=axis)
        else:
            perm = permutation(Array._wrap(native), n_inputs if arr.ndim == 0 else arr, axis)
            slices = (slice(None),) * axis + (slice(n_draws),)
            result = ops.get_item(perm.native, slices)
    else:
        p_arr = jnp.asarray(p)
        pdt = p_arr._dtype if p_arr._dtype.kind in "fc" else _jdt.default_dtype("f")
        p_native = ops.astype(p_arr.native, pdt)
        if tuple(p_native.shape) != (n_inputs,):
            raise ValueError(
                "p must be None or a 1D vector with the same size as a.shape[axis]. "
                f"p has shape {tuple(p_native.shape)} and a.shape[axis] is {n_inputs}."
            )
        if replace:
            p_cuml = ops.cumulative_sum(p_native)
            u = _uniform_native(native, shape, pdt, 0.0, 1.0)
            r = ops.multiply(ops.get_item(p_cuml, -1), ops.subtract(ops.asarray(1, dtype=pdt), u))
            ind = ops.astype(ops.searchsorted(p_cuml, r, side="left"), idt)
        else:
            g = ops.add(_gumbel_native(native, (n_inputs,), pdt), ops.log(p_native))
            ind = ops.astype(ops.topk(g, n_draws)[1], idt)
        result = ind if arr.ndim == 0 else ops.take(arr.native, ind, axis=axis)
    out_shape = shape if arr.ndim == 0 else arr.shape[0:axis] + shape + arr.shape[axis + 1 :]
    result = ops.reshape(result, out_shape)
    rdt = core.as_core_dtype(result.dtype)
    return Array._wrap(result, False, rdt)


def categorical(
    key: Any,
    logits: Any,
    axis: int = -1,
    shape: Any = None,
    replace: bool = True,
    mode: str | None = None,
) -> Array:
    native, _ = _single_key("categorical", key)
    from frontends.jax import numpy as jnp

    logits_arr = jnp.asarray(logits)
    if logits_arr._dtype.kind != "f":
        logits_arr = logits_arr.astype(_jdt.default_dtype("f"))
    if axis >= 0:
        axis -= logits_arr.ndim
    batch_shape = tuple(numpy.delete(logits_arr.shape, axis))
    if shape is None:
        shape = batch_shape
    else:
        shape = _shape(shape)
    shape_prefix = shape[: len(shape) - len(batch_shape)]
    idt = _jdt.default_dtype("i")
    dt = logits_arr._dtype
    if replace:
        logits_shape = list(shape[len(shape) - len(batch_shape) :])
        logits_shape.insert(axis % logits_arr.ndim, logits_arr.shape[axis])
        g = _gumbel_native(native, (*shape_prefix, *logits_shape), dt)
        expanded = ops.reshape(logits_arr.native, (1,) * len(shape_prefix) + logits_arr.shape)
        return Array._wrap(ops.astype(ops.argmax(ops.add(g, expanded), axis=axis), idt), False, idt)
    summed = ops.add(logits_arr.native, _gumbel_native(native, logits_arr.shape, dt))
    k = math.prod(shape_prefix)
    if k > logits_arr.shape[axis]:
        raise ValueError(
            f"Number of samples without replacement ({k}) cannot exceed number of "
            f"categories ({logits_arr.shape[axis]})."
        )
    _, indices = ops.topk(ops.moveaxis(summed, axis, -1), k)
    indices = ops.moveaxis(indices, -1, 0)
    return Array._wrap(ops.astype(ops.reshape(indices, shape), idt), False, idt)


# ----------------------------------------------------------------------- per-key scalars
# JAX draws gamma variates element by element (``lax.map`` over one key per element), each
# from scalar samples of its own key; these helpers draw those scalars for a whole array of
# keys at once (threefry on a 0-d counter is elementwise in the key).
def _keys_split(keys: Any, num: int) -> Any:
    """``split`` of every key in ``keys`` (``(..., 2)`` -> ``(..., num, 2)``)."""
    lead = tuple(keys.shape[:-1])
    k1 = ops.reshape(ops.get_item(keys, (Ellipsis, 0)), (*lead, 1))
    k2 = ops.reshape(ops.get_item(keys, (Ellipsis, 1)), (*lead, 1))
    c1, c2 = _iota_2x32((num,))
    b1, b2 = threefry2x32(k1, k2, c1, c2)
    return ops.stack([b1, b2], axis=len(lead) + 1)


def _keys_uniform(keys: Any, dt: core.Dtype, lo: float = 0.0, hi: float = 1.0) -> Any:
    """One ``uniform(key, (), dt, lo, hi)`` per key."""
    rng_bits = _rng_bits(dt)
    zero = ops.zeros((), dtype=_U32)
    b1, b2 = threefry2x32(
        ops.get_item(keys, (Ellipsis, 0)), ops.get_item(keys, (Ellipsis, 1)), zero, zero
    )
    raw = ops.bitwise_xor(b1, b2)
    if rng_bits < 32:
        raw = ops.bitwise_and(raw, _u32(2**rng_bits - 1))
    floats = _bits_to_unit(raw, rng_bits, dt)
    lo_n, hi_n = ops.asarray(lo, dtype=dt), ops.asarray(hi, dtype=dt)
    return ops.maximum(lo_n, _fma(floats, ops.subtract(hi_n, lo_n), lo_n, dt))


def _keys_normal(keys: Any, dt: core.Dtype) -> Any:
    return _normal_from_uniform(_keys_uniform(keys, dt, _normal_low(dt), 1.0), dt)


def _any(native: Any) -> bool:
    return bool(to_host(ops.any(native)))


# ----------------------------------------------------------------------- gamma family
def _check_float(dtype: Any, name: str) -> core.Dtype:
    dt = _jdt.check_user_dtype(float if dtype is None else dtype, name)
    if dt.kind != "f":
        raise ValueError(f"dtype argument to `{name}` must be a float dtype, got {dt}")
    return dt


def _broadcast_shape(name: str, shape: Any, *params: Any) -> tuple[int, ...]:
    shapes = [numpy.shape(p) if not isinstance(p, Array) else p.shape for p in params]
    if shape is None:
        return tuple(numpy.broadcast_shapes(*shapes)) if shapes else ()
    shape = _shape(shape)
    if shapes:
        result = tuple(numpy.broadcast_shapes(shape, *shapes))
        if result != shape:
            raise ValueError(
                f"{name} parameter shapes must be broadcast-compatible with shape argument, and "
                "the result of broadcasting the shapes must equal the shape argument, but got "
                f"result {result} for shape argument {shape}."
            )
    return shape


def _c(value: float, dt: core.Dtype) -> Any:
    return ops.asarray(value, dtype=dt)


def _gamma_one(keys: Any, alpha: Any, dt: core.Dtype, log_space: bool) -> Any:
    """Marsaglia and Tsang's method as ``jax._src.random._gamma_one``, for a vector of keys
    and shapes at once: each element's rejection loop runs until it accepts (the state of
    elements already accepted is kept), so every element sees its own JAX sequence. The
    loops read a flag on the host each round; their bodies are compiled."""
    state = _gamma_setup(keys, alpha, dt)
    key, subkey, d, c, boost_mask, X, V, U, active = state
    while _any(active):
        new_key, x_key, u_key, x, v, inner = _gamma_draw_keys(key, dt)
        while _any(inner):
            x_key, x, v, inner = _gamma_inner(x_key, x, v, inner, c, dt)
        key, X, V, U, active = _gamma_update(key, new_key, X, V, U, active, x, v, u_key, d, dt)
    return _gamma_finish(subkey, d, V, boost_mask, alpha, dt, log_space)


def _gamma_accept_fails(X: Any, V: Any, U: Any, d: Any, dt: core.Dtype) -> Any:
    one = _c(1.0, dt)
    squeeze = ops.subtract(one, ops.multiply(_c(0.0331, dt), ops.multiply(X, X)))
    bound = ops.add(
        ops.multiply(X, _c(0.5, dt)), ops.multiply(d, ops.add(ops.subtract(one, V), ops.log(V)))
    )
    return ops.logical_and(ops.greater_equal(U, squeeze), ops.greater_equal(ops.log(U), bound))


def _key_at(keys: Any, index: int) -> Any:
    return ops.get_item(keys, (Ellipsis, index, slice(None)))


def _gamma_setup_impl(keys: Any, alpha: Any, dt: core.Dtype) -> tuple[Any, ...]:
    one = _c(1.0, dt)
    boost_mask = ops.greater_equal(alpha, one)
    boosted = ops.where(boost_mask, alpha, ops.add(alpha, one))
    third = _c(1.0 / 3.0, dt)
    d = ops.subtract(boosted, third)
    c = ops.divide(third, ops.sqrt(d))
    pair = _keys_split(keys, 2)
    n = tuple(alpha.shape)
    X, V, U = ops.zeros(n, dtype=dt), ops.ones(n, dtype=dt), ops.full(n, 2.0, dtype=dt)
    active = _gamma_accept_fails(X, V, U, d, dt)
    return _key_at(pair, 0), _key_at(pair, 1), d, c, boost_mask, X, V, U, active


def _gamma_draw_keys_impl(key: Any, dt: core.Dtype) -> tuple[Any, ...]:
    three = _keys_split(key, 3)
    n = tuple(key.shape[:-1])
    x, v = ops.zeros(n, dtype=dt), ops.full(n, -1.0, dtype=dt)
    inner = ops.ones(n, dtype=core.bool)
    return _key_at(three, 0), _key_at(three, 1), _key_at(three, 2), x, v, inner


def _gamma_inner_impl(x_key: Any, x: Any, v: Any, inner: Any, c: Any,
                      dt: core.Dtype) -> tuple[Any, ...]:  # fmt: skip
    two = _keys_split(x_key, 2)
    x_new = _keys_normal(_key_at(two, 1), dt)
    v_new = _fma(x_new, c, _c(1.0, dt), dt)
    x_key = ops.where(ops.expand_dims(inner, axis=-1), _key_at(two, 0), x_key)
    x = ops.where(inner, x_new, x)
    v = ops.where(inner, v_new, v)
    return x_key, x, v, ops.logical_and(inner, ops.less_equal(v, _c(0.0, dt)))


def _gamma_update_impl(key: Any, new_key: Any, X: Any, V: Any, U: Any, active: Any, x: Any,
                       v: Any, u_key: Any, d: Any, dt: core.Dtype) -> tuple[Any, ...]:  # fmt: skip
    key = ops.where(ops.expand_dims(active, axis=-1), new_key, key)
    X = ops.where(active, ops.multiply(x, x), X)
    V = ops.where(active, ops.multiply(ops.multiply(v, v), v), V)
    U = ops.where(active, _keys_uniform(u_key, dt), U)
    return key, X, V, U, ops.logical_and(active, _gamma_accept_fails(X, V, U, d, dt))


def _gamma_finish_impl(subkey: Any, d: Any, V: Any, boost_mask: Any, alpha: Any,
                       dt: core.Dtype, log_space: bool) -> Any:  # fmt: skip
    one, zero = _c(1.0, dt), _c(0.0, dt)
    u = _keys_uniform(subkey, dt)
    if log_space:
        log_samples = ops.log1p(ops.negative(u))  # -exponential(subkey)
        keep = ops.logical_or(boost_mask, ops.equal(log_samples, zero))
        log_boost = ops.where(keep, zero, ops.multiply(log_samples, ops.divide(one, alpha)))
        return ops.add(ops.add(ops.log(d), ops.log(V)), log_boost)
    boost = ops.where(boost_mask, one, ops.pow(ops.subtract(one, u), ops.divide(one, alpha)))
    return _flush_subnormal(ops.multiply(ops.multiply(d, V), _flush_subnormal(boost, dt)), dt)


def _flush_subnormal(x: Any, dt: core.Dtype) -> Any:
    """``x`` with subnormal values flushed to zero, as XLA's CPU kernels compute (a tiny
    ``alpha`` gives gamma samples of exactly 0 in JAX, and ``t`` draws of inf)."""
    tiny = _c(float(core.finfo(dt).smallest_normal), dt)
    return ops.where(ops.less(ops.abs(x), tiny), ops.zeros_like(x), x)


_gamma_setup = core.compile(_gamma_setup_impl, static_argnums=(2,))
_gamma_draw_keys = core.compile(_gamma_draw_keys_impl, static_argnums=(1,))
_gamma_inner = core.compile(_gamma_inner_impl, static_argnums=(5,))
_gamma_update = core.compile(_gamma_update_impl, static_argnums=(10,))
_gamma_finish = core.compile(_gamma_finish_impl, static_argnums=(5, 6))


def _gamma_native(key: Any, a: Any, shape: tuple[int, ...], dt: core.Dtype,
                  log_space: bool) -> Any:  # fmt: skip
    a = _param(a, dt)
    if tuple(a.shape) != shape:
        a = ops.broadcast_to(a, shape)
    size = math.prod(shape)
    if size == 0:
        return ops.zeros(shape, dtype=dt)
    keys = _split_native(key, (size,))
    return ops.reshape(_gamma_one(keys, ops.reshape(a, (size,)), dt, log_space), shape)


def _gamma_api(name: str, key: Any, a: Any, shape: Any, dtype: Any, log_space: bool) -> Array:
    native, _ = _single_key(name, key)
    dt = _check_float(dtype, name)
    shape = _broadcast_shape(name, shape, a)
    return Array._wrap(_gamma_native(native, a, shape, dt, log_space), False, dt)


def gamma(key: Any, a: Any, shape: Any = None, dtype: Any = None) -> Array:
    """Gamma(a) variates, JAX's rejection sequence per element (float tolerance: log/pow)."""
    return _gamma_api("gamma", key, a, shape, dtype, False)


def loggamma(key: Any, a: Any, shape: Any = None, dtype: Any = None) -> Array:
    """The log of Gamma(a) variates, computed in log space as JAX does."""
    return _gamma_api("loggamma", key, a, shape, dtype, True)


def beta(key: Any, a: Any, b: Any, shape: Any = None, dtype: Any = None) -> Array:
    native, _ = _single_key("beta", key)
    dt = _check_float(dtype, "beta")
    shape = _broadcast_shape("beta", shape, a, b)
    keys = _split_native(native, (2,))
    log_a = _gamma_native(ops.get_item(keys, 0), a, shape, dt, True)
    log_b = _gamma_native(ops.get_item(keys, 1), b, shape, dt, True)
    log_max = ops.maximum(log_a, log_b)
    ga = ops.exp(ops.subtract(log_a, log_max))
    gb = ops.exp(ops.subtract(log_b, log_max))
    return Array._wrap(ops.divide(ga, ops.add(ga, gb)), False, dt)


def _softmax_last(x: Any) -> Any:
    unnormalized = ops.exp(ops.subtract(x, ops.max(x, axis=-1, keepdims=True)))
    return ops.divide(unnormalized, ops.sum(unnormalized, axis=-1, keepdims=True))


def dirichlet(key: Any, alpha: Any, shape: Any = None, dtype: Any = None) -> Array:
    native, _ = _single_key("dirichlet", key)
    dt = _check_float(dtype, "dirichlet")
    alpha_shape = alpha.shape if isinstance(alpha, Array) else numpy.shape(alpha)
    if len(alpha_shape) < 1:
        raise ValueError(
            f"dirichlet requires alpha.ndim >= 1, got alpha.ndim == {len(alpha_shape)}"
        )
    shape = _broadcast_shape("dirichlet", shape, numpy.empty(alpha_shape[:-1]))
    log_g = _gamma_native(native, alpha, (*shape, alpha_shape[-1]), dt, True)
    return Array._wrap(_softmax_last(log_g), False, dt)


def t(key: Any, df: Any, shape: Any = None, dtype: Any = None) -> Array:
    native, _ = _single_key("t", key)
    dt = _check_float(dtype, "t")
    shape = _broadcast_shape("t", shape, df)
    keys = _split_native(native, (2,))
    n = _normal_native(ops.get_item(keys, 0), shape, dt)
    half_df = ops.divide(_param(df, dt), _c(2.0, dt))
    g = _gamma_native(ops.get_item(keys, 1), half_df, shape, dt, False)
    return Array._wrap(ops.multiply(n, ops.sqrt(ops.divide(half_df, g))), False, dt)


def _chisquare_native(key: Any, df: Any, shape: tuple[int, ...], dt: core.Dtype) -> Any:
    half_df = ops.divide(_param(df, dt), _c(2.0, dt))
    return ops.multiply(ops.exp(_gamma_native(key, half_df, shape, dt, True)), _c(2.0, dt))


def chisquare(key: Any, df: Any, shape: Any = None, dtype: Any = None) -> Array:
    native, _ = _single_key("chisquare", key)
    dt = _check_float(dtype, "chisquare")
    shape = _broadcast_shape("chisquare", shape, df)
    return Array._wrap(_chisquare_native(native, df, shape, dt), False, dt)


def f(key: Any, dfnum: Any, dfden: Any, shape: Any = None, dtype: Any = None) -> Array:
    native, _ = _single_key("f", key)
    dt = _check_float(dtype, "f")
    shape = _broadcast_shape("f", shape, dfnum, dfden)
    keys = _split_native(native, (2,))
    num = _chisquare_native(ops.get_item(keys, 1), dfnum, shape, dt)
    den = _chisquare_native(ops.get_item(keys, 0), dfden, shape, dt)
    value = ops.divide(ops.divide(num, _param(dfnum, dt)), ops.divide(den, _param(dfden, dt)))
    return Array._wrap(value, False, dt)


def generalized_normal(key: Any, p: float, shape: Any = (), dtype: Any = None) -> Array:
    native, _ = _single_key("generalized_normal", key)
    dt = _check_float(dtype, "generalized_normal")
    shape = _shape(shape)
    return Array._wrap(_generalized_normal_native(native, p, shape, dt), False, dt)


def _generalized_normal_native(key: Any, p: Any, shape: tuple[int, ...], dt: core.Dtype) -> Any:
    keys = _split_native(key, (2,))
    inv_p = ops.divide(_c(1.0, dt), _param(p, dt))
    g = _gamma_native(ops.get_item(keys, 0), inv_p, shape, dt, False)
    r = _rademacher_native(ops.get_item(keys, 1), shape, dt)
    return ops.multiply(r, ops.pow(g, inv_p))


def _rademacher_native(key: Any, shape: tuple[int, ...], dt: core.Dtype) -> Any:
    return rademacher(Array._wrap(key, False, _U32), shape, _jdt.numpy_dtype(dt)).native


def ball(key: Any, d: int, p: float = 2, shape: Any = (), dtype: Any = None) -> Array:
    native, _ = _single_key("ball", key)
    dt = _check_float(dtype, "ball")
    shape = _shape(shape)
    keys = _split_native(native, (2,))
    g = _generalized_normal_native(ops.get_item(keys, 0), p, (*shape, int(d)), dt)
    e = ops.negative(
        ops.log1p(ops.negative(_uniform_native(ops.get_item(keys, 1), shape, dt, 0.0, 1.0)))
    )
    p_n = _param(p, dt)
    norm = ops.pow(
        ops.add(ops.sum(ops.pow(ops.abs(g), p_n), axis=-1), e),
        ops.divide(_c(1.0, dt), p_n),
    )
    return Array._wrap(ops.divide(g, ops.reshape(norm, (*shape, 1))), False, dt)


# ----------------------------------------------------------------------- transforms of uniform
def _exponential_native(key: Any, shape: tuple[int, ...], dt: core.Dtype) -> Any:
    u = _uniform_native(key, shape, dt, 0.0, 1.0)
    return ops.negative(ops.log1p(ops.negative(u)))


def pareto(key: Any, b: Any, shape: Any = None, dtype: Any = None) -> Array:
    native, _ = _single_key("pareto", key)
    dt = _check_float(dtype, "pareto")
    shape = _broadcast_shape("pareto", shape, b)
    e = _exponential_native(native, shape, dt)
    return Array._wrap(ops.exp(ops.divide(e, _param(b, dt))), False, dt)


def weibull_min(key: Any, scale: Any, concentration: Any, shape: Any = (),
                dtype: Any = None) -> Array:  # fmt: skip
    native, _ = _single_key("weibull_min", key)
    dt = _check_float(dtype, "weibull_min")
    e = _exponential_native(native, _shape(shape), dt)
    power = ops.divide(_c(1.0, dt), _param(concentration, dt))
    return Array._wrap(ops.multiply(ops.pow(e, power), _param(scale, dt)), False, dt)


def _maxwell_native(key: Any, shape: tuple[int, ...], dt: core.Dtype) -> Any:
    n = _normal_native(key, (*shape, 3), dt)
    return ops.sqrt(ops.sum(ops.multiply(n, n), axis=-1))


def maxwell(key: Any, shape: Any = (), dtype: Any = None) -> Array:
    native, _ = _single_key("maxwell", key)
    dt = _check_float(dtype, "maxwell")
    return Array._wrap(_maxwell_native(native, _shape(shape), dt), False, dt)


def double_sided_maxwell(key: Any, loc: Any, scale: Any, shape: Any = (),
                         dtype: Any = None) -> Array:  # fmt: skip
    native, _ = _single_key("double_sided_maxwell", key)
    dt = _check_float(dtype, "double_sided_maxwell")
    params = tuple(numpy.broadcast_shapes(numpy.shape(loc), numpy.shape(scale)))
    shape = _shape(shape) or params
    shape = (*shape, *params)
    keys = _split_native(native, (2,))
    m = _maxwell_native(ops.get_item(keys, 0), shape, dt)
    sign = _rademacher_native(ops.get_item(keys, 1), shape, dt)
    value = ops.add(ops.multiply(ops.multiply(sign, m), _param(scale, dt)), _param(loc, dt))
    return Array._wrap(value, False, dt)


def rayleigh(key: Any, scale: Any, shape: Any = None, dtype: Any = None) -> Array:
    native, _ = _single_key("rayleigh", key)
    dt = _check_float(dtype, "rayleigh")
    shape = _broadcast_shape("rayleigh", shape, scale)
    u = _uniform_native(native, shape, dt, 0.0, 1.0)
    root = ops.sqrt(ops.multiply(ops.log(u), _c(-2.0, dt)))
    return Array._wrap(ops.multiply(ops.broadcast_to(_param(scale, dt), shape), root), False, dt)


def wald(key: Any, mean: Any, shape: Any = None, dtype: Any = None) -> Array:
    native, _ = _single_key("wald", key)
    dt = _check_float(dtype, "wald")
    shape = _broadcast_shape("wald", shape, mean)
    keys = _split_native(native, (2,))
    mean = ops.broadcast_to(_param(mean, dt), shape)
    v = _normal_native(ops.get_item(keys, 0), shape, dt)
    z = _uniform_native(ops.get_item(keys, 1), shape, dt, 0.0, 1.0)
    y = ops.multiply(v, v)
    y_sq = ops.multiply(y, y)
    mean_sq = ops.multiply(mean, mean)
    root = ops.sqrt(
        ops.add(ops.multiply(ops.multiply(_c(4.0, dt), mean), y), ops.multiply(mean_sq, y_sq))
    )
    x = ops.subtract(
        ops.add(mean, ops.divide(ops.multiply(mean_sq, y), _c(2.0, dt))),
        ops.multiply(ops.divide(mean, _c(2.0, dt)), root),
    )
    w = ops.where(ops.less_equal(z, ops.divide(mean, ops.add(mean, x))), x, ops.divide(mean_sq, x))
    return Array._wrap(w, False, dt)


def geometric(key: Any, p: Any, shape: Any = None, dtype: Any = None) -> Array:
    native, _ = _single_key("geometric", key)
    dt = _jdt.check_user_dtype(int if dtype is None else dtype, "geometric")
    if dt.kind not in "iu":
        raise ValueError(f"dtype argument to `geometric` must be an int dtype, got {dt}")
    shape = _broadcast_shape("geometric", shape, p)
    pdt = p._dtype if isinstance(p, Array) and p._dtype.kind == "f" else _jdt.default_dtype("f")
    p_n = _param(p, pdt)
    u = _uniform_native(native, shape, pdt, 0.0, 1.0)
    u = ops.where(ops.equal(u, _c(0.0, pdt)), _c(1.0, pdt), u)
    log_q = ops.broadcast_to(ops.log1p(ops.negative(p_n)), shape)
    g = ops.add(ops.floor(ops.divide(ops.log(u), log_q)), _c(1.0, pdt))
    return Array._wrap(ops.astype(g, dt), False, dt)


def triangular(key: Any, left: Any, mode: Any, right: Any, shape: Any = None,
               dtype: Any = None) -> Array:  # fmt: skip
    native, _ = _single_key("triangular", key)
    dt = _check_float(dtype, "triangular")
    shape = _broadcast_shape("triangular", shape, left, mode, right)
    lo, md, hi = (ops.broadcast_to(_param(v, dt), shape) for v in (left, mode, right))
    fc = ops.divide(ops.subtract(md, lo), ops.subtract(hi, lo))
    u = _uniform_native(native, shape, dt, 0.0, 1.0)
    width = ops.subtract(hi, lo)
    out1 = ops.add(lo, ops.sqrt(ops.multiply(ops.multiply(u, width), ops.subtract(md, lo))))
    out2 = ops.subtract(
        hi,
        ops.sqrt(
            ops.multiply(ops.multiply(ops.subtract(_c(1.0, dt), u), width), ops.subtract(hi, md))
        ),
    )
    return Array._wrap(ops.where(ops.less(u, fc), out1, out2), False, dt)


def lognormal(key: Any, sigma: Any = 1.0, shape: Any = None,
              dtype: Any = None) -> Array:  # fmt: skip
    native, _ = _single_key("lognormal", key)
    dt = _check_float(dtype, "lognormal")
    shape = _broadcast_shape("lognormal", shape, sigma)
    scaled = ops.multiply(_normal_native(native, shape, dt), _param(sigma, dt))
    return Array._wrap(ops.exp(scaled), False, dt)


# ----------------------------------------------------------------------- linear algebra
def orthogonal(key: Any, n: int, shape: Any = (), dtype: Any = None, m: int | None = None) -> Array:
    """Q of a QR factorisation of normal samples with the signs of R's diagonal (LAPACK's
    QR differs per backend in rounding: float tolerance)."""
    native, _ = _single_key("orthogonal", key)
    dt = _check_float(dtype, "orthogonal")
    shape = _shape(shape)
    cols = int(n) if m is None else int(m)
    z = _normal_native(native, (*shape, max(int(n), cols), min(int(n), cols)), dt)
    q, r = ops.linalg.qr(z)
    d = ops.linalg.diagonal(r)
    x = ops.multiply(q, ops.expand_dims(ops.sign(d), axis=-2))
    return Array._wrap(ops.matrix_transpose(x) if int(n) < cols else x, False, dt)


def multivariate_normal(key: Any, mean: Any, cov: Any, shape: Any = None, dtype: Any = None,
                        method: str = "cholesky") -> Array:  # fmt: skip
    """``mean + factor @ normal`` with ``factor`` from cholesky / svd / eigh of ``cov``
    (LAPACK rounding differs per backend: float tolerance)."""
    native, _ = _single_key("multivariate_normal", key)
    dt = _check_float(dtype, "multivariate_normal")
    if method not in ("svd", "eigh", "cholesky"):
        raise ValueError("method must be one of {'svd', 'eigh', 'cholesky'}")
    mean_n, cov_n = _param(mean, dt), _param(cov, dt)
    mshape, cshape = tuple(mean_n.shape), tuple(cov_n.shape)
    if len(mshape) < 1:
        raise ValueError(
            f"multivariate_normal requires mean.ndim >= 1, got mean.ndim == {len(mshape)}"
        )
    if len(cshape) < 2:
        raise ValueError(
            f"multivariate_normal requires cov.ndim >= 2, got cov.ndim == {len(cshape)}"
        )
    size = mshape[-1]
    if cshape[-2:] != (size, size):
        raise ValueError(
            f"multivariate_normal requires cov.shape == (..., n, n) for n={size}, but got "
            f"cov.shape == {cshape}."
        )
    if shape is None:
        shape = tuple(numpy.broadcast_shapes(mshape[:-1], cshape[:-2]))
    else:
        shape = _broadcast_shape(
            "normal", shape, numpy.empty(mshape[:-1]), numpy.empty(cshape[:-2])
        )
    if method == "svd":
        u, s, _ = ops.linalg.svd(cov_n)
        factor = ops.multiply(u, ops.expand_dims(ops.sqrt(s), axis=-2))
    elif method == "eigh":
        w, v = ops.linalg.eigh(cov_n)
        factor = ops.multiply(v, ops.expand_dims(ops.sqrt(w), axis=-2))
    else:
        factor = ops.linalg.cholesky(cov_n)
    z = _normal_native(native, (*shape, size), dt)
    value = ops.add(mean_n, ops.einsum("...ij,...j->...i", factor, z))
    return Array._wrap(value, False, dt)


# ----------------------------------------------------------------------- counts
def _poisson_knuth(key: Any, lam: Any, shape: tuple[int, ...], max_iters: int) -> Any:
    f32 = core.float32
    k = ops.zeros(shape, dtype=f32)
    log_prod = ops.zeros(shape, dtype=f32)
    for _ in range(max_iters):
        if not _any(ops.greater(log_prod, ops.negative(lam))):
            break
        key, k, log_prod = _poisson_knuth_step(key, k, log_prod, lam)
    return ops.subtract(k, _c(1.0, f32))


def _poisson_knuth_step_impl(key: Any, k: Any, log_prod: Any, lam: Any) -> tuple[Any, ...]:
    f32 = core.float32
    keys = _split_native(key, (2,))
    key, subkey = ops.get_item(keys, 0), ops.get_item(keys, 1)
    k = ops.where(ops.greater(log_prod, ops.negative(lam)), ops.add(k, _c(1.0, f32)), k)
    u = _uniform_impl(subkey, tuple(k.shape), f32, _c(0.0, f32), _c(1.0, f32))
    return key, k, ops.add(log_prod, ops.log(u))


def _poisson_rejection(key: Any, lam: Any, shape: tuple[int, ...], max_iters: int) -> Any:
    k_out = ops.full(shape, -1.0, dtype=core.float32)
    accepted = ops.zeros(shape, dtype=core.bool)
    for _ in range(max_iters):
        if bool(to_host(ops.all(accepted))):
            break
        key, k_out, accepted = _poisson_rejection_step(key, k_out, accepted, lam)
    return k_out


def _poisson_rejection_step_impl(key: Any, k_out: Any, accepted: Any,
                                 lam: Any) -> tuple[Any, ...]:  # fmt: skip
    f32 = core.float32
    shape = tuple(k_out.shape)

    def c(v: float) -> Any:
        return _c(v, f32)

    log_lam = ops.log(lam)
    b = ops.add(c(0.931), ops.multiply(c(2.53), ops.sqrt(lam)))
    a = ops.add(c(-0.059), ops.multiply(c(0.02483), b))
    inv_alpha = ops.add(c(1.1239), ops.divide(c(1.1328), ops.subtract(b, c(3.4))))
    v_r = ops.subtract(c(0.9277), ops.divide(c(3.6224), ops.subtract(b, c(2.0))))
    keys = _split_native(key, (3,))
    key = ops.get_item(keys, 0)
    u = ops.subtract(_uniform_impl(ops.get_item(keys, 1), shape, f32, c(0.0), c(1.0)), c(0.5))
    v = _uniform_impl(ops.get_item(keys, 2), shape, f32, c(0.0), c(1.0))
    u_shifted = ops.subtract(c(0.5), ops.abs(u))
    k = ops.floor(
        ops.add(
            ops.add(
                ops.multiply(ops.add(ops.divide(ops.multiply(c(2.0), a), u_shifted), b), u), lam
            ),
            c(0.43),
        )
    )
    s = ops.log(
        ops.divide(
            ops.multiply(v, inv_alpha),
            ops.add(ops.divide(a, ops.multiply(u_shifted, u_shifted)), b),
        )
    )
    t_ = ops.subtract(
        ops.add(ops.negative(lam), ops.multiply(k, log_lam)), ops.lgamma(ops.add(k, c(1.0)))
    )
    accept1 = ops.logical_and(ops.greater_equal(u_shifted, c(0.07)), ops.less_equal(v, v_r))
    reject = ops.logical_or(
        ops.less(k, c(0.0)),
        ops.logical_and(ops.less(u_shifted, c(0.013)), ops.greater(v, u_shifted)),
    )
    accept = ops.logical_or(
        accept1, ops.logical_and(ops.logical_not(reject), ops.less_equal(s, t_))
    )
    return key, ops.where(accept, k, k_out), ops.logical_or(accepted, accept)


_poisson_knuth_step = core.compile(_poisson_knuth_step_impl)
_poisson_rejection_step = core.compile(_poisson_rejection_step_impl)


def poisson(key: Any, lam: Any, shape: Any = None, dtype: Any = None) -> Array:
    """Knuth's method below 10, Hörmann's transformed rejection above, as JAX (same key
    for both, every element drawn each round, at most the dtype's max rounds; counts
    saturate at the dtype's bounds)."""
    native, _ = _single_key("poisson", key)
    dt = _jdt.check_user_dtype(int if dtype is None else dtype, "poisson")
    shape = (
        _shape(shape)
        if shape is not None
        else tuple(numpy.shape(lam))
        if not isinstance(lam, Array)
        else lam.shape
    )
    f32 = core.float32
    lam_n = ops.broadcast_to(_param(lam, f32), shape)
    use_knuth = ops.logical_or(ops.isnan(lam_n), ops.less(lam_n, _c(10.0, f32)))
    lam_knuth = ops.where(use_knuth, lam_n, _c(0.0, f32))
    lam_rejection = ops.where(use_knuth, _c(1e5, f32), lam_n)
    info = core.iinfo(dt)  # JAX's loops stop after the dtype's max iterations
    result = ops.where(
        use_knuth,
        _poisson_knuth(native, lam_knuth, shape, int(info.max)),
        _poisson_rejection(native, lam_rejection, shape, int(info.max)),
    )
    result = ops.where(ops.equal(lam_n, _c(0.0, f32)), _c(0.0, f32), result)
    # a count past the dtype's range saturates, as XLA converts float to int
    result = ops.clip(result, _c(float(info.min), f32), _c(float(info.max), f32))
    return Array._wrap(ops.astype(result, dt), False, dt)


_STIRLING_TAIL = (
    0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509,
    0.0166446911898211, 0.0138761288230707, 0.0118967099458917, 0.0104112652619720,
    0.00925546218271273, 0.00833056343336287,
)  # fmt: skip


def _stirling_tail(k: Any) -> Any:
    dt = core.as_core_dtype(k.dtype)
    table = ops.asarray(numpy.array(_STIRLING_TAIL, dtype=_jdt.numpy_dtype(dt)))
    use_table = ops.less_equal(k, _c(9.0, dt))
    k = ops.clip(k, _c(0.0, dt), _c(9.0, dt))
    kp1 = ops.add(k, _c(1.0, dt))
    kp1sq = ops.multiply(kp1, kp1)
    approx = ops.divide(
        ops.subtract(
            _c(1.0 / 12, dt),
            ops.divide(
                ops.subtract(_c(1.0 / 360, dt), ops.divide(_c(1.0 / 1260, dt), kp1sq)), kp1sq
            ),
        ),
        kp1,
    )
    index = ops.astype(ops.floor(k), core.int32)
    return ops.where(use_table, ops.take(table, index, axis=0), approx)


def _binomial_inversion_step_impl(key: Any, num_geom: Any, geom_sum: Any, count: Any,
                                  log1mp: Any) -> tuple[Any, ...]:  # fmt: skip
    dt = core.as_core_dtype(num_geom.dtype)
    keys = _split_native(key, (2,))
    subkey, key = ops.get_item(keys, 0), ops.get_item(keys, 1)
    num_geom = ops.where(ops.less_equal(geom_sum, count), ops.add(num_geom, _c(1.0, dt)), num_geom)
    u = _uniform_impl(subkey, tuple(num_geom.shape), dt, _c(0.0, dt), _c(1.0, dt))
    geom = ops.ceil(ops.divide(ops.log(u), log1mp))
    return key, num_geom, ops.add(geom_sum, geom)


def _btrs_step_impl(key: Any, k_out: Any, accepted: Any, count: Any,
                    prob: Any) -> tuple[Any, ...]:  # fmt: skip
    dt = core.as_core_dtype(k_out.dtype)
    shape = tuple(k_out.shape)

    def c(v: float) -> Any:
        return _c(v, dt)

    one = c(1.0)
    stddev = ops.sqrt(ops.multiply(ops.multiply(count, prob), ops.subtract(one, prob)))
    b = ops.add(c(1.15), ops.multiply(c(2.53), stddev))
    a = ops.add(ops.add(c(-0.0873), ops.multiply(c(0.0248), b)), ops.multiply(c(0.01), prob))
    cc = ops.add(ops.multiply(count, prob), c(0.5))
    v_r = ops.subtract(c(0.92), ops.divide(c(4.2), b))
    r = ops.divide(prob, ops.subtract(one, prob))
    alpha = ops.multiply(ops.add(c(2.83), ops.divide(c(5.1), b)), stddev)
    m = ops.floor(ops.multiply(ops.add(count, one), prob))
    keys = _split_native(key, (3,))
    key = ops.get_item(keys, 0)
    u = _uniform_impl(ops.get_item(keys, 1), shape, dt, c(0.0), one)
    v = _uniform_impl(ops.get_item(keys, 2), shape, dt, c(0.0), one)
    u = ops.subtract(u, c(0.5))
    us = ops.subtract(c(0.5), ops.abs(u))
    accept1 = ops.logical_and(ops.greater_equal(us, c(0.07)), ops.less_equal(v, v_r))
    k = ops.floor(ops.add(ops.multiply(ops.add(ops.divide(ops.multiply(c(2.0), a), us), b), u), cc))
    reject = ops.logical_or(ops.less(k, c(0.0)), ops.greater(k, count))
    v = ops.log(ops.divide(ops.multiply(v, alpha), ops.add(ops.divide(a, ops.multiply(us, us)), b)))
    n_m1 = ops.add(ops.subtract(count, m), one)
    n_k1 = ops.add(ops.subtract(count, k), one)
    ub = ops.add(
        ops.add(
            ops.multiply(
                ops.add(m, c(0.5)), ops.log(ops.divide(ops.add(m, one), ops.multiply(r, n_m1)))
            ),
            ops.multiply(ops.add(count, one), ops.log(ops.divide(n_m1, n_k1))),
        ),
        ops.multiply(
            ops.add(k, c(0.5)), ops.log(ops.divide(ops.multiply(r, n_k1), ops.add(k, one)))
        ),
    )
    ub = ops.subtract(
        ops.subtract(
            ops.add(ops.add(ub, _stirling_tail(m)), _stirling_tail(ops.subtract(count, m))),
            _stirling_tail(k),
        ),
        _stirling_tail(ops.subtract(count, k)),
    )
    accept = ops.logical_or(
        accept1, ops.logical_and(ops.logical_not(reject), ops.less_equal(v, ub))
    )
    return key, ops.where(accept, k, k_out), ops.logical_or(accepted, accept)


_binomial_inversion_step = core.compile(_binomial_inversion_step_impl)
_btrs_step = core.compile(_btrs_step_impl)


def binomial(key: Any, n: Any, p: Any, shape: Any = None, dtype: Any = None) -> Array:
    """The binomial inversion (``n * q <= 10``) and BTRS rejection samplers, as JAX (both
    run on every element with the same key; float tolerance: log, lgamma-free bounds)."""
    native, _ = _single_key("binomial", key)
    dt = _check_float(dtype, "binomial")
    shape = _broadcast_shape("binomial", shape, n, p)
    pdt = p._dtype if isinstance(p, Array) and p._dtype.kind == "f" else _jdt.default_dtype("f")
    prob = ops.broadcast_to(_param(p, pdt), shape)
    count = ops.broadcast_to(_param(n, pdt), shape)
    half, zero = _c(0.5, pdt), _c(0.0, pdt)
    p_lt_half = ops.less(prob, half)
    q = ops.where(p_lt_half, prob, ops.subtract(_c(1.0, pdt), prob))
    count_bad = ops.logical_or(ops.isnan(count), ops.less(count, zero))
    count_inf = ops.isinf(count)
    q_nan, q_neg = ops.isnan(q), ops.less(q, zero)
    q = ops.where(ops.logical_or(q_nan, q_neg), _c(0.01, pdt), q)
    use_inversion = ops.logical_or(count_bad, ops.less_equal(ops.multiply(count, q), _c(10.0, pdt)))
    count = ops.floor(count)
    count_inv = ops.where(use_inversion, count, zero)
    count_btrs = ops.where(use_inversion, _c(1e4, pdt), count)
    q_btrs = ops.where(use_inversion, half, q)
    # inversion
    log1mp = ops.log1p(ops.negative(q))
    inv_key, num_geom, geom_sum = native, ops.zeros(shape, dtype=pdt), ops.zeros(shape, dtype=pdt)
    while _any(ops.less_equal(geom_sum, count_inv)):
        inv_key, num_geom, geom_sum = _binomial_inversion_step(
            inv_key, num_geom, geom_sum, count_inv, log1mp
        )
    inverted = ops.astype(ops.subtract(num_geom, _c(1.0, pdt)), dt)
    # BTRS
    btrs_key, k_out, accepted = (
        native,
        ops.full(shape, -1.0, dtype=pdt),
        ops.zeros(shape, dtype=core.bool),
    )
    while not bool(to_host(ops.all(accepted))):
        btrs_key, k_out, accepted = _btrs_step(btrs_key, k_out, accepted, count_btrs, q_btrs)
    samples = ops.where(use_inversion, inverted, ops.astype(k_out, dt))
    invalid = ops.logical_or(ops.logical_or(q_neg, q_nan), count_bad)
    samples = ops.where(invalid, _c(numpy.nan, dt), samples)
    samples = ops.where(
        ops.logical_and(count_inf, ops.logical_not(invalid)), _c(numpy.inf, dt), samples
    )
    keep = ops.logical_or(ops.logical_or(p_lt_half, count_bad), ops.logical_or(q_nan, count_inf))
    samples = ops.where(keep, samples, ops.subtract(ops.astype(count, dt), samples))
    return Array._wrap(samples, False, dt)


def multinomial(key: Any, n: Any, p: Any, *, shape: Any = None, dtype: Any = None,
                unroll: Any = 1) -> Array:  # fmt: skip
    """Counts per category as JAX draws them: a binomial of the remaining count for each
    category's share of the remaining probability, one key per category."""
    native, _ = _single_key("multinomial", key)
    pdt = p._dtype if isinstance(p, Array) and p._dtype.kind == "f" else _jdt.default_dtype("f")
    p_n = _param(p, pdt)
    shape = tuple(p_n.shape) if shape is None else _shape(shape)
    n_n = ops.broadcast_to(_param(n, pdt), shape[:-1])
    p_n = ops.moveaxis(ops.broadcast_to(p_n, shape), -1, 0)
    remaining = ops.flip(ops.cumulative_sum(ops.flip(p_n, axis=0), axis=0), axis=0)
    zero, one = _c(0.0, pdt), _c(1.0, pdt)
    ratios = ops.divide(p_n, ops.where(ops.equal(remaining, zero), one, remaining))
    keys = _split_native(native, (shape[-1],))
    remainder = Array._wrap(n_n, False, pdt)
    counts = []
    for i in range(shape[-1]):
        ratio = Array._wrap(ops.clip(ops.get_item(ratios, i), zero, one), False, pdt)
        count = binomial(
            Array._wrap(ops.get_item(keys, i), False, _U32),
            remainder,
            ratio,
            dtype=_jdt.numpy_dtype(pdt),
        )
        remainder = Array._wrap(ops.subtract(remainder.native, count.native), False, pdt)
        counts.append(count.native)
    dt = pdt if dtype is None else _jdt.check_user_dtype(dtype, "multinomial")
    return Array._wrap(ops.astype(ops.stack(counts, axis=-1), dt), False, dt)


def clone(key: Any) -> Any:
    """``jax.random.clone``: keys are immutable values here; returns ``key``."""
    return key
