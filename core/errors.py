"""core's typed errors: the failures every op can meet, whichever backend runs it.

Each backend raises its own exception for the same mistake (adding shapes (3,) and (4,) is
a ValueError in numpy, a RuntimeError in torch, a TypeError in jax and an
``InvalidArgumentError`` in tensorflow). core names the failure instead:

=========================  ====================================================
:class:`BroadcastError`     shapes that do not broadcast together
:class:`ReshapeError`       a reshape to a shape of another size
:class:`ShapeMismatchError` operands whose other dimensions must agree (matmul, concat)
:class:`AxisError`          an axis (dimension) out of range
:class:`IndexOutOfRangeError` an index out of bounds
:class:`UnsupportedDtypeError` a dtype the op or the backend refuses
:class:`SingularMatrixError`  a singular matrix where an inverse or solve needs one
:class:`OperationError`     an argument a backend refused, no finer kind recognised
=========================  ====================================================

core raises them where it checks; :func:`from_native` names a backend's own exception after
the fact (by its class and message, from the table below), so the success path pays
nothing. Each frontend maps these kinds to its framework's class and message
(``docs/errors.md``). Each class is also the builtin a Python user would expect
(``BroadcastError`` is a ValueError), for users of core itself.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import Any

__all__ = [
    "CoreError",
    "BroadcastError",
    "ReshapeError",
    "ShapeMismatchError",
    "AxisError",
    "IndexOutOfRangeError",
    "UnsupportedDtypeError",
    "SingularMatrixError",
    "OperationError",
    "from_message",
    "from_native",
]

Shape = tuple[int, ...]


class CoreError(Exception):
    """The base of core's typed errors; ``str()`` is the message, fields are per kind."""


class BroadcastError(CoreError, ValueError):
    """Shapes that do not broadcast; ``shapes`` holds them when known."""

    def __init__(self, message: str, shapes: Sequence[Shape] | None = None) -> None:
        super().__init__(message)
        self.shapes = None if shapes is None else tuple(tuple(s) for s in shapes)


class ReshapeError(CoreError, ValueError):
    """A reshape of ``size`` elements (``shape``, when known) into ``target``."""

    def __init__(
        self,
        message: str,
        size: int | None = None,
        target: Shape | None = None,
        shape: Shape | None = None,
    ) -> None:
        super().__init__(message)
        self.size, self.target, self.shape = size, target, shape


class ShapeMismatchError(CoreError, ValueError):
    """Operands whose dimensions must agree do not (matmul's inner sizes, concatenation's
    other axes)."""


class AxisError(CoreError, ValueError, IndexError):
    """An axis out of range for ``ndim`` dimensions (a ValueError and an IndexError, as
    numpy's ``AxisError``)."""

    def __init__(self, message: str, axis: int | None = None, ndim: int | None = None) -> None:
        super().__init__(message)
        self.axis, self.ndim = axis, ndim


class IndexOutOfRangeError(CoreError, IndexError):
    """An index out of bounds for ``size`` along ``axis``."""

    def __init__(
        self,
        message: str,
        index: int | None = None,
        axis: int | None = None,
        size: int | None = None,
    ) -> None:
        super().__init__(message)
        self.index, self.axis, self.size = index, axis, size


class UnsupportedDtypeError(CoreError, TypeError):
    """A function was called with a dtype it does not support on this backend/version."""


class SingularMatrixError(CoreError, ValueError):
    """A matrix the op cannot factor: singular where it needs an inverse, not positive
    definite where it needs a Cholesky factor."""


class OperationError(CoreError, ValueError):
    """A backend refused an op's arguments and no finer kind above was recognised
    (tensorflow's ``InvalidArgumentError`` for a mistake core has no name for)."""


_CORE_CLASSES = frozenset(
    {
        CoreError,
        BroadcastError,
        ReshapeError,
        ShapeMismatchError,
        AxisError,
        IndexOutOfRangeError,
        UnsupportedDtypeError,
        SingularMatrixError,
        OperationError,
    }
)


