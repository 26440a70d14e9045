"""The sharding API against real JAX: one program, run by real JAX and by the frontend
(through the drop-in), each in a fresh process with 8 simulated CPU devices (``XLA_FLAGS``
must be set before JAX starts), and on the numpy backend against a one-device JAX."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy
import pytest

ROOT = Path(__file__).resolve().parents[3]

# A data-parallel MLP step in the form of JAX's examples/spmd_mnist_classifier_fromscratch.py
# (explicit mesh, device_put of the batch and the parameters, set_mesh, reshard), then each
# collective under shard_map, pmap, jit's in/out shardings and the arrays' shardings.
PROGRAM = """
from functools import partial
import numpy as np
import numpy.random as npr
import jax
import jax.numpy as jnp
from jax import NamedSharding, lax
from jax.sharding import PartitionSpec as P, AxisType, reshard
from jax.scipy.special import logsumexp

n = jax.device_count()
result = {"devices": n, "local": len(jax.local_devices())}
rng = npr.RandomState(0)
params = [(0.1 * rng.randn(m, k), 0.1 * rng.randn(k)) for m, k in ((12, 16), (16, 4))]
images = rng.rand(64, 12).astype(np.float32)
labels = np.eye(4, dtype=np.float32)[rng.randint(0, 4, 64)]

def predict(params, x):
    for w, b in params[:-1]:
        x = jnp.tanh(jnp.dot(x, w) + b)
    w, b = params[-1]
    logits = jnp.dot(x, w) + b
    return logits - logsumexp(logits, axis=1, keepdims=True)

def loss(params, batch):
    x, y = batch
    return -jnp.mean(jnp.sum(predict(params, x) * y, axis=1))

@partial(jax.jit, donate_argnums=0)
def train_step(params, batch):
    grads = jax.grad(loss)(params, batch)
    return [(w - 0.1 * dw, b - 0.1 * db) for (w, b), (dw, db) in zip(params, grads)]

mesh = jax.make_mesh((n,), ("batch",), axis_types=(AxisType.Explicit,))
data = NamedSharding(mesh, P("batch"))
replicated = jax.device_put(params, NamedSharding(mesh, P()))
for step in range(3):
    batch = jax.device_put((images[step::3][:16], labels[step::3][:16]), data)
    with jax.set_mesh(mesh):
        replicated = train_step(replicated, batch)
result["params"] = [np.asarray(a) for wb in replicated for a in wb]
result["loss"] = np.asarray(jax.jit(loss)(replicated, (reshard(images, data), labels)))
result["spec"] = str(batch[0].sharding.spec)
result["shards"] = [s.data.shape for s in batch[0].addressable_shards]
result["dtype"] = str(replicated[0][0].dtype)

mesh = jax.make_mesh((n,), ("i",), axis_types=(AxisType.Auto,))
x = jnp.arange(float(8 * n * 2)).reshape(8 * n, 2)
xs = jax.device_put(x, NamedSharding(mesh, P("i")))
perm = [(j, (j + 1) % n) for j in range(n)]
collectives = {
    "psum": (lambda v: lax.psum(v, "i"), P()),
    "pmean": (lambda v: lax.pmean(v, "i"), P()),
    "pmax": (lambda v: lax.pmax(v, "i"), P()),
    "all_gather": (lambda v: lax.all_gather(v, "i"), P("i")),
    "all_gather_tiled": (lambda v: lax.all_gather(v, "i", tiled=True), P("i")),
    "psum_scatter": (lambda v: lax.psum_scatter(v, "i", tiled=True), P("i")),
    "ppermute": (lambda v: lax.ppermute(v, "i", perm), P("i")),
    "all_to_all": (lambda v: lax.all_to_all(v, "i", 0, 0, tiled=True), P("i")),
    "axis_index": (lambda v: v * 0 + lax.axis_index("i"), P("i")),
}
for name, (body, out) in collectives.items():
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=out))
    y = f(xs)
    result[name] = (np.asarray(y), str(y.dtype))
ys = jnp.ones((n, 3)) * jnp.arange(n)[:, None]
result["vmap"] = np.asarray(jax.vmap(lambda v: lax.psum(v, "v"), axis_name="v")(ys[:1]))
result["pmap"] = np.asarray(jax.pmap(lambda v: lax.psum(v, "b") + v, axis_name="b")(ys))
g = jax.jit(lambda v: v * 2, in_shardings=NamedSharding(mesh, P("i")),
            out_shardings=NamedSharding(mesh, P()))
