"""Direct kernels (``core.backends.direct``): each declared framework function equals the
bound implementation on float32/float64 inputs (the first one an array, Python int/float
scalars after it; a boolean mask before them for kernels declared with ``mask``), every
other parameter at its default or, for the keywords a kernel declares, at sample values,
on every backend. Where the kernel succeeds the implementation
must give the same dtype, shape and bits (frontends take the kernel's result as theirs);
where the kernel raises, frontends fall back to the implementation, so no claim is made.
"""

from __future__ import annotations

import warnings

import numpy

from core import native
from core.backend import current_backend
from core.registry import specs

VALUES = numpy.array(
    [-3.5, -1.0, -0.25, 0.0, 0.5, 1.0, 2.0, 7.25, numpy.inf, -numpy.inf, numpy.nan, 1e-30,
     -2.0, 3.0, 0.75, 100.0],
)  # fmt: skip


def _operands(arity: int) -> list[tuple]:
    """Argument tuples covering both dtypes, broadcasting and int/float scalars in a few
    cases (on jax each new shape and dtype is a compile)."""
    matrix32 = VALUES.reshape(4, 4).astype("float32")
    if arity == 1:
        return [(matrix32,), (VALUES,)]
    return [(matrix32, numpy.roll(VALUES, 3)[:4].astype("float32")), (VALUES, 0.5), (matrix32, 3)]


def _to_native(value):
    return native.asarray(value) if isinstance(value, numpy.ndarray) else value


def _bits(value) -> numpy.ndarray:
    return numpy.asarray(current_backend().module.to_numpy(value))


# sample values of the keyword parameters kernels may declare, by core name
KEYWORD_VALUES = {"axis": [0, -1, (0, 1), None], "keepdims": [True]}


def _keyword_cases(keywords: frozenset[str]) -> list[dict]:
    """No keywords, then each declared keyword's sample values alone, then all together."""
    cases = [{}]
    for name in sorted(keywords):
        cases += [{name: value} for value in KEYWORD_VALUES[name]]
    if len(keywords) > 1:
        cases.append({name: KEYWORD_VALUES[name][0] for name in keywords})
    return cases


def test_direct_kernels_equal_the_implementations(backend):
    state = current_backend()
    assert state.direct, "no direct kernels declared"
    for qualname, kernel in sorted(state.direct.items()):
        spec = specs()[qualname]
        function = native
        for part in qualname.split("."):
            function = getattr(function, part)
        masked = qualname in state.direct_masked
        operands = _operands(len(spec.array_params) - masked)
        if masked:  # a mask of the first operand's shape
            operands = [(numpy.asarray(case[0]) > 0, *case) for case in operands]
        cases = [(case, {}) for case in operands]
        cases += [(operands[0], k) for k in _keyword_cases(state.direct_keywords[qualname])[1:]]
        for case, keywords in cases:
            arguments = [_to_native(value) for value in case]
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    fast = kernel(*arguments, **keywords)
                except Exception:
                    continue
                if not isinstance(fast, state.native_array_types):
                    continue
                general = function(*arguments, **keywords)
            where = f"{qualname}{tuple(getattr(a, 'dtype', a) for a in case)}{keywords}"
            assert fast.dtype == general.dtype, where
            assert tuple(fast.shape) == tuple(general.shape), where
            numpy.testing.assert_array_equal(_bits(fast), _bits(general), err_msg=where)


def test_every_backend_declares_the_common_kernels(backend):
    assert {"add", "multiply", "matmul", "sum", "exp", "nn.relu"} <= set(current_backend().direct)
