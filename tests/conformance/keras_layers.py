"""tf.keras layers (real Keras 3 on the tensorflow frontend) against real TF 2.21 Keras.

    python -m tests.conformance.keras_layers                       # every case and backend
    python -m tests.conformance.keras_layers --backends numpy jax

writes ``docs/conformance/keras_layers.{md,json}``. Each case builds a layer in real TF
Keras and in the frontend's ``tf.keras``, copies real Keras' weights into the frontend's
(``set_weights``) and calls both on the same input: a case passes on a backend when the
outputs have the same shape and agree within rtol 1e-4 (atol 1e-5).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "conformance"
BACKENDS = ("numpy", "torch", "jax", "tensorflow")
COMMAND = "python -m tests.conformance.keras_layers"
RNG = numpy.random.default_rng(0)


def _f(*shape: int) -> numpy.ndarray:
    return RNG.normal(size=shape).astype("float32")


def _pair(make: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A two-input merge layer called on ``[x, x * 0.5]``."""
    return lambda keras: (lambda layer: lambda x: layer([x, x * 0.5]))(make(keras))


def _self_attention(make: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda keras: (lambda layer: lambda x: layer(x, x))(make(keras))


#: name -> (make(keras) -> layer or a callable closing over one layer, input)
CASES: dict[str, tuple[Callable[[Any], Any], numpy.ndarray]] = {
    "Dense": (lambda k: k.layers.Dense(3, activation="relu"), _f(2, 4)),
    "Conv1D": (lambda k: k.layers.Conv1D(3, 2), _f(2, 5, 2)),
    "Conv2D": (lambda k: k.layers.Conv2D(3, 2, padding="same", strides=2), _f(2, 5, 5, 2)),
    "Conv3D": (lambda k: k.layers.Conv3D(2, 2), _f(1, 4, 4, 4, 1)),
    "Conv1DTranspose": (lambda k: k.layers.Conv1DTranspose(2, 3), _f(1, 4, 2)),
    "Conv2DTranspose": (lambda k: k.layers.Conv2DTranspose(2, 3, strides=2), _f(1, 3, 3, 2)),
    "DepthwiseConv2D": (lambda k: k.layers.DepthwiseConv2D(2), _f(1, 4, 4, 3)),
    "SeparableConv2D": (lambda k: k.layers.SeparableConv2D(2, 2), _f(1, 4, 4, 3)),
    "MaxPooling1D": (lambda k: k.layers.MaxPooling1D(), _f(1, 4, 2)),
    "MaxPooling2D": (lambda k: k.layers.MaxPooling2D(), _f(1, 4, 4, 2)),
    "AveragePooling2D": (lambda k: k.layers.AveragePooling2D(2), _f(1, 4, 4, 2)),
    "GlobalAveragePooling2D": (lambda k: k.layers.GlobalAveragePooling2D(), _f(2, 3, 3, 2)),
    "GlobalMaxPooling1D": (lambda k: k.layers.GlobalMaxPooling1D(), _f(2, 3, 2)),
    "BatchNormalization": (lambda k: k.layers.BatchNormalization(), _f(3, 4)),
    "LayerNormalization": (lambda k: k.layers.LayerNormalization(), _f(3, 4)),
    "GroupNormalization": (lambda k: k.layers.GroupNormalization(2), _f(2, 4)),
    "Embedding": (lambda k: k.layers.Embedding(10, 3), numpy.array([[1, 2], [3, 9]])),
    "Flatten": (lambda k: k.layers.Flatten(), _f(2, 3, 2)),
    "Reshape": (lambda k: k.layers.Reshape((6,)), _f(2, 3, 2)),
    "Permute": (lambda k: k.layers.Permute((2, 1)), _f(2, 3, 2)),
    "RepeatVector": (lambda k: k.layers.RepeatVector(3), _f(2, 2)),
    "UpSampling2D": (lambda k: k.layers.UpSampling2D(), _f(1, 2, 2, 1)),
    "ZeroPadding2D": (lambda k: k.layers.ZeroPadding2D(), _f(1, 2, 2, 1)),
    "Cropping1D": (lambda k: k.layers.Cropping1D(1), _f(1, 4, 1)),
    "Activation": (lambda k: k.layers.Activation("gelu"), _f(2, 3)),
    "ReLU": (lambda k: k.layers.ReLU(), _f(2, 3)),
    "LeakyReLU": (lambda k: k.layers.LeakyReLU(), _f(2, 3)),
    "ELU": (lambda k: k.layers.ELU(), _f(2, 3)),
    "PReLU": (lambda k: k.layers.PReLU(), _f(2, 3)),
    "Softmax": (lambda k: k.layers.Softmax(), _f(2, 3)),
    "Dropout": (lambda k: k.layers.Dropout(0.5), _f(2, 3)),
    "SimpleRNN": (lambda k: k.layers.SimpleRNN(3), _f(2, 4, 2)),
    "LSTM": (lambda k: k.layers.LSTM(3, return_sequences=True), _f(2, 4, 2)),
    "GRU": (lambda k: k.layers.GRU(3), _f(2, 4, 2)),
    "Bidirectional": (lambda k: k.layers.Bidirectional(k.layers.LSTM(2)), _f(2, 4, 2)),
    "TimeDistributed": (lambda k: k.layers.TimeDistributed(k.layers.Dense(2)), _f(2, 3, 4)),
    "MultiHeadAttention": (
        _self_attention(lambda k: k.layers.MultiHeadAttention(2, 3)),
        _f(2, 3, 4),
    ),
    "Attention": (_pair(lambda k: k.layers.Attention()), _f(2, 3, 4)),
    "Rescaling": (lambda k: k.layers.Rescaling(0.5, 1.0), _f(2, 3)),
    "Normalization": (lambda k: k.layers.Normalization(mean=1.0, variance=4.0), _f(2, 3)),
    "Masking": (lambda k: k.layers.Masking(), _f(2, 3, 2)),
    "Add": (_pair(lambda k: k.layers.Add()), _f(2, 3)),
    "Subtract": (_pair(lambda k: k.layers.Subtract()), _f(2, 3)),
    "Multiply": (_pair(lambda k: k.layers.Multiply()), _f(2, 3)),
    "Average": (_pair(lambda k: k.layers.Average()), _f(2, 3)),
    "Maximum": (_pair(lambda k: k.layers.Maximum()), _f(2, 3)),
    "Concatenate": (_pair(lambda k: k.layers.Concatenate()), _f(2, 3)),
    "Dot": (_pair(lambda k: k.layers.Dot(axes=1)), _f(2, 3)),
}


def _layer(made: Any) -> Any:
    """The layer itself, or the one a case's closure calls."""
    if hasattr(made, "set_weights"):
        return made
    return made.__closure__[0].cell_contents


def check(name: str, real_keras: Any, keras: Any) -> tuple[str, str]:
    """(status, detail) of one case on the current backend."""
    make, x = CASES[name]
    try:
        real, mine = make(real_keras), make(keras)
        expected = numpy.asarray(real(x))
        mine(x)  # build, then take real Keras' weights
        _layer(mine).set_weights(_layer(real).get_weights())
        actual = numpy.asarray(mine(x))
    except Exception as error:  # a case that raises is a failure, with its error
        return "fail", f"{type(error).__name__}: {str(error)[:200]}"
    if expected.shape != actual.shape:
        return "fail", f"shape {actual.shape} != {expected.shape}"
    if not numpy.allclose(actual, expected, rtol=1e-4, atol=1e-5):
        return "fail", f"max abs difference {numpy.max(numpy.abs(actual - expected)):.3g}"
    return "pass", ""


def run(names: list[str], backends: list[str]) -> list[dict[str, str]]:
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as real_tf

    import core
    from frontends import tensorflow as tf

    records = []
    for backend in backends:
        with core.use_backend(backend):
            for name in names:
                status, detail = check(name, real_tf.keras, tf.keras)
                records.append({"name": f"tf.keras.layers.{name}", "backend": backend,
                                "status": status, "detail": detail})  # fmt: skip
    return records


def write(records: list[dict[str, str]]) -> None:
    suite = {
        "suite": "keras_layers",
        "framework": "tensorflow",
        "command": COMMAND,
        "generated": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "records": records,
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "keras_layers.json").write_text(json.dumps(suite, indent=1) + "\n")
    lines = ["# tf.keras layers against real TF Keras", "", f"`{COMMAND}`", "",
             "| layer | " + " | ".join(BACKENDS) + " |", "|---" * (len(BACKENDS) + 1) + "|"]  # fmt: skip
    table: dict[str, dict[str, str]] = {}
    for record in records:
        table.setdefault(record["name"], {})[record["backend"]] = record["status"]
    for name, row in table.items():
        lines.append(f"| {name} | " + " | ".join(row.get(b, "") for b in BACKENDS) + " |")
    passed = sum(r["status"] == "pass" for r in records)
    lines += ["", f"{passed} of {len(records)} cases pass.", ""]
    lines += [f"- {r['name']} on {r['backend']}: {r['detail']}" for r in records if r["detail"]]
    (RESULTS / "keras_layers.md").write_text("\n".join(lines).rstrip() + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", nargs="+", default=list(BACKENDS), choices=BACKENDS)
    parser.add_argument("--layers", nargs="+", default=list(CASES), choices=list(CASES))
    args = parser.parse_args(argv)
    records = run(args.layers, args.backends)
    write(records)
    passed = sum(r["status"] == "pass" for r in records)
    print(f"{passed}/{len(records)} pass")
    return 0


if __name__ == "__main__":
    sys.exit(main())
