"""The exception-class sweep: wrong calls to many frontend functions, on every backend.

For each framework, every name of a list (numpy's and jnp's binary ufuncs, torch's and
TensorFlow's binary ops, each framework's reductions and shape functions) gets wrong
calls: shapes that do not broadcast (same rank and different ranks), an axis out of
range, mismatched shapes for reshapes, joins and products, an index out of range (the
shape functions of :data:`SHAPE_CALLS`); and, in :data:`ROOT_CALLS`, wrong dtypes, wrong
argument types, linalg/fft/nn/lax/tf.math misuse and wrong calls under a trace (jit,
torch.compile, tf.function). The real framework and the frontend
on each backend run the same call; a name passes on a backend when each call raises the
same exception class (same name and same answer to ``except ValueError/TypeError/
IndexError/RuntimeError``) or returns in both. The shape/axis tables' inputs take the
first dtype (float64, int64, bool) the real function accepts with well-shaped operands,
so the dtype is never their mistake. Results go to ``docs/conformance/errors_<framework>.{json,md}``.

    python -m tests.conformance.errors             # every framework, every backend
    python -m tests.conformance.errors --framework torch --backend jax
"""

from __future__ import annotations

import argparse
import datetime
import json
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy

import core

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "conformance"
BACKENDS = ("numpy", "torch", "jax", "tensorflow")
_BUILTINS = (ValueError, TypeError, IndexError, LookupError, RuntimeError, ArithmeticError)
PREFIX = {"numpy": "numpy", "torch": "torch", "jax": "jax.numpy", "tensorflow": "tensorflow"}
ROOT = {"numpy": "numpy", "torch": "torch", "jax": "jax", "tensorflow": "tensorflow"}
Call = Callable[[Any], Any]

TORCH_BINARY = (
    "add sub mul div true_divide floor_divide remainder fmod pow float_power maximum minimum "
    "fmax fmin atan2 hypot copysign nextafter xlogy ldexp logaddexp logaddexp2 eq ne lt le "
    "gt ge logical_and logical_or logical_xor bitwise_and bitwise_or bitwise_xor "
    "bitwise_left_shift bitwise_right_shift heaviside igamma igammac gcd lcm dist"
).split()
TF_BINARY = (
    "add subtract multiply divide truediv floordiv floormod pow maximum minimum equal "
    "not_equal less less_equal greater greater_equal math.squared_difference atan2 xdivy xlogy "
    "logical_and logical_or logical_xor bitwise.bitwise_and bitwise.bitwise_or "
    "bitwise.bitwise_xor math.igamma math.igammac math.zeta math.polygamma math.nextafter"
).split()
NUMPY_REDUCTIONS = (
    "sum prod mean std var max min amax amin argmax argmin all any cumsum cumprod nansum "
    "nanprod nanmean nanstd nanvar nanmax nanmin nanargmax nanargmin median nanmedian ptp "
    "sort argsort flip count_nonzero average diff gradient"
).split()
TORCH_REDUCTIONS = (
    "sum prod mean std var amax amin argmax argmin all any cumsum cumprod logsumexp nansum "
    "nanmean median nanmedian sort argsort flip count_nonzero softmax log_softmax "
    "squeeze unsqueeze"
).split()
TF_REDUCTIONS = (
    "reduce_sum reduce_prod reduce_mean reduce_max reduce_min reduce_all reduce_any "
    "reduce_logsumexp math.reduce_std math.reduce_variance argmax argmin math.cumsum "
    "math.cumprod"
).split()


def _resolve(module: Any, name: str) -> Any:
    for part in name.split("."):
        module = getattr(module, part, None)
        if module is None:
            return None
    return module


def _numpy_binary() -> list[str]:
    return sorted(
        name
        for name in dir(numpy)
        if isinstance(getattr(numpy, name), numpy.ufunc)
        and getattr(numpy, name).nin == 2
        and not name.startswith("_")
    )


