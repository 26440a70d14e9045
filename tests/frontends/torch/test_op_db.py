"""Every op of torch's own op database that the frontend implements, on every backend.

For each ``OpInfo`` of ``op_db`` that the frontend provides (see ``op_db.py``), its sample
inputs in float32 and int64 (where torch supports them on the CPU) are run through real
torch and through the frontend on the backend under test. Same dtype, same shape, values
within tolerance; where torch raises, the frontend must raise too. A dtype the frontend
declares unsupported fails here as well: ``python -m tests.conformance.torch_op_db``
records those (and wider dtypes) in docs/conformance/torch_op_db.md.
"""

from __future__ import annotations

import functools

import pytest

from tests.frontends.torch.op_db import IMPLEMENTED, check_sample, op_db, op_id, op_samples


@pytest.mark.parametrize("op", IMPLEMENTED, ids=op_id)
def test_op_matches_torch(op, backend):
    failures = []
    for dtype, sample in op_samples(op, backend):
        status, detail = check_sample(op, dtype, sample)
        if status != "pass":
            failures.append(detail)
    assert not failures, "\n".join(failures[:5])


@functools.cache
def _coverage() -> int:
    return len({op.name for op in IMPLEMENTED})


def test_coverage_is_reported():
    """The number of op_db ops the frontend implements (printed with -s); it only grows."""
    print(f"frontends.torch implements {_coverage()} of {len({op.name for op in op_db})} op_db ops")
    assert _coverage() > 0
