"""numpy.testing on any core backend.

Assertions are host-side: each array assertion reads its arguments back to the host
(frontend arrays of any frontend, also inside lists, tuples and dicts, become numpy
arrays) and runs numpy.testing's own assertion on them, so it passes and fails exactly
where numpy's does and raises ``AssertionError`` with numpy's message. The helpers that
take no arrays (``assert_raises``, ``assert_warns``, ``suppress_warnings``, ``tempdir`` ...)
are numpy's own, and so are its private helpers (``_gen_alignment_data`` ...).
"""

from __future__ import annotations

from typing import Any

import numpy

from frontends.base.array import FrontendArray
from frontends.numpy._core._conversion import as_native, to_host
from frontends.numpy._core.multiarray import ndarray

__all__ = [
    "assert_equal", "assert_almost_equal", "assert_approx_equal", "assert_array_equal",
    "assert_array_less", "assert_string_equal", "assert_array_almost_equal", "assert_raises",
    "build_err_msg", "decorate_methods", "jiffies", "memusage", "print_assert_equal",
    "rundocs", "runstring", "verbose", "measure", "assert_", "assert_array_almost_equal_nulp",
    "assert_raises_regex", "assert_array_max_ulp", "assert_warns", "assert_no_warnings",
    "assert_allclose", "IgnoreException", "clear_and_catch_warnings", "SkipTest",
    "KnownFailureException", "temppath", "tempdir", "IS_PYPY", "HAS_REFCOUNT", "IS_WASM",
    "suppress_warnings", "assert_array_compare", "assert_no_gc_cycles", "break_cycles",
    "HAS_LAPACK64", "IS_PYSTON", "IS_MUSL", "check_support_sve", "NOGIL_BUILD", "IS_EDITABLE",
    "IS_INSTALLED", "NUMPY_ROOT", "run_threaded", "IS_64BIT", "BLAS_SUPPORTS_FPE", "TestCase",
    "overrides",
]  # fmt: skip

_CONTAINERS = (FrontendArray, tuple, list, dict)


def _host(value: Any) -> Any:
    """``value`` with every frontend array in it (through tuples, lists and dicts) a numpy
    array."""
    if isinstance(value, FrontendArray):
        return to_host(value.stored)
    kind = type(value)
    if kind is tuple or kind is list:
        if any(isinstance(item, _CONTAINERS) for item in value):
            return kind(_host(item) for item in value)
        return value
    if kind is dict:
        return {key: _host(item) for key, item in value.items()}
    return value


def assert_allclose(actual: Any, desired: Any, rtol: float = 1e-07, atol: float = 0,
                    equal_nan: bool = True, err_msg: str = "", verbose: bool = True, *,
                    strict: bool = False) -> None:  # fmt: skip
    """numpy.testing.assert_allclose on host copies."""
    __tracebackhide__ = True
    _numpy_testing().assert_allclose(
        _host(actual),
        _host(desired),
        rtol=rtol,
        atol=atol,
        equal_nan=equal_nan,
        err_msg=err_msg,
        verbose=verbose,
        strict=strict,
    )


def assert_array_equal(actual: Any, desired: Any, err_msg: str = "", verbose: bool = True, *,
                       strict: bool = False) -> None:  # fmt: skip
    """numpy.testing.assert_array_equal on host copies."""
    __tracebackhide__ = True
    _numpy_testing().assert_array_equal(
        _host(actual), _host(desired), err_msg=err_msg, verbose=verbose, strict=strict
    )


def assert_equal(actual: Any, desired: Any, err_msg: str = "", verbose: bool = True, *,
                 strict: bool = False) -> None:  # fmt: skip
    """numpy.testing.assert_equal on host copies (also inside lists, tuples and dicts)."""
    __tracebackhide__ = True
    _numpy_testing().assert_equal(
        _host(actual), _host(desired), err_msg=err_msg, verbose=verbose, strict=strict
    )


def assert_almost_equal(actual: Any, desired: Any, decimal: int = 7, err_msg: str = "",
                        verbose: bool = True) -> None:  # fmt: skip
    """numpy.testing.assert_almost_equal on host copies."""
    __tracebackhide__ = True
    _numpy_testing().assert_almost_equal(
        _host(actual), _host(desired), decimal=decimal, err_msg=err_msg, verbose=verbose
    )


def assert_approx_equal(actual: Any, desired: Any, significant: int = 7, err_msg: str = "",
                        verbose: bool = True) -> None:  # fmt: skip
    """numpy.testing.assert_approx_equal on host copies."""
    __tracebackhide__ = True
    _numpy_testing().assert_approx_equal(
        _host(actual), _host(desired), significant=significant, err_msg=err_msg, verbose=verbose
    )


