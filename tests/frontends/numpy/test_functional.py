"""The numpy frontend's functional programming routines against real numpy on four backends:
apply_along_axis, apply_over_axes, vectorize, frompyfunc, piecewise, iterable and the
memory-sharing queries."""

from __future__ import annotations

import numpy
import pytest

import frontends.numpy.functional  # noqa: F401  (the namespace star-imports it too)
from frontends import numpy as fnp
from tests.frontends.numpy.oracle import compare

X = numpy.arange(24, dtype="int32").reshape(2, 3, 4) - 7
F = numpy.linspace(-2.5, 2.5, 12).reshape(3, 4)


# --------------------------------------------------------------------------- apply_along_axis
FUNCS1D = {
    "ends": lambda v: v[0] + v[-1],  # a scalar per slice
    "double": lambda v: v * 2,
    "reverse": lambda v: v[::-1],
    "outer": lambda v: v.reshape(-1, 1) * v,  # a 2-D result per slice
    "positive": lambda v: v > 0,
    "sorted": sorted,  # a list
    "half": lambda v: v * 0.5,
    "prefix": lambda v: v[:2],
    "empty": lambda v: v[:0],
    "pair": lambda v: (v[0], v[1] * 1.5),
}


@pytest.mark.parametrize("name", sorted(FUNCS1D))
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_apply_along_axis(backend, name, axis):
    func = FUNCS1D[name]
    compare(lambda np: np.apply_along_axis(func, axis, np.asarray(X)))


def test_apply_along_axis_shapes_and_args(backend):
    compare(lambda np: np.apply_along_axis(lambda v: v[0] + v[-1], 0, np.asarray([3, 4, 5])))
    compare(lambda np: np.apply_along_axis(lambda v, k, scale=1: v[:k] * scale, 1, np.asarray(F),
                                           2, scale=3))  # fmt: skip
    compare(lambda np: np.apply_along_axis(lambda v: v * 1j, 1, np.asarray(F)))
    compare(lambda np: np.apply_along_axis(lambda v: v, 0, [[1.5, 2], [3, 4]]))
    compare(lambda np: np.apply_along_axis(lambda v: v.astype("float32"), 1, np.asarray(F)))
    compare(lambda np: np.apply_along_axis(lambda v: v, 1, np.asarray(numpy.zeros((2, 0)))))
    # later results are cast to the first result's dtype, as numpy's buffer stores them
    compare(lambda np: np.apply_along_axis(lambda v: v[0] if v[0] < 0 else 0.5, 1, np.asarray(X)))
    compare(lambda np: np.apply_along_axis(lambda v: v[0] > 0 if v[0] < 0 else 7, 1, np.asarray(F)))
    # a smaller later result broadcasts into the first's shape
    compare(
        lambda np: np.apply_along_axis(lambda v: v[:2] if v[0] < -6 else v[:1], 2, np.asarray(X))
    )
    # the function sees frontend arrays
    seen = []
    fnp.apply_along_axis(lambda v: seen.append(type(v)) or v[0], 0, fnp.asarray(F))
    assert set(seen) == {fnp.ndarray} and len(seen) == 4


def test_apply_along_axis_numpy_regressions(backend):
    # numpy/lib/tests/test_shape_base.py: empty slices, 0-d results, axis insertion
    compare(lambda np: np.apply_along_axis(lambda v: np.asarray(v.shape[0] + 1), 0,
                                           np.asarray(numpy.zeros((0, 2)))))  # fmt: skip
    compare(lambda np: np.apply_along_axis(lambda v: v[:0], 1, np.asarray(numpy.zeros((2, 3)))))
    compare(lambda np: np.apply_along_axis(lambda v: v[None] * v[:, None], 1, np.asarray(X)))
    compare(lambda np: np.apply_along_axis(lambda v: np.asarray(v[0]), 0, np.asarray([1.5])))
    # numpy.apply_along_axis called on a frontend array runs the frontend's
    result = numpy.apply_along_axis(lambda v: v * 2, 0, fnp.asarray([1.5, 2.0]))
    assert isinstance(result, fnp.ndarray) and result.tolist() == [3.0, 4.0]


