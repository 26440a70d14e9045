"""numpy's statistics against real numpy on the four backends: means and variances,
averages, order statistics (every quantile method), correlating, histograms, bincount and
digitize."""

from __future__ import annotations

import warnings

import numpy
import pytest

from frontends import numpy as fnp
from tests.frontends.numpy.oracle import compare

RNG = numpy.random.default_rng(0)
DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "float32", "float64", "complex64", "complex128"]  # fmt: skip
METHODS = ["inverted_cdf", "averaged_inverted_cdf", "closest_observation",
           "interpolated_inverted_cdf", "hazen", "weibull", "linear", "median_unbiased",
           "normal_unbiased", "lower", "higher", "midpoint", "nearest"]  # fmt: skip


def tol(dtype):
    dtype = numpy.dtype(dtype)
    if dtype == numpy.float16:
        return {"rtol": 5e-3, "atol": 5e-3}
    if dtype in (numpy.float32, numpy.complex64):
        return {"rtol": 1e-5, "atol": 1e-6}
    return {"rtol": 1e-10, "atol": 1e-12}


def sample(shape, dtype):
    dtype = numpy.dtype(dtype)
    if dtype.kind == "b":
        return RNG.integers(0, 2, shape).astype(bool)
    if dtype.kind in "iu":
        return RNG.integers(0, 20, shape).astype(dtype)
    values = RNG.normal(size=shape) * 3
    if dtype.kind == "c":
        values = values + 1j * RNG.normal(size=shape)
    return values.astype(dtype)


def each(dtypes, check):
    for dtype in dtypes:
        try:
            check(dtype)
        except AssertionError as error:
            raise AssertionError(f"dtype {dtype}: {error}") from error


# ---------------------------------------------------------------------------------------
# means and variances
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["mean", "var", "std", "nanmean", "nanvar", "nanstd"])
def test_moments_dtypes(backend, name):
    def check(dtype):
        x = sample((3, 4), dtype)
        t = tol(dtype)
        compare(lambda np: getattr(np, name)(np.asarray(x)), **t)
        compare(lambda np: getattr(np, name)(np.asarray(x), axis=1), **t)
        compare(lambda np: getattr(np, name)(np.asarray(x), axis=(0, 1), keepdims=True), **t)

    each(DTYPES, check)


def test_moment_keywords(backend):
    x = sample((2, 3, 4), "float64")
    xi = sample((2, 3, 4), "int16")
    mask = x > 0
    t = tol("float64")
    compare(lambda np: np.mean(np.asarray(xi), axis=-1, dtype=np.float32), **tol("float32"))
    compare(lambda np: np.mean(np.asarray(x), where=np.asarray(mask)), **t)
    compare(lambda np: np.mean(np.asarray(x), axis=1, where=np.asarray(mask[0])), **t)
    compare(lambda np: np.var(np.asarray(x), axis=0, ddof=1), **t)
    compare(lambda np: np.std(np.asarray(xi), axis=(0, 2), correction=1.5), **t)
    compare(lambda np: np.var(np.asarray(x), axis=2, where=np.asarray(mask)), **t)
    m = x.mean(axis=1, keepdims=True)
    compare(lambda np: np.var(np.asarray(x), axis=1, mean=np.asarray(m)), **t)
    compare(lambda np: np.std(np.asarray(x), axis=1, keepdims=True, mean=np.asarray(m)), **t)
    compare(lambda np: np.var(np.asarray(x), ddof=1, correction=1))
    compare(lambda np: np.asarray(x).mean(axis=0), **t)
    compare(lambda np: np.asarray(x).std(1, ddof=1), **t)
    compare(lambda np: np.asarray(x).var(), **t)
    compare(lambda np: np.mean(x.tolist()), **t)
    compare(lambda np: np.mean(np.asarray(x), axis=3))
    compare(lambda np: np.std(np.asarray(x), axis=(1, 1)))

    def with_out(np):
        out = np.asarray(numpy.zeros((2, 4), dtype="float32"))
        result = np.mean(np.asarray(x), axis=1, out=out)
        return result, out

    compare(with_out, **tol("float32"))


