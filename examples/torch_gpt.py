"""A GPT-style decoder written as ordinary torch code, run through ``frontends.torch``.

Run: python examples/torch_gpt.py [numpy|torch|jax|tensorflow]   (or BACKEND=jax ...)

``build(torch)`` takes a torch module (real ``torch`` or ``frontends.torch``) and returns
the model class, so the SAME source defines both models. With real torch installed, the
real model's weights are copied into the frontend model and the outputs compared.
"""

from __future__ import annotations

import math
from typing import Any


def build(torch: Any) -> type:
    """The GPT class for ``torch`` (real torch or frontends.torch)."""
    nn = torch.nn
    F = torch.nn.functional

    class CausalSelfAttention(nn.Module):
        def __init__(self, width: int, heads: int, dropout: float, use_mha: bool) -> None:
            super().__init__()
            self.heads = heads
            self.dropout = dropout
            self.use_mha = use_mha
            if use_mha:
                self.attn = nn.MultiheadAttention(width, heads, dropout=dropout, batch_first=True)
            else:
                self.c_attn = nn.Linear(width, 3 * width)
                self.c_proj = nn.Linear(width, width)
            self.resid_dropout = nn.Dropout(dropout)

        def forward(self, x):
            B, T, C = x.size()
            if self.use_mha:
                mask = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
                y, _ = self.attn(x, x, x, attn_mask=mask, need_weights=False)
                return self.resid_dropout(y)
            q, k, v = self.c_attn(x).split(C, dim=2)
            q = q.view(B, T, self.heads, C // self.heads).transpose(1, 2)
            k = k.view(B, T, self.heads, C // self.heads).transpose(1, 2)
            v = v.view(B, T, self.heads, C // self.heads).transpose(1, 2)
            p = self.dropout if self.training else 0.0
            y = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
            y = y.transpose(1, 2).contiguous().view(B, T, C)
            return self.resid_dropout(self.c_proj(y))

    class MLP(nn.Module):
        def __init__(self, width: int, dropout: float) -> None:
            super().__init__()
            self.c_fc = nn.Linear(width, 4 * width)
            self.gelu = nn.GELU(approximate="tanh")
            self.c_proj = nn.Linear(4 * width, width)
            self.dropout = nn.Dropout(dropout)

        def forward(self, x):
            return self.dropout(self.c_proj(self.gelu(self.c_fc(x))))

    class Block(nn.Module):
        def __init__(self, width: int, heads: int, dropout: float, use_mha: bool) -> None:
            super().__init__()
            self.ln_1 = nn.LayerNorm(width)
            self.attn = CausalSelfAttention(width, heads, dropout, use_mha)
            self.ln_2 = nn.LayerNorm(width)
            self.mlp = MLP(width, dropout)

        def forward(self, x):
            x = x + self.attn(self.ln_1(x))
            return x + self.mlp(self.ln_2(x))

    class GPT(nn.Module):
        def __init__(
            self,
            vocab: int = 64,
            context: int = 16,
            width: int = 32,
            heads: int = 4,
            layers: int = 2,
            dropout: float = 0.0,
            use_mha: bool = False,
        ) -> None:
            super().__init__()
            self.context = context
            self.wte = nn.Embedding(vocab, width)
            self.wpe = nn.Embedding(context, width)
            self.drop = nn.Dropout(dropout)
            self.h = nn.ModuleList([Block(width, heads, dropout, use_mha) for _ in range(layers)])
            self.ln_f = nn.LayerNorm(width)
            self.lm_head = nn.Linear(width, vocab, bias=False)
            self.lm_head.weight = self.wte.weight  # weight tying
            self.apply(self._init_weights)
            for name, p in self.named_parameters():
                if name.endswith("c_proj.weight"):
                    nn.init.normal_(p, mean=0.0, std=0.02 / math.sqrt(2 * layers))

        def _init_weights(self, module) -> None:
            if isinstance(module, nn.Linear):
                nn.init.normal_(module.weight, mean=0.0, std=0.02)
                if module.bias is not None:
                    nn.init.zeros_(module.bias)
            elif isinstance(module, nn.Embedding):
                nn.init.normal_(module.weight, mean=0.0, std=0.02)

        def forward(self, idx):
            _B, T = idx.size()
            pos = torch.arange(0, T, dtype=torch.long)
            x = self.drop(self.wte(idx) + self.wpe(pos))
            for block in self.h:
                x = block(x)
            return self.lm_head(self.ln_f(x))

    return GPT


def main() -> None:
    from _compare import backend_from_args, copy_state, max_error, real_torch

    backend = backend_from_args(__doc__.splitlines()[0])
    import core

    core.set_backend(backend)
    from frontends import torch

    GPT = build(torch)
    model = GPT().eval()
    print(model)
    print(f"backend: {backend}; parameters: {sum(p.numel() for p in model.parameters())}")
    real = real_torch()
    if real is None:
        tokens = torch.randint(0, 64, (2, 16))
        print("real torch not installed: random weights")
        print("logits[0, -1, :8] =", model(tokens)[0, -1, :8])
        return
    real.manual_seed(0)
    reference = build(real)().eval()
    model.load_state_dict(copy_state(torch, reference))
    real_tokens = real.randint(0, 64, (2, 16))
    logits = model(torch.tensor(real_tokens.numpy()))
    with real.no_grad():
        expected = reference(real_tokens)
    print("logits[0, -1, :8] =", logits[0, -1, :8])
    print(f"max abs error vs real torch: {max_error(logits, expected):.3g}")


if __name__ == "__main__":
    main()
