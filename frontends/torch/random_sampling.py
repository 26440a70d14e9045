"""torch's random sampling: manual_seed, Generator, rand/randn/randint/randperm/normal,
bernoulli, multinomial, poisson and the in-place samplers (uniform_, normal_, ...).

Each generator is torch's CPU generator: an mt19937 stream seeded as torch seeds it, drawn
on the host by the kernels of :mod:`frontends.torch._random_kernels`, so rand, randn,
randint, randperm, normal, bernoulli, multinomial, poisson and the in-place samplers give
real torch's numbers bit for bit for the same seed, and the same numbers on every backend
(checked against torch 2.13 on an AMD AVX512 CPU and torch 2.11 on an Intel Xeon).
Drawing on the host means these calls cannot be traced by ``jax.jit`` (torch.compile
breaks the graph there, as it does for torch's generator). ``get_rng_state`` is
torch's 5056-byte state. Samplers that take tensors of probabilities or rates (multinomial,
poisson) read them to the host, as torch's own CPU kernels loop over them.
"""

from __future__ import annotations

import math
from typing import Any

import numpy

import core
from core import native as ops
from frontends.torch import _device, _dtype, _views
from frontends.torch import _random_kernels as kernels
from frontends.torch._frontend import torch_function
from frontends.torch._tensor import Tensor, write_into

__all__ = [
    "Generator",
    "bernoulli",
    "default_generator",
    "get_rng_state",
    "initial_seed",
    "manual_seed",
    "multinomial",
    "normal",
    "poisson",
    "rand",
    "rand_like",
    "randint",
    "randint_like",
    "randn",
    "randn_like",
    "randperm",
    "seed",
    "set_rng_state",
]

_DEFAULT_SEED = 67280421310721


class _GeneratorState:
    """A torch generator's state: torch's mt19937 engine (with its cached normal sample)
    and the core.random generator that multinomial/poisson/dropout/init draw from.

    Passes for a core.random.Generator (``next_numpy_generator``), and ``get_state`` /
    ``set_state`` cover both parts (torch.compile snapshots them around a trace)."""

    __slots__ = ("_recorded", "core", "mt")

    def __init__(self, seed: int, core_generator: core.random.Generator | None = None) -> None:
        self.core = core.random.Generator(seed) if core_generator is None else core_generator
        self.mt = kernels.MT19937State(seed)
        self._recorded: dict[bytes, tuple[int, int]] = {}

    def reseed(self, seed: int) -> None:
        self.mt.reseed(seed)
        self.core.set_state((int(seed), 0))

    def next_numpy_generator(self) -> numpy.random.Generator:
        return self.core.next_numpy_generator()

    def get_state(self) -> tuple[Any, ...]:
        mt = self.mt
        return (
            self.core.get_state(),
            *mt.key(),
            mt.seed,
            mt.fresh,
            mt.next_double_normal,
            mt.next_float_normal,
        )

    def set_state(self, state: tuple[Any, ...]) -> None:
        core_state, key, pos, seed, fresh, next_double, next_float = state
        self.core.set_state(core_state)
        mt = self.mt
        mt.bits.state = {
            "bit_generator": "MT19937",
            "state": {"key": numpy.frombuffer(key, numpy.uint32).copy(), "pos": pos},
        }
        mt.seed, mt.fresh = seed, fresh
        mt.next_double_normal, mt.next_float_normal = next_double, next_float

    def to_bytes(self) -> numpy.ndarray:
        """torch's state bytes; the core part is remembered for a later ``from_bytes``."""
        buffer = self.mt.to_bytes()
        if len(self._recorded) > 64:
            self._recorded.clear()
        self._recorded[buffer.tobytes()] = self.core.get_state()
        return buffer

    def from_bytes(self, buffer: numpy.ndarray) -> None:
        self.mt.from_bytes(buffer)
        recorded = self._recorded.get(numpy.ascontiguousarray(buffer, numpy.uint8).tobytes())
        self.core.set_state(recorded if recorded is not None else (self.mt.seed, 0))


