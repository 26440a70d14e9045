"""The numpy frontend's foundation against real numpy: ndarray construction, attributes,
indexing and views, operators with NEP 50 promotion, ufunc loops, casting and out=."""

from __future__ import annotations

import itertools

import numpy
import pytest

from frontends import numpy as fnp
from tests.frontends.numpy.oracle import compare

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "float32", "float64", "complex64", "complex128"]  # fmt: skip


def test_light_import_on_numpy_backend():
    import subprocess
    import sys

    code = (
        "import sys; from frontends import numpy as np; np.add(np.asarray([1.0]), 1);"
        "print(sorted(m for m in ('torch', 'jax', 'tensorflow') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("data", [[1, 2, 3], [1.5, 2.0], [[1, 2], [3, 4]], 5, 2.5, True, [1j, 2],
                                  [], [[True, False]]])  # fmt: skip
def test_array_from_python(backend, data):
    compare(lambda np: np.array(data))
    compare(lambda np: np.asarray(data, dtype=np.float32))


def test_iteration_reads_the_host_copy_again_after_a_write(backend):
    """A 1-D array iterates over one host copy (numpy scalars), taken again when the
    loop writes to the array, as numpy's iteration sees its own writes."""
    for np in (numpy, fnp):
        a = np.arange(5)
        seen = []
        for i, v in enumerate(a):
            seen.append(v)
            if i < 4:
                a[i + 1] += v
        assert [type(v) for v in seen] == [numpy.int64] * 5 and seen == [0, 1, 3, 6, 10]
        b = np.arange(6)
        view = b[1:4]
        assert [v for v in view if not b.__setitem__(slice(2, None), 9)] == [1, 9, 9]


@pytest.mark.parametrize(
    "shape, values, dtype",
    [((5,), [1, 2], float), ((2, 2), 1.7, int), ((3,), [], float),
     ((3,), [1, 2, 3, 4, 5], float), ((2, 3), range(6), "int8")],
)  # fmt: skip
def test_flat_assignment_repeats_the_values(backend, shape, values, dtype):
    def fill(np):
        a = np.zeros(shape, dtype=dtype)
        a.flat = values
        return a

    compare(fill)


def test_flatiter_method_signatures():
    import inspect

    for name in ("__array__", "copy"):
        ours = inspect.signature(getattr(type(fnp.zeros(2).flat), name))
        theirs = inspect.signature(getattr(numpy.flatiter, name))
        assert [p.kind for p in ours.parameters.values()] == [
            p.kind for p in theirs.parameters.values()
        ]


def test_attributes(backend):
    x = numpy.arange(24, dtype="int16").reshape(2, 3, 4)
    for attr in ("shape", "ndim", "size", "itemsize", "nbytes", "strides", "dtype"):
        assert getattr(fnp.asarray(x), attr) == getattr(x, attr)
    compare(lambda np: np.asarray(x).T)
    compare(lambda np: np.asarray(x).mT)
    compare(lambda np: np.asarray(x + 1j).real)
    compare(lambda np: np.asarray(x + 2j).imag)
    assert repr(fnp.asarray(x)) == repr(x)
    assert str(fnp.asarray(x * 0.5)) == str(x * 0.5)


def test_scalars_and_conversion(backend):
    a = fnp.asarray([1.5, 2.5])
    assert type(a[0]) is numpy.float64 and repr(a[0]) == "np.float64(1.5)"
    assert isinstance(a[0], float)
    assert float(fnp.asarray(2.5)) == 2.5 and int(fnp.asarray(3)) == 3
    assert numpy.asarray(a).tolist() == [1.5, 2.5]
    assert a.tolist() == [1.5, 2.5] and a.item(1) == 2.5
    assert len(a) == 2 and list(a) == [1.5, 2.5]
    with pytest.raises(ValueError, match="ambiguous"):
        bool(a)
    with pytest.raises(TypeError):
        len(fnp.asarray(1.0))


