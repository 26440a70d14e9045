"""jax.grad / vjp / jvp / jacfwd / jacrev / hessian / custom_vjp / custom_jvp / jit / vmap
against real JAX (x64 off, one subprocess for every case), on the four backends.

Each case is an expression evaluated twice: by real JAX with ``F = jax.numpy``, and by the
frontend with ``F`` a few core-backed functions on ``jax.Array`` (so these tests do not
depend on how far ``jax.numpy`` has come). Values agree to float32 rounding (transcendental
functions differ by an ulp between backends' libms); dtype and ``weak_type`` exactly.
"""

from __future__ import annotations

import types

import numpy
import pytest

import core
from core import native as ops
from frontends import jax
from frontends.jax._src.array import Array
from tests.frontends.jax.oracle import real_jax

PRELUDE = """
x = A(np.array([0.5, -1.25, 2.0], np.float32))
y = A(np.array([1.5, 0.25, -0.75], np.float32))
m = A(np.arange(6, dtype=np.float32).reshape(2, 3) / 4)
xs = A(np.arange(12, dtype=np.float32).reshape(4, 3) / 5 - 1)
params = {"w": A(np.array([[0.1, -0.2], [0.3, 0.4], [-0.5, 0.6]], np.float32)),
          "b": A(np.array([0.05, -0.05], np.float32))}

def mlp(p, v):
    return F.sum(F.tanh(v @ p["w"] + p["b"]) ** 2)

def with_aux(a, b):
    return F.sum(a * b), {"norm": F.sum(a * a)}

@jax.custom_vjp
def clip_grad(v):
    return v * 1.0

def clip_fwd(v):
    return v * 1.0, None

def clip_bwd(res, g):
    return (F.tanh(g),)

clip_grad.defvjp(clip_fwd, clip_bwd)

@jax.custom_vjp
def scaled(s, v):
    return F.sin(v) * s

def scaled_fwd(s, v):
    return F.sin(v) * s, (F.cos(v), s)

def scaled_bwd(res, g):
    c, s = res
    return (F.sum(g * F.sin(c)), g * c * s * 2.0)

scaled.defvjp(scaled_fwd, scaled_bwd)

from functools import partial

@partial(jax.custom_vjp, nondiff_argnums=(0,))
def powered(n, v):
    return v ** n

def powered_fwd(n, v):
    return v ** n, v

def powered_bwd(n, v, g):
    return (g * n * v ** (n - 1) + 1.0,)

powered.defvjp(powered_fwd, powered_bwd)

@jax.custom_jvp
def softplus(v):
    return F.log(1.0 + F.exp(v))

@softplus.defjvp
def softplus_jvp(primals, tangents):
    (v,), (t,) = primals, tangents
    return softplus(v), t * (1.0 - F.exp(-softplus(v))) * 3.0

def step(p, v):
    g = jax.grad(mlp)(p, v)
    return jax.tree_util.tree_map(lambda a, b: a - 0.1 * b, p, g)
"""

