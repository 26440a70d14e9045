"""core's linear algebra functions in the main namespace (matmul, tensordot, einsum, ...).

Products follow core's promotion table for mixed dtypes on every backend (torch and
tensorflow would refuse mixed dtypes, numpy would widen differently). Integer products wrap
modulo the dtype's width, as numpy's do; a bool product is the logical ``or`` of ``and``s,
as numpy's. The Array API's ``linalg`` extension is in :mod:`core.ops.linalg`.
"""

from __future__ import annotations

import math
import string
from collections.abc import Sequence
from typing import Any

from core import native
from core.array import Array, ArrayLike
from core.autodiff import defvjp
from core.registry import primary


@primary
def matmul(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The matrix product of ``x1`` and ``x2``, with broadcast batch dimensions.

    A 1-D operand is a vector: prepended (``x1``) or appended (``x2``) a dimension of 1 that
    is removed from the result, as the standard says. 0-d operands are an error.
    """


@primary
def matrix_transpose(x: ArrayLike, /) -> Array:
    """``x`` with its last two axes swapped (a stack of transposed matrices)."""


@primary
def tensordot(
    x1: ArrayLike, x2: ArrayLike, /, *, axes: int | tuple[Sequence[int], Sequence[int]] = 2
) -> Array:
    """The sum of products over ``axes``: the last ``axes`` axes of ``x1`` with the first of
    ``x2`` (an int), or the listed axes of each (a pair of sequences)."""


@primary
def vecdot(x1: ArrayLike, x2: ArrayLike, /, *, axis: int = -1) -> Array:
    """The dot product ``sum(conj(x1) * x2)`` along ``axis`` of the broadcast inputs.

    ``axis`` counts in the broadcast shape; a non-negative one is accepted too (numpy's
    ``vecdot`` accepts it, the standard asks for a negative one).
    """


@primary
def einsum(subscripts: str, /, *operands: ArrayLike) -> Array:
    """Einstein summation of ``operands`` over ``subscripts`` (numpy's notation, with
    ``...`` and ``->``). The operands are promoted together with core's table first."""


@primary
def outer(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The outer product of two vectors; inputs of other ranks are flattened first, as
    numpy's ``outer`` does (the standard's ``linalg.outer`` takes 1-D inputs only)."""


@primary
def inner(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """numpy's ``inner``: the sum of products over the last axes of both inputs (no
    conjugation), of shape ``x1.shape[:-1] + x2.shape[:-1]``; a 0-d input multiplies."""


@primary
def kron(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """The Kronecker product: blocks ``x1[i, j, ...] * x2``. The input of fewer dimensions
    is given leading dimensions of 1 first, as numpy's ``kron`` does."""


# ---------------------------------------------------------------------------------------
# vjp rules (core.autodiff)
# ---------------------------------------------------------------------------------------
def _conj(x: Any) -> Any:
    from core.dtypes import result_type

    return native.conj(x) if result_type(x).kind == "c" else x