# --------------------------------------------------------------------------------------
# the backends' own errors, by class and message
# --------------------------------------------------------------------------------------
def _shapes(text: str) -> list[Shape]:
    """Every ``(3, 4)`` / ``[3, 4]`` shape written in ``text``."""
    return [
        tuple(int(n) for n in re.findall(r"\d+", group))
        for group in re.findall(r"[(\[]([\d,\s]*)[)\]]", text)
    ]


def _broadcast(match: re.Match[str], message: str) -> CoreError:
    shapes = _shapes(match.group("shapes")) if "shapes" in match.groupdict() else None
    return BroadcastError(message, shapes or None)


def _reshape(match: re.Match[str], message: str) -> CoreError:
    fields = match.groupdict()
    target = _shapes(f"({fields['target']})")[0] if fields.get("target") else None
    shape = _shapes(f"({fields['shape']})")[0] if fields.get("shape") else None
    return ReshapeError(message, int(fields["size"]), target, shape)


def _axis(match: re.Match[str], message: str) -> CoreError:
    fields = match.groupdict()
    axis = int(fields["axis"]) if fields.get("axis") else None
    ndim = int(fields["ndim"]) if fields.get("ndim") else None
    return AxisError(message, axis, ndim)


def _index(match: re.Match[str], message: str) -> CoreError:
    fields = match.groupdict()
    size = fields.get("size")
    return IndexOutOfRangeError(
        message,
        int(fields["index"]),
        int(fields.get("axis") or 0),
        None if size is None else int(size),
    )


def _kind(cls: type[CoreError]) -> Callable[[re.Match[str], str], CoreError]:
    return lambda match, message: cls(message)


# (pattern, maker), tried in order on the message of a builtin exception or of one of a
# framework's own classes; the comment names who raises it
_PATTERNS: list[tuple[re.Pattern[str], Callable[[re.Match[str], str], CoreError]]] = [
    (re.compile(p, re.S), maker)
    for p, maker in [
        # numpy
        (r"operands could not be broadcast together with shapes (?P<shapes>.*)", _broadcast),
        (r"shape mismatch: objects cannot be broadcast", _broadcast),
        (r"cannot reshape array of size (?P<size>\d+) into shape \((?P<target>[\d, ]*)\)", _reshape),
        (r"axis (?P<axis>-?\d+) is out of bounds for (?:an )?array of dimension (?P<ndim>\d+)", _axis),
        (r"index (?P<index>-?\d+) is out of bounds for (?:axis|dimension) (?P<axis>\d+) with size (?P<size>\d+)", _index),
        (r"^(?:matmul: Input operand \d+ has a mismatch in its core dimension|shapes \(.*\) and \(.*\) not aligned|all the input array dimensions except for the concatenation axis must match|all the input arrays must have same number of dimensions|shape-mismatch for sum)", _kind(ShapeMismatchError)),
        (r"^Singular matrix|^Matrix is not positive definite", _kind(SingularMatrixError)),
        (r"^Last 2 dimensions of the array must be square|^-?\d+-dimensional array given\. Array must be at least two-dimensional", _kind(ShapeMismatchError)),
        # torch
        (r"The size of tensor a \(\d+\) must match the size of tensor b \(\d+\)", _broadcast),
        (r"The expanded size of the tensor \(\d+\) must match the existing size", _broadcast),
        (r"shape '\[(?P<target>[-\d, ]*)\]' is invalid for input of size (?P<size>\d+)", _reshape),
        (r"^Dimension out of range \(expected to be in range of \[(?P<low>-?\d+), (?P<high>-?\d+)\], but got (?P<axis>-?\d+)\)", _axis),
        (r"(?:mat1 and mat2 shapes cannot be multiplied|size mismatch, got input|Sizes of tensors must match except in dimension|Tensors must have same number of dimensions|inconsistent tensor size|Expected size for first two dimensions of batch2|contracted dimensions need to match)", _kind(ShapeMismatchError)),
        (r"The diagonal element \d+ is zero|singular|not invertible|not positive-definite", _kind(SingularMatrixError)),
        (r"not implemented for '\w+'", _kind(UnsupportedDtypeError)),
        # jax
        (r"[Ii]ncompatible shapes for broadcasting:? (?:shapes=)?(?P<shapes>.*)", _broadcast),
        (r"cannot reshape array of shape \((?P<shape>[\d, ]*)\) \(size (?P<size>\d+)\) into shape \((?P<target>[\d, ]*)\)", _reshape),
        (r"(?:dot_general requires contracting dimensions to have the same shape|Cannot concatenate arrays with shapes that differ|matmul input operand \d+ must)", _kind(ShapeMismatchError)),
        # tensorflow
        (r"Incompatible shapes: (?P<shapes>\[[\d,]*\] vs\. \[[\d,]*\])", _broadcast),
        (r"required broadcastable shapes", _broadcast),
        (r"Input to reshape is a tensor with (?P<size>\d+) values", _reshape),
        (r"(?:Matrix size-incompatible|ConcatOp : Dimension|ConcatOp : Ranks of all input tensors should match|Dimensions must be equal)", _kind(ShapeMismatchError)),
        (r"Invalid reduction dimension \((?P<axis>-?\d+) for input with (?P<ndim>\d+) dimension", _axis),
        (r"Expected dimension in the range \[-?\d+, \d+\), but got (?P<axis>-?\d+)", _axis),
        (r"slice index (?P<index>-?\d+) of dimension (?P<axis>\d+) out of bounds", _index),
        (r"Input is not invertible", _kind(SingularMatrixError)),
        (r"is not in the list of allowed values|Could not find device for node|No registered '\w+' OpKernel", _kind(UnsupportedDtypeError)),
    ]
]  # fmt: skip

