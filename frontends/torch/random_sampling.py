"""torch's random sampling: manual_seed, Generator, rand/randn/randint/randperm/normal,
bernoulli, multinomial, and the in-place samplers (uniform_, normal_, ...).

Drawn through core.random, so a seed gives the same values on every backend, but not the
values real torch gives for that seed: torch's Philox/Mersenne streams are not reproduced.
"""

from __future__ import annotations

from typing import Any

import core
from core import native as ops
from frontends.torch import _dtype
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


class Generator:
    """torch.Generator: ``manual_seed``, ``initial_seed``, ``seed``, ``get_state``/``set_state``."""

    def __init__(self, device: Any = "cpu") -> None:
        self._state = core.random.Generator(67280421310721)
        self.device = device

    def manual_seed(self, seed: int) -> Generator:
        self._state.set_state((int(seed), 0))
        return self

    def initial_seed(self) -> int:
        return self._state.seed

    def seed(self) -> int:
        import secrets

        value = secrets.randbits(63)
        self.manual_seed(value)
        return value

    def get_state(self) -> Tensor:
        seed, counter = self._state.get_state()
        return Tensor._from_native(ops.asarray([seed % 2**63, counter], dtype=core.int64))

    def set_state(self, new_state: Tensor) -> Generator:
        seed, counter = (int(v) for v in new_state.tolist())
        self._state.set_state((seed, counter))
        return self


default_generator = Generator()
default_generator._state = core.random.default_generator()


def manual_seed(seed: int) -> Generator:
    """Seed the default generator; returns it, as torch does."""
    core.random.seed(int(seed))
    return default_generator


def seed() -> int:
    return default_generator.seed()


def initial_seed() -> int:
    return default_generator.initial_seed()


def get_rng_state() -> Tensor:
    return default_generator.get_state()


def set_rng_state(new_state: Tensor) -> None:
    default_generator.set_state(new_state)


def _state(generator: Generator | None) -> core.random.Generator:
    return (generator or default_generator)._state


def _size(size: tuple[Any, ...]) -> tuple[int, ...]:
    if len(size) == 1 and isinstance(size[0], list | tuple):
        size = tuple(size[0])
    return tuple(int(s) for s in size)


def _float_dtype(dtype: Any) -> core.Dtype:
    torch_dtype = _dtype.get_default_dtype() if dtype is None else _dtype.to_torch_dtype(dtype)
    if not torch_dtype.is_floating_point:
        raise RuntimeError(
            f"\"check_uniform_bounds\" not implemented for '{_dtype.scalar_type_name(torch_dtype.core_dtype)}'"
        )
    return torch_dtype.core_dtype


def _finish(value: Any, requires_grad: bool) -> Tensor:
    tensor = Tensor._from_native(value)
    tensor.requires_grad = requires_grad
    return tensor


