"""torch's CPU random kernels (torch 2.13), reproduced on the host: the mt19937 engine of
``CPUGeneratorImpl`` and the way each ATen kernel consumes it.

Every sampler draws its 32/64-bit words from torch's mt19937 stream (numpy's ``MT19937``
bit generator, seeded as torch seeds it) and applies torch's transform with torch's
floating-point steps, so a ``torch.manual_seed`` gives real torch's numbers bit for bit.
The transforms run in numpy on the host (the stream is sequential host state anyway), and
the result crosses to the backend once: the values are identical on all four backends.

How torch 2.13 draws (ATen ``native/cpu/DistributionTemplates.h``, ``DistributionsHelper.h``,
``TransformationHelper.h``), and how it is reproduced here:

- uniform: float/half/bfloat16 take one 32-bit word (24 bits kept, computed in float32),
  float64 one 64-bit word (two 32-bit words, the first the high half; 53 bits kept);
  ``x * (to - from) + from`` is one fused multiply-add (GCC contracts it).
- normal, ``numel >= 16`` and contiguous (the vectorised ``normal_fill``): all uniforms
  first, Box-Muller on blocks of 16 (8 pairs ``i``/``i + 8``), the last 16 redrawn when
  ``numel % 16``. float32, float16 and bfloat16 use the AVX2 kernel (``avx_mathfun.h``'s
  ``log256_ps``/``sincos256_ps``; the AVX512 build dispatches to it too), emulated here
  operation by operation in float32, with the multiply-adds GCC fuses fused. float64
  uses glibc's ``log``/``cos``/``sin``.
- normal otherwise, log_normal: scalar Box-Muller in float64 with a cached second sample
  (the generator's ``next_double_normal_sample``, shared between calls).
- exponential, cauchy, geometric, log_normal, bernoulli(p: float): one float64 uniform per
  element, transformed in float64 with glibc's ``log1p``/``tan``/``log``/``exp``.

glibc's transcendental functions are called through Python's ``math`` module (numpy's own
vectorised ``log``/``log1p``/``tan``/``exp`` differ from glibc in the last bit for a few
values in a thousand); this costs about 0.1 us per element and per function. A fused
multiply-add is emulated with error-free transformations (float64) or in float64
(float32); in rare double-rounding cases that can differ from a hardware FMA by one ulp.
Machines without AVX2 run torch's scalar ``normal_fill`` instead; these kernels follow the
x86-64 AVX2/AVX512 builds that torch's wheels ship.

Speed: numpy's ``MT19937`` makes the words as fast as torch's C++ engine (1M words ~4 ms,
about torch's whole ``rand(2**20)``), and the uniform and integer transforms are a few numpy
passes on them (``rand`` 1M ~1.1x torch). What stays slower: the emulated AVX2 float32
Box-Muller (each fused multiply-add two numpy passes through float64; ``randn`` 1M ~5x,
in cache-sized chunks), glibc calls per element for float64 normals and the float64
samplers, and on small tensors numpy's per-call cost (~0.5-2 us a ufunc: ``rand(16)``
~10 us against torch's ~1.3 us; ``randn(16)``, about 60 ufunc calls, ~100 us).
"""

from __future__ import annotations

import math
from typing import Any

import numpy

_F = numpy.float32
_TWO_32 = numpy.uint64(32)
_DEFAULT_SEED = 67280421310721