_BUILTINS = frozenset({ValueError, TypeError, RuntimeError, IndexError})
_FRAMEWORKS = frozenset({"numpy", "torch", "jax", "jaxlib", "tensorflow"})
# tensorflow prefixes its messages with the node: "{{function_node __wrapped__AddV2...}} "
_TF_NODE = re.compile(r"^\{\{function_node [^}]*\}\}\s*")
_TF_OP = re.compile(r"\s*\[Op:\w+\](?: name: \S*)?\s*$")


def from_message(message: str) -> CoreError | None:
    """The typed error a backend's (or a frontend's) ``message`` names, from the table
    above; None when it names none of core's kinds."""
    for pattern, maker in _PATTERNS:
        match = pattern.search(message)
        if match is not None:
            return maker(match, message)
    return None


def from_native(error: BaseException, operands: Sequence[Any] = ()) -> CoreError | None:
    """``error`` as core's typed error, or None when it is none of core's kinds.

    ``error`` is one of core's own classes (returned as it is), or an exception a backend
    raised: a builtin one (ValueError, TypeError, RuntimeError, IndexError) or one of a
    framework's own classes, named by its message. A class of a frontend's own is left
    alone (None): it is already what that framework raises. ``operands``: the native
    arrays the failing call had, to name the shapes of a broadcast when the backend's
    message does not (torch's names two sizes only).
    """
    kind = type(error)
    if kind in _CORE_CLASSES:
        typed: CoreError | None = error  # type: ignore[assignment]
    elif kind in _BUILTINS or kind.__module__.partition(".")[0] in _FRAMEWORKS:
        message = str(error)
        if kind.__module__.startswith("tensorflow"):
            message = _TF_OP.sub("", _TF_NODE.sub("", getattr(error, "message", message)))
        typed = from_message(message)
        if typed is None and kind.__name__ == "InvalidArgumentError":
            typed = OperationError(message)
        if typed is None and kind.__name__ == "AxisError":
            typed = AxisError(message)
    else:
        return None
    if operands and type(typed) in (BroadcastError, ReshapeError):
        shapes = [
            tuple(int(n) for n in a.shape)
            for a in operands
            if hasattr(a, "shape") and hasattr(a, "dtype")
        ]
        if type(typed) is BroadcastError and typed.shapes is None and len(shapes) > 1:
            typed.shapes = tuple(shapes)
        elif type(typed) is ReshapeError and typed.shape is None and shapes:
            if typed.size is None or math.prod(shapes[0]) == typed.size:
                typed.shape = shapes[0]
    return typed
