"""core's main-namespace linear algebra (matmul, tensordot, vecdot, einsum, outer, inner,
kron, matrix_transpose) against numpy, on every backend.

Inputs are small integers cast to the dtypes under test, so every product is exact in
every dtype and the backends must agree exactly. The expected VALUES come from numpy
computing in a wide dtype (int64 for integers and bool, float32 for halves, else the
result dtype); the expected DTYPE is core's promotion of the two inputs (numpy's own
would differ, e.g. for int8 with uint64 or bfloat16 with float16). Integer products wrap
modulo the width and a bool product is ``or`` of ``and``s, as in numpy.
"""

from __future__ import annotations

import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st

import core
from tests.core.oracle import NUMPY_DTYPES, arrays, assert_same, dtype_names

SMALL = {"min_value": -8, "max_value": 8}


def small(dtype: str, shape: tuple[int, ...]) -> st.SearchStrategy[numpy.ndarray]:
    """Arrays of small integers (exact in every dtype) cast to ``dtype``."""
    return arrays("int8", shape=shape, elements=SMALL).map(lambda a: a.astype(NUMPY_DTYPES[dtype]))


def expected(function, dtype: str, *operands: numpy.ndarray) -> numpy.ndarray:
    """``function`` of the operands cast to core's result ``dtype`` (as core promotes them),
    computed by numpy in a wide dtype and cast back to ``dtype``."""
    result_dtype = core.as_core_dtype(dtype)
    if result_dtype.kind in "biu":
        wide = numpy.int64
    elif result_dtype in ("float16", "bfloat16"):
        wide = numpy.float32
    else:
        wide = NUMPY_DTYPES[dtype]
    promoted = [o.astype(NUMPY_DTYPES[dtype]).astype(wide) for o in operands]
    values = numpy.asarray(function(*promoted))
    return values != 0 if result_dtype.kind == "b" else values.astype(NUMPY_DTYPES[dtype])


# name -> (core call, numpy oracle, shape pairs)
PRODUCTS = {
    "matmul": (
        lambda a, b: core.matmul(a, b),
        numpy.matmul,
        [((2, 3), (3, 4)), ((2, 1, 3, 2), (4, 2, 3)), ((3,), (3, 2)), ((2, 3), (3,)), ((3,), (3,))]
        + [((0, 3), (3, 2)), ((2, 0), (0, 2))],
    ),
    "tensordot": (
        lambda a, b: core.tensordot(a, b),
        numpy.tensordot,
        [((2, 3, 4), (3, 4, 2)), ((3, 2), (3, 2))],
    ),
    "tensordot axes pair": (
        lambda a, b: core.tensordot(a, b, axes=([0, -1], [2, 0])),
        lambda a, b: numpy.tensordot(a, b, axes=([0, -1], [2, 0])),
        [((2, 3, 4), (4, 5, 2))],
    ),
    "vecdot": (
        lambda a, b: core.vecdot(a, b),
        lambda a, b: numpy.sum(numpy.conj(a) * b, axis=-1),
        [((2, 3), (3,)), ((4, 1, 3), (2, 3)), ((3,), (3,)), ((2, 0), (2, 0))],
    ),
    "einsum batched": (
        lambda a, b: core.einsum("bij,bjk->bik", a, b),
        lambda a, b: numpy.einsum("bij,bjk->bik", a, b),
        [((2, 3, 4), (2, 4, 1))],
    ),
    "einsum implicit output": (
        lambda a, b: core.einsum("...ji,...j", a, b),
        lambda a, b: numpy.einsum("...ji,...j", a, b),
        [((2, 3, 2), (3,))],
    ),
    "outer": (lambda a, b: core.outer(a, b), numpy.outer, [((3,), (4,)), ((2, 2), (0,))]),
    "inner": (
        lambda a, b: core.inner(a, b),
        numpy.inner,
        [((2, 3), (4, 3)), ((3,), (3,)), ((), (2, 3))],
    ),
    "kron": (lambda a, b: core.kron(a, b), numpy.kron, [((2, 3), (3, 2)), ((2,), (2, 3))]),
}


@pytest.mark.parametrize("name", list(PRODUCTS))
@given(
    dtype1=dtype_names("numeric", "bool"),
    dtype2=dtype_names("numeric", "bool"),
    data=st.data(),
)
def test_products_match_numpy_with_core_promotion(backend, name, dtype1, dtype2, data):
    function, oracle, shapes = PRODUCTS[name]
    shape1, shape2 = data.draw(st.sampled_from(shapes))
    x1 = data.draw(small(dtype1, shape1))
    x2 = data.draw(small(dtype2, shape2))
    dtype = core.promote_types(dtype1, dtype2)
    result = function(core.asarray(x1), core.asarray(x2))
    assert_same(result, expected(oracle, dtype, x1, x2), dtype=dtype)