class MT19937State:
    """torch's ``CPUGeneratorImpl``: an mt19937 engine seeded by ``init_genrand`` with the
    seed's low 32 bits, and the cached second sample of the double Box-Muller."""

    __slots__ = ("bits", "fresh", "next_double_normal", "next_float_normal", "seed")

    def __init__(self, seed: int = _DEFAULT_SEED) -> None:
        self.bits = numpy.random.MT19937()
        self.reseed(seed)

    def reseed(self, seed: int) -> None:
        seed = int(seed) % 2**64
        legacy = numpy.random.RandomState(seed & 0xFFFFFFFF).get_state()
        self.bits.state = {
            "bit_generator": "MT19937",
            "state": {"key": legacy[1], "pos": legacy[2]},
        }
        self.seed = seed
        self.fresh = True
        self.next_double_normal: float | None = None
        self.next_float_normal: float | None = None

    # -- the engine's words ---------------------------------------------------------------
    def random(self, n: int) -> numpy.ndarray:
        """``n`` calls of ``generator->random()``: 32-bit words (as uint64)."""
        self.fresh = False
        return self.bits.random_raw(n)

    def random64(self, n: int) -> numpy.ndarray:
        """``n`` calls of ``generator->random64()``: two words each, the first the high half."""
        self.fresh = False
        words = self.bits.random_raw(2 * n)
        high = words[0::2] << _TWO_32
        high |= words[1::2]
        return high

    # -- state as torch's get_rng_state bytes ---------------------------------------------
    def key(self) -> tuple[bytes, int]:
        state = self.bits.state["state"]
        return state["key"].tobytes(), int(state["pos"])

    def to_bytes(self) -> numpy.ndarray:
        """torch's 5056-byte ``CPUGeneratorImplStateLegacy``."""
        state = self.bits.state["state"]
        pos = int(state["pos"])
        buffer = numpy.zeros(5056, numpy.uint8)
        buffer[0:8] = numpy.array([self.seed], "<u8").view(numpy.uint8)
        left, next_ = 625 - pos, (0 if self.fresh else pos)
        buffer[8:16] = numpy.array([left, 1], "<i4").view(numpy.uint8)
        buffer[16:24] = numpy.array([next_], "<u8").view(numpy.uint8)
        buffer[24:5016] = state["key"].astype("<u8").view(numpy.uint8)
        if self.next_double_normal is not None:
            buffer[5024:5032] = numpy.array([self.next_double_normal], "<f8").view(numpy.uint8)
            buffer[5040:5044] = numpy.array([1], "<i4").view(numpy.uint8)
        if self.next_float_normal is not None:
            buffer[5048:5052] = numpy.array([self.next_float_normal], "<f4").view(numpy.uint8)
            buffer[5052] = 1
        return buffer

    def from_bytes(self, buffer: numpy.ndarray) -> None:
        if buffer.size != 5056:
            raise RuntimeError(
                "Expected a CPUGeneratorImplState of size 5056 but found the input RNG state "
                f"size to be {buffer.size}"
            )
        buffer = numpy.ascontiguousarray(buffer, numpy.uint8)
        self.seed = int(buffer[0:8].view("<u8")[0])
        left = int(buffer[8:12].view("<i4")[0])
        key = buffer[24:5016].view("<u8").astype(numpy.uint32)
        self.bits.state = {"bit_generator": "MT19937", "state": {"key": key, "pos": 625 - left}}
        self.fresh = int(buffer[16:24].view("<u8")[0]) == 0 and left == 1
        valid = int(buffer[5040:5044].view("<i4")[0])
        self.next_double_normal = float(buffer[5024:5032].view("<f8")[0]) if valid else None
        valid_float = bool(buffer[5052])
        self.next_float_normal = float(buffer[5048:5052].view("<f4")[0]) if valid_float else None


# ---------------------------------------------------------------------------------------
# exact arithmetic helpers
# ---------------------------------------------------------------------------------------
def fma32(a: Any, b: Any, c: Any) -> numpy.ndarray:
    """float32 fused multiply-add of float32 arrays or numpy float32 scalars (the product
    of two floats is exact in float64; the sum is rounded twice, to float64 then float32,
    which can differ from one rounding only when the float64 sum falls exactly halfway
    between two floats). Two numpy passes: the float64 product, and the float64 sum
    written (rounded) into a float32 result."""
    product = numpy.multiply(a, b, dtype=numpy.float64)
    return numpy.add(product, c, out=numpy.empty(product.shape, _F))