def test_basic_indexing_gives_views(backend):
    base = fnp.asarray(numpy.zeros((3, 4)))
    view = base[1:, ::2]
    view[0, 1] = 7.0
    assert base[1, 2] == 7.0 and view.base is base
    base[2] = 5.0
    assert view[1].tolist() == [5.0, 5.0]
    row = base.reshape(-1)[:4]
    row += 1
    assert base[0].tolist() == [1.0, 1.0, 1.0, 1.0]


def test_fancy_indexing_copies(backend):
    x = numpy.arange(12.0).reshape(3, 4)
    compare(lambda np: np.asarray(x)[[0, 2]])
    compare(lambda np: np.asarray(x)[np.asarray(x) > 4])
    compare(lambda np: np.asarray(x)[[0, 1], [1, 2]])
    compare(lambda np: np.asarray(x)[1, [0, 3]])
    compare(lambda np: np.asarray(x)[5])
    compare(lambda np: np.asarray(x)[1, 2, 3])
    compare(lambda np: np.asarray(x)[1.0])
    a = fnp.asarray(x)
    b = a[[0, 1]]
    b[0, 0] = 100
    assert a[0, 0] == 0


def test_setitem_broadcasts_and_casts(backend):
    def run(np):
        a = np.asarray(numpy.zeros((3, 4), dtype="int32"))
        a[1] = [1, 2, 3, 4]
        a[:, 0] = 9.7
        a[a > 3] = -1
        a[[0, 2], 1] = 5
        return a

    compare(run)

    def bad(np):
        a = np.asarray(numpy.zeros((3, 4)))
        a[0] = [1, 2]

    compare(bad)

    def overflow(np):
        a = np.asarray(numpy.zeros(3, dtype="uint8"))
        a[0] = 300

    compare(overflow)


def test_element_reads_and_writes_with_numpy_integers(backend):
    """One element by Python or numpy integers (an index read from an integer array), as
    loops over arrays index; the write stores what numpy stores."""

    def run(np):
        a = np.asarray(numpy.arange(12.0).reshape(3, 4))
        i = np.asarray([2, 1])
        a[i[0], 3] = 1.5
        a[1, numpy.int32(0)] = numpy.float64(-2.0)
        a[0, 0] = 7
        b = np.asarray(numpy.zeros(3, dtype="float32"))
        b[numpy.uint8(1)] = 0.1
        b[2] = numpy.float32(3.5)
        return a, b, a[i[1], i[0]], a[numpy.int64(-1), 3], b[i[1]], a[i[0]], a[1, :2]

    compare(run)
    compare(lambda np: np.asarray(numpy.zeros((2, 2)))[numpy.int64(2), 0])
    compare(lambda np: np.asarray(numpy.zeros(2))[numpy.int64(-3)])


def test_element_write_in_place_is_seen_by_the_array_only(backend):
    """A write into an array nothing else refers to is made in place; an array that
    shares its memory (a flattened copy, a copy) is not changed by it, and views see it."""

    def run(np):
        a = np.zeros((2, 3))
        flat = a.flatten()
        a[0, 1] = 5.0
        c = np.ones(4)
        view = c[1:]
        c[1] = 3.0
        d = np.ones(2)
        e = d.copy()
        d[0] = 0.0
        f = np.zeros((2, 3, 2))
        f[1][0, 1] = 4.0  # into a view nothing else holds: its root's memory
        f[0][1, :] = [1.0, 2.0]
        f[:, 2][0] = 3.0
        g = f[1]
        f[1][1, 1] = 5.0  # while another view is held
        h = np.arange(6).reshape(2, 3).T  # a view of a view
        h[1, 0] = -1
        h[0] = 7
        flat2 = f.reshape(-1)[:4]
        f[0, 0] = 9.0
        k = np.arange(6.0).reshape(2, 3)
        k[k > 2] = -1.0
        k[np.asarray([True, False])] = np.asarray([7.0, 8.0, 9.0])
        k[k < 0] = np.asarray([4.0, 5.0])
        return a, flat, c, view, d, e, f, g, h, flat2, k

    compare(run)

    def shared(np):  # a flattened copy (on numpy's backend: the same memory) is kept
        f = np.zeros((2, 3))
        flat = f.flatten()
        f[1][0] = 4.0
        f[0][1:] = 2.0
        return f, flat

    compare(shared)

    def overflow(np):
        a = np.zeros(2, dtype="int8")
        a[0] = 200

    compare(overflow)
    a = fnp.zeros(3)
    a.flags.writeable = False
    with pytest.raises(ValueError):
        a[0] = 1.0


