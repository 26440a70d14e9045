"""torch implementations of core's elementwise functions.

torch 2.13 holds uint16, uint32 and uint64 but implements little arithmetic for them:
uint16 and uint32 compute in int64 (exact, and wrapping back gives the modular result),
uint64 reuses int64 kernels on the same bits where two's complement arithmetic is the
same (add, subtract, multiply, negative, left shift) and compares with the sign bit
flipped; where neither works (floor_divide, remainder, fmod, pow, right shift) uint64 is
declared unsupported. Where torch's special values differ from numpy's (``sign`` and
``heaviside`` of nan, the sign of a zero ``remainder``), they are fixed up here.
"""

from __future__ import annotations

from collections.abc import Callable

import torch

from core import dtypes
from core.backends import direct
from core.backends.torch import native_dtypes, promote, version
from core.support import with_unsupported_dtypes

# restrictions of the functions' domains, the same on every backend
_NO_BOOL = with_unsupported_dtypes({"2.0 and above": ("bool",)}, version)
_NO_COMPLEX = with_unsupported_dtypes({"2.0 and above": ("complex",)}, version)
_INTEGER_OR_BOOL = with_unsupported_dtypes({"2.0 and above": ("float", "complex")}, version)
# torch has no ordering of complex numbers
_REAL = with_unsupported_dtypes({"2.13 and below": ("complex",)}, version)
# torch has no uint64 kernel, and int64 bits give another result
_NO_BOOL_COMPLEX_UINT64 = with_unsupported_dtypes(
    {"2.0 and above": ("bool", "complex"), "2.13 and below": ("uint64",)}, version
)
_NO_BOOL_UINT64 = with_unsupported_dtypes(
    {"2.0 and above": ("bool",), "2.13 and below": ("uint64",)}, version
)
_INTEGER_NO_UINT64 = with_unsupported_dtypes(
    {"2.0 and above": ("float", "complex", "bool"), "2.13 and below": ("uint64",)}, version
)
_INTEGER = with_unsupported_dtypes({"2.0 and above": ("float", "complex", "bool")}, version)

_NARROW_UINTS = (torch.uint16, torch.uint32)
_INT64_MIN = -(2**63)


def _floating(x: torch.Tensor) -> torch.Tensor:
    """Integer and bool tensors cast to the default float dtype."""
    if x.is_floating_point() or x.is_complex():
        return x
    return x.to(native_dtypes[dtypes.default_float_dtype()])


def _float_unary(op: Callable[..., torch.Tensor], name: str) -> Callable[..., torch.Tensor]:
    def function(x: torch.Tensor, /) -> torch.Tensor:
        return op(_floating(x))

    function.direct = op  # float inputs: the op itself
    function.__name__ = function.__qualname__ = name
    return function


