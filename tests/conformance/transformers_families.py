"""The HF transformers families the conformance run and the tests build: a small config
(2 layers, hidden 64) and the inputs each model class takes.

Imported by the oracle process (real torch) and the frontend process (``frontends.install``
active) alike: ``torch`` and ``transformers`` are whichever the process has, so nothing here
imports them at module level.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

VOCAB = 96
SEQ = 8


@dataclass(frozen=True)
class Family:
    """One model class: ``config(**kwargs)`` and the kind of inputs it takes."""

    model: str  # the transformers class, e.g. "GPT2LMHeadModel"
    config: str  # its config class
    kwargs: dict[str, Any]
    kind: str  # causal | masked | seq2seq | vision | clip | whisper | ctc
    attention: tuple[str, ...] = ("eager", "sdpa")
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return f"transformers.{self.model}"


_DECODER = dict(vocab_size=VOCAB, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                num_attention_heads=4, max_position_embeddings=64)  # fmt: skip
_ENCODER = dict(vocab_size=VOCAB, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                num_attention_heads=4, max_position_embeddings=64)  # fmt: skip
_SEQ2SEQ = dict(vocab_size=VOCAB, d_model=64, encoder_layers=2, decoder_layers=2,
                encoder_attention_heads=4, decoder_attention_heads=4, encoder_ffn_dim=128,
                decoder_ffn_dim=128)  # fmt: skip

FAMILIES: dict[str, Family] = {
    family.model: family
    for family in [
        Family("GPT2LMHeadModel", "GPT2Config",
               dict(vocab_size=VOCAB, n_embd=64, n_layer=2, n_head=4, n_positions=64,
                    bos_token_id=1, eos_token_id=2), "causal"),
        Family("BertForMaskedLM", "BertConfig", dict(_ENCODER), "masked"),
        Family("RobertaForMaskedLM", "RobertaConfig", dict(_ENCODER, pad_token_id=1), "masked"),
        Family("DistilBertForMaskedLM", "DistilBertConfig",
               dict(vocab_size=VOCAB, dim=64, n_layers=2, n_heads=4, hidden_dim=128,
                    max_position_embeddings=64), "masked"),
        Family("T5ForConditionalGeneration", "T5Config",
               dict(vocab_size=VOCAB, d_model=64, d_kv=16, d_ff=128, num_layers=2, num_heads=4,
                    decoder_start_token_id=0, pad_token_id=0, eos_token_id=1), "seq2seq"),
        Family("BartForConditionalGeneration", "BartConfig",
               dict(_SEQ2SEQ, max_position_embeddings=64, pad_token_id=1, bos_token_id=0,
                    eos_token_id=2, decoder_start_token_id=2), "seq2seq"),
        Family("LlamaForCausalLM", "LlamaConfig",
               dict(_DECODER, num_key_value_heads=2, bos_token_id=1, eos_token_id=2), "causal"),
        Family("MistralForCausalLM", "MistralConfig",
               dict(_DECODER, num_key_value_heads=2, bos_token_id=1, eos_token_id=2), "causal"),
        Family("Qwen2ForCausalLM", "Qwen2Config",
               dict(_DECODER, num_key_value_heads=2, bos_token_id=1, eos_token_id=2), "causal"),
        Family("GemmaForCausalLM", "GemmaConfig",
               dict(_DECODER, num_key_value_heads=2, head_dim=16, bos_token_id=1,
                    eos_token_id=2, pad_token_id=0), "causal"),
        Family("PhiForCausalLM", "PhiConfig",
               dict(_DECODER, bos_token_id=1, eos_token_id=2), "causal"),
        Family("GPTNeoXForCausalLM", "GPTNeoXConfig",
               dict(_DECODER, bos_token_id=1, eos_token_id=2), "causal"),
        Family("OPTForCausalLM", "OPTConfig",
               dict(vocab_size=VOCAB, hidden_size=64, num_hidden_layers=2, ffn_dim=128,
                    num_attention_heads=4, word_embed_proj_dim=64, max_position_embeddings=64,
                    bos_token_id=1, eos_token_id=2, pad_token_id=0), "causal"),
        Family("FalconForCausalLM", "FalconConfig",
               dict(vocab_size=VOCAB, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                    bos_token_id=1, eos_token_id=2), "causal"),
        Family("ViTForImageClassification", "ViTConfig",
               dict(image_size=32, patch_size=8, hidden_size=64, num_hidden_layers=2,
                    num_attention_heads=4, intermediate_size=128, num_labels=3), "vision"),
        Family("CLIPModel", "CLIPConfig",
               dict(text_config=dict(vocab_size=VOCAB, hidden_size=64, intermediate_size=128,
                                     num_hidden_layers=2, num_attention_heads=4,
                                     max_position_embeddings=32),
                    vision_config=dict(image_size=32, patch_size=8, hidden_size=64,
                                       intermediate_size=128, num_hidden_layers=2,
                                       num_attention_heads=4),
                    projection_dim=32), "clip"),
        Family("WhisperForConditionalGeneration", "WhisperConfig",
               dict(_SEQ2SEQ, num_mel_bins=16, max_source_positions=32, max_target_positions=32,
                    decoder_start_token_id=3, pad_token_id=0, bos_token_id=1, eos_token_id=2,
                    suppress_tokens=None, begin_suppress_tokens=None), "whisper"),
        Family("Wav2Vec2ForCTC", "Wav2Vec2Config",
               dict(vocab_size=32, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                    intermediate_size=128, conv_dim=(32, 32), conv_stride=(5, 4),
                    conv_kernel=(10, 8), num_feat_extract_layers=2, num_conv_pos_embeddings=16,
                    num_conv_pos_embedding_groups=4, mask_time_prob=0.0, pad_token_id=0),
               "ctc", attention=("eager", "sdpa")),
    ]
}  # fmt: skip


def build_config(transformers: Any, family: Family, attention: str = "eager") -> Any:
    """The family's config, every dropout probability 0 (masks are not compared)."""
    config = getattr(transformers, family.config)(**family.kwargs)
    for sub in [config, *(getattr(config, n) for n in ("text_config", "vision_config")
                          if hasattr(config, n))]:  # fmt: skip
        for key, value in list(vars(sub).items()):
            if isinstance(value, float) and (
                "dropout" in key or "pdrop" in key or key == "layerdrop"
            ):
                setattr(sub, key, 0.0)
    config._attn_implementation = attention
    for name in ("text_config", "vision_config"):
        if hasattr(config, name):
            getattr(config, name)._attn_implementation = attention
    return config


