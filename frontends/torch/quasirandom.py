"""torch.quasirandom: ``SobolEngine``, Sobol' sequences with torch's algorithm, so
unscrambled draws equal torch's bit for bit.

Direction integers are Joe & Kuo's (the data torch uses), shipped here for dimensions 1 to
1111 (:mod:`frontends.torch._sobol_data`); torch supports up to 21201, and a larger
``dimension`` raises a ValueError saying so. Point ``k`` is the shift XORed with the
direction numbers selected by the bits of ``k``'s Gray code (what torch's sequential
update computes), so a draw is a few whole-array integer ops on the backend.

Scrambling (``scramble=True``) is torch's: a random digital shift and random
lower-triangular binary matrices applied to the direction numbers, drawn with
``torch.randint(2, ...)`` from a generator seeded with ``seed`` (the default generator
without one); the frontend's generator gives torch's CPU stream, so scrambled points equal
torch's too.
"""

from __future__ import annotations

import base64
import functools
import zlib
from typing import Any

import numpy

import core
from core import native as ops
from frontends.torch import _dtype
from frontends.torch._tensor import Tensor

__all__ = ["SobolEngine"]

_MAXBIT = 30


@functools.cache
def _direction_numbers() -> numpy.ndarray:
    """The (dimensions, 30) int64 direction numbers v_j = m_j * 2**(29 - j), computed once
    from the packed initial integers by the Bratley-Fox recurrence."""
    from frontends.torch._sobol_data import DIMENSIONS, PACKED

    raw = zlib.decompress(base64.b64decode("".join(PACKED)))
    poly = numpy.frombuffer(raw[: 4 * DIMENSIONS], dtype="<u4").astype(numpy.int64)
    bits = numpy.unpackbits(numpy.frombuffer(raw[4 * DIMENSIONS :], dtype=numpy.uint8))
    degree = numpy.array([int(p).bit_length() - 1 for p in poly])
    m = numpy.ones((DIMENSIONS, _MAXBIT), dtype=numpy.int64)
    position = 0
    for d in range(1, DIMENSIONS):
        for i in range(degree[d]):
            chunk = bits[position : position + i + 1]
            m[d, i] = int("".join("1" if b else "0" for b in chunk), 2)
            position += i + 1
    rows = numpy.arange(DIMENSIONS)
    for j in range(_MAXBIT):
        recur = (degree <= j) & (degree > 0)
        if not recur.any():
            continue
        s = numpy.where(recur, degree, 1)
        base = m[rows, numpy.maximum(j - s, 0)]
        value = base ^ (base << s)
        for k in range(1, int(degree.max())):
            use = recur & (k < s) & ((poly >> numpy.maximum(s - k, 0)) & 1).astype(bool)
            value = value ^ numpy.where(use, m[rows, numpy.maximum(j - k, 0)] << k, 0)
        m[:, j] = numpy.where(recur, value, m[:, j])
    return m << (_MAXBIT - 1 - numpy.arange(_MAXBIT))


