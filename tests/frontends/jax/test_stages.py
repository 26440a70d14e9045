"""``jax.make_jaxpr``, ``jax.eval_shape``, ``jax.ShapeDtypeStruct`` and ``jit(f).trace`` /
``.lower`` / ``.compile`` against real JAX.

On the jax backend they give real JAX's objects (the frontend's functions traced on the
natives of their arguments): the jaxpr's input and output types are real JAX's, and its
equations use the primitives real JAX's does (the frontend may reach them by another way:
a ``pow`` where JAX writes ``integer_pow``). Elsewhere a NotImplementedError names the
backend to set; ``eval_shape`` works on every backend.
"""

from __future__ import annotations

import numpy
import pytest

import core
from frontends import jax
from frontends.jax import numpy as jnp
from tests.frontends.jax.oracle import real_jax

SETUP = """
x = jnp.arange(3.0)
m = jnp.arange(6.0).reshape(2, 3)
i = jnp.arange(4)
params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}
"""

CASES = {
    "affine": ("lambda x, y: jnp.sin(x) * 2 + y", "(x, 1.0)", ("sin", "mul", "add")),
    "tree": ("lambda p, v: jnp.tanh(v @ p['w'] + p['b']).sum()", "(params, m)", ("tanh",)),
    "reduce": ("lambda v: (jnp.mean(v, axis=0), jnp.argmax(v))", "(m,)", ("argmax",)),
    "where": ("lambda v: jnp.where(v > 0, v, 0.0)", "(x,)", ("gt", "select_n")),
    "grad": ("jax.grad(lambda v: jnp.sum(jnp.exp(v)))", "(x,)", ("exp",)),
    "ints": ("lambda i: i * 2 + 1", "(i,)", ("mul", "add")),
    "jitted": ("jax.jit(lambda v: v * v)", "(x,)", ("jit",)),
}

SHAPES = {
    "tree": "jax.eval_shape(lambda p, v: {'h': v @ p['w'], 'n': jnp.sum(v)}, params, m)",
    "abstract": "jax.eval_shape(lambda a, b: a @ b, jax.ShapeDtypeStruct((4, 3), jnp.float32),"
    " jax.ShapeDtypeStruct((3, 5), jnp.float32))",
    "weak": "jax.eval_shape(lambda a: a * 2, 1.0)",
    "ints": "jax.eval_shape(lambda a: a.sum(), i)",
    "numpy_in": "jax.eval_shape(jnp.sin, np.ones(3))",
    "dtype64": "jax.eval_shape(lambda a: a + 1, jax.ShapeDtypeStruct((2,), jnp.float64))",
}

ORACLE = (
    SETUP
    + """
def names(closed):
    return sorted(primitives(closed.jaxpr))

def primitives(jaxpr):
    found = set()
    for e in jaxpr.eqns:
        found.add(e.primitive.name)
        for p in e.params.values():
            inner = getattr(p, "jaxpr", p)
            if hasattr(inner, "eqns"):
                found |= primitives(inner)
    return found

def sds(t):
    return jax.tree_util.tree_map(lambda s: (s.shape, str(s.dtype), bool(s.weak_type)), t)

result = {"jaxprs": {}, "shapes": {}}
for name, (f, args, _) in __CASES__.items():
    closed = eval(f"jax.make_jaxpr({f})(*{args})")
    result["jaxprs"][name] = (
        [str(v.aval) for v in closed.jaxpr.invars],
        [str(v.aval) for v in closed.jaxpr.outvars],
        names(closed),
    )
for name, expr in __SHAPES__.items():
    result["shapes"][name] = sds(eval(expr))
"""
)


def _want() -> dict:
    return real_jax(ORACLE.replace("__CASES__", repr(CASES)).replace("__SHAPES__", repr(SHAPES)))


