"""jax.example_libraries (stax, optimizers) against real JAX (x64 off, one subprocess), on
the four backends: parameters initialised from the same key, layer outputs, optimizer
trajectories driven by ``jax.grad``, schedules and gradient clipping. Values agree to
float32 rounding (initializers draw through normal's erf_inv, layers through libm; four
optimizer steps amplify a last-bit difference to about 1e-5 absolute)."""

from __future__ import annotations

import numpy
import pytest

from frontends import jax
from frontends.jax import numpy as jnp
from frontends.jax import random
from frontends.jax.example_libraries import optimizers, stax
from tests.frontends.jax.oracle import real_jax

PROGRAM = """
def run(jax, jnp, random, stax, optimizers):
    out = {}
    x = jnp.asarray(np.linspace(-1.0, 1.0, 2 * 6 * 6 * 2, dtype=np.float32).reshape(2, 6, 6, 2))
    init, apply = stax.serial(
        stax.Conv(3, (3, 3), padding="SAME"), stax.BatchNorm(), stax.Relu,
        stax.MaxPool((2, 2)), stax.Conv(2, (2, 2), strides=(1, 1)), stax.Tanh,
        stax.AvgPool((2, 2), padding="SAME"), stax.Flatten, stax.Dense(4), stax.Gelu,
        stax.Dense(3), stax.LogSoftmax)
    shape, params = init(random.PRNGKey(0), x.shape)
    out["cnn_shape"] = shape
    out["cnn_params"] = params
    out["cnn_out"] = apply(params, x)
    dparams = stax.Dense(2)[0](random.PRNGKey(5), (2, 2))[1]
    out["dropout"] = stax.serial(stax.Dropout(0.7), stax.Dense(2))[1](
        [(), dparams], jnp.ones((2, 2)), rng=random.PRNGKey(3)
    )
    pinit, papply = stax.serial(stax.FanOut(2), stax.parallel(stax.Dense(3), stax.Identity),
                                stax.FanInConcat(), stax.Softplus)
    pshape, pparams = pinit(random.PRNGKey(1), (5, 2))
    out["parallel"] = (pshape, pparams, papply(pparams, jnp.ones((5, 2))))
    tinit, tapply = stax.GeneralConvTranspose(("NHWC", "HWIO", "NHWC"), 2, (2, 2), (2, 2))
    tshape, tparams = tinit(random.PRNGKey(2), (1, 3, 3, 1))
    out["transpose"] = (tshape, tapply(tparams, jnp.ones((1, 3, 3, 1))))
    sinit, sapply = stax.serial(stax.FanOut(2), stax.parallel(stax.Sigmoid, stax.Exp),
                                stax.FanInSum, stax.SumPool((2,), spec="NWC"))
    out["sumpool"] = sapply(sinit(random.PRNGKey(4), (1, 4, 1))[1], jnp.ones((1, 4, 1)) * 0.5)

    data = jnp.asarray(np.linspace(-2.0, 2.0, 12, dtype=np.float32).reshape(4, 3))
    p0 = {"w": jnp.asarray(np.array([[0.2, -0.4], [0.6, 0.1], [-0.3, 0.5]], np.float32)),
          "b": jnp.asarray(np.array([0.1, -0.2], np.float32))}

    def loss(p):
        return jnp.sum(jnp.tanh(data @ p["w"] + p["b"]) ** 2)

    makers = {
        "sgd": optimizers.sgd(0.1),
        "momentum": optimizers.momentum(0.1, 0.9),
        "nesterov": optimizers.nesterov(0.1, 0.9),
        "adagrad": optimizers.adagrad(0.1),
        "rmsprop": optimizers.rmsprop(0.05),
        "rmsprop_momentum": optimizers.rmsprop_momentum(0.05),
        "adam": optimizers.adam(optimizers.exponential_decay(0.1, 2, 0.5)),
        "adamax": optimizers.adamax(optimizers.inverse_time_decay(0.1, 2, 0.5, staircase=True)),
        "sm3": optimizers.sm3(optimizers.polynomial_decay(0.1, 3, 0.01)),
        "adam_piecewise": optimizers.adam(optimizers.piecewise_constant([1, 3], [0.1, 0.05, 0.01])),
    }
    for name, (opt_init, opt_update, get_params) in makers.items():
        state = opt_init(p0)
        def step(i, s, opt_update=opt_update, get_params=get_params):
            return opt_update(i, jax.grad(loss)(get_params(s)), s)

        if name == "adam":  # one jitted (the state is a pytree); sm3 cannot be (a shape)
            step = jax.jit(step)
        for i in range(4):
            state = step(i, state)
        out["opt_" + name] = get_params(state)
    g = jax.grad(loss)(p0)
    out["l2_norm"] = optimizers.l2_norm(g)
    out["clip"] = optimizers.clip_grads(g, 0.5)
    packed = optimizers.pack_optimizer_state(
        optimizers.unpack_optimizer_state(makers["adam"][0](p0)))
    out["pack"] = makers["adam"][2](packed)
    return jax.tree_util.tree_map(lambda v: (np.asarray(v), str(np.asarray(v).dtype)), out)
"""

ORACLE = (
    PROGRAM
    + """
from jax.example_libraries import stax, optimizers
import jax.random as random
result = run(jax, jnp, random, stax, optimizers)
"""
)


@pytest.fixture(scope="module")
def expected() -> dict:
    return real_jax(ORACLE)


def test_stax_and_optimizers_match_jax(backend: str, expected: dict) -> None:
    scope = {"np": numpy}
    exec(PROGRAM, scope)
    got = scope["run"](jax, jnp, random, stax, optimizers)
    keys = sorted(expected)
    assert sorted(got) == keys
    failures = []
    for key in keys:
        leaf = lambda v: isinstance(v, tuple) and len(v) == 2 and isinstance(v[1], str)  # noqa: E731
        for (a, adt), (b, bdt) in zip(
            jax.tree_util.tree_leaves(got[key], is_leaf=leaf),
            jax.tree_util.tree_leaves(expected[key], is_leaf=leaf),
        ):
            if adt != bdt or a.shape != b.shape:
                failures.append(f"{key}: {adt}{a.shape} != JAX {bdt}{b.shape}")
            elif not numpy.allclose(a, b, rtol=1e-4, atol=1e-5):
                failures.append(f"{key}:\n{a}\n!= JAX\n{b}")
    assert not failures, "\n".join(failures)


def test_errors() -> None:
    opt_init, opt_update, _ = optimizers.sgd(0.1)
    state = opt_init({"a": jnp.ones(2)})
    with pytest.raises(TypeError, match="did not match the parameter tree"):
        opt_update(0, [jnp.ones(2)], state)
    with pytest.raises(ValueError, match="one shorter"):
        optimizers.piecewise_constant([1, 2], [0.1])
    with pytest.raises(ValueError, match="PRNG key"):
        stax.Dropout(0.5)[1]((), jnp.ones(2))
