"""tf.keras optimizers, losses and initializers against real TF 2.21 (Keras 3) on four
backends. Optimizer trajectories and losses agree to a few float32 ulps (core's gradient
and reduction order differ from TF's kernels); seeded initializers bit for bit, except
the Box-Muller-based ones (normal, truncated normal, Orthogonal: 2 ulps, see
test_random.py)."""

from __future__ import annotations

import numpy

from tests.frontends.tensorflow.oracle import compare

W = numpy.array([[1.0, -2.0], [0.5, 3.0]], numpy.float32)
B = numpy.array([0.1, -0.2], numpy.float32)
OPTIMIZERS = {
    "sgd": lambda tf: tf.keras.optimizers.SGD(0.002),
    "momentum": lambda tf: tf.keras.optimizers.SGD(0.002, momentum=0.9),
    "nesterov": lambda tf: tf.keras.optimizers.SGD(0.002, momentum=0.9, nesterov=True),
    "adam": lambda tf: tf.keras.optimizers.Adam(0.01),
    "amsgrad_clipnorm": lambda tf: tf.keras.optimizers.Adam(0.01, amsgrad=True, clipnorm=0.5),
    "adamw": lambda tf: tf.keras.optimizers.AdamW(0.01),
    "rmsprop": lambda tf: tf.keras.optimizers.RMSprop(0.01, momentum=0.5, centered=True),
    "rmsprop_clipvalue": lambda tf: tf.keras.optimizers.RMSprop(0.01, clipvalue=0.3),
    "adagrad": lambda tf: tf.keras.optimizers.Adagrad(0.1, global_clipnorm=1.0),
    "schedule": lambda tf: tf.optimizers.Adam(
        tf.keras.optimizers.schedules.ExponentialDecay(0.1, 2, 0.5, staircase=True)
    ),
    "piecewise": lambda tf: tf.keras.optimizers.SGD(
        tf.keras.optimizers.schedules.PiecewiseConstantDecay([1, 2], [0.002, 0.001, 0.0005])
    ),
    "polynomial": lambda tf: tf.keras.optimizers.SGD(
        tf.keras.optimizers.schedules.PolynomialDecay(0.002, 3, 0.0001, power=2.0)
    ),
}


def _train(tf, make):
    w, b = tf.Variable(W), tf.Variable(B)
    optimizer = make(tf)
    for _ in range(3):
        with tf.GradientTape() as tape:
            y = tf.matmul(w, w) + b
            loss = tf.reduce_sum(y * y)
        grads = tape.gradient(loss, [w, b])
        optimizer.apply_gradients(zip(grads, [w, b]))
    steps = tf.convert_to_tensor(optimizer.iterations)
    return w.read_value(), b.read_value(), steps, tf.convert_to_tensor(optimizer.learning_rate)


def test_optimizers(backend: str) -> None:
    for name, make in OPTIMIZERS.items():
        try:
            compare(lambda tf, make=make: _train(tf, make), ulps=8)
        except AssertionError as error:
            raise AssertionError(f"{name}: {error}") from None


YT = numpy.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]], numpy.float32)
YP = numpy.array([[0.2, 0.7, 0.1], [0.5, 0.3, 0.2]], numpy.float32)
LOGITS = numpy.array([[1.0, -2.0, 0.5], [0.1, 0.2, 3.0]], numpy.float32)
SW = numpy.array([0.3, 2.0], numpy.float32)
LOSSES = [
    ("MeanSquaredError", YT, YP, {}), ("MeanAbsoluteError", YT, YP, {}),
    ("BinaryCrossentropy", YT, YP, {}), ("BinaryCrossentropy", YT, LOGITS, {"from_logits": True}),
    ("CategoricalCrossentropy", YT, YP, {}),
    ("CategoricalCrossentropy", YT, LOGITS, {"from_logits": True, "label_smoothing": 0.1}),
    ("SparseCategoricalCrossentropy", numpy.array([1, 0]), YP, {}),
    ("SparseCategoricalCrossentropy", numpy.array([1, 2]), LOGITS, {"from_logits": True}),
    ("Huber", YT, LOGITS, {}), ("LogCosh", YT, LOGITS, {}), ("Hinge", YT, LOGITS, {}),
    ("SquaredHinge", YT, LOGITS, {}), ("CategoricalHinge", YT, YP, {}),
    ("KLDivergence", YT, YP, {}), ("Poisson", YT, YP, {}), ("CosineSimilarity", YT, YP, {}),
    ("MeanSquaredLogarithmicError", YT, YP, {}), ("MeanAbsolutePercentageError", YT, YP, {}),
]  # fmt: skip


def _losses(tf):
    out = []
    for name, y_true, y_pred, options in LOSSES:
        cls = getattr(tf.keras.losses, name)
        out.append(cls(**options)(y_true, y_pred))
        out.append(cls(reduction="none", **options)(y_true, y_pred))
        out.append(cls(reduction="sum", **options)(y_true, y_pred, sample_weight=SW))
    out += [tf.keras.losses.mse(YT, YP), tf.losses.sparse_categorical_crossentropy(
        numpy.array([2, 0]), LOGITS, from_logits=True)]  # fmt: skip
    return out


def test_losses(backend: str) -> None:
    compare(_losses, ulps=4)


def _initializers(tf, exact):
    inits = tf.keras.initializers
    if exact:
        made = [inits.RandomUniform(seed=4), inits.GlorotUniform(seed=6), inits.HeUniform(seed=9),
                inits.LecunUniform(seed=2), inits.Zeros(), inits.Ones(), inits.Constant(3.0),
                inits.Identity(2.0), tf.initializers.VarianceScaling(2.0, "fan_out", "uniform", 3)]  # fmt: skip
    else:
        made = [inits.RandomNormal(seed=3), inits.TruncatedNormal(1.0, 0.5, seed=5),
                inits.GlorotNormal(seed=7), inits.HeNormal(seed=8), inits.LecunNormal(seed=1),
                inits.Orthogonal(seed=2), inits.Orthogonal(seed=2)]  # fmt: skip
    out = [init((4, 3)) for init in made] + [made[1]((2, 3, 2, 2))]
    return out + [made[0]((4, 3))]  # an integer seed gives the same values every call


def test_initializers(backend: str) -> None:
    compare(lambda tf: _initializers(tf, True))
    compare(lambda tf: _initializers(tf, False), ulps=2)


def test_errors() -> None:
    compare(lambda tf: tf.keras.optimizers.Adam(1))
    compare(lambda tf: tf.keras.optimizers.SGD(0.1, momentum=2.0))
    compare(lambda tf: tf.keras.optimizers.SGD(0.1, clipnorm=1.0, clipvalue=1.0))
    compare(lambda tf: tf.keras.optimizers.Adam().minimize)
    compare(lambda tf: tf.keras.losses.MeanSquaredError(reduction="average"))
    compare(lambda tf: tf.keras.initializers.Identity()((2, 3, 4)))
