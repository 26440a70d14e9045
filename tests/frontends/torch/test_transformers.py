"""HF transformers, unchanged, on the torch frontend: a fixed sample of
``python -m tests.conformance.transformers_models`` (whose full family x backend results
are in docs/conformance/transformers.md).

Real torch is the oracle, run here (this process has real torch); the frontend runs in a
process of its own with ``frontends.install("torch")`` (aliased: it sees no real torch):
Llama (grouped-query attention, rotary embeddings, RMSNorm) on the numpy backend (the jax
and tensorflow backends compile each op on first use, which the full run pays), each loaded
with ``from_pretrained`` from real torch's ``save_pretrained``, ``pytorch_model.bin`` and
shards, compared for the forward (eager and sdpa), HF's training loop, ``generate``
(greedy, seeded sampling, beam search), and saved back for real torch.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from tests.conformance import transformers_models as runner

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ["LlamaForCausalLM"]
VOCAB = ["[PAD]", "[UNK]", "hello", "world", "again"]


class _Payload:
    """Pickles as a call of ``open``: a checkpoint holding code."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self):
        return (open, (str(self.path), "w"))


def _evil_checkpoint(tmp: Path) -> Path:
    import torch
    import transformers

    model_dir = tmp / "evil"
    transformers.GPT2Config(n_layer=1, n_embd=16, n_head=2, vocab_size=32).save_pretrained(
        model_dir
    )
    payload = {"wte.weight": torch.zeros(32, 16), "evil": _Payload(tmp / "ran")}
    torch.save(payload, model_dir / "pytorch_model.bin")
    return model_dir


def _load_outcome(transformers, model_dir: Path) -> str:
    try:
        transformers.GPT2Model.from_pretrained(model_dir)
    except Exception as error:
        return f"{type(error).__name__}: weights_only={'weights_only' in str(error)}"
    return "loaded"


def _from_config(torch, transformers):
    """A model as ``AutoModelForCausalLM.from_config`` builds it (its initialisers draw)."""
    family = runner.FAMILIES["LlamaForCausalLM"]
    return transformers.AutoModelForCausalLM.from_config(runner.build_config(transformers, family))


# everything the frontend process does, in one process (imports dominate its time)
FRONTEND = """
import json
from pathlib import Path
import numpy as np
import frontends
frontends.install("torch", backend="numpy")
import torch, transformers
from tokenizers import Tokenizer, models, pre_tokenizers
from tests.conformance import transformers_models as runner
from tests.frontends.torch.test_transformers import VOCAB, _from_config, _load_outcome
work = Path({work!r})
found = {{"checks": runner._frontend(work, {names!r}, "numpy")}}
backend = Tokenizer(models.WordLevel({{w: i for i, w in enumerate(VOCAB)}}, unk_token="[UNK]"))
backend.pre_tokenizer = pre_tokenizers.Whitespace()
tok = transformers.PreTrainedTokenizerFast(tokenizer_object=backend, pad_token="[PAD]")
batch = tok(["hello world", "again"], padding=True, return_tensors="pt")
found["tokens"] = [type(batch["input_ids"]).__module__, batch["input_ids"].tolist(),
                   batch["attention_mask"].tolist()]
found["evil"] = _load_outcome(transformers, work / "evil")
torch.manual_seed(0)
built = _from_config(torch, transformers)
np.savez(work / "from_config.npz", **{{k: v.detach().numpy() for k, v in built.state_dict().items()}})
errors = []
for attempt in ("import torch.onnx", "torch.fx.symbolic_trace"):
    try:
        exec(attempt)
    except (ImportError, AttributeError) as error:
        errors.append(f"{{type(error).__name__}}: {{error}}")
found["errors"] = errors
print(json.dumps(found))
"""


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict:
    import transformers

    work = tmp_path_factory.mktemp("transformers")
    runner._oracle(work, SAMPLE)
    _evil_checkpoint(work)
    env = dict(os.environ, PYTHONPATH=str(ROOT), TF_CPP_MIN_LOG_LEVEL="3")
    code = textwrap.dedent(FRONTEND).format(work=str(work), names=SAMPLE)
    done = subprocess.run([sys.executable, "-c", code], cwd=work, env=env, capture_output=True,
                          text=True, timeout=900)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.splitlines()[-1])
    found["reverse"] = runner._oracle_reverse(work, SAMPLE, ["numpy"])
    import torch

    torch.manual_seed(0)
    found["from_config"] = (
        _from_config(torch, transformers).state_dict(),
        work / "from_config.npz",
    )
    found["real_evil"] = _load_outcome(transformers, work / "evil")
    found["ran"] = (work / "ran").exists()
    return found


@pytest.mark.parametrize("name", SAMPLE)
def test_family_matches_real_torch_on_numpy(results: dict, name: str) -> None:
    """Forward (eager, sdpa; from save_pretrained, pytorch_model.bin and shards), HF's
    training loop, generate's tokens, and the model saved here loaded by real torch."""
    checks = results["checks"][name]
    state, detail = runner.status(checks, results["reverse"].get(f"{name}/numpy"))
    assert state == "pass", detail
    assert checks["generate"] == []
    assert {"forward.eager", "forward.sdpa", "bin", "sharded", "train", "compile.forward",
            "compile.train"} <= set(checks)  # fmt: skip


def test_from_config_draws_real_torch_weights(results: dict) -> None:
    """``from_config`` after ``manual_seed`` gives real torch's weights, bit for bit (so
    ``generate`` of a model built from a config gives real torch's tokens)."""
    expected, path = results["from_config"]
    got = np.load(path)
    assert sorted(got.files) == sorted(expected)
    for key, value in expected.items():
        np.testing.assert_array_equal(got[key], value.numpy(), err_msg=key)


def test_a_bin_checkpoint_holding_code_is_refused(results: dict) -> None:
    """Loading never runs code: the frontend refuses a pickle that would call a function as
    real torch's weights_only unpickler does, and nothing ran."""
    assert results["evil"] == results["real_evil"] == "UnpicklingError: weights_only=True"
    assert not results["ran"]


def test_tokenizer_gives_frontend_tensors(results: dict) -> None:
    """A fast tokenizer from a local vocabulary (no network); return_tensors="pt"."""
    assert results["tokens"] == ["frontends.torch._tensor", [[2, 3], [4, 0]], [[1, 1], [1, 0]]]


def test_missing_torch_apis_are_named(results: dict) -> None:
    onnx, fx = results["errors"]
    assert onnx.startswith("ModuleNotFoundError: No module named 'torch.onnx'")
    assert "does not provide it" in onnx
    assert fx.startswith("AttributeError:") and "symbolic_trace" in fx
