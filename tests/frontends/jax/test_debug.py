"""``jax.debug.print`` / ``callback`` and ``jax.pure_callback`` against real JAX: the same
printed lines (inside ``jit`` and ``vmap`` too), the same callback arguments and results."""

from __future__ import annotations

import contextlib
import io
import re

import numpy
import pytest

from frontends import jax
from frontends.jax import numpy as jnp
from tests.frontends.jax.oracle import real_jax

PROGRAM = """
def f(x):
    jax.debug.print("x {x} y", x=x)
    y = jnp.cos(x)
    jax.debug.print("y {} and {}", y, 2)
    return y

def cb(*a, **k):
    print("cb", [(str(v.dtype), v.shape, bool(v.weak_type)) for v in a], sorted(k))

def host(v, scale):
    return np.asarray(v) * np.asarray(scale)

sds = jax.ShapeDtypeStruct((3,), jnp.float32)
jax.jit(f)(jnp.arange(3.0))
f(2.0)
jax.vmap(lambda v: jax.debug.print("el {}", v))(jnp.arange(3.0))
jax.debug.callback(cb, jnp.ones(2), 3.0, z=jnp.zeros(1))
jax.debug.callback(ordered=True)(cb, jnp.ones((1, 2), jnp.int32))
out = jax.pure_callback(host, sds, jnp.arange(3.0), 2.0)
print("pure", out.dtype, out)
out = jax.jit(lambda v: jax.pure_callback(host, sds, v, 0.5))(jnp.arange(3.0))
print("pure jit", out)
out = jax.vmap(lambda v: jax.pure_callback(host, jax.ShapeDtypeStruct((), jnp.float32), v, 3.0,
                                           vmap_method="sequential"))(jnp.arange(3.0))
print("pure vmap", out)
"""

_NUMBER = re.compile(r"-?\d+\.?\d*(?:e[-+]?\d+)?")

ORACLE = f"""
import contextlib, io
buffer = io.StringIO()
with contextlib.redirect_stdout(buffer):
    exec({PROGRAM!r})
result = buffer.getvalue()
"""


def test_prints_and_callbacks_match(backend: str) -> None:
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        exec(PROGRAM, {"jax": jax, "jnp": jnp, "np": numpy})
    got, want = buffer.getvalue().splitlines(), real_jax(ORACLE).splitlines()
    assert len(got) == len(want)
    for g, w in zip(got, want):  # cos differs by an ulp between backends: numbers to 1e-6
        assert _NUMBER.sub("#", g).replace(" ", "") == _NUMBER.sub("#", w).replace(" ", "")
        numbers = [float(n) for n in _NUMBER.findall(g)]
        numpy.testing.assert_allclose(numbers, [float(n) for n in _NUMBER.findall(w)], rtol=1e-6)


def test_format_errors_are_jaxs() -> None:
    with pytest.raises(KeyError):
        jax.debug.print("{x}", 3)
    with pytest.raises(IndexError):
        jax.debug.print("{} {}", 3)
