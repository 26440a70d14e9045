"""torch.distributed in single-controller form.

On the numpy backend (one device) against real torch's one-process gloo group: the same
ranks, sizes, collective results and errors. On 8 simulated devices (jax backend, a fresh
process): a compiled training step of the GPT example under DDP and under fully_shard gives
the one-device loss and parameters, the parameters are placed as promised, and each collective gives what torch gives when the 8 ranks pass
the same tensor.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy
import pytest

import core

ROOT = Path(__file__).resolve().parents[3]

COLLECTIVES = """
def collectives(torch, dist):
    out = {}
    t = torch.arange(4.0)
    dist.all_reduce(t)
    out["all_reduce"] = t.numpy().copy()
    t = torch.arange(4.0)
    dist.all_reduce(t, op=dist.ReduceOp.MAX)
    out["all_reduce_max"] = t.numpy().copy()
    t = torch.arange(3.0) + 1
    dist.all_reduce(t, op=dist.ReduceOp.PRODUCT)
    out["all_reduce_product"] = t.numpy().copy()
    n = dist.get_world_size()
    gathered = [torch.zeros(2) for _ in range(n)]
    dist.all_gather(gathered, torch.tensor([1.0, 2.0]))
    out["all_gather"] = numpy.stack([g.numpy() for g in gathered])
    into = torch.zeros(2 * n)
    dist.all_gather_into_tensor(into, torch.tensor([1.0, 2.0]))
    out["all_gather_into_tensor"] = into.numpy().copy()
    t = torch.tensor([5.0, 6.0])
    dist.broadcast(t, src=0)
    out["broadcast"] = t.numpy().copy()
    r = torch.zeros(2)
    dist.reduce_scatter_tensor(r, torch.arange(2.0 * n))
    out["reduce_scatter_tensor"] = r.numpy().copy()
    r = torch.zeros(2)
    dist.reduce_scatter(r, [torch.arange(2.0) + i for i in range(n)])
    out["reduce_scatter"] = r.numpy().copy()
    t = torch.arange(4.0)
    work = dist.all_reduce(t, async_op=True)
    out["async"] = (work.wait(), t.numpy().copy())
    dist.barrier()
    out["group"] = (dist.get_rank(), dist.get_world_size(), dist.is_initialized())
    return out
"""


def _collectives(torch, dist) -> dict:
    namespace = {"numpy": numpy}
    exec(COLLECTIVES, namespace)
    return namespace["collectives"](torch, dist)


def test_one_device_matches_real_torch(monkeypatch: pytest.MonkeyPatch) -> None:
    import torch as real_torch
    import torch.distributed as real_dist

    real_dist.init_process_group("gloo", store=real_dist.HashStore(), rank=0, world_size=1)
    try:
        expected = _collectives(real_torch, real_dist)
    finally:
        real_dist.destroy_process_group()

    with core.use_backend("numpy"):
        from frontends import torch
        from frontends.torch import distributed as dist
        from frontends.torch.distributed.fsdp import fully_shard
        from frontends.torch.nn.parallel import DistributedDataParallel

        assert not dist.is_available() and not dist.is_initialized()
        with pytest.raises(ValueError, match="has not been initialized"):
            dist.get_rank()
        with pytest.raises(ValueError, match="has not been initialized"):
            DistributedDataParallel(torch.nn.Linear(2, 2))
        monkeypatch.setenv("WORLD_SIZE", "4")
        with pytest.raises(RuntimeError, match="single controller"):
            dist.init_process_group("gloo")
        monkeypatch.delenv("WORLD_SIZE")
        with pytest.raises(ValueError, match="world_size=2"):
            dist.init_process_group("gloo", world_size=2)
        dist.init_process_group("gloo")
        try:
            assert dist.is_available() and dist.get_backend() == "gloo"
            with pytest.raises(ValueError, match="twice"):
                dist.init_process_group("gloo")
            ours = _collectives(torch, dist)
            model = DistributedDataParallel(torch.nn.Linear(3, 2))
            assert list(model.state_dict()) == ["module.weight", "module.bias"]
            sharded = fully_shard(torch.nn.Linear(3, 2))
            x = torch.ones(4, 3)
            assert sharded(x).shape == (4, 2) and model(x).shape == (4, 2)
        finally:
            dist.destroy_process_group()
        assert not dist.is_initialized()
    assert ours.keys() == expected.keys()
    for key, value in expected.items():
        if key == "async":
            assert ours[key][0] is True
            value, mine = value[1], ours[key][1]
        else:
            mine = ours[key]
        numpy.testing.assert_array_equal(mine, value, err_msg=key)


EIGHT_DEVICES = """
import numpy
import core
core.set_backend("jax")
from frontends import torch
from frontends.torch import distributed as dist
from frontends.torch.distributed.fsdp import fully_shard
from frontends.torch.nn.parallel import DistributedDataParallel

