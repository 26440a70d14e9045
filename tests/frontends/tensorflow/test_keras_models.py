"""tf.keras models against real TF 2.21 Keras on four backends: the same architecture built
in both, the frontend's weights set from real Keras' (``set_weights``), then predictions,
``fit`` losses and metrics, ``evaluate`` and the trained weights compared. The frontend's
tf.keras is real Keras on this frontend (see docs/keras.md); the two Keras copies live in
this one process."""

from __future__ import annotations

import numpy

from frontends import tensorflow as tf
from tests.frontends.tensorflow.oracle import real_tf

RNG = numpy.random.default_rng(0)
TOL = {"rtol": 1e-4, "atol": 1e-5}


def _close(expected: object, actual: object, what: str) -> None:
    e, a = numpy.asarray(expected), numpy.asarray(actual)
    assert e.shape == a.shape, f"{what}: shape {a.shape} != {e.shape}"
    numpy.testing.assert_allclose(a, e, err_msg=what, **TOL)


def _run_both(build, x, y, loss, optimizer, metrics, epochs=2, batch_size=8):
    """Build, copy weights real -> frontend, train both; return both (model, history)."""
    results = []
    weights = None
    for keras in (real_tf.keras, tf.keras):
        keras.utils.set_random_seed(1)
        model = build(keras)
        if weights is None:
            weights = model.get_weights()
        else:
            model.set_weights(weights)
        before = model.predict(x, verbose=0)
        model.compile(optimizer=optimizer(keras), loss=loss, metrics=metrics)
        history = model.fit(x, y, batch_size=batch_size, epochs=epochs, shuffle=False, verbose=0)
        results.append((model, before, history.history, model.evaluate(x, y, verbose=0)))
    (real, real_before, real_history, real_eval), (mine, before, history, evaluation) = results
    _close(real_before, before, "predict before fit")
    assert history.keys() == real_history.keys()
    for key in real_history:
        _close(real_history[key], history[key], f"history[{key!r}]")
    _close(real_eval, evaluation, "evaluate")
    for w_real, w_mine, v in zip(real.get_weights(), mine.get_weights(), real.weights):
        _close(w_real, w_mine, f"trained {v.path}")
    _close(real.predict(x, verbose=0), mine.predict(x, verbose=0), "predict after fit")
    return real, mine


def test_sequential_cnn(backend: str) -> None:
    x = RNG.normal(size=(24, 8, 8, 1)).astype("float32")
    y = RNG.integers(0, 3, size=24)

    def build(keras):
        return keras.Sequential([
            keras.Input((8, 8, 1)),
            keras.layers.Conv2D(4, 3, activation="relu"),
            keras.layers.MaxPooling2D(),
            keras.layers.BatchNormalization(),
            keras.layers.Flatten(),
            keras.layers.Dropout(0.25, seed=3),
            keras.layers.Dense(3, activation="softmax"),
        ])  # fmt: skip

    _run_both(build, x, y, "sparse_categorical_crossentropy",
              lambda keras: keras.optimizers.Adam(0.01), ["accuracy"])  # fmt: skip


def test_functional_embedding_lstm(backend: str) -> None:
    x = RNG.integers(0, 20, size=(16, 5))
    y = RNG.normal(size=(16, 2)).astype("float32")

    def build(keras):
        inputs = keras.Input((5,), dtype="int32")
        h = keras.layers.Embedding(20, 6)(inputs)
        h = keras.layers.LSTM(4)(h)
        h = keras.layers.Dense(8, activation="tanh")(h)
        return keras.Model(inputs, keras.layers.Dense(2)(h))

    _run_both(build, x, y, "mse", lambda keras: keras.optimizers.SGD(0.1, momentum=0.9), ["mae"])
