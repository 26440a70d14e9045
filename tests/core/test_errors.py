"""core.errors: each backend's own exception for a common failure is named as core's kind."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from core import errors
from core import native as ops

CASES: dict[str, tuple[Callable[[], Any], type[errors.CoreError]]] = {
    "broadcast": (lambda: ops.add(ops.ones((3,)), ops.ones((4,))), errors.BroadcastError),
    "reshape": (lambda: ops.reshape(ops.ones((6,)), (4, 2)), errors.ReshapeError),
    "matmul": (lambda: ops.matmul(ops.ones((2, 3)), ops.ones((2, 3))), errors.ShapeMismatchError),
    "concat": (
        lambda: ops.concat([ops.ones((2, 3)), ops.ones((2, 4))], axis=0),
        errors.ShapeMismatchError,
    ),
    "axis": (lambda: ops.sum(ops.ones((3,)), axis=2), errors.AxisError),
    "index": (lambda: ops.get_item(ops.ones((3,)), (5,)), errors.IndexOutOfRangeError),
}


def _named(call: Callable[[], Any]) -> errors.CoreError | None:
    operands = (ops.ones((3,)), ops.ones((4,)))
    try:
        call()
    except Exception as error:
        return errors.from_native(error, operands)
    raise AssertionError("the call did not raise")


@pytest.mark.parametrize("case", list(CASES))
def test_backend_error_is_named(backend: str, case: str) -> None:
    call, kind = CASES[case]
    named = _named(call)
    assert type(named) is kind, (backend, case, named)


def test_broadcast_names_the_shapes(backend: str) -> None:
    named = _named(CASES["broadcast"][0])
    assert named.shapes == ((3,), (4,))


def test_reshape_names_size_and_target(backend: str) -> None:
    named = _named(CASES["reshape"][0])
    assert named.size == 6
    if backend != "tensorflow":  # TF's message names the sizes only
        assert named.target == (4, 2)


def test_unrelated_errors_are_not_named() -> None:
    assert errors.from_native(KeyError("x")) is None
    assert errors.from_native(ValueError("something else entirely")) is None
    own = errors.BroadcastError("shapes", [(3,), (4,)])
    assert errors.from_native(own) is own
