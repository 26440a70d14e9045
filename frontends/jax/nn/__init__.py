"""``jax.nn``: activations, softmax family, ``one_hot``, ``standardize`` and
``dot_product_attention`` on ``core.native``, promoting like ``jax.numpy`` (integer
inputs of float functions become the default float dtype, weak flags kept).

Written from JAX's documented formulas so results agree to float rounding (softmax and
logsumexp shift by a max cut from the autodiff graph, as JAX's ``stop_gradient``;
``standardize`` uses E[x^2] - E[x]^2 as JAX does). ``dot_product_attention`` is JAX's
'xla' implementation (grouped-query heads, masks, causal and local windows, sequence
lengths); 'cudnn' raises.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import core
from core import native as ops
from frontends.jax._src import dtypes as jdt
from frontends.jax._src.array import Array
from frontends.jax._src.fast import fast
from frontends.jax.lax._base import asarray, canonical_dtype, fresh_untracked
from frontends.jax.scipy._promote import axes as _axes
from frontends.jax.scipy._promote import promote_args, promote_args_inexact
from frontends.jax.scipy.special import logsumexp

from . import initializers

__all__ = [
    "celu", "dot_product_attention", "elu", "gelu", "glu", "hard_sigmoid", "hard_silu",
    "hard_swish", "hard_tanh", "identity", "initializers", "leaky_relu", "log1mexp",
    "log_sigmoid", "log_softmax", "logmeanexp", "logsumexp", "mish", "one_hot", "relu",
    "relu6", "selu", "sigmoid", "silu", "soft_sign", "softmax", "softplus", "sparse_plus",
    "sparse_sigmoid", "squareplus", "standardize", "swish", "tanh",
]  # fmt: skip


def _w(native: Any, like: Array) -> Array:
    return Array._wrap(native, like.weak_type, like._dtype)


def _c(value: float, like: Array) -> Any:
    return ops.asarray(value, dtype=like._dtype)


def _f(name: str, x: Any) -> Array:
    return promote_args_inexact(name, x)[0]


# --------------------------------------------------------------------- activations
@fast("nn.relu", "x", scalars=False)
def relu(x: Any) -> Array:
    """``jax.nn.relu``: max(x, 0) in x's dtype (integers stay integers)."""
    (a,) = promote_args("relu", x)
    if a._dtype == "bool":
        raise TypeError("relu does not accept dtype bool")
    if a._dtype.kind == "f":  # core's relu: its fast path's kernel, bit for bit
        return _w(ops.nn.relu(a.native), a)
    return _w(ops.maximum(a.native, _c(0, a)), a)


def relu6(x: Any) -> Array:
    """``jax.nn.relu6``: min(max(x, 0), 6.0) (integers become floats through the weak
    6.0, as in JAX)."""
    a, six = promote_args("relu6", x, 6.0)
    return _w(ops.minimum(ops.maximum(a.native, _c(0, a)), six.native), a)


def identity(x: Any) -> Array:
    (a,) = promote_args("identity", x)
    return a


@fast("sigmoid", "x", scalars=False)
def sigmoid(x: Any) -> Array:
    """``jax.nn.sigmoid``: ``lax.logistic`` (no promotion: integers raise, as in JAX)."""
    from frontends.jax import lax

    return lax.logistic(x)


def tanh(x: Any) -> Array:
    a = _f("tanh", x)
    return _w(ops.tanh(a.native), a)


def _softplus(v: Any, a: Array) -> Any:
    return ops.logaddexp(v, _c(0, a))


def softplus(x: Any) -> Array:
    """``jax.nn.softplus``: logaddexp(x, 0)."""
    a = _f("softplus", x)
    return _w(_softplus(a.native, a), a)


def sparse_plus(x: Any) -> Array:
    a = _f("sparse_plus", x)
    v = a.native
    mid = ops.multiply(_c(0.25, a), ops.square(ops.add(v, _c(1, a))))
    out = ops.where(ops.less_equal(v, -1), _c(0, a), ops.where(ops.greater_equal(v, 1), v, mid))
    return _w(out, a)


def sparse_sigmoid(x: Any) -> Array:
    a = _f("sparse_sigmoid", x)
    v = a.native
    return _w(ops.multiply(_c(0.5, a), ops.clip(ops.add(v, _c(1, a)), _c(0, a), _c(2, a))), a)