def test_moment_warnings(backend):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        compare(lambda np: np.mean(np.asarray(numpy.zeros((0, 3))), axis=0))
        compare(lambda np: np.mean(np.asarray(numpy.zeros(0))))
        compare(lambda np: np.var(np.asarray([1.0, 2.0]), ddof=2))
        compare(lambda np: np.std(np.asarray([[1.0], [2.0]]), axis=1, ddof=1))
        nan = numpy.array([[1.0, numpy.nan, 3.0], [numpy.nan] * 3])
        compare(lambda np: np.nanmean(np.asarray(nan), axis=1))
        compare(lambda np: np.nanvar(np.asarray(nan), axis=1, ddof=1))
        compare(lambda np: np.nanstd(np.asarray(nan), axis=0))
    from frontends import numpy as fnp

    with pytest.warns(RuntimeWarning, match="Mean of empty slice"):
        fnp.mean(fnp.asarray(numpy.zeros(0)))
    with pytest.warns(RuntimeWarning, match="Degrees of freedom"):
        fnp.var(fnp.asarray([1.0]), ddof=1)


@pytest.mark.parametrize("dtype", ["int32", "float16", "float32", "float64", "complex128"])
def test_average(backend, dtype):
    x = sample((3, 4), dtype)
    w = RNG.uniform(0.5, 2.0, (3, 4))
    t = tol(dtype)
    compare(lambda np: np.average(np.asarray(x)), **t)
    compare(lambda np: np.average(np.asarray(x), axis=1, returned=True), **t)
    compare(lambda np: np.average(np.asarray(x), weights=np.asarray(w)), **t)
    compare(lambda np: np.average(np.asarray(x), axis=0, weights=w, returned=True), **t)
    compare(lambda np: np.average(np.asarray(x), axis=1, weights=[1, 2, 3, 4], keepdims=True), **t)
    compare(lambda np: np.average(np.asarray(x), axis=(0, 1), weights=np.asarray(w)), **t)
    compare(lambda np: np.average(np.asarray(x), axis=0, weights=np.asarray([1.0, 2.0])), **t)
    compare(lambda np: np.average(np.asarray(x), weights=np.asarray([1.0, 2.0, 3.0, 4.0])), **t)
    compare(lambda np: np.average(np.asarray(x), axis=0, weights=np.zeros(3)), **t)


# ---------------------------------------------------------------------------------------
# order statistics
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["median", "nanmedian"])
def test_median(backend, name):
    def check(dtype):
        x = sample((4, 5), dtype)
        t = tol(dtype)
        compare(lambda np: getattr(np, name)(np.asarray(x)), **t)
        compare(lambda np: getattr(np, name)(np.asarray(x), axis=1), **t)
        compare(lambda np: getattr(np, name)(np.asarray(x), axis=0, keepdims=True), **t)
        compare(lambda np: getattr(np, name)(np.asarray(x[:3]), axis=(0, 1)), **t)

    each(
        ["bool", "int8", "uint16", "int64", "uint64", "float16", "float32", "float64", "complex64"],
        check,
    )
    nan = numpy.array([[1.0, numpy.nan, 3.0, 4.0], [numpy.nan] * 4, [5.0, 1.0, 2.0, 0.0]])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        compare(lambda np: getattr(np, name)(np.asarray(nan), axis=1))
        compare(lambda np: getattr(np, name)(np.asarray(nan), axis=0))
        compare(lambda np: getattr(np, name)(np.asarray(numpy.zeros((0, 2))), axis=0))


