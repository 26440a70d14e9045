"""torch's instance of the shared function machinery: ``@torch_function(...)``.

``@torch_function("input", "other")`` promotes those parameters with torch's rules
(tensors with dimensions, then 0-dim tensors, then Python scalars), unwraps every Tensor
argument to its native array, checks ``with_unsupported_dtypes({...}, "torch")``
declarations, honours ``out=`` and wraps results as Tensors. See
:mod:`frontends.base.functions`.
"""

from __future__ import annotations

from typing import Any

import core
from frontends.base.functions import FrontendFunctions
from frontends.torch import _dtype
from frontends.torch._tensor import Tensor, write_into


class UnsupportedDtypeError(RuntimeError, core.UnsupportedDtypeError):
    """A torch function called with a dtype torch 2.13 does not implement it for.

    A RuntimeError, as torch raises, and a core.UnsupportedDtypeError.
    """


def _unsupported(function: str, dtype: core.Dtype) -> Exception:
    return UnsupportedDtypeError(
        f"torch.{function} is not implemented for {_dtype.of(dtype)} (torch {_dtype.TORCH_VERSION} "
        f"raises \"not implemented for '{_dtype.scalar_type_name(dtype)}'\"); cast the input, "
        "e.g. with .float() or .to(torch.float32)"
    )


def _tier(value: object) -> int:
    return 0 if len(value.shape) else 1


functions = FrontendFunctions(
    Tensor,
    _dtype.RULES,
    tiers=_tier,
    unsupported_error=_unsupported,
    write_out=write_into,
)
torch_function = functions.decorator
fast = functions.fast
wrap = functions.wrap


def result_type(tensor1: Any, tensor2: Any) -> _dtype.dtype:
    """torch.result_type: the dtype an arithmetic op on the two operands (tensors or Python
    numbers) gives, by the promotion every torch function applies."""
    operands = [t.native if isinstance(t, Tensor) else t for t in (tensor1, tensor2)]
    return _dtype.of(functions.result_dtype(operands))