def test_apply_along_axis_errors(backend):
    compare(lambda np: np.apply_along_axis(lambda v: v, 3, np.asarray(X)))
    compare(lambda np: np.apply_along_axis(lambda v: v, -4, np.asarray(X)))
    compare(lambda np: np.apply_along_axis(lambda v: v, 0, np.asarray(2.0)))
    compare(lambda np: np.apply_along_axis(lambda v: v, 1.0, np.asarray(F)))
    compare(lambda np: np.apply_along_axis(lambda v: v, 1, np.asarray(numpy.zeros((0, 3)))))
    # results of different shapes: numpy's broadcast ValueError
    compare(
        lambda np: np.apply_along_axis(lambda v: v[:1] if v[0] < -6 else v[:2], 2, np.asarray(X))
    )
    compare(
        lambda np: np.apply_along_axis(lambda v: v[:3] if v[0] < -6 else v[:2], 2, np.asarray(X))
    )


# --------------------------------------------------------------------------- apply_over_axes
def _take_first(a, axis):
    return a[(slice(None),) * axis + (0,)]  # drops the axis


def _double(a, axis):
    return a * 2  # keeps the dimensions


def _first_keep(a, axis):
    return a[(slice(None),) * axis + (slice(0, 1),)]


@pytest.mark.parametrize("func", [_take_first, _double, _first_keep])
@pytest.mark.parametrize("axes", [0, 1, -1, [0, 2], (2, 0), [1, -1], []])
def test_apply_over_axes(backend, func, axes):
    compare(lambda np: np.apply_over_axes(func, np.asarray(X), axes))


def test_apply_over_axes_errors(backend):
    compare(lambda np: np.apply_over_axes(lambda a, axis: a[0, 0], np.asarray(X), [1]))
    compare(lambda np: np.apply_over_axes(_take_first, [[1, 2]], 0))  # numpy reads a.ndim
    compare(lambda np: np.apply_over_axes(_take_first, np.asarray(F), np.asarray([1, 0])))


# --------------------------------------------------------------------------- vectorize
def _branchy(a, b):
    return a - b if a > b else a + b