out = g(x)
result["jit_shardings"] = (np.asarray(out), str(out.sharding.spec))
c = jax.jit(lambda v: lax.with_sharding_constraint(v + 1, NamedSharding(mesh, P("i"))))(x)
result["constraint"] = (np.asarray(c), len(c.addressable_shards))
result["constraint_spec"] = str(getattr(c.sharding, "spec", None))
"""


def run(program: str, devices: int, backend: str | None) -> dict[str, Any]:
    """``result`` of ``program`` in a fresh process with ``devices`` CPU devices: real JAX
    (``backend`` None, x64 off as users run it) or the frontend on ``backend``."""
    prelude = "import os, sys, pickle\n"
    if backend is not None:
        prelude += f"import frontends\nfrontends.install('jax', backend={backend!r})\n"
    script = (
        prelude + textwrap.dedent(program) + "\nsys.stdout.buffer.write(pickle.dumps(result))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "JAX_ENABLE_X64"}
    env.update(
        JAX_PLATFORMS="cpu",
        XLA_FLAGS=f"--xla_force_host_platform_device_count={devices}",
        PYTHONPATH=str(ROOT),
        OMP_NUM_THREADS="1",
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, env=env, cwd=ROOT, timeout=300
    )
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    return pickle.loads(done.stdout)


def assert_same(ours: dict[str, Any], real: dict[str, Any], skip: tuple[str, ...]) -> None:
    assert ours.keys() == real.keys()
    for key in real.keys() - set(skip):
        a, b = ours[key], real[key]
        if isinstance(b, tuple) and isinstance(b[0], numpy.ndarray):
            assert a[1:] == b[1:], key
            a, b = a[0], b[0]
        if isinstance(b, numpy.ndarray) or (
            isinstance(b, list) and b and isinstance(b[0], numpy.ndarray)
        ):
            for x, y in zip(a if isinstance(a, list) else [a], b if isinstance(b, list) else [b]):
                assert x.dtype == y.dtype and x.shape == y.shape, key
                numpy.testing.assert_allclose(x, y, rtol=1e-5, atol=1e-6, err_msg=key)
        else:
            assert a == b, key


@pytest.mark.parametrize(("devices", "backend"), [(8, "jax"), (1, "numpy")])
def test_program_matches_real_jax(devices: int, backend: str) -> None:
    ours = run(PROGRAM, devices, backend)
    real = run(PROGRAM, devices, None)
    assert real["devices"] == devices
    # off the jax backend a jit result's sharding is not XLA's propagated one (docs)
    assert_same(ours, real, skip=("constraint_spec",) if backend != "jax" else ())


def test_one_device_forms() -> None:
    """On the numpy backend: a mesh of one device, unbound axes named as JAX names them,
    and the collectives of an axis of size 1."""
    import core
    from frontends import jax
    from frontends.jax import lax
    from frontends.jax import numpy as jnp
    from frontends.jax.sharding import NamedSharding, PartitionSpec

    with core.use_backend("numpy"):
        assert jax.device_count() == 1 and jax.devices()[0].platform == "cpu"
        with pytest.raises(ValueError, match="Number of devices"):
            jax.make_mesh((2,), ("i",))
        mesh = jax.make_mesh((1, 1), ("a", "b"))
        assert mesh.shape == {"a": 1, "b": 1}
        with pytest.raises(ValueError, match="not found in mesh"):
            NamedSharding(mesh, PartitionSpec("c"))
        with pytest.raises(NameError, match="unbound axis name: a"):
            lax.psum(jnp.ones(2), "a")
        x = jnp.arange(6.0).reshape(1, 6)

        def body(v):
            return (
                lax.all_gather(v, "a"), lax.psum_scatter(v, "b"), lax.all_to_all(v, "a", 0, 1),
                lax.ppermute(v, "a", []), lax.axis_index(("a", "b")), lax.pmean(v, ("a", "b")),
            )  # fmt: skip

        gathered, scattered, moved, permuted, index, mean = jax.shard_map(
            body, mesh=mesh, in_specs=PartitionSpec("a"), out_specs=PartitionSpec()
        )(x)
        assert gathered.shape == (1, 1, 6) and scattered.shape == (6,)
        assert moved.shape == (6, 1) and not permuted.any() and int(index) == 0
        numpy.testing.assert_array_equal(numpy.asarray(mean), numpy.asarray(x))
        assert str(index.dtype) == "int32"
        with pytest.raises(NotImplementedError, match="vmap axis 'v' needs the jax backend"):
            jax.vmap(lambda v: lax.psum(v, "v"), axis_name="v")(jnp.ones(3))
        with pytest.raises(NotImplementedError, match="needs the jax backend"):
            jax.distributed.initialize("localhost:1234", num_processes=2, process_id=0)


def test_vmap_collectives_on_jax() -> None:
    import core
    from frontends import jax
    from frontends.jax import lax
    from frontends.jax import numpy as jnp

    with core.use_backend("jax"):
        x = jnp.arange(6.0).reshape(3, 2)
        out = jax.vmap(lambda v: v - lax.pmean(v, "v"), axis_name="v")(x)
        numpy.testing.assert_allclose(numpy.asarray(out), [[-2, -2], [0, 0], [2, 2]])
        assert out.dtype == jnp.float32
