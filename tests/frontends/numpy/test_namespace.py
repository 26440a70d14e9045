"""Every public name of numpy, numpy.linalg, numpy.fft, numpy.random, numpy.testing and
ndarray exists in the frontend, except the documented left-outs (README, "Porting a numpy
program"): the test prints what is missing and fails on anything not in ``LEFT_OUT``."""

from __future__ import annotations

import numpy
import pytest

from frontends import numpy as fnp

# name -> why the frontend leaves it out
LEFT_OUT = {
    "numpy": {
        **dict.fromkeys(("complex256", "float128", "longdouble"), "no extended precision in core"),
        **dict.fromkeys(
            (
                "busday_count",
                "busday_offset",
                "busdaycalendar",
                "datetime_as_string",
                "datetime_data",
                "is_busday",
                "isnat",
            ),
            "no datetime dtypes in core",
        ),
        **dict.fromkeys(("matrix", "asmatrix", "bmat"), "the matrix class is deprecated in numpy"),
        **dict.fromkeys(("recarray", "record", "rec", "memmap"), "structured/file-backed arrays"),
        **dict.fromkeys(("ma",), "masked arrays are a separate package"),
        **dict.fromkeys(("strings", "char"), "no string dtypes in core"),
        **dict.fromkeys(("nditer", "nested_iters"), "C-level iteration protocol"),
        **dict.fromkeys(
            (
                "ctypeslib",
                "f2py",
                "lib",
                "core",
                "typing",
                "dtypes",
                "emath",
                "polynomial",
                "rec",
                "get_include",
                "show_config",
                "show_runtime",
                "test",
                "info",
            ),
            "build, C or packaging tools and submodules outside this frontend's scope",
        ),
    },
    "linalg": {},
    "fft": {},
    "random": {},
    "testing": {},
}


def _public(module: object) -> list[str]:
    return sorted(n for n in dir(module) if not n.startswith("_"))


@pytest.mark.parametrize("namespace", list(LEFT_OUT))
def test_namespace_names(namespace):
    real = numpy if namespace == "numpy" else getattr(numpy, namespace)
    ours = fnp if namespace == "numpy" else getattr(fnp, namespace)
    if namespace == "testing":
        names = [n for n in _public(real) if n.startswith("assert")]
    else:
        names = [n for n in _public(real) if not isinstance(getattr(real, n, None), type(numpy))]
    missing = [
        n for n in names if not hasattr(ours, n) and n not in LEFT_OUT[namespace] and n != "test"
    ]
    print(f"numpy.{namespace}: {len(missing)} missing: {' '.join(missing)}")
    assert not missing


def test_ndarray_methods():
    left_out = {"__array_interface__", "__array_struct__"}  # the backend owns the memory
    missing = [n for n in dir(numpy.ndarray) if not hasattr(fnp.ndarray, n) and n not in left_out]
    assert not missing, missing
