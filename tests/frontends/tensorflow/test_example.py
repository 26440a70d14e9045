"""examples/tf_training.py, transpiled to each backend, prints what it prints with real
TensorFlow. Tolerance: the printed precision (losses to 4 decimals, accuracies to 3, the
weight sum to 3); within that the outputs must be identical (they are, on all four
backends, at the time of writing: every random number is bit-exact with TF's and the
float differences stay below the printed digits)."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "examples" / "tf_training.py"


def _python(*argv: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env["TF_CPP_MIN_LOG_LEVEL"] = "3"
    return subprocess.run([sys.executable, *argv], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=300)  # fmt: skip


@functools.cache
def _real_output() -> str:
    result = _python(str(SCRIPT))
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("target", ["numpy", "torch", "jax", "tensorflow"])
def test_transpiled_example_prints_what_tf_prints(target: str) -> None:
    result = _python("-m", "transpile", str(SCRIPT), "--to", target, "--run")
    assert result.returncode == 0, result.stderr
    assert result.stdout == _real_output()
    assert "epoch 5" in result.stdout