class Generator:
    """torch.Generator (CPU): ``manual_seed``, ``initial_seed``, ``seed``,
    ``get_state``/``set_state`` (torch's 5056-byte uint8 state)."""

    def __init__(self, device: Any = "cpu") -> None:
        self._state = _GeneratorState(_DEFAULT_SEED)
        self.device = _device.device(device)

    def manual_seed(self, seed: int) -> Generator:
        self._state.reseed(int(seed))
        return self

    def initial_seed(self) -> int:
        return self._state.mt.seed

    def seed(self) -> int:
        import secrets

        value = secrets.randbits(63)
        self.manual_seed(value)
        return value

    def get_state(self) -> Tensor:
        return Tensor._from_native(ops.asarray(self._state.to_bytes(), dtype=core.uint8))

    def set_state(self, new_state: Tensor) -> Generator:
        if not isinstance(new_state, Tensor) or new_state.dtype != _dtype.uint8:
            raise TypeError("RNG state must be a torch.ByteTensor")
        self._state.from_bytes(numpy.asarray(new_state.numpy()).reshape(-1))
        return self


default_generator = Generator()
default_generator._state = _GeneratorState(_DEFAULT_SEED, core.random.default_generator())


def manual_seed(seed: int) -> Generator:
    """Seed the default generator (torch's stream and core.random's); returns it."""
    return default_generator.manual_seed(seed)


def seed() -> int:
    return default_generator.seed()


def initial_seed() -> int:
    return default_generator.initial_seed()


def get_rng_state() -> Tensor:
    return default_generator.get_state()


def set_rng_state(new_state: Tensor) -> None:
    default_generator.set_state(new_state)


def _state(generator: Generator | None) -> _GeneratorState:
    return (generator or default_generator)._state


def _mt(generator: Generator | None) -> kernels.MT19937State:
    return (generator or default_generator)._state.mt


def _size(size: tuple[Any, ...]) -> tuple[int, ...]:
    if len(size) == 1 and isinstance(size[0], list | tuple):
        size = tuple(size[0])
    return tuple(map(int, size))


_COMPLEX_PARTS = {"complex64": core.float32, "complex128": core.float64}


def _float_dtype(
    dtype: Any, kernel: str = "check_uniform_bounds", complex_ok: bool = False
) -> core.Dtype:
    torch_dtype = _dtype.get_default_dtype() if dtype is None else _dtype.to_torch_dtype(dtype)
    if complex_ok and str(torch_dtype.core_dtype) in _COMPLEX_PARTS:
        return torch_dtype.core_dtype
    if not torch_dtype.is_floating_point:
        raise NotImplementedError(
            f"\"{kernel}\" not implemented for '{_dtype.scalar_type_name(torch_dtype.core_dtype)}'"
        )
    return torch_dtype.core_dtype


def _cpp(value: float) -> str:
    """A number as C++'s ``operator<<`` prints a double (torch's error messages)."""
    return format(float(value), "g")


_C_TYPE_NAMES = {
    "int64": "long int",
    "int32": "int",
    "int16": "short int",
    "int8": "signed char",
    "uint8": "unsigned char",
    "bool": "bool",
}


def _finish(value: Any, requires_grad: bool) -> Tensor:
    tensor = Tensor._from_native(value)
    if requires_grad:
        tensor.requires_grad = True
    return tensor


def _numpy_dtype(dtype: core.Dtype) -> numpy.dtype:
    found = _NUMPY_DTYPES.get(dtype)
    if found is not None:
        return found
    if dtype == "bfloat16":
        import ml_dtypes

        return numpy.dtype(ml_dtypes.bfloat16)
    return numpy.dtype(str(dtype))


_NUMPY_DTYPES = {name: numpy.dtype(name) for name in ("float32", "float64", "int64", "bool")}


