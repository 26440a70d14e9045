"""The default suite's sample of ``python -m tests.conformance.torch_module_db``: a few of
torch's module_db modules (every sample: constructor variants, unbatched inputs, train and
eval mode, error samples) against real torch, forward, input and parameter gradients, on
the numpy and torch backends."""

from __future__ import annotations

from tests.conformance import torch_module_db

SAMPLE = ["nn.Linear", "nn.Conv1d", "nn.LayerNorm", "nn.ReLU", "nn.MSELoss"]


def test_sample_matches_real_torch():
    records, pairs = torch_module_db.run(["numpy", "torch"], SAMPLE)
    assert sorted((r["name"], r["backend"]) for r in records) == sorted(
        (f"torch.{name}", backend) for backend in ("numpy", "torch") for name in SAMPLE
    )
    assert all(total > len(SAMPLE) for _, total in pairs.values())
    failed = [r for r in records if r["status"] != "pass"]
    assert not failed, failed