def _primitives(jaxpr: object) -> set[str]:
    """The primitives of a jaxpr's equations and of the jaxprs inside them."""
    found = set()
    for eqn in jaxpr.eqns:
        found.add(eqn.primitive.name)
        for param in eqn.params.values():
            inner = getattr(param, "jaxpr", param)
            if hasattr(inner, "eqns"):
                found |= _primitives(inner)
    return found


def _scope() -> dict:
    scope = {"jax": jax, "jnp": jnp, "np": numpy}
    exec(SETUP, scope)
    return scope


@pytest.mark.parametrize("name", sorted(CASES))
def test_make_jaxpr_is_real_jaxs_on_the_jax_backend(name: str) -> None:
    fun, args, primitives = CASES[name]
    with core.use_backend("jax"):
        closed = eval(f"jax.make_jaxpr({fun})(*{args})", _scope())
        ins = [str(v.aval) for v in closed.jaxpr.invars]
        outs = [str(v.aval) for v in closed.jaxpr.outvars]
        used = _primitives(closed.jaxpr)
    want_ins, want_outs, want_used = _want()["jaxprs"][name]
    # a Python scalar argument is weak (``~float32[]``) in JAX's jaxpr, strong here: the
    # backend's native arrays do not carry JAX's weak flag
    assert ([t.lstrip("~") for t in want_ins], want_outs) == (ins, outs)
    assert set(primitives) <= used and set(primitives) <= set(want_used)


def test_make_jaxpr_options_and_stages() -> None:
    with core.use_backend("jax"):
        x = jnp.arange(3.0)
        closed, shape = jax.make_jaxpr(lambda v, n: v * n, static_argnums=1, return_shape=True)(
            x, 2
        )
        assert len(closed.jaxpr.invars) == 1 and "2" in str(closed)
        assert shape == jax.ShapeDtypeStruct((3,), jnp.float32)
        f = jax.jit(lambda v, w=1.0: jnp.sin(v) + w)
        traced = f.trace(x, w=2.0)
        assert "sin" in str(traced.jaxpr)
        lowered = f.lower(x, w=2.0)
        assert "func.func" in lowered.as_text()
        assert lowered.out_info == jax.ShapeDtypeStruct((3,), jnp.float32)
        compiled = lowered.compile()
        out = compiled(jnp.ones(3), w=jnp.float32(0.5))
        assert isinstance(out, jax.Array) and out.dtype == numpy.float32
        numpy.testing.assert_allclose(numpy.asarray(out), numpy.sin(1.0) + 0.5, rtol=1e-6)


@pytest.mark.parametrize("name", ["numpy", "torch", "tensorflow"])
def test_other_backends_name_the_jax_backend(name: str) -> None:
    with core.use_backend(name):
        x = jnp.arange(3.0)
        for call in (
            lambda: jax.make_jaxpr(jnp.sin)(x),
            lambda: jax.jit(jnp.sin).lower(x),
            lambda: jax.jit(jnp.sin).trace(x),
        ):
            with pytest.raises(NotImplementedError, match=rf"the {name} backend.*set_backend"):
                call()


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_eval_shape(backend: str, name: str) -> None:
    got = eval(SHAPES[name], _scope())
    got = jax.tree_util.tree_map(lambda s: (s.shape, str(s.dtype), bool(s.weak_type)), got)
    assert got == _want()["shapes"][name]


def test_eval_shape_allocates_nothing_on_the_jax_backend() -> None:
    with core.use_backend("jax"):
        big = jax.ShapeDtypeStruct((1 << 20, 1 << 20), jnp.float32)  # 4 TiB if computed
        out = jax.eval_shape(lambda a: jnp.tanh(a @ a.T).sum(axis=0), big)
    assert out == jax.ShapeDtypeStruct((1 << 20,), jnp.float32)


def test_block_until_ready(backend: str) -> None:
    tree = {"a": jnp.ones(2), "b": [jnp.zeros(3), 1]}
    assert jax.block_until_ready(tree) is tree
    x = jnp.ones(2)
    assert x.block_until_ready() is x