def _cases(framework: str, real: Any) -> dict[str, list[tuple[str, Callable[[Any], Any]]]]:
    """name -> [(what, call(module))]: the wrong calls for each name the real framework
    has, with inputs of the first dtype it accepts."""
    if framework == "torch":
        ones = lambda m, shape, dtype: m.ones(shape, dtype=getattr(m, dtype))  # noqa: E731
        binary, reductions, axis_word = TORCH_BINARY, TORCH_REDUCTIONS, "dim"
    elif framework == "tensorflow":
        ones = lambda m, shape, dtype: m.ones(shape, dtype=getattr(m, dtype))  # noqa: E731
        binary, reductions, axis_word = TF_BINARY, TF_REDUCTIONS, "axis"
    else:
        ones = lambda m, shape, dtype: m.ones(shape, dtype=dtype)  # noqa: E731
        binary, reductions, axis_word = _numpy_binary(), NUMPY_REDUCTIONS, "axis"

    def first_dtype(check: Callable[[str], Any]) -> str | None:
        for dtype in ("float64", "int64", "bool"):
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    check(dtype)
            except Exception:
                continue
            return dtype
        return None

    cases: dict[str, list[tuple[str, Callable[[Any], Any]]]] = {}
    for name in binary:
        function = _resolve(real, name)
        if function is None:
            continue
        dtype = first_dtype(lambda d, f=function: f(ones(real, (2, 3), d), ones(real, (2, 3), d)))
        if dtype is None:
            continue
        cases[name] = [
            (
                f"{a} with {b}",
                lambda m, a=a, b=b, d=dtype, n=name: _resolve(m, n)(ones(m, a, d), ones(m, b, d)),
            )
            for a, b in (((3,), (4,)), ((2, 3), (4,)), ((2, 3), (3, 2)))
        ]
    for name in reductions:
        function = _resolve(real, name)
        if function is None:
            continue
        word = "dim" if framework == "torch" else axis_word
        dtype = first_dtype(lambda d, f=function, w=word: f(ones(real, (2, 3), d), **{w: 1}))
        if dtype is None:
            continue
        cases[name] = [
            (
                f"{word}={axis} of (2, 3)",
                lambda m, axis=axis, d=dtype, n=name, w=word: _resolve(m, n)(
                    ones(m, (2, 3), d), **{w: axis}
                ),
            )
            for axis in (2, -3, 5)
        ]
    for name, calls in SHAPE_CALLS[framework].items():
        if _resolve(real, name) is not None:
            cases[name] = [
                (what, lambda m, c=call, n=name: c(m, _resolve(m, n))) for what, call in calls
            ]
    return cases


def _numpy_like_shapes() -> dict[str, list[tuple[str, Any]]]:
    """numpy's and jnp's shape functions given wrong shapes."""
    a, b = (lambda m: m.ones((2, 3))), (lambda m: m.ones((2, 4)))
    return {
        "reshape": [("(6,) to (4, 2)", lambda m, f: f(m.ones(6), (4, 2)))],
        "concatenate": [("(2, 3) and (2, 4) on axis 0", lambda m, f: f([a(m), b(m)]))],
        "stack": [("(2, 3) and (2, 4)", lambda m, f: f([a(m), b(m)]))],
        "vstack": [("(2, 3) and (2, 4)", lambda m, f: f([a(m), b(m)]))],
        "matmul": [("(2, 3) @ (2, 3)", lambda m, f: f(a(m), a(m)))],
        "dot": [("(2, 3) . (2, 3)", lambda m, f: f(a(m), a(m)))],
        "inner": [("(2, 3) and (2, 4)", lambda m, f: f(a(m), b(m)))],
        "tensordot": [("(2, 3) and (2, 3), axes 1", lambda m, f: f(a(m), a(m), 1))],
        "broadcast_to": [("(2, 3) to (4, 3)", lambda m, f: f(a(m), (4, 3)))],
        "expand_dims": [("(2, 3) at axis 4", lambda m, f: f(a(m), 4))],
        "squeeze": [("(2, 3) at axis 0", lambda m, f: f(a(m), 0))],
        "swapaxes": [("(2, 3) axes 0, 3", lambda m, f: f(a(m), 0, 3))],
        "moveaxis": [("(2, 3) axis 3 to 0", lambda m, f: f(a(m), 3, 0))],
        "take": [("index 7 of (2, 3) along 1", lambda m, f: f(a(m), m.asarray([7]), axis=1))],
    }


def _torch_shapes() -> dict[str, list[tuple[str, Any]]]:
    a, b = (lambda t: t.ones(2, 3)), (lambda t: t.ones(2, 4))
    return {
        "reshape": [("(6,) to (4, 2)", lambda t, f: f(t.ones(6), (4, 2)))],
        "cat": [("(2, 3) and (2, 4) on dim 0", lambda t, f: f([a(t), b(t)]))],
        "stack": [("(2, 3) and (2, 4)", lambda t, f: f([a(t), b(t)]))],
        "vstack": [("(2, 3) and (2, 4)", lambda t, f: f([a(t), b(t)]))],
        "matmul": [("(2, 3) @ (2, 3)", lambda t, f: f(a(t), a(t)))],
        "mm": [("(2, 3) @ (2, 3)", lambda t, f: f(a(t), a(t)))],
        "bmm": [("(1, 2, 3) @ (1, 2, 3)", lambda t, f: f(t.ones(1, 2, 3), t.ones(1, 2, 3)))],
        "dot": [("(3,) . (4,)", lambda t, f: f(t.ones(3), t.ones(4)))],
        "inner": [("(2, 3) and (2, 4)", lambda t, f: f(a(t), b(t)))],
        "tensordot": [("(2, 3) and (2, 3), dims 1", lambda t, f: f(a(t), a(t), 1))],
        "broadcast_to": [("(2, 3) to (4, 3)", lambda t, f: f(a(t), (4, 3)))],
        "unsqueeze": [("(2, 3) at dim 4", lambda t, f: f(a(t), 4))],
        "transpose": [("(2, 3) dims 0, 3", lambda t, f: f(a(t), 0, 3))],
        "movedim": [("(2, 3) dim 3 to 0", lambda t, f: f(a(t), 3, 0))],
        "index_select": [("index 7 of (2, 3) along 1", lambda t, f: f(a(t), 1, t.tensor([7])))],
        "gather": [("index 7 of (2, 3) along 1", lambda t, f: f(a(t), 1, t.tensor([[7]])))],
        "narrow": [("(2, 3) dim 1 from 2 length 4", lambda t, f: f(a(t), 1, 2, 4))],
    }