def fma64(a: Any, b: Any, c: Any) -> numpy.ndarray:
    """float64 fused multiply-add by error-free transformations (Dekker, Knuth)."""
    a, b, c = (numpy.asarray(v, numpy.float64) for v in (a, b, c))
    with numpy.errstate(all="ignore"):
        product = a * b
        split = 134217729.0
        ah = a * split
        ah = ah - (ah - a)
        al = a - ah
        bh = b * split
        bh = bh - (bh - b)
        bl = b - bh
        error = ((ah * bh - product) + ah * bl + al * bh) + al * bl
        total = product + c
        bb = total - product
        rest = (product - (total - bb)) + (c - bb)
        result = total + (rest + error)
    return numpy.where(numpy.isfinite(result), result, product + c)


def _libm(function: Any, x: numpy.ndarray) -> numpy.ndarray:
    """glibc's float64 ``function`` (through Python's math) on each element."""
    if x.size < 64:
        return numpy.array([function(v) for v in x.ravel().tolist()]).reshape(x.shape)
    return numpy.frompyfunc(function, 1, 1)(x).astype(numpy.float64)


def libm_log(x: numpy.ndarray) -> numpy.ndarray:
    positive = x > 0
    values = _libm(math.log, numpy.where(positive, x, 1.0))
    return numpy.where(positive, values, numpy.where(x == 0, -numpy.inf, numpy.nan))


def libm_log1p(x: numpy.ndarray) -> numpy.ndarray:
    inside = x > -1
    values = _libm(math.log1p, numpy.where(inside, x, 0.0))
    return numpy.where(inside, values, numpy.where(x == -1, -numpy.inf, numpy.nan))


def libm_exp(x: numpy.ndarray) -> numpy.ndarray:
    big = x > 709.782712893384
    return numpy.where(big, numpy.inf, _libm(math.exp, numpy.where(big | numpy.isnan(x), 0.0, x)))


def libm_tan(x: numpy.ndarray) -> numpy.ndarray:
    return _libm(math.tan, x)


# ---------------------------------------------------------------------------------------
# uniforms
# ---------------------------------------------------------------------------------------
def uniform_float(state: MT19937State, n: int) -> numpy.ndarray:
    """``uniform_real_distribution<float>(0, 1)``: 24 bits of ``random()``."""
    words = state.random(n)
    words &= numpy.uint64(0xFFFFFF)
    values = words.astype(_F)
    values *= _F(2.0**-24)
    return values


def uniform_double(state: MT19937State, n: int) -> numpy.ndarray:
    """``uniform_real_distribution<double>(0, 1)``: 53 bits of ``random64()``."""
    words = state.random64(n)
    words &= numpy.uint64(2**53 - 1)
    values = words.astype(numpy.float64)
    values *= 2.0**-53
    return values


# ---------------------------------------------------------------------------------------
# avx_mathfun.h (log256_ps, sincos256_ps) as GCC compiles it for torch's AVX2 kernels
# ---------------------------------------------------------------------------------------
_LOG_P = tuple(
    _F(c)
    for c in (
        -1.1514610310e-1,
        1.1676998740e-1,
        -1.2420140846e-1,
        1.4249322787e-1,
        -1.6668057665e-1,
        2.0000714765e-1,
        -2.4999993993e-1,
        3.3333331174e-1,
    )
)


def _fma32_into(a: Any, b: Any, c: Any, out: numpy.ndarray, wide: numpy.ndarray) -> None:
    """:func:`fma32` written into ``out`` through the float64 scratch ``wide`` (``out``
    may be ``a``, ``b`` or ``c``)."""
    numpy.multiply(a, b, out=wide, dtype=numpy.float64)
    numpy.add(wide, c, out=out)


def _log256(x: numpy.ndarray, wide: numpy.ndarray) -> numpy.ndarray:
    """``log256_ps`` for ``x`` in ``[2**-24, 1]`` (``1 - u``: positive and normal, so its
    checks for zero, negative and denormal inputs select nothing)."""
    bits = x.view(numpy.int32)
    e = ((bits >> 23) - 0x7E).astype(_F)  # (exponent - 0x7F) + 1, exact
    mantissa = bits & numpy.int32(~0x7F800000)
    mantissa |= numpy.int32(0x3F000000)
    x = mantissa.view(_F)
    mask = x < _F(0.707106781186547524)
    tmp = numpy.where(mask, x, _F(0))
    x -= _F(1)
    e -= mask
    x += tmp
    z = x * x
    y = numpy.empty_like(x)
    _fma32_into(_F(7.0376836292e-2), x, _LOG_P[0], y, wide)
    for coefficient in _LOG_P[1:]:
        _fma32_into(y, x, coefficient, y, wide)
    y *= x
    _fma32_into(y, z, e * _F(-2.12194440e-4), y, wide)
    z *= _F(0.5)
    y -= z
    x += y
    e *= _F(0.693359375)
    x += e
    return x


