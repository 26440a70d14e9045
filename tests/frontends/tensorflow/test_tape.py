"""tf.GradientTape and tf.custom_gradient against real TF on four backends (values to a
few float32 ulps: gradients go through core's rules, whose summation order can differ
from TF's kernels)."""

from __future__ import annotations

import numpy
import pytest

from tests.frontends.tensorflow.oracle import compare

X = numpy.array([[1.0, -2.0, 0.5], [3.0, 0.25, -1.0]], numpy.float32)
W = numpy.array([[0.5, -1.0], [2.0, 0.1], [-0.3, 0.7]], numpy.float32)


def _watch(tf):
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.exp(x) * x)
    return tape.gradient(y, x)


def _nested(tf):
    x, w = tf.constant(X), tf.Variable(W)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.matmul(x, w)
        z = tf.reduce_sum(y * y)
    grads = tape.gradient(z, {"x": x, "pair": (w, [x])})
    return sorted(grads), grads["x"], grads["pair"]


def _variables(tf):
    w = tf.Variable(W)
    frozen = tf.Variable(W, trainable=False)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(w * frozen)
    grads = tape.gradient(y, [w, frozen])
    return grads[0], grads[1] is None, [v.name for v in tape.watched_variables()]


def _unwatched_accessed(tf):
    w = tf.Variable(W)
    x = tf.constant(2.0)
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        tape.watch(x)
        y = tf.reduce_sum(w) * x * x
    return tape.gradient(y, [w, x])


def _persistent(tf):
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        z = y * x
    return tape.gradient(y, x), tape.gradient(z, x), tape.gradient(z, y)


def _non_persistent_twice(tf):
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    tape.gradient(y, x)
    return tape.gradient(y, x)


def _unconnected(tf):
    x, u = tf.constant([1.0, 2.0]), tf.constant([[3.0]])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, u])
        y = tf.reduce_sum(x * 2.0)
    return tape.gradient(y, [x, u]), tape.gradient(y, u, unconnected_gradients="zero")


def _stop_recording(tf):
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
        with tape.stop_recording():
            z = y * 3.0
        out = y + z
    return tape.gradient(out, x)


def _output_gradients_and_targets(tf):
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        a, b = x * x, tf.sin(x)
    return tape.gradient([a, b], x, output_gradients=[tf.constant([1.0, 0.5, 2.0]), None])


def _assign_inside(tf):
    v = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        first = v * v
        v.assign([3.0, 5.0])
        second = v * 10.0
        total = tf.reduce_sum(first + second)
    return tape.gradient(total, v), v.read_value()


def _higher_order(tf):
    x = tf.constant([0.5, 1.5])
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = x * x * x
        dy = inner.gradient(y, x)
    return dy, outer.gradient(dy, x)


def _jacobian(tf):
    x = tf.constant([1.0, 2.0, 3.0])
    w = tf.Variable(W[:2, :])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.stack([x[0] * x[1], tf.reduce_sum(x * x), x[2] * 3.0])
        z = tf.matmul(w, tf.reshape(x[:2] ** 2, [2, 1]))
    return tape.jacobian(y, x), tape.jacobian(z, [w, x])


def _batch_jacobian(tf):
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.concat([x * x, tf.reduce_sum(x, axis=1, keepdims=True)], axis=1)
    return tape.batch_jacobian(y, x)


def _integer_and_reset(tf):
    x = tf.constant([1, 2])
    f = tf.constant([1.0, 2.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        tape.watch(f)
        _ = f * 2.0
        tape.reset()
        z = f * 3.0
    return tape.gradient(tf.cast(x, tf.float32), x), tape.gradient(z, f)


def _custom_gradient(tf):
    @tf.custom_gradient
    def clipped_square(x):
        def grad(upstream):
            return tf.clip_by_value(upstream * 2.0 * x, -1.0, 1.0)

        return x * x, grad

    @tf.custom_gradient
    def two_inputs(a, b):
        def grad(upstream):
            return upstream * b, upstream * 100.0

        return a * b, grad

    x = tf.constant([0.2, -3.0, 4.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.reduce_sum(clipped_square(x) * 3.0)
        z = tf.reduce_sum(two_inputs(x, x + 1.0))
    return clipped_square(x), tape.gradient(y, x), tape.gradient(z, x)


def _watch_error(tf):
    with tf.GradientTape() as tape:
        tape.watch("x")


CASES = {name[1:]: fn for name, fn in list(globals().items()) if name.startswith("_") and
         callable(fn) and fn.__module__ == __name__ and name not in ("_watch_error",)}  # fmt: skip


def test_tape_cases(backend: str) -> None:
    for name, case in CASES.items():
        try:
            compare(case, ulps=4)
        except AssertionError as error:
            raise AssertionError(f"{name}: {error}") from None


def test_errors(backend: str) -> None:
    compare(_watch_error)
    compare(_non_persistent_twice)
    with pytest.raises(ValueError):
        from frontends import tensorflow as tf

        with tf.GradientTape() as tape, tape:
            pass


def test_nothing_recorded_after_the_tape(backend: str) -> None:
    """Leaves are untracked when the outermost tape exits: the optimizer's update after it
    builds no graph (no growth across steps)."""
    from core import autodiff
    from frontends import tensorflow as tf

    v = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(v * v)
    tape.gradient(y, v)
    assert not autodiff.is_tracked(v.native)
    v.assign_sub(v * 0.1)
    assert not autodiff.is_tracked((v * 2.0).native)
