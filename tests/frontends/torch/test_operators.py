"""Tensor's Python operators against real torch's, on every backend: binary and reflected
operators with tensors and Python scalars on either side (torch's promotion: int8 + 1000
stays int8 and wraps, an int tensor with 1.5 gives float32), unary operators, in-place
operators that mutate the same object and reach a view's base, and their errors."""

from __future__ import annotations

# ruff: noqa: B023 - each lambda is called by check() before the loop moves on
import operator

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.frontends.torch.oracle import (
    DTYPE_NAMES,
    arrays,
    assert_matches,
    both,
    broadcastable_shapes,
    check,
)

BINARY = {
    "add": operator.add, "sub": operator.sub, "mul": operator.mul,
    "truediv": operator.truediv, "floordiv": operator.floordiv, "mod": operator.mod,
    "pow": operator.pow, "and": operator.and_, "or": operator.or_, "xor": operator.xor,
    "lshift": operator.lshift, "rshift": operator.rshift, "eq": operator.eq,
    "ne": operator.ne, "lt": operator.lt, "le": operator.le, "gt": operator.gt,
    "ge": operator.ge,
}  # fmt: skip
INPLACE = {
    "add": operator.iadd, "sub": operator.isub, "mul": operator.imul,
    "truediv": operator.itruediv, "floordiv": operator.ifloordiv, "mod": operator.imod,
    "pow": operator.ipow, "and": operator.iand, "or": operator.ior, "xor": operator.ixor,
    "lshift": operator.ilshift, "rshift": operator.irshift,
}  # fmt: skip
SCALARS = [True, 2, -3, 1000, 1.5, -0.0, 2j]


def _sample(dtype: str) -> numpy.ndarray:
    if dtype == "bool":
        return numpy.array([True, False, True])
    if dtype.startswith("uint"):
        return numpy.array([1, 5, 200])
    if dtype.startswith("int"):
        return numpy.array([1, -5, 100])
    if dtype.startswith("complex"):
        return numpy.array([1 + 1j, -2.5 + 0.5j, 3 - 1j])
    return numpy.array([1.5, -2.5, 3.0])


@pytest.mark.parametrize("name", list(BINARY))
def test_binary_operators_with_scalars(backend, name):
    op = BINARY[name]
    for dtype in (
        "bool",
        "uint8",
        "int8",
        "int32",
        "int64",
        "float16",
        "float32",
        "float64",
        "complex64",
    ):
        x, rx = both(_sample(dtype), dtype)
        check(lambda: op(x, x), lambda: op(rx, rx))
        # complex zeros: test_pointwise_ops.test_complex_special_values
        scalars = [s for s in SCALARS if s != 0] if dtype.startswith("complex") else SCALARS
        for scalar in scalars:
            check(lambda: op(x, scalar), lambda: op(rx, scalar))
            check(lambda: op(scalar, x), lambda: op(scalar, rx))


@settings(max_examples=6)
@given(data=st.data())
@pytest.mark.parametrize("name", ["add", "sub", "mul", "truediv", "pow", "and", "lt", "eq"])
def test_binary_operators_hypothesis(backend, name, data):
    first = data.draw(st.sampled_from(DTYPE_NAMES), label="dtype1")
    second = data.draw(st.sampled_from([first, *DTYPE_NAMES]), label="dtype2")
    shape1, shape2 = data.draw(broadcastable_shapes(), label="shapes")
    small = {first, second} & {"float16", "bfloat16"} != set()
    a, ra = both(data.draw(arrays(first, shape1, small_ints=small), label="a"), first)
    b, rb = both(data.draw(arrays(second, shape2, small_ints=small), label="b"), second)
    op = BINARY[name]
    check(lambda: op(a, b), lambda: op(ra, rb))


