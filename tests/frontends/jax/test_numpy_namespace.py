"""Every public name of real jax.numpy, jax.numpy.linalg and jax.numpy.fft exists in the
frontend, except the documented left-out ones; plus JAX-only behaviours that are not
plain values (immutability keywords, size=, errors)."""

from __future__ import annotations

import pytest

from frontends.jax import numpy as jnp
from tests.frontends.jax.oracle import real_jax

LEFT_OUT = {
    # narrow floating and integer types core has no dtype for (ml_dtypes' float8/float6/
    # float4 and int1/2/4): no backend array can hold them
    **{
        name: "no core dtype"
        for name in (
            "float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn", "float8_e3m4", "float8_e4m3",
            "float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2",
            "float8_e5m2fnuz", "float8_e8m0fnu", "int1", "int2", "int4", "uint1", "uint2",
            "uint4",
        )
    },
}  # fmt: skip

ORACLE = """
import jax.numpy.linalg, jax.numpy.fft
def public(m):
    return sorted(n for n in dir(m) if not n.startswith("_"))
result = {"": public(jnp), "linalg": public(jnp.linalg), "fft": public(jnp.fft)}
"""


@pytest.mark.parametrize("module", ["", "linalg", "fft"])
def test_every_public_name(module: str) -> None:
    names = real_jax(ORACLE)[module]
    ours = jnp if not module else getattr(jnp, module)
    missing = [n for n in names if not hasattr(ours, n) and n not in LEFT_OUT]
    assert not missing, f"jax.numpy{'.' + module if module else ''} lacks {missing}"
    stale = [n for n in LEFT_OUT if hasattr(jnp, n) or n not in real_jax(ORACLE)[""]]
    assert not stale, f"left-out names that exist now or are not JAX's: {stale}"


def test_jax_only_behaviour(backend: str) -> None:
    x = jnp.arange(5.0)
    with pytest.raises(TypeError):
        jnp.sum([1, 2])
    with pytest.raises(TypeError):
        jnp.sin((1.0,))
    with pytest.raises(NotImplementedError):
        jnp.add.at(x, 0, 1.0)
    with pytest.raises(ValueError, match="inplace=False"):
        jnp.put(x, jnp.array([0]), 1.0)
    with pytest.raises(NotImplementedError):
        jnp.sum(x, out=x)
    assert isinstance(jnp.add, jnp.ufunc) and not isinstance(jnp.sin, jnp.ufunc)
    assert jnp.nonzero(x, size=7)[0].shape == (7,)
    assert jnp.unique(jnp.array([1, 1, 2]), size=4).tolist() == [1, 2, 1, 1]
    assert jnp.isscalar(jnp.array(1.0)) and not jnp.isscalar(x)
    assert jnp.sum(x).shape == () and isinstance(jnp.sum(x), jnp.ndarray)
    assert jnp.vectorize(lambda a, b: a + b)(x, 1.0).tolist() == (x + 1.0).tolist()
    assert jnp.mgrid[0:2, 0:3].shape == (2, 2, 3) and str(jnp.mgrid[0:2].dtype) == "int32"
    assert jnp.r_[jnp.array([1, 2]), 3].tolist() == [1, 2, 3]