def test_ufunc_of_real_numpy_arrays(backend):
    """A ufunc of real numpy's arrays (``list - scalar`` gives one) gives the frontend's
    array with numpy's values."""
    x = numpy.asarray([0.5, -1.0]) - numpy.float64(1.0)
    compare(lambda np: np.exp(x))
    compare(lambda np: np.add(x, np.asarray([1.0, 2.0])))
    compare(lambda np: np.add(x.astype("float32"), 1))


@pytest.mark.parametrize(
    "scalar", [numpy.int64(3), numpy.float64(0.5), numpy.float32(2.0), numpy.uint64(2**63)]
)
@pytest.mark.parametrize("dtype", ["int8", "float32", "float64"])
def test_ufunc_of_an_array_and_a_numpy_scalar(backend, dtype, scalar):
    """numpy's scalars are strong (NEP 50): an array and one promote as two arrays do."""
    x = numpy.asarray([1, 2, 0]).astype(dtype)
    compare(lambda np: np.asarray(x) / scalar)
    compare(lambda np: np.add(np.asarray(x), scalar))
    compare(lambda np: scalar - np.asarray(x))
    compare(lambda np: np.asarray(x) // scalar)


def test_inplace_operators(backend):
    """``a op= b`` writes numpy's result into ``a`` (its views and other names see it);
    a result of another shape or dtype raises numpy's error."""

    def run(np):
        a = np.asarray(numpy.arange(6.0).reshape(2, 3))
        same, row = a, a[1]
        a += 1
        a *= np.asarray([2.0, 0.5, -1.0])
        a -= 0.25
        a /= np.asarray([[2.0], [4.0]])
        a **= 2
        row += 1.0
        b = np.asarray(numpy.ones(3, dtype="float32"))
        b += np.asarray([1.0, 2.0, 3.0])  # float64 into float32: same_kind
        b *= 3
        b @= np.eye(3, dtype="float32")
        return a, same, row, b

    compare(run)

    def grows(np):
        a = np.asarray([1.0, 2.0])
        a += np.ones((2, 2))

    compare(grows)

    def casts(np):
        a = np.asarray(numpy.arange(3))
        a *= 0.5

    compare(casts)


def test_reductions_of_lists(backend):
    """sum/max/min/mean of lists and tuples (numbers, numpy scalars, arrays) as numpy
    makes arrays of them; empty and non-number lists give numpy's errors."""
    scalars = [numpy.float64(1.5), numpy.float64(-2.0), numpy.float64(0.25)]
    compare(lambda np: (np.max(scalars), np.min(scalars), np.sum(scalars), np.mean(scalars)))
    compare(lambda np: (np.sum([1, 2, 3]), np.mean((1, 2)), np.sum([True, False, True])))
    compare(lambda np: (np.max([[1.0, 5.0], [3.0, 2.0]], axis=0), np.sum([[1, 2]], axis=1)))
    compare(lambda np: np.sum([np.asarray([1.0, 2.0]), np.asarray([3.0, 4.0])], axis=0))
    compare(lambda np: np.max([]))
    compare(lambda np: np.sum([[1.0], [2.0, 3.0]]))


def test_binary_promotion_every_pair():
    """Promotion is backend-independent data: every pair, on the default backend."""
    for left, right in itertools.product(DTYPES, repeat=2):
        x = numpy.asarray([1, 0, 1]).astype(left)
        y = numpy.asarray([1, 1, 0]).astype(right)
        compare(lambda np, x=x, y=y: np.asarray(x) + np.asarray(y))
        compare(lambda np, x=x, y=y: np.multiply(np.asarray(x), np.asarray(y)))
        compare(lambda np, x=x, y=y: np.asarray(x) == np.asarray(y))


@pytest.mark.parametrize("left,right", list(itertools.pairwise(DTYPES)))
def test_binary_promotion_on_backends(backend, left, right):
    x = numpy.asarray([1, 0, 1]).astype(left)
    y = numpy.asarray([1, 1, 0]).astype(right)
    compare(lambda np: np.asarray(x) + np.asarray(y))
    compare(lambda np: np.asarray(y) * np.asarray(x))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("scalar", [1, -1, 300, 2.5, 1j, True])
def test_weak_python_scalars(backend, dtype, scalar):
    x = numpy.asarray([1, 0, 1]).astype(dtype)
    compare(lambda np: np.asarray(x) + scalar)
    compare(lambda np: scalar * np.asarray(x))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(
    "name",
    [
        "sin",
        "sqrt",
        "exp",
        "negative",
        "absolute",
        "floor",
        "invert",
        "isnan",
        "divide",
        "subtract",
        "arctan2",
        "logical_and",
        "power",
    ],
)
def test_ufunc_loops(backend, dtype, name):
    x = numpy.asarray([1, 2, 3]).astype(dtype)

    def run(np):
        ufunc = getattr(np, name)
        args = (np.asarray(x),) * ufunc.nin
        return ufunc(*args)

    compare(run, rtol=1e-3 if dtype in ("float16",) else 1e-6)


def test_out_and_casting(backend):
    def ok(np):
        out = np.asarray(numpy.zeros(3))
        result = np.add(np.asarray([1, 2, 3]), 1, out=out)
        return result, out

    compare(ok)

    def refused(np):
        out = np.asarray(numpy.zeros(3, dtype="int64"))
        np.add(np.asarray([1.5, 2, 3]), 1, out=out)

    compare(refused)

    def inplace(np):
        a = np.asarray(numpy.arange(3))
        a += 1.5

    compare(inplace)

    def where(np):
        out = np.asarray(numpy.full(3, -1.0))
        return np.multiply(
            np.asarray([1.0, 2, 3]), 2, out=out, where=np.asarray([True, False, True])
        )

    compare(where)

    compare(lambda np: np.add(np.asarray([1, 2]), np.asarray([1, 2]), dtype=np.float32))

    def positional_out(np):  # ``out`` by position: written and returned
        out = np.asarray(numpy.zeros(2))
        result = np.prod(np.asarray(numpy.arange(1.0, 7.0).reshape(2, 3)), 1, None, out)
        return result is out, out

    compare(positional_out)


def test_mixed_with_real_numpy(backend):
    x = numpy.arange(3.0)
    a = fnp.asarray([1.0, 2.0, 3.0])
    for result in (x + a, a + x, numpy.add(x, a)):
        assert isinstance(result, fnp.ndarray)
        assert result.tolist() == [1.0, 3.0, 5.0]
    assert isinstance(numpy.float32(2) * a, fnp.ndarray)
    assert (numpy.float32(2) * a).dtype == numpy.float64


def test_other_libraries_ufuncs(backend):
    """scipy.special's ufuncs (not numpy's, some of the same name) on ndarrays run on host
    copies and give ndarrays, with numpy's values; out= is written."""
    from scipy import special

    x = numpy.array([0.5, 1.5, 4.0])
    a = fnp.asarray(x)
    for ufunc in (special.digamma, special.expit, special.round, special.gammaln):
        result = ufunc(a)
        assert isinstance(result, fnp.ndarray)
        assert result.dtype == numpy.float64
        assert result.tolist() == ufunc(x).tolist()
    out = fnp.zeros(3)
    assert special.digamma(a, out=out) is out
    assert out.tolist() == special.digamma(x).tolist()
    assert special.digamma(a[0]) == special.digamma(x[0])


def test_loop_idioms_of_numpy_programs(backend):
    """What programs written in numpy do in Python loops, each on a fast path now: ufuncs
    of scalars (numpy's, as element reads give them, and Python's: real numpy's ufunc),
    element reads and writes by a tuple of ints, iterating a 1-D array while writing it,
    an array against a numpy scalar of its dtype (strong under NEP 50) or of another."""
    x = numpy.array([0.25, -1.5, 3.0, 0.0])

    def scalars(np):
        a = np.asarray(x)
        with numpy.errstate(divide="ignore", over="ignore"):
            return (np.log(a[2]), np.log2(a[0]), np.log(a[3]), np.exp(2.0), np.add(1, 2),
                    np.add(np.int8(100), np.int8(100)), np.divmod(a[2], 2), np.maximum(a[1], 0),
                    np.sqrt(np.float32(2)), np.logical_and(True, a[0]))  # fmt: skip

    def elements(np):
        m = np.arange(12.0).reshape(3, 4)
        m[1, 2] = 7.5
        m[-1, -4] = m[0, 1] + m[1, 2]
        return m, m[1, 2], m[-1, -4], m[2, 3]

    def iterate_while_writing(np):
        a = np.arange(5.0)
        seen = []
        for i, v in enumerate(a):
            seen.append(v)
            if i + 1 < len(a):
                a[i + 1] = 10 * v + 1
        return a, seen

    def against_numpy_scalars(np):
        a = np.asarray(x)
        f = np.asarray(x, dtype=np.float32)
        return (a <= a[0], a * a[2], f + f[1], f <= f[0], f + a[0], a - np.float32(0.5),
                np.minimum(a, a[1]), a / np.int64(3))  # fmt: skip

    for fn in (scalars, elements, iterate_while_writing, against_numpy_scalars):
        compare(fn)
    with pytest.raises(IndexError, match="index 3 is out of bounds for axis 0 with size 3"):
        fnp.zeros((3, 4))[3, 0]
    with pytest.raises(IndexError, match="index -5 is out of bounds for axis 1 with size 4"):
        fnp.zeros((3, 4))[0, -5] = 1.0


def test_bool_subtract_refused(backend):
    compare(lambda np: np.asarray([True]) - np.asarray([False]))
    compare(lambda np: -np.asarray([True]))


def test_result_type_and_casting_rules():
    for a, b in itertools.product(DTYPES, repeat=2):
        assert fnp.promote_types(a, b) == numpy.promote_types(a, b)
        for casting in ("no", "safe", "same_kind", "unsafe"):
            assert fnp.can_cast(a, b, casting) == numpy.can_cast(a, b, casting), (a, b, casting)
    assert fnp.result_type(numpy.int8, 1, 2.0) == numpy.result_type(numpy.int8, 1, 2.0)
    assert fnp.result_type(fnp.asarray([1], dtype="uint8"), 1j) == numpy.complex128
    with pytest.raises(TypeError):
        fnp.can_cast(1, "int8")
    assert fnp.common_type(fnp.asarray([1], dtype="int8")) is numpy.float64
    assert (
        fnp.common_type(fnp.asarray([1], dtype="float32"), fnp.asarray([1j], dtype="complex64"))
        is numpy.complex64
    )


def test_mixed_with_torch_frontend(backend):
    from frontends import torch

    a = fnp.asarray([1.0, 2.0])
    t = torch.tensor([1.0, 2.0])
    result = a + t  # numpy defers to the tensor (torch's __array_priority__), as real ones do
    assert isinstance(result, torch.Tensor) and result.dtype == torch.float64
    assert isinstance(torch.from_numpy(a), torch.Tensor)
    assert fnp.asarray(t).dtype == numpy.float32