dist.init_process_group("nccl")
result = {"collectives": collectives(torch, dist)}
sys.path.insert(0, "examples")
from torch_gpt import build

GPT = build(torch)
tokens = torch.tensor(numpy.random.RandomState(0).randint(0, 64, (16, 9)))

def train(mode):
    # one SGD step of the GPT example, compiled whole (jax.jit through core.compile)
    torch.manual_seed(0)
    model = GPT(context=8, width=16, heads=2, layers=1)
    if mode == "ddp":
        model = DistributedDataParallel(model)
    if mode == "fsdp":
        fully_shard(model)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)

    @torch.compile
    def step(tokens):
        logits = model(tokens[:, :-1])
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, 64), tokens[:, 1:].reshape(-1))
        loss.backward()
        opt.step()
        return loss

    loss = step(tokens).item()
    params = [p.detach().numpy() for p in model.parameters()]
    specs = [str(getattr(p.native.sharding, "spec", None)) for p in model.parameters()]
    return loss, params, specs

for mode in ("one", "ddp", "fsdp"):
    result[mode] = train(mode)
"""


def test_eight_devices() -> None:
    script = (
        "import pickle, sys\n" + COLLECTIVES + textwrap.dedent(EIGHT_DEVICES)
        + "\nsys.stdout.buffer.write(pickle.dumps(result))\n"
    )  # fmt: skip
    env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONPATH=str(ROOT), OMP_NUM_THREADS="1")
    env["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, env=env, cwd=ROOT, timeout=300
    )
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    result = pickle.loads(done.stdout)
    # what torch gives when each of the 8 ranks passes the same tensor
    c = result["collectives"]
    numpy.testing.assert_array_equal(c["all_reduce"], 8 * numpy.arange(4.0))
    numpy.testing.assert_array_equal(c["all_reduce_max"], numpy.arange(4.0))
    numpy.testing.assert_array_equal(c["all_reduce_product"], (numpy.arange(3.0) + 1) ** 8)
    numpy.testing.assert_array_equal(c["all_gather"], [[1.0, 2.0]] * 8)
    numpy.testing.assert_array_equal(c["all_gather_into_tensor"], [1.0, 2.0] * 8)
    numpy.testing.assert_array_equal(c["broadcast"], [5.0, 6.0])
    numpy.testing.assert_array_equal(c["reduce_scatter_tensor"], [0.0, 8.0])
    numpy.testing.assert_array_equal(c["reduce_scatter"], [0.0, 8.0])
    assert c["group"] == (0, 8, True)
    one_loss, one_params, _ = result["one"]
    for mode in ("ddp", "fsdp"):
        loss, params, _ = result[mode]
        assert abs(loss - one_loss) < 1e-5, mode
        for mine, theirs in zip(params, one_params):
            numpy.testing.assert_allclose(mine, theirs, atol=1e-5, err_msg=mode)
    assert set(result["ddp"][2]) == {"P()"}
    # fully_shard splits dim 0 where 8 divides it: the embeddings (64 and 8 rows), the
    # LayerNorms' and Linears' 16/48/64-row weights and biases
    assert "P('rank',)" in result["fsdp"][2]
