"""A fixed sample of ``python -m tests.conformance.keras_layers``: tf.keras layers with
real TF Keras' weights give real TF Keras' outputs, on four backends."""

from __future__ import annotations

from tests.conformance import keras_layers

SAMPLE = ["Conv2D", "BatchNormalization", "GRU", "MultiHeadAttention", "Embedding", "Add"]


def test_layer_sample(backend: str) -> None:
    records = keras_layers.run(SAMPLE, [backend])
    failed = [r for r in records if r["status"] != "pass"]
    assert not failed, failed
    assert len(records) == len(SAMPLE)


def test_a_wrong_output_fails(monkeypatch) -> None:
    """The comparison itself: without real Keras' weights (each side keeps its own random
    kernel) a Dense case fails."""
    import tensorflow as real_tf

    from frontends import tensorflow as tf

    class NoCopy:
        def __init__(self, layer):
            self.layer = layer

        def set_weights(self, weights):
            """Keeps the frontend's own weights."""

        def get_weights(self):
            return self.layer.get_weights()

    monkeypatch.setattr(keras_layers, "_layer", NoCopy)
    assert keras_layers.check("Dense", real_tf.keras, tf.keras)[0] == "fail"