def _tf_shapes() -> dict[str, list[tuple[str, Any]]]:
    a, b = (lambda tf: tf.ones((2, 3))), (lambda tf: tf.ones((2, 4)))
    return {
        "reshape": [("(6,) to (4, 2)", lambda tf, f: f(tf.ones(6), (4, 2)))],
        "concat": [("(2, 3) and (2, 4) on axis 0", lambda tf, f: f([a(tf), b(tf)], 0))],
        "stack": [("(2, 3) and (2, 4)", lambda tf, f: f([a(tf), b(tf)]))],
        "matmul": [("(2, 3) @ (2, 3)", lambda tf, f: f(a(tf), a(tf)))],
        "tensordot": [("(2, 3) and (2, 3), axes 1", lambda tf, f: f(a(tf), a(tf), 1))],
        "broadcast_to": [("(2, 3) to (4, 3)", lambda tf, f: f(a(tf), (4, 3)))],
        "expand_dims": [("(2, 3) at axis 4", lambda tf, f: f(a(tf), 4))],
        "squeeze": [("(2, 3) at axis 0", lambda tf, f: f(a(tf), [0]))],
        "transpose": [("(2, 3) perm (0, 3)", lambda tf, f: f(a(tf), (0, 3)))],
        "gather": [("index 7 of (2, 3) along 1", lambda tf, f: f(a(tf), [7], axis=1))],
        "one_hot": [("float indices", lambda tf, f: f(tf.constant([1.0, 2.0]), 3))],
    }


SHAPE_CALLS = {
    "numpy": _numpy_like_shapes(),
    "jax": _numpy_like_shapes(),
    "torch": _torch_shapes(),
    "tensorflow": _tf_shapes(),
}