def _sincos256(x: numpy.ndarray, wide: numpy.ndarray) -> tuple[numpy.ndarray, numpy.ndarray]:
    """``sincos256_ps`` for ``x >= 0`` (``2 pi u``: the sign of the input is clear)."""
    j = (x * _F(1.27323954473516)).astype(numpy.int32)
    j += 1
    j &= ~1
    y = j.astype(_F)
    sign_sin = (j & 4) << 29
    sign_cos = (~(j - 2) & 4) << 29
    polynomial_mask = (j & 2) == 0
    x = x + y * _F(-0.78515625)
    x += y * _F(-2.4187564849853515625e-4)
    x += y * _F(-3.77489497744594108e-8)
    z = x * x
    cos_poly = numpy.empty_like(x)
    _fma32_into(_F(2.443315711809948e-005), z, _F(-1.388731625493765e-003), cos_poly, wide)
    _fma32_into(cos_poly, z, _F(4.166664568298827e-002), cos_poly, wide)
    cos_poly *= z
    _fma32_into(cos_poly, z, -(z * _F(0.5)), cos_poly, wide)
    cos_poly += _F(1)
    sin_poly = numpy.empty_like(x)
    _fma32_into(_F(-1.9515295891e-4), z, _F(8.3321608736e-3), sin_poly, wide)
    _fma32_into(sin_poly, z, _F(-1.6666654611e-1), sin_poly, wide)
    sin_poly *= z
    _fma32_into(sin_poly, x, x, sin_poly, wide)
    sin = numpy.where(polynomial_mask, sin_poly, cos_poly).view(numpy.int32)
    cos = numpy.where(polynomial_mask, cos_poly, sin_poly).view(numpy.int32)
    sin ^= sign_sin
    cos ^= sign_cos
    return sin.view(_F), cos.view(_F)


def _box_muller_16_float(blocks: numpy.ndarray, mean: float, std: float) -> numpy.ndarray:
    """``NormalFill16<float>`` (AVX2) on rows of 16 float32 uniforms."""
    wide = numpy.empty((blocks.shape[0], 8), numpy.float64)
    radius = _log256(_F(1) - blocks[:, :8], wide)
    radius *= _F(-2)
    numpy.sqrt(radius, out=radius)
    sin, cos = _sincos256(_F(2.0 * math.pi) * blocks[:, 8:], wide)
    cos *= radius
    sin *= radius
    out = numpy.empty(blocks.shape, _F)
    mean32, std32 = _F(mean), _F(std)
    for half, value in ((out[:, :8], cos), (out[:, 8:], sin)):
        if std32 == 1:  # the product is exact: the fused sum is a float32 sum
            numpy.add(value, mean32, out=half)
        else:
            _fma32_into(value, std32, mean32, half, wide)
    return out


def _box_muller_16_double(blocks: numpy.ndarray, mean: float, std: float) -> numpy.ndarray:
    """``NormalFill16<double>`` (scalar, glibc) on rows of 16 float64 uniforms."""
    radius = numpy.sqrt(-2 * _libm(math.log, 1 - blocks[:, :8]))  # 1 - u in (0, 1]
    theta = 2.0 * math.pi * blocks[:, 8:]
    pair = (radius * numpy.cos(theta), radius * numpy.sin(theta))
    if mean != 0.0 or std != 1.0:
        pair = tuple(fma64(v, std, mean) for v in pair)
    return numpy.concatenate(pair, axis=1)


_CHUNK_ROWS = 4096  # blocks of 16 transformed at once: 64K values, temporaries in cache


