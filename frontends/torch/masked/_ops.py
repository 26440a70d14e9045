"""torch.masked's reductions and normalizations on strided tensors.

Each op replaces the masked-out elements of ``input`` with the identity of the operation
(0 for sum/cumsum/norm, 1 for prod/cumprod, -inf or the integer minimum for amax/argmax/
logsumexp/logaddexp/softmax, +inf or the integer maximum for amin/argmin/softmin, NaN for
median) and runs the frontend's plain torch op, as torch 2.13 does; ``mask=None`` means
every element is in. Results follow torch's quirks: ``argmax``/``argmin`` return their
indices cast to ``dtype`` (the input's dtype by default), ``cumsum``/``cumprod`` keep an
integer input's dtype, ``median`` ignores ``dtype`` for floating inputs, fully masked-out
reductions give the identity (NaN for mean/var/std/median). The ops are compositions of
frontend tensor functions (where, sum, amax, ...), so gradients come from their rules in
core.autodiff.

Differs from torch: sparse COO/CSR inputs and masks are not supported (the frontend has no
sparse layouts), and ``MaskedTensor`` inputs are not accepted (see the package docstring);
inputs and masks may also be numpy arrays or other frameworks' arrays (torch requires
tensors), as everywhere in the frontend.
"""

from __future__ import annotations

import builtins
import math
import sys
from collections.abc import Callable, Sequence
from typing import Any

from frontends.torch._tensor import Tensor

__all__ = [
    "amax", "amin", "argmax", "argmin", "cumprod", "cumsum", "log_softmax", "logaddexp",
    "logsumexp", "mean", "median", "norm", "normalize", "prod", "softmax", "softmin", "std",
    "sum", "var",
]  # fmt: skip

DimOrDims = int | Sequence[int] | None


def _torch() -> Any:
    return sys.modules["frontends.torch"]


def _tensor(value: Any) -> Tensor:
    """``value`` as a frontend tensor (numpy arrays and other frameworks' arrays too)."""
    return value if isinstance(value, Tensor) else _torch().as_tensor(value)


def _widened(input: Tensor) -> Any:
    """sum/prod's default result dtype: bool and integers narrower than 64 bits give int64."""
    torch = _torch()
    narrow = (torch.uint8, torch.bool, torch.int8, torch.int16, torch.int32)
    return torch.int64 if input.dtype in narrow else input.dtype


def _is_inexact(dtype: Any) -> bool:
    return dtype.is_floating_point or dtype.is_complex


def _canonical_dim(dim: DimOrDims, ndim: int) -> tuple[int, ...]:
    """``dim`` as a sorted tuple of nonnegative dims (all of them for None or ``()``);
    repeated dims raise RuntimeError and out-of-range ones IndexError, as torch."""
    if dim is None or dim == ():
        return tuple(range(ndim))
    ndim = builtins.max(ndim, 1)
    dims: list[int] = []
    for d in (dim,) if isinstance(dim, int) else dim:
        if d in dims:
            raise RuntimeError(f"dim={d} appears multiple times in the list of dims")
        if d >= ndim or d < -ndim:
            raise IndexError(
                f"Dimension out of range (expected to be in range of [{-ndim}, {ndim - 1}], "
                f"but got {d})"
            )
        dims.append(d % ndim)
    return tuple(sorted(dims))


def _op_name(op: Callable[..., Any] | str) -> str:
    return (op if isinstance(op, str) else op.__name__).rsplit(".", 1)[-1]


def _reduction_identity(op: Callable[..., Any] | str, input: Tensor, *args: Any) -> Any:
    """The identity of the reduction ``op`` for ``input``'s dtype as a 0-d tensor, or None
    where torch defines none (mean, var, std, and dtypes without one)."""
    torch = _torch()
    name, dtype = _op_name(op), input.dtype
    value: Any = None
    signed_or_uint8 = torch.is_signed(input) or dtype == torch.uint8
    if name in ("sum", "cumsum"):
        value = 0
    elif name in ("prod", "cumprod"):
        value = 1
    elif name in ("amax", "argmax", "logaddexp", "logsumexp"):
        if dtype.is_floating_point:
            value = -math.inf
        elif name == "logsumexp" and dtype.is_complex:
            value = complex(-math.inf, 0.0)
        elif signed_or_uint8:
            value = torch.iinfo(dtype).min
    elif name in ("amin", "argmin"):
        if dtype.is_floating_point:
            value = math.inf
        elif signed_or_uint8:
            value = torch.iinfo(dtype).max
    elif name == "norm":
        ord = args[0] if args else 2
        if ord == -math.inf:
            if not dtype.is_floating_point:
                raise AssertionError(f"input must be floating point, got {dtype}")
            value = math.inf
        else:
            value = 0
    elif name == "median":
        if not dtype.is_floating_point:
            dtype = torch.float32
        value = math.nan
    elif name in ("mean", "var", "std"):
        return None
    else:
        raise NotImplementedError(f"identity of {name} on {dtype} input")
    return None if value is None else torch.tensor(value, dtype=dtype)


