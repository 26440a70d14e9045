"""examples/tf_training.py, transpiled to each backend, prints what it prints with real
TensorFlow. Tolerance: the printed precision (losses to 4 decimals, accuracies to 3, the
weight sum to 3); within that the outputs must be identical (they are on all four
backends: every random number is bit-exact with TF's and the float differences stay
below the printed digits).

The transpiled code runs in this process (the workers have the frameworks imported
already); one run goes through the ``transpile --run`` command line."""

from __future__ import annotations

import contextlib
import functools
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import core
from transpile import transpile_source

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "examples" / "tf_training.py"


def _exec(code: str) -> str:
    buffer = io.StringIO()
    previous = core.get_backend()
    try:
        with contextlib.redirect_stdout(buffer):
            exec(compile(code, str(SCRIPT), "exec"), {"__name__": "__main__"})
    finally:
        core.set_backend(previous)
    return buffer.getvalue()


@functools.cache
def _real_output() -> str:
    from tests.frontends.tensorflow.oracle import real_tf  # noqa: F401 (quiet TF logs)

    return _exec(SCRIPT.read_text())


@pytest.mark.parametrize("target", ["numpy", "torch", "jax", "tensorflow"])
def test_transpiled_example_prints_what_tf_prints(target: str) -> None:
    output = _exec(transpile_source(SCRIPT.read_text(), target, filename=str(SCRIPT)))
    assert output == _real_output()
    assert output.count("epoch") == 5


def test_transpile_command_line() -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    result = subprocess.run(
        [sys.executable, "-m", "transpile", str(SCRIPT), "--to", "numpy", "--run"],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout == _real_output()