CASES = {
    "grad": "jax.grad(lambda v: F.sum(F.sin(v) * v))(x)",
    "value_and_grad": "jax.value_and_grad(lambda v: F.sum(F.sin(v) * v))(x)",
    "grad_argnums": "jax.grad(lambda a, b: F.sum(F.sin(a) * b * b), argnums=(0, 1))(x, y)",
    "grad_has_aux": "jax.value_and_grad(with_aux, has_aux=True)(x, y)",
    "grad_pytree": "jax.grad(mlp)(params, m)",
    "grad_weak": "jax.grad(lambda v: v * v * 3.0)(1.5)",
    "grad_grad": "jax.grad(jax.grad(lambda v: F.sin(v) * v * v))(A(np.float32(0.7)))",
    "grad_closure": "jax.grad(lambda v: F.sum(v * x) + F.sum(x))(y)",
    "grad_same_arg": "jax.grad(lambda a, b: F.sum(a * b * b), argnums=(0, 1))(x, x)",
    "grad_holomorphic": "jax.grad(lambda z: z * z * 2.0 + F.sin(z), holomorphic=True)(A(np.complex64(1 + 2j)))",
    "grad_of_complex_input": "jax.grad(lambda z: F.sum(F.real(z * F.conj(z)) + F.real(z) * 2.0))(A(np.array([1 + 2j, -0.5j], np.complex64)))",
    "vjp": "(lambda r: (r[0], r[1](y)))(jax.vjp(lambda v: F.sin(v) * v, x))",
    "vjp_tuple": "(lambda r: r[1]((y, F.sum(y))))(jax.vjp(lambda a, b: (a * b, F.sum(a)), x, y))",
    "jvp": "jax.jvp(lambda v: F.sin(v) * v, (x,), (y,))",
    "jvp_two": "jax.jvp(lambda a, b: F.sum(a * b) * a, (x, y), (y, x))",
    "jvp_pytree": "jax.jvp(mlp, (params, m), (params, m))",
    "linearize": "(lambda r: (r[0], r[1](y), r[1](x)))(jax.linearize(lambda v: F.exp(v) * v, x))",
    "jacrev": "jax.jacrev(lambda v: F.sin(v) * F.sum(v))(x)",
    "jacfwd": "jax.jacfwd(lambda v: F.sin(v) * F.sum(v))(x)",
    "jacrev_matrix": "jax.jacrev(lambda a: F.tanh(a @ params['w']))(m)",
    "jacfwd_argnums": "jax.jacfwd(lambda a, b: (a * b, F.sum(a)), argnums=(0, 1))(x, y)",
    "jacrev_aux": "jax.jacrev(lambda v: (F.sin(v), F.sum(v)), has_aux=True)(x)",
    "hessian": "jax.hessian(lambda v: F.sum(F.sin(v) * v * v))(x)",
    "custom_vjp": "jax.grad(lambda v: F.sum(clip_grad(v) * 5.0))(x)",
    "custom_vjp_value": "clip_grad(x)",
    "custom_vjp_two": "jax.grad(lambda s, v: F.sum(scaled(s, v)), argnums=(0, 1))(A(np.float32(1.5)), x)",
    "custom_vjp_nondiff": "jax.grad(lambda v: F.sum(powered(3, v)))(x)",
    "custom_jvp_grad": "jax.grad(lambda v: F.sum(softplus(v)))(x)",
    "custom_jvp_value": "softplus(x)",
    "custom_jvp_jvp": "jax.jvp(softplus, (x,), (y,))",
    "checkpoint": "jax.grad(jax.checkpoint(lambda v: F.sum(F.sin(F.sin(v)))))(x)",
    "jit": "jax.jit(lambda a, b: F.sin(a) * b + 1.0)(x, y)",
    "jit_static": "jax.jit(lambda a, n: a ** n, static_argnums=1)(x, 3)",
    "jit_weak_scalar": "jax.jit(lambda a, s: a * s)(x, 2.0)",
    "jit_pytree": "jax.jit(step)(params, m)",
    "jit_grad": "jax.jit(jax.grad(mlp))(params, m)",
    "grad_jit": "jax.grad(jax.jit(mlp))(params, m)",
    "jit_twice": "(lambda f: (f(x, y), f(y, x), f(m, m)))(jax.jit(lambda a, b: F.sum(a * b)))",
    "vmap": "jax.vmap(lambda r: F.sum(r * r))(xs)",
    "vmap_in_axes": "jax.vmap(lambda r, w: r @ w, in_axes=(0, None))(xs, params['w'])",
    "vmap_out_axes": "jax.vmap(lambda r: F.sin(r) * 2.0, out_axes=1)(xs)",
    "vmap_nested": "jax.vmap(jax.vmap(lambda a, b: a * b, in_axes=(0, None)), in_axes=(None, 0))(x, y)",
    "vmap_pytree": "jax.vmap(lambda d: {'s': F.sum(d['a']), 'p': d['a'] * d['b']})({'a': xs, 'b': xs * 2.0})",
    "vmap_tuple_axes": "jax.vmap(lambda a, b: a['u'] * b + a['v'], in_axes=({'u': 0, 'v': None}, 1))({'u': xs, 'v': x}, xs.T)",
    "vmap_axis_size": "jax.vmap(lambda a: a * 2.0, in_axes=None, axis_size=3)(x)",
    "vmap_grad": "jax.vmap(jax.grad(lambda r: F.sum(F.sin(r) * r)))(xs)",
    "per_example_grad": "jax.vmap(jax.grad(mlp), in_axes=(None, 0))(params, xs)",
    "grad_vmap": "jax.grad(lambda w: F.sum(jax.vmap(lambda r: F.sum(F.tanh(r @ w)))(xs)))(params['w'])",
    "grad_vmap_arg": "jax.grad(lambda a: F.sum(jax.vmap(lambda r: F.sin(r) * r)(a)))(xs)",
    "jit_vmap": "jax.jit(jax.vmap(lambda r: F.sum(r * r)))(xs)",
    "pmap": "jax.pmap(lambda r: r * 2.0)(xs[:1])",
    "eval_shape": "(lambda s: (s.shape, str(s.dtype)))(jax.eval_shape(lambda a: a @ params['w'], xs))",
}