def _cast(values: numpy.ndarray, dtype: core.Dtype) -> numpy.ndarray:
    """Host values cast as C++ ``static_cast`` does (float64 through float for half and
    bfloat16)."""
    if dtype in ("float16", "bfloat16") and values.dtype == numpy.float64:
        values = values.astype(numpy.float32)
    return values.astype(_numpy_dtype(dtype), copy=False)


_PLAIN = {
    numpy.dtype(name): name
    for name in ("float32", "float64", "int64", "int32", "int16", "int8", "uint8", "bool")
}


def _to_native(values: numpy.ndarray, dtype: core.Dtype) -> Any:
    """Host values already in ``dtype`` as a native array (without a dtype argument where
    numpy's dtype is core's: the backend's cheapest conversion)."""
    if _PLAIN.get(values.dtype) == dtype:
        return ops.asarray(values)
    return ops.asarray(values, dtype=dtype)


def _native(values: numpy.ndarray, shape: tuple[int, ...], dtype: core.Dtype) -> Any:
    """Host values as a native array of ``dtype`` and ``shape``."""
    return _to_native(_cast(values, dtype).reshape(shape), dtype)


def _complex_native(values: numpy.ndarray, shape: tuple[int, ...], dtype: core.Dtype) -> Any:
    """Real and imaginary parts drawn as torch draws them (``view_as_real``: pairs)."""
    pairs = numpy.ascontiguousarray(values.reshape(*shape, 2))
    return ops.asarray(pairs.view(_numpy_dtype(dtype))[..., 0], dtype=dtype)


def _numel(shape: tuple[int, ...]) -> int:
    return math.prod(shape)


def _uniform_values(
    mt: kernels.MT19937State, shape: tuple[int, ...], dtype: core.Dtype, low: float, high: float
) -> Any:
    """torch's ``uniform_kernel`` as a native array (see :func:`_uniform_host`); a complex
    tensor draws its real and imaginary parts as a real ``(..., 2)`` tensor."""
    if str(dtype) in _COMPLEX_PARTS:
        real = _uniform_host(mt, (*shape, 2), _COMPLEX_PARTS[str(dtype)], low, high)
        return _complex_native(real, shape, dtype)
    return _to_native(_uniform_host(mt, shape, dtype, low, high), dtype)


def _uniform_host(
    mt: kernels.MT19937State, shape: tuple[int, ...], dtype: core.Dtype, low: float, high: float
) -> numpy.ndarray:
    """torch's ``uniform_kernel`` on the host: opmath uniforms, cast; a value rounding up
    to ``to`` is ``from``."""
    if low > high:
        raise RuntimeError(
            f"uniform_ expects to return a [from, to) range, but found from={_cpp(low)} > "
            f"to={_cpp(high)}"
        )
    double = dtype == "float64"
    values = kernels.uniform_from_to(mt, _numel(shape), float(low), float(high), double)
    if (low, high) == (0.0, 1.0) and dtype in ("float32", "float64"):
        return values.reshape(shape)  # below 1 - 2**-24 (2**-53): nothing rounds up to 1
    target = _numpy_dtype(dtype)
    values = values.astype(target)
    return numpy.where(values == target.type(high), target.type(low), values).reshape(shape)


def _normal_values(
    mt: kernels.MT19937State,
    shape: tuple[int, ...],
    dtype: core.Dtype,
    mean: float,
    std: float,
    contiguous: bool = True,
) -> Any:
    """torch's ``normal_kernel``: ``normal_fill`` for 16 elements or more (contiguous), the
    scalar Box-Muller with the cached sample otherwise."""
    if std < 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {_cpp(std)}")
    if str(dtype) in _COMPLEX_PARTS:  # the real view, with std / sqrt(2)
        real = _COMPLEX_PARTS[str(dtype)]
        n = 2 * _numel(shape)
        std = std / math.sqrt(2)
        if n >= 16 and contiguous:
            values = kernels.normal_fill(mt, n, float(mean), float(std), str(real))
        else:
            values = kernels.normal_double(mt, n, float(mean), float(std))
        return _complex_native(_cast(values, real), shape, dtype)
    n = _numel(shape)
    if n >= 16 and contiguous:
        kind = str(dtype) if dtype in ("float32", "float64") else "reduced"
        values = kernels.normal_fill(mt, n, float(mean), float(std), kind)
    else:
        values = kernels.normal_double(mt, n, float(mean), float(std))
    return _native(values, shape, dtype)