class SobolEngine:
    """torch.quasirandom.SobolEngine (see the module docstring for what differs)."""

    MAXBIT = _MAXBIT
    MAXDIM = 21201

    def __init__(self, dimension: int, scramble: bool = False, seed: int | None = None) -> None:
        if dimension > self.MAXDIM or dimension < 1:
            raise ValueError(
                f"Supported range of dimensionality for SobolEngine is [1, {self.MAXDIM}]"
            )
        table = _direction_numbers()
        if dimension > len(table):
            raise ValueError(
                f"SobolEngine(dimension={dimension}): this frontend ships Joe & Kuo's direction "
                f"numbers for dimensions 1 to {len(table)} only (torch has up to {self.MAXDIM}); "
                f"use at most {len(table)} dimensions"
            )
        self.seed = seed
        self.scramble = scramble
        self.dimension = dimension
        self.sobolstate = Tensor._from_native(ops.asarray(table[:dimension]))
        if scramble:
            self._scramble()
        else:
            self.shift = Tensor._from_native(ops.zeros((dimension,), dtype=core.int64))
        self.quasi = self.shift.clone()
        self._first_point = Tensor._from_native(
            ops.reshape(_scaled(self.shift.native, _dtype.get_default_dtype().core_dtype), (1, -1))
        )
        self.num_generated = 0
        self._host_state: numpy.ndarray | None = None

    def _scramble(self) -> None:
        """torch's scrambling: a digital shift and lower-triangular bit matrices (each
        row's diagonal set to 1) applied to every direction number's MSB-first bits."""
        from frontends.torch import random_sampling

        generator = None
        if self.seed is not None:
            generator = random_sampling.Generator()
            generator.manual_seed(self.seed)
        dim, bits = self.dimension, self.MAXBIT
        shift_bits = random_sampling.randint(2, (dim, bits), generator=generator).native
        ltm = random_sampling.randint(2, (dim, bits, bits), generator=generator).native
        self.shift = Tensor._from_native(_scrambled_shift(shift_bits))
        self.sobolstate = Tensor._from_native(_SCRAMBLED_STATE(self.sobolstate.native, ltm))

    def draw(self, n: int = 1, out: Tensor | None = None, dtype: Any = None) -> Tensor:
        """The next ``n`` points, shape ``(n, dimension)``, of ``dtype`` (float32/float64;
        default: torch's default dtype)."""
        target = _dtype.get_default_dtype() if dtype is None else _dtype.to_torch_dtype(dtype)
        if target not in (_dtype.float32, _dtype.float64):
            from frontends.torch._dtype import scalar_type_name

            raise NotImplementedError(
                f'"_sobol_engine_draw" not implemented for '
                f"'{scalar_type_name(target.core_dtype)}'"
            )
        n = int(n)
        if self.num_generated == 0 and n == 1:
            result = ops.astype(self._first_point.native, target.core_dtype)
        else:
            start = self.num_generated + (1 if self.num_generated == 0 else 0)
            count = n - 1 if self.num_generated == 0 else n
            if count < 0:
                raise RuntimeError(
                    f"Trying to create tensor with negative dimension {count}: "
                    f"[{count}, {self.dimension}]"
                )
            if count:
                points, _ = self._points(start, count)
                self.quasi = Tensor._from_native(points[count - 1])
                result = _SCALED(points, target.core_dtype)[:count]
            else:
                result = ops.zeros((0, self.dimension), dtype=target.core_dtype)
            if self.num_generated == 0:
                first = ops.astype(self._first_point.native, target.core_dtype)
                result = ops.concat([first, result], axis=0)
        self.num_generated += n
        tensor = Tensor._from_native(result)
        if out is not None:
            if tuple(out.shape) != tuple(tensor.shape) and not out._is_view:
                # torch's out.resize_as_(result): a new value of the result's shape
                out._value = ops.astype(result, out.dtype.core_dtype)
                out._version += 1
                out._view_strides = None
            else:
                out.copy_(tensor)
            return out
        return tensor

    def draw_base2(self, m: int, out: Tensor | None = None, dtype: Any = None) -> Tensor:
        """The next ``2**m`` points; torch's ValueError unless the total drawn is then a
        power of two."""
        n = 2**m
        total_n = self.num_generated + n
        if not (total_n & (total_n - 1) == 0):
            raise ValueError(
                "The balance properties of Sobol' points require "
                f"n to be a power of 2. {self.num_generated} points have been "
                f"previously generated, then: n={self.num_generated}+2**{m}={total_n}. "
                "If you still want to do this, please use "
                "'SobolEngine.draw()' instead."
            )
        return self.draw(n=n, out=out, dtype=dtype)

    def reset(self) -> SobolEngine:
        """Back to the first point."""
        self.quasi = self.shift.clone()
        self.num_generated = 0
        return self

    def fast_forward(self, n: int) -> SobolEngine:
        """Skip ``n`` points (as drawing them would)."""
        n = int(n)
        last = self.num_generated + n - 1
        if n > 0 and last > 0:
            self.quasi = Tensor._from_native(self._points(last, 1)[0][0])
        self.num_generated += n
        return self

    def _points(self, start: int, count: int) -> tuple[Any, int]:
        """Points ``start .. start + count - 1`` as the first ``count`` rows of an
        (n, dimension) int64 array (n a power of two, at least 8, so nearby sizes share
        shapes: one compilation on jax), and ``count``.

        With ``n = 2**m >= count``, index ``k = H * n + L`` has Gray code ``gray(H * n) ^
        gray(L)``: a table of the ``n`` low parts (built by reflection, linear work) XORed
        with the direction numbers of the high part, for the (at most) two blocks of ``n``
        the window meets."""
        m = max(3, (count - 1).bit_length())
        size = 1 << m
        first_block = start >> m
        high = numpy.array([first_block, first_block + 1], dtype=numpy.int64) << m
        high_gray = high ^ (high >> 1)
        high_bits = ((high_gray[:, None] >> numpy.arange(self.MAXBIT)) & 1).astype(bool)
        if self._host_state is None:  # the direction numbers on the host, read once
            self._host_state = numpy.asarray(core.Array(self.sobolstate.native).to_numpy())
        offsets = numpy.stack(
            [numpy.bitwise_xor.reduce(self._host_state[:, bits], axis=1) for bits in high_bits]
        )  # (2, dimension): the XOR of the direction numbers of each block's high part
        rows = numpy.minimum(start - (first_block << m) + numpy.arange(size), 2 * size - 1)
        points = _POINTS(
            self.sobolstate.native,
            self.shift.native,
            ops.asarray(offsets.astype(numpy.int64)),
            ops.asarray(rows.astype(numpy.int64)),
        )
        return points, count

    def __repr__(self) -> str:
        fmt_string = [f"dimension={self.dimension}"]
        if self.scramble:
            fmt_string += ["scramble=True"]
        if self.seed is not None:
            fmt_string += [f"seed={self.seed}"]
        return self.__class__.__name__ + "(" + ", ".join(fmt_string) + ")"