@given(dtypes=st.lists(dtype_names("numeric", "bool"), min_size=3, max_size=3), data=st.data())
def test_einsum_promotes_all_operands_together(backend, dtypes, data):
    x, y, z = (data.draw(small(d, s)) for d, s in zip(dtypes, [(2, 3), (3,), (3, 2)]))
    dtype = core.result_type(*dtypes)
    result = core.einsum("ij,j,jk->ik", core.asarray(x), core.asarray(y), core.asarray(z))
    oracle = lambda a, b, c: numpy.einsum("ij,j,jk->ik", a, b, c)  # noqa: E731
    assert_same(result, expected(oracle, dtype, x, y, z), dtype=dtype)


def test_linalg_aliases_of_main_namespace_functions(backend):
    x = numpy.arange(12, dtype=numpy.float32).reshape(3, 4)
    y = numpy.arange(4, dtype=numpy.int8)
    a, b = core.asarray(x), core.asarray(y)
    assert_same(core.linalg.matmul(a, b), x @ y)
    assert_same(core.linalg.matrix_transpose(a), x.T)
    assert_same(core.linalg.tensordot(a, b, axes=([1], [0])), numpy.tensordot(x, y, ([1], [0])))
    assert_same(core.linalg.vecdot(a, a, axis=0), numpy.vecdot(x, x, axis=0))
    assert_same(core.linalg.outer(b, b), numpy.outer(y, y))


def test_integer_products_wrap_like_numpy(backend):
    x = numpy.array([[100, 100], [-100, 7]], dtype=numpy.int8)
    assert_same(core.matmul(core.asarray(x), core.asarray(x)), numpy.matmul(x, x))
    big = numpy.array([2**63 + 5, 3], dtype=numpy.uint64)
    assert_same(core.vecdot(core.asarray(big), core.asarray(big)), numpy.vecdot(big, big))
    assert_same(core.outer(core.asarray(big), core.asarray(big)), numpy.outer(big, big))


def test_products_of_special_values(backend):
    x = numpy.array([[numpy.inf, 1.0], [numpy.nan, 2.0]], dtype=numpy.float32)
    y = numpy.array([[1.0, 0.0], [0.0, 1.0]], dtype=numpy.float32)
    assert_same(core.matmul(core.asarray(y), core.asarray(y)), y)
    # inf * 0 is nan, whatever the summation order
    assert_same(core.matmul(core.asarray(x), core.asarray(y)), numpy.matmul(x, y))
    assert_same(core.kron(core.asarray(x), core.asarray(y)), numpy.kron(x, y))


def test_matmul_rejects_0d_and_mismatched_operands(backend):
    with pytest.raises(Exception):  # noqa: B017 (each framework raises its own error)
        core.matmul(core.asarray(2.0), core.asarray([1.0, 2.0]))
    with pytest.raises(Exception):  # noqa: B017
        core.matmul(core.asarray(numpy.ones((2, 3))), core.asarray(numpy.ones((2, 3))))
    with pytest.raises(Exception):  # noqa: B017
        core.tensordot(core.asarray(numpy.ones((3, 4))), core.asarray(numpy.ones((4, 3))))


def test_array_matmul_operator_and_mT(backend):
    x = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    a = core.asarray(x)
    assert_same(a @ a.mT, x @ x.T)
    assert_same(core.linalg.matrix_transpose(a), x.T)


@given(x=arrays(dtype_names("all"), min_dims=2, max_dims=4))
def test_matrix_transpose_any_dtype(backend, x):
    assert_same(core.matrix_transpose(core.asarray(x)), numpy.swapaxes(x, -1, -2))


def test_matrix_transpose_needs_two_dimensions(backend):
    with pytest.raises(ValueError, match="2 dimensions"):
        core.matrix_transpose(core.asarray([1.0, 2.0]))


def test_vecdot_conjugates_the_first_argument(backend):
    x = numpy.array([1 + 2j, 3 - 1j], dtype=numpy.complex64)
    y = numpy.array([2 - 1j, 1j], dtype=numpy.complex64)
    assert_same(core.vecdot(core.asarray(x), core.asarray(y)), numpy.vecdot(x, y))
    assert_same(core.vecdot(core.asarray(x), core.asarray(x)), numpy.complex64(15))