def test_vectorize_elementwise(backend):
    compare(lambda np: np.vectorize(_branchy)(np.asarray(F), 1))
    compare(lambda np: np.vectorize(_branchy)(np.asarray(X), np.asarray([1, 2, 3, 4])))
    compare(lambda np: np.vectorize(_branchy)([1, 2, 3], 2.5))
    compare(lambda np: np.vectorize(_branchy)(3, 2))  # scalars: a 0-d array
    compare(lambda np: np.vectorize(_branchy)(np.asarray(F), b=np.asarray(F).T[0:4, 0:1].T))
    compare(lambda np: np.vectorize(lambda v: v > 0)(np.asarray(F)))
    compare(lambda np: np.vectorize(lambda v: complex(v, 1))(np.asarray(F)))
    compare(lambda np: np.vectorize(lambda v: v)(np.asarray(numpy.float32([1.5, 2]))))
    compare(lambda np: np.vectorize(lambda v: (v, v * 2))(np.asarray(X)))  # two outputs
    compare(lambda np: np.vectorize(lambda v: v // 2, cache=True)(np.asarray(X)))
    compare(lambda np: np.vectorize(_branchy)(np.asarray(F), np.asarray([1, 2])))  # no broadcast


@pytest.mark.parametrize("otypes", [[float], "d", "f", [numpy.int8], "ii", [bool], "F"])
def test_vectorize_otypes(backend, otypes):
    def func(v):
        return (v, v) if len(otypes) == 2 else v * 1.5

    compare(lambda np: np.vectorize(func, otypes=otypes)(np.asarray(X)))
    compare(lambda np: np.vectorize(func, otypes=otypes)(np.asarray(numpy.zeros((0, 2)))))


def test_vectorize_otypes_errors_and_empty(backend):
    compare(lambda np: np.vectorize(lambda v: v)(np.asarray(numpy.zeros((2, 0)))))
    compare(lambda np: np.vectorize(lambda v: v, otypes="q?")(np.asarray([1])))
    compare(lambda np: np.vectorize(lambda v: v, otypes=["bogus"]))
    # an object otype: an object array, held on the host as numpy holds it
    result = fnp.vectorize(lambda v: str(v), otypes=[object])(fnp.asarray([1, 2]))
    assert isinstance(result, fnp.ndarray) and result.dtype == object
    assert result.tolist() == ["1", "2"]


def test_vectorize_excluded(backend):
    def poly(x, p):
        return sum(c * x**i for i, c in enumerate(p))

    compare(lambda np: np.vectorize(poly, excluded={1})(np.asarray(F), [1, 2, 3]))
    compare(lambda np: np.vectorize(poly, excluded={"p"})(np.asarray(F), p=[1, 2, 3]))
    compare(lambda np: np.vectorize(poly, excluded={1})(np.asarray(F), np.asarray([1.0, 2.0])))
    seen = []

    def record(x, p):
        seen.append(type(p))
        return x

    fnp.vectorize(record, excluded={"p"})(fnp.asarray([1, 2]), p=fnp.asarray([3, 4]))
    assert set(seen) == {fnp.ndarray}  # an excluded argument reaches the function unchanged


@pytest.mark.parametrize(
    "signature, func, args",
    [
        ("(n),(n)->()", lambda a, b: (a * b)[0] + (a * b)[-1], (F, F[0])),
        ("(n)->(n)", lambda a: a[::-1] * 2, (F,)),
        ("(n)->()", lambda a: a[1], (X,)),
        ("(m,n)->(n,m)", lambda a: a.T, (X,)),
        ("(n)->(),()", lambda a: (a[0], a[-1] * 0.5), (F,)),
        ("(),()->()", lambda a, b: a * b + 1, (F, 2)),
        ("(n)->(k)", lambda a: a[:2], (F,)),
        ("(n),()->(n)", lambda a, s: a * s, (F, numpy.array([1.0, 2.0, 3.0])[:, None])),
    ],
)  # fmt: skip
def test_vectorize_signature(backend, signature, func, args):
    compare(lambda np: np.vectorize(func, signature=signature)(*[np.asarray(a) for a in args]))


def test_vectorize_signature_errors(backend):
    compare(lambda np: np.vectorize(lambda a: a, signature="(n)->(n")(np.asarray(F)))
    compare(
        lambda np: np.vectorize(lambda a, b: a, signature="(n),(n)->()")(
            np.asarray(F), np.asarray([1, 2])
        )
    )
    compare(lambda np: np.vectorize(lambda a: a, signature="(m,n)->()")(np.asarray([1, 2])))
    compare(lambda np: np.vectorize(lambda a: a[0], signature="(n)->(n)")(np.asarray(F)))
    compare(lambda np: np.vectorize(lambda a: (a, a), signature="(n)->(n)")(np.asarray(F)))
    compare(
        lambda np: np.vectorize(lambda a: a, signature="(n)->(k)")(np.asarray(numpy.zeros((0, 3))))
    )
    seen = []
    fnp.vectorize(lambda a: seen.append(type(a)) or a[0], signature="(n)->()")(fnp.asarray(F))
    assert set(seen) == {fnp.ndarray}


def test_vectorize_numpy_regressions(backend):
    # numpy/lib/tests/test_function_base.py::TestVectorize
    compare(lambda np: np.vectorize(lambda x: x, ["float64"])([2]))
    compare(lambda np: np.vectorize(lambda x: x, otypes="l")(np.asarray([1, 2])))
    compare(
        lambda np: np.vectorize(lambda a, b=1: a + b)(np.asarray([1, 2]), b=np.asarray([[1], [2]]))
    )
    compare(lambda np: np.vectorize(lambda x: x, otypes="i")(np.asarray(numpy.zeros((0, 4)))))
    compare(
        lambda np: np.vectorize(lambda x: (x, x), signature="()->(),()", otypes="ff")(
            np.asarray([])
        )
    )
    strings = fnp.vectorize(lambda x: str(x) * 2)(fnp.asarray([1, 2]))
    assert isinstance(strings, fnp.ndarray) and strings.dtype == "<U2"  # held on the host
    assert strings.tolist() == ["11", "22"]


def test_vectorize_decorator_and_attributes(backend):
    @fnp.vectorize
    def clip(v):
        """clip at zero"""
        return v if v > 0 else 0

    assert clip.__doc__ == "clip at zero" and clip.otypes is None
    numpy.testing.assert_array_equal(
        numpy.asarray(clip(fnp.asarray(F))), numpy.vectorize(clip.pyfunc)(F)
    )

    @fnp.vectorize(otypes=[float])
    def halve(v):
        return v / 2

    assert isinstance(halve, fnp.vectorize)
    assert halve.otypes == numpy.vectorize(halve.pyfunc, otypes=[float]).otypes
    compare(lambda np: np.vectorize(halve.pyfunc, otypes=[float])(np.asarray(X)))
    assert fnp.vectorize(len, doc="docs").__doc__ == "docs"
    assert fnp.vectorize(len).__name__ == "len" and fnp.vectorize(len).pyfunc is len


# --------------------------------------------------------------------------- frompyfunc
def test_frompyfunc(backend):
    add = fnp.frompyfunc(lambda a, b: a + b, 2, 1)
    theirs = numpy.frompyfunc(lambda a, b: a + b, 2, 1)
    assert (add.nin, add.nout, add.nargs) == (2, 1, 3)
    for args in [(F, 1), (X[0], X[1]), ([1, 2], [[3], [4]])]:
        ours = add(*[fnp.asarray(a) for a in args])
        expected = theirs(*args)
        assert isinstance(ours, fnp.ndarray) and ours.dtype == object
        assert ours.tolist() == expected.tolist()
    assert add(2, 3) == 5
    assert add.reduce(fnp.asarray(X), axis=1).tolist() == theirs.reduce(X, axis=1).tolist()
    assert add.accumulate(fnp.asarray([1, 2, 3])).tolist() == [1, 3, 6]
    assert add.outer(fnp.asarray([1, 2]), fnp.asarray([10, 20])).tolist() == [[11, 21], [12, 22]]
    assert add.reduceat(fnp.asarray([1, 2, 3, 4]), [0, 2]).tolist() == [3, 7]
    divmod_ = fnp.frompyfunc(divmod, 2, 2)
    quotient, remainder = divmod_(fnp.asarray([7, 8]), 3)
    assert quotient.tolist() == [2, 2] and remainder.tolist() == [1, 2]
    concat = fnp.frompyfunc(lambda a, b: a + b, 2, 1, identity="")
    assert concat.identity == "" and concat.reduce(numpy.array([], dtype=object)) == ""
    objects = numpy.array([1, 2, 3], dtype=object)
    add.at(objects, [0, 2], 10)
    assert objects.tolist() == [11, 2, 13]
    with pytest.raises(TypeError, match="frontend ndarray"):
        add.at(fnp.asarray([1, 2]), [0], 1)
    with pytest.raises(ValueError):
        add(fnp.asarray([1, 2]), fnp.asarray([1, 2, 3]))
    compare(lambda np: np.frompyfunc(len, 1, 1, identity=0).reduce(np.asarray([1, 2])))
    compare(lambda np: np.frompyfunc(lambda a: a, 1, 1)(1, 2, 3, 4))


# --------------------------------------------------------------------------- piecewise
def test_piecewise_documented_cases(backend):
    compare(
        lambda np: np.piecewise(np.asarray(F), [np.asarray(F) < 0, np.asarray(F) >= 0], [-1, 1])
    )
    compare(lambda np: np.piecewise(np.asarray(F), [np.asarray(F) < 0, np.asarray(F) >= 0],
                                    [lambda x: -x, lambda x: x]))  # fmt: skip
    compare(lambda np: np.piecewise(-2, [-2 < 0, -2 >= 0], [lambda x: -x, lambda x: x]))
    compare(lambda np: np.piecewise(np.asarray(2.5), [True, False], [lambda x: x * 2, 7]))


def test_piecewise_conditions_and_functions(backend):
    def case(np):
        x = np.asarray(X)
        return np.piecewise(x, [x < -3, (x >= -3) & (x < 5)], [lambda v: v * 10, 0, lambda v: -v])

    compare(case)
    compare(lambda np: np.piecewise(np.asarray(X), np.asarray(X) > 0, [lambda v: v + 100]))
    compare(lambda np: np.piecewise(np.asarray(X), np.asarray(X) > 0, [lambda v: v + 100, -1]))
    compare(lambda np: np.piecewise(np.asarray(F), [np.asarray(F) > 100], [lambda v: v, 5.5]))
    compare(lambda np: np.piecewise(np.asarray(X), [np.asarray(X) > 0], [1.9]))  # cast to int
    compare(lambda np: np.piecewise(np.asarray(F), [np.asarray(F) > 0], [lambda v, a, b=0: v * a + b],
                                    3, b=1))  # fmt: skip
    compare(
        lambda np: np.piecewise(np.asarray([1, 2, 3]), [[True, False, True]], [lambda v: v * 5])
    )
    compare(lambda np: np.piecewise(np.asarray([1, 2, 3]), [[1, 0, 2]], [4]))  # non-bool conds
    compare(lambda np: np.piecewise(np.asarray([1.0, 2.0]), [np.asarray([True, True])] * 2, [1, 2]))
    compare(lambda np: np.piecewise(np.asarray([True, False]), [[True, False]], [False]))


def test_piecewise_numpy_regressions(backend):
    # numpy/lib/tests/test_function_base.py::TestPiecewise
    compare(lambda np: np.piecewise(3, [3 > 3, 3 <= 3], [4, 0]))
    compare(lambda np: np.piecewise(np.asarray(3), [np.asarray(np.asarray(3) > 3)], [1, 2]))
    compare(
        lambda np: np.piecewise(np.asarray(3), [np.asarray([3 > 3]), np.asarray([3 <= 3])], [1, 2])
    )
    compare(lambda np: np.piecewise(np.asarray([0, 1]), np.asarray([0, 1]) == 0, [lambda v: 1]))
    compare(lambda np: np.piecewise(np.asarray([[1, 2], [3, 4]]),
                                    [np.asarray([[True, False], [False, False]]),
                                     np.asarray([[False, True], [True, False]])], [1, 2, 3]))  # fmt: skip
    compare(lambda np: np.piecewise(np.asarray([1.0, 2.0]), [[True, False]], [np.asarray(7)]))
    compare(lambda np: np.piecewise(np.asarray([1, 2, 3]), [[True, True, False]], [[8, 9]]))
    compare(lambda np: np.piecewise(np.asarray([1, 2], dtype="int8"), [[True, False]], [1000]))


def test_piecewise_errors(backend):
    compare(lambda np: np.piecewise(np.asarray(F), [np.asarray(F) < 0], [1, 2, 3]))
    compare(lambda np: np.piecewise(np.asarray([1, 2]), [[True, False, True]], [1]))
    compare(
        lambda np: np.piecewise(
            np.asarray([1, 2]), [[True, False]], [lambda v: np.asarray([1, 2, 3])]
        )
    )
    compare(lambda np: np.piecewise(np.asarray([1, 2]), [[True, False], [True]], [1, 2]))
    compare(lambda np: np.piecewise(np.asarray([1, 2]), [[True, False]], [1j]))


# --------------------------------------------------------------------------- misc
@pytest.mark.parametrize(
    "make",
    [lambda np: np.asarray(1.0), lambda np: np.asarray([1.0]), lambda np: np.asarray(X),
     lambda np: [1], lambda np: 1, lambda np: "abc", lambda np: (i for i in []),
     lambda np: np.float64(1.0), lambda np: None, lambda np: {}, lambda np: np.asarray(X)[0, 0]],
)  # fmt: skip
def test_iterable(backend, make):
    assert fnp.iterable(make(fnp)) is numpy.iterable(make(numpy))


VIEWS = {
    "slice": lambda a: a[1:],
    "index": lambda a: a[0],
    "step": lambda a: a[:, ::2],
    "reshape": lambda a: a.reshape(-1),
    "transpose": lambda a: a.T,
    "view": lambda a: a.view(),
    "nested": lambda a: a[1:][0, ::-1],
    "ellipsis": lambda a: a[...],
    "copy": lambda a: a.copy(),
    "fancy": lambda a: a[[0, 1]],
    "mask": lambda a: a[a > 0],
    "astype": lambda a: a.astype("float32"),
    "arith": lambda a: a + 0,
    "empty": lambda a: a[:0],
    "same": lambda a: a,
}


@pytest.mark.parametrize("name", sorted(VIEWS))
@pytest.mark.parametrize("query", ["shares_memory", "may_share_memory"])
def test_memory_sharing_like_numpy(backend, name, query):
    make = VIEWS[name]

    def run(np):
        a = np.asarray(F) if np is fnp else numpy.array(F)
        return getattr(np, query)(a, make(a)), getattr(np, query)(make(a), a)

    compare(run)


def test_memory_sharing_between_views(backend):
    a = fnp.asarray(F)
    assert fnp.shares_memory(a[0], a[1:].T) and fnp.may_share_memory(a[:, 1], a.reshape(-1))
    # disjoint views of one root: numpy's shares_memory says False, the frontend cannot
    # see element offsets (module docstring) and says they share, as may_share_memory does
    assert fnp.may_share_memory(a[0], a[1]) and fnp.shares_memory(a[0], a[1])
    other = fnp.asarray(F)
    assert not fnp.shares_memory(a, other) and not fnp.may_share_memory(a, other)
    host = numpy.array(F)
    assert not fnp.shares_memory(a, host) and not fnp.shares_memory(host, a)
    assert fnp.shares_memory(host, host[1:]) and not fnp.shares_memory(host, host.copy())
    assert fnp.may_share_memory(host, host[::2]) and not fnp.shares_memory([1, 2], [1, 2])
    assert type(fnp.shares_memory(a, a)) is bool
    # numpy's own functions called on frontend arrays answer the frontend's way
    assert numpy.shares_memory(a, a.T) and not numpy.may_share_memory(a, a.copy())
    # a write through a view reaches its base: the sharing is real
    view = a.T
    view[0, 0] = 99.0
    assert a[0, 0] == 99.0