def inputs(torch: Any, family: Family) -> dict[str, Any]:
    """Fixed inputs (numpy-seeded, so both processes build the same), with padding."""
    rng = np.random.default_rng(7)
    ids = torch.tensor(rng.integers(3, VOCAB, size=(2, SEQ)))
    mask = torch.tensor([[1] * SEQ, [0, 0] + [1] * (SEQ - 2)])
    if family.kind in ("causal", "masked"):
        return {"input_ids": ids, "attention_mask": mask, "labels": ids}
    if family.kind == "seq2seq":
        labels = torch.tensor(rng.integers(3, VOCAB, size=(2, 5)))
        return {"input_ids": ids, "attention_mask": torch.tensor([[1] * SEQ, [1] * (SEQ - 2) + [0, 0]]),
                "labels": labels}  # fmt: skip
    if family.kind == "vision":
        pixels = torch.tensor(rng.normal(size=(2, 3, 32, 32)).astype("float32"))
        return {"pixel_values": pixels, "labels": torch.tensor([0, 2])}
    if family.kind == "clip":
        pixels = torch.tensor(rng.normal(size=(2, 3, 32, 32)).astype("float32"))
        return {"input_ids": ids, "attention_mask": torch.tensor([[1] * SEQ, [1] * (SEQ - 2) + [0, 0]]),
                "pixel_values": pixels, "return_loss": True}  # fmt: skip
    if family.kind == "whisper":
        features = torch.tensor(rng.normal(size=(2, 16, 64)).astype("float32"))
        labels = torch.tensor(rng.integers(4, VOCAB, size=(2, 5)))
        return {"input_features": features, "labels": labels}
    if family.kind == "ctc":
        values = torch.tensor(rng.normal(size=(2, 1600)).astype("float32"))
        return {"input_values": values, "labels": torch.tensor(rng.integers(1, 32, size=(2, 6)))}
    raise ValueError(family.kind)


def outputs(result: Any) -> dict[str, np.ndarray]:
    """The floating outputs worth comparing, as numpy arrays."""
    found = {}
    for key in ("logits", "logits_per_image", "text_embeds", "image_embeds", "loss"):
        value = getattr(result, key, None)
        if value is not None:
            found[key] = value.detach().float().numpy()
    return found
