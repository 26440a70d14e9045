"""core's dtypes, groups, promotion table, result_type, can_cast and default dtypes."""

from __future__ import annotations

import itertools

import array_api_strict
import pytest
from array_api_strict import _dtypes as strict_dtypes

import core
from core import dtypes

NAMES = dtypes.DTYPE_NAMES


def test_fifteen_dtypes_are_dtype_instances_of_str():
    assert len(NAMES) == 15
    for name in NAMES:
        dtype = getattr(dtypes, name)
        assert isinstance(dtype, core.Dtype)
        assert isinstance(dtype, str)
        assert dtype == name
    assert core.float32 == "float32"


def test_malformed_dtype_name_lists_the_valid_ones():
    with pytest.raises(TypeError, match="not a core dtype") as error:
        core.Dtype("float31")
    for name in NAMES:
        assert name in str(error.value)


@pytest.mark.parametrize(
    ("group", "members"),
    [
        ("all_dtypes", NAMES),
        (
            "all_int_dtypes",
            ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"),
        ),
        ("all_uint_dtypes", ("uint8", "uint16", "uint32", "uint64")),
        ("all_float_dtypes", ("bfloat16", "float16", "float32", "float64")),
        ("all_complex_dtypes", ("complex64", "complex128")),
        (
            "all_numeric_dtypes",
            tuple(n for n in NAMES if n != "bool"),
        ),
    ],
)
def test_groups(group, members):
    assert sorted(getattr(core, group)) == sorted(members)


def test_dtype_properties():
    assert core.int8.kind == "i" and core.int8.bits == 8
    assert core.uint64.is_uint_dtype and core.uint64.is_int_dtype
    assert core.bfloat16.is_float_dtype and core.bfloat16.itemsize == 2
    assert core.complex128.is_complex_dtype and core.complex128.bits == 128
    assert core.bool.is_bool_dtype and not core.bool.is_int_dtype


# ---------------------------------------------------------------- promotion table
PAIRS = list(itertools.product(NAMES, repeat=2))


def test_table_covers_every_pair():
    assert len(dtypes.promotion_table) == 15 * 15
    for a, b in PAIRS:
        assert core.promote_types(a, b) in NAMES


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_promotion_is_symmetric(a, b):
    assert core.promote_types(a, b) == core.promote_types(b, a)


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_promotion_is_an_upper_bound(a, b):
    """The result holds both inputs: promoting it again with either input changes nothing."""
    result = core.promote_types(a, b)
    assert core.promote_types(result, a) == result
    assert core.promote_types(result, b) == result


def _strict_name(dtype) -> str:
    return str(dtype).removeprefix("array_api_strict.")


def test_agrees_with_the_array_api_standard_where_it_defines_a_result():
    table = strict_dtypes._promotion_table
    assert len(table) > 60
    for (a, b), result in table.items():
        assert core.promote_types(_strict_name(a), _strict_name(b)) == _strict_name(result), (a, b)


@pytest.mark.parametrize(
    ("a", "b", "result"),
    [
        ("bool", "int8", "int8"),
        ("bool", "complex64", "complex64"),
        ("int64", "uint64", "float64"),
        ("int8", "uint64", "float64"),
        ("uint8", "int8", "int16"),
        ("uint32", "int32", "int64"),
        ("int64", "float16", "float16"),
        ("uint8", "bfloat16", "bfloat16"),
        ("bfloat16", "float16", "float32"),
        ("bfloat16", "float64", "float64"),
        ("float64", "complex64", "complex128"),
        ("float32", "complex64", "complex64"),
        ("int32", "complex128", "complex128"),
    ],
)
def test_extra_table(a, b, result):
    assert core.promote_types(a, b) == result


def test_promote_types_accepts_native_and_python_dtypes():
    import numpy

    assert core.promote_types(numpy.int8, numpy.dtype("uint8")) == "int16"
    assert core.promote_types(float, core.int8) == core.default_float_dtype()
    assert core.promote_types(array_api_strict.int8, "float16") == "float16"