def test_torch_promotion_through_operators(backend):
    i8, ri8 = both(numpy.array([100, -100, 5], dtype="int8"))
    assert_matches(i8 + 1000, ri8 + 1000)
    assert_matches(i8 * 3, ri8 * 3)
    i32, ri32 = both(numpy.array([1, 2, 3], dtype="int32"))
    assert_matches(i32 + 1.5, ri32 + 1.5)
    assert_matches(2**i32, 2**ri32)
    assert_matches(1 - i32, 1 - ri32)
    assert_matches(1 / i32, 1 / ri32)
    assert_matches(7 // i32, 7 // ri32)
    assert_matches(7 % i32, 7 % ri32)
    assert_matches(2.5**i32, 2.5**ri32)
    zero_dim, rzero_dim = both(numpy.array(2.5, dtype="float64"))
    assert_matches(i32 * zero_dim, ri32 * rzero_dim)
    f16, rf16 = both(numpy.array([1.0, 2.0], dtype="float16"))
    assert_matches(f16 * zero_dim, rf16 * rzero_dim)
    assert_matches(f16 + 1e5, rf16 + 1e5)


@pytest.mark.parametrize("dtype", DTYPE_NAMES)
def test_unary_operators(backend, dtype):
    x, rx = both(_sample(dtype), dtype)
    for op in (operator.neg, operator.pos, operator.invert, abs):
        check(lambda: op(x), lambda: op(rx))


@pytest.mark.parametrize("name", list(INPLACE))
def test_inplace_operators_mutate_the_same_tensor(backend, name):
    op = INPLACE[name]
    for dtype in ("bool", "uint8", "int32", "float32", "complex64"):
        for other in (2, 1.5, True):
            x, rx = both(_sample(dtype), dtype)
            y, ry = both(_sample(dtype)[::-1].copy(), dtype)
            for operand, real_operand in ((other, other), (y, ry)):
                try:
                    expected = op(rx, real_operand)
                except Exception as error:
                    with pytest.raises(
                        RuntimeError if isinstance(error, RuntimeError) else type(error)
                    ):
                        op(x, operand)
                    x, rx = both(_sample(dtype), dtype)
                    continue
                assert expected is rx
                result = op(x, operand)
                assert result is x
                assert_matches(x, rx)


def test_inplace_operator_reaches_the_base_of_a_view(backend):
    x, rx = both(numpy.arange(6, dtype="float32").reshape(2, 3))
    v, rv = x[0], rx[0]
    v += 1
    rv += 1
    assert_matches(x, rx)
    column, rcolumn = x[:, 1], rx[:, 1]
    column *= 10
    rcolumn *= 10
    assert_matches(x, rx)
    assert_matches(v, rv)
    t, rt = x.T, rx.T
    t -= 0.5
    rt -= 0.5
    assert_matches(x, rx)


def test_inplace_errors(backend):
    i, ri = both(numpy.array([1, 2], dtype="int64"))
    check(lambda: operator.iadd(i, 1.5), lambda: operator.iadd(ri, 1.5))
    check(lambda: operator.itruediv(i, 2), lambda: operator.itruediv(ri, 2))
    f, rf = both(numpy.array([1.0, 2.0], dtype="float32"))
    wide, rwide = both(numpy.ones((3, 2), dtype="float32"))
    check(lambda: operator.iadd(f, wide), lambda: operator.iadd(rf, rwide))
    b, rb = both(numpy.array([True, False]))
    check(lambda: operator.isub(b, b), lambda: operator.isub(rb, rb))


def test_matmul_operator(backend):
    a, ra = both(numpy.arange(6, dtype="float32").reshape(2, 3))
    b, rb = both(numpy.arange(12, dtype="float32").reshape(3, 4))
    assert_matches(a @ b, ra @ rb)
    assert_matches(b.T @ a.T, rb.T @ ra.T)


def test_unsupported_operand_types(backend):
    x, _ = both(numpy.array([1.0, 2.0], dtype="float32"))
    with pytest.raises(TypeError):
        x + "a"
    with pytest.raises(TypeError):
        None * x
    assert (x == None) is False  # noqa: E711 - what torch answers
    assert (x != object()) is True