# ----------------------------------------------------------------------------------------
# wrong dtypes, wrong argument types, and the families above the binary ops: linalg, fft,
# nn, lax, tf.math, and wrong calls under a trace (jit / compile / tf.function). Each call
# takes the framework's root module (``numpy``, ``torch``, ``jax``, ``tensorflow`` or its
# frontend); names are relative to it and merge with the calls above of the same name.
# ----------------------------------------------------------------------------------------
def _numpy_root_calls() -> dict[str, list[tuple[str, Call]]]:
    f, i = (lambda np: np.ones(3)), (lambda np: np.arange(3))
    c = lambda np: np.ones(3, dtype=complex)  # noqa: E731
    sq, rect = (lambda np: np.ones((2, 2))), (lambda np: np.ones((2, 3)))
    return {
        "bitwise_and": [("float64 operands", lambda np: np.bitwise_and(f(np), f(np)))],
        "left_shift": [("float64 by int64", lambda np: np.left_shift(f(np), i(np)))],
        "invert": [("float64", lambda np: np.invert(f(np)))],
        "gcd": [("float64 operands", lambda np: np.gcd(f(np), f(np)))],
        "floor_divide": [("complex128 operands", lambda np: np.floor_divide(c(np), c(np)))],
        "remainder": [("complex128 operands", lambda np: np.remainder(c(np), c(np)))],
        "isnat": [("float64", lambda np: np.isnat(f(np)))],
        "negative": [("bool", lambda np: np.negative(np.ones(3, dtype=bool)))],
        "argmax": [("axis=1.5", lambda np: np.argmax(f(np), axis=1.5))],
        "sum": [
            ("axis=1.0", lambda np: np.sum(f(np), axis=1.0)),
            ("axis='0'", lambda np: np.sum(f(np), axis="0")),
        ],
        "add": [("array and None", lambda np: np.add(f(np), None))],
        "reshape": [("to 'a'", lambda np: np.reshape(f(np), "a"))],
        "ones": [
            ("shape '3'", lambda np: np.ones("3")),
            ("shape (2, None)", lambda np: np.ones((2, None))),
        ],
        "concatenate": [("a 0-d array", lambda np: np.concatenate(np.asarray(1.0)))],
        "take": [("index 1.5", lambda np: np.take(f(np), 1.5))],
        "ndarray.__getitem__": [
            ("index 1.0", lambda np: f(np)[1.0]),
            ("float array index", lambda np: f(np)[np.ones(1)]),
            ("index 5 of (3,)", lambda np: f(np)[5]),
        ],
        "linalg.inv": [
            ("(2, 3)", lambda np: np.linalg.inv(rect(np))),
            ("(3,)", lambda np: np.linalg.inv(f(np))),
            ("singular", lambda np: np.linalg.inv(np.zeros((2, 2)))),
            ("int64", lambda np: np.linalg.inv(np.eye(2, dtype="int64"))),
        ],
        "linalg.det": [("(2, 3)", lambda np: np.linalg.det(rect(np)))],
        "linalg.solve": [
            ("(2, 2) and (3,)", lambda np: np.linalg.solve(sq(np), f(np))),
            ("singular", lambda np: np.linalg.solve(np.zeros((2, 2)), np.ones(2))),
        ],
        "linalg.cholesky": [
            ("not positive definite", lambda np: np.linalg.cholesky(-np.eye(2))),
            ("(2, 3)", lambda np: np.linalg.cholesky(rect(np))),
        ],
        "linalg.eigh": [("(2, 3)", lambda np: np.linalg.eigh(rect(np)))],
        "linalg.svd": [("(3,)", lambda np: np.linalg.svd(f(np)))],
        "linalg.qr": [("(3,)", lambda np: np.linalg.qr(f(np)))],
        "linalg.matrix_power": [
            ("(2, 3)", lambda np: np.linalg.matrix_power(rect(np), 2)),
            ("exponent 1.5", lambda np: np.linalg.matrix_power(sq(np), 1.5)),
        ],
        "fft.fft": [
            ("n=0", lambda np: np.fft.fft(f(np), n=0)),
            ("n=-1", lambda np: np.fft.fft(f(np), n=-1)),
            ("axis=2 of (3,)", lambda np: np.fft.fft(f(np), axis=2)),
        ],
        "fft.rfft": [("n=0", lambda np: np.fft.rfft(f(np), n=0))],
        "fft.fft2": [("(3,)", lambda np: np.fft.fft2(f(np)))],
    }