def test_overwrite_input_reorders_the_input(backend):
    """numpy documents that ``overwrite_input=True`` modifies the input (it partitions it
    in place): the frontend leaves it sorted along the axis, the same values."""
    x = numpy.array([[10, 7, 4], [3, 2, 1]])
    for call in (
        lambda np, b: np.median(b, axis=1, overwrite_input=True),
        lambda np, b: np.median(b, axis=None, overwrite_input=True),
        lambda np, b: np.percentile(b, 50, axis=0, overwrite_input=True),
        lambda np, b: np.quantile(b, 0.5, None, None, True),
    ):
        theirs, ours = x.copy(), fnp.asarray(x)
        inputs = {numpy: theirs, fnp: ours}
        compare(lambda np, call=call, inputs=inputs: call(np, inputs[np]))
        assert not numpy.array_equal(numpy.asarray(ours), x)
        assert sorted(numpy.asarray(ours).ravel()) == sorted(theirs.ravel())
    kept = fnp.asarray(x)
    fnp.median(kept, axis=1)
    assert numpy.array_equal(numpy.asarray(kept), x)


@pytest.mark.parametrize("method", METHODS)
def test_quantile_methods(backend, method):
    x = sample((3, 7), "float64")
    xi = sample((3, 7), "int16")
    x32 = sample((5,), "float32")
    q = [0.0, 0.1, 0.25, 0.5, 0.77, 0.9, 1.0]
    compare(lambda np: np.quantile(np.asarray(x), q, axis=1, method=method), **tol("float64"))
    compare(lambda np: np.quantile(np.asarray(xi), 0.3, method=method), **tol("float64"))
    compare(lambda np: np.quantile(np.asarray(x32), 0.6, method=method), **tol("float32"))
    compare(
        lambda np: np.quantile(np.asarray(x32), np.asarray([0.2, 0.5]), method=method),
        **tol("float32"),
    )
    compare(lambda np: np.percentile(np.asarray(x), 42, axis=0, method=method), **tol("float64"))
    compare(
        lambda np: np.percentile(
            np.asarray(xi), [10, 90], axis=(0, 1), keepdims=True, method=method
        ),
        **tol("float64"),
    )
    compare(lambda np: np.quantile(np.asarray(x[0, :1]), 0.3, method=method))
    nan = x.copy()
    nan[0, 2] = nan[1, :] = numpy.nan
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        compare(lambda np: np.quantile(np.asarray(nan), [0.25, 0.8], axis=1, method=method))
        compare(lambda np: np.nanquantile(np.asarray(nan), [0.25, 0.8], axis=1, method=method))
        compare(lambda np: np.nanpercentile(np.asarray(nan), 50, method=method))
        compare(
            lambda np: np.nanquantile(
                np.asarray(nan.astype("float32")), 0.4, axis=0, method=method
            ),
            **tol("float32"),
        )


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint16", "int64", "float16", "float32"])
def test_quantile_dtypes(backend, dtype):
    x = sample((4, 5), dtype)
    t = tol(dtype) if numpy.dtype(dtype).kind == "f" else tol("float64")
    for method in ("linear", "lower", "midpoint", "inverted_cdf", "hazen"):
        if dtype == "bool" and method in ("linear", "midpoint", "hazen"):
            compare(lambda np, method=method: np.quantile(np.asarray(x), 0.5, method=method))
            continue
        compare(
            lambda np, method=method: np.quantile(np.asarray(x), 0.5, axis=1, method=method), **t
        )
        compare(lambda np, method=method: np.percentile(np.asarray(x), [5, 95], method=method), **t)
    compare(lambda np: np.quantile(np.asarray(x), 1, axis=0))
    compare(lambda np: np.quantile(np.asarray(x), np.asarray([0, 1]), axis=0))