def soft_sign(x: Any) -> Array:
    a = _f("soft_sign", x)
    v = a.native
    return _w(ops.divide(v, ops.add(ops.abs(v), _c(1, a))), a)


def silu(x: Any) -> Array:
    """``jax.nn.silu`` (``swish``): x * sigmoid(x)."""
    a = _f("silu", x)
    return _w(ops.multiply(a.native, ops.sigmoid(a.native)), a)


swish = silu


def log_sigmoid(x: Any) -> Array:
    """``jax.nn.log_sigmoid``: -softplus(-x)."""
    a = _f("log_sigmoid", x)
    return _w(ops.negative(_softplus(ops.negative(a.native), a)), a)


def leaky_relu(x: Any, negative_slope: Any = 1e-2) -> Array:
    a = _f("leaky_relu", x)
    v = a.native
    return _w(ops.where(ops.greater_equal(v, 0), v, ops.multiply(_c(negative_slope, a), v)), a)


def hard_tanh(x: Any) -> Array:
    a = _f("hard_tanh", x)
    v = a.native
    return _w(ops.where(ops.greater(v, 1), _c(1, a), ops.where(ops.less(v, -1), _c(-1, a), v)), a)


def _relu6(v: Any, a: Array) -> Any:
    return ops.minimum(ops.maximum(v, _c(0, a)), _c(6, a))


def hard_sigmoid(x: Any) -> Array:
    """``jax.nn.hard_sigmoid``: relu6(x + 3) / 6."""
    a = _f("hard_sigmoid", x)
    return _w(ops.divide(_relu6(ops.add(a.native, _c(3, a)), a), _c(6, a)), a)


def hard_silu(x: Any) -> Array:
    """``jax.nn.hard_silu`` (``hard_swish``): x * hard_sigmoid(x)."""
    a = _f("hard_silu", x)
    return _w(ops.multiply(a.native, hard_sigmoid(a).native), a)


hard_swish = hard_silu


def elu(x: Any, alpha: Any = 1.0) -> Array:
    a = _f("elu", x)
    v = a.native
    safe = ops.where(ops.greater(v, 0), _c(0, a), v)
    return _w(ops.where(ops.greater(v, 0), v, ops.multiply(_c(alpha, a), ops.expm1(safe))), a)


def celu(x: Any, alpha: Any = 1.0) -> Array:
    """``jax.nn.celu``: max(x, 0) + alpha * expm1(min(x, 0) / alpha)."""
    a = _f("celu", x)
    v = a.native
    neg = ops.multiply(_c(alpha, a), ops.expm1(ops.divide(ops.minimum(v, _c(0, a)), _c(alpha, a))))
    return _w(ops.add(ops.maximum(v, _c(0, a)), neg), a)


_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def selu(x: Any) -> Array:
    a = _f("selu", x)
    return _w(ops.multiply(_c(_SELU_SCALE, a), elu(a, _SELU_ALPHA).native), a)


def gelu(x: Any, approximate: bool = True) -> Array:
    """``jax.nn.gelu``: the tanh approximation by default (as JAX), else the erfc form;
    never weak (JAX multiplies by a numpy constant of the input's dtype)."""
    a = _f("gelu", x)
    a = Array._wrap(a.native, False, a._dtype)
    v = a.native
    if approximate:
        inner = ops.multiply(
            _c(math.sqrt(2 / math.pi), a),
            ops.add(v, ops.multiply(_c(0.044715, a), ops.multiply(v, ops.multiply(v, v)))),
        )
        cdf = ops.multiply(_c(0.5, a), ops.add(_c(1, a), ops.tanh(inner)))
        return _w(ops.multiply(v, cdf), a)
    erfc = ops.erfc(ops.multiply(ops.negative(v), _c(math.sqrt(0.5), a)))
    return _w(ops.multiply(ops.multiply(_c(0.5, a), v), erfc), a)


