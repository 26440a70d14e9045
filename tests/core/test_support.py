"""Version keys, the supported/unsupported decorators and casting modes."""

from __future__ import annotations

import pytest

import core
from core import support


@pytest.mark.parametrize(
    ("key", "version", "covered"),
    [
        ("2.13 and below", "2.13.0", True),
        ("2.13 and below", "2.13.7", True),
        ("2.13 and below", "2.14.0", False),
        ("2.12 and below", "2.13.0", False),
        ("2.1 to 2.5", "2.3.1", True),
        ("2.1 to 2.5", "2.5.9", True),
        ("2.1 to 2.5", "2.0.9", False),
        ("2.1 to 2.5", "2.6.0", False),
        ("0.4.30 and above", "0.10.2", True),
        ("0.4.30 and above", "0.4.29", False),
        ("2.13", "2.13.4", True),
        ("2.13.0", "2.13.1", False),
        ("2.13.0", "2.13.0", True),
    ],
)
def test_version_keys(key, version, covered):
    assert support.version_key_matches(key, version) is covered


@pytest.mark.parametrize("key", ["below 2.13", "2.13 and lower", "2.x", "", "2.1 - 2.5"])
def test_malformed_version_keys_are_errors(key):
    with pytest.raises(ValueError, match="malformed version key"):
        support.version_key_matches(key, "2.13.0")


def test_decorator_with_a_key_that_covers_no_version_fails_at_decoration():
    with pytest.raises(ValueError, match="covers version 2.13.0"):

        @core.with_unsupported_dtypes({"2.1 to 2.5": ("float16",)}, "2.13.0")
        def f(x):
            return x


def test_malformed_key_fails_at_decoration():
    with pytest.raises(ValueError, match="malformed"):

        @core.with_unsupported_dtypes({"two point one": ("float16",)}, "2.13.0")
        def f(x):
            return x


def test_dtype_classes_expand():
    @core.with_unsupported_dtypes({"2.13 and below": ("unsigned", "bfloat16")}, "2.13.0")
    def f(x):
        return x

    assert f.unsupported_dtypes == frozenset({*core.all_uint_dtypes, core.bfloat16})

    @core.with_supported_dtypes({"0.4.30 and above": ("float",)}, "0.10.2")
    def g(x):
        return x

    assert g.unsupported_dtypes == frozenset(core.all_dtypes) - frozenset(core.all_float_dtypes)


def test_only_the_keys_covering_the_version_count():
    @core.with_unsupported_dtypes(
        {"2.0 and below": ("int8",), "2.1 and above": ("complex",)}, "2.13.0"
    )
    def f(x):
        return x

    assert f.unsupported_dtypes == frozenset(core.all_complex_dtypes)


def test_framework_names_resolve_to_the_mimicked_version():
    support.register_framework_version("fakeframework", "1.5.0")

    @core.with_unsupported_dtypes({"1.4 and above": ("float16",)}, "fakeframework")
    def f(x):
        return x

    assert f.unsupported_dtypes == frozenset({core.float16})
    with pytest.raises(ValueError, match="neither a version nor a registered framework"):
        core.with_unsupported_dtypes({"1.0 and above": ()}, "nosuchframework")


def test_devices():
    @core.with_unsupported_devices({"2.13 and below": ("gpu",)}, "2.13.0")
    def f(x):
        return x

    @core.with_supported_devices({"2.13 and below": ("cpu",)}, "2.13.0")
    def g(x):
        return x

    assert f.unsupported_devices == frozenset({"gpu"})
    assert g.unsupported_devices == frozenset({"gpu", "tpu"})


# ---------------------------------------------------------------- casting modes
UNSUPPORTED = frozenset({core.float16, core.int8, core.uint64})


def test_no_mode_no_cast():
    assert not support.casting_active()
    assert support.cast_target(core.float16, UNSUPPORTED, core.all_dtypes) is None


def test_upcast_and_downcast():
    with core.upcast_data_types():
        assert support.casting_active()
        assert support.cast_target(core.float16, UNSUPPORTED, core.all_dtypes) == "bfloat16"
        assert support.cast_target(core.int8, UNSUPPORTED, core.all_dtypes) == "int16"
        assert support.cast_target(core.uint64, UNSUPPORTED, core.all_dtypes) is None
    with core.downcast_data_types():
        assert support.cast_target(core.uint64, UNSUPPORTED, core.all_dtypes) == "uint32"
        assert support.cast_target(core.int8, UNSUPPORTED, core.all_dtypes) is None
    assert not support.casting_active()


def test_crosscast():
    with core.crosscast_data_types():
        assert support.cast_target(core.int8, UNSUPPORTED, core.all_dtypes) == "float32"
        unsupported_floats = UNSUPPORTED | frozenset({core.float32})
        assert support.cast_target(core.float32, unsupported_floats, core.all_dtypes) == "int64"


def test_cast_data_types_tries_all_three_in_order():
    with core.cast_data_types():
        assert support.cast_target(core.int8, UNSUPPORTED, core.all_dtypes) == "float32"
        assert support.cast_target(core.uint64, UNSUPPORTED, core.all_dtypes) == "float32"
        assert support.cast_target(core.float16, UNSUPPORTED, core.all_dtypes) == "int64"
        no_ints = UNSUPPORTED | frozenset(core.all_int_dtypes)
        assert support.cast_target(core.float16, no_ints, core.all_dtypes) == "bfloat16"


def test_modes_as_setters():
    core.upcast_data_types()
    try:
        assert support.casting_active()
    finally:
        core.upcast_data_types(False)
    assert not support.casting_active()
