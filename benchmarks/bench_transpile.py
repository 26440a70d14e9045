"""How long transpile takes on a generated 1,000-line script (target: under 0.2 s).

    python benchmarks/bench_transpile.py [--lines 1000] [--repeat 20]

Prints the first (cold: module lookups not yet cached) and the median and best of the
following calls of ``transpile_text``, and the wall time of the whole ``transpile`` command
in a fresh process (interpreter start-up included). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from transpile import transpile_text  # noqa: E402

HEADER = '''\
"""A generated training script: every import form, and a lot of ordinary code."""

from __future__ import annotations

import argparse
import os
import torch
import torch as T
import torch.nn as nn
import torch.nn.functional as F
from torch import nn, optim
from torch.nn import functional as F, Linear
from torch.utils.data import DataLoader
import numpy as np
import jax
import jax.numpy as jnp
from jax import numpy as jnp, random
import tensorflow as tf

try:
    import torchvision
except ImportError:  # not installed
    torchvision = None
'''

BLOCK = '''

class Model{i}(nn.Module):
    """Model number {i}; the string "import torch" stays as it is."""

    def __init__(self, width: int = {w}) -> None:
        super().__init__()
        self.layer = Linear(width, width)  # a comment mentioning torch.nn
        self.torch_utils = {{"name": "block{i}", 'sizes': [1, 2, 3]}}

    def forward(self, x):
        if x.ndim > 2:
            import torch.nn.functional as F
        y = F.relu(self.layer(x)) + torch.ones(x.shape) * {i}
        return y.sum(dim=-1, keepdim=True)


def step{i}(model, batch, lr=1e-3):
    from jax import numpy as jnp
    values = np.asarray([b for b in batch if b is not None], dtype=np.float32)
    loss = jnp.mean(jnp.asarray(values) ** 2) + tf.reduce_sum(tf.constant(values))
    for name, parameter in model.named_parameters():
        parameter.data -= lr * parameter.grad  # update {i}
    return float(loss)
'''


def generate(lines: int) -> str:
    parts = [HEADER]
    i = 0
    while sum(part.count("\n") for part in parts) < lines:
        parts.append(BLOCK.format(i=i, w=16 + i))
        i += 1
    text = "".join(parts)
    return "".join(text.splitlines(keepends=True)[:lines])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    source = generate(args.lines)
    lines = source.count("\n")
    imports = sum(1 for line in source.splitlines() if "import " in line)

    start = time.perf_counter()
    result = transpile_text(source, "jax")
    cold = time.perf_counter() - start
    times = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        transpile_text(source, "jax")
        times.append(time.perf_counter() - start)
    print(f"script: {lines} lines, {imports} import lines, {len(result.diagnostics)} warnings")
    print(f"transpile_text, first call:     {cold * 1e3:7.1f} ms")
    print(f"transpile_text, median of {args.repeat}:  {statistics.median(times) * 1e3:7.1f} ms")
    print(f"transpile_text, best:           {min(times) * 1e3:7.1f} ms")

    with tempfile.TemporaryDirectory() as directory:
        script = Path(directory) / "script.py"
        script.write_text(source)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        command = [sys.executable, "-m", "transpile", str(script), "--to", "jax", "-q"]
        start = time.perf_counter()
        subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
        whole = time.perf_counter() - start
    print(f"`python -m transpile` process:   {whole * 1e3:7.1f} ms (start-up included)")


if __name__ == "__main__":
    main()