def _input_mask(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    """``kwargs['mask']`` broadcast to ``input``'s shape, as bool; a mask of more dimensions
    than ``input`` raises IndexError, a missing one ValueError."""
    torch = _torch()
    mask = kwargs.get("mask")
    if mask is None:
        raise ValueError("_input_mask requires explicit mask")
    mask = _tensor(mask)
    if mask.shape != input.shape:
        if mask.ndim > input.ndim:
            raise IndexError(
                "_input_mask expected broadcastable mask (got mask dimensionality higher than "
                "of the input)"
            )
        mask = torch.broadcast_to(mask, input.shape)
    return mask.to(dtype=torch.bool)


def _any(mask: Tensor, dims: tuple[int, ...], keepdim: bool) -> Tensor:
    for d in reversed(dims):
        mask = mask.any(dim=d, keepdim=keepdim)
    return mask


_REDUCTIONS = frozenset(
    ["sum", "prod", "amax", "amin", "argmax", "argmin", "mean", "median", "norm", "var"]
    + ["std", "logsumexp"]
)
_NORMALIZATIONS = frozenset(["softmax", "log_softmax", "softmin", "normalize", "cumsum", "cumprod"])


def _output_mask(op: Callable[..., Any], input: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    """Which elements of ``op(input, *args, **kwargs)`` are defined: for a reduction, where
    any input element along the reduced dims is in; for a normalization, the input mask."""
    if not callable(op):
        raise ValueError(f"_output_mask expected masked operation (got {type(op).__name__} object)")
    name = op.__name__
    if name in _REDUCTIONS:
        if name == "norm" and args:
            args = args[1:]
        dim = args[0] if args else kwargs.get("dim")
        dims = _canonical_dim(dim, input.ndim)
        return _any(_input_mask(input, *args, **kwargs), dims, bool(kwargs.get("keepdim", False)))
    if name in _NORMALIZATIONS:
        return _input_mask(input, *args, **kwargs)
    raise ValueError(
        f"_output_mask expected masked operation (got callable {op.__module__}.{name})"
    )


def _where(mask: Tensor, input: Tensor, fill_value: Any) -> Tensor:
    """torch.where (torch's also takes sparse layouts, which the frontend has not)."""
    return _torch().where(mask, input, fill_value)


def _combine_input_and_mask(
    op: Callable[..., Any] | str, input: Tensor, mask: Any, *args: Any
) -> Tensor:
    """``input`` with its masked-out elements replaced by ``op``'s identity."""
    if mask is None:
        return input
    identity = _reduction_identity(op, input, *args)
    if identity is None:
        raise TypeError(
            f"torch.masked.{_op_name(op)}: no identity value for {input.dtype} input, so "
            "masked-out elements cannot be filled (torch.where gets None); cast the input "
            "to a floating dtype"
        )
    return _where(_input_mask(input, mask=mask), input, identity)


# ---------------------------------------------------------------------------------------
# reductions
# ---------------------------------------------------------------------------------------
def sum(
    input: Tensor,
    dim: DimOrDims = None,
    *,
    keepdim: bool | None = False,
    dtype: Any = None,
    mask: Tensor | None = None,
) -> Tensor:
    """The sum of the masked-in elements (0 where all are out); narrow integers give int64."""
    input = _tensor(input)
    dtype = _widened(input) if dtype is None else dtype
    dims = _canonical_dim(dim, input.ndim)
    return _torch().sum(
        _combine_input_and_mask("sum", input, mask), dims, bool(keepdim), dtype=dtype
    )


def prod(
    input: Tensor,
    dim: DimOrDims = None,
    *,
    keepdim: bool | None = False,
    dtype: Any = None,
    mask: Tensor | None = None,
) -> Tensor:
    """The product of the masked-in elements (1 where all are out), one dim at a time."""
    input = _tensor(input)
    dtype = _widened(input) if dtype is None else dtype
    dims = _canonical_dim(dim, input.ndim)
    result = _combine_input_and_mask("prod", input, mask).to(dtype=dtype)
    for d in reversed(dims):
        result = result.prod(dim=d, keepdim=bool(keepdim))
    return result


def amax(
    input: Tensor,
    dim: DimOrDims = None,
    *,
    keepdim: bool | None = False,
    dtype: Any = None,
    mask: Tensor | None = None,
) -> Tensor:
    """The maximum of the masked-in elements (-inf or the integer minimum where all are out)."""
    return _extreme("amax", input, dim, keepdim, dtype, mask)


def amin(
    input: Tensor,
    dim: DimOrDims = None,
    *,
    keepdim: bool | None = False,
    dtype: Any = None,
    mask: Tensor | None = None,
) -> Tensor:
    """The minimum of the masked-in elements (inf or the integer maximum where all are out)."""
    return _extreme("amin", input, dim, keepdim, dtype, mask)


def _extreme(name: str, input: Any, dim: Any, keepdim: Any, dtype: Any, mask: Any) -> Tensor:
    input = _tensor(input)
    dtype = input.dtype if dtype is None else dtype
    masked = _combine_input_and_mask(name, input, mask)
    dims = _canonical_dim(dim, masked.ndim)
    return getattr(_torch(), name)(masked, dims, bool(keepdim)).to(dtype=dtype)


def argmax(
    input: Tensor,
    dim: int | None = None,
    *,
    keepdim: bool | None = False,
    dtype: Any = None,
    mask: Tensor | None = None,
) -> Tensor:
    """The index of the first masked-in maximum, cast to ``dtype`` (the input's dtype by
    default, as torch does)."""
    return _arg("argmax", input, dim, keepdim, dtype, mask)


def argmin(
    input: Tensor,
    dim: int | None = None,
    *,
    keepdim: bool | None = False,
    dtype: Any = None,
    mask: Tensor | None = None,
) -> Tensor:
    """The index of the first masked-in minimum, cast to ``dtype`` (the input's dtype by
    default, as torch does)."""
    return _arg("argmin", input, dim, keepdim, dtype, mask)


def _arg(name: str, input: Any, dim: Any, keepdim: Any, dtype: Any, mask: Any) -> Tensor:
    input = _tensor(input)
    dtype = input.dtype if dtype is None else dtype
    masked = _combine_input_and_mask(name, input, mask)
    return getattr(_torch(), name)(masked, dim, bool(keepdim)).to(dtype=dtype)


def _counted(
    input: Tensor, dim: DimOrDims, keepdim: bool, dtype: Any, mask: Any
) -> tuple[Tensor, Tensor, Tensor | None]:
    """(masked sum, number of masked-in elements, canonical mask or None) over ``dim``."""
    torch = _torch()
    if mask is None:
        ones = torch.ones(input.shape, dtype=torch.int64)
        count = sum(ones, dim, keepdim=keepdim)
        return sum(input, dim, keepdim=keepdim, dtype=dtype), count, None
    inmask = _input_mask(input, mask=mask)
    count = sum(inmask, dim, keepdim=keepdim)  # int64, as torch's inmask.sum(dim=dim)
    return sum(input, dim, keepdim=keepdim, dtype=dtype, mask=inmask), count, inmask


def mean(
    input: Tensor,
    dim: DimOrDims = None,
    *,
    keepdim: bool | None = False,
    dtype: Any = None,
    mask: Tensor | None = None,
) -> Tensor:
    """The mean of the masked-in elements (NaN where all are out); floating or complex
    ``input`` or ``dtype`` only (ValueError otherwise, as torch)."""
    input = _tensor(input)
    source = "Optional"
    if dtype is None:
        dtype, source = input.dtype, "Input"
    if not _is_inexact(dtype):
        raise ValueError(
            f"mean(): Could not infer output dtype. {source} dtype must be either a floating "
            f"point or complex dtype. Got: {dtype}"
        )
    total, count, _ = _counted(input, dim, bool(keepdim), dtype, mask)
    return total / count


def median(
    input: Tensor,
    dim: int = -1,
    *,
    keepdim: bool = False,
    dtype: Any = None,
    mask: Tensor | None = None,
) -> Tensor:
    """The lower median of the masked-in elements along ``dim`` (NaN where all are out).

    As torch: a floating result keeps the input's dtype whatever ``dtype`` says; an integer
    input is computed in float32 and cast to ``dtype``, and a fully masked-out row raises
    ValueError (which reads the result on the host)."""
    torch = _torch()
    input = _tensor(input)
    dtype = input.dtype if dtype is None else dtype
    d = _canonical_dim(dim, input.ndim)[0]
    is_float = input.dtype.is_floating_point
    if not is_float:
        input = input.to(dtype=torch.float32)
    masked = _combine_input_and_mask("median", input, mask)
    output = torch.nanmedian(masked, d, keepdim).values
    if is_float:
        return output
    if not torch.isnan(output).any():
        return output.to(dtype=dtype)
    raise ValueError(
        "masked median expects no fully masked out rows if dtype is not floating point"
    )


def logsumexp(
    input: Tensor,
    dim: DimOrDims = None,
    *,
    keepdim: bool = False,
    dtype: Any = None,
    mask: Tensor | None = None,
) -> Tensor:
    """log(sum(exp)) of the masked-in elements (-inf where all are out), cast to ``dtype``
    (the input's dtype by default, integers included)."""
    input = _tensor(input)
    dtype = input.dtype if dtype is None else dtype
    dims = _canonical_dim(dim, input.ndim)
    masked = _combine_input_and_mask("logsumexp", input, mask)
    return _torch().logsumexp(masked, dims, keepdim=keepdim).to(dtype=dtype)


def logaddexp(
    input: Tensor,
    other: Tensor,
    *,
    dtype: Any = None,
    input_mask: Tensor | None = None,
    other_mask: Tensor | None = None,
) -> Tensor:
    """Elementwise log(exp(input) + exp(other)), each masked-out element counting as -inf."""
    input, other = _tensor(input), _tensor(other)
    dtype = input.dtype if dtype is None else dtype
    masked_input = _combine_input_and_mask("logaddexp", input, input_mask)
    masked_other = _combine_input_and_mask("logaddexp", other, other_mask)
    return _torch().logaddexp(masked_input, masked_other).to(dtype=dtype)


def norm(
    input: Tensor,
    ord: float | None = 2.0,
    dim: DimOrDims = None,
    *,
    keepdim: bool | None = False,
    dtype: Any = None,
    mask: Tensor | None = None,
) -> Tensor:
    """The vector ``ord``-norm of the masked-in elements (0, or inf for ord=-inf, where all
    are out), as torch.linalg.vector_norm."""
    input = _tensor(input)
    dtype = input.dtype if dtype is None else dtype
    masked = _combine_input_and_mask("norm", input, mask, ord)
    dims = _canonical_dim(dim, input.ndim)
    return _torch().linalg.vector_norm(masked, ord, dims, bool(keepdim), dtype=dtype)


def _std_var(
    input: Any,
    dim: DimOrDims,
    unbiased: bool | None,
    correction: float | None,
    keepdim: bool,
    dtype: Any,
    mask: Any,
    take_sqrt: bool,
) -> Tensor:
    """var/std: the masked mean is subtracted, squares summed, divided by count - correction
    (floored at 0); integer inputs compute in float32."""
    torch = _torch()
    input = _tensor(input)
    if unbiased is not None and correction is not None:
        raise AssertionError("Only one of unbiased and correction may be given")
    if correction is None:
        correction = 1.0 if unbiased is None or unbiased else 0.0
    if dtype is None:
        dtype = input.dtype if _is_inexact(input.dtype) else torch.float32
    compute_dtype = dtype if _is_inexact(dtype) else torch.float32
    sample_total, count, inmask = _counted(input, dim, True, dtype, mask)
    x = torch.subtract(input, torch.divide(sample_total, count))
    total = sum(x * x.conj(), dim, keepdim=keepdim, dtype=compute_dtype, mask=inmask)
    if not keepdim:
        count = count.reshape(total.shape)
    if correction != 0:
        count = count.to(dtype=compute_dtype.to_real())
        count = torch.subtract(count, correction)
        count = torch.maximum(count, count.new_zeros([]))
    output = torch.divide(total, count).to(dtype=dtype)
    return torch.sqrt(output) if take_sqrt else output


def var(
    input: Tensor,
    dim: DimOrDims = None,
    unbiased: bool | None = None,
    *,
    correction: float | None = None,
    keepdim: bool | None = False,
    dtype: Any = None,
    mask: Tensor | None = None,
) -> Tensor:
    """The variance of the masked-in elements (NaN where too few are in); a complex input
    gives a complex result, as torch.masked (unlike torch.var)."""
    return _std_var(input, dim, unbiased, correction, bool(keepdim), dtype, mask, False)


def std(
    input: Tensor,
    dim: DimOrDims = None,
    unbiased: bool | None = None,
    *,
    correction: float | None = None,
    keepdim: bool | None = False,
    dtype: Any = None,
    mask: Tensor | None = None,
) -> Tensor:
    """The standard deviation of the masked-in elements (the square root of :func:`var`)."""
    return _std_var(input, dim, unbiased, correction, bool(keepdim), dtype, mask, True)


# ---------------------------------------------------------------------------------------
# normalizations
# ---------------------------------------------------------------------------------------
def cumsum(input: Tensor, dim: int, *, dtype: Any = None, mask: Tensor | None = None) -> Tensor:
    """The cumulative sum with masked-out elements counting as 0; keeps an integer input's
    dtype unless ``dtype`` says otherwise (torch.cumsum would give int64)."""
    return _scan("cumsum", "sum", input, dim, dtype, mask)


def cumprod(input: Tensor, dim: int, *, dtype: Any = None, mask: Tensor | None = None) -> Tensor:
    """The cumulative product with masked-out elements counting as 1; keeps an integer
    input's dtype unless ``dtype`` says otherwise."""
    return _scan("cumprod", "prod", input, dim, dtype, mask)


def _scan(name: str, identity: str, input: Any, dim: int, dtype: Any, mask: Any) -> Tensor:
    input = _tensor(input)
    dtype = input.dtype if dtype is None else dtype
    d = _canonical_dim(dim, input.ndim)[0]
    masked = _combine_input_and_mask(identity, input, mask)
    return getattr(_torch(), name)(masked, d, dtype=dtype).to(dtype=dtype)


def softmax(input: Tensor, dim: int, *, dtype: Any = None, mask: Tensor | None = None) -> Tensor:
    """softmax over the masked-in elements (masked-out ones get 0; NaN where all are out)."""
    return _softmax_like("softmax", "amax", input, dim, dtype, mask)


def log_softmax(
    input: Tensor, dim: int, *, dtype: Any = None, mask: Tensor | None = None
) -> Tensor:
    """log_softmax over the masked-in elements (masked-out ones get -inf)."""
    return _softmax_like("log_softmax", "amax", input, dim, dtype, mask)


def softmin(input: Tensor, dim: int, *, dtype: Any = None, mask: Tensor | None = None) -> Tensor:
    """softmin over the masked-in elements (masked-out ones get 0; NaN where all are out)."""
    return _softmax_like("softmin", "amin", input, dim, dtype, mask)


def _softmax_like(name: str, identity: str, input: Any, dim: int, dtype: Any, mask: Any) -> Tensor:
    input = _tensor(input)
    dtype = input.dtype if dtype is None else dtype
    d = _canonical_dim(dim, input.ndim)[0]
    masked = _combine_input_and_mask(identity, input, mask)
    return getattr(_torch().nn.functional, name)(masked, d, dtype=dtype)


def normalize(
    input: Tensor,
    ord: float,
    dim: int,
    *,
    eps: float = 1e-12,
    dtype: Any = None,
    mask: Tensor | None = None,
) -> Tensor:
    """``input`` divided by its masked ``ord``-norm along ``dim`` (at least ``eps``);
    masked-out elements become 0."""
    torch = _torch()
    input = _tensor(input)
    dtype = input.dtype if dtype is None else dtype
    masked = _combine_input_and_mask("sum", input, mask)
    norms = norm(input, ord, dim, keepdim=True, dtype=dtype, mask=mask)
    return torch.divide(masked, torch.maximum(norms, norms.new_full([], eps)))
