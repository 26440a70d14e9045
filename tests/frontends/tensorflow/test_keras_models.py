"""tf.keras models against real TF 2.21 Keras on four backends: the same architecture built
in both, the frontend's weights set from real Keras' (``set_weights``), then predictions,
``fit`` losses and metrics, ``evaluate`` and the trained weights compared. The frontend's
tf.keras is real Keras on this frontend (see docs/keras.md); the two Keras copies live in
this one process."""

from __future__ import annotations

import pathlib

import numpy
import pytest

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
    x = RNG.normal(size=(16, 6, 6, 1)).astype("float32")
    y = RNG.integers(0, 3, size=16)

    def build(keras):
        return keras.Sequential([
            keras.Input((6, 6, 1)),
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
    x = RNG.integers(0, 20, size=(8, 4))
    y = RNG.normal(size=(8, 2)).astype("float32")

    def build(keras):
        inputs = keras.Input((4,), dtype="int32")
        h = keras.layers.Embedding(20, 6)(inputs)
        h = keras.layers.LSTM(4)(h)
        h = keras.layers.Dense(8, activation="tanh")(h)
        return keras.Model(inputs, keras.layers.Dense(2)(h))

    _run_both(build, x, y, "mse", lambda keras: keras.optimizers.SGD(0.1, momentum=0.9), ["mae"])


def _small(keras):
    return keras.Sequential([
        keras.Input((4,)),
        keras.layers.Dense(3, activation="relu"),
        keras.layers.BatchNormalization(),
        keras.layers.Dense(2),
    ])  # fmt: skip


def test_files_both_ways(backend: str, tmp_path: pathlib.Path) -> None:
    """``.weights.h5`` and ``.keras`` files written by real Keras load here and the reverse,
    with the same predictions."""
    x = RNG.normal(size=(3, 4)).astype("float32")
    real, mine = _small(real_tf.keras), _small(tf.keras)
    real.save_weights(tmp_path / "real.weights.h5")
    mine.load_weights(tmp_path / "real.weights.h5")
    _close(real.predict(x, verbose=0), mine.predict(x, verbose=0), "weights real -> frontend")
    other = _small(tf.keras)
    other.save_weights(tmp_path / "mine.weights.h5")
    real.load_weights(tmp_path / "mine.weights.h5")
    _close(real.predict(x, verbose=0), other.predict(x, verbose=0), "weights frontend -> real")

    real.compile(optimizer="sgd", loss="mse")
    real.save(tmp_path / "real.keras")
    loaded = tf.keras.models.load_model(tmp_path / "real.keras")
    assert type(loaded).__name__ == "Sequential" and loaded.loss == "mse"
    _close(real.predict(x, verbose=0), loaded.predict(x, verbose=0), ".keras real -> frontend")
    loaded.save(tmp_path / "mine.keras")
    back = real_tf.keras.models.load_model(tmp_path / "mine.keras")
    _close(back.predict(x, verbose=0), loaded.predict(x, verbose=0), ".keras frontend -> real")


def test_lambda_needs_unsafe_mode(tmp_path: pathlib.Path) -> None:
    """Loading never runs code unless asked: a Lambda layer is Keras' ValueError in safe
    mode, as in real Keras, and loads with ``safe_mode=False``."""
    path = tmp_path / "lambda.keras"
    keras = tf.keras
    keras.Sequential([keras.Input((2,)), keras.layers.Lambda(lambda t: t * 2.0)]).save(path)
    with pytest.raises(ValueError, match="Lambda"):
        keras.models.load_model(path)
    with pytest.raises(ValueError, match="Lambda"):
        real_tf.keras.models.load_model(path)
    model = keras.models.load_model(path, safe_mode=False)
    _close([[2.0, -4.0]], model.predict(numpy.array([[1.0, -2.0]], "float32"), verbose=0), "lambda")


def test_import_keras_is_tf_keras() -> None:
    """``transpile`` maps Keras 3's own ``import keras`` to ``frontends.keras``: the same
    Keras as ``tf.keras``."""
    from transpile import transpile_source

    out = transpile_source("import keras\nfrom keras.layers import Dense\n", to="jax")
    assert "from frontends import keras\n" in out
    assert "from frontends.keras.layers import Dense\n" in out
    from frontends.keras.layers import Dense

    import frontends.keras

    assert Dense is tf.keras.layers.Dense and frontends.keras.Model is tf.keras.Model
    assert frontends.keras.backend.backend() == "tensorflow"


def test_fit_on_tf_data() -> None:
    """``fit``/``evaluate``/``predict`` on a ``tf.data.Dataset`` give real Keras' numbers."""
    x = RNG.normal(size=(12, 4)).astype("float32")
    y = RNG.normal(size=(12, 1)).astype("float32")
    results = []
    for module in (real_tf, tf):
        keras = module.keras
        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
        if results:
            model.set_weights(results[0][0])
        weights = model.get_weights()
        model.compile(optimizer="sgd", loss="mse")
        dataset = module.data.Dataset.from_tensor_slices((x, y)).batch(4)
        history = model.fit(dataset, epochs=2, verbose=0).history["loss"]
        results.append((weights, history, model.evaluate(dataset, verbose=0),
                        model.predict(dataset, verbose=0)))  # fmt: skip
    for what, e, a in zip(("loss", "evaluate", "predict"), results[0][1:], results[1][1:]):
        _close(e, a, what)
