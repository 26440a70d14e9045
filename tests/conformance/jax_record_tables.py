"""JAX's test records as data, for ``python -m tests.conformance.jax_records``.

Transcribed from JAX's test suite at github.com/jax-ml/jax (Apache-2.0), which the wheel
does not ship:

- ``tests/lax_numpy_operators_test.py``: ``JAX_ONE_TO_ONE_OP_RECORDS``,
  ``JAX_COMPOUND_OP_RECORDS``, ``JAX_BITWISE_OP_RECORDS``, ``JAX_OPERATOR_OVERLOADS``,
  ``JAX_RIGHT_OPERATOR_OVERLOADS`` and the shift-op test (name, number of arguments,
  dtype class, shape class, input kind, tolerance, keyword arguments);
- ``tests/lax_numpy_reducers_test.py``: ``JAX_REDUCER_RECORDS``,
  ``JAX_REDUCER_INITIAL_RECORDS``, ``JAX_REDUCER_WHERE_NO_INITIAL_RECORDS``,
  ``JAX_REDUCER_NO_DTYPE_RECORDS``, ``JAX_REDUCER_PROMOTE_INT_RECORDS`` (each with the
  keywords its test passes: axis, keepdims, dtype, initial, where, promote_integers), and
  the parameters of its average / var / std / cov / quantile / median / cumulative tests;
- ``tests/lax_numpy_test.py``: ``JAX_ARGMINMAX_RECORDS`` and the parameters (shapes,
  dtype class, keywords) of its per-function tests, a few of each;
- ``jax/_src/internal_test_util/lax_test_util.py`` (the tables ``tests/lax_test.py``
  runs): ``lax_ops()``, ``lax_reduce_ops()``, ``lax_named_reduce_ops()``,
  ``compatible_shapes``, and the parameters of ``lax_test.py``'s per-function tests
  (conv, dot_general, gather, scatter, pad, slicing, sort ...), a few of each;
- ``tests/random_test.py``: each sampler with the parameters its test uses.

Dtypes are those JAX tests with x64 off. A record is data; :func:`expand` turns it into a
bounded sample of cases (our generator, not JAX's).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any, NamedTuple

# ----------------------------------------------------------------------------- dtype classes

FLOAT = ("float32", "float16", "bfloat16")
COMPLEX = ("complex64",)
INT = ("int32", "int8", "int16")
UINT = ("uint8", "uint32", "uint16")
BOOL = ("bool",)
DEFAULT = FLOAT + INT
INEXACT = FLOAT + COMPLEX
NUMBER = FLOAT + COMPLEX + INT + UINT
REAL = FLOAT + INT + UINT
ALL = NUMBER + BOOL
INTS = INT + UINT
_CLASSES = (FLOAT, INT, UINT, COMPLEX, BOOL)


def _minus(dtypes: tuple[str, ...], *left_out: str) -> tuple[str, ...]:
    return tuple(d for d in dtypes if d not in left_out)


def sample_dtypes(dtypes: tuple[str, ...], index: int) -> list[str]:
    """Per dtype class present: its main dtype and one other, rotating with ``index``."""
    chosen = []
    for group in _CLASSES:
        members = [d for d in group if d in dtypes]
        if members:
            chosen.append(members[0])
            if len(members) > 1:
                chosen.append(members[1 + index % (len(members) - 1)])
    return chosen


# ----------------------------------------------------------------------------- shape classes

PY = "py"  # jtu.PYTHON_SCALAR_SHAPE
# the sample of each shape class of the tests that is run (the classes' full lists:
# nonempty_nonscalar_array_shapes (4,) (3,4) (3,1) (1,4) (2,1,4) (2,3,4); empty
# (0,) (0,4) (3,0); all = scalars + () + nonempty + empty)
SHAPES = {
    "all": [PY, (), (3, 4), (2, 1, 4), (0, 4)],
    "nonempty": [PY, (), (3, 4), (2, 1, 4)],
    "nonempty_nonscalar": [(4,), (3, 4), (2, 1, 4)],
    "array": [(), (3, 4), (2, 1, 4), (0, 4)],
    "nonzerodim": [(4,), (3, 4), (0, 4)],
}


class Arg(NamedTuple):
    """An argument: its shape, and a dtype / input kind of its own (else the case's)."""

    shape: Any
    dtype: str | None = None
    kind: str | None = None


def Ix(shape: Any, high: int) -> Arg:
    """An int32 index argument in [0, high)."""
    return Arg(shape, "int32", f"int{high}")


def Mask(shape: Any) -> Arg:
    return Arg(shape, "bool", "bool")


class Record(NamedTuple):
    namespace: str  # jnp, lax, jr, array
    public: str  # the name reported (after the namespace's prefix)
    exprs: tuple[str, ...]  # call templates over A[0..]; {dt} is the case's dtype
    argsets: tuple[tuple[Any, ...], ...]  # shapes (or Args) of each sample's arguments
    dtypes: tuple[str, ...] | None  # None: one case per argset, fixed dtypes
    kind: str
    tol: Any
    mixed: bool  # also mixed-dtype pairs (two-argument records)


def tolerance(spec: Any, dtype: str) -> float:
    if spec is None:
        return 0.0
    if isinstance(spec, dict):
        return float(spec.get(dtype, 0.0))
    return float(spec)


def _pairs(shapes: list[Any]) -> list[tuple[Any, ...]]:
    arrays = [s for s in shapes if s != PY]
    pairs = [(s, s) for s in arrays] + [((3, 1), (1, 4)), ((4,), (2, 3, 4))]
    if PY in shapes:
        pairs.append(((3, 4), PY))
    return pairs


def op(name: str, nargs: int, dtypes: tuple[str, ...], shapes: str, kind: str,
       tol: Any = None, kwargs: str = "", ns: str = "jnp", public: str | None = None,
       expr: str | None = None) -> Record:  # fmt: skip
    """An op record of the operators / lax tables: ``nargs`` arguments of the class's
    sampled shapes (broadcast pairs for two)."""
    if shapes == "lax":  # lax_test_util.compatible_shapes
        argsets = {
            1: [((3,),), ((3, 4),), ((2, 1, 4),)],
            2: [((3,), (3,)), ((3, 4), (3, 4)), ((3, 4), (3, 1)), ((2, 1, 4), (2, 1, 4))],
            3: [((3,), (3,), (3,)), ((3, 4), (3, 4), (3, 4))],
        }[nargs]
    elif nargs == 1:
        argsets = [(s,) for s in SHAPES[shapes]]
    elif nargs == 2:
        argsets = _pairs(SHAPES[shapes])
    else:
        argsets = [(s,) * nargs for s in SHAPES[shapes] if s != PY]
    if expr is None:
        call_args = ", ".join(f"A[{i}]" for i in range(nargs)) + (f", {kwargs}" if kwargs else "")
        expr = f"{ns}.{name}({call_args})"
    return Record(ns, public or name, (expr,), tuple(argsets), dtypes, kind, tol,
                  mixed=nargs == 2 and ns != "lax")  # fmt: skip


def call(public: str, exprs: str | tuple[str, ...], argsets: list[tuple[Any, ...]],
         dtypes: tuple[str, ...] | None = DEFAULT, kind: str = "default", tol: Any = None,
         ns: str = "jnp") -> Record:  # fmt: skip
    """A per-function test's parameters: its call(s), argument shapes and dtype class."""
    exprs = (exprs,) if isinstance(exprs, str) else exprs
    return Record(ns, public, exprs, tuple(argsets), dtypes, kind, tol, mixed=False)


_PYTHON = ("bool", "int32", "float32", "complex64")


def expand(record: Record, index: int) -> Iterator[tuple[str, tuple, tuple[str, ...]]]:
    """The record's cases: (expression, ((shape, dtype, kind) per argument), dtypes)."""
    dtypes = sample_dtypes(record.dtypes, index) if record.dtypes else [None]
    n = len(record.exprs)
    for d_index, dtype in enumerate(dtypes):
        for s_index, argset in enumerate(record.argsets):
            args = [a if isinstance(a, Arg) else Arg(a) for a in argset]
            if any(a.shape == PY and (a.dtype or dtype) not in _PYTHON for a in args):
                continue  # a Python scalar: one per class (bool, int, float, complex)
            specs = tuple(
                (a.shape, a.dtype or dtype or "float32", a.kind or record.kind) for a in args
            )
            template = record.exprs[(d_index + s_index) % n]
            expr = template.replace("{dt}", dtype or "float32")
            yield expr, specs, tuple(s[1] for s in specs) or (dtype or "float32",)
    if record.mixed and len(dtypes) > 1:
        for first, second in itertools.pairwise(dtypes):
            specs = (((3, 1), first, record.kind), ((1, 4), second, record.kind))
            yield record.exprs[0], specs, (first, second)


# ----------------------------------------------------------------------------- jax.numpy ops
# lax_numpy_operators_test.py: JAX_ONE_TO_ONE_OP_RECORDS + JAX_COMPOUND_OP_RECORDS
_NO_BF16 = _minus(FLOAT, "bfloat16")
OPERATOR_RECORDS = [
    op("abs", 1, ALL, "all", "default"),
    op("add", 2, ALL, "all", "default"),
    op("ceil", 1, FLOAT + INTS, "all", "default"),
    op("conj", 1, NUMBER, "all", "default"),
    op("equal", 2, ALL, "all", "some_equal"),
    op("exp", 1, NUMBER, "all", "default"),
    op("fabs", 1, FLOAT, "all", "default"),
    op("float_power", 2, INEXACT, "all", "default",
       {"bfloat16": 1e-2, "float32": 1e-3, "complex64": 2e-4}),
    op("floor", 1, FLOAT + INTS, "all", "default"),
    op("greater", 2, ALL, "all", "some_equal"),
    op("greater_equal", 2, ALL, "all", "some_equal"),
    op("i0", 1, FLOAT, "all", "default", {"float16": 3e-3}),
    op("ldexp", 2, INT, "all", "default"),
    op("less", 2, ALL, "all", "some_equal"),
    op("less_equal", 2, ALL, "all", "some_equal"),
    op("log", 1, NUMBER, "all", "positive"),
    op("logical_and", 2, ALL, "all", "bool"),
    op("logical_not", 1, ALL, "all", "bool"),
    op("logical_or", 2, ALL, "all", "bool"),
    op("logical_xor", 2, ALL, "all", "bool"),
    op("maximum", 2, ALL, "all", "some_inf"),
    op("minimum", 2, ALL, "all", "some_inf"),
    op("multiply", 2, ALL, "all", "default"),
    op("negative", 1, NUMBER, "all", "default"),
    op("nextafter", 2, _NO_BF16, "all", "default"),
    op("not_equal", 2, ALL, "all", "some_equal"),
    op("array_equal", 2, NUMBER, "all", "some_equal"),
    op("array_equiv", 2, NUMBER, "all", "some_equal"),
    op("reciprocal", 1, INEXACT, "all", "default"),
    op("subtract", 2, NUMBER, "all", "default"),
    op("signbit", 1, DEFAULT + BOOL, "all", "some_inf_and_nan"),
    op("trunc", 1, FLOAT + INTS, "all", "some_inf_and_nan"),
    op("sin", 1, NUMBER, "all", "default"),
    op("cos", 1, NUMBER, "all", "default"),
    op("tan", 1, INEXACT + INT, "all", "uniform-1.5_1.5"),
    op("sinh", 1, NUMBER, "all", "default"),
    op("cosh", 1, NUMBER, "all", "default"),
    op("tanh", 1, NUMBER, "all", "default"),
    op("arcsin", 1, NUMBER, "all", "small"),
    op("arccos", 1, NUMBER, "all", "small"),
    op("arctan", 1, NUMBER, "all", "small"),
    op("arctan2", 2, FLOAT, "all", "small"),
    op("arcsinh", 1, NUMBER, "all", "default", {"complex64": 2e-4}),
    op("arccosh", 1, NUMBER, "all", "default", {"complex64": 2e-2}),
    op("arctanh", 1, NUMBER, "all", "small"),
    op("asin", 1, NUMBER, "all", "small"),
    op("acos", 1, NUMBER, "all", "small"),
    op("atan", 1, NUMBER, "all", "small"),
    op("atan2", 2, FLOAT, "all", "small"),
    op("asinh", 1, NUMBER, "all", "default", {"complex64": 2e-4}),
    op("acosh", 1, NUMBER, "all", "default", {"complex64": 2e-2}),
    op("atanh", 1, NUMBER, "all", "small"),
    op("angle", 1, NUMBER, "all", "default"),
    op("angle", 1, NUMBER, "all", "default", kwargs="deg=True"),
    op("atleast_1d", 1, DEFAULT, "all", "default"),
    op("atleast_2d", 1, DEFAULT, "all", "default"),
    op("atleast_3d", 1, DEFAULT, "all", "default"),
    op("cbrt", 1, DEFAULT, "all", "some_inf"),
    op("conjugate", 1, NUMBER, "all", "default"),
    op("deg2rad", 1, FLOAT, "all", "default"),
    op("divide", 2, NUMBER, "all", "nonzero"),
    op("divmod", 2, INT + FLOAT, "all", "nonzero"),
    op("exp2", 1, NUMBER, "all", "default", {"bfloat16": 4e-2, "float16": 1e-2}),
    op("expm1", 1, NUMBER, "all", "positive"),
    op("expm1", 1, NUMBER, "all", "small_positive"),
    op("fix", 1, FLOAT + INTS, "all", "default"),
    op("floor_divide", 2, DEFAULT + UINT, "all", "nonzero"),
    op("fmin", 2, NUMBER, "all", "some_nan"),
    op("fmax", 2, NUMBER, "all", "some_nan"),
    op("fmod", 2, DEFAULT, "all", "some_nan"),
    op("heaviside", 2, DEFAULT, "all", "default"),
    op("hypot", 2, REAL, "all", "default"),
    op("kron", 2, NUMBER, "nonempty", "default"),
    op("outer", 2, NUMBER, "all", "default"),
    op("imag", 1, NUMBER, "all", "some_inf"),
    op("iscomplex", 1, NUMBER, "all", "some_inf"),
    op("isfinite", 1, INEXACT, "all", "some_inf_and_nan"),
    op("isinf", 1, INEXACT, "all", "some_inf_and_nan"),
    op("isnan", 1, INEXACT, "all", "some_inf_and_nan"),
    op("isneginf", 1, FLOAT, "all", "some_inf_and_nan"),
    op("isposinf", 1, FLOAT, "all", "some_inf_and_nan"),
    op("isreal", 1, NUMBER, "all", "some_inf"),
    op("isrealobj", 1, NUMBER, "all", "some_inf"),
    op("log2", 1, NUMBER, "all", "positive"),
    op("log10", 1, NUMBER, "all", "positive"),
    op("log1p", 1, NUMBER, "all", "positive"),
    op("log1p", 1, NUMBER, "all", "small_positive"),
    op("logaddexp", 2, FLOAT, "all", "some_inf_and_nan"),
    op("logaddexp2", 2, FLOAT, "all", "some_inf_and_nan", {"float16": 1e-2}),
    op("polyval", 2, _minus(NUMBER, "int8", "uint8"), "nonempty_nonscalar", "default",
       {"bfloat16": 4e-2, "float16": 2e-2}),
    op("positive", 1, NUMBER, "all", "default"),
    op("pow", 2, NUMBER, "all", "positive"),
    op("power", 2, NUMBER, "all", "positive"),
    op("rad2deg", 1, FLOAT, "all", "default"),
    op("ravel", 1, ALL, "all", "default"),
    op("real", 1, NUMBER, "all", "some_inf"),
    op("remainder", 2, DEFAULT, "all", "some_zero", {"float16": 1e-2}),
    op("mod", 2, DEFAULT, "all", "some_zero"),
    op("modf", 1, FLOAT + INTS, "all", "default"),
    op("rint", 1, INEXACT + INTS, "all", "some_inf_and_nan"),
    op("sign", 1, NUMBER, "all", "some_inf_and_nan"),
    op("copysign", 2, DEFAULT + UINT, "all", "some_inf_and_nan"),
    op("sinc", 1, _minus(NUMBER, "bfloat16"), "all", "default", {"complex64": 1e-5}),
    op("square", 1, NUMBER, "all", "default"),
    op("sqrt", 1, NUMBER, "all", "positive"),
    op("transpose", 1, ALL, "all", "default"),
    op("true_divide", 2, ALL, "all", "nonzero"),
    op("ediff1d", 3, ("int32",), "all", "default"),
    op("unwrap", 1, _NO_BF16, "nonempty_nonscalar", "default", {"float16": 1e-1}),
    op("isclose", 2, _minus(ALL, "bfloat16"), "all", "small_positive"),
    op("gcd", 2, INTS, "all", "default"),
    op("lcm", 2, INTS, "all", "default"),
    # JAX_BITWISE_OP_RECORDS
    op("bitwise_and", 2, INTS, "all", "fullrange"),
    op("bitwise_invert", 1, INTS, "all", "fullrange"),
    op("bitwise_not", 1, INTS, "all", "fullrange"),
    op("invert", 1, INTS, "all", "fullrange"),
    op("bitwise_or", 2, INTS, "all", "fullrange"),
    op("bitwise_xor", 2, INTS, "all", "fullrange"),
    op("bitwise_count", 1, INT, "all", "fullrange"),
    # testShiftOpAgainstNumpy: nonzerodim shapes, int dtypes, shifts in [0, bits)
    op("left_shift", 2, INTS, "nonzerodim", "int8"),
    op("bitwise_left_shift", 2, INTS, "nonzerodim", "int8"),
    op("right_shift", 2, INTS, "nonzerodim", "int8"),
    op("bitwise_right_shift", 2, INTS, "nonzerodim", "int8"),
]  # fmt: skip

# JAX_OPERATOR_OVERLOADS (operator.<name>(x, y)) and JAX_RIGHT_OPERATOR_OVERLOADS
# (y.__r<name>__(x)), reported as jax.Array methods
_OVERLOADS = [
    ("__add__", 2, NUMBER, "default", None), ("__sub__", 2, NUMBER, "default", None),
    ("__mul__", 2, NUMBER, "default", None), ("__eq__", 2, NUMBER, "default", None),
    ("__ne__", 2, NUMBER, "default", None), ("__lt__", 2, DEFAULT, "default", None),
    ("__le__", 2, DEFAULT, "default", None), ("__gt__", 2, DEFAULT, "default", None),
    ("__ge__", 2, DEFAULT, "default", None), ("__pos__", 1, NUMBER, "default", None),
    ("__neg__", 1, NUMBER, "default", None),
    ("__pow__", 2, INEXACT, "positive", {"float32": 2e-4, "complex64": 2e-4}),
    ("__mod__", 2, DEFAULT, "nonzero", {"float16": 1e-1}),
    ("__floordiv__", 2, DEFAULT, "nonzero", None), ("__truediv__", 2, NUMBER, "nonzero", None),
    ("__abs__", 1, NUMBER, "default", None), ("__invert__", 1, INT, "default", None),
    ("__lshift__", 2, INTS, "int8", None), ("__rshift__", 2, INTS, "int8", None),
]  # fmt: skip
_RIGHT_OVERLOADS = [
    ("__radd__", NUMBER, "default", None), ("__rsub__", NUMBER, "default", None),
    ("__rmul__", NUMBER, "default", None),
    ("__rpow__", INEXACT, "positive", {"float32": 2e-4, "complex64": 1e-3}),
    ("__rmod__", DEFAULT, "nonzero", {"float16": 1e-1}),
    ("__rfloordiv__", DEFAULT, "nonzero", None), ("__rtruediv__", NUMBER, "nonzero", None),
    ("__rlshift__", INTS, "int8", None), ("__rrshift__", INTS, "int8", None),
]  # fmt: skip
OVERLOAD_RECORDS = [
    op(name, nargs, dtypes, "all", kind, tol, ns="array",
       expr=f"operator.{name.strip('_')}({', '.join(f'A[{i}]' for i in range(nargs))})")
    for name, nargs, dtypes, kind, tol in _OVERLOADS
] + [
    op(name, 2, dtypes, "array", kind, tol, ns="array", expr=f"A[1].{name}(A[0])")
    for name, dtypes, kind, tol in _RIGHT_OVERLOADS
]  # fmt: skip

# ----------------------------------------------------------------------------- reducers
# lax_numpy_reducers_test.py; each table's test passes the keywords of its variants
_AXES = ("axis=None, keepdims=False", "axis=-1, keepdims=True", "axis=0, keepdims=False")


def _reducer(name: str, dtypes: tuple[str, ...], shapes: str, kind: str, variants: tuple,
             tol: Any = None) -> Record:  # fmt: skip
    exprs = tuple(f"jnp.{name}(A[0], {v})" for v in variants)
    return call(name, exprs, [(s,) for s in SHAPES[shapes]], dtypes, kind, tol)


def _where(name: str, dtypes: tuple[str, ...], shapes: str, kind: str, extra: str,
           tol: Any = None) -> Record:  # fmt: skip
    exprs = tuple(f"jnp.{name}(A[0], {a}, where=A[1]{extra})" for a in _AXES[:2])
    argsets = [(s, Mask(s)) for s in SHAPES[shapes] if s != PY]
    return call(name, exprs, argsets, dtypes, kind, tol)


_OUT = ("dtype=None", "dtype=jnp.float32", "dtype=jnp.int32")
REDUCER_RECORDS = [
    # JAX_REDUCER_RECORDS: axis, dtype=out_dtype, keepdims
    *(_reducer(n, d, s, k, tuple(f"{a}, {o}" for a, o in zip(_AXES, _OUT)))
      for n, d, s, k in [("mean", NUMBER, "nonempty", "default"),
                         ("prod", ALL, "all", "small_positive"),
                         ("sum", ALL, "all", "default"),
                         ("nanmean", INEXACT, "nonempty", "some_nan"),
                         ("nanprod", ALL, "all", "some_nan"),
                         ("nansum", NUMBER, "all", "some_nan")]),
    # JAX_REDUCER_INITIAL_RECORDS: initial 0 / 1
    *(_reducer(n, d, "all", k, tuple(f"{a}, initial={i}" for a, i in zip(_AXES, (0, 1, 1))), t)
      for n, d, k, t in [("prod", ALL, "small_positive", None),
                         ("sum", ALL, "default", {"bfloat16": 2e-2}),
                         ("max", ALL, "default", None), ("min", ALL, "default", None),
                         ("nanprod", INEXACT, "small_positive", None),
                         ("nansum", INEXACT, "default", {"bfloat16": 3e-2}),
                         ("nanmax", INEXACT, "default", None),
                         ("nanmin", INEXACT, "default", None)]),
    # testReducerWhere: JAX_REDUCER_INITIAL_RECORDS with where= and initial=
    *(_where(n, d, "array", k, ", initial=0")
      for n, d, k in [("prod", ALL, "small_positive"), ("sum", ALL, "default"),
                      ("max", ALL, "default"), ("min", ALL, "default")]),
    # JAX_REDUCER_WHERE_NO_INITIAL_RECORDS
    *(_where(n, d, "array", k, "", t)
      for n, d, k, t in [("all", BOOL, "some_zero", None), ("any", BOOL, "some_zero", None),
                         ("mean", ALL, "default", None), ("var", ALL, "default", None),
                         ("std", ALL, "default", None),
                         ("nanmean", INEXACT, "default", {"float16": 3e-3}),
                         ("nanvar", INEXACT, "default", {"float16": 3e-3}),
                         ("nanstd", INEXACT, "default", {"float16": 1e-3})]),
    # JAX_REDUCER_NO_DTYPE_RECORDS: axis, keepdims
    *(_reducer(n, d, s, k, _AXES, t)
      for n, d, s, k, t in [("all", ALL, "all", "some_zero", None),
                            ("any", ALL, "all", "some_zero", None),
                            ("max", ALL, "nonempty", "default", None),
                            ("min", ALL, "nonempty", "default", None),
                            ("var", ALL, "nonempty", "default", {"bfloat16": 2e-2}),
                            ("std", ALL, "nonempty", "default", None),
                            ("nanmax", ALL, "nonempty", "some_nan", None),
                            ("nanmin", ALL, "nonempty", "some_nan", None),
                            ("nanvar", ALL, "nonempty", "some_nan", None),
                            ("nanstd", ALL, "nonempty", "some_nan", None),
                            ("ptp", NUMBER, "nonempty", "default", None)]),
    # JAX_REDUCER_PROMOTE_INT_RECORDS
    *(_reducer(n, ALL, "all", k, tuple(f"{a}, initial=1, promote_integers={p}"
                                       for a, p in zip(_AXES, (False, True, False))))
      for n, k in [("prod", "small_positive"), ("sum", "default")]),
    # lax_numpy_test.py JAX_ARGMINMAX_RECORDS: axis, keepdims
    *(_reducer(n, DEFAULT, "nonempty", k, _AXES)
      for n, k in [("argmin", "some_equal"), ("argmax", "some_equal"),
                   ("nanargmin", "some_nan"), ("nanargmax", "some_nan")]),
    # testAverage
    call("average", ("jnp.average(A[0])", "jnp.average(A[0], 0, A[1])",
                     "jnp.average(A[0], -1, returned=True, keepdims=True)"),
         [((4,), (4,)), ((3, 4), (3,))], NUMBER,
         tol={"bfloat16": 2e-1, "float16": 1e-2, "float32": 1e-5, "complex64": 1e-5}),
    # testStdOrVar / testNanVar / testReducerWithMean
    *(call(n, (f"jnp.{n}(A[0], axis=0, ddof=1, dtype=jnp.float32)",
               f"jnp.{n}(A[0], axis=None, correction=2, keepdims=True)",
               f"jnp.{n}(A[0], axis=-1, ddof=0, dtype=jnp.complex64)"),
           [((5,),), ((10, 5),)], ALL, k, {"float16": 1e-1, "float32": 1e-3})
      for n, k in [("var", "default"), ("std", "default"), ("nanvar", "some_nan")]),
    # testCov / testEmptyCov / testCorrCoef
    call("cov", ("jnp.cov(A[0])", "jnp.cov(A[0], rowvar=False, ddof=2)",
                 "jnp.cov(A[0], bias=True)"),
         [((5,),), ((10, 5),), ((5, 10),), ((3, 0),)], ALL,
         tol={"bfloat16": 5e-2, "float16": 1e-2, "float32": 1e-5, "complex64": 1e-5}),
    call("corrcoef", ("jnp.corrcoef(A[0])", "jnp.corrcoef(A[0], rowvar=False)"),
         [((5,),), ((10, 5),)], NUMBER, tol={"float16": 1e-2, "bfloat16": 5e-2}),
    # testQuantile / testMedian (a few of the shape/axis pairs, q in range)
    *(call(n, (f"jnp.{n}(A[0], A[1], axis=None)",
               f"jnp.{n}(A[0], A[1], axis=0, keepdims=True, method='lower')",
               f"jnp.{n}(A[0], A[1], axis=(1, 2), method='midpoint')",
               f"jnp.{n}(A[0], A[1], axis=1, method='nearest')"),
           [((7,), Arg((), "float32", q)), ((6, 7), Arg((4,), "float32", q)),
            ((4, 5, 7), Arg((1,), "float32", q))], DEFAULT, "some_nan",
           {"float16": 4e-2, "float32": 2e-4})
      for n, q in [("percentile", "uniform0_100"), ("quantile", "uniform0_1"),
                   ("nanpercentile", "uniform0_100"), ("nanquantile", "uniform0_1")]),
    *(call(n, (f"jnp.{n}(A[0], axis=None)", f"jnp.{n}(A[0], axis=0, keepdims=True)",
               f"jnp.{n}(A[0], axis=1)"),
           [((7,),), ((6, 7),), ((4, 11),)], DEFAULT, k, {"float32": 2e-4})
      for n, k in [("median", "default"), ("nanmedian", "some_nan")]),
    # testCumulativeSum / testCumulativeProd
    *(call(n, (f"jnp.{n}(A[0], axis=0)", f"jnp.{n}(A[0], include_initial=True)",
               f"jnp.{n}(A[0], axis=-1, dtype=jnp.float32)"),
           [((4,),), ((3, 4),), ((0,),), ((),)], ALL, "some_zero", {"bfloat16": 5e-2})
      for n in ("cumulative_sum", "cumulative_prod")),
]  # fmt: skip

# ----------------------------------------------------------------------------- jnp functions
# lax_numpy_test.py's per-function tests: a few of each test's parameters
_S = [((3, 4),), ((2, 3, 4),)]
_PAD_MODES = ("constant", "edge", "reflect", "symmetric", "wrap", "linear_ramp", "maximum",
              "mean", "median", "minimum")  # fmt: skip
FUNCTION_RECORDS = [
    # testCumSumProd
    *(call(n, (f"jnp.{n}(A[0])", f"jnp.{n}(A[0], axis=0)", f"jnp.{n}(A[0], axis=-1, "
               "dtype=jnp.float32)"), [((4,),), ((3, 4),), ((2, 1, 4),)], ALL,
           "some_nan" if n.startswith("nan") else "default", {"float16": 1e-2, "bfloat16": 5e-2})
      for n in ("cumsum", "cumprod", "nancumsum", "nancumprod")),
    call("diff", ("jnp.diff(A[0])", "jnp.diff(A[0], n=2, axis=0)",
                  "jnp.diff(A[0], prepend=1, append=0)"), [((5,),), ((4, 5),)], ALL),
    call("tile", ("jnp.tile(A[0], (2, 1))", "jnp.tile(A[0], 3)", "jnp.tile(A[0], (1, 2, 2))"),
         [((),), ((4,),), ((3, 4),)], ALL),
    call("concatenate", ("jnp.concatenate([A[0], A[1]], axis=0)",
                         "jnp.concatenate([A[0], A[1]], axis=None)"),
         [((3, 4), (2, 4)), ((4,), (2,))], ALL),
    call("concat", "jnp.concat([A[0], A[1]], axis=-1)", [((3, 4), (3, 2))], ALL),
    call("append", ("jnp.append(A[0], A[1])", "jnp.append(A[0], A[1], axis=0)"),
         [((3, 4), (2, 4)), ((4,), (2,))], ALL),
    call("stack", ("jnp.stack([A[0], A[1]])", "jnp.stack([A[0], A[1]], axis=-1)"),
         [((3, 4), (3, 4)), ((4,), (4,))], ALL),
    *(call(n, f"jnp.{n}([A[0], A[1]])", [((3, 4), (3, 4)), ((4,), (4,)), ((), ())], ALL)
      for n in ("vstack", "hstack", "dstack", "column_stack")),
    call("insert", ("jnp.insert(A[0], 1, A[1])", "jnp.insert(A[0], 2, A[1], axis=0)",
                    "jnp.insert(A[0], jnp.array([0, 2]), 7)"), [((5,), ()), ((3, 4), (4,))], ALL),
    call("delete", ("jnp.delete(A[0], 1)", "jnp.delete(A[0], jnp.array([0, 2]), axis=0)",
                    "jnp.delete(A[0], slice(1, 3), axis=-1)"), [((5,),), ((3, 4),)], ALL),
    call("split", ("jnp.split(A[0], 2)", "jnp.split(A[0], [1, 3], axis=-1)"),
         [((4,),), ((4, 6),)], ALL),
    call("array_split", ("jnp.array_split(A[0], 3)", "jnp.array_split(A[0], 3, axis=1)"),
         [((7,),), ((4, 5),)], ALL),
    *(call(n, f"jnp.{n}(A[0], 2)", [((4, 4, 2),)], ALL) for n in ("hsplit", "vsplit", "dsplit")),
    call("unstack", ("jnp.unstack(A[0])", "jnp.unstack(A[0], axis=1)"), _S, ALL),
    call("reshape", ("jnp.reshape(A[0], (4, 3))", "jnp.reshape(A[0], (-1, 2))",
                     "jnp.reshape(A[0], (2, 6), order='F')"), [((3, 4),), ((2, 3, 2),)], ALL),
    call("swapaxes", "jnp.swapaxes(A[0], 0, -1)", _S, ALL),
    call("moveaxis", ("jnp.moveaxis(A[0], 0, -1)", "jnp.moveaxis(A[0], (0, 1), (1, 0))"), _S, ALL),
    call("rollaxis", "jnp.rollaxis(A[0], -1)", _S, ALL),
    call("expand_dims", ("jnp.expand_dims(A[0], 1)", "jnp.expand_dims(A[0], (0, -1))"),
         [((),), ((3, 4),)], ALL),
    call("squeeze", ("jnp.squeeze(A[0])", "jnp.squeeze(A[0], axis=1)"),
         [((3, 1),), ((1, 4),), ((2, 1, 4),)], ALL),
    call("flip", ("jnp.flip(A[0])", "jnp.flip(A[0], 1)", "jnp.flip(A[0], (0, 1))"), _S, ALL),
    call("fliplr", "jnp.fliplr(A[0])", _S, ALL),
    call("flipud", "jnp.flipud(A[0])", _S, ALL),
    call("rot90", ("jnp.rot90(A[0])", "jnp.rot90(A[0], 2, axes=(1, 0))", "jnp.rot90(A[0], -1)"),
         _S, ALL),
    call("roll", ("jnp.roll(A[0], 2)", "jnp.roll(A[0], (1, -1), axis=(0, 1))",
                  "jnp.roll(A[0], -5, axis=-1)"), [((4,),), ((3, 4),)], ALL),
    call("repeat", ("jnp.repeat(A[0], 2)", "jnp.repeat(A[0], 2, axis=0)",
                    "jnp.repeat(A[0], jnp.array([1, 2, 0]), axis=0)",
                    "jnp.repeat(A[0], 3, total_repeat_length=4)"), [((3,),), ((3, 4),)], ALL),
    call("broadcast_to", ("jnp.broadcast_to(A[0], (2, 3, 4))", "jnp.broadcast_to(A[0], (5, 3))"),
         [((3, 1),), ((4,),), ((),)], ALL),
    call("broadcast_arrays", "jnp.broadcast_arrays(A[0], A[1])",
         [((3, 1), (1, 4)), ((4,), (2, 3, 4))], ALL),
    call("broadcast_shapes", ("jnp.broadcast_shapes((3, 1), (1, 4))",
                              "jnp.broadcast_shapes((2, 3), (4,))"), [()], None),
    call("pad", tuple(f"jnp.pad(A[0], ((1, 2), (0, 1)), mode='{m}')" for m in _PAD_MODES)
         + ("jnp.pad(A[0], 2, constant_values=5)", "jnp.pad(A[0], ((0, 1), (2, 0)), "
            "mode='reflect', reflect_type='odd')"), [((3, 4),), ((4, 2),)], DEFAULT),
    call("diag", ("jnp.diag(A[0])", "jnp.diag(A[0], 1)", "jnp.diag(A[0], -2)"),
         [((4,),), ((3, 4),)], ALL),
    call("diagonal", ("jnp.diagonal(A[0])", "jnp.diagonal(A[0], 1, 0, 1)",
                      "jnp.diagonal(A[0], -1, 2, 0)"), _S, ALL),
    call("diagflat", ("jnp.diagflat(A[0])", "jnp.diagflat(A[0], -1)"), [((3,),), ((2, 2),)], ALL),
    call("trace", ("jnp.trace(A[0])", "jnp.trace(A[0], 1, 0, 1, dtype=jnp.float32)"), _S, ALL),
    call("tril", ("jnp.tril(A[0])", "jnp.tril(A[0], -1)", "jnp.tril(A[0], 2)"), _S, ALL),
    call("triu", ("jnp.triu(A[0])", "jnp.triu(A[0], 1)"), _S, ALL),
    call("tri", ("jnp.tri(3, dtype=jnp.{dt})", "jnp.tri(2, 4, k=1, dtype=jnp.{dt})"), [()], ALL),
    call("eye", ("jnp.eye(3, dtype=jnp.{dt})", "jnp.eye(2, 4, k=-1, dtype=jnp.{dt})"), [()], ALL),
    call("identity", "jnp.identity(3, dtype=jnp.{dt})", [()], ALL),
    *(call(n, f"jnp.{n}(4, 1)", [()], None) for n in ("tril_indices", "triu_indices")),
    *(call(n, f"jnp.{n}(A[0])", [((3, 4),), ((4, 4),)], ("float32",))
      for n in ("tril_indices_from", "triu_indices_from", "diag_indices_from")),
    call("diag_indices", ("jnp.diag_indices(3)", "jnp.diag_indices(2, 3)"), [()], None),
    call("fill_diagonal", ("jnp.fill_diagonal(A[0], A[1], inplace=False)",
                           "jnp.fill_diagonal(A[0], 5, wrap=True, inplace=False)"),
         [((3, 3), ()), ((5, 3), (3,))], ALL),
    *(call(n, (f"jnp.{n}((2, 3), dtype=jnp.{{dt}})", f"jnp.{n}(3, jnp.{{dt}})",
               f"jnp.{n}((), dtype=jnp.{{dt}})"), [()], ALL)
      for n in ("zeros", "ones")),
    call("full", ("jnp.full((2, 3), A[0])", "jnp.full((3,), 2, dtype=jnp.{dt})",
                  "jnp.full((2, 3), A[1])"), [((), (3,))], ALL),
    *(call(n, (f"jnp.{n}(A[0])", f"jnp.{n}(A[0], dtype=jnp.float32)",
               f"jnp.{n}(A[0], shape=(2, 2))"), [((3, 4),), (PY,)], ALL)
      for n in ("zeros_like", "ones_like")),
    call("full_like", ("jnp.full_like(A[0], 3)", "jnp.full_like(A[0], 2.5, dtype=jnp.float16)",
                       "jnp.full_like(A[0], A[1], shape=(2, 4))"), [((3, 4), (4,))], ALL),
    call("empty", "jnp.empty((2, 3), jnp.{dt}).shape", [()], ALL),
    call("empty_like", "jnp.empty_like(A[0]).dtype", [((3, 4),)], ALL),
    call("arange", ("jnp.arange(5)", "jnp.arange(2, 11, 3)", "jnp.arange(1.5, 4.0, 0.5)",
                    "jnp.arange(10, dtype=jnp.{dt})", "jnp.arange(3, 0, -1, dtype=jnp.{dt})"),
         [()], DEFAULT),
    call("linspace", ("jnp.linspace(A[0], A[1], 5)", "jnp.linspace(A[0], A[1], 4, endpoint=False,"
                      " retstep=True)", "jnp.linspace(A[0], A[1], 3, axis=-1, dtype=jnp.float32)"),
         [((), ()), ((3,), (3,)), ((2, 1), (2, 3))], NUMBER, tol={"float16": 1e-2}),
    call("logspace", ("jnp.logspace(A[0], A[1], 5)", "jnp.logspace(A[0], A[1], 4, base=2.0,"
                      " endpoint=False)"), [((), ()), ((3,), (3,))], FLOAT + INT, "small",
         {"float16": 1e-2, "float32": 1e-4}),
    call("geomspace", ("jnp.geomspace(A[0], A[1], 5)", "jnp.geomspace(A[0], A[1], 4, "
                       "endpoint=False)"), [((), ()), ((3,), (3,))], FLOAT + INT, "positive",
         {"float16": 1e-2, "float32": 1e-4}),
    call("meshgrid", ("jnp.meshgrid(A[0], A[1])", "jnp.meshgrid(A[0], A[1], indexing='ij')",
                      "jnp.meshgrid(A[0], A[1], sparse=True)"), [((3,), (4,)), ((), (2,))], ALL),
    call("indices", ("jnp.indices((2, 3))", "jnp.indices((2, 3), sparse=True)",
                     "jnp.indices((3,), dtype=jnp.int8)"), [()], None),
    call("mgrid", ("jnp.mgrid[0:3, 0:2]", "jnp.mgrid[0:1:5j]"), [()], None),
    call("ogrid", "jnp.ogrid[0:3, 0:2]", [()], None),
    call("r_", ("jnp.r_[A[0], A[1]]", "jnp.r_['0,2', A[0], A[1]]"), [((3,), (2,))], DEFAULT),
    call("c_", "jnp.c_[A[0], A[1]]", [((3,), (3,))], DEFAULT),
    call("where", ("jnp.where(A[0], A[1], A[2])",), [(Mask((3, 4)), (3, 4), ()),
                                                    (Mask((3, 1)), (1, 4), (3, 4))], ALL),
    call("where", ("jnp.where(A[0])", "jnp.where(A[0], size=5, fill_value=-1)"),
         [((3, 4),), ((5,),)], ALL, "some_zero"),
    call("select", ("jnp.select([A[0], A[1]], [A[2], A[3]])",
                    "jnp.select([A[0], A[1]], [A[2], A[3]], default=7)"),
         [(Mask((3, 4)), Mask((3, 4)), (3, 4), (3, 4))], ALL),
    call("choose", ("jnp.choose(A[0], [A[1], A[2]])", "jnp.choose(A[0], [A[1], A[2]], "
                    "mode='clip')"), [(Ix((3, 4), 2), (3, 4), (3, 4))], ALL),
    call("piecewise", "jnp.piecewise(A[1], [A[0], ~A[0]], [lambda t: t * 2, 0])",
         [(Mask((5,)), (5,))], DEFAULT),
    call("take", ("jnp.take(A[0], A[1])", "jnp.take(A[0], A[1], axis=1)",
                  "jnp.take(A[0], A[1], axis=0, mode='clip')",
                  "jnp.take(A[0], A[1], axis=-1, mode='wrap')"),
         [((3, 4), Ix((2,), 3)), ((3, 4), Ix((2, 2), 7))], ALL),
    call("take_along_axis", ("jnp.take_along_axis(A[0], A[1], axis=1)",
                             "jnp.take_along_axis(A[0], A[1], axis=0)"),
         [((3, 4), Ix((3, 2), 3)), ((3, 4), Ix((1, 4), 3))], ALL),
    call("put", ("jnp.put(A[0], A[1], 5, inplace=False)",
                 "jnp.put(A[0], A[1], A[2], mode='clip', inplace=False)"),
         [((3, 4), Ix((2,), 12), (2,))], ALL),
    call("put_along_axis", "jnp.put_along_axis(A[0], A[1], A[2], axis=1, inplace=False)",
         [((3, 4), Ix((3, 1), 4), (3, 1))], ALL),
    call("compress", ("jnp.compress(A[0], A[1], axis=0)", "jnp.compress(A[0], A[1])"),
         [(Mask((3,)), (3, 4))], ALL),
    call("extract", "jnp.extract(A[0], A[1])", [(Mask((3, 4)), (3, 4))], ALL),
    call("place", "jnp.place(A[1], A[0], jnp.array([7, 8]), inplace=False)",
         [(Mask((3, 4)), (3, 4))], DEFAULT),
    call("nonzero", ("jnp.nonzero(A[0])", "jnp.nonzero(A[0], size=4, fill_value=2)"),
         [((3, 4),), ((5,),)], ALL, "some_zero"),
    call("flatnonzero", ("jnp.flatnonzero(A[0])", "jnp.flatnonzero(A[0], size=3)"),
         [((3, 4),)], ALL, "some_zero"),
    call("argwhere", ("jnp.argwhere(A[0])", "jnp.argwhere(A[0], size=3)"), [((3, 4),), ((),)],
         ALL, "some_zero"),
    call("count_nonzero", ("jnp.count_nonzero(A[0])", "jnp.count_nonzero(A[0], axis=0)",
                           "jnp.count_nonzero(A[0], axis=-1, keepdims=True)"),
         [((3, 4),), ((2, 1, 4),)], ALL, "some_zero"),
    call("searchsorted", ("jnp.searchsorted(jnp.sort(A[0]), A[1])",
                          "jnp.searchsorted(jnp.sort(A[0]), A[1], side='right')",
                          "jnp.searchsorted(jnp.sort(A[0]), A[1], method='compare_all')"),
         [((8,), (3, 4)), ((5,), ())], DEFAULT, "some_equal"),
    call("digitize", ("jnp.digitize(A[0], jnp.sort(A[1]))",
                      "jnp.digitize(A[0], jnp.sort(A[1]), right=True)"),
         [((3, 4), (5,)), ((6,), (3,))], DEFAULT),
    call("sort", ("jnp.sort(A[0])", "jnp.sort(A[0], axis=0)", "jnp.sort(A[0], axis=None)",
                  "jnp.sort(A[0], descending=True)"), [((5,),), ((3, 4),)], REAL + BOOL),
    call("argsort", ("jnp.argsort(A[0])", "jnp.argsort(A[0], axis=0, stable=True)",
                     "jnp.argsort(A[0], descending=True)"), [((5,),), ((3, 4),)], REAL + BOOL,
         "some_equal"),
    call("sort_complex", "jnp.sort_complex(A[0])", [((5,),), ((3, 4),)], NUMBER),
    call("lexsort", ("jnp.lexsort((A[0], A[1]))", "jnp.lexsort((A[0], A[1]), axis=0)"),
         [((5,), (5,)), ((3, 4), (3, 4))], DEFAULT, "some_equal"),
    call("partition", "jnp.sort(jnp.partition(A[0], 2, axis=-1), axis=-1)",
         [((5,),), ((3, 4),)], DEFAULT),
    call("argpartition", "jnp.take_along_axis(A[0], jnp.argpartition(A[0], 2, axis=-1), "
         "axis=-1)[..., 2]", [((5,),), ((3, 4),)], DEFAULT),
    call("unique", ("jnp.unique(A[0])", "jnp.unique(A[0], return_counts=True)",
                    "jnp.unique(A[0], return_index=True, return_inverse=True)",
                    "jnp.unique(A[0], size=6, fill_value=0)", "jnp.unique(A[0], axis=0)"),
         [((8,),), ((3, 4),)], ALL, "some_equal"),
    *(call(n, f"jnp.{n}(A[0])", [((8,),), ((3, 4),)], DEFAULT, "some_equal")
      for n in ("unique_values", "unique_counts", "unique_inverse", "unique_all")),
    call("isin", ("jnp.isin(A[0], A[1])", "jnp.isin(A[0], A[1], invert=True)"),
         [((3, 4), (5,)), ((6,), ())], DEFAULT, "some_equal"),
    *(call(n, (f"jnp.{n}(A[0], A[1])", f"jnp.{n}(A[0], A[1], size=6, fill_value=0)"),
           [((6,), (5,)), ((3, 4), (4,))], DEFAULT, "some_equal")
      for n in ("union1d", "setdiff1d")),
    call("intersect1d", ("jnp.intersect1d(A[0], A[1])",
                         "jnp.intersect1d(A[0], A[1], return_indices=True)"),
         [((6,), (5,))], DEFAULT, "some_equal"),
    call("setxor1d", "jnp.setxor1d(A[0], A[1])", [((6,), (5,))], DEFAULT, "some_equal"),
    call("clip", ("jnp.clip(A[0], -1, 1)", "jnp.clip(A[0], min=0)", "jnp.clip(A[0], max=A[1])",
                  "jnp.clip(A[0], A[1], 2)"), [((3, 4), ()), ((2, 1, 4), (4,))], REAL),
    call("round", ("jnp.round(A[0])", "jnp.round(A[0], 1)", "jnp.round(A[0], -1)"),
         [((3, 4),), ((),)], NUMBER),
    call("around", "jnp.around(A[0], 2)", [((3, 4),)], NUMBER),
    call("nan_to_num", ("jnp.nan_to_num(A[0])", "jnp.nan_to_num(A[0], nan=1.0, posinf=2.0, "
                        "neginf=-2.0)"), [((3, 4),), ((),)], INEXACT + INT, "some_inf_and_nan"),
    call("real_if_close", "jnp.real_if_close(A[0])", [((3, 4),)], NUMBER),
    call("allclose", ("jnp.allclose(A[0], A[1])", "jnp.allclose(A[0], A[1], atol=10.0)"),
         [((3, 4), (3, 4)), ((3, 4), ())], NUMBER),
    call("ix_", "jnp.ix_(A[0], A[1])", [(Ix((2,), 3), Ix((3,), 4))], None),
    call("ravel_multi_index", ("jnp.ravel_multi_index((A[0], A[1]), (3, 4))",
                               "jnp.ravel_multi_index((A[0], A[1]), (3, 4), order='F')"),
         [(Ix((5,), 3), Ix((5,), 4))], None),
    call("unravel_index", ("jnp.unravel_index(A[0], (3, 4))",
                           "jnp.unravel_index(A[0], (4, 3))"), [(Ix((5,), 12),), (Ix((), 12),)],
         None),
    call("dot", ("jnp.dot(A[0], A[1])", "jnp.dot(A[0], A[1], preferred_element_type=jnp.float32)"),
         [((3,), (3,)), ((4, 3), (3,)), ((4, 3), (3, 5)), ((2, 4, 3), (3, 5)), ((), (3, 4))],
         NUMBER, tol={"float16": 1e-2, "bfloat16": 3e-2, "float32": 1e-5}),
    call("matmul", ("jnp.matmul(A[0], A[1])",),
         [((3,), (3,)), ((4, 3), (3,)), ((4, 3), (3, 5)), ((2, 4, 3), (3, 5)),
          ((2, 1, 4, 3), (5, 3, 2))], NUMBER,
         tol={"float16": 1e-2, "bfloat16": 3e-2, "float32": 1e-5}),
    call("vdot", "jnp.vdot(A[0], A[1])", [((3,), (3,)), ((3, 4), (3, 4))], NUMBER,
         tol={"float16": 1e-2, "bfloat16": 3e-2}),
    call("inner", "jnp.inner(A[0], A[1])", [((3,), (3,)), ((2, 3), (4, 3)), ((), (3,))], NUMBER,
         tol={"float16": 1e-2, "bfloat16": 3e-2}),
    call("tensordot", ("jnp.tensordot(A[0], A[1])", "jnp.tensordot(A[0], A[1], axes=1)",
                       "jnp.tensordot(A[0], A[1], axes=([0], [1]))"),
         [((3, 4), (4, 3)), ((2, 3, 4), (3, 4, 2))], NUMBER,
         tol={"float16": 1e-2, "bfloat16": 3e-2}),
    call("einsum", ("jnp.einsum('ij,jk->ik', A[0], A[1])", "jnp.einsum('ij,ij->i', A[0], A[0])",
                    "jnp.einsum('ij->ji', A[0])", "jnp.einsum('ii', A[1][:3, :3])"),
         [((3, 4), (4, 3))], NUMBER, tol={"float16": 1e-2, "bfloat16": 3e-2}),
    call("cross", ("jnp.cross(A[0], A[1])", "jnp.cross(A[0], A[1], axisa=0, axisb=0)"),
         [((3,), (3,)), ((3, 3), (3, 3)), ((4, 2), (4, 3))], NUMBER,
         tol={"float16": 1e-2, "bfloat16": 3e-2}),
    call("matvec", "jnp.matvec(A[0], A[1])", [((3, 4), (4,)), ((2, 3, 4), (2, 4))], NUMBER,
         tol={"float16": 1e-2, "bfloat16": 3e-2}),
    call("vecmat", "jnp.vecmat(A[0], A[1])", [((3,), (3, 4)), ((2, 3), (2, 3, 4))], NUMBER,
         tol={"float16": 1e-2, "bfloat16": 3e-2}),
    call("vecdot", ("jnp.vecdot(A[0], A[1])", "jnp.vecdot(A[0], A[1], axis=0)"),
         [((3,), (3,)), ((3, 4), (3, 4))], NUMBER, tol={"float16": 1e-2, "bfloat16": 3e-2}),
    *(call(n, (f"jnp.{n}(A[0], A[1])", f"jnp.{n}(A[0], A[1], mode='same')",
               f"jnp.{n}(A[0], A[1], mode='valid')"),
           [((7,), (3,)), ((3,), (7,)), ((1,), (4,))], NUMBER,
           tol={"float16": 1e-2, "bfloat16": 3e-2, "float32": 1e-5})
      for n in ("convolve", "correlate")),
    call("polyadd", "jnp.polyadd(A[0], A[1])", [((3,), (5,))], NUMBER),
    call("polysub", "jnp.polysub(A[0], A[1])", [((3,), (5,))], NUMBER),
    call("polymul", ("jnp.polymul(A[0], A[1])", "jnp.polymul(A[0], A[1], trim_leading_zeros=True)"),
         [((3,), (4,))], NUMBER, tol={"float16": 1e-2, "bfloat16": 3e-2}),
    call("polydiv", "jnp.polydiv(A[0], A[1])", [((5,), (2,))], INEXACT, "nonzero",
         {"float16": 5e-2, "bfloat16": 1e-1, "float32": 1e-4, "complex64": 1e-4}),
    call("polyder", ("jnp.polyder(A[0])", "jnp.polyder(A[0], 2)"), [((5,),)], NUMBER),
    call("polyint", ("jnp.polyint(A[0])", "jnp.polyint(A[0], 2, k=3)"), [((5,),)], INEXACT),
    call("polyfit", ("jnp.polyfit(A[0], A[1], 2)", "jnp.polyfit(A[0], A[1], 1, w=A[0])"),
         [((7,), (7,))], ("float32",), tol=1e-3),
    call("poly", "jnp.poly(A[0])", [((3,),), ((3, 3),)], ("float32",), tol=1e-4),
    call("roots", ("jnp.roots(A[0])", "jnp.roots(A[0], strip_zeros=False)"), [((4,),)],
         ("float32",), tol=1e-3),
    call("vander", ("jnp.vander(A[0])", "jnp.vander(A[0], 3, increasing=True)"), [((4,),)],
         NUMBER),
    call("histogram", ("jnp.histogram(A[0])", "jnp.histogram(A[0], bins=4, range=(-1, 1))",
                       "jnp.histogram(A[0], bins=3, density=True)"), [((10,),), ((3, 4),)],
         FLOAT, tol={"float16": 1e-2, "bfloat16": 1e-1}),
    call("histogram_bin_edges", "jnp.histogram_bin_edges(A[0], bins=5)", [((10,),)], FLOAT,
         tol={"float16": 1e-2, "bfloat16": 5e-2}),
    call("histogram2d", "jnp.histogram2d(A[0], A[1], bins=3)", [((10,), (10,))], ("float32",)),
    call("histogramdd", "jnp.histogramdd(A[0], bins=3)", [((10, 2),)], ("float32",)),
    call("bincount", ("jnp.bincount(A[0])", "jnp.bincount(A[0], length=8)",
                      "jnp.bincount(A[0], weights=A[1], minlength=3)"),
         [(Ix((10,), 6), (10,))], ("float32", "int32")),
    call("interp", ("jnp.interp(A[0], jnp.sort(A[1]), A[2])",
                    "jnp.interp(A[0], jnp.sort(A[1]), A[2], left=0.0, right=1.0)",
                    "jnp.interp(A[0], jnp.sort(A[1]), A[2], period=3.0)"),
         [((6,), (5,), (5,))], FLOAT, tol={"float16": 1e-2, "bfloat16": 5e-2, "float32": 1e-5}),
    call("gradient", ("jnp.gradient(A[0])", "jnp.gradient(A[0], 2.0, axis=0)",
                      "jnp.gradient(A[0], edge_order=1)"), [((5,),), ((3, 4),)], FLOAT),
    call("trapezoid", ("jnp.trapezoid(A[0])", "jnp.trapezoid(A[0], dx=0.5, axis=0)",
                       "jnp.trapezoid(A[0], A[1])"), [((5,), (5,)), ((3, 4), (4,))], FLOAT),
    call("packbits", ("jnp.packbits(A[0])", "jnp.packbits(A[0], axis=1, bitorder='little')"),
         [((3, 10),), ((8,),)], ("bool", "uint8", "int32")),
    call("unpackbits", ("jnp.unpackbits(A[0])", "jnp.unpackbits(A[0], axis=0, count=5)",
                        "jnp.unpackbits(A[0], bitorder='little')"), [((3, 2),), ((4,),)],
         ("uint8",), "fullrange"),
    call("frexp", "jnp.frexp(A[0])", [((3, 4),), ((),)], FLOAT, "some_inf_and_nan"),
    call("resize", ("jnp.resize(A[0], (2, 5))", "jnp.resize(A[0], 7)"), [((3, 4),), ((3,),)], ALL),
    call("trim_zeros", ("jnp.trim_zeros(A[0])", "jnp.trim_zeros(A[0], 'b')"), [((8,),)], DEFAULT,
         "some_zero"),
    *(call(n, (f"jnp.{n}(5)", f"jnp.{n}(1)", f"jnp.{n}(0)"), [()], None)
      for n in ("hanning", "hamming", "blackman", "bartlett")),
    call("kaiser", ("jnp.kaiser(5, 2.0)", "jnp.kaiser(4, 0.5)"), [()], None),
    call("astype", ("jnp.astype(A[0], jnp.int32)", "jnp.astype(A[0], jnp.float16)",
                    "jnp.astype(A[0], jnp.bool_)", "jnp.astype(A[0], jnp.uint8)"),
         [((3, 4),)], _minus(ALL, "complex64"), "default"),
    call("copy", "jnp.copy(A[0])", [((3, 4),), (PY,)], ALL),
    call("asarray", ("jnp.asarray(A[0])", "jnp.asarray(A[0], dtype=jnp.float32)",
                     "jnp.asarray([A[0], A[0]])"), [((3,),), (PY,)], ALL),
    call("array", ("jnp.array(A[0])", "jnp.array(A[0], ndmin=3)", "jnp.array([A[0], 1])",
                   "jnp.array(A[0], copy=False, dtype=jnp.int16)"), [((3,),), (PY,), ((),)], ALL),
    call("iscomplexobj", "jnp.iscomplexobj(A[0])", [((3,),), (PY,)], ALL),
    call("isscalar", "jnp.isscalar(A[0])", [((3,),), (PY,), ((),)], ALL),
    call("result_type", ("jnp.result_type(A[0], A[1])", "jnp.result_type(A[0], 1.0)"),
         [((3,), (2,)), ((3,), PY)], ALL),
    call("promote_types", ("jnp.promote_types(jnp.{dt}, jnp.float16)",
                           "jnp.promote_types(jnp.{dt}, jnp.uint8)"), [()], ALL),
    call("can_cast", ("jnp.can_cast(jnp.{dt}, jnp.float32)",
                      "jnp.can_cast(jnp.{dt}, jnp.int8, casting='same_kind')"), [()], ALL),
    call("apply_along_axis", ("jnp.apply_along_axis(jnp.sum, 1, A[0])",
                              "jnp.apply_along_axis(lambda t: t[::-1] * 2, 0, A[0])"),
         [((3, 4),)], DEFAULT),
    call("apply_over_axes", "jnp.apply_over_axes(jnp.sum, A[0], [0, 2])", [((2, 3, 4),)],
         DEFAULT),
    call("vectorize", "jnp.vectorize(lambda a, b: a + 2 * b)(A[0], A[1])",
         [((3, 4), (4,))], DEFAULT),
    call("frompyfunc", "jnp.frompyfunc(jnp.add, 2, 1, identity=0).reduce(A[0])",
         [((5,),)], DEFAULT),
    call("ndim", "jnp.ndim(A[0])", [((3, 4),), (PY,)], ("float32",)),
    call("shape", "jnp.shape(A[0])", [((3, 4),), (PY,)], ("float32",)),
    call("size", ("jnp.size(A[0])", "jnp.size(A[0], 1)"), [((3, 4),)], ("float32",)),
    call("issubdtype", ("jnp.issubdtype(jnp.{dt}, jnp.floating)",
                        "jnp.issubdtype(jnp.{dt}, jnp.integer)"), [()], ALL),
    call("isdtype", ("jnp.isdtype(jnp.{dt}, 'real floating')",
                     "jnp.isdtype(jnp.{dt}, ('integral', 'bool'))"), [()], ALL),
    call("iinfo", "int(jnp.iinfo(jnp.{dt}).max)", [()], INTS),
    call("finfo", "float(jnp.finfo(jnp.{dt}).eps)", [()], FLOAT),
]  # fmt: skip

# ----------------------------------------------------------------------------- lax
# lax_test_util.lax_ops(): op, nargs, dtypes, rng, tol
_LAX_OPS = [
    ("neg", 1, DEFAULT + COMPLEX, "small", None), ("sign", 1, DEFAULT + UINT, "small", None),
    ("floor", 1, FLOAT, "small", None), ("ceil", 1, FLOAT, "small", None),
    ("round", 1, FLOAT, "default", None), ("nextafter", 2, _NO_BF16, "default", 0),
    ("is_finite", 1, FLOAT, "small", None), ("exp", 1, INEXACT, "small", None),
    ("exp2", 1, INEXACT, "small", None), ("expm1", 1, INEXACT, "small", None),
    ("log", 1, INEXACT, "positive", None), ("log1p", 1, INEXACT, "positive", None),
    ("tanh", 1, INEXACT, "small", None), ("logistic", 1, INEXACT, "default", None),
    ("sin", 1, INEXACT, "default", None), ("cos", 1, INEXACT, "default", None),
    ("atan2", 2, FLOAT, "default", None), ("sqrt", 1, FLOAT, "positive", None),
    ("sqrt", 1, COMPLEX, "default", None), ("rsqrt", 1, FLOAT, "positive", None),
    ("rsqrt", 1, COMPLEX, "default", None), ("cbrt", 1, FLOAT, "default", None),
    ("square", 1, INEXACT, "default", None), ("reciprocal", 1, INEXACT, "positive", None),
    ("tan", 1, INEXACT, "default", {"float32": 3e-5}), ("asin", 1, INEXACT, "small", None),
    ("acos", 1, INEXACT, "small", None), ("atan", 1, INEXACT, "small", None),
    ("asinh", 1, INEXACT, "default", {"complex64": 1e-4}),
    ("acosh", 1, INEXACT, "positive", None), ("atanh", 1, INEXACT, "small", None),
    ("sinh", 1, INEXACT, "default", None), ("cosh", 1, INEXACT, "default", None),
    ("lgamma", 1, FLOAT, "positive", {"float32": 1e-5}),
    ("digamma", 1, FLOAT, "positive", None),
    ("betainc", 3, FLOAT, "uniform0_1", {"float32": 2e-5}),
    ("igamma", 2, ("float32",), "positive", None), ("igammac", 2, ("float32",), "positive", None),
    ("erf", 1, FLOAT, "small", None), ("erfc", 1, FLOAT, "small", None),
    ("erf_inv", 1, FLOAT, "small", None), ("bessel_i0e", 1, FLOAT, "default", None),
    ("bessel_i1e", 1, FLOAT, "default", None), ("real", 1, COMPLEX, "default", None),
    ("imag", 1, COMPLEX, "default", None), ("complex", 2, FLOAT, "default", None),
    ("conj", 1, FLOAT + COMPLEX, "default", None), ("abs", 1, DEFAULT + COMPLEX, "default", None),
    ("pow", 2, INEXACT, "positive", None), ("bitwise_and", 2, BOOL, "small", None),
    ("bitwise_not", 1, BOOL, "small", None), ("bitwise_or", 2, BOOL, "small", None),
    ("bitwise_xor", 2, BOOL, "small", None), ("population_count", 1, INTS, "int100", None),
    ("clz", 1, INTS, "int100", None), ("add", 2, DEFAULT + COMPLEX, "small", None),
    ("sub", 2, DEFAULT + COMPLEX, "small", None), ("mul", 2, DEFAULT + COMPLEX, "small", None),
    ("mulhi", 2, INTS, "fullrange", None), ("div", 2, DEFAULT + COMPLEX, "nonzero", None),
    ("rem", 2, DEFAULT, "nonzero", None), ("max", 2, ALL, "small", None),
    ("min", 2, ALL, "small", None), ("eq", 2, ALL, "some_equal", None),
    ("ne", 2, ALL, "small", None), ("ge", 2, DEFAULT, "small", None),
    ("gt", 2, DEFAULT, "small", None), ("le", 2, DEFAULT, "small", None),
    ("lt", 2, DEFAULT, "small", None),
]  # fmt: skip
LAX_OP_RECORDS = [
    op(name, nargs, dtypes, "lax", kind, tol, ns="lax")
    for name, nargs, dtypes, kind, tol in _LAX_OPS
]

_DN = "lax.GatherDimensionNumbers"
_SDN = "lax.ScatterDimensionNumbers"
_SC = ("int32",)
LAX_FUNCTION_RECORDS = [
    # lax_out_dtype_ops(): mul with out_dtype / testOpOutDtype
    call("mul", "lax.mul(A[0], A[1], out_dtype=jnp.float32)", [((3,), (3,))], ("float16", "int8"),
         ns="lax"),
    # lax_reduce_ops() (lax.reduce with a monoid) and lax_named_reduce_ops()
    call("reduce", ("lax.reduce(A[0], 0, lax.add, (0,))", "lax.reduce(A[0], 1, lax.mul, (1,))",
                    "lax.reduce(A[0], -jnp.inf, lax.max, (0, 1))"),
         [((3, 4),), ((2, 3, 4),)], FLOAT, "small", ns="lax"),
    call("reduce", "lax.reduce(A[0], 0, lax.bitwise_or, (0,))", [((3, 4),)], INTS + BOOL,
         "fullrange", ns="lax"),
    *(call(f"reduce_{n}", (f"lax.reduce_{n}(A[0], (0,))", f"lax.reduce_{n}(A[0], (0, 1))",
                           f"lax.reduce_{n}(A[0], ())"), [((3, 4),), ((2, 1, 4),)], d,
           "fullrange" if n in ("and", "or", "xor") else "small", ns="lax")
      for n, d in [("sum", NUMBER), ("prod", NUMBER), ("max", ALL), ("min", ALL),
                   ("and", BOOL + INTS), ("or", BOOL + INTS), ("xor", BOOL + INTS)]),
    # testArgMinMax
    *(call(n, (f"lax.{n}(A[0], 0, jnp.int32)", f"lax.{n}(A[0], 1, jnp.int32)"),
           [((3, 4),), ((2, 1, 4),)], DEFAULT + BOOL, "some_equal", ns="lax")
      for n in ("argmin", "argmax")),
    # testClamp / testConcatenate / testSplit
    call("clamp", "lax.clamp(A[0], A[1], A[2])", [((), (2, 3), ()), ((2, 3), (2, 3), (2, 3))],
         DEFAULT, ns="lax"),
    call("concatenate", ("lax.concatenate([A[0], A[1], A[2]], 0)",),
         [((3, 4), (1, 4), (4, 4)), ((3,), (1,), (4,))], DEFAULT, ns="lax"),
    call("split", ("lax.split(A[0], (1, 0, 3), axis=0)", "lax.split(A[0], (2, 2), axis=1)"),
         [((4, 4),)], DEFAULT, ns="lax"),
    # testConvertElementType / testBitcastConvertType
    call("convert_element_type", ("lax.convert_element_type(A[0], jnp.int32)",
                                  "lax.convert_element_type(A[0], jnp.float32)",
                                  "lax.convert_element_type(A[0], jnp.bfloat16)",
                                  "lax.convert_element_type(A[0], jnp.bool_)"),
         [((2, 3),)], _minus(ALL, "complex64"), ns="lax"),
    call("bitcast_convert_type", ("lax.bitcast_convert_type(A[0], jnp.int32)",
                                  "lax.bitcast_convert_type(A[0], jnp.uint8)"),
         [((2, 3),)], ("float32", "int32", "uint32"), ns="lax"),
    # testConv / testConvGeneralDilated / testConvTranspose / testConvWithGeneralPadding
    call("conv", ("lax.conv(A[0], A[1], (1, 1), 'VALID')", "lax.conv(A[0], A[1], (1, 2), 'SAME')",
                  "lax.conv(A[0], A[1], (2, 1), 'SAME_LOWER')"),
         [((2, 3, 9, 10), (2, 3, 4, 5))], FLOAT, "small", {"float32": 1e-4}, ns="lax"),
    call("conv_with_general_padding", "lax.conv_with_general_padding(A[0], A[1], (1, 2), "
         "((1, 2), (0, 1)), (1, 1), (2, 1))", [((2, 3, 9, 10), (3, 3, 4, 5))], FLOAT, "small",
         {"float32": 1e-4}, ns="lax"),
    call("conv_general_dilated", (
        "lax.conv_general_dilated(A[0], A[1], (1, 1), 'SAME', (1, 1), (2, 1))",
        "lax.conv_general_dilated(A[0], A[1], (2, 1), ((1, 0), (0, 2)), (2, 2), (1, 1))",
        "lax.conv_general_dilated(A[0], A[1], (1, 1), 'VALID', feature_group_count=1, "
        "dimension_numbers=('NCHW', 'OIHW', 'NHWC'))"),
         [((2, 3, 9, 10), (4, 3, 3, 2))], FLOAT, "small", {"float32": 1e-4}, ns="lax"),
    call("conv_general_dilated", "lax.conv_general_dilated(A[0], A[1], (1,), 'SAME', "
         "dimension_numbers=('NHC', 'HIO', 'NHC'), feature_group_count=2)",
         [((2, 7, 4), (3, 2, 6))], ("float32",), "small", 1e-4, ns="lax"),
    call("conv_transpose", ("lax.conv_transpose(A[0], A[1], (2, 2), 'SAME', "
                            "dimension_numbers=('NHWC', 'HWIO', 'NHWC'))",
                            "lax.conv_transpose(A[0], A[1], (1, 1), 'VALID', "
                            "dimension_numbers=('NHWC', 'HWIO', 'NHWC'))"),
         [((2, 5, 6, 3), (3, 3, 3, 4))], FLOAT, "small", {"float32": 1e-4}, ns="lax"),
    # testDot / testDotGeneral / testDotGeneralPreferredElement / testBatchMatMul
    call("dot", ("lax.dot(A[0], A[1])", "lax.dot(A[0], A[1], preferred_element_type=jnp.float32)"),
         [((3,), (3,)), ((4, 3), (3,)), ((4, 3), (3, 5))], NUMBER, "small",
         {"float16": 1e-2, "bfloat16": 3e-2, "float32": 1e-5}, ns="lax"),
    call("dot_general", (
        "lax.dot_general(A[0], A[1], (((2,), (1,)), ((0,), (0,))))",
        "lax.dot_general(A[0], A[1], (((1,), (2,)), ((0,), (0,))))",
        "lax.dot_general(A[0], A[1], (((2,), (1,)), ((0,), (0,))), "
        "preferred_element_type=jnp.float32)"),
         [((3, 4, 2), (3, 2, 4)), ((2, 3, 4), (2, 4, 3))], NUMBER, "small",
         {"float16": 1e-2, "bfloat16": 3e-2, "float32": 1e-5}, ns="lax"),
    call("batch_matmul", "lax.batch_matmul(A[0], A[1])", [((2, 3, 4), (2, 4, 5))], NUMBER,
         "small", {"float16": 1e-2, "bfloat16": 3e-2}, ns="lax"),
    # testBroadcast / testBroadcastInDim / testReshape / testPad / testReverse / testSelect
    call("broadcast", ("lax.broadcast(A[0], (2,))", "lax.broadcast(A[0], (2, 3))"),
         [((),), ((3, 4),)], ALL, ns="lax"),
    call("broadcast_in_dim", ("lax.broadcast_in_dim(A[0], (2, 3, 4), (1, 2))",
                              "lax.broadcast_in_dim(A[0], (3, 4, 2), (0, 1))"),
         [((3, 4),), ((3, 1),), ((1, 4),)], ALL, ns="lax"),
    call("reshape", ("lax.reshape(A[0], (4, 6))", "lax.reshape(A[0], (6, 4), (2, 1, 0))",
                     "lax.reshape(A[0], (24,))"), [((2, 3, 4),)], ALL, ns="lax"),
    call("pad", ("lax.pad(A[0], A[1], [(1, 2, 1), (0, 1, 0)])",
                 "lax.pad(A[0], A[1], [(-1, 0, 0), (2, -1, 2)])",
                 "lax.pad(A[0], A[1], [(0, 0, 0), (0, 0, 0)])"), [((2, 3), ())], ALL, ns="lax"),
    call("rev", ("lax.rev(A[0], (0,))", "lax.rev(A[0], (0, 1))", "lax.rev(A[0], ())"),
         [((2, 3),), ((2, 3, 4),)], ALL, ns="lax"),
    call("select_n", ("lax.select_n(A[0], A[1], A[2])",),
         [(Mask((2, 3)), (2, 3), (2, 3)), (Mask(()), (2, 3), (2, 3))], ALL, ns="lax"),
    call("select_n", "lax.select_n(A[0], A[1], A[2], A[1])", [(Ix((2, 3), 3), (2, 3), (2, 3))],
         ALL, ns="lax"),
    # testSlice / testDynamicSlice / testDynamicUpdateSlice / testIndexTake ...
    call("slice", ("lax.slice(A[0], (1, 1), (3, 4))", "lax.slice(A[0], (0, 0), (3, 4), (2, 3))"),
         [((3, 4),), ((5, 4),)], ALL, ns="lax"),
    call("slice_in_dim", ("lax.slice_in_dim(A[0], 1, 3)", "lax.slice_in_dim(A[0], 0, 4, 2, 1)"),
         [((3, 4),)], ALL, ns="lax"),
    call("index_in_dim", ("lax.index_in_dim(A[0], 1)", "lax.index_in_dim(A[0], -1, 1, False)"),
         [((3, 4),)], ALL, ns="lax"),
    call("dynamic_slice", ("lax.dynamic_slice(A[0], (1, 1), (2, 2))",
                           "lax.dynamic_slice(A[0], (A[1], 3), (2, 2))"),
         [((3, 4), Ix((), 5))], ALL, ns="lax"),
    call("dynamic_slice_in_dim", "lax.dynamic_slice_in_dim(A[0], A[1], 2, 1)",
         [((3, 4), Ix((), 4))], ALL, ns="lax"),
    call("dynamic_index_in_dim", "lax.dynamic_index_in_dim(A[0], A[1], 0, False)",
         [((3, 4), Ix((), 3))], ALL, ns="lax"),
    call("dynamic_update_slice", ("lax.dynamic_update_slice(A[0], A[1], (1, 1))",
                                  "lax.dynamic_update_slice(A[0], A[1], (2, 3))"),
         [((3, 4), (2, 2))], ALL, ns="lax"),
    call("dynamic_update_slice_in_dim", "lax.dynamic_update_slice_in_dim(A[0], A[1], 1, 0)",
         [((3, 4), (2, 4))], ALL, ns="lax"),
    call("dynamic_update_index_in_dim", "lax.dynamic_update_index_in_dim(A[0], A[1], 2, 0)",
         [((3, 4), (4,))], ALL, ns="lax"),
    call("transpose", ("lax.transpose(A[0], (1, 0))", "lax.transpose(A[0], (2, 0, 1))"),
         [((3, 4),), ((2, 3, 4),)], ALL, ns="lax"),
    call("squeeze", ("lax.squeeze(A[0], (1,))", "lax.squeeze(A[0], (0, 2))"),
         [((1, 1, 1),), ((3, 1, 4),)], ALL, ns="lax"),
    call("expand_dims", ("lax.expand_dims(A[0], (0,))", "lax.expand_dims(A[0], (0, 3))"),
         [((3, 4),)], ALL, ns="lax"),
    call("collapse", ("lax.collapse(A[0], 0, 2)", "lax.collapse(A[0], 1)"), [((2, 3, 4),)], ALL,
         ns="lax"),
    call("gather", (
        f"lax.gather(A[0], A[1], {_DN}(offset_dims=(), collapsed_slice_dims=(0,), "
        "start_index_map=(0,)), (1,))",),
         [((5,), Ix((2, 1), 5))], ALL, ns="lax"),
    call("gather", (
        f"lax.gather(A[0], A[1], {_DN}(offset_dims=(1,), collapsed_slice_dims=(0,), "
        "start_index_map=(0,)), (1, 3))",
        f"lax.gather(A[0], A[1], {_DN}(offset_dims=(1,), collapsed_slice_dims=(0,), "
        "start_index_map=(0,)), (1, 3), mode='fill', fill_value=-1)"),
         [((10, 5), Ix((3, 1), 12))], ALL, ns="lax"),
    *(call(f"scatter{s}", (
        f"lax.scatter{s}(A[0], A[1], A[2], {_SDN}(update_window_dims=(), "
        "inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)))",
        f"lax.scatter{s}(A[0], A[1], A[2], {_SDN}(update_window_dims=(), "
        "inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)), mode='drop')"),
           [((5,), Ix((2, 1), 7), (2,))], DEFAULT, ns="lax")
      for s in ("", "_add", "_mul", "_min", "_max", "_sub")),
    call("scatter_apply", f"lax.scatter_apply(A[0], A[1], jnp.negative, {_SDN}("
         "update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)), "
         "update_shape=(2,))", [((5,), Ix((2, 1), 5))], DEFAULT, ns="lax"),
    call("index_take", "lax.index_take(A[0], (A[1],), (0,))", [((5, 3), Ix((2,), 5))], DEFAULT,
         ns="lax"),
    # testReduceWindow / testCumulativeReduce / testSort / testTopK / testIota
    call("reduce_window", (
        "lax.reduce_window(A[0], 0.0, lax.add, (2, 2), (1, 1), 'VALID')",
        "lax.reduce_window(A[0], -jnp.inf, lax.max, (2, 3), (2, 1), 'SAME')",
        "lax.reduce_window(A[0], 0.0, lax.add, (1, 2), (1, 1), [(1, 0), (0, 1)], "
        "base_dilation=(1, 2), window_dilation=(2, 1))"), [((4, 6),)], FLOAT, "small", ns="lax"),
    *(call(n, (f"lax.{n}(A[0], 0)", f"lax.{n}(A[0], 1, reverse=True)"),
           [((5,),), ((3, 4),)], d, "small", {"float16": 1e-2, "bfloat16": 5e-2}, ns="lax")
      for n, d in [("cumsum", NUMBER), ("cumprod", NUMBER), ("cummax", REAL),
                   ("cummin", REAL), ("cumlogsumexp", FLOAT)]),
    call("sort", ("lax.sort(A[0])", "lax.sort(A[0], dimension=0)", "lax.sort(A[0], is_stable=True)"),
         [((5,),), ((3, 4),)], REAL + BOOL, ns="lax"),
    call("sort", "lax.sort((A[0], A[1]), num_keys=1)", [((5,), (5,)), ((3, 4), (3, 4))], REAL,
         ns="lax"),
    call("sort_key_val", ("lax.sort_key_val(A[0], A[1])", "lax.sort_key_val(A[0], A[1], 0)"),
         [((5,), (5,)), ((3, 4), (3, 4))], REAL, ns="lax"),
    call("top_k", ("lax.top_k(A[0], 2)", "lax.top_k(A[0], 1)"), [((5,),), ((3, 4),)], REAL,
         ns="lax"),
    call("iota", ("lax.iota(jnp.{dt}, 5)", "lax.iota(jnp.{dt}, 0)"), [()], REAL, ns="lax"),
    call("broadcasted_iota", ("lax.broadcasted_iota(jnp.{dt}, (3, 4), 1)",
                              "lax.broadcasted_iota(jnp.{dt}, (2, 3, 4), 0)"), [()], REAL, ns="lax"),
    call("full", ("lax.full((2, 3), 1.5)", "lax.full((3,), 2, jnp.{dt})"), [()], ALL, ns="lax"),
    call("full_like", ("lax.full_like(A[0], 3)", "lax.full_like(A[0], 2.5, jnp.float16, (2,))"),
         [((3, 4),)], ALL, ns="lax"),
    call("zeros_like_array", "lax.zeros_like_array(A[0])", [((3, 4),)], ALL, ns="lax"),
    call("integer_pow", ("lax.integer_pow(A[0], 3)", "lax.integer_pow(A[0], 0)",
                         "lax.integer_pow(A[0], -2)"), [((3, 4),)], INEXACT, "positive",
         {"float16": 1e-2, "bfloat16": 5e-2}, ns="lax"),
    *(call(n, f"lax.{n}(A[0], A[1])", [((3, 4), Arg((3, 4), None, "int8")), ((4,), Arg((4,),
           None, "int8"))], INTS, "fullrange", ns="lax")
      for n in ("shift_left", "shift_right_arithmetic", "shift_right_logical")),
    call("reduce_precision", ("lax.reduce_precision(A[0], 5, 10)",
                              "lax.reduce_precision(A[0], 8, 7)"), [((3, 4),)], FLOAT, ns="lax"),
    call("polygamma", "lax.polygamma(A[0], A[1])",
         [(Arg((3,), None, "int4"), Arg((3,), None, "positive"))], ("float32",), tol=1e-4,
         ns="lax"),
    call("zeta", "lax.zeta(A[0], A[1])", [(Arg((3,), None, "uniform2_5"), (3,))], ("float32",),
         "positive", 1e-4, ns="lax"),
    call("random_gamma_grad", "lax.random_gamma_grad(A[0], A[1])", [((3,), (3,))], ("float32",),
         "positive", 1e-4, ns="lax"),
    call("stop_gradient", "lax.stop_gradient(A[0])", [((3, 4),)], ALL, ns="lax"),
    call("tie_in", "lax.tie_in(A[0], A[1])", [((3,), (3,))], ("float32",), ns="lax"),
    call("approx_max_k", "lax.approx_max_k(A[0], 2)", [((3, 8),)], ("float32",), ns="lax"),
    call("approx_min_k", "lax.approx_min_k(A[0], 2)", [((3, 8),)], ("float32",), ns="lax"),
]  # fmt: skip

# ----------------------------------------------------------------------------- jax.random
# random_test.py: each sampler with its test's parameters; keys by jr.key / jr.PRNGKey
_K = "jr.PRNGKey(0)"
RANDOM_RECORDS = [
    call("PRNGKey", ("jr.PRNGKey(0)", "jr.PRNGKey(-1)", "jr.PRNGKey(2**31 + 5)"), [()], None,
         ns="jr"),
    call("key", "jr.key_data(jr.key(7))", [()], None, ns="jr"),
    call("key_data", ("jr.key_data(jr.key(42))", "jr.key_data(jr.split(jr.key(1), 3))"), [()],
         None, ns="jr"),
    call("wrap_key_data", "jr.key_data(jr.wrap_key_data(jnp.array([1, 2], jnp.uint32)))", [()],
         None, ns="jr"),
    call("split", ("jr.split(jr.PRNGKey(42))", "jr.split(jr.PRNGKey(1), 3)",
                   "jr.split(jr.PRNGKey(1), (2, 3))"), [()], None, ns="jr"),
    call("fold_in", ("jr.fold_in(jr.PRNGKey(42), 7)", "jr.fold_in(jr.PRNGKey(3), 2**32 - 1)"),
         [()], None, ns="jr"),
    call("clone", "jr.key_data(jr.clone(jr.key(3)))", [()], None, ns="jr"),
    call("bits", ("jr.bits(jr.PRNGKey(42), (16,))", "jr.bits(jr.PRNGKey(4), (3, 4), jnp.{dt})"),
         [()], ("uint8", "uint32", "uint16"), ns="jr"),
    call("uniform", ("jr.uniform(jr.PRNGKey(42), (10,), jnp.{dt})",
                     "jr.uniform(jr.PRNGKey(1), (3, 4), jnp.{dt}, minval=-2.0, maxval=3.5)"),
         [()], FLOAT, ns="jr"),
    call("randint", ("jr.randint(jr.PRNGKey(42), (10,), 0, 10, jnp.{dt})",
                     "jr.randint(jr.PRNGKey(4), (3, 4), -5, 100, jnp.{dt})"), [()], INT, ns="jr"),
    call("normal", ("jr.normal(jr.PRNGKey(42), (10,), jnp.{dt})",), [()], INEXACT, ns="jr"),
    call("truncated_normal", "jr.truncated_normal(jr.PRNGKey(42), -1.0, 2.0, (10,), jnp.{dt})",
         [()], FLOAT, ns="jr"),
    call("bernoulli", ("jr.bernoulli(jr.PRNGKey(42), 0.1, (10,))",
                       "jr.bernoulli(jr.PRNGKey(42), 0.5, (10,))",
                       "jr.bernoulli(jr.PRNGKey(42), jnp.array([0.1, 0.5, 0.9]))"), [()], None,
         ns="jr"),
    call("categorical", ("jr.categorical(jr.PRNGKey(42), jnp.log(jnp.array([0.1, 0.2, 0.7])), "
                         "shape=(10,))", "jr.categorical(jr.PRNGKey(0), jnp.array([[1.0, 2.0], "
                         "[0.5, 0.1], [3.0, 0.0]]), axis=0)"), [()], None, ns="jr"),
    call("permutation", ("jr.permutation(jr.PRNGKey(42), 10)",
                         "jr.permutation(jr.PRNGKey(3), jnp.arange(12).reshape(3, 4), axis=1)",
                         "jr.permutation(jr.PRNGKey(3), jnp.arange(12.0).reshape(4, 3), "
                         "independent=True)"), [()], None, ns="jr"),
    call("choice", ("jr.choice(jr.PRNGKey(42), 10, (5,))",
                    "jr.choice(jr.PRNGKey(42), 10, (3,), replace=False)",
                    "jr.choice(jr.PRNGKey(42), 5, (6,), p=jnp.array([0.1, 0.2, 0.3, 0.2, 0.2]))",
                    "jr.choice(jr.PRNGKey(1), jnp.arange(20).reshape(5, 4), (2,), axis=1)"),
         [()], None, ns="jr"),
    *(call(n, tuple(f"jr.{n}({_K}, {p}, (6,), jnp.{{dt}})" for p in ps), [()], FLOAT, ns="jr")
      for n, ps in [("beta", ("0.2, 1.0", "1.0, 5.0", "5.0, 0.2")),
                    ("gamma", ("0.1", "1.0", "10.0")), ("loggamma", ("0.1", "1.0", "10.0")),
                    ("pareto", ("0.1", "1.0", "10.0")), ("t", ("0.1", "1.0", "10.0")),
                    ("chisquare", ("0.1", "1.0", "10.0")), ("f", ("0.1, 1.0", "10.0, 10.0")),
                    ("generalized_normal", ("0.5", "1.0", "3.0")),
                    ("weibull_min", ("1.0, 0.5", "2.0, 1.5")), ("rayleigh", ("0.5", "2.0")),
                    ("wald", ("0.5", "1.5")), ("lognormal", ("0.5", "2.0"))]),
    *(call(n, f"jr.{n}({_K}, (6,), jnp.{{dt}})", [()], FLOAT, ns="jr")
      for n in ("cauchy", "exponential", "gumbel", "laplace", "logistic", "maxwell")),
    call("double_sided_maxwell", "jr.double_sided_maxwell(jr.PRNGKey(11), 1.0, 2.0, (6,), "
         "jnp.{dt})", [()], FLOAT, ns="jr"),
    call("triangular", "jr.triangular(jr.PRNGKey(15), 0.0, 1.0, 3.0, (6,), jnp.{dt})", [()], FLOAT,
         ns="jr"),
    call("rademacher", "jr.rademacher(jr.PRNGKey(2), (10,), jnp.{dt})", [()], INT, ns="jr"),
    call("geometric", ("jr.geometric(jr.PRNGKey(14), 0.3, (10,), jnp.{dt})",), [()], INT, ns="jr"),
    call("poisson", ("jr.poisson(jr.PRNGKey(21), 3.0, (6,), jnp.{dt})",
                     "jr.poisson(jr.PRNGKey(21), jnp.array([0.5, 9.0, 11.0, 50.0, 500.0]), "
                     "dtype=jnp.{dt})"), [()], INT, ns="jr"),
    call("binomial", ("jr.binomial(jr.PRNGKey(23), 10, 0.3, (6,), jnp.{dt})",
                      "jr.binomial(jr.PRNGKey(24), jnp.array([5.0, 100.0, 1000.0]), "
                      "jnp.array([0.2, 0.9, 0.05]), dtype=jnp.{dt})"), [()], FLOAT, ns="jr"),
    call("multinomial", "jr.multinomial(jr.PRNGKey(26), jnp.array([10.0, 200.0]), "
         "jnp.array([[0.1, 0.6, 0.3], [0.25, 0.25, 0.5]]))", [()], None, ns="jr"),
    call("dirichlet", ("jr.dirichlet(jr.PRNGKey(4), jnp.array([0.5, 1.0, 2.0]), (2,), jnp.{dt})",),
         [()], FLOAT, ns="jr"),
    call("multivariate_normal", tuple(
        "jr.multivariate_normal(jr.PRNGKey(20), jnp.array([1.0, -1.0]), jnp.array([[2.0, 0.5], "
        f"[0.5, 1.0]]), (4,), method='{m}')" for m in ("cholesky", "eigh", "svd")), [()], None,
         ns="jr"),
    call("orthogonal", ("jr.orthogonal(jr.PRNGKey(19), 3)", "jr.orthogonal(jr.PRNGKey(19), 1)",
                        "jr.orthogonal(jr.PRNGKey(19), 2, (2,), m=3)"), [()], None, ns="jr"),
    call("ball", ("jr.ball(jr.PRNGKey(18), 2, 2, (4,))", "jr.ball(jr.PRNGKey(18), 3, 1.0)"),
         [()], None, ns="jr"),
]  # fmt: skip

# per-record tolerance of the random samplers: the same bits where integer, float32
# rounding of the transcendental steps elsewhere (wald's cancellation a little more)
_RANDOM_TOL = {"wald": 1e-5, "orthogonal": 1e-5, "multivariate_normal": 1e-5}


def all_records() -> list[Record]:
    random = [
        r._replace(tol=_RANDOM_TOL.get(r.public, r.tol if r.tol is not None else 2e-6))
        for r in RANDOM_RECORDS
    ]
    return (
        OPERATOR_RECORDS
        + OVERLOAD_RECORDS
        + REDUCER_RECORDS
        + FUNCTION_RECORDS
        + LAX_OP_RECORDS
        + LAX_FUNCTION_RECORDS
        + random
    )
