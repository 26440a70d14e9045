"""frontends.jax against real JAX (eager ops, transformations, the example's jitted step).

Run: python -m benchmarks.bench_jax_frontend [--backends numpy torch jax tensorflow]

Real JAX runs in a subprocess (x64 off, as users run it: the core jax backend turns x64 on
in this process). Every result is waited for (``block_until_ready``) on both sides.

- per op, float32 arrays of 16 elements: the frontend on each backend against real JAX
  eager. Target on the jax backend: at most 1.3x.
- ``jax.grad`` / ``jax.vmap`` of small functions: the same comparison (off the jax backend
  ``vmap`` is a Python loop over the mapped axis, so it is reported, not targeted).
- the jitted training step of ``examples/jax_mlp.py`` (``value_and_grad`` + ``tree_map``
  update under ``jax.jit``): target on the jax backend at most 1.05x real JAX.
- ``from frontends import jax`` on the numpy backend in a fresh interpreter: target under
  0.3 s, without importing real jax.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import core
from benchmarks._timing import best_time, format_row

ROOT = Path(__file__).resolve().parents[1]

# defines x, y, m, params, data, labels, OPS (name -> thunk) and STEP (a thunk), given
# jax, jnp, np and block (waits for a result)
WORKLOADS = """
x = jnp.asarray(np.linspace(-1.0, 1.0, 16, dtype=np.float32))
y = jnp.asarray(np.linspace(0.5, 2.0, 16, dtype=np.float32))
m = jnp.asarray(np.linspace(-1.0, 1.0, 16, dtype=np.float32).reshape(4, 4))
xs = jnp.asarray(np.linspace(-1.0, 1.0, 64, dtype=np.float32).reshape(8, 8))
loss = lambda v: jnp.sum(jnp.sin(v) * v)
g = jax.grad(loss)
vm = jax.vmap(lambda r: jnp.sum(r * r))
OPS = {
    "jnp.add": lambda: block(jnp.add(x, y)),
    "x * 2.0": lambda: block(x * 2.0),
    "jnp.exp": lambda: block(jnp.exp(x)),
    "jnp.sum": lambda: block(jnp.sum(x)),
    "jnp.mean": lambda: block(jnp.mean(x)),
    "m @ m": lambda: block(m @ m),
    "x[1:]": lambda: block(x[1:]),
    "x > y": lambda: block(x > y),
    "jnp.tanh": lambda: block(jnp.tanh(x)),
    "jax.grad(sum(sin(x)*x))": lambda: block(g(x)),
    "jax.vmap(sum(r*r)) 8x8": lambda: block(vm(xs)),
}

key = jax.random.PRNGKey(0)
k1, k2, k3, k4 = jax.random.split(key, 4)
data = jax.random.normal(k1, (128, 4))
labels = jax.random.randint(k2, (128,), 0, 3)
params = [
    {"w": jax.random.normal(k3, (4, 32)) * 0.5, "b": jnp.zeros(32)},
    {"w": jax.random.normal(k4, (32, 32)) * 0.2, "b": jnp.zeros(32)},
    {"w": jax.random.normal(k1, (32, 3)) * 0.2, "b": jnp.zeros(3)},
]


def forward(params, x):
    *hidden, last = params
    for layer in hidden:
        x = jnp.tanh(x @ layer["w"] + layer["b"])
    return x @ last["w"] + last["b"]


def loss_fn(params, x, labels):
    log_probs = jax.nn.log_softmax(forward(params, x))
    return -jnp.mean(jnp.take_along_axis(log_probs, labels[:, None], axis=1))


@jax.jit
def step(params, x, labels):
    value, grads = jax.value_and_grad(loss_fn)(params, x, labels)
    return jax.tree_util.tree_map(lambda p, g: p - 0.3 * g, params, grads), value


def STEP():
    new, value = step(params, data, labels)
    block(value)
"""

REAL = """
import json, os, sys, timeit
os.environ.pop("JAX_ENABLE_X64", None)
import numpy as np
import jax
import jax.numpy as jnp

def block(r):
    return r.block_until_ready()

exec(__WORKLOADS__)

def best(f, budget=0.2, repeat=5):
    f()
    t = timeit.Timer(f)
    number, _ = t.autorange()
    number = max(1, int(number * budget / 0.2))
    return min(t.repeat(repeat=repeat, number=number)) / number

times = {name: best(f) for name, f in OPS.items()}
times["STEP"] = best(STEP)
print(json.dumps(times))
"""


def real_jax_times() -> dict[str, float]:
    env = {k: v for k, v in os.environ.items() if k != "JAX_ENABLE_X64"}
    env["JAX_PLATFORMS"] = "cpu"
    script = REAL.replace("__WORKLOADS__", repr(WORKLOADS))
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def frontend_times(backend: str) -> dict[str, float]:
    import numpy as np

    from frontends import jax
    from frontends.jax import numpy as jnp

    with core.use_backend(backend):

        def block(r: Any) -> Any:
            native = r.native
            return native.block_until_ready() if hasattr(native, "block_until_ready") else native

        scope = {"jax": jax, "jnp": jnp, "np": np, "block": block}
        exec(textwrap.dedent(WORKLOADS), scope)
        times = {name: best_time(f) for name, f in scope["OPS"].items()}
        times["STEP"] = best_time(scope["STEP"])
        return times


def import_time() -> float:
    code = (
        "import time, sys; t = time.perf_counter(); from frontends import jax; "
        "d = time.perf_counter() - t; assert 'jax' not in sys.modules, 'jax imported'; print(d)"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    best = min(
        float(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
            ).stdout
        )
        for _ in range(3)
    )
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", nargs="+", default=["jax", "numpy", "torch", "tensorflow"])
    args = parser.parse_args()
    real = real_jax_times()
    ours = {b: frontend_times(b) for b in args.backends}
    widths = [26, 12] + [18] * len(args.backends)
    print(
        format_row(
            ["op (16 x float32)", "real JAX"] + [f"{b} (x JAX)" for b in args.backends], widths
        )
    )
    for name in [*real]:
        label = "jitted MLP training step" if name == "STEP" else name
        cells = [label, f"{real[name] * 1e6:8.1f} us"]
        for b in args.backends:
            t = ours[b][name]
            cells.append(f"{t * 1e6:8.1f} us {t / real[name]:5.2f}x")
        print(format_row(cells, widths))
    print(f"\nfrom frontends import jax (numpy backend): {import_time():.3f} s (target < 0.3 s)")


if __name__ == "__main__":
    main()