def _torch_root_calls() -> dict[str, list[tuple[str, Call]]]:
    f, i = (lambda t: t.ones(3)), (lambda t: t.arange(3))
    c = lambda t: t.ones(3, dtype=t.complex64)  # noqa: E731
    sq, rect = (lambda t: t.ones(2, 2)), (lambda t: t.ones(2, 3))
    F = lambda t: t.nn.functional  # noqa: E731
    return {
        "bitwise_and": [("float32 operands", lambda t: t.bitwise_and(f(t), f(t)))],
        "neg": [("bool", lambda t: t.neg(t.ones(3, dtype=t.bool)))],
        "floor_divide": [("complex64 operands", lambda t: t.floor_divide(c(t), c(t)))],
        "remainder": [("complex64 operands", lambda t: t.remainder(c(t), c(t)))],
        "matmul": [
            (
                "bool operands",
                lambda t: t.matmul(t.ones(2, 2, dtype=t.bool), t.ones(2, 2, dtype=t.bool)),
            )
        ],
        "lgamma": [("complex64", lambda t: t.lgamma(c(t)))],
        "sub": [
            ("bool operands", lambda t: t.sub(t.ones(3, dtype=t.bool), t.ones(3, dtype=t.bool)))
        ],
        "mean": [("int64", lambda t: t.mean(i(t)))],
        "mm": [("int64 @ float32", lambda t: t.mm(t.ones(2, 2, dtype=t.int64), sq(t)))],
        "sum": [
            ("dim=1.0", lambda t: t.sum(f(t), dim=1.0)),
            ("dim='0'", lambda t: t.sum(f(t), dim="0")),
        ],
        "add": [("tensor and None", lambda t: t.add(f(t), None))],
        "reshape": [("to 'a'", lambda t: t.reshape(f(t), "a"))],
        "ones": [
            ("size '3'", lambda t: t.ones("3")),
            ("size (2, None)", lambda t: t.ones((2, None))),
        ],
        "cat": [("a tensor, not a sequence", lambda t: t.cat(f(t)))],
        "Tensor.__getitem__": [
            ("index 1.0", lambda t: f(t)[1.0]),
            ("float tensor index", lambda t: f(t)[t.ones(1)]),
            ("index 5 of (3,)", lambda t: f(t)[5]),
        ],
        "linalg.inv": [
            ("(2, 3)", lambda t: t.linalg.inv(rect(t))),
            ("(3,)", lambda t: t.linalg.inv(f(t))),
            ("int64", lambda t: t.linalg.inv(t.eye(2, dtype=t.int64))),
        ],
        "linalg.det": [("(2, 3)", lambda t: t.linalg.det(rect(t)))],
        "linalg.solve": [("(2, 2) and (3,)", lambda t: t.linalg.solve(sq(t), f(t)))],
        "linalg.cholesky": [
            ("not positive definite", lambda t: t.linalg.cholesky(-t.eye(2))),
            ("(2, 3)", lambda t: t.linalg.cholesky(rect(t))),
        ],
        "linalg.eigh": [("(2, 3)", lambda t: t.linalg.eigh(rect(t)))],
        "linalg.svd": [("(3,)", lambda t: t.linalg.svd(f(t)))],
        "linalg.qr": [("(3,)", lambda t: t.linalg.qr(f(t)))],
        "linalg.matrix_power": [("(2, 3)", lambda t: t.linalg.matrix_power(rect(t), 2))],
        "fft.fft": [
            ("n=0", lambda t: t.fft.fft(f(t), n=0)),
            ("dim=2 of (3,)", lambda t: t.fft.fft(f(t), dim=2)),
        ],
        "fft.rfft": [("complex input", lambda t: t.fft.rfft(t.ones(3, dtype=t.complex64)))],
        "nn.functional.softmax": [("int64", lambda t: F(t).softmax(i(t), dim=0))],
        "nn.functional.conv2d": [
            (
                "3 channels, weight for 2",
                lambda t: F(t).conv2d(t.ones(1, 3, 5, 5), t.ones(4, 2, 3, 3)),
            ),
            ("2-D input", lambda t: F(t).conv2d(t.ones(5, 5), t.ones(4, 1, 3, 3))),
        ],
        "nn.functional.conv1d": [
            ("3 channels, weight for 2", lambda t: F(t).conv1d(t.ones(1, 3, 5), t.ones(4, 2, 3)))
        ],
        "nn.functional.linear": [
            ("(2, 3) by weight (4, 5)", lambda t: F(t).linear(rect(t), t.ones(4, 5))),
            ("int64 input", lambda t: F(t).linear(t.ones(2, 3, dtype=t.int64), t.ones(4, 3))),
        ],
        "nn.functional.max_pool2d": [("1-D input", lambda t: F(t).max_pool2d(f(t), 2))],
        "nn.functional.avg_pool2d": [
            ("kernel larger than input", lambda t: F(t).avg_pool2d(t.ones(1, 1, 2, 2), 3))
        ],
        "nn.functional.embedding": [
            ("float indices", lambda t: F(t).embedding(f(t), t.ones(4, 2)))
        ],
        "nn.functional.one_hot": [("float indices", lambda t: F(t).one_hot(f(t), 3))],
        "nn.functional.layer_norm": [
            ("normalized_shape (4,) of (2, 3)", lambda t: F(t).layer_norm(rect(t), (4,)))
        ],
        "nn.functional.cross_entropy": [
            (
                "target batch 3 for input batch 2",
                lambda t: F(t).cross_entropy(rect(t), t.zeros(3, dtype=t.int64)),
            )
        ],
        "compile": [
            (
                "(3,) + (4,) under torch.compile",
                lambda t: t.compile(lambda a, b: a + b, backend="eager")(f(t), t.ones(4)),
            ),
            (
                "sum over dim 2 of (3,) under torch.compile",
                lambda t: t.compile(lambda a: a.sum(2), backend="eager")(f(t)),
            ),
        ],
    }