def rand(
    *sizes: Any,
    size: Any = None,
    generator: Generator | None = None,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    """Uniform samples on [0, 1): real torch's values for the same seed."""
    size = sizes if size is None else _views.varargs_or_keyword(sizes, "size", size, "rand")
    target = _float_dtype(dtype, complex_ok=True)
    value = _uniform_values(_mt(generator), _size(size), target, 0.0, 1.0)
    return _out(value, out, requires_grad)


def randn(
    *sizes: Any,
    size: Any = None,
    generator: Generator | None = None,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    """Standard normal samples: real torch's values for the same seed."""
    size = sizes if size is None else _views.varargs_or_keyword(sizes, "size", size, "randn")
    target = _float_dtype(dtype, "normal_kernel_cpu", complex_ok=True)
    value = _normal_values(_mt(generator), _size(size), target, 0.0, 1.0)
    return _out(value, out, requires_grad)


def _random_range(low: int, high: int) -> int:
    if low >= high:
        raise RuntimeError(
            f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}"
        )
    return high - low


def randint(
    *args: Any,
    generator: Generator | None = None,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
    low: Any = None,
    high: Any = None,
    size: Any = None,
) -> Tensor:
    """``randint(high, size)`` or ``randint(low, high, size)``: int64 unless ``dtype``;
    each argument positional or by keyword, as torch's overloads take them."""
    if low is not None and high is None:
        raise TypeError("randint() given low= needs high= as well")
    args = (*args, *(value for value in (low, high, size) if value is not None))
    if len(args) == 2:
        low, (high, shape) = 0, args
    elif len(args) == 3:
        low, high, shape = args
    else:
        raise TypeError("randint() expects (high, size) or (low, high, size)")
    target = _dtype.int64 if dtype is None else _dtype.to_torch_dtype(dtype)
    shape = _size((shape,))
    values = kernels.random_from_to(
        _mt(generator), _numel(shape), _random_range(int(low), int(high)), int(low)
    )
    return _out(_native(values, shape, target.core_dtype), out, requires_grad)


def randperm(
    n: int,
    *,
    generator: Generator | None = None,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    """A random permutation of 0..n-1 (int64 unless ``dtype``): torch's Fisher-Yates order."""
    if n < 0:
        raise RuntimeError(f"Trying to create tensor with negative dimension {n}: [{n}]")
    target = _dtype.int64 if dtype is None else _dtype.to_torch_dtype(dtype)
    values = kernels.randperm(_mt(generator), int(n))
    return _out(_native(values, (int(n),), target.core_dtype), out, requires_grad)


def _out(value: Any, out: Tensor | None, requires_grad: bool) -> Tensor:
    if out is not None:
        write_into(out, value)
        return out
    return _finish(value, requires_grad)


def _like_dtype(input: Any, dtype: Any) -> core.Dtype:
    if dtype is None:
        return core.as_core_dtype(input.dtype)
    return _dtype.to_torch_dtype(dtype).core_dtype


def rand_like(
    input: Any,
    *,
    generator: Generator | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
    memory_format: Any = None,
) -> Any:
    target = _float_dtype(_like_dtype(input, dtype), complex_ok=True)
    value = _uniform_values(_mt(generator), tuple(input.shape), target, 0.0, 1.0)
    return _finish(value, requires_grad)


def randn_like(
    input: Any,
    *,
    generator: Generator | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
    memory_format: Any = None,
) -> Any:
    target = _float_dtype(_like_dtype(input, dtype), "normal_kernel_cpu", complex_ok=True)
    value = _normal_values(_mt(generator), tuple(input.shape), target, 0.0, 1.0)
    return _finish(value, requires_grad)


def randint_like(
    input: Any,
    low: int = 0,
    high: int | None = None,
    *,
    generator: Generator | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
    memory_format: Any = None,
) -> Any:
    if high is None:
        low, high = 0, low
    shape = tuple(input.shape)
    values = kernels.random_from_to(
        _mt(generator), _numel(shape), _random_range(int(low), int(high)), int(low)
    )
    return _finish(_native(values, shape, _like_dtype(input, dtype)), requires_grad)


def normal(
    mean: Any = 0.0,
    std: Any = 1.0,
    size: Any = None,
    *,
    generator: Generator | None = None,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    """``normal(mean, std)`` with tensors (broadcast) or numbers and ``size``. With a
    tensor, torch draws standard normals (or with ``std`` when only ``mean`` is a tensor)
    and then multiplies by ``std`` and adds ``mean``, in two roundings, as here."""
    mt = _mt(generator)
    tensors = [v for v in (mean, std) if isinstance(v, Tensor)]
    if not tensors:
        if size is None:
            raise TypeError("normal() with number mean and std needs a size")
        target = _float_dtype(dtype, "normal_kernel_cpu", complex_ok=True)
        return _out(
            _normal_values(mt, _size((size,)), target, float(mean), float(std)), out, requires_grad
        )
    shape = tuple(ops.broadcast_shapes(*(tuple(t.shape) for t in tensors)))
    target = _float_dtype(tensors[0].dtype.core_dtype, "normal_kernel_cpu")
    if isinstance(mean, Tensor) and not isinstance(std, Tensor):
        if std < 0:
            raise RuntimeError(f"normal expects std >= 0.0, but found std {_cpp(std)}")
        noise = _normal_values(mt, shape, target, 0.0, float(std))
        value = ops.add(noise, ops.astype(mean.native, target))
    else:
        noise = _normal_values(mt, shape, target, 0.0, 1.0)
        value = ops.multiply(noise, ops.astype(std.native, target))
        mean_value = mean.native if isinstance(mean, Tensor) else ops.asarray(mean, dtype=target)
        value = ops.add(value, ops.astype(mean_value, target))
    return _out(value, out, requires_grad)


def _bernoulli_values(
    mt: kernels.MT19937State, shape: tuple[int, ...], dtype: core.Dtype, p: Any
) -> Any:
    """torch's bernoulli kernels: a float64 uniform against a number ``p``; against a
    tensor ``p``, a float64 uniform for float64 ``p``, else a float32 one (``u < p``)."""
    n = _numel(shape)
    if not isinstance(p, Tensor):
        if not 0 <= p <= 1:
            raise RuntimeError(f"bernoulli_ expects p to be in [0, 1], but got p={_cpp(p)}")
        values = kernels.uniform_double(mt, n) < float(p)
        return _native(values, shape, dtype)
    p_dtype = p.dtype.core_dtype
    if not p_dtype.is_float_dtype:
        raise NotImplementedError(
            f"\"bernoulli_tensor_cpu_p_\" not implemented for '{_dtype.scalar_type_name(p_dtype)}'"
        )
    if p_dtype == "float64":
        uniform, compare = kernels.uniform_double(mt, n), core.float64
    else:
        uniform, compare = kernels.uniform_float(mt, n), core.float32
    probabilities = ops.broadcast_to(ops.astype(p.native, compare), shape)
    drawn = ops.less(_to_native(uniform.reshape(shape), compare), probabilities)
    return ops.astype(drawn, dtype)


@torch_function()
def bernoulli(
    input: Any, p: float | None = None, *, generator: Generator | None = None, out: Any = None
) -> Any:
    """Ones with probability ``input`` (or ``p``), in ``input``'s dtype."""
    dtype = core.as_core_dtype(input.dtype)
    probabilities = Tensor._from_native(input) if p is None else p
    return _bernoulli_values(_mt(generator), tuple(input.shape), dtype, probabilities)


@torch_function()
def multinomial(
    input: Any,
    num_samples: int,
    replacement: bool = False,
    *,
    generator: Generator | None = None,
    out: Any = None,
) -> Any:
    """torch's CPU multinomial: without replacement (or one sample), the largest
    ``input / q`` with ``q`` drawn by ``exponential_``; with replacement, a float64 uniform
    per sample searched in the row's normalised cumulative sum. The probabilities are
    read to the host, as torch reads them for its checks."""
    dtype = core.as_core_dtype(input.dtype)
    if not dtype.is_float_dtype:
        raise RuntimeError(
            "multinomial only supports floating-point dtypes for input, got: "
            f"{_dtype.scalar_type_name(dtype)}"
        )
    shape = tuple(input.shape)
    if len(shape) not in (1, 2):
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    if num_samples <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    if not replacement and num_samples > shape[-1]:
        raise RuntimeError(
            "cannot sample n_sample > prob_dist.size(-1) samples without replacement"
        )
    host = core.Array(input).to_numpy().astype(numpy.float64)
    mt = _mt(generator)
    if not replacement or num_samples == 1:
        if not (numpy.all(host >= 0) and numpy.all(host < numpy.inf)):
            raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
        if numpy.any(host.sum(-1) == 0):
            raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
        q = _exponential_values(mt, shape, dtype, 1.0)
        ratio = ops.divide(input, q)
        if num_samples == 1:
            return ops.argmax(ratio, axis=-1, keepdims=True)
        return ops.astype(ops.topk(ratio, num_samples, axis=-1)[1], core.int64)
    rows = host.reshape(-1, shape[-1]).astype(_numpy_dtype(dtype))
    accumulate = numpy.float64 if dtype == "float64" else numpy.float32
    uniforms = kernels.uniform_double(mt, rows.shape[0] * num_samples).reshape(-1, num_samples)
    picks = numpy.empty(uniforms.shape, numpy.int64)
    for i, row in enumerate(rows.astype(accumulate)):
        if numpy.any(row < 0) or not numpy.all(numpy.isfinite(row)):
            raise RuntimeError(
                "invalid multinomial distribution (encountering probability entry < 0)"
                if numpy.any(row < 0)
                else "invalid multinomial distribution (encountering probability entry = "
                "infinity or NaN)"
            )
        cumulative = numpy.add.accumulate(row, dtype=accumulate)
        total = cumulative[-1]
        if not total > 0:
            raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
        cumulative = cumulative / total
        cumulative[-1] = 1
        picks[i] = numpy.searchsorted(cumulative.astype(numpy.float64), uniforms[i], side="left")
    return ops.asarray(picks.reshape(*shape[:-1], num_samples), dtype=core.int64)


@torch_function()
def poisson(input: Any, generator: Generator | None = None) -> Any:
    """torch's ``sample_poisson`` per rate, in order (the rates are read to the host)."""
    dtype = core.as_core_dtype(input.dtype)
    rates = core.Array(input).to_numpy().astype(numpy.float64)
    if numpy.any(rates < 0):
        raise RuntimeError("invalid Poisson rate, expected rate to be non-negative")
    counts = kernels.poisson(_mt(generator), rates)
    return _native(counts, tuple(input.shape), dtype)


# ---------------------------------------------------------------------------------------
# in-place samplers, Tensor methods
# ---------------------------------------------------------------------------------------
def _fill_(self: Tensor, values: Any) -> Tensor:
    """Write the drawn ``values`` (a native array, in torch's iteration order) into ``self``."""
    self._assign(values)
    return self


def _draw_order(self: Tensor, draw: Any) -> Any:
    """``draw(shape)`` in the order torch's TensorIterator visits ``self``: memory order
    (dimensions by decreasing stride) for a non-contiguous view."""
    shape = tuple(self.shape)
    if self.is_contiguous():
        return draw(shape)
    strides = self.stride()
    order = sorted(range(len(shape)), key=lambda d: -strides[d])
    values = draw(tuple(shape[d] for d in order))
    return ops.permute_dims(values, tuple(order.index(d) for d in range(len(shape))))


def _uniform_(
    self: Tensor, from_: float = 0.0, to: float = 1.0, *, generator: Generator | None = None
) -> Tensor:
    dtype = _float_dtype(self.dtype, "check_uniform_bounds", complex_ok=True)
    mt = _mt(generator)
    return _fill_(self, _draw_order(self, lambda s: _uniform_values(mt, s, dtype, from_, to)))


def _normal_(
    self: Tensor, mean: float = 0.0, std: float = 1.0, *, generator: Generator | None = None
) -> Tensor:
    dtype = _float_dtype(self.dtype, "normal_kernel_cpu", complex_ok=True)
    mt, contiguous = _mt(generator), self.is_contiguous()
    return _fill_(
        self,
        _draw_order(self, lambda s: _normal_values(mt, s, dtype, mean, std, contiguous)),
    )


_UNIFORM_INT_MODULUS = {
    "bool": 2,
    "uint8": 2**8,
    "int8": 2**7,
    "int16": 2**15,
    "uint16": 2**16,
    "int32": 2**31,
    "uint32": 2**32,
    "int64": 2**63,
    "uint64": 2**32,
    "float16": 2**11 + 1,
    "bfloat16": 2**8 + 1,
    "float32": 2**24 + 1,
    "float64": 2**53 + 1,
}
_TO_INCLUSIVE = {"float16": 2**11, "bfloat16": 2**8, "float32": 2**24, "float64": 2**53}


def _random_(self: Tensor, *args: Any, generator: Generator | None = None, **kwargs: Any) -> Tensor:
    """``random_()``, ``random_(to)``, ``random_(from, to)`` (``to=None``: the dtype's
    largest value, inclusive), drawn as torch's random kernels draw."""
    dtype = self.dtype.core_dtype
    name = str(dtype)
    if "from" in kwargs or "from_" in kwargs:
        args = (kwargs.pop("from", kwargs.pop("from_", 0)), *args)
    if "to" in kwargs:
        args = (*args, kwargs.pop("to")) if args else (0, kwargs.pop("to"))
    mt = _mt(generator)

    def draw(shape: tuple[int, ...]) -> Any:
        n = _numel(shape)
        if not args:
            modulus = _UNIFORM_INT_MODULUS[name]
            wide = name in ("int64", "float64")
            words = mt.random64(n) if wide else mt.random(n)
            values = (words % numpy.uint64(modulus)).astype(numpy.int64)
        else:
            low, high = (0, args[0]) if len(args) == 1 else args
            low = int(low)
            if high is None:
                top = _TO_INCLUSIVE.get(name) or int(numpy.iinfo(_numpy_dtype(dtype)).max)
                if name == "bool":
                    top = 1
                if top - low + 1 >= 2**64:
                    return _native(mt.random64(n).view(numpy.int64), shape, dtype)
                values = kernels.random_from_to(mt, n, top - low + 1, low)
            else:
                values = kernels.random_from_to(mt, n, _random_range(low, int(high)), low)
        return _native(values, shape, dtype)

    return _fill_(self, _draw_order(self, draw))


def _bernoulli_(self: Tensor, p: Any = 0.5, *, generator: Generator | None = None) -> Tensor:
    mt, dtype = _mt(generator), self.dtype.core_dtype
    return _fill_(self, _draw_order(self, lambda s: _bernoulli_values(mt, s, dtype, p)))


def _continuous(self: Tensor) -> core.Dtype:
    dtype = self.dtype.core_dtype
    if not dtype.is_float_dtype:
        raise RuntimeError(
            "Exponential distribution is a continuous probability distribution. dtype must be "
            f"a floating point but you specified {_dtype.scalar_type_name(dtype)}"
        )
    return dtype


def _exponential_(
    self: Tensor, lambd: float = 1.0, *, generator: Generator | None = None
) -> Tensor:
    """``-1 / lambd * log1p(-u)`` in float64 (glibc's log1p), u a float64 uniform."""
    dtype = _continuous(self)
    if not lambd > 0 or math.isinf(lambd):
        raise RuntimeError(f"exponential_ expects lambda > 0.0, but found lambda={_cpp(lambd)}")
    mt = _mt(generator)

    return _fill_(self, _draw_order(self, lambda s: _exponential_values(mt, s, dtype, lambd)))


def _exponential_values(
    mt: kernels.MT19937State, shape: tuple[int, ...], dtype: core.Dtype, lambd: float
) -> Any:
    """``-1 / lambd * log1p(-u)`` in float64 (glibc's log1p), u a float64 uniform."""
    u = kernels.uniform_double(mt, _numel(shape))
    return _native((-1.0 / lambd) * kernels.libm_log1p(-u), shape, dtype)


def _cauchy_(
    self: Tensor, median: float = 0.0, sigma: float = 1.0, *, generator: Generator | None = None
) -> Tensor:
    """``median + sigma * tan(pi * (u - 0.5))`` in float64 (one FMA, glibc's tan)."""
    dtype = self.dtype.core_dtype
    if not dtype.is_float_dtype:
        raise RuntimeError(
            "Cauchy distribution is a continuous probability distribution. dtype must be a "
            f"floating point but you specified {_C_TYPE_NAMES.get(str(dtype), str(dtype))}"
        )
    mt = _mt(generator)

    def draw(shape: tuple[int, ...]) -> Any:
        u = kernels.uniform_double(mt, _numel(shape))
        tangent = kernels.libm_tan(math.pi * (u - 0.5))
        return _native(kernels.fma64(sigma, tangent, median), shape, dtype)

    return _fill_(self, _draw_order(self, draw))


def _log_normal_(
    self: Tensor, mean: float = 1.0, std: float = 2.0, *, generator: Generator | None = None
) -> Tensor:
    """``exp`` of the scalar Box-Muller normal (float64, glibc's exp; shares the cached
    normal sample with randn)."""
    dtype = _float_dtype(self.dtype, "log_normal_cpu")
    if not std > 0:
        raise RuntimeError(f"log_normal_ expects std > 0.0, but found std={_cpp(std)}")
    mt = _mt(generator)

    def draw(shape: tuple[int, ...]) -> Any:
        values = kernels.normal_double(mt, _numel(shape), float(mean), float(std))
        return _native(kernels.libm_exp(values), shape, dtype)

    return _fill_(self, _draw_order(self, draw))


def _geometric_(self: Tensor, p: float, *, generator: Generator | None = None) -> Tensor:
    """``ceil(log(u) / log1p(-p))`` in float64 (glibc's log), u a float64 uniform."""
    if not 0 < p < 1:
        raise RuntimeError(f"geometric_ expects p to be in (0, 1), but got p={_cpp(p)}")
    dtype, mt = self.dtype.core_dtype, _mt(generator)

    def draw(shape: tuple[int, ...]) -> Any:
        u = kernels.uniform_double(mt, _numel(shape))
        values = numpy.ceil(kernels.libm_log(u) / math.log1p(-p))
        if not dtype.is_float_dtype:
            values = values.astype(numpy.int64)
        return _native(values, shape, dtype)

    return _fill_(self, _draw_order(self, draw))


for _name, _method in {
    "uniform_": _uniform_,
    "normal_": _normal_,
    "random_": _random_,
    "bernoulli_": _bernoulli_,
    "exponential_": _exponential_,
    "cauchy_": _cauchy_,
    "log_normal_": _log_normal_,
    "geometric_": _geometric_,
}.items():
    _method.__name__ = _method.__qualname__ = _name
    setattr(Tensor, _name, _method)