def _float_binary(op: Callable[..., torch.Tensor], name: str) -> Callable[..., torch.Tensor]:
    def function(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
        x1, x2 = promote(x1, x2)
        return op(_floating(x1), _floating(x2))

    function.direct = op  # float inputs: the op itself
    function.__name__ = function.__qualname__ = name
    return function


def _modular(op: Callable[..., torch.Tensor], *xs: torch.Tensor) -> torch.Tensor:
    """``op`` on unsigned ints through int64, for operations exact modulo 2**bits."""
    dtype = xs[0].dtype
    if dtype in _NARROW_UINTS:
        return op(*(x.to(torch.int64) for x in xs)).to(dtype)
    if dtype == torch.uint64:
        return op(*(x.view(torch.int64) for x in xs)).view(torch.uint64)
    return op(*xs)


def _exact(op: Callable[..., torch.Tensor], *xs: torch.Tensor) -> torch.Tensor:
    """``op`` on uint16/uint32 through int64 (values fit), cast back unless bool."""
    dtype = xs[0].dtype
    if dtype in _NARROW_UINTS:
        result = op(*(x.to(torch.int64) for x in xs))
        return result if result.dtype == torch.bool else result.to(dtype)
    return op(*xs)


def _ordered(x: torch.Tensor) -> torch.Tensor:
    """uint64 as int64 with the sign bit flipped: the same order; others through _exact."""
    return x.view(torch.int64) ^ _INT64_MIN


def _comparison(op: Callable[..., torch.Tensor], name: str) -> Callable[..., torch.Tensor]:
    def function(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
        x1, x2 = promote(x1, x2)
        if x1.dtype == torch.uint64:
            return op(_ordered(x1), _ordered(x2))
        return _exact(op, x1, x2)

    function.direct = op  # float inputs: the op itself
    function.__name__ = function.__qualname__ = name
    return function


def _extremum(
    op: Callable[..., torch.Tensor], pick_first: Callable[..., torch.Tensor], name: str
) -> Callable[..., torch.Tensor]:
    def function(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
        x1, x2 = promote(x1, x2)
        if x1.dtype == torch.uint64:
            x1, x2 = torch.broadcast_tensors(x1, x2)
            return torch.where(pick_first(_ordered(x1), _ordered(x2)), x1, x2)
        return _exact(op, x1, x2)

    function.direct = op  # float inputs: the op itself
    function.__name__ = function.__qualname__ = name
    return function


def _truth(x: torch.Tensor) -> torch.Tensor:
    return x if x.dtype == torch.bool else x != 0


def _keep_integers(op: Callable[..., torch.Tensor], name: str) -> Callable[..., torch.Tensor]:
    def function(x: torch.Tensor, /) -> torch.Tensor:
        if x.is_floating_point():
            return op(x)
        if x.is_complex():
            return torch.complex(op(x.real), op(x.imag))
        return x.clone()

    function.__name__ = function.__qualname__ = name
    return function


# --------------------------------------------------------------------------- unary
acos = _float_unary(torch.acos, "acos")
acosh = _float_unary(torch.acosh, "acosh")
asin = _float_unary(torch.asin, "asin")
asinh = _float_unary(torch.asinh, "asinh")
atan = _float_unary(torch.atan, "atan")
atanh = _float_unary(torch.atanh, "atanh")
cos = _float_unary(torch.cos, "cos")
cosh = _float_unary(torch.cosh, "cosh")
exp = _float_unary(torch.exp, "exp")
expm1 = _float_unary(torch.expm1, "expm1")
log = _float_unary(torch.log, "log")
log1p = _float_unary(torch.log1p, "log1p")
log2 = _float_unary(torch.log2, "log2")
log10 = _float_unary(torch.log10, "log10")
sin = _float_unary(torch.sin, "sin")
sinh = _float_unary(torch.sinh, "sinh")
sqrt = _float_unary(torch.sqrt, "sqrt")
tan = _float_unary(torch.tan, "tan")
tanh = _float_unary(torch.tanh, "tanh")
sinc = _float_unary(torch.sinc, "sinc")
sigmoid = _NO_COMPLEX(_float_unary(torch.sigmoid, "sigmoid"))
erf = _NO_COMPLEX(_float_unary(torch.special.erf, "erf"))
erfc = _NO_COMPLEX(_float_unary(torch.special.erfc, "erfc"))
erfinv = _NO_COMPLEX(_float_unary(torch.special.erfinv, "erfinv"))
lgamma = _NO_COMPLEX(_float_unary(torch.lgamma, "lgamma"))
digamma = _NO_COMPLEX(_float_unary(torch.special.digamma, "digamma"))
round = _keep_integers(torch.round, "round")  # noqa: A001
ceil = _NO_COMPLEX(_keep_integers(torch.ceil, "ceil"))
floor = _NO_COMPLEX(_keep_integers(torch.floor, "floor"))
trunc = _NO_COMPLEX(_keep_integers(torch.trunc, "trunc"))


@direct(torch.abs)
def abs(x: torch.Tensor, /) -> torch.Tensor:  # noqa: A001
    if x.dtype == torch.bool or x.dtype in (*_NARROW_UINTS, torch.uint64):
        return x.clone()
    return torch.abs(x)


@_NO_BOOL
@direct(torch.negative)
def negative(x: torch.Tensor, /) -> torch.Tensor:
    return _modular(torch.negative, x)


@_NO_BOOL
def positive(x: torch.Tensor, /) -> torch.Tensor:
    return x.clone()


@_NO_BOOL
def sign(x: torch.Tensor, /) -> torch.Tensor:
    if x.is_complex():
        return torch.sgn(x)
    if x.dtype in (*_NARROW_UINTS, torch.uint64):
        return (x != 0).to(x.dtype)
    result = torch.sign(x)
    return torch.where(torch.isnan(x), x, result) if x.is_floating_point() else result


@_NO_COMPLEX
def signbit(x: torch.Tensor, /) -> torch.Tensor:
    return torch.signbit(x)


def conj(x: torch.Tensor, /) -> torch.Tensor:
    return torch.conj(x).resolve_conj() if x.is_complex() else x.clone()


def real(x: torch.Tensor, /) -> torch.Tensor:
    return x.real.clone() if x.is_complex() else x.clone()


def imag(x: torch.Tensor, /) -> torch.Tensor:
    return x.imag.clone() if x.is_complex() else torch.zeros_like(x)


def isfinite(x: torch.Tensor, /) -> torch.Tensor:
    return torch.isfinite(x)


def isinf(x: torch.Tensor, /) -> torch.Tensor:
    return torch.isinf(x)


def isnan(x: torch.Tensor, /) -> torch.Tensor:
    return torch.isnan(x)


def logical_not(x: torch.Tensor, /) -> torch.Tensor:
    return torch.logical_not(x) if x.dtype == torch.bool else x == 0


@_INTEGER_OR_BOOL
def bitwise_invert(x: torch.Tensor, /) -> torch.Tensor:
    if x.dtype == torch.bool:
        return torch.logical_not(x)
    return _modular(torch.bitwise_not, x)


def nan_to_num(
    x: torch.Tensor,
    /,
    *,
    nan: float = 0.0,
    posinf: float | None = None,
    neginf: float | None = None,
) -> torch.Tensor:
    if x.is_complex():
        parts = [
            torch.nan_to_num(p, nan=nan, posinf=posinf, neginf=neginf) for p in (x.real, x.imag)
        ]
        return torch.complex(*parts)
    if x.is_floating_point():
        return torch.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf)
    return x.clone()


# --------------------------------------------------------------------------- binary
@direct(torch.add)
def add(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    x1, x2 = promote(x1, x2)
    if x1.dtype == torch.bool:
        return torch.logical_or(x1, x2)
    return _modular(torch.add, x1, x2)


@_NO_BOOL
@direct(torch.subtract)
def subtract(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    x1, x2 = promote(x1, x2)
    return _modular(torch.subtract, x1, x2)


@direct(torch.multiply)
def multiply(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    x1, x2 = promote(x1, x2)
    return torch.multiply(x1, x2)


@_NO_BOOL_UINT64
def pow(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:  # noqa: A001
    x1, x2 = promote(x1, x2)
    return _modular(torch.pow, x1, x2)


@_NO_BOOL_COMPLEX_UINT64
def floor_divide(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    x1, x2 = promote(x1, x2)
    return _exact(torch.floor_divide, x1, x2)


@_NO_BOOL_COMPLEX_UINT64
def remainder(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    x1, x2 = promote(x1, x2)
    result = _exact(torch.remainder, x1, x2)
    # a zero result takes the sign of x2, as numpy's (torch gives +0.0)
    return torch.copysign(result, x2) if result.is_floating_point() else result


@_NO_BOOL_COMPLEX_UINT64
def fmod(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    x1, x2 = promote(x1, x2)
    return _exact(torch.fmod, x1, x2)


divide = _float_binary(torch.divide, "divide")
atan2 = _NO_COMPLEX(_float_binary(torch.atan2, "atan2"))
copysign = _NO_COMPLEX(_float_binary(torch.copysign, "copysign"))
hypot = _NO_COMPLEX(_float_binary(torch.hypot, "hypot"))
logaddexp = _NO_COMPLEX(_float_binary(torch.logaddexp, "logaddexp"))
nextafter = _NO_COMPLEX(_float_binary(torch.nextafter, "nextafter"))


@_NO_COMPLEX
def heaviside(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    x1, x2 = promote(x1, x2)
    x1, x2 = _floating(x1), _floating(x2)
    return torch.where(torch.isnan(x1), x1, torch.heaviside(x1, x2))


def equal(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    x1, x2 = promote(x1, x2)
    return torch.eq(x1, x2)


def not_equal(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    x1, x2 = promote(x1, x2)
    return torch.ne(x1, x2)


less = _REAL(_comparison(torch.lt, "less"))
less_equal = _REAL(_comparison(torch.le, "less_equal"))
greater = _REAL(_comparison(torch.gt, "greater"))
greater_equal = _REAL(_comparison(torch.ge, "greater_equal"))
maximum = _REAL(_extremum(torch.maximum, torch.gt, "maximum"))
minimum = _REAL(_extremum(torch.minimum, torch.lt, "minimum"))
fmax = _REAL(_extremum(torch.fmax, torch.gt, "fmax"))
fmin = _REAL(_extremum(torch.fmin, torch.lt, "fmin"))


def _bitwise(op: Callable[..., torch.Tensor], name: str) -> Callable[..., torch.Tensor]:
    def function(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
        x1, x2 = promote(x1, x2)
        return op(x1, x2)

    function.__name__ = function.__qualname__ = name
    return _INTEGER_OR_BOOL(function)


bitwise_and = _bitwise(torch.bitwise_and, "bitwise_and")
bitwise_or = _bitwise(torch.bitwise_or, "bitwise_or")
bitwise_xor = _bitwise(torch.bitwise_xor, "bitwise_xor")


@_INTEGER
def bitwise_left_shift(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    x1, x2 = promote(x1, x2)
    return _modular(torch.bitwise_left_shift, x1, x2)


@_INTEGER_NO_UINT64
def bitwise_right_shift(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    x1, x2 = promote(x1, x2)
    return _exact(torch.bitwise_right_shift, x1, x2)


def _logical(op: Callable[..., torch.Tensor], name: str) -> Callable[..., torch.Tensor]:
    def function(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
        x1, x2 = promote(x1, x2)
        return op(_truth(x1), _truth(x2))

    function.__name__ = function.__qualname__ = name
    return function


logical_and = _logical(torch.logical_and, "logical_and")
logical_or = _logical(torch.logical_or, "logical_or")
logical_xor = _logical(torch.logical_xor, "logical_xor")


# torch's fused kernels for core's mixed lerp, addcmul and addcdiv, taken for tensors of
# one floating dtype and a Python int/float (core's composition otherwise)
FLOATS = frozenset((torch.float16, torch.bfloat16, torch.float32, torch.float64))


def floats_of_one_dtype(*arrays: object) -> bool:
    first = arrays[0]
    return (
        type(first) is torch.Tensor
        and first.dtype in FLOATS
        and all(type(a) is torch.Tensor and a.dtype is first.dtype for a in arrays[1:])
    )


def lerp(x: torch.Tensor, end: torch.Tensor, weight: float, /) -> torch.Tensor:
    return torch.lerp(x, end, weight)


def addcmul(
    x: torch.Tensor, x1: torch.Tensor, x2: torch.Tensor, /, value: float = 1
) -> torch.Tensor:
    return torch.addcmul(x, x1, x2, value=value)


def addcdiv(
    x: torch.Tensor, x1: torch.Tensor, x2: torch.Tensor, /, value: float = 1
) -> torch.Tensor:
    return torch.addcdiv(x, x1, x2, value=value)


lerp.partial_mixed_handler = lambda x, end, weight: (  # type: ignore[attr-defined]
    type(weight) in (int, float) and floats_of_one_dtype(x, end)
)
addcmul.partial_mixed_handler = addcdiv.partial_mixed_handler = (  # type: ignore[attr-defined]
    lambda x, x1, x2, value=1: type(value) in (int, float) and floats_of_one_dtype(x, x1, x2)
)
