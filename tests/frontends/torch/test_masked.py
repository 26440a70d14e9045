"""torch.masked against real torch, for what op_db's samples leave out: ``dtype=``,
``keepdim``, fully masked-out slices (each op's identity), broadcast masks, integer inputs,
the errors torch raises, and gradients through fully masked-out rows.

op_db's own samples for every ``masked.*`` op run in test_op_db.py and test_op_db_grad.py.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

import numpy
import torch as real_torch

from frontends import torch
from tests.frontends.torch.oracle import assert_matches, both, check

_X = numpy.array(
    [[0.5, -1.25, 2.0, 3.5], [1.0, 4.0, -2.5, 0.25], [-0.75, 1.5, 1.5, -3.0]], dtype=numpy.float32
)
# row 1 fully masked out; no column fully masked out
_MASK = numpy.array(
    [[True, False, True, True], [False, False, False, False], [True, True, False, True]]
)
_ROW_MASK = numpy.array([True, False, True, True])  # broadcast over rows


def _inputs(module: Any) -> dict[str, Any]:
    """The same inputs for real torch (``module`` is real torch) and for the frontend."""
    index = 1 if module is real_torch else 0
    pick = lambda array, dtype=None: both(array, dtype)[index]  # noqa: E731
    return {
        "x": pick(_X),
        "y": pick(_X[::-1].copy()),
        "xi": pick((_X * 4).astype(numpy.int32)),
        "xi8": pick((_X * 4).astype(numpy.int8)),
        "xc": pick(_X + 1j * _X[::-1], "complex64"),
        "m": pick(_MASK),
        "mrow": pick(_ROW_MASK),
        "m3": pick(_MASK[None]),
        "s": pick(numpy.float32(2.5)),
        "sm": pick(numpy.bool_(False)),
    }


# (label, call(torch module, inputs)): each runs on real torch and on the frontend
CASES: list[tuple[str, Callable[[Any, dict[str, Any]], Any]]] = [
    ("sum", lambda T, a: T.masked.sum(a["x"], 1, mask=a["m"])),
    ("sum int", lambda T, a: T.masked.sum(a["xi"], mask=a["m"])),
    ("sum dims keepdim", lambda T, a: T.masked.sum(a["x"], (0, 1), keepdim=True, mask=a["m"])),
    ("sum dtype", lambda T, a: T.masked.sum(a["x"], 1, dtype=T.float64, mask=a["mrow"])),
    ("sum 0-d", lambda T, a: T.masked.sum(a["s"], mask=a["sm"])),
    ("sum no mask", lambda T, a: T.masked.sum(a["xi8"], -1, keepdim=True)),
    ("prod int", lambda T, a: T.masked.prod(a["xi"], 1, mask=a["m"])),
    ("prod dims", lambda T, a: T.masked.prod(a["x"], (0, 1), keepdim=True, dtype=T.float64)),
    ("amax", lambda T, a: T.masked.amax(a["x"], 1, mask=a["m"])),
    ("amax int", lambda T, a: T.masked.amax(a["xi"], 1, keepdim=True, mask=a["m"])),
    ("amin int8", lambda T, a: T.masked.amin(a["xi8"], 1, mask=a["m"])),
    ("amax dtype", lambda T, a: T.masked.amax(a["x"], None, dtype=T.float64, mask=a["mrow"])),
    ("argmax", lambda T, a: T.masked.argmax(a["x"], 1, mask=a["m"])),
    ("argmin int", lambda T, a: T.masked.argmin(a["xi"], 0, keepdim=True, mask=a["m"])),
    ("argmax dtype", lambda T, a: T.masked.argmax(a["x"], 1, dtype=T.int64, mask=a["mrow"])),
    ("mean", lambda T, a: T.masked.mean(a["x"], 1, mask=a["m"])),
    ("mean all", lambda T, a: T.masked.mean(a["x"], mask=a["mrow"])),
    ("mean int", lambda T, a: T.masked.mean(a["xi"], 1, mask=a["m"])),
    ("mean int dtype", lambda T, a: T.masked.mean(a["xi"], 1, dtype=T.float64, mask=a["m"])),
    ("mean complex", lambda T, a: T.masked.mean(a["xc"], 0, keepdim=True, mask=a["m"])),
    ("median", lambda T, a: T.masked.median(a["x"], 1, mask=a["m"])),
    ("median dtype", lambda T, a: T.masked.median(a["x"], 0, dtype=T.float64, mask=a["m"])),
    ("median int", lambda T, a: T.masked.median(a["xi"], 0, keepdim=True, mask=a["m"])),
    ("median int masked row", lambda T, a: T.masked.median(a["xi"], 1, mask=a["m"])),
    ("norm 1", lambda T, a: T.masked.norm(a["x"], 1.0, 1, mask=a["m"])),
    ("norm -inf", lambda T, a: T.masked.norm(a["x"], -math.inf, 1, mask=a["m"])),
    ("norm inf keepdim", lambda T, a: T.masked.norm(a["x"], math.inf, keepdim=True, mask=a["m"])),
    ("norm dtype", lambda T, a: T.masked.norm(a["x"], 2.0, 0, dtype=T.float64, mask=a["mrow"])),
    ("norm int -inf", lambda T, a: T.masked.norm(a["xi"], -math.inf, 1, mask=a["m"])),
    ("var", lambda T, a: T.masked.var(a["x"], 1, mask=a["m"])),
    ("var int", lambda T, a: T.masked.var(a["xi"], 0, correction=2, mask=a["m"])),
    ("var complex", lambda T, a: T.masked.var(a["xc"], 1, mask=a["mrow"])),
    ("std biased", lambda T, a: T.masked.std(a["x"], 1, False, keepdim=True, mask=a["m"])),
    ("std dtype", lambda T, a: T.masked.std(a["x"], None, dtype=T.float64, mask=a["m"])),
    ("var both", lambda T, a: T.masked.var(a["x"], 1, True, correction=1, mask=a["m"])),
    ("logsumexp", lambda T, a: T.masked.logsumexp(a["x"], 1, mask=a["m"])),
    ("logsumexp int", lambda T, a: T.masked.logsumexp(a["xi"], 1, mask=a["m"])),
    ("logsumexp dtype", lambda T, a: T.masked.logsumexp(a["x"], dtype=T.float64, mask=a["m"])),
    (
        "logaddexp",
        lambda T, a: T.masked.logaddexp(a["x"], a["y"], input_mask=a["m"], other_mask=a["mrow"]),
    ),
    ("logaddexp dtype", lambda T, a: T.masked.logaddexp(a["x"], a["y"], dtype=T.float64)),
    ("softmax", lambda T, a: T.masked.softmax(a["x"], 1, mask=a["m"])),
    ("log_softmax", lambda T, a: T.masked.log_softmax(a["x"], 0, mask=a["mrow"])),
    ("softmin dtype", lambda T, a: T.masked.softmin(a["x"], 1, dtype=T.float64, mask=a["m"])),
    ("normalize", lambda T, a: T.masked.normalize(a["x"], 2.0, 1, mask=a["m"])),
    ("normalize eps", lambda T, a: T.masked.normalize(a["x"], 1.0, 0, eps=4.0, mask=a["m"])),
    ("cumsum int", lambda T, a: T.masked.cumsum(a["xi"], 1, mask=a["m"])),
    ("cumprod dtype", lambda T, a: T.masked.cumprod(a["x"], 0, dtype=T.float64, mask=a["m"])),
    ("output mask", lambda T, a: T.masked._output_mask(T.masked.sum, a["x"], 1, mask=a["m"])),
    ("repeated dim", lambda T, a: T.masked.sum(a["x"], (1, 1), mask=a["m"])),
    ("dim out of range", lambda T, a: T.masked.amax(a["x"], 2, mask=a["m"])),
    ("mask of more dims", lambda T, a: T.masked.sum(a["x"], 1, mask=a["m3"])),
]


def test_masked_ops_match_torch(backend):
    """Every case above: same dtype, shape and values as real torch, or the same error."""
    ours, theirs = _inputs(torch), _inputs(real_torch)
    failures = []
    for label, call in CASES:
        try:
            check(functools.partial(call, torch, ours), functools.partial(call, real_torch, theirs))
        except Exception as error:
            failures.append(f"{label}: {type(error).__name__}: {error}")
    assert not failures, "\n".join(failures)


def test_mask_may_be_a_numpy_array(backend):
    """Unlike torch (whose mask must be a tensor), a numpy mask works like a tensor mask."""
    x, expected_x = both(_X)
    expected = real_torch.masked.amax(expected_x, 1, mask=real_torch.from_numpy(_MASK))
    assert_matches(torch.masked.amax(x, 1, mask=_MASK), expected)


# ops whose gradients through a fully masked-out row are checked: (label, call)
GRADIENT_CASES: list[tuple[str, Callable[[Any, Any, Any], Any]]] = [
    ("sum", lambda T, x, m: T.masked.sum(x, 1, mask=m)),
    ("prod", lambda T, x, m: T.masked.prod(x, 1, mask=m)),
    ("amax", lambda T, x, m: T.masked.amax(x, 1, mask=m)),
    ("mean", lambda T, x, m: T.masked.mean(x, 1, mask=m)),
    ("var", lambda T, x, m: T.masked.var(x, 1, mask=m)),
    ("norm", lambda T, x, m: T.masked.norm(x, 2.0, 1, mask=m)),
    ("logsumexp", lambda T, x, m: T.masked.logsumexp(x, 1, mask=m)),
    ("softmax", lambda T, x, m: T.masked.softmax(x, 1, mask=m)),
    ("log_softmax", lambda T, x, m: T.masked.log_softmax(x, 1, mask=m)),
    ("normalize", lambda T, x, m: T.masked.normalize(x, 2.0, 1, mask=m)),
    ("cumprod", lambda T, x, m: T.masked.cumprod(x, 1, mask=m)),
    ("median", lambda T, x, m: T.masked.median(x, 1, mask=m)),
]


def test_masked_gradients_match_torch(backend):
    """The gradient of each op for a fixed upstream gradient, in float64, with one row fully
    masked out (NaN where torch gives NaN)."""
    values = _X.astype(numpy.float64)
    rng = numpy.random.default_rng(0)
    failures = []
    for label, call in GRADIENT_CASES:
        x = torch.tensor(values, requires_grad=True)
        real_x = real_torch.tensor(values, requires_grad=True)
        out = call(torch, x, torch.tensor(_MASK))
        real_out = call(real_torch, real_x, real_torch.tensor(_MASK))
        upstream = rng.standard_normal(tuple(real_out.shape))
        (expected,) = real_torch.autograd.grad(real_out, real_x, real_torch.tensor(upstream))
        try:
            (grad,) = torch.autograd.grad(out, x, torch.tensor(upstream))
            assert_matches(grad, expected)
        except Exception as error:
            failures.append(f"{label}: {type(error).__name__}: {error}")
    assert not failures, "\n".join(failures)