def _jax_root_calls() -> dict[str, list[tuple[str, Call]]]:
    f = lambda j: j.numpy.ones(3)  # noqa: E731
    i = lambda j: j.numpy.arange(3)  # noqa: E731
    sq, rect = (lambda j: j.numpy.ones((2, 2))), (lambda j: j.numpy.ones((2, 3)))
    c = lambda j: j.numpy.ones(3, dtype="complex64")  # noqa: E731
    return {
        "numpy.bitwise_and": [("float32 operands", lambda j: j.numpy.bitwise_and(f(j), f(j)))],
        "numpy.arctan2": [("complex64 operands", lambda j: j.numpy.arctan2(f(j), c(j)))],
        "numpy.left_shift": [("float32 by int32", lambda j: j.numpy.left_shift(f(j), i(j)))],
        "numpy.invert": [("float32", lambda j: j.numpy.invert(f(j)))],
        "numpy.sum": [
            ("axis=1.0", lambda j: j.numpy.sum(f(j), axis=1.0)),
            ("axis=(0, 0) of (2, 3)", lambda j: j.numpy.sum(rect(j), axis=(0, 0))),
        ],
        "numpy.add": [("array and None", lambda j: j.numpy.add(f(j), None))],
        "numpy.reshape": [("to 'a'", lambda j: j.numpy.reshape(f(j), "a"))],
        "numpy.ones": [
            ("shape '3'", lambda j: j.numpy.ones("3")),
            ("shape (2, None)", lambda j: j.numpy.ones((2, None))),
        ],
        "numpy.concatenate": [("a 0-d array", lambda j: j.numpy.concatenate(j.numpy.asarray(1.0)))],
        "numpy.ndarray.__getitem__": [
            ("index 1.0", lambda j: f(j)[1.0]),
            ("float array index", lambda j: f(j)[j.numpy.ones(1)]),
        ],
        "numpy.linalg.inv": [
            ("(2, 3)", lambda j: j.numpy.linalg.inv(rect(j))),
            ("(3,)", lambda j: j.numpy.linalg.inv(f(j))),
            ("int32", lambda j: j.numpy.linalg.inv(j.numpy.eye(2, dtype="int32"))),
        ],
        "numpy.linalg.det": [("(2, 3)", lambda j: j.numpy.linalg.det(rect(j)))],
        "numpy.linalg.solve": [("(2, 2) and (3,)", lambda j: j.numpy.linalg.solve(sq(j), f(j)))],
        "numpy.linalg.cholesky": [("(2, 3)", lambda j: j.numpy.linalg.cholesky(rect(j)))],
        "numpy.linalg.eigh": [("(2, 3)", lambda j: j.numpy.linalg.eigh(rect(j)))],
        "numpy.linalg.svd": [("(3,)", lambda j: j.numpy.linalg.svd(f(j)))],
        "numpy.linalg.qr": [("(3,)", lambda j: j.numpy.linalg.qr(f(j)))],
        "numpy.linalg.matrix_power": [
            ("(2, 3)", lambda j: j.numpy.linalg.matrix_power(rect(j), 2))
        ],
        "numpy.fft.fft": [
            ("n=0", lambda j: j.numpy.fft.fft(f(j), n=0)),
            ("axis=2 of (3,)", lambda j: j.numpy.fft.fft(f(j), axis=2)),
        ],
        "lax.add": [
            ("float32 and int32", lambda j: j.lax.add(f(j), i(j))),
            ("(3,) and (4,)", lambda j: j.lax.add(f(j), j.numpy.ones(4))),
            ("(2, 3) and (3,): lax does not broadcast", lambda j: j.lax.add(rect(j), f(j))),
        ],
        "lax.bitwise_and": [("float32 operands", lambda j: j.lax.bitwise_and(f(j), f(j)))],
        "lax.sin": [("int32", lambda j: j.lax.sin(i(j)))],
        "lax.exp": [("int32", lambda j: j.lax.exp(i(j)))],
        "lax.sub": [
            (
                "bool operands",
                lambda j: j.lax.sub(j.numpy.ones(3, dtype=bool), j.numpy.ones(3, dtype=bool)),
            )
        ],
        "lax.max": [("int32 and float32", lambda j: j.lax.max(i(j), f(j)))],
        "lax.reshape": [("(3,) to (2, 2)", lambda j: j.lax.reshape(f(j), (2, 2)))],
        "lax.concatenate": [
            ("(2, 3) and (2, 2) on dimension 0", lambda j: j.lax.concatenate([rect(j), sq(j)], 0))
        ],
        "lax.dot": [("(2, 3) . (2, 3)", lambda j: j.lax.dot(rect(j), rect(j)))],
        "lax.transpose": [
            ("(2, 3) permutation (0, 2)", lambda j: j.lax.transpose(rect(j), (0, 2)))
        ],
        "nn.softmax": [("axis=2 of (2, 3)", lambda j: j.nn.softmax(rect(j), axis=2))],
        "nn.one_hot": [("float indices", lambda j: j.nn.one_hot(f(j), 3))],
        "jit": [
            ("(3,) + (4,) under jit", lambda j: j.jit(lambda a, b: a + b)(f(j), j.numpy.ones(4))),
            (
                "reshape (6,) to (4, 2) under jit",
                lambda j: j.jit(lambda a: a.reshape(4, 2))(j.numpy.ones(6)),
            ),
            (
                "sum over axis 2 of (3,) under jit",
                lambda j: j.jit(lambda a: j.numpy.sum(a, axis=2))(f(j)),
            ),
        ],
    }


