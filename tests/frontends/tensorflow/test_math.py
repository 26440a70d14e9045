"""tf.math against real TensorFlow on every backend: values (float32/float64/int32), every
dtype's kernel outcome (result dtype or TF's error class), reductions, scans, segments."""

from __future__ import annotations

import numpy
import pytest

import core
from frontends import tensorflow as tf
from frontends.tensorflow._kernel_table import TABLE
from tests.frontends.tensorflow import kernel_probes
from tests.frontends.tensorflow.cases import check_cases, check_errors

RNG = numpy.random.default_rng(0)
X32 = RNG.uniform(0.1, 0.9, (2, 3)).astype(numpy.float32)
Y32 = RNG.uniform(0.1, 0.9, (2, 3)).astype(numpy.float32)
WIDE = RNG.standard_normal((3, 4)).astype(numpy.float32)
I32 = numpy.array([[3, -2, 7], [0, 5, -4]], dtype=numpy.int32)
J32 = numpy.array([[2, 3, -3], [1, 2, 5]], dtype=numpy.int32)
DTYPES = kernel_probes.ORDER


def test_kernel_table_matches_tensorflow() -> None:
    """The stored dtype table is what real TF 2.21 does (one key in four, for time)."""
    keys = sorted(TABLE)[::4]
    assert kernel_probes.run(keys) == {key: TABLE[key] for key in keys}


@pytest.mark.parametrize("kind", ["unary", "binary"])
@pytest.mark.parametrize("backend", ["numpy", "torch"], indirect=True)
def test_every_dtype(backend: str, kind: str) -> None:
    """The dtype checks run in the frontend before any backend call (numpy and torch here;
    the value tests run every backend)."""
    names = kernel_probes.UNARY if kind == "unary" else kernel_probes.BINARY

    def case(n: str, d: str):
        def fn(tf):
            x = tf.constant([[True, False]]) if d == "bool" else tf.cast([[1, 2]], d)
            f = getattr(tf.math, n)
            return f(x) if kind == "unary" else f(x, x)

        return fn

    # core has no uint64 floor division on torch: a clear UnsupportedDtypeError there
    skip = {"floordiv", "floormod"} if backend == "torch" else set()
    check_errors((f"{n}[{d}]", case(n, d)) for n in names for d in DTYPES
                 if not (n in skip and d == "uint64"))  # fmt: skip
    if skip:
        with pytest.raises(core.UnsupportedDtypeError, match="uint64"):
            tf.math.floordiv(tf.constant([3], tf.uint64), tf.constant([2], tf.uint64))


UNARY_FLOAT = (
    "abs acos acosh asin asinh atan atanh ceil cos cosh digamma erf erfc erfcinv erfinv exp "
    "expm1 floor is_finite is_inf is_nan lgamma log log1p log_sigmoid ndtri negative "
    "reciprocal reciprocal_no_nan rint round rsqrt sigmoid sign sin sinh softplus softsign "
    "sqrt square tan tanh bessel_i0 bessel_i0e bessel_i1 bessel_i1e"
).split()


def test_unary_values(backend: str) -> None:
    def arg(n: str) -> numpy.ndarray:
        return (
            X32 + 1.5
            if n == "acosh"
            else X32 * 4 - 2
            if n in ("sin", "round", "sign", "abs")
            else X32
        )

    cases = [(n, lambda tf, n=n: getattr(tf.math, n)(arg(n))) for n in UNARY_FLOAT]
    cases += [(f"{n}64", lambda tf, n=n: getattr(tf.math, n)(arg(n).astype("float64")))
              for n in UNARY_FLOAT]  # fmt: skip
    cases += [(f"{n}-int", lambda tf, n=n: getattr(tf.math, n)(I32))
              for n in ("abs", "negative", "sign", "square", "round")]  # fmt: skip
    check_cases(cases, ulps=64)


BINARY = (
    "add atan2 divide divide_no_nan equal floordiv floormod greater greater_equal less "
    "less_equal maximum minimum mod multiply multiply_no_nan nextafter not_equal pow "
    "squared_difference subtract truediv xdivy xlog1py xlogy"
).split()


def test_binary_values(backend: str) -> None:
    cases = [(n, lambda tf, n=n: getattr(tf.math, n)(X32, Y32)) for n in BINARY]
    cases += [(f"{n}-int", lambda tf, n=n: getattr(tf.math, n)(I32, J32))
              for n in ("add", "floordiv", "floormod", "maximum", "multiply", "truediv",
                        "divide_no_nan", "squared_difference", "less")]  # fmt: skip
    cases += [
        ("mixed", lambda tf: tf.math.add(tf.constant([1]), tf.constant([1.0]))),
        ("scalar", lambda tf: tf.math.multiply(tf.constant([1.5]), 2)),
        ("no-fit", lambda tf: tf.math.add(tf.constant([1]), 1.5)),
        ("zero-div", lambda tf: tf.math.floordiv(I32, numpy.zeros_like(I32))),
        ("logical", lambda tf: tf.math.logical_xor([True, False], [True, True])),
        ("no-nan", lambda tf: tf.math.divide_no_nan(X32, numpy.zeros_like(X32))),
        ("scalar_mul", lambda tf: tf.math.scalar_mul(2.0, X32)),
        ("polyval", lambda tf: tf.math.polyval([1.0, 2.0, 3.0], tf.constant(X32))),
        ("lbeta", lambda tf: tf.math.lbeta(X32)),
        ("real", lambda tf: tf.math.real(tf.complex(X32, Y32))),
        ("angle", lambda tf: tf.math.angle(tf.complex(X32, Y32))),
        ("conj", lambda tf: tf.math.conj(tf.complex(X32, Y32))),
    ]
    check_cases(cases, ulps=4)


