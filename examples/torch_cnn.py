"""A small image classifier (convolutions, batch norm, pooling) in ordinary torch code,
run through ``frontends.torch``.

Run: python examples/torch_cnn.py [numpy|torch|jax|tensorflow]   (or BACKEND=jax ...)

``build(torch)`` returns the model class for real torch or for ``frontends.torch``; with
real torch installed its weights are copied in and outputs compared, in eval mode and in
train mode (batch statistics, running statistics updated).
"""

from __future__ import annotations

from typing import Any


def build(torch: Any) -> type:
    """The CNN class for ``torch`` (real torch or frontends.torch)."""
    nn = torch.nn
    F = torch.nn.functional

    class CNN(nn.Module):
        def __init__(self, classes: int = 10, dropout: float = 0.0) -> None:
            super().__init__()
            self.features = nn.Sequential(
                nn.Conv2d(3, 8, kernel_size=3, padding=1, bias=False),
                nn.BatchNorm2d(8),
                nn.ReLU(inplace=True),
                nn.MaxPool2d(2),
                nn.Conv2d(8, 16, kernel_size=3, padding="same"),
                nn.BatchNorm2d(16, momentum=0.2),
                nn.SiLU(),
                nn.AvgPool2d(2),
                nn.Conv2d(16, 16, kernel_size=3, stride=2, padding=1, padding_mode="reflect"),
                nn.AdaptiveAvgPool2d((1, 1)),
            )
            self.head = nn.Sequential(
                nn.Flatten(),
                nn.Dropout(dropout),
                nn.Linear(16, 32),
                nn.BatchNorm1d(32),
                nn.LeakyReLU(0.1),
                nn.Linear(32, classes),
            )

        def forward(self, x):
            return F.log_softmax(self.head(self.features(x)), dim=-1)

    return CNN


def main() -> None:
    import numpy
    from _compare import backend_from_args, copy_state, max_error, real_torch

    backend = backend_from_args(__doc__.splitlines()[0])
    import core

    core.set_backend(backend)
    from frontends import torch

    model = build(torch)()
    print(model)
    images = numpy.random.default_rng(0).standard_normal((4, 3, 16, 16)).astype(numpy.float32)
    real = real_torch()
    if real is None:
        print("real torch not installed: random weights")
        print("log-probabilities:", model.eval()(torch.tensor(images)))
        return
    real.manual_seed(0)
    reference = build(real)()
    model.load_state_dict(copy_state(torch, reference))
    for mode in ("eval", "train"):
        model.train(mode == "train")
        reference.train(mode == "train")
        out = model(torch.tensor(images))
        with real.no_grad():
            expected = reference(real.from_numpy(images))
        print(
            f"{mode}: predictions {out.argmax(-1).tolist()}, max abs error {max_error(out, expected):.3g}"
        )
    mean = model.features[1].running_mean
    print(
        f"running_mean after one training batch: max abs error "
        f"{max_error(mean, reference.features[1].running_mean):.3g}, "
        f"num_batches_tracked={int(model.features[1].num_batches_tracked)}"
    )


if __name__ == "__main__":
    main()