def _tf_root_calls() -> dict[str, list[tuple[str, Call]]]:
    f, i = (lambda tf: tf.ones(3)), (lambda tf: tf.range(3))
    c = lambda tf: tf.ones(3, dtype=tf.complex64)  # noqa: E731
    sq, rect = (lambda tf: tf.ones((2, 2))), (lambda tf: tf.ones((2, 3)))
    return {
        "bitwise.bitwise_and": [
            ("float32 operands", lambda tf: tf.bitwise.bitwise_and(f(tf), f(tf)))
        ],
        "math.log": [("int32", lambda tf: tf.math.log(i(tf)))],
        "math.sqrt": [("int32", lambda tf: tf.math.sqrt(i(tf)))],
        "math.exp": [("int32", lambda tf: tf.math.exp(i(tf)))],
        "math.sigmoid": [("int32", lambda tf: tf.math.sigmoid(i(tf)))],
        "math.erf": [("int32", lambda tf: tf.math.erf(i(tf)))],
        "math.floormod": [("complex64 operands", lambda tf: tf.math.floormod(c(tf), c(tf)))],
        "math.reduce_std": [("int32", lambda tf: tf.math.reduce_std(i(tf)))],
        "add": [
            ("int32 and float32", lambda tf: tf.add(i(tf), f(tf))),
            ("tensor and None", lambda tf: tf.add(f(tf), None)),
        ],
        "matmul": [
            ("int32 @ float32", lambda tf: tf.matmul(tf.ones((2, 2), dtype=tf.int32), sq(tf)))
        ],
        "reduce_sum": [("axis=1.5", lambda tf: tf.reduce_sum(f(tf), axis=1.5))],
        "reshape": [("to 'a'", lambda tf: tf.reshape(f(tf), "a"))],
        "ones": [("shape (2, None)", lambda tf: tf.ones((2, None)))],
        "Tensor.__getitem__": [
            ("index 1.0", lambda tf: f(tf)[1.0]),
            ("index 5 of (3,)", lambda tf: f(tf)[5]),
        ],
        "linalg.inv": [
            ("(2, 3)", lambda tf: tf.linalg.inv(rect(tf))),
            ("int32", lambda tf: tf.linalg.inv(tf.eye(2, dtype=tf.int32))),
        ],
        "linalg.det": [("(2, 3)", lambda tf: tf.linalg.det(rect(tf)))],
        "linalg.solve": [
            ("(2, 2) and (3, 1)", lambda tf: tf.linalg.solve(sq(tf), tf.ones((3, 1))))
        ],
        "linalg.cholesky": [("(2, 3)", lambda tf: tf.linalg.cholesky(rect(tf)))],
        "linalg.eigh": [("(2, 3)", lambda tf: tf.linalg.eigh(rect(tf)))],
        "linalg.svd": [("(3,)", lambda tf: tf.linalg.svd(f(tf)))],
        "linalg.qr": [("(3,)", lambda tf: tf.linalg.qr(f(tf)))],
        "signal.fft": [("float32 input", lambda tf: tf.signal.fft(f(tf)))],
        "nn.softmax": [
            ("int32", lambda tf: tf.nn.softmax(i(tf))),
            ("axis=2 of (2, 3)", lambda tf: tf.nn.softmax(rect(tf), axis=2)),
        ],
        # (a 3-D input aborts TensorFlow 2.21's process: a failed CHECK, not an exception)
        "nn.conv2d": [
            (
                "3 channels, filter for 2",
                lambda tf: tf.nn.conv2d(tf.ones((1, 5, 5, 3)), tf.ones((3, 3, 2, 4)), 1, "VALID"),
            ),
        ],
        "nn.max_pool2d": [("1-D input", lambda tf: tf.nn.max_pool2d(f(tf), 2, 2, "VALID"))],
        "function": [
            (
                "(3,) + (4,) under tf.function",
                lambda tf: tf.function(lambda a, b: a + b)(f(tf), tf.ones(4)),
            ),
            (
                "matmul (2, 3) @ (2, 3) under tf.function",
                lambda tf: tf.function(tf.matmul)(rect(tf), rect(tf)),
            ),
            (
                "reduce_sum over axis 2 of (3,) under tf.function",
                lambda tf: tf.function(lambda a: tf.reduce_sum(a, axis=2))(f(tf)),
            ),
            (
                "gather index 7 of (3,) under tf.function",
                lambda tf: tf.function(lambda a: tf.gather(a, [7]))(f(tf)),
            ),
        ],
    }


ROOT_CALLS = {
    "numpy": _numpy_root_calls(),
    "torch": _torch_root_calls(),
    "jax": _jax_root_calls(),
    "tensorflow": _tf_root_calls(),
}


def _outcome(call: Callable[[Any], Any], module: Any) -> type[BaseException] | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            call(module)
    except Exception as error:
        return type(error)
    return None


def _same(real: type[BaseException] | None, mine: type[BaseException] | None) -> bool:
    if real is None or mine is None:
        return real is mine
    return real.__name__.lstrip("_") == mine.__name__.lstrip("_") and all(
        issubclass(real, b) == issubclass(mine, b) for b in _BUILTINS
    )


