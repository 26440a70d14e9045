"""HF transformers, unchanged, on the torch frontend: a fixed sample of
``python -m tests.conformance.transformers_models`` (whose full family x backend results
are in docs/conformance/transformers.md).

Real torch is the oracle, run here (this process has real torch); the frontend runs in a
process of its own with ``frontends.install("torch")`` (aliased: it sees no real torch):
GPT-2 on the numpy backend and Llama (grouped-query attention, rotary embeddings, sdpa) on
jax, each loaded with ``from_pretrained`` from real torch's ``save_pretrained``,
``pytorch_model.bin`` and shards, compared for the forward (eager and sdpa), HF's training
loop, ``generate`` (greedy, seeded sampling, beam search), and saved back for real torch.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.conformance import transformers_models as runner

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = {"GPT2LMHeadModel": "numpy", "LlamaForCausalLM": "jax"}


def _frontend_process(code: str, tmp_path: Path) -> str:
    env = dict(os.environ, PYTHONPATH=str(ROOT), TF_CPP_MIN_LOG_LEVEL="3")
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict:
    work = tmp_path_factory.mktemp("transformers")
    runner._oracle(work, list(SAMPLE))
    out = _frontend_process(
        f"""
        import json
        from pathlib import Path
        from tests.conformance import transformers_models as runner
        found = {{}}
        for name, backend in {SAMPLE!r}.items():
            found[name] = runner._frontend(Path({str(work)!r}), [name], backend)[name]
        print(json.dumps(found))
        """,
        work,
    )
    found = json.loads(out.splitlines()[-1])
    reverse = runner._oracle_reverse(work, list(SAMPLE), sorted(set(SAMPLE.values())))
    return {name: (found[name], reverse.get(f"{name}/{SAMPLE[name]}")) for name in SAMPLE}


@pytest.mark.parametrize("name", list(SAMPLE))
def test_family_matches_real_torch(results: dict, name: str) -> None:
    checks, reverse = results[name]
    state, detail = runner.status(checks, reverse)
    assert state == "pass", detail
    assert checks["generate"] == [] and reverse is not None
    assert {"forward.eager", "forward.sdpa", "bin", "sharded", "train"} <= set(checks)


def test_a_bin_checkpoint_holding_code_is_refused(tmp_path: Path) -> None:
    """Loading never runs code: a pickle that would call a function is refused as real
    torch's weights_only unpickler refuses it (nothing runs: the marker file stays absent)."""
    import torch
    import transformers

    marker = tmp_path / "ran"

    class Payload:
        def __reduce__(self):
            return (open, (str(marker), "w"))

    config = transformers.GPT2Config(n_layer=1, n_embd=16, n_head=2, vocab_size=32)
    model_dir = tmp_path / "model"
    config.save_pretrained(model_dir)
    torch.save(
        {"wte.weight": torch.zeros(32, 16), "evil": Payload()}, model_dir / "pytorch_model.bin"
    )
    for command in ("import frontends; frontends.install('torch', backend='numpy')", "pass"):
        out = _frontend_process(
            f"""
            {command}
            import transformers, pickle
            try:
                transformers.GPT2Model.from_pretrained({str(model_dir)!r})
            except Exception as error:
                print(type(error).__name__, "|", "weights_only" in str(error) or "Weights only" in str(error))
            """,
            tmp_path,
        )
        assert out.splitlines()[-1].endswith("| True"), out
    assert not marker.exists()
    assert pickle  # the payload only pickles: nothing above unpickles it in this process


def test_tokenizer_gives_frontend_tensors_and_missing_apis_are_named(tmp_path: Path) -> None:
    """A fast tokenizer built from a local vocabulary (no network) returns frontend tensors
    for return_tensors="pt"; a torch API the frontend lacks fails where it is reached, with
    the error naming it."""
    out = _frontend_process(
        """
        import frontends
        frontends.install("torch", backend="numpy")
        import torch, transformers
        from tokenizers import Tokenizer, models, pre_tokenizers
        vocab = {w: i for i, w in enumerate(["[PAD]", "[UNK]", "hello", "world", "again"])}
        backend = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
        backend.pre_tokenizer = pre_tokenizers.Whitespace()
        tok = transformers.PreTrainedTokenizerFast(tokenizer_object=backend, pad_token="[PAD]")
        batch = tok(["hello world", "again"], padding=True, return_tensors="pt")
        print(type(batch["input_ids"]).__module__, batch["input_ids"].tolist(),
              batch["attention_mask"].tolist())
        try:
            import torch.onnx
        except ImportError as error:
            print(type(error).__name__, "|", error)
        try:
            torch.fx.symbolic_trace
        except AttributeError as error:
            print(type(error).__name__, "|", error)
        """,
        tmp_path,
    )
    lines = out.splitlines()[-3:]
    assert lines[0] == "frontends.torch._tensor [[2, 3], [4, 0]] [[1, 1], [1, 0]]"
    assert lines[1].startswith("ModuleNotFoundError | No module named 'torch.onnx'")
    assert "does not provide it" in lines[1]
    assert lines[2].startswith("AttributeError |") and "symbolic_trace" in lines[2]
