"""examples/jax_mlp.py, transpiled to each backend, prints what real JAX prints.

Real JAX runs the script through the subprocess oracle (x64 off, cached on disk). The
transpiled script runs with plain python. The lines must be the same text around their
numbers; each number agrees within 2e-5 + 1e-4 relative (the losses are printed to 5
decimals after 100 float32 steps, whose rounding differs between backends' libms and
reduction orders; accuracies and shapes come out equal).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.frontends.jax.oracle import real_jax

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "examples" / "jax_mlp.py"
NUMBER = re.compile(r"-?\d+\.\d*(?:e[-+]?\d+)?|-?\d+")


def _real_output() -> str:
    code = (
        "import contextlib, io\n"
        "buffer = io.StringIO()\n"
        "with contextlib.redirect_stdout(buffer):\n"
        f"    exec(compile({SCRIPT.read_text()!r}, 'jax_mlp.py', 'exec'), {{'__name__': '__main__'}})\n"
        "result = buffer.getvalue()\n"
    )
    return real_jax(code)


def _transpiled_output(backend: str, tmp_path: Path) -> str:
    env = dict(os.environ)
    env.pop("JAX_ENABLE_X64", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-m", "transpile", str(SCRIPT), "--to", backend, "--run"],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "jax_mlp.py:" not in done.stderr  # no "file:line: warning" from transpile
    return done.stdout


def _close(ours: str, theirs: str) -> bool:
    a, b = float(ours), float(theirs)
    return abs(a - b) <= 2e-5 + 1e-4 * abs(b)


@pytest.mark.parametrize("backend", ["numpy", "torch", "jax", "tensorflow"])
def test_jax_mlp_prints_what_jax_prints(backend: str, tmp_path: Path) -> None:
    expected = _real_output()
    got = _transpiled_output(backend, tmp_path)
    assert len(got.splitlines()) == len(expected.splitlines()) == 8, got
    for mine, want in zip(got.splitlines(), expected.splitlines()):
        assert NUMBER.sub("#", mine).replace(" ", "") == NUMBER.sub("#", want).replace(" ", ""), (
            f"{mine!r} != {want!r}"
        )
        for a, b in zip(NUMBER.findall(mine), NUMBER.findall(want), strict=True):
            assert _close(a, b), f"{mine!r} != {want!r}"
