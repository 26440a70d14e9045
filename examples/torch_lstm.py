"""An LSTM language model in ordinary torch code, run through ``frontends.torch``.

Run: python examples/torch_lstm.py [numpy|torch|jax|tensorflow]   (or BACKEND=jax ...)

``build(torch)`` returns the model class for real torch or for ``frontends.torch``; with
real torch installed its weights (``weight_ih_l0``, ... in torch's gate order) are copied in
and the logits and final states compared.
"""

from __future__ import annotations

from typing import Any


def build(torch: Any) -> type:
    """The LSTM language model class for ``torch`` (real torch or frontends.torch)."""
    nn = torch.nn

    class LSTMLanguageModel(nn.Module):
        def __init__(
            self,
            vocab: int = 50,
            embed: int = 16,
            hidden: int = 24,
            layers: int = 2,
            dropout: float = 0.0,
        ) -> None:
            super().__init__()
            self.embedding = nn.Embedding(vocab, embed, padding_idx=0)
            self.dropout = nn.Dropout(dropout)
            self.lstm = nn.LSTM(embed, hidden, num_layers=layers, batch_first=True, dropout=dropout)
            self.decoder = nn.Linear(hidden, vocab)

        def forward(self, tokens, state=None):
            x = self.dropout(self.embedding(tokens))
            output, state = self.lstm(x, state)
            return self.decoder(self.dropout(output)), state

    return LSTMLanguageModel


def main() -> None:
    from _compare import backend_from_args, copy_state, max_error, real_torch

    backend = backend_from_args(__doc__.splitlines()[0])
    import core

    core.set_backend(backend)
    from frontends import torch

    model = build(torch)().eval()
    print(model)
    real = real_torch()
    if real is None:
        print("real torch not installed: random weights")
        logits, _ = model(torch.randint(0, 50, (2, 12)))
        print("next-token predictions:", logits[:, -1].argmax(-1))
        return
    real.manual_seed(0)
    reference = build(real)().eval()
    model.load_state_dict(copy_state(torch, reference))
    tokens = real.randint(0, 50, (2, 12))
    logits, (h, c) = model(torch.tensor(tokens.numpy()))
    with real.no_grad():
        expected, (eh, ec) = reference(tokens)
    print("next-token predictions:", logits[:, -1].argmax(-1).tolist())
    print(f"max abs error vs real torch: logits {max_error(logits, expected):.3g}, "
          f"h {max_error(h, eh):.3g}, c {max_error(c, ec):.3g}")  # fmt: skip


if __name__ == "__main__":
    main()
