"""A transpiled script runs on another backend and prints what the original prints.

The torch example scripts run on all four backends against their run on real torch. The
numpy script needs the numpy frontend: it is skipped only while ``frontends.numpy`` has no
``array``, and turns on by itself once the frontend provides it.
"""

from __future__ import annotations

import functools
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BACKENDS = ("numpy", "torch", "jax", "tensorflow")
# plain torch scripts among the examples (the model examples import the frontend themselves)
TORCH_SCRIPTS = ("torch_classifier.py",)

SCRIPT = """\
import numpy as np

a = np.array([1, 2, 3])
b = np.array([4, 5, 6])
print(np.add(a, b))
print(a + b)
c = np.array([0.5, 1.5])
print(c + c)
print(np.add(c, 2.0))
"""


def _needs_numpy_frontend() -> None:
    try:
        frontend = importlib.import_module("frontends.numpy")
    except ImportError as error:  # pragma: no cover - the package exists from the start
        pytest.skip(f"needs frontends.numpy (cannot import it: {error})")
    if not hasattr(frontend, "array"):
        pytest.skip("needs frontends.numpy.array: the numpy frontend has not landed yet")


def _python(*argv: str, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, *argv], capture_output=True, text=True, env=env, cwd=cwd, timeout=120
    )


def test_numpy_script_runs_on_torch(tmp_path: Path):
    _needs_numpy_frontend()
    pytest.importorskip("torch", reason="the torch backend needs torch installed")
    script = tmp_path / "add.py"
    script.write_text(SCRIPT)
    original = _python(str(script), cwd=tmp_path)
    assert original.returncode == 0, original.stderr
    transpiled = _python("-m", "transpile", str(script), "--to", "torch", "--run", cwd=tmp_path)
    assert transpiled.returncode == 0, transpiled.stderr
    assert "warning" not in transpiled.stderr
    assert transpiled.stdout == original.stdout


@functools.cache
def _real_torch_output(script: str) -> str:
    original = _python(str(ROOT / "examples" / script), cwd=ROOT)
    assert original.returncode == 0, original.stderr
    return original.stdout


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("script", TORCH_SCRIPTS)
def test_torch_example_runs_on_every_backend(script: str, backend: str, tmp_path: Path):
    expected = _real_torch_output(script)
    transpiled = _python(
        "-m", "transpile", str(ROOT / "examples" / script), "--to", backend, "--run", cwd=tmp_path
    )
    assert transpiled.returncode == 0, transpiled.stderr
    assert f"{script}:" not in transpiled.stderr  # no "file:line: warning" from transpile
    assert transpiled.stdout == expected