def _transform_blocks(transform: Any, blocks: numpy.ndarray, mean: float, std: float) -> None:
    """``transform`` applied to rows of 16 uniforms, in place, a cache-sized chunk at a time."""
    for start in range(0, blocks.shape[0], _CHUNK_ROWS):
        chunk = blocks[start : start + _CHUNK_ROWS]
        chunk[...] = transform(chunk, mean, std)


def normal_fill(state: MT19937State, n: int, mean: float, std: float, kind: str) -> numpy.ndarray:
    """torch's ``normal_fill`` (numel >= 16, contiguous). ``kind``: "float64" (float64
    result), "float32" (float32), "reduced" (float32 values to round to half/bfloat16)."""
    full, tail = divmod(n, 16)
    if kind == "reduced":
        blocks = uniform_float(state, 16 * (full + (1 if tail else 0))).reshape(-1, 16)
        _transform_blocks(_box_muller_16_float, blocks, mean, std)
        out = numpy.empty(n, _F)
        out[: full * 16] = blocks[:full].reshape(-1)
        if tail:
            out[n - 16 :] = blocks[-1]
        return out
    double = kind == "float64"
    draw = uniform_double if double else uniform_float
    transform = _box_muller_16_double if double else _box_muller_16_float
    out = draw(state, n)
    _transform_blocks(transform, out[: full * 16].reshape(-1, 16), mean, std)
    if tail:
        out[n - 16 :] = transform(draw(state, 16).reshape(1, 16), mean, std)[0]
    return out


def standard_normal_double(state: MT19937State, n: int) -> numpy.ndarray:
    """``n`` calls of ``normal_distribution<double>`` before its mean/std (``ret``): the
    cached sample first, then Box-Muller pairs (``r cos``, then ``r sin`` cached)."""
    out = numpy.empty(n, numpy.float64)
    start = 0
    if n and state.next_double_normal is not None:
        out[0] = state.next_double_normal
        state.next_double_normal = None
        start = 1
    pairs = (n - start + 1) // 2
    if pairs:
        u = uniform_double(state, 2 * pairs)
        radius = numpy.sqrt(-2.0 * _libm(math.log1p, -u[1::2]))  # -u in (-1, 0]
        theta = 2.0 * math.pi * u[0::2]
        values = numpy.stack([radius * numpy.cos(theta), radius * numpy.sin(theta)], 1).reshape(-1)
        out[start:] = values[: n - start]
        if (n - start) % 2:
            state.next_double_normal = float(values[-1])
    return out


def normal_double(state: MT19937State, n: int, mean: float, std: float) -> numpy.ndarray:
    """``normal_distribution<double>(mean, std)``, ``n`` times (float64)."""
    values = standard_normal_double(state, n)
    if mean != 0.0 or std != 1.0:
        values = fma64(values, std, mean)
    return values


def uniform_from_to(
    state: MT19937State, n: int, low: float, high: float, double: bool
) -> numpy.ndarray:
    """``uniform_real_distribution<opmath>(from, to)``: float64, or float32 (opmath of
    float32/float16/bfloat16)."""
    if double:
        x = uniform_double(state, n)
        return x if (low, high) == (0.0, 1.0) else fma64(x, high - low, low)
    x = uniform_float(state, n)
    low32, high32 = _F(low), _F(high)
    return x if (low, high) == (0.0, 1.0) else fma32(x, high32 - low32, low32)


def random_from_to(state: MT19937State, n: int, range_: int, base: int) -> numpy.ndarray:
    """``uniform_int_from_to_distribution``: ``random()`` (``random64()`` for ranges of
    2**28 and more) modulo ``range``, plus ``base``, as int64."""
    words = state.random64(n) if range_ >= 2**28 else state.random(n)
    words %= numpy.uint64(range_)
    values = words.view(numpy.int64)  # as astype: two's complement above 2**63
    values += numpy.int64(base)
    return values


