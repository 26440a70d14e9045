"""``jax.lax``'s special functions (operands of one float dtype, as lax requires; values
from ``jax.scipy.special``'s implementations) and small utilities."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import core
from core import native as ops
from frontends.jax._src.array import Array
from frontends.jax.lax._base import asarray, check_kinds, same_dtypes, wrap


def _float_operands(name: str, *args: Any) -> list[Array]:
    arrays = [asarray(a, name, i) for i, a in enumerate(args)]
    same_dtypes(name, arrays)
    check_kinds(name, arrays[0], "f")
    return arrays


_HALF = frozenset({core.Dtype("float16"), core.Dtype("bfloat16")})


def _in_float32(fn: Callable[..., Array], arrays: list[Array]) -> Array:
    """``fn`` of float16/bfloat16 operands computed in float32 and rounded back, as lax
    upcasts them for its incomplete gamma/beta kernels."""
    dt = arrays[0]._dtype
    if dt not in _HALF:
        return fn(*arrays)
    f32 = core.Dtype("float32")
    out = fn(*(Array._wrap(ops.astype(a.native, f32), a.weak_type, f32) for a in arrays))
    return Array._wrap(ops.astype(out.native, dt), out.weak_type, dt)


def igamma(a: Any, x: Any) -> Array:
    """``lax.igamma``: the regularized lower incomplete gamma function."""
    from frontends.jax.scipy.special import gammainc

    return _in_float32(gammainc, _float_operands("igamma", a, x))


def igammac(a: Any, x: Any) -> Array:
    """``lax.igammac``: the regularized upper incomplete gamma function."""
    from frontends.jax.scipy.special import gammaincc

    return _in_float32(gammaincc, _float_operands("igammac", a, x))


def betainc(a: Any, b: Any, x: Any) -> Array:
    """``lax.betainc``: the regularized incomplete beta function."""
    from frontends.jax.scipy import special

    return _in_float32(special.betainc, _float_operands("betainc", a, b, x))


_GAMMA_GRAD_TERMS = 256


def random_gamma_grad(a: Any, x: Any) -> Array:
    """``lax.random_gamma_grad``: the derivative of a ``Gamma(a, 1)`` sample ``x`` with
    respect to ``a`` (implicit reparameterization, ``-(dP/da) / (dP/dx)`` of the
    regularized incomplete gamma P). From P's power series and its derivative in float64,
    a fixed number of terms (lax switches to a continued fraction for large ``x``)."""
    arrays = _float_operands("random_gamma_grad", a, x)
    dt, f64 = arrays[0]._dtype, core.Dtype("float64")
    av, xv = ops.broadcast_arrays(*(ops.astype(v.native, f64) for v in arrays))
    r, term, d_term = av, ops.ones_like(av), ops.zeros_like(av)
    total, d_total = term, d_term
    for _ in range(_GAMMA_GRAD_TERMS):  # term_n = x**n / ((a+1)...(a+n)), and d/da
        r = ops.add(r, 1.0)
        d_term = ops.subtract(ops.multiply(d_term, ops.divide(xv, r)),
                              ops.divide(ops.multiply(term, xv), ops.multiply(r, r)))  # fmt: skip
        term = ops.multiply(term, ops.divide(xv, r))
        total, d_total = ops.add(total, term), ops.add(d_total, d_term)
    d_log_prefactor = ops.subtract(ops.log(xv), ops.digamma(ops.add(av, 1.0)))
    out = ops.divide(
        ops.multiply(ops.negative(ops.add(d_total, ops.multiply(total, d_log_prefactor))), xv),
        av,
    )
    return Array._wrap(ops.astype(out, dt), all(v.weak_type for v in arrays), dt)


def zeta(x: Any, q: Any) -> Array:
    """``lax.zeta``: the Hurwitz zeta function."""
    from frontends.jax.scipy import special

    return special.zeta(*_float_operands("zeta", x, q))


def polygamma(m: Any, x: Any) -> Array:
    """``lax.polygamma``: ``m`` a float array of ``x``'s dtype holding integers."""
    from frontends.jax.scipy import special

    mm, xx = _float_operands("polygamma", m, x)
    n = Array._wrap(ops.astype(mm.native, core.Dtype("int32")), mm.weak_type)
    out = special.polygamma(n, xx)
    return Array._wrap(out.native, mm.weak_type and xx.weak_type, xx._dtype)


def bessel_i0e(x: Any) -> Array:
    """``lax.bessel_i0e``: the exponentially scaled modified Bessel function I0."""
    from frontends.jax.scipy import special

    return special.i0e(*_float_operands("bessel_i0e", x))


def bessel_i1e(x: Any) -> Array:
    """``lax.bessel_i1e``: the exponentially scaled modified Bessel function I1."""
    from frontends.jax.scipy import special

    return special.i1e(*_float_operands("bessel_i1e", x))


def stack(operands: Sequence[Any], axis: int = 0) -> Array:
    """``lax.stack``: operands of one dtype and shape along a new ``axis``."""
    arrays = [asarray(o, "stack", i) for i, o in enumerate(operands)]
    same_dtypes("stack", arrays)
    return wrap(ops.stack([a.native for a in arrays], axis=axis), all(a.weak_type for a in arrays))


def unstack(x: Any, axis: int = 0) -> tuple[Array, ...]:
    a = asarray(x, "unstack")
    return tuple(wrap(v, a.weak_type) for v in ops.unstack(a.native, axis=axis))


def broadcast_like(arr: Any, like_arr: Any) -> Array:
    a, like = asarray(arr, "broadcast_like"), asarray(like_arr, "broadcast_like")
    return wrap(ops.broadcast_to(a.native, like.shape), a.weak_type)


def empty(shape: Sequence[int], dtype: Any, *, out_sharding: Any = None) -> Array:
    """``lax.empty``: zeros (JAX's contents are unspecified)."""
    from frontends.jax.lax._base import canonical_dtype

    dt = canonical_dtype(dtype)
    return wrap(ops.zeros(tuple(int(s) for s in shape), dtype=dt))


def optimization_barrier(operand: Any, /) -> Any:
    """``lax.optimization_barrier``: the operand unchanged (no compiler to hold back)."""
    return operand


def platform_dependent(*args: Any, default: Callable[..., Any] | None = None,
                       **per_platform: Callable[..., Any]) -> Any:  # fmt: skip
    """``lax.platform_dependent``: the 'cpu' branch (the frontend reports a CPU
    platform), else ``default``."""
    branch = per_platform.get("cpu", default)
    if branch is None:
        raise NotImplementedError("platform_dependent: no branch for platform cpu and no default")
    return branch(*args)


def approx_max_k(operand: Any, k: int, reduction_dimension: int = -1, recall_target: float = 0.95,
                 reduction_input_size_override: int = -1, aggregate_to_topk: bool = True) -> tuple[Array, Array]:  # fmt: skip
    """``lax.approx_max_k``: exact top-k (what XLA computes on CPU)."""
    from frontends.jax.lax.lax import top_k

    vals, idx = top_k(operand, k, axis=reduction_dimension)
    return vals, idx


def approx_min_k(operand: Any, k: int, reduction_dimension: int = -1, recall_target: float = 0.95,
                 reduction_input_size_override: int = -1, aggregate_to_topk: bool = True) -> tuple[Array, Array]:  # fmt: skip
    """``lax.approx_min_k``: exact bottom-k (what XLA computes on CPU)."""
    from frontends.jax.lax.lax import neg, top_k

    a = asarray(operand, "approx_min_k")
    vals, idx = top_k(neg(a), k, axis=reduction_dimension)
    return neg(vals), idx