ERRORS = {
    "grad_nonscalar": "jax.grad(lambda v: v * 2.0)(x)",
    "grad_int": "jax.grad(lambda v: v * 2)(A(np.array([1, 2], np.int32)))",
    "grad_holomorphic_real": "jax.grad(lambda v: v * v, holomorphic=True)(A(np.float32(1.0)))",
    "grad_complex_output": "jax.grad(lambda z: z * z)(A(np.complex64(1j)))",
    "grad_argnums_range": "jax.grad(lambda a: F.sum(a), argnums=2)(x)",
    "vmap_sizes": "jax.vmap(lambda a, b: a * b)(x, xs)",
    "vmap_in_axes_len": "jax.vmap(lambda a, b: a * b, in_axes=(0,))(x, y)",
    "vmap_rank": "jax.vmap(lambda a: a, in_axes=2)(x)",
    "vmap_bad_axes": "jax.vmap(lambda a: a, in_axes='a')(x)",
    "jvp_not_tuple": "jax.jvp(F.sin, x, y)",
    "jvp_shapes": "jax.jvp(F.sin, (x,), (m,))",
    "jit_unhashable": "jax.jit(lambda a, n: a, static_argnums=1)(x, [1])",
    "custom_vjp_undefined": "jax.custom_vjp(F.sin)(x)",
}

ORACLE = """
A = jnp.asarray
F = jnp
exec(__PRELUDE__)

def flat(r):
    leaves = jax.tree_util.tree_leaves(r)
    return [(np.asarray(l), str(jnp.asarray(l).dtype), bool(getattr(l, "weak_type", False)))
            if not isinstance(l, (str, int, tuple)) else l for l in leaves]

result = {"cases": {}, "errors": {}}
for name, e in __CASES__.items():
    result["cases"][name] = flat(eval(e))
for name, e in __ERRORS__.items():
    try:
        eval(e)
        result["errors"][name] = None
    except Exception as error:
        result["errors"][name] = type(error).__name__
"""


def _oracle() -> dict:
    code = (
        ORACLE.replace("__PRELUDE__", repr(PRELUDE))
        .replace("__CASES__", repr(CASES))
        .replace("__ERRORS__", repr(ERRORS))
    )
    return real_jax(code)


def _unary(name: str):
    def function(x):
        x = x if isinstance(x, Array) else Array(ops.asarray(numpy.asarray(x)))
        return Array._wrap(getattr(ops, name)(x.native), x.weak_type)

    return function


def _namespace() -> types.SimpleNamespace:
    """``F``: the few functions the cases use, on core (independent of jax.numpy)."""

    def sum_(x):
        return Array._wrap(ops.sum(x.native), x.weak_type)

    names = ("sin", "cos", "tanh", "exp", "log", "conj")
    space = types.SimpleNamespace(**{n: _unary(n) for n in names}, sum=sum_)
    space.real = lambda x: Array._wrap(ops.real(x.native), x.weak_type)
    return space


def _array(value):
    return Array(ops.asarray(numpy.asarray(value)))