def glu(x: Any, axis: int = -1) -> Array:
    """``jax.nn.glu``: first half * sigmoid(second half) along ``axis``."""
    a = _f("glu", x)
    ax = int(axis) % a.ndim
    n = a.shape[ax]
    if n % 2:
        raise AssertionError("axis size must be divisible by 2")
    first = ops.get_item(a.native, (slice(None),) * ax + (slice(0, n // 2),))
    second = ops.get_item(a.native, (slice(None),) * ax + (slice(n // 2, None),))
    return _w(ops.multiply(first, ops.sigmoid(second)), a)


def mish(x: Any) -> Array:
    a = _f("mish", x)
    return _w(ops.multiply(a.native, ops.tanh(_softplus(a.native, a))), a)


def squareplus(x: Any, b: Any = 4) -> Array:
    a = _f("squareplus", x)
    v = a.native
    return _w(ops.divide(ops.add(v, ops.sqrt(ops.add(ops.square(v), _c(b, a)))), _c(2, a)), a)


def log1mexp(x: Any) -> Array:
    """``jax.nn.log1mexp``: log(1 - exp(-x)), switching formulas at log 2."""
    a = _f("log1mexp", x)
    v = a.native
    small = ops.less(v, _c(math.log(2), a))
    out = ops.where(
        small,
        ops.log(ops.negative(ops.expm1(ops.negative(v)))),
        ops.log1p(ops.negative(ops.exp(ops.negative(v)))),
    )
    return _w(out, a)


# --------------------------------------------------------------------- softmax family
def _where_mask(where: Any) -> Any:
    w = asarray(where, "where")
    return w.native if w._dtype == "bool" else ops.astype(w.native, core.Dtype("bool"))


def _shifted(a: Array, axis: Any, where: Any) -> tuple[Any, tuple[int, ...], Any]:
    v = a.native
    dims = _axes(axis, a.ndim)
    mask = None if where is None else _where_mask(where)
    masked = v if mask is None else ops.where(mask, v, _c(float("-inf"), a))
    x_max = ops.max(masked, axis=dims, keepdims=True)
    return ops.subtract(v, fresh_untracked(x_max)), dims, mask


def softmax(x: Any, axis: int | Sequence[int] | None = -1, where: Any = None,
            initial: Any = None) -> Array:  # fmt: skip
    """``jax.nn.softmax``: exp(x - max) / sum, entries outside ``where`` give 0."""
    a = _f("softmax", x)
    shifted, dims, mask = _shifted(a, axis, where)
    unnormalized = ops.exp(shifted)
    if mask is not None:
        unnormalized = ops.where(mask, unnormalized, _c(0, a))
    out = ops.divide(unnormalized, ops.sum(unnormalized, axis=dims, keepdims=True))
    if mask is not None:
        out = ops.where(mask, out, _c(0, a))
    return _w(out, a)


def log_softmax(x: Any, axis: int | Sequence[int] | None = -1, where: Any = None,
                initial: Any = None) -> Array:  # fmt: skip
    """``jax.nn.log_softmax``: x - max - log(sum(exp(x - max))); -inf outside ``where``."""
    a = _f("log_softmax", x)
    shifted, dims, mask = _shifted(a, axis, where)
    e = ops.exp(shifted)
    if mask is not None:
        e = ops.where(mask, e, _c(0, a))
    out = ops.subtract(shifted, ops.log(ops.sum(e, axis=dims, keepdims=True)))
    if mask is not None:
        out = ops.where(mask, out, _c(float("-inf"), a))
    return _w(out, a)


def logmeanexp(x: Any, axis: Any = None, where: Any = None, keepdims: bool = False) -> Array:
    """``jax.nn.logmeanexp``: logsumexp minus the log of the number of entries."""
    a = _f("logmeanexp", x)
    lse = logsumexp(a, axis=axis, where=where, keepdims=keepdims)
    dims = _axes(axis, a.ndim)
    if where is None:
        count = ops.asarray(float(math.prod(a.shape[d] for d in dims)), dtype=a._dtype)
    else:
        m = ops.broadcast_to(_where_mask(where), a.shape)
        count = ops.sum(ops.astype(m, a._dtype), axis=dims, keepdims=keepdims)
    return _w(ops.subtract(lse.native, ops.log(count)), a)


def standardize(x: Any, axis: Any = -1, mean: Any = None, variance: Any = None,
                epsilon: Any = 1e-5, where: Any = None) -> Array:  # fmt: skip
    """``jax.nn.standardize``: (x - mean) / sqrt(variance + epsilon), the variance as
    E[x^2] - E[x]^2 (JAX's formula)."""
    a = _f("standardize", x)
    v = a.native
    dims = _axes(axis, a.ndim)
    mask = None if where is None else ops.broadcast_to(_where_mask(where), a.shape)

    def _mean(t: Any) -> Any:
        if mask is None:
            return ops.mean(t, axis=dims, keepdims=True)
        s = ops.sum(ops.where(mask, t, ops.zeros_like(t)), axis=dims, keepdims=True)
        return ops.divide(s, ops.sum(ops.astype(mask, a._dtype), axis=dims, keepdims=True))

    m = _mean(v) if mean is None else asarray(mean).native
    if variance is None:
        var = ops.subtract(_mean(ops.square(v)), ops.square(m))
    else:
        var = asarray(variance).native
    out = ops.multiply(ops.subtract(v, m), ops.reciprocal(ops.sqrt(ops.add(var, _c(epsilon, a)))))
    return _w(ops.astype(out, a._dtype), a)


def one_hot(
    x: Any, num_classes: int, *, dtype: Any = None, axis: int | Sequence[int] = -1
) -> Array:
    """``jax.nn.one_hot``: ``x == arange(num_classes)`` along a new ``axis`` (out-of-range
    values give all zeros)."""
    a = asarray(x, "one_hot")
    dt = canonical_dtype(dtype) if dtype is not None else jdt.default_dtype("f")
    n = int(num_classes)
    out_ndim = a.ndim + 1
    ax = int(axis) % out_ndim
    shape = [1] * out_ndim
    shape[ax] = n
    classes = ops.reshape(ops.arange(n, dtype=core.Dtype("int32")), tuple(shape))
    lhs = ops.expand_dims(a.native, axis=ax)
    if a._dtype.kind in "fc":
        classes = ops.astype(classes, a._dtype)
    else:
        lhs = ops.astype(lhs, core.Dtype("int64"))
        classes = ops.astype(classes, core.Dtype("int64"))
    return Array._wrap(ops.astype(ops.equal(lhs, classes), dt), False, dt)


# --------------------------------------------------------------------- attention
def _ensure_4d(t: Any) -> Array:
    a = asarray(t, "dot_product_attention")
    if a.ndim == 3:
        return Array._wrap(ops.expand_dims(a.native, axis=0), a.weak_type, a._dtype)
    if a.ndim != 4:
        raise ValueError(f"dot_product_attention expects 3-D or 4-D inputs, got shape {a.shape}")
    return a


def _large_negative(dt: core.Dtype) -> float:
    import numpy

    finfo = numpy.finfo(jdt.numpy_dtype(dt)) if dt != "bfloat16" else None
    top = float(finfo.max) if finfo is not None else 3.3895313892515355e38
    return -0.7 * min(top, float(numpy.finfo(numpy.float32).max))


def dot_product_attention(query: Any, key: Any, value: Any, bias: Any = None, mask: Any = None,
                          *, scale: float | None = None, is_causal: bool = False,
                          query_seq_lengths: Any = None, key_value_seq_lengths: Any = None,
                          local_window_size: int | tuple[int, int] | None = None,
                          implementation: str | None = None,
                          return_residual: bool = False) -> Any:  # fmt: skip
    """``jax.nn.dot_product_attention`` ('xla'): softmax(QK^T * scale + bias, masked) V
    with (B, T, N, H) / (B, S, K, H) inputs, N a multiple of K (grouped heads)."""
    if implementation not in (None, "xla"):
        raise NotImplementedError(
            f"dot_product_attention implementation={implementation!r} is not available on the "
            f"{core.current_backend().name} backend; use implementation=None or 'xla'."
        )
    squeeze = asarray(query).ndim == 3
    q, k, v = _ensure_4d(query), _ensure_4d(key), _ensure_4d(value)
    if not (q._dtype == k._dtype == v._dtype):
        raise ValueError(f"q, k, v should have the same dtype, got {q.dtype}, {k.dtype}, {v.dtype}")
    B, T, N, H = q.shape
    _, S, K, _ = k.shape
    if N % K:
        raise ValueError(
            f"The number of query heads must be a multiple of key/value heads, but got {N} vs {K}"
        )
    G = N // K
    if isinstance(local_window_size, int):
        local_window_size = (local_window_size, local_window_size)
    scale_val = (1.0 / math.sqrt(H)) if scale is None else scale
    logits_dt = core.Dtype("float64") if q._dtype == "float64" else core.Dtype("float32")
    qv = ops.reshape(ops.astype(q.native, logits_dt), (B, T, K, G, H))
    kv = ops.astype(k.native, logits_dt)
    logits = ops.einsum("BTKGH,BSKH->BKGTS", qv, kv)
    logits = ops.multiply(logits, ops.asarray(scale_val, dtype=logits_dt))

    def grouped(t: Any) -> Any:
        a = _ensure_4d(t)
        tb, tn, tt, ts = a.shape
        val = a.native
        if tn == 1:
            return ops.broadcast_to(ops.reshape(val, (tb, 1, 1, tt, ts)), (tb, 1, G, tt, ts))
        return ops.reshape(val, (tb, K, G, tt, ts))

    if bias is not None:
        logits = ops.add(logits, ops.astype(grouped(bias), logits_dt))
    combined = None
    if mask is not None:
        combined = grouped(mask)
    if is_causal:
        causal = ops.reshape(ops.tril(ops.ones((T, S), dtype=core.Dtype("bool"))), (1, 1, 1, T, S))
        combined = causal if combined is None else ops.logical_and(combined, causal)
    if local_window_size is not None:
        left, right = local_window_size
        qpos = ops.reshape(ops.arange(T, dtype=core.Dtype("int32")), (T, 1))
        kpos = ops.reshape(ops.arange(S, dtype=core.Dtype("int32")), (1, S))
        win = ops.logical_and(ops.less_equal(qpos, ops.add(kpos, left)),
                              ops.greater_equal(qpos, ops.subtract(kpos, right)))  # fmt: skip
        win = ops.reshape(win, (1, 1, 1, T, S))
        combined = win if combined is None else ops.logical_and(combined, win)
    if query_seq_lengths is not None or key_value_seq_lengths is not None:
        pad = ops.ones((B, 1, 1, T, S), dtype=core.Dtype("bool"))
        if query_seq_lengths is not None:
            ql = asarray(query_seq_lengths).native
            qi = ops.reshape(ops.arange(T, dtype=core.as_core_dtype(ql.dtype)), (1, T, 1))
            qm = ops.less(qi, ops.reshape(ql, (B, 1, 1)))
            pad = ops.logical_and(pad, ops.reshape(qm, (B, 1, 1, T, 1)))
        if key_value_seq_lengths is not None:
            kl = asarray(key_value_seq_lengths).native
            ki = ops.reshape(ops.arange(S, dtype=core.as_core_dtype(kl.dtype)), (1, 1, S))
            km = ops.less(ki, ops.reshape(kl, (B, 1, 1)))
            pad = ops.logical_and(pad, ops.reshape(km, (B, 1, 1, 1, S)))
        combined = pad if combined is None else ops.logical_and(combined, pad)
    if combined is not None:
        logits = ops.where(
            combined, logits, ops.asarray(_large_negative(q._dtype), dtype=logits_dt)
        )
    logits = ops.astype(logits, core.Dtype("float32")) if logits_dt != "float64" else logits
    probs_arr = softmax(Array._wrap(logits, False), axis=-1)
    probs = ops.astype(probs_arr.native, k._dtype)
    encoded = ops.einsum("BKGTS,BSKH->BTKGH", probs, v.native)
    encoded = ops.reshape(encoded, (B, T, N, H))
    if query_seq_lengths is not None:
        ql = asarray(query_seq_lengths).native
        qi = ops.reshape(ops.arange(T, dtype=core.as_core_dtype(ql.dtype)), (1, T))
        qm = ops.reshape(ops.less(qi, ops.reshape(ql, (B, 1))), (B, T, 1, 1))
        encoded = ops.multiply(encoded, ops.astype(qm, k._dtype))
    if squeeze:
        encoded = ops.squeeze(encoded, axis=0)
    out = Array._wrap(ops.astype(encoded, q._dtype), False, q._dtype)
    if return_residual:
        lse = logsumexp(Array._wrap(logits, False), axis=-1).native
        lse = ops.reshape(lse, (B, N, T))
        lse = ops.astype(ops.permute_dims(lse, (0, 2, 1)), k._dtype)
        if squeeze:
            lse = ops.squeeze(lse, axis=0)
        return out, Array._wrap(fresh_untracked(lse), False)
    return out