def _scaled(points: Any, dtype: core.Dtype) -> Any:
    """Integers in [0, 2**30) as floats of ``dtype`` in [0, 1): rounded to the dtype, then
    scaled by 2**-30 (exact), as torch does."""
    value = ops.astype(points, dtype)
    return ops.multiply(value, ops.asarray(2.0**-_MAXBIT, dtype=dtype))


def _points_from_state(state: Any, shift: Any, offsets: Any, rows: Any) -> Any:
    """``rows`` (n of them) of the two blocks of ``n`` points whose high Gray-code parts
    select the direction numbers XORed into ``offsets`` (2, dimension): see
    :meth:`SobolEngine._points`."""
    size, dimension = rows.shape[0], state.shape[0]
    table = ops.zeros((1, dimension), dtype=core.int64)
    for bit in range(size.bit_length() - 1):  # reflected Gray code: G, 2**bit ^ reversed(G)
        reflected = ops.bitwise_xor(ops.flip(table, axis=0), ops.reshape(state[:, bit], (1, -1)))
        table = ops.concat([table, reflected], axis=0)
    offsets = ops.bitwise_xor(offsets, ops.reshape(shift, (1, -1)))
    low = ops.take(table, ops.remainder(rows, ops.asarray(size, dtype=core.int64)), axis=0)
    block = ops.floor_divide(rows, ops.asarray(size, dtype=core.int64))
    return ops.bitwise_xor(low, ops.take(offsets, block, axis=0))


def _bit_weights(descending: bool) -> Any:
    exponents = numpy.arange(_MAXBIT)[::-1] if descending else numpy.arange(_MAXBIT)
    return ops.asarray((1 << exponents).astype(numpy.int64))


def _scrambled_shift(shift_bits: Any) -> Any:
    """The digital shift: bit ``j`` of each dimension's integer from column ``j``."""
    return ops.sum(ops.multiply(shift_bits, _bit_weights(False)), axis=-1)


def _scrambled_state(state: Any, ltm: Any) -> Any:
    """Each direction number's MSB-first bit vector times its dimension's lower-triangular
    matrix (unit diagonal), mod 2: ``new[d, j]`` bit ``29 - p`` is the parity of row ``p``
    of ``L_d`` against ``v[d, j]``'s bits."""
    eye = ops.eye(_MAXBIT, dtype=core.int64)
    lower = ops.tril(ltm)
    lower = ops.where(ops.astype(eye, core.bool), ops.ones_like(lower), lower)
    weights = _bit_weights(True)
    v_bits = ops.bitwise_and(
        ops.bitwise_right_shift(
            ops.reshape(state, (*state.shape, 1)), ops.asarray(_MAXBIT - 1 - numpy.arange(_MAXBIT))
        ),
        ops.asarray(1, dtype=core.int64),
    )  # (dim, j, k): bit k of v[d, j], MSB first
    products = ops.matmul(
        ops.astype(v_bits, core.float64),
        ops.permute_dims(ops.astype(lower, core.float64), (0, 2, 1)),
    )  # (dim, j, p)
    parity = ops.astype(ops.remainder(products, ops.asarray(2.0, dtype=core.float64)), core.int64)
    return ops.sum(ops.multiply(parity, weights), axis=-1)


# compiled once per shape on jax / tensorflow (eager on numpy and torch)
_POINTS = core.compile(_points_from_state)
_SCALED = core.compile(_scaled, static_argnums=1)
_SCRAMBLED_STATE = core.compile(_scrambled_state)
