"""``jax.lax``'s convolutions and windowed reductions on ``core.native``.

``conv_general_dilated`` permutes operands to NC(spatial) / OI(spatial), applies explicit
(possibly negative or asymmetric) padding and lhs dilation with ``lax.pad``'s native
helper, then runs core's ``nn.conv`` (a cross-correlation, as XLA's). ``reduce_window``
pads with the init value and reduces the strided window views (one slice per window
offset), so any computation, not only add/max/min, works on every backend and under the
autodiff engine.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import core
from core import native as ops
from frontends.jax._src import dtypes as jdt
from frontends.jax._src.array import Array
from frontends.jax.lax import lax as _lax
from frontends.jax.lax._base import asarray, canonical_dtype, same_dtypes, weak_as, wrap
from frontends.jax.lax.lax import _late


class ConvDimensionNumbers(NamedTuple):
    """``lax.ConvDimensionNumbers``: each spec is (batch/out-feature, feature/in-feature,
    spatial...) dimension indices."""

    lhs_spec: tuple[int, ...]
    rhs_spec: tuple[int, ...]
    out_spec: tuple[int, ...]


ConvGeneralDilatedDimensionNumbers = Any


def _dilate(n: int, d: int) -> int:
    return 0 if n == 0 else 1 + d * (n - 1)


def padtype_to_pads(in_shape: Sequence[int], window_shape: Sequence[int],
                    window_strides: Sequence[int], padding: Any) -> list[tuple[int, int]]:  # fmt: skip
    """``lax.padtype_to_pads``: 'SAME', 'SAME_LOWER' or 'VALID' as (low, high) pairs."""
    name = padding.upper() if isinstance(padding, str) else getattr(padding, "name", padding)
    if name == "VALID":
        return [(0, 0)] * len(in_shape)
    if name in ("SAME", "SAME_LOWER"):
        pads = []
        for n, w, s in zip(in_shape, window_shape, window_strides):
            out = -(-int(n) // int(s))
            size = max((out - 1) * int(s) + int(w) - int(n), 0)
            lo, hi = size // 2, size - size // 2
            pads.append((lo, hi) if name == "SAME" else (hi, lo))
        return pads
    if isinstance(padding, str):
        raise RuntimeError(
            f"Unrecognized padding type: expected 'VALID', 'SAME', or 'SAME_LOWER', got {padding}."
        )
    raise TypeError(f"Unknown padding type: {padding}.")


def conv_general_permutations(dimension_numbers: Any) -> tuple[tuple[int, ...], ...]:
    """``lax.conv_general_permutations`` for string specs."""
    lhs_spec, rhs_spec, out_spec = dimension_numbers
    lhs_char, rhs_char, out_char = ("N", "C"), ("O", "I"), ("N", "C")
    charpairs = (lhs_char, rhs_char, out_char)
    for i, (a, b) in enumerate(charpairs):
        if not dimension_numbers[i].count(a) == dimension_numbers[i].count(b) == 1:
            raise TypeError(
                f"convolution dimension_numbers[{i}] must contain the characters '{a}' and "
                f"'{b}' exactly once, got {dimension_numbers[i]}."
            )
        if len(dimension_numbers[i]) != len(set(dimension_numbers[i])):
            raise TypeError(
                f"convolution dimension_numbers[{i}] cannot have duplicate characters, got "
                f"{dimension_numbers[i]}."
            )
    if not (
        set(lhs_spec) - set(lhs_char)
        == set(rhs_spec) - set(rhs_char)
        == set(out_spec) - set(out_char)
    ):
        raise TypeError(
            f"convolution dimension_numbers elements must each have the same set of spatial "
            f"characters, got {dimension_numbers}."
        )

    def getperm(spec: str, charpair: tuple[str, str]) -> tuple[int, ...]:
        spatial = (i for i, c in enumerate(spec) if c not in charpair)
        if spec is not rhs_spec:
            spatial = iter(sorted(spatial, key=lambda i: rhs_spec.index(spec[i])))
        return (spec.index(charpair[0]), spec.index(charpair[1])) + tuple(spatial)

    return tuple(getperm(s, c) for s, c in zip(dimension_numbers, charpairs))


def conv_dimension_numbers(lhs_shape: Sequence[int], rhs_shape: Sequence[int],
                           dimension_numbers: Any) -> ConvDimensionNumbers:  # fmt: skip
    """``lax.conv_dimension_numbers``: None (NCHW, OIHW, NCHW), string specs, or a
    ConvDimensionNumbers."""
    if isinstance(dimension_numbers, ConvDimensionNumbers):
        return dimension_numbers
    if len(lhs_shape) != len(rhs_shape):
        raise TypeError(
            f"convolution requires lhs and rhs ndim to be equal, got {len(lhs_shape)} and "
            f"{len(rhs_shape)}."
        )
    if dimension_numbers is None:
        iota = tuple(range(len(lhs_shape)))
        return ConvDimensionNumbers(iota, iota, iota)
    if isinstance(dimension_numbers, (list, tuple)) and len(dimension_numbers) == 3:
        if all(isinstance(s, str) for s in dimension_numbers):
            return ConvDimensionNumbers(*conv_general_permutations(dimension_numbers))
        return ConvDimensionNumbers(*(tuple(s) for s in dimension_numbers))
    raise TypeError(
        f"Expected dimension_numbers to be None, a tuple of three strings, or a "
        f"ConvDimensionNumbers, got {dimension_numbers}."
    )


def _inverse(perm: Sequence[int]) -> tuple[int, ...]:
    inv = [0] * len(perm)
    for i, p in enumerate(perm):
        inv[p] = i
    return tuple(inv)


def conv_general_dilated(lhs: Any, rhs: Any, window_strides: Sequence[int], padding: Any,
                         lhs_dilation: Sequence[int] | None = None,
                         rhs_dilation: Sequence[int] | None = None,
                         dimension_numbers: Any = None, feature_group_count: int = 1,
                         batch_group_count: int = 1, precision: Any = None,
                         preferred_element_type: Any = None, out_sharding: Any = None) -> Array:  # fmt: skip
    """``lax.conv_general_dilated`` (a cross-correlation): dimension numbers, string or
    explicit padding (negative crops), lhs (transposed) and rhs (atrous) dilation,
    feature and batch groups. Operands must share a dtype, as lax requires."""
    a, b = asarray(lhs, "conv_general_dilated", 0), asarray(rhs, "conv_general_dilated", 1)
    same_dtypes("conv_general_dilated", (a, b))
    if a._dtype.kind not in "iufc":
        raise TypeError(f"conv_general_dilated does not accept dtype {a.dtype.name}.")
    dn = conv_dimension_numbers(a.shape, b.shape, dimension_numbers)
    nsp = a.ndim - 2
    strides = tuple(int(s) for s in window_strides)
    lhs_d = tuple(lhs_dilation or (1,) * nsp)
    rhs_d = tuple(rhs_dilation or (1,) * nsp)
    identity = tuple(range(a.ndim))
    x = (
        a.native
        if tuple(dn.lhs_spec) == identity
        else ops.permute_dims(a.native, tuple(dn.lhs_spec))
    )
    w = (
        b.native
        if tuple(dn.rhs_spec) == identity
        else ops.permute_dims(b.native, tuple(dn.rhs_spec))
    )
    in_sp = tuple(int(s) for s in x.shape[2:])
    k_sp = tuple(int(s) for s in w.shape[2:])
    if int(x.shape[1]) != int(w.shape[1]) * feature_group_count:
        raise ValueError(
            f"conv_general_dilated lhs feature dimension size divided by feature_group_count "
            f"must equal the rhs input feature dimension size, but {int(x.shape[1])} // "
            f"{feature_group_count} != {int(w.shape[1])}."
        )
    if isinstance(padding, str):
        pads = padtype_to_pads(
            [_dilate(n, d) for n, d in zip(in_sp, lhs_d)],
            [_dilate(k, d) for k, d in zip(k_sp, rhs_d)],
            strides,
            padding,
        )
    else:
        pads = [(int(lo), int(hi)) for lo, hi in padding]
        if len(pads) != nsp:
            raise ValueError(f"Wrong number of padding elements: expected {nsp}, got {len(pads)}.")
    dt = a._dtype
    config = [(0, 0, 0), (0, 0, 0)] + [(lo, hi, d - 1) for (lo, hi), d in zip(pads, lhs_d)]
    if any(c != (0, 0, 0) for c in config):
        x = _lax._pad_native(x, ops.asarray(0, dtype=dt), config)
    spans = [_dilate(int(k), d) for k, d in zip(w.shape[2:], rhs_d)]
    empty = any(int(n) < k for n, k in zip(x.shape[2:], spans))  # a window past the input
    compute = dt
    if dt.kind in "iu":  # integer convolutions accumulate in the operand type, as XLA
        compute = core.Dtype("float64")
    x_c = x if compute == dt else ops.astype(x, compute)
    w_c = w if compute == dt else ops.astype(w, compute)
    if empty:  # XLA's result has no positions along that dimension
        sizes = [max(0, (int(n) - k) // st + 1) for n, k, st in zip(x.shape[2:], spans, strides)]
        out = ops.zeros((int(x.shape[0]) // batch_group_count, int(w.shape[0]), *sizes),
                        dtype=compute)  # fmt: skip
    elif batch_group_count > 1:
        xs = ops.split(x_c, batch_group_count, axis=0)
        ws = ops.split(w_c, batch_group_count, axis=0)
        out = ops.concat(
            [
                ops.nn.conv(
                    xi, wi, stride=strides, padding=0, dilation=rhs_d, groups=feature_group_count
                )
                for xi, wi in zip(xs, ws)
            ],
            axis=1,
        )
    else:
        out = ops.nn.conv(x_c, w_c, stride=strides, padding=0, dilation=rhs_d,
                          groups=feature_group_count)  # fmt: skip
    target = dt if preferred_element_type is None else canonical_dtype(preferred_element_type)
    if core.as_core_dtype(out.dtype) != target:
        out = ops.astype(out, target)
    if tuple(dn.out_spec) != identity:
        out = ops.permute_dims(out, _inverse(dn.out_spec))
    return wrap(out, a.weak_type and b.weak_type)


def conv(lhs: Any, rhs: Any, window_strides: Sequence[int], padding: Any,
         precision: Any = None, preferred_element_type: Any = None) -> Array:  # fmt: skip
    """``lax.conv``: NCHW/OIHW convolution without dilation."""
    return conv_general_dilated(lhs, rhs, window_strides, padding, precision=precision,
                                preferred_element_type=preferred_element_type)  # fmt: skip


def conv_with_general_padding(lhs: Any, rhs: Any, window_strides: Sequence[int], padding: Any,
                              lhs_dilation: Any, rhs_dilation: Any, precision: Any = None,
                              preferred_element_type: Any = None) -> Array:  # fmt: skip
    return conv_general_dilated(lhs, rhs, window_strides, padding, lhs_dilation, rhs_dilation,
                                precision=precision, preferred_element_type=preferred_element_type)  # fmt: skip


def _conv_transpose_padding(k: int, s: int, padding: Any) -> tuple[int, int]:
    if padding == "SAME":
        pad_len = k + s - 2
        pad_a = k - 1 if s > k - 1 else math.ceil(pad_len / 2)
    elif padding == "VALID":
        pad_len = k + s - 2 + max(k - s, 0)
        pad_a = k - 1
    elif isinstance(padding, tuple):
        pads = tuple(k - p - 1 for p in padding)
        pad_a, pad_len = pads[0], sum(pads)
    else:
        raise ValueError(f"Invalid padding mode: {padding}")
    return pad_a, pad_len - pad_a


def conv_transpose(lhs: Any, rhs: Any, strides: Sequence[int], padding: Any,
                   rhs_dilation: Sequence[int] | None = None, dimension_numbers: Any = None,
                   transpose_kernel: bool = False, precision: Any = None,
                   preferred_element_type: Any = None, use_consistent_padding: bool = False) -> Array:  # fmt: skip
    """``lax.conv_transpose``: a fractionally strided convolution (JAX's padding rules;
    TensorFlow's NHWC/HWIO dimension numbers by default)."""
    a, b = asarray(lhs, "conv_transpose", 0), asarray(rhs, "conv_transpose", 1)
    ndims = a.ndim
    if dimension_numbers is None:
        defaults = {2: ("NC", "IO", "NC"), 3: ("NHC", "HIO", "NHC"), 4: ("NHWC", "HWIO", "NHWC"),
                    5: ("NHWDC", "HWDIO", "NHWDC")}  # fmt: skip
        if ndims not in defaults:
            raise ValueError("No 4+ dimensional dimension_number defaults.")
        dimension_numbers = defaults[ndims]
    dn = conv_dimension_numbers(a.shape, b.shape, dimension_numbers)
    k_sdims = [b.shape[i] for i in dn.rhs_spec[2:]]
    rhs_dilation = tuple(rhs_dilation or (1,) * (ndims - 2))
    if use_consistent_padding or (isinstance(padding, str) and padding in {"SAME", "VALID"}):
        eff = [_dilate(k, r) for k, r in zip(k_sdims, rhs_dilation)]
        rep = [padding] * len(strides) if isinstance(padding, str) else list(padding)
        pads: Any = tuple(_conv_transpose_padding(k, s, p) for k, s, p in zip(eff, strides, rep))
    else:
        pads = padding
    if transpose_kernel:
        w = ops.flip(b.native, axis=tuple(dn.rhs_spec[2:]))
        w = ops.swapaxes(w, dn.rhs_spec[0], dn.rhs_spec[1])
        b = wrap(w, b.weak_type)
    one = (1,) * (ndims - 2)
    return conv_general_dilated(a, b, one, pads, tuple(strides), rhs_dilation, dn,
                                precision=precision, preferred_element_type=preferred_element_type)  # fmt: skip


def conv_shape_tuple(lhs_shape: Sequence[int], rhs_shape: Sequence[int], strides: Sequence[int],
                     pads: Any, batch_group_count: int = 1) -> tuple[int, ...]:  # fmt: skip
    """``lax.conv_shape_tuple``: the NCHW output shape."""
    if isinstance(pads, str):
        pads = padtype_to_pads(lhs_shape[2:], rhs_shape[2:], strides, pads)
    spatial = tuple(
        (n + lo + hi - k) // s + 1
        for n, k, s, (lo, hi) in zip(lhs_shape[2:], rhs_shape[2:], strides, pads)
    )
    return (lhs_shape[0] // batch_group_count, rhs_shape[0]) + spatial


# --------------------------------------------------------------------- reduce_window
def _window_views(v: Any, dims: Sequence[int], strides: Sequence[int],
                  dilation: Sequence[int]) -> list[Any]:  # fmt: skip
    """One strided slice of ``v`` per window offset (each the output's shape)."""
    shape = tuple(int(s) for s in v.shape)
    out_shape = [
        (n - _dilate(w, d)) // s + 1 if n >= _dilate(w, d) else 0
        for n, w, s, d in zip(shape, dims, strides, dilation)
    ]
    views = []
    for offs in itertools.product(*(range(w) for w in dims)):
        key = tuple(
            slice(o * d, o * d + (m - 1) * s + 1, s) if m else slice(0, 0)
            for o, d, m, s in zip(offs, dilation, out_shape, strides)
        )
        views.append(ops.get_item(v, key))
    return views


_NATIVE_REDUCERS: dict[str, Callable[[Any, Any], Any]] = {
    "add": _late("add"),
    "max": _late("maximum"),
    "min": _late("minimum"),
    "mul": _late("multiply"),
}


def reduce_window(operand: Any, init_value: Any, computation: Callable,
                  window_dimensions: Sequence[int], window_strides: Sequence[int] | None = None,
                  padding: Any = "VALID", base_dilation: Sequence[int] | None = None,
                  window_dilation: Sequence[int] | None = None) -> Any:  # fmt: skip
    """``lax.reduce_window``: lax.add/max/min/mul computations reduce the window views
    natively; any other computation is applied to them pairwise."""
    a = asarray(operand, "reduce_window", 0)
    init = weak_as(asarray(init_value, "reduce_window", 1), a)
    same_dtypes("reduce_window", (a, init))
    nd = a.ndim
    dims = tuple(int(w) for w in window_dimensions)
    strides = tuple(window_strides or (1,) * nd)
    base = tuple(base_dilation or (1,) * nd)
    wdil = tuple(window_dilation or (1,) * nd)
    if isinstance(padding, str):
        pads = padtype_to_pads(
            [_dilate(n, d) for n, d in zip(a.shape, base)],
            [_dilate(w, d) for w, d in zip(dims, wdil)],
            strides,
            padding,
        )
    else:
        pads = [tuple(p) for p in padding]
    config = [(int(lo), int(hi), d - 1) for (lo, hi), d in zip(pads, base)]
    v = _lax._pad_native(a.native, init.native, config)
    views = _window_views(v, dims, strides, wdil)
    kind = _lax._monoid_of(computation)
    if kind in _NATIVE_REDUCERS:
        if kind in ("add", "mul") and a._dtype == "bool":
            kind = "max" if kind == "add" else "min"
        fn = _NATIVE_REDUCERS[kind]
        acc = ops.broadcast_to(init.native, tuple(views[0].shape))
        if kind == "add" and len(views) > 1:
            acc = ops.add(ops.sum(ops.stack(views, axis=0), axis=0, dtype=a._dtype), acc)
        elif kind == "max" and len(views) > 1:
            acc = ops.maximum(ops.max(ops.stack(views, axis=0), axis=0), acc)
        elif kind == "min" and len(views) > 1:
            acc = ops.minimum(ops.min(ops.stack(views, axis=0), axis=0), acc)
        else:
            for view in views:
                acc = fn(acc, view)
        return wrap(acc, a.weak_type)
    acc = wrap(ops.broadcast_to(init.native, tuple(views[0].shape)), init.weak_type)
    for view in views:
        acc = asarray(computation(acc, wrap(view, a.weak_type)))
    return acc


def reduce_window_shape_tuple(operand_shape: Sequence[int], window_dimensions: Sequence[int],
                              window_strides: Sequence[int], padding: Sequence[tuple[int, int]],
                              base_dilation: Any = None, window_dilation: Any = None) -> tuple[int, ...]:  # fmt: skip
    nd = len(operand_shape)
    base = base_dilation or (1,) * nd
    wdil = window_dilation or (1,) * nd
    shape = [_dilate(n, d) + lo + hi for n, d, (lo, hi) in zip(operand_shape, base, padding)]
    return tuple(
        (n - _dilate(w, d)) // s + 1 if n >= _dilate(w, d) else 0
        for n, w, s, d in zip(shape, window_dimensions, window_strides, wdil)
    )


def conv_general_dilated_patches(lhs: Any, filter_shape: Sequence[int], window_strides: Sequence[int],
                                 padding: Any, lhs_dilation: Any = None, rhs_dilation: Any = None,
                                 dimension_numbers: Any = None, precision: Any = None,
                                 preferred_element_type: Any = None) -> Array:  # fmt: skip
    """``lax.conv_general_dilated_patches``: a convolution with an identity kernel
    (output features ordered channel-major, then the filter's spatial positions)."""
    a = asarray(lhs, "conv_general_dilated_patches")
    dn = conv_dimension_numbers(a.shape, (1, 1) + tuple(filter_shape), dimension_numbers)
    c = a.shape[dn.lhs_spec[1]]
    nsp = len(filter_shape)
    k = math.prod(filter_shape)
    eye = ops.eye(c * k, dtype=a._dtype)
    kernel = ops.reshape(eye, (c * k, c) + tuple(filter_shape))
    rhs_spec = tuple(range(nsp + 2))
    out_dn = ConvDimensionNumbers(dn.lhs_spec, rhs_spec, dn.out_spec)
    return conv_general_dilated(a, wrap(kernel), window_strides, padding, lhs_dilation,
                                rhs_dilation, out_dn, precision=precision,
                                preferred_element_type=preferred_element_type)  # fmt: skip


_ = (jdt, canonical_dtype)