def _flat(result):
    out = []
    for leaf in jax.tree_util.tree_leaves(result):
        if isinstance(leaf, (str, int, tuple)):
            out.append(leaf)
            continue
        array = leaf if isinstance(leaf, Array) else _array(leaf)
        out.append((numpy.asarray(array), str(array.dtype), bool(array.weak_type)))
    return out


@pytest.fixture(scope="module")
def oracle() -> dict:
    return _oracle()


def _scope() -> dict:
    scope = {"A": _array, "F": _namespace(), "jax": jax, "np": numpy}
    exec(PRELUDE, scope)
    return scope


def test_transformations_match_jax(backend: str, oracle: dict) -> None:
    scope = _scope()
    failures = []
    for name, expression in CASES.items():
        try:
            ours = _flat(eval(expression, scope))
        except Exception as error:  # collect every case's failure, then report them all
            failures.append(f"{name}: raised {type(error).__name__}: {error}")
            continue
        theirs = oracle["cases"][name]
        if len(ours) != len(theirs):
            failures.append(f"{name}: {len(ours)} leaves, JAX {len(theirs)}")
            continue
        for mine, want in zip(ours, theirs):
            if not isinstance(want, tuple) or not isinstance(want[0], numpy.ndarray):
                if mine != want:
                    failures.append(f"{name}: {mine} != {want}")
                continue
            if mine[1:] != want[1:]:
                failures.append(f"{name}: dtype/weak {mine[1:]} != JAX {want[1:]}")
            elif mine[0].shape != want[0].shape:
                failures.append(f"{name}: shape {mine[0].shape} != JAX {want[0].shape}")
            elif not numpy.allclose(mine[0], want[0], rtol=2e-5, atol=2e-6):
                failures.append(f"{name}: values\n{mine[0]}\n!= JAX\n{want[0]}")
    assert not failures, "\n".join(failures)


def test_errors_match_jax(backend: str, oracle: dict) -> None:
    scope = _scope()
    failures = []
    for name, expression in ERRORS.items():
        try:
            eval(expression, scope)
            raised = None
        except Exception as error:
            raised = type(error).__name__
        if raised != oracle["errors"][name]:
            failures.append(f"{name}: {raised} != JAX {oracle['errors'][name]}")
    assert not failures, "\n".join(failures)


def test_error_messages() -> None:
    scope = _scope()
    with pytest.raises(TypeError, match="Gradient only defined for scalar-output functions"):
        eval(ERRORS["grad_nonscalar"], scope)
    with pytest.raises(TypeError, match="grad requires real- or complex-valued inputs"):
        eval(ERRORS["grad_int"], scope)
    with pytest.raises(ValueError, match="inconsistent sizes"):
        eval(ERRORS["vmap_sizes"], scope)
    with pytest.raises(NotImplementedError, match="make_jaxpr"):
        jax.make_jaxpr(lambda v: v)(scope["x"])


def test_jit_traces_once_and_surfaces_jax_tracer_errors() -> None:
    """On the jax backend ``jit`` is real ``jax.jit``: the Python body runs once per
    signature, and Python control flow on a traced value raises JAX's own error."""
    import jax as real

    with core.use_backend("jax"):
        calls = []

        @jax.jit
        def f(a):
            calls.append(1)
            return a * 2.0

        x = _array(numpy.ones(3, numpy.float32))
        f(x), f(x * 3.0)
        assert len(calls) == 1

        @jax.jit
        def branch(a):
            return a if float(a.sum() if hasattr(a, "sum") else a[0]) > 0 else -a

        with pytest.raises(real.errors.JAXTypeError):
            branch(x)
    with core.use_backend("numpy"):
        calls.clear()
        f(x), f(x)
        assert len(calls) == 2  # eager on numpy: the body runs every call


def test_vmap_falls_back_to_a_loop_off_the_jax_backend() -> None:
    with core.use_backend("numpy"):
        seen = []

        def f(r):
            seen.append(r.shape)
            return r * 2.0

        out = jax.vmap(f)(_array(numpy.ones((4, 3), numpy.float32)))
        assert seen == [(3,)] * 4 and out.shape == (4, 3)


def test_import_is_light() -> None:
    import subprocess
    import sys

    code = "import sys; from frontends import jax; jax.grad; assert 'jax' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