def assert_array_almost_equal(actual: Any, desired: Any, decimal: int = 6, err_msg: str = "",
                              verbose: bool = True) -> None:  # fmt: skip
    """numpy.testing.assert_array_almost_equal on host copies."""
    __tracebackhide__ = True
    _numpy_testing().assert_array_almost_equal(
        _host(actual), _host(desired), decimal=decimal, err_msg=err_msg, verbose=verbose
    )


def assert_array_less(x: Any, y: Any, err_msg: str = "", verbose: bool = True, *,
                      strict: bool = False) -> None:  # fmt: skip
    """numpy.testing.assert_array_less on host copies."""
    __tracebackhide__ = True
    _numpy_testing().assert_array_less(
        _host(x), _host(y), err_msg=err_msg, verbose=verbose, strict=strict
    )


def assert_array_max_ulp(a: Any, b: Any, maxulp: int = 1, dtype: Any = None) -> ndarray:
    """numpy.testing.assert_array_max_ulp on host copies; the ulp differences it returns
    come back as a frontend ndarray."""
    __tracebackhide__ = True
    ulps = _numpy_testing().assert_array_max_ulp(_host(a), _host(b), maxulp=maxulp, dtype=dtype)
    return ndarray._from_native(as_native(numpy.asarray(ulps)))


def assert_array_almost_equal_nulp(x: Any, y: Any, nulp: int = 1) -> None:
    """numpy.testing.assert_array_almost_equal_nulp on host copies."""
    __tracebackhide__ = True
    _numpy_testing().assert_array_almost_equal_nulp(_host(x), _host(y), nulp=nulp)


def assert_array_compare(comparison: Any, x: Any, y: Any, err_msg: str = "",
                         verbose: bool = True, header: str = "", precision: int = 6,
                         equal_nan: bool = True, equal_inf: bool = True, *,
                         strict: bool = False,
                         names: tuple[str, str] = ("ACTUAL", "DESIRED")) -> None:  # fmt: skip
    """numpy.testing.assert_array_compare on host copies; ``comparison`` (which may be a
    frontend function) has its result read back to the host."""
    __tracebackhide__ = True

    def host_comparison(a: Any, b: Any) -> Any:
        return _host(comparison(a, b))

    _numpy_testing().assert_array_compare(
        host_comparison,
        _host(x),
        _host(y),
        err_msg=err_msg,
        verbose=verbose,
        header=header,
        precision=precision,
        equal_nan=equal_nan,
        equal_inf=equal_inf,
        strict=strict,
        names=names,
    )


def print_assert_equal(test_string: str, actual: Any, desired: Any) -> None:
    """numpy.testing.print_assert_equal on host copies."""
    __tracebackhide__ = True
    _numpy_testing().print_assert_equal(test_string, _host(actual), _host(desired))


# numpy's own: these take no arrays. numpy.testing is imported on first use (as numpy
# itself does), keeping ``import frontends.numpy`` light.
_NUMPY_OWN = frozenset(
    {
        "assert_",
        "assert_string_equal",
        "assert_raises",
        "assert_raises_regex",
        "assert_warns",
        "assert_no_warnings",
        "assert_no_gc_cycles",
        "build_err_msg",
        "decorate_methods",
        "jiffies",
        "memusage",
        "rundocs",
        "runstring",
        "verbose",
        "measure",
        "IgnoreException",
        "clear_and_catch_warnings",
        "SkipTest",
        "KnownFailureException",
        "temppath",
        "tempdir",
        "suppress_warnings",
        "break_cycles",
        "TestCase",
        "check_support_sve",
        "run_threaded",
        "overrides",
        "IS_PYPY",
        "HAS_REFCOUNT",
        "IS_WASM",
        "HAS_LAPACK64",
        "IS_PYSTON",
        "IS_MUSL",
        "NOGIL_BUILD",
        "IS_64BIT",
        "IS_EDITABLE",
        "IS_INSTALLED",
        "NUMPY_ROOT",
        "BLAS_SUPPORTS_FPE",
    }
)


def _numpy_testing() -> Any:
    import numpy.testing

    return numpy.testing


def __getattr__(name: str) -> Any:
    # numpy.testing's private helpers (``_gen_alignment_data`` ...) are numpy's own too
    if name in _NUMPY_OWN or (name.startswith("_") and not name.startswith("__")):
        value = getattr(_numpy_testing(), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_NUMPY_OWN})