def test_quantile_weights(backend):
    x = sample((3, 6), "float64")
    w = RNG.integers(0, 4, (3, 6)).astype("float64")
    w[:, 0] += 1
    wi = RNG.integers(1, 5, 6)
    q = [0.0, 0.3, 0.5, 1.0]
    kw = {"method": "inverted_cdf"}
    compare(lambda np: np.quantile(np.asarray(x), q, axis=1, weights=np.asarray(w), **kw))
    compare(lambda np: np.quantile(np.asarray(x), 0.4, axis=1, weights=wi, **kw))
    compare(lambda np: np.percentile(np.asarray(x), 40, weights=np.asarray(w), **kw))
    compare(lambda np: np.nanquantile(np.asarray(x), 0.6, axis=0, weights=np.asarray(w), **kw))
    compare(lambda np: np.quantile(np.asarray(x), 0.4, axis=1, weights=w))
    compare(lambda np: np.quantile(np.asarray(x), 0.4, weights=wi, **kw))
    compare(lambda np: np.quantile(np.asarray(x), 0.4, axis=1, weights=-w, **kw))
    compare(lambda np: np.quantile(np.asarray(x), 0.4, axis=1, weights=0 * w, **kw))


def test_quantile_errors(backend):
    x = numpy.arange(6.0)
    compare(lambda np: np.quantile(np.asarray(x), 1.5))
    compare(lambda np: np.percentile(np.asarray(x), -1))
    compare(lambda np: np.quantile(np.asarray(x), 0.5, method="bogus"))
    compare(lambda np: np.quantile(np.asarray(x + 1j), 0.5))
    compare(lambda np: np.quantile(np.asarray(x), 0.5, axis=1))
    compare(lambda np: np.quantile(np.asarray(x), numpy.zeros((2, 2, 2))))
    compare(lambda np: np.quantile(np.asarray(numpy.zeros(0)), 0.5))


# ---------------------------------------------------------------------------------------
# correlating
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["int64", "float32", "float64", "complex128"])
def test_cov_corrcoef(backend, dtype):
    x = sample((3, 6), dtype)
    y = sample((2, 6), dtype)
    t = tol(dtype)
    compare(lambda np: np.cov(np.asarray(x)), **t)
    compare(lambda np: np.cov(np.asarray(x), np.asarray(y)), **t)
    compare(lambda np: np.cov(np.asarray(x.T), rowvar=False), **t)
    compare(lambda np: np.cov(np.asarray(x), bias=True), **t)
    compare(lambda np: np.cov(np.asarray(x), ddof=0, dtype=np.float32), **tol("float32"))
    compare(lambda np: np.cov(np.asarray(x[0])), **t)
    compare(lambda np: np.cov(x[0].tolist(), x[1].tolist()), **t)
    fw = [1, 2, 1, 3, 1, 1]
    aw = [0.5, 1.0, 2.0, 1.0, 1.0, 0.25]
    compare(lambda np: np.cov(np.asarray(x), fweights=np.asarray(fw)), **t)
    compare(lambda np: np.cov(np.asarray(x), aweights=np.asarray(aw)), **t)
    compare(lambda np: np.cov(np.asarray(x), fweights=fw, aweights=aw, ddof=2), **t)
    compare(lambda np: np.corrcoef(np.asarray(x)), **t)
    compare(lambda np: np.corrcoef(np.asarray(x), np.asarray(y)), **t)
    compare(lambda np: np.corrcoef(np.asarray(x.T), rowvar=False), **t)
    compare(lambda np: np.corrcoef(np.asarray(x[0]), np.asarray(y[0])), **t)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        compare(lambda np: np.corrcoef(np.asarray(x[0])), **t)


def test_cov_errors(backend):
    x = numpy.arange(12.0).reshape(3, 4)
    compare(lambda np: np.cov(np.asarray(numpy.zeros((2, 2, 2)))))
    compare(lambda np: np.cov(np.asarray(x), fweights=[1.5, 1, 1, 1]))
    compare(lambda np: np.cov(np.asarray(x), fweights=[-1, 1, 1, 1]))
    compare(lambda np: np.cov(np.asarray(x), fweights=[1, 1, 1]))
    compare(lambda np: np.cov(np.asarray(x), aweights=[-1.0, 1, 1, 1]))
    compare(lambda np: np.cov(np.asarray(x), ddof=1.5))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        compare(lambda np: np.cov(np.asarray([1.0]), ddof=1))
    compare(lambda np: np.cov(np.asarray(numpy.zeros((0, 3)))))