def test_reductions(backend: str) -> None:
    names = ("reduce_sum reduce_prod reduce_mean reduce_max reduce_min reduce_variance "
             "reduce_std reduce_euclidean_norm reduce_logsumexp").split()  # fmt: skip
    cases = []
    for n in names:
        for axis in (None, 0, 1, [0, 1], -1):
            for keep in (False, True):
                cases.append((f"{n}({axis},{keep})",
                              lambda tf, n=n, a=axis, k=keep: getattr(tf.math, n)(WIDE, a, k)))  # fmt: skip
        if n not in ("reduce_variance", "reduce_std", "reduce_logsumexp"):
            cases.append((f"{n}-int", lambda tf, n=n: getattr(tf.math, n)(I32, 1)))
    cases += [
        ("bad axis", lambda tf: tf.math.reduce_sum(WIDE, 2)),
        ("all", lambda tf: tf.math.reduce_all(WIDE > 0, 1)),
        ("any", lambda tf: tf.math.reduce_any(WIDE > 0)),
        ("empty max", lambda tf: tf.math.reduce_max(numpy.zeros((0, 2), numpy.float32), 0)),
        ("argmax", lambda tf: tf.math.argmax(WIDE, 1)),
        ("argmin", lambda tf: tf.math.argmin(WIDE, output_type=tf.int32)),
        ("count_nonzero", lambda tf: tf.math.count_nonzero(I32, 0)),
        ("zero_fraction", lambda tf: tf.math.zero_fraction(I32)),
        ("add_n", lambda tf: tf.math.add_n([WIDE, WIDE, WIDE])),
        ("accumulate_n", lambda tf: tf.math.accumulate_n([I32, J32])),
        ("softmax", lambda tf: tf.math.softmax(WIDE)),
        ("log_softmax", lambda tf: tf.math.log_softmax(WIDE, 0)),
        ("l2_normalize", lambda tf: tf.math.l2_normalize(WIDE, 1)),
        ("non_decreasing", lambda tf: tf.math.is_non_decreasing([1, 2, 2])),
        ("strictly", lambda tf: tf.math.is_strictly_increasing([1, 2, 2])),
        ("invert_permutation", lambda tf: tf.math.invert_permutation([2, 0, 1])),
        ("bad permutation", lambda tf: tf.math.invert_permutation([2, 2, 1])),
    ]
    for n in ("cumsum", "cumprod", "cumulative_logsumexp"):
        for exclusive in (False, True):
            for reverse in (False, True):
                cases.append((f"{n}({exclusive},{reverse})",
                              lambda tf, n=n, e=exclusive, r=reverse: getattr(tf.math, n)(WIDE, 1, e, r)))  # fmt: skip
    cases.append(("cumsum int", lambda tf: tf.math.cumsum(I32, exclusive=True)))
    check_cases(cases, ulps=16)


def test_segments_top_k_bincount(backend: str) -> None:
    data = WIDE
    ids = numpy.array([0, 0, 2], numpy.int32)
    unsorted = numpy.array([1, 0, 1], numpy.int32)
    cases = []
    for how in ("sum", "prod", "max", "min", "mean"):
        cases.append(
            (f"segment_{how}", lambda tf, h=how: getattr(tf.math, f"segment_{h}")(data, ids))
        )
        cases.append(
            (
                f"segment_{how}-int",
                lambda tf, h=how: getattr(tf.math, f"segment_{h}")(I32.T, [0, 1, 1]),
            )
        )
        cases.append(
            (
                f"unsorted_{how}",
                lambda tf, h=how: getattr(tf.math, f"unsorted_segment_{h}")(data, unsorted, 3),
            )
        )
    cases += [
        ("sqrt_n", lambda tf: tf.math.unsorted_segment_sqrt_n(data, unsorted, 2)),
        ("unsorted bad", lambda tf: tf.math.unsorted_segment_sum(data, [0, 3, 1], 2)),
        ("segment unsorted ids", lambda tf: tf.math.segment_sum(data, [1, 0, 0])),
        ("top_k", lambda tf: tf.math.top_k(WIDE, 2)),
        ("top_k ties", lambda tf: tf.math.top_k([1, 3, 3, 2], 3)),
        ("top_k too big", lambda tf: tf.math.top_k(WIDE, 9)),
        ("in_top_k", lambda tf: tf.math.in_top_k([0, 1, 3], WIDE, 2)),
        ("bincount", lambda tf: tf.math.bincount([1, 1, 4, 2])),
        (
            "bincount w",
            lambda tf: tf.math.bincount([1, 1, 4], weights=[0.5, 1.0, 2.0], minlength=7),
        ),
        ("bincount max", lambda tf: tf.math.bincount([1, 1, 4], maxlength=3, dtype=tf.int64)),
        ("bincount neg", lambda tf: tf.math.bincount([1, -1])),
        ("bincount axis", lambda tf: tf.math.bincount([[1, 2], [0, 0]], axis=-1)),
        ("confusion", lambda tf: tf.math.confusion_matrix([0, 1, 2, 1], [0, 2, 2, 1])),
        (
            "confusion w",
            lambda tf: tf.math.confusion_matrix([0, 1], [1, 1], num_classes=3, weights=[2, 3]),
        ),
    ]
    check_cases(cases, ulps=8)