def rand(
    *size: Any,
    generator: Generator | None = None,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    """Uniform samples on [0, 1)."""
    value = ops.random.uniform(_size(size), dtype=_float_dtype(dtype), generator=_state(generator))
    return _out(value, out, requires_grad)


def randn(
    *size: Any,
    generator: Generator | None = None,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    """Standard normal samples."""
    value = ops.random.normal(_size(size), dtype=_float_dtype(dtype), generator=_state(generator))
    return _out(value, out, requires_grad)


def randint(
    *args: Any,
    generator: Generator | None = None,
    out: Tensor | None = None,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
    size: Any = None,
) -> Tensor:
    """``randint(high, size)`` or ``randint(low, high, size)``: int64 unless ``dtype``."""
    if size is not None:
        args = (*args, size)
    if len(args) == 2:
        low, (high, shape) = 0, args
    elif len(args) == 3:
        low, high, shape = args
    else:
        raise TypeError("randint() expects (high, size) or (low, high, size)")
    target = _dtype.int64 if dtype is None else _dtype.to_torch_dtype(dtype)
    if low >= high:
        raise RuntimeError(
            f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}"
        )
    value = ops.random.randint(
        int(low), int(high), _size((shape,)), dtype=core.int64, generator=_state(generator)
    )
    return _out(ops.astype(value, target.core_dtype), out, requires_grad)


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
    """A random permutation of 0..n-1 (int64 unless ``dtype``)."""
    target = _dtype.int64 if dtype is None else _dtype.to_torch_dtype(dtype)
    value = ops.random.permutation(int(n), dtype=target.core_dtype, generator=_state(generator))
    return _out(value, out, requires_grad)


def _out(value: Any, out: Tensor | None, requires_grad: bool) -> Tensor:
    if out is not None:
        write_into(out, value)
        return out
    return _finish(value, requires_grad)


@torch_function()
def rand_like(
    input: Any,
    *,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    memory_format: Any = None,
) -> Any:
    target = (
        core.as_core_dtype(input.dtype)
        if dtype is None
        else _dtype.to_torch_dtype(dtype).core_dtype
    )
    return ops.random.uniform(
        tuple(input.shape), dtype=_float_dtype(target), generator=_state(None)
    )


@torch_function()
def randn_like(
    input: Any,
    *,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    memory_format: Any = None,
) -> Any:
    target = (
        core.as_core_dtype(input.dtype)
        if dtype is None
        else _dtype.to_torch_dtype(dtype).core_dtype
    )
    return ops.random.normal(tuple(input.shape), dtype=_float_dtype(target), generator=_state(None))


@torch_function()
def randint_like(
    input: Any,
    low: int = 0,
    high: int | None = None,
    *,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
    memory_format: Any = None,
) -> Any:
    if high is None:
        low, high = 0, low
    target = (
        core.as_core_dtype(input.dtype)
        if dtype is None
        else _dtype.to_torch_dtype(dtype).core_dtype
    )
    value = ops.random.randint(
        int(low), int(high), tuple(input.shape), dtype=core.int64, generator=_state(None)
    )
    return ops.astype(value, target)


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
    """``normal(mean, std)`` with tensors (broadcast) or numbers and ``size``."""
    tensors = [v for v in (mean, std) if isinstance(v, Tensor)]
    if tensors:
        shape = tuple(ops.broadcast_shapes(*(tuple(t.shape) for t in tensors)))
        target = tensors[0].dtype.core_dtype
        noise = ops.random.normal(shape, dtype=target, generator=_state(generator))
        mean_value = mean.native if isinstance(mean, Tensor) else mean
        std_value = std.native if isinstance(std, Tensor) else std
        value = ops.add(ops.multiply(noise, std_value), mean_value)
    else:
        if size is None:
            raise TypeError("normal() with number mean and std needs a size")
        value = ops.random.normal(
            _size((size,)),
            float(mean),
            float(std),
            dtype=_float_dtype(dtype),
            generator=_state(generator),
        )
    return _out(value, out, requires_grad)


@torch_function()
def bernoulli(
    input: Any, p: float | None = None, *, generator: Generator | None = None, out: Any = None
) -> Any:
    """Ones with probability ``input`` (or ``p``), in ``input``'s dtype."""
    probabilities = input if p is None else p
    dtype = core.as_core_dtype(input.dtype)
    return ops.random.bernoulli(
        probabilities, tuple(input.shape), dtype=dtype, generator=_state(generator)
    )


@torch_function()
def multinomial(
    input: Any,
    num_samples: int,
    replacement: bool = False,
    *,
    generator: Generator | None = None,
    out: Any = None,
) -> Any:
    return ops.random.multinomial(input, num_samples, replacement, generator=_state(generator))


@torch_function()
def poisson(input: Any, generator: Generator | None = None) -> Any:
    rng = _state(generator).next_numpy_generator()
    host = core.Array(input).to_numpy().astype("float64")
    return ops.asarray(rng.poisson(host).astype(host.dtype), dtype=core.as_core_dtype(input.dtype))


# ---------------------------------------------------------------------------------------
# in-place samplers, Tensor methods
# ---------------------------------------------------------------------------------------
def _uniform_(
    self: Tensor, from_: float = 0.0, to: float = 1.0, *, generator: Generator | None = None
) -> Tensor:
    value = ops.random.uniform(
        tuple(self.shape), from_, to, dtype=_float_dtype(self.dtype), generator=_state(generator)
    )
    self._assign(value)
    return self


def _normal_(
    self: Tensor, mean: float = 0.0, std: float = 1.0, *, generator: Generator | None = None
) -> Tensor:
    value = ops.random.normal(
        tuple(self.shape), mean, std, dtype=_float_dtype(self.dtype), generator=_state(generator)
    )
    self._assign(value)
    return self


def _random_(
    self: Tensor, from_: int = 0, to: int | None = None, *, generator: Generator | None = None
) -> Tensor:
    if to is None:
        from_, to = 0, from_ if from_ else 2**24
    value = ops.random.randint(
        int(from_), int(to), tuple(self.shape), dtype=core.int64, generator=_state(generator)
    )
    self._assign(ops.astype(value, self.dtype.core_dtype))
    return self


def _bernoulli_(self: Tensor, p: float = 0.5, *, generator: Generator | None = None) -> Tensor:
    probabilities = p.native if isinstance(p, Tensor) else p
    value = ops.random.bernoulli(
        probabilities, tuple(self.shape), dtype=self.dtype.core_dtype, generator=_state(generator)
    )
    self._assign(value)
    return self


def _exponential_(
    self: Tensor, lambd: float = 1.0, *, generator: Generator | None = None
) -> Tensor:
    rng = _state(generator).next_numpy_generator()
    values = rng.exponential(1.0 / lambd, tuple(self.shape))
    self._assign(ops.asarray(values.astype("float64"), dtype=self.dtype.core_dtype))
    return self


def _draw_(self: Tensor, generator: Generator | None, draw: Any) -> Tensor:
    """Fill ``self`` with ``draw(numpy_generator, shape)`` (float64 values, cast)."""
    if self.dtype.core_dtype.kind not in "f":
        raise RuntimeError(f"expected a floating-point tensor, got {self.dtype}")
    rng = _state(generator).next_numpy_generator()
    values = draw(rng, tuple(self.shape))
    self._assign(ops.asarray(values.astype("float64"), dtype=self.dtype.core_dtype))
    return self


def _cauchy_(
    self: Tensor, median: float = 0.0, sigma: float = 1.0, *, generator: Generator | None = None
) -> Tensor:
    return _draw_(self, generator, lambda rng, shape: median + sigma * rng.standard_cauchy(shape))


def _log_normal_(
    self: Tensor, mean: float = 1.0, std: float = 2.0, *, generator: Generator | None = None
) -> Tensor:
    if std <= 0:
        raise RuntimeError(f"log_normal_ expects std > 0.0, but found std={std}")
    return _draw_(self, generator, lambda rng, shape: rng.lognormal(mean, std, shape))


def _geometric_(self: Tensor, p: float, *, generator: Generator | None = None) -> Tensor:
    if not 0 < p < 1:
        raise RuntimeError(f"geometric_ expects p to be in (0, 1), but got p={p}")
    rng = _state(generator).next_numpy_generator()
    values = rng.geometric(p, tuple(self.shape)).astype("float64")
    self._assign(ops.astype(ops.asarray(values), self.dtype.core_dtype))
    return self


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