# ---------------------------------------------------------------- result_type
def test_result_type_of_dtypes_and_arrays():
    x = core.asarray([1, 2], dtype="int8")
    assert core.result_type(x, core.uint8) == "int16"
    assert core.result_type("float16", "bfloat16", core.int64) == "float32"


@pytest.mark.parametrize(
    ("typed", "scalar", "result"),
    [
        ("int8", 1000, "int8"),
        ("uint8", -1, "uint8"),
        ("int8", 1.5, "float32"),
        ("float16", 1.5, "float16"),
        ("bfloat16", 3, "bfloat16"),
        ("float16", True, "float16"),
        ("bool", 1, "int64"),
        ("bool", True, "bool"),
        ("float64", 1j, "complex128"),
        ("float32", 1j, "complex64"),
        ("int32", 1j, "complex64"),
        ("complex64", 2.0, "complex64"),
    ],
)
def test_a_scalar_never_widens_its_kind(typed, scalar, result):
    assert core.result_type(core.Dtype(typed), scalar) == result
    assert core.result_type(scalar, core.asarray([1], dtype=typed)) == result


def test_result_type_of_scalars_alone():
    assert core.result_type(1) == "int64"
    assert core.result_type(1, 2.0) == "float32"
    assert core.result_type(True) == "bool"
    assert core.result_type(1, 1j) == "complex64"
    with pytest.raises(ValueError, match="at least one"):
        core.result_type()


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_can_cast_follows_the_table(a, b):
    assert core.can_cast(a, b) == (core.promote_types(a, b) == b)


def test_can_cast_examples():
    assert core.can_cast(core.int8, core.int64)
    assert not core.can_cast(core.int64, core.int8)
    assert core.can_cast(core.asarray([1], dtype="uint8"), "float16")
    assert not core.can_cast(core.float64, core.float32)


# ---------------------------------------------------------------- defaults
def test_default_dtypes():
    assert core.default_int_dtype() == "int64"
    assert core.default_float_dtype() == "float32"
    assert core.default_complex_dtype() == "complex64"


def test_default_dtype_order():
    assert core.default_dtype(dtype="int16", item=1.5) == "int16"
    assert core.default_dtype(item=core.asarray([1], dtype="uint8")) == "uint8"
    assert core.default_dtype(item=3) == "int64"
    assert core.default_dtype(item=3.0) == "float32"
    assert core.default_dtype(item=3j) == "complex64"
    assert core.default_dtype(item=[1, 2.5]) == "float32"
    assert core.default_dtype(item=True) == "bool"
    assert core.default_dtype() == "float32"


def test_setters_and_context_managers_restore():
    with core.use_default_float_dtype("float64"):
        assert core.default_float_dtype() == "float64"
        assert core.default_dtype(item=1.0) == "float64"
        assert core.result_type(core.int8, 1.5) == "float64"
    assert core.default_float_dtype() == "float32"
    with core.use_default_int_dtype(core.int32):
        assert core.default_dtype(item=1) == "int32"
    assert core.default_int_dtype() == "int64"
    with core.use_default_complex_dtype("complex128"):
        assert core.default_complex_dtype() == "complex128"
    with core.use_default_dtype("float16"):
        assert core.default_dtype() == "float16"
    assert core.default_dtype() == "float32"
    core.set_default_int_dtype("int32")
    try:
        assert core.default_int_dtype() == "int32"
    finally:
        core.set_default_int_dtype("int64")


def test_setters_reject_the_wrong_kind():
    with pytest.raises(TypeError, match="kind"):
        core.set_default_float_dtype("int32")
    with pytest.raises(TypeError, match="kind"):
        core.set_default_int_dtype("float32")


def test_default_dtype_as_native(backend):
    native = core.default_dtype(item=1.0, as_native=True)
    assert core.as_core_dtype(native) == "float32"
    assert native == core.native_float32
