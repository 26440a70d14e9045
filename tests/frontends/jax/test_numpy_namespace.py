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


JITTED = {
    "reductions": lambda x: (jnp.sum(jnp.sin(x), axis=0), jnp.mean(x), jnp.argmax(x), jnp.var(x)),
    "manipulation": lambda x: (jnp.concatenate([x, x]), jnp.where(x > 2, x, 0.0), jnp.sort(x)),
    "indexing": lambda x: (jnp.take(x, jnp.array([0, 9])), jnp.clip(x, 1, 3), jnp.cumsum(x)),
    "sized": lambda x: jnp.nonzero(x, size=4, fill_value=-1),
    "products": lambda x: (jnp.einsum("ij,kj->ik", x, x), jnp.linalg.norm(x), x @ x.T),
    "logic": lambda x: (jnp.allclose(x, x), jnp.all(x > 0), jnp.median(x), jnp.fft.fft(x)),
    "methods": lambda x: (x.std(), x.max(axis=1), x.round(), jnp.add.reduce(x)),
}


@pytest.mark.parametrize("name", sorted(JITTED))
def test_under_jit(backend: str, name: str) -> None:
    """jnp functions trace under jax.jit (no host reads, no value-dependent Python; on the
    jax backend this is real jax.jit) and give their eager results."""
    from frontends import jax

    x = jnp.array([[0.0, 1.0, 2.0], [3.0, 0.0, 5.0]])
    eager = JITTED[name](x)
    jitted = jax.jit(JITTED[name])(x)
    for e, j in zip(jax.tree_util.tree_leaves(eager), jax.tree_util.tree_leaves(jitted)):
        assert e.dtype == j.dtype and e.shape == j.shape
        assert jnp.allclose(e, j, equal_nan=True)