def matmul_rule(g: Any, y: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
    """``matmul``'s vector-Jacobian product (``nn.linear``'s too)."""
    a = native.expand_dims(x1, axis=0) if len(x1.shape) == 1 else x1
    b = native.expand_dims(x2, axis=-1) if len(x2.shape) == 1 else x2
    if len(x2.shape) == 1:  # first: a vector-vector product's cotangent is 0-d
        g = native.expand_dims(g, axis=-1)
    if len(x1.shape) == 1:
        g = native.expand_dims(g, axis=-2)
    ga = native.matmul(g, _conj(native.matrix_transpose(b)))
    if len(b.shape) == 2 and len(a.shape) > 2:
        # a stack times one matrix (a linear layer): one product over the stack's rows,
        # not a product per stack entry summed afterwards (a big slow reduction)
        rows = math.prod(a.shape[:-1])
        a = native.reshape(a, (rows, a.shape[-1]))
        g = native.reshape(g, (rows, g.shape[-1]))
    gb = native.matmul(_conj(native.matrix_transpose(a)), g)
    if len(x1.shape) == 1:
        ga = native.squeeze(ga, axis=-2)
    if len(x2.shape) == 1:
        gb = native.squeeze(gb, axis=-1)
    return ga, gb


def _explicit_subscripts(subscripts: str, operands: Sequence[Any]) -> tuple[list[str], str]:
    """The input terms and the output of ``subscripts`` with ``...`` written out as letters
    (right-aligned across operands; a size-1 dimension that broadcasts against a larger one
    gets a letter of its own, so its cotangent is summed back to size 1) and the implicit
    output made explicit."""
    inputs, arrow, output = subscripts.replace(" ", "").partition("->")
    terms = inputs.split(",")
    if not arrow:
        singles = sorted(c for c in set(inputs) if c.isalpha() and inputs.count(c) == 1)
        output = ("..." if "..." in inputs else "") + "".join(singles)
    if "..." not in inputs:
        return terms, output
    free = (c for c in string.ascii_letters if c not in subscripts)
    counts = [len(op.shape) - len(t.replace("...", "")) if "..." in t else 0
              for t, op in zip(terms, operands)]  # fmt: skip
    width = max(counts)
    sizes = [1] * width
    for term, op, count in zip(terms, operands, counts):
        start = term.find("...")
        for j in range(count):
            sizes[width - count + j] = max(sizes[width - count + j], op.shape[start + j])
    shared = [next(free) for _ in range(width)]
    expanded = []
    for term, op, count in zip(terms, operands, counts):
        if "..." not in term:
            expanded.append(term)
            continue
        start = term.find("...")
        letters = [
            next(free) if op.shape[start + j] == 1 < sizes[width - count + j]
            else shared[width - count + j]
            for j in range(count)
        ]  # fmt: skip
        expanded.append(term.replace("...", "".join(letters)))
    return expanded, output.replace("...", "".join(shared))


def _einsum_rule(g: Any, y: Any, subscripts: str, /, *operands: Any) -> tuple[list[Any]]:
    """Each operand's cotangent is the einsum of ``g`` with the other operands back to the
    operand's subscripts (letters summed away in the operand alone broadcast back)."""
    terms, output = _explicit_subscripts(subscripts, operands)
    if any(len(set(t)) != len(t) for t in terms):
        raise NotImplementedError(
            "core.einsum's vjp supports non-repeated subscripts only (no diagonals or traces)"
        )
    grads: list[Any] = []
    for index, term in enumerate(terms):
        others = [t for i, t in enumerate(terms) if i != index]
        available = set(output).union(*others)
        target = "".join(c for c in term if c in available)
        spec = ",".join([output, *others]) + "->" + target
        partial = native.einsum(spec, g, *[_conj(o) for i, o in enumerate(operands) if i != index])
        if target != term:
            shape = tuple(
                operands[index].shape[i] if c in target else 1 for i, c in enumerate(term)
            )
            order = sorted(target, key=term.index)
            partial = native.einsum(f"{target}->{''.join(order)}", partial)
            partial = native.broadcast_to(
                native.reshape(partial, shape), tuple(operands[index].shape)
            )
        grads.append(partial)
    return (grads,)


def _tensordot_rule(g: Any, y: Any, x1: Any, x2: Any, /, *, axes: Any = 2) -> tuple[Any, Any]:
    n1, n2 = len(x1.shape), len(x2.shape)
    if isinstance(axes, int):
        a1, a2 = list(range(n1 - axes, n1)), list(range(axes))
    else:
        a1, a2 = [a % n1 for a in axes[0]], [a % n2 for a in axes[1]]
    letters = iter("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    t1 = [next(letters) for _ in range(n1)]
    t2 = [next(letters) for _ in range(n2)]
    for i, j in zip(a1, a2):
        t2[j] = t1[i]
    out = [c for i, c in enumerate(t1) if i not in a1] + [
        c for j, c in enumerate(t2) if j not in a2
    ]
    subscripts = f"{''.join(t1)},{''.join(t2)}->{''.join(out)}"
    return tuple(_einsum_rule(g, y, subscripts, x1, x2)[0])


def _inner_rule(g: Any, y: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
    """``inner`` is a tensordot over the last axes (a 0-d input multiplies)."""
    if not x1.shape or not x2.shape:
        return native.multiply(g, x2), native.multiply(g, x1)
    n1, n2 = len(x1.shape), len(x2.shape)
    return _tensordot_rule(g, y, x1, x2, axes=([n1 - 1], [n2 - 1]))


def _kron_rule(g: Any, y: Any, x1: Any, x2: Any) -> tuple[Any, Any]:
    """``y`` viewed as ``(a0, b0, a1, b1, ...)`` is ``x1[a0, a1, ...] * x2[b0, b1, ...]``."""
    ndim = max(len(x1.shape), len(x2.shape))
    a = (1,) * (ndim - len(x1.shape)) + tuple(x1.shape)
    b = (1,) * (ndim - len(x2.shape)) + tuple(x2.shape)
    blocks = native.reshape(g, tuple(e for pair in zip(a, b) for e in pair))
    ga = native.sum(
        native.multiply(blocks, _conj(native.reshape(x2, tuple(e for n in b for e in (1, n))))),
        axis=tuple(range(1, 2 * ndim, 2)),
    )
    gb = native.sum(
        native.multiply(blocks, _conj(native.reshape(x1, tuple(e for n in a for e in (n, 1))))),
        axis=tuple(range(0, 2 * ndim, 2)),
    )
    return native.reshape(ga, tuple(x1.shape)), native.reshape(gb, tuple(x2.shape))


defvjp(matmul, matmul_rule, multilinear=True)
defvjp(inner, _inner_rule, multilinear=True)
defvjp(kron, _kron_rule, multilinear=True)
defvjp(matrix_transpose, lambda g, y, x: (native.matrix_transpose(g),))
defvjp(einsum, _einsum_rule, multilinear=True)
defvjp(tensordot, _tensordot_rule, multilinear=True)
defvjp(
    outer,
    lambda g, y, x1, x2: (native.matmul(g, _conj(x2)), native.matmul(_conj(x1), g)),
    multilinear=True,
)
defvjp(
    vecdot,
    lambda g, y, x1, x2, *, axis=-1: (
        native.multiply(native.expand_dims(g, axis=axis), x2),
        native.multiply(native.expand_dims(g, axis=axis), _conj(x1)),
    ),
    multilinear=True,
)