@pytest.mark.parametrize("mode", ["valid", "same", "full"])
def test_correlate(backend, mode):
    for n, m in [(5, 3), (3, 5), (4, 4), (1, 1), (2, 7)]:
        a = RNG.integers(-5, 5, n)
        v = RNG.normal(size=m) + 1j * RNG.normal(size=m)
        compare(lambda np, a=a: np.correlate(np.asarray(a), np.asarray(a[::-1]), mode))
        compare(
            lambda np, a=a, v=v: np.correlate(np.asarray(a), np.asarray(v), mode=mode), rtol=1e-12
        )
        compare(lambda np, a=a, v=v: np.correlate(v, a, mode=mode), rtol=1e-12)


# ---------------------------------------------------------------------------------------
# histograms
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "dtype", ["bool", "int8", "uint8", "int64", "float16", "float32", "float64"]
)
def test_histogram_dtypes(backend, dtype):
    x = sample((50,), dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        compare(lambda np: np.histogram(np.asarray(x)), rtol=1e-6)
        compare(lambda np: np.histogram(np.asarray(x), bins=4, range=(1, 5)), rtol=1e-6)
        compare(lambda np: np.histogram(np.asarray(x), bins=[0, 1, 2.5, 10]))
        compare(lambda np: np.histogram(np.asarray(x), bins=5, density=True), rtol=1e-6)
        compare(lambda np: np.histogram_bin_edges(np.asarray(x), bins=3), rtol=1e-6)


def test_histogram_weights_and_density(backend):
    x = sample((40,), "float64")
    w = RNG.uniform(0, 2, 40)
    t = {"rtol": 1e-10}
    compare(lambda np: np.histogram(np.asarray(x), bins=6, weights=np.asarray(w)), **t)
    compare(lambda np: np.histogram(np.asarray(x), bins=6, weights=w.astype("float32")), rtol=1e-6)
    compare(lambda np: np.histogram(np.asarray(x), bins=6, weights=(w * 3).astype("int64")))
    compare(lambda np: np.histogram(np.asarray(x), bins=6, weights=w + 1j * w), **t)
    compare(lambda np: np.histogram(np.asarray(x), bins=[-3, 0, 1, 5], weights=np.asarray(w)), **t)
    compare(lambda np: np.histogram(np.asarray(x), [-3, 0, 1, 5], weights=w, density=True), **t)
    compare(lambda np: np.histogram(np.asarray(x), bins=8, range=(-1.0, 2.0), density=True), **t)
    compare(lambda np: np.histogram(x.reshape(5, 8).tolist(), bins=3), **t)
    compare(lambda np: np.histogram(np.asarray([]), bins=3))
    compare(lambda np: np.histogram(np.asarray([2.0, 2.0, 2.0]), bins=2))


@pytest.mark.parametrize("estimator", ["auto", "fd", "sqrt", "rice", "scott", "doane", "sturges"])
def test_histogram_estimators(backend, estimator):
    x = sample((60,), "float64")
    xi = sample((60,), "int32")
    compare(lambda np: np.histogram(np.asarray(x), bins=estimator), rtol=1e-10)
    compare(lambda np: np.histogram_bin_edges(np.asarray(xi), bins=estimator), rtol=1e-10)
    compare(lambda np: np.histogram(np.asarray(x), bins=estimator, range=(-1, 3)), rtol=1e-10)


def test_histogram_errors(backend):
    x = numpy.array([1.0, 2.0, numpy.nan])
    compare(lambda np: np.histogram(np.asarray(x)))
    compare(lambda np: np.histogram(np.asarray(x[:2]), bins=0))
    compare(lambda np: np.histogram(np.asarray(x[:2]), bins=2.5))
    compare(lambda np: np.histogram(np.asarray(x[:2]), bins=[3, 1, 2]))
    compare(lambda np: np.histogram(np.asarray(x[:2]), bins=[[1, 2]]))
    compare(lambda np: np.histogram(np.asarray(x[:2]), bins="nope"))
    compare(lambda np: np.histogram(np.asarray(x[:2]), range=(2, 1)))
    compare(lambda np: np.histogram(np.asarray(x[:2]), range=(0, numpy.inf)))
    compare(lambda np: np.histogram(np.asarray(x[:2]), weights=[1.0]))
    compare(lambda np: np.histogram(np.asarray(x[:2]), bins="auto", weights=[1.0, 2.0]))
    compare(lambda np: np.histogram(np.asarray(x), bins=3, range=(0, 4)))


def test_histogram2d_dd(backend):
    x = sample((30,), "float64")
    y = sample((30,), "float32")
    w = RNG.uniform(0, 1, 30)
    t = {"rtol": 1e-6}
    compare(lambda np: np.histogram2d(np.asarray(x), np.asarray(y)), **t)
    compare(lambda np: np.histogram2d(np.asarray(x), np.asarray(y), bins=(3, 4)), **t)
    compare(lambda np: np.histogram2d(np.asarray(x), np.asarray(y), bins=[-2, 0, 2]), **t)
    compare(
        lambda np: np.histogram2d(
            np.asarray(x), np.asarray(y), bins=4, range=[[-1, 1], [0, 3]], density=True,
            weights=np.asarray(w),
        ),
        **t,
    )  # fmt: skip
    sample3 = numpy.stack([x, y.astype("float64"), w], axis=1)
    compare(lambda np: np.histogramdd(np.asarray(sample3), bins=3), **t)
    compare(lambda np: np.histogramdd(np.asarray(sample3), bins=(2, 3, 4), density=True), **t)
    compare(lambda np: np.histogramdd((x, w), bins=[[-3, 0, 3], 2], weights=w), **t)
    compare(lambda np: np.histogramdd(np.asarray(x), bins=5), **t)
    compare(lambda np: np.histogramdd(np.asarray(sample3), bins=(2, 3)), **t)
    compare(lambda np: np.histogramdd(np.asarray(sample3), bins=3, range=[(0, 1)]), **t)


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint16", "int32", "int64", "uint64", "float64"])
def test_bincount(backend, dtype):
    x = sample((20,), dtype)
    w = RNG.normal(size=20)
    compare(lambda np: np.bincount(np.asarray(x)))
    compare(lambda np: np.bincount(np.asarray(x), minlength=30))
    compare(lambda np: np.bincount(np.asarray(x), weights=np.asarray(w)), rtol=1e-12)
    compare(lambda np: np.bincount(np.asarray(x), weights=w.astype("float32")), rtol=1e-6)
    compare(lambda np: np.bincount(np.asarray(x), weights=(w * 3).astype("int8")))


def test_bincount_errors(backend):
    compare(lambda np: np.bincount(np.asarray([1, -1])))
    compare(lambda np: np.bincount(np.asarray([[1, 2]])))
    compare(lambda np: np.bincount(np.asarray([1, 2]), minlength=-1))
    compare(lambda np: np.bincount(np.asarray([1, 2]), weights=[1.0]))
    compare(lambda np: np.bincount(np.asarray([1, 2]), weights=[1j, 2]))
    compare(lambda np: np.bincount(np.asarray([], dtype="int64")))
    compare(lambda np: np.bincount(np.asarray([], dtype="int64"), minlength=3))
    compare(lambda np: np.bincount([0, 1, 1, 3]))


@pytest.mark.parametrize("right", [False, True])
def test_digitize(backend, right):
    x = numpy.array([[0.2, 6.4, 3.0], [1.6, 1.0, 10.0]])
    for bins in ([0.0, 1.0, 2.5, 4.0, 10.0], [10.0, 4.0, 2.5, 1.0, 0.0], [1.0], [1, 1, 5]):
        compare(lambda np, bins=bins: np.digitize(np.asarray(x), np.asarray(bins), right=right))
        compare(lambda np, bins=bins: np.digitize(x.tolist(), bins, right))
    compare(lambda np: np.digitize(np.asarray(x.astype("int32")), [0, 2, 4], right=right))
    compare(lambda np: np.digitize(2.5, [1, 2, 3], right=right))
    compare(lambda np: np.digitize(np.asarray(x), [1.0, 3.0, 2.0]))
    compare(lambda np: np.digitize(np.asarray(x + 1j), [1.0, 3.0]))


def test_histogram_stone():
    """bins='stone' builds one histogram per candidate bin count (100 of them): checked on
    the numpy and torch backends only, to keep this file's time; the code is the same
    backend-neutral histogram the other tests run on all four."""
    import core

    x = RNG.normal(size=40)
    for name in ("numpy", "torch"):
        with core.use_backend(name), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            compare(lambda np: np.histogram(np.asarray(x), bins="stone"), rtol=1e-10)
            compare(
                lambda np: np.histogram_bin_edges(np.asarray(x), "stone", range=(-1, 1)),
                rtol=1e-10,
            )


EDGE_X = numpy.arange(6).reshape(2, 3)
EDGE_CASES = {
    "mean int dtype": lambda np: np.mean(np.asarray(EDGE_X), dtype=int),
    "median 0d": lambda np: np.median(np.asarray(3)),
    "quantile int q": lambda np: np.quantile(np.asarray(EDGE_X), 1),
    "percentile 2d q": lambda np: np.percentile(np.asarray(EDGE_X), [[10, 20], [30, 40]], axis=1),
    "histogram bool": lambda np: np.histogram(np.asarray([True, False, True])),
    "bincount float": lambda np: np.bincount(np.asarray([1.0])),
    "cov y rowvar": lambda np: np.cov(np.asarray(EDGE_X), np.asarray(EDGE_X * 2), rowvar=False),
    "mean where broadcast": lambda np: np.mean(
        np.asarray(EDGE_X * 1.0), axis=0, where=[[True], [False]]
    ),
    "var where": lambda np: np.var(np.asarray(EDGE_X * 1.0), where=[True, False, True]),
    "quantile keepdims": lambda np: np.quantile(
        np.asarray(EDGE_X * 1.0), [0.5, 0.2], keepdims=True
    ),
    "histogram int16 extremes": lambda np: np.histogram(
        np.asarray(numpy.array([-32768, 32767], "int16")), bins=4
    ),
    "digitize 0d": lambda np: np.digitize(np.asarray(2.5), [1, 2, 3]),
}


@pytest.mark.parametrize("case", list(EDGE_CASES))
def test_edge_cases(backend, case):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        compare(EDGE_CASES[case], rtol=1e-6)


@pytest.mark.parametrize(
    "name", ["nanmin", "nanmax", "nanmean", "nanvar", "nanstd", "nanmedian", "nanquantile"]
)
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_nan_functions_warn_as_numpy(backend, name, axis):
    """numpy's RuntimeWarning for a slice without numbers, with numpy's message."""
    data = numpy.asarray([[numpy.nan, 1.0], [numpy.nan, numpy.nan]])

    def run(np):
        extra = (0.5,) if name == "nanquantile" else ()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = getattr(np, name)(np.asarray(data), *extra, axis=axis)
        return result, sorted(f"{w.category.__name__}: {w.message}" for w in caught)

    ours, theirs = run(fnp), run(numpy)
    assert ours[1] == theirs[1]
    compare(lambda np: run(np)[0])