def _label(kind: type[BaseException] | None) -> str:
    return "returns" if kind is None else kind.__name__


def roots(framework: str) -> tuple[Any, Any]:
    """(the real framework's root module, the frontend's): ``jax`` for jax."""
    if framework == "numpy":
        from frontends import numpy as frontend

        return numpy, frontend
    if framework == "torch":
        import torch

        from frontends import torch as frontend

        return torch, frontend
    if framework == "jax":
        import jax

        from frontends import jax as frontend

        return jax, frontend
    import tensorflow as tf

    from frontends import tensorflow as frontend

    return tf, frontend


def _module(framework: str, root: Any) -> Any:
    """The module the binary, reduction and shape calls take: ``jax.numpy`` for jax."""
    return root.numpy if framework == "jax" else root


def _on_root(framework: str, call: Call) -> Call:
    """``call`` (of the frontend's module: ``jax.numpy`` for jax) as a call of its root."""
    if framework == "jax":
        return lambda root: call(root.numpy)
    return call


def run(
    framework: str, backends: tuple[str, ...] = BACKENDS, names: tuple[str, ...] | None = None
) -> list[dict[str, str]]:
    """One record per (name, backend); names the frontend lacks are left out (another
    suite's subject), as are names not in ``names`` when given (``names`` as
    :data:`ROOT_CALLS` spells them for jax: ``numpy.add``, ``lax.add``)."""
    real, frontend = roots(framework)
    relative = "numpy." if framework == "jax" else ""
    cases: dict[str, list[tuple[str, Call]]] = {}
    for name, calls in _cases(framework, _module(framework, real)).items():
        cases[relative + name] = [(what, _on_root(framework, call)) for what, call in calls]
    for name, calls in ROOT_CALLS[framework].items():
        cases.setdefault(name, []).extend(calls)
    cases = {
        name: calls
        for name, calls in cases.items()
        if _resolve(real, name) is not None
        and _resolve(frontend, name) is not None
        and (names is None or name in names)
    }
    expected = {name: [_outcome(call, real) for _, call in calls] for name, calls in cases.items()}
    records = []
    for backend in backends:
        with core.use_backend(backend):
            for name, calls in sorted(cases.items()):
                full = f"{ROOT[framework]}.{name}"
                wrong = []
                for (what, call), want in zip(calls, expected[name]):
                    got = _outcome(call, frontend)
                    if not _same(want, got):
                        wrong.append(f"{what}: {_label(want)} expected, {_label(got)}")
                records.append(
                    {
                        "name": full,
                        "backend": backend,
                        "status": "fail" if wrong else "pass",
                        "detail": "; ".join(wrong) or f"{len(calls)} wrong calls",
                    }
                )
    return records


def write(framework: str, records: list[dict[str, str]]) -> None:
    suite = f"errors_{framework}"
    document = {
        "suite": suite,
        "framework": framework,
        "command": f"python -m tests.conformance.errors --framework {framework}",
        "generated": datetime.date.today().isoformat(),
        "records": records,
    }
    (RESULTS / f"{suite}.json").write_text(json.dumps(document, indent=1) + "\n")
    lines = [
        f"# Exception classes: {framework}",
        "",
        "Wrong calls (shapes that do not broadcast, axes out of range, wrong shapes for",
        "reshapes, joins and products, indices out of range, wrong dtypes and argument",
        "types, linalg/fft/nn/lax misuse, wrong calls under jit/compile/tf.function) to",
        "each name, through the frontend on each backend, against the real framework's",
        "exception class",
        f"(`{document['command']}`; see `docs/errors.md`).",
        "",
        "| backend | pass | fail |",
        "|---|---|---|",
    ]
    for backend in BACKENDS:
        mine = [r for r in records if r["backend"] == backend]
        passed = sum(r["status"] == "pass" for r in mine)
        lines.append(f"| {backend} | {passed} | {len(mine) - passed} |")
    lines += ["", "| name | backend | detail |", "|---|---|---|"]
    lines += [
        f"| `{r['name']}` | {r['backend']} | {r['detail']} |"
        for r in records
        if r["status"] == "fail"
    ]
    (RESULTS / f"{suite}.md").write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--framework", nargs="*", default=list(PREFIX))
    parser.add_argument("--backend", nargs="*", default=list(BACKENDS))
    args = parser.parse_args(argv)
    for framework in args.framework:
        records = run(framework, tuple(args.backend))
        path = RESULTS / f"errors_{framework}.json"
        if path.exists():  # a partial run keeps the other backends' records
            kept = json.loads(path.read_text())["records"]
            records = [r for r in kept if r["backend"] not in args.backend] + records
        write(framework, records)
        passed = sum(r["status"] == "pass" for r in records)
        print(f"{framework}: {passed}/{len(records)} pass")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