def randperm(state: MT19937State, n: int) -> numpy.ndarray:
    """torch's ``randperm_cpu`` for ``n < 2**32 / 20``: a Fisher-Yates pass from the front
    (step ``i`` swaps positions ``i`` and ``i + random() % (n - i)``); a Python loop for
    small ``n``, :func:`_fisher_yates_front` for large."""
    if n <= 1:
        return numpy.arange(n, dtype=numpy.int64)
    offsets = state.random(n - 1) % numpy.arange(n, 1, -1, dtype=numpy.uint64)
    if n > 256:
        return _fisher_yates_front(offsets.astype(numpy.int64))
    values = list(range(n))
    for i, z in enumerate(offsets.tolist()):
        values[i], values[i + z] = values[i + z], values[i]
    return numpy.asarray(values, numpy.int64)


def _fisher_yates_front(offsets: numpy.ndarray) -> numpy.ndarray:
    """The permutation of the swaps ``(i, i + offsets[i])``, ``i = 0 .. n - 2``, in order,
    without a sequential loop. Position ``i`` is final after step ``i`` (later steps touch
    only positions above ``i``), and step ``m`` takes the value that position ``target[m]``
    holds just before it: that of the last earlier step writing ``target[m]`` (which put
    there what *its* own position held before it), or ``target[m]`` itself if none. Steps
    grouped by target (one sort) give each step's earlier writer; the values each position
    holds before its own step follow chains of writers, resolved by pointer doubling."""
    n = offsets.size + 1
    steps = numpy.arange(n - 1, dtype=numpy.int64)
    keys = offsets + steps  # each step's target position
    keys <<= 32
    keys |= steps
    keys.sort()
    target = keys >> 32
    step = keys & 0xFFFFFFFF
    same = target[1:] == target[:-1]
    writer = numpy.empty(n - 1, numpy.int64)  # the earlier step with the same target
    writer[0] = -1
    numpy.copyto(writer[1:], numpy.where(same, step[:-1], -1))
    last = numpy.flatnonzero(numpy.append(~same, True))  # each target's last writer
    # before[p]: the value position p holds before step p: the before-value of the last
    # step m < p that wrote p (targets are >= their steps), else p.
    before_writer = numpy.where(step[last] < target[last], step[last], writer[last])
    written = before_writer >= 0
    before = numpy.arange(n, dtype=numpy.int64)
    before[target[last][written]] = before_writer[written]
    while True:
        jumped = before[before]
        if numpy.array_equal(jumped, before):
            break
        before = jumped
    out = numpy.empty(n, numpy.int64)
    out[step] = numpy.where(writer < 0, target, before[numpy.maximum(writer, 0)])
    out[-1] = before[-1]
    return out


def poisson(state: MT19937State, rates: numpy.ndarray) -> numpy.ndarray:
    """torch's ``sample_poisson`` for each rate (float64) in order: multiplication of
    uniforms below 10, Hoermann's transformed rejection (PTRS) from 10 on. GCC's fused
    multiply-adds are reproduced where they decide a branch."""
    out = numpy.empty(rates.shape, numpy.float64)
    flat = out.reshape(-1)

    def uniform() -> float:
        return float(uniform_double(state, 1)[0])

    def fma(a: float, b: float, c: float) -> float:
        return float(fma64(a, b, c))

    for i, rate in enumerate(rates.reshape(-1).tolist()):
        if rate >= 10:
            slam, loglam = math.sqrt(rate), math.log(rate)
            b = fma(2.53, slam, 0.931)
            a = fma(0.02483, b, -0.059)
            invalpha = 1.1239 + 1.1328 / (b - 3.4)
            vr = 0.9277 - 3.6224 / (b - 2)
            while True:
                u = uniform() - 0.5
                v = uniform()
                us = 0.5 - abs(u)
                k = math.floor(fma(2 * a / us + b, u, rate) + 0.43)
                if us >= 0.07 and v <= vr:
                    break
                if k < 0 or (us < 0.013 and v > us):
                    continue
                left = math.log(v) + math.log(invalpha) - math.log(a / (us * us) + b)
                if left <= fma(k, loglam, -rate) - math.lgamma(k + 1.0):
                    break
            flat[i] = k
        elif rate == 0:
            flat[i] = 0
        else:
            enlam, count, product = math.exp(-rate), 0, 1.0
            while True:
                product *= uniform()
                if product > enlam:
                    count += 1
                else:
                    break
            flat[i] = count
    return out
