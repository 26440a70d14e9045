"""A data-parallel training step on 8 simulated CPU devices against one device (issue 24).

Run: python -m benchmarks.bench_distributed [--quick]

Each configuration runs in a fresh process (``XLA_FLAGS=--xla_force_host_platform_device_count``
must be set before JAX starts), once with 1 device and once with 8, on the same global
batch:

- ``jax jit``: the data-parallel step of JAX's spmd MNIST example (an MLP 784-1024-1024-10,
  batch 128; ``--quick``: 784-256-256-10), parameters replicated and the batch split with
  ``NamedSharding``, one ``jax.jit`` of grad and update; through the jax frontend on the
  jax backend, and in real JAX for reference;
- ``torch DDP``: the same MLP written in torch, ``DistributedDataParallel`` over the
  single controller's group, an SGD step (eager: one XLA call per operation).

``ratio`` = (8-device time per sample) / (1-device time per sample); the target is at most
1.2. The simulated devices share this machine's cores, so a ratio near 1 means the
partitioning costs little, not that 8 devices are faster. Times are the best of several
runs after a warm-up.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import subprocess
import sys

from benchmarks._timing import format_row

ROOT = pathlib.Path(__file__).resolve().parents[1]

JAX_STEP = """
import numpy as np, jax, jax.numpy as jnp
from jax import NamedSharding
from jax.sharding import PartitionSpec as P
from jax.scipy.special import logsumexp
sizes = SIZES
rng = np.random.RandomState(0)
params = [(0.1 * rng.randn(m, n), 0.1 * rng.randn(n)) for m, n in zip(sizes[:-1], sizes[1:])]
x = rng.rand(128, sizes[0]).astype(np.float32)
y = np.eye(sizes[-1], dtype=np.float32)[rng.randint(0, sizes[-1], 128)]
mesh = jax.make_mesh((jax.device_count(),), ("batch",))
params = jax.device_put(params, NamedSharding(mesh, P()))
batch = jax.device_put((x, y), NamedSharding(mesh, P("batch")))

def loss(params, batch):
    h, t = batch
    for w, b in params[:-1]:
        h = jnp.tanh(jnp.dot(h, w) + b)
    logits = jnp.dot(h, params[-1][0]) + params[-1][1]
    return -jnp.mean(jnp.sum((logits - logsumexp(logits, axis=1, keepdims=True)) * t, axis=1))

@jax.jit
def step(params, batch):
    grads = jax.grad(loss)(params, batch)
    return [(w - 0.001 * dw, b - 0.001 * db) for (w, b), (dw, db) in zip(params, grads)]

def run():
    jax.block_until_ready(step(params, batch))
"""

TORCH_STEP = """
import numpy as np, core
core.set_backend("jax")
from frontends import torch
from frontends.torch import distributed as dist
from frontends.torch.nn.parallel import DistributedDataParallel
sizes = SIZES
dist.init_process_group()
layers = []
for m, n in zip(sizes[:-1], sizes[1:]):
    layers += [torch.nn.Linear(m, n), torch.nn.Tanh()]
model = DistributedDataParallel(torch.nn.Sequential(*layers[:-1]))
opt = torch.optim.SGD(model.parameters(), lr=0.001)
rng = np.random.RandomState(0)
x = torch.tensor(rng.rand(128, sizes[0]).astype(np.float32))
y = torch.tensor(rng.randint(0, sizes[-1], 128))

def run():
    loss = torch.nn.functional.cross_entropy(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    loss.item()
"""

TIMER = """
from benchmarks._timing import best_time
print(best_time(run, budget=0.5, repeat=3))
"""


def _time(program: str, devices: int, frontend: bool, sizes: list[int]) -> float:
    prelude = "import frontends\nfrontends.install('jax', backend='jax')\n" if frontend else ""
    script = prelude + program.replace("SIZES", repr(sizes)) + TIMER
    env = {k: v for k, v in os.environ.items() if k != "JAX_ENABLE_X64"}
    env.update(
        JAX_PLATFORMS="cpu",
        XLA_FLAGS=f"--xla_force_host_platform_device_count={devices}",
        PYTHONPATH=str(ROOT),
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=ROOT
    )
    if done.returncode:
        raise RuntimeError(done.stderr[-3000:])
    return float(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    quick = parser.parse_args().quick
    sizes = [784, 256, 256, 10] if quick else [784, 1024, 1024, 10]
    rows = [("jax jit (real JAX)", JAX_STEP, False), ("jax jit (frontend)", JAX_STEP, True),
            ("torch DDP (frontend, eager)", TORCH_STEP, False)]  # fmt: skip
    widths = [28, 16, 16, 8]
    print(format_row(["step", "1 device us/sample", "8 devices us/sample", "ratio"], widths))
    for name, program, frontend in rows:
        one = _time(program, 1, frontend, sizes) / 128
        eight = _time(program, 8, frontend, sizes) / 128
        cells = [name, f"{one * 1e6:.1f}", f"{eight * 1e6:.1f}", f"{eight / one:.2f}"]
        print(format_row(cells, widths))


if __name__ == "__main__":
    main()
