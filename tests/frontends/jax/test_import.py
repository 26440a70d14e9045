"""``from frontends import jax`` is light: no real jax/torch/tensorflow on numpy (its
import time is measured in benchmarks/bench_jax_frontend.py, not asserted here)."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import sys
from frontends import jax
from frontends.jax import numpy as jnp, random, tree_util
heavy = [m for m in ("jax", "jaxlib", "torch", "tensorflow") if m in sys.modules]
x = jnp.array([1.0, 2.0]) + 1
print(heavy, repr(x), random.PRNGKey(0).shape)
"""


def test_light_import() -> None:
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True)
    heavy, _rest = out.stdout.split(" ", 1)
    assert heavy == "[]", out.stdout
    assert "Array([2., 3.], dtype=float32)" in out.stdout
