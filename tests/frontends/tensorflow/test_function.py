"""tf.function against real TF: results, Variables assigned inside, and the number of
traces (Python side effects) on the compiling backends (jax, tensorflow); numpy and
torch run the function eagerly, so its Python body runs on every call there."""

from __future__ import annotations

import numpy
import pytest

from tests.frontends.tensorflow.oracle import compare


def _calls(tf):
    traces = []

    @tf.function
    def scale(x, n, bias=1.0):
        traces.append(n)
        return {"y": x * n + bias, "n": n}

    x = tf.constant([1.0, 2.0])
    outs = [scale(x, 2), scale(tf.constant([3.0, 4.0]), 2), scale(x, 3), scale(x, 3, bias=2.0)]
    outs.append(scale(tf.constant([1.0, 2.0, 3.0]), 2))
    return [[o["y"], o["n"]] for o in outs], traces


def _variables(tf):
    counter = tf.Variable(0)
    total = tf.Variable([1.0, 2.0])

    @tf.function
    def accumulate(x):
        counter.assign_add(1)
        total.assign_add(x)
        return total * 2.0, counter.read_value()

    first = accumulate(tf.constant([1.0, 1.0]))
    second = accumulate(tf.constant([0.5, 0.5]))
    total.assign([10.0, 10.0])  # later calls read the current value
    third = accumulate(tf.constant([1.0, 1.0]))
    return first, second, third, total.read_value(), counter.read_value()


def _training(tf):
    w = tf.Variable([[0.5], [-0.3]])
    optimizer = tf.optimizers.Adam(0.1)

    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((tf.matmul(x, w) - y) ** 2)
        grads = tape.gradient(loss, [w])
        optimizer.apply_gradients(zip(grads, [w]))
        return loss

    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    y = tf.constant([[1.0], [2.0]])
    losses = [step(x, y) for _ in range(4)]
    return losses, w.read_value(), tf.convert_to_tensor(optimizer.iterations)


def _creates_variable(tf):
    state = []

    @tf.function
    def make(x):
        if not state:
            state.append(tf.Variable(x * 2.0))
        return state[0] + x

    return make(tf.constant(1.0)), make(tf.constant(2.0))


def _signature(tf):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def double(x):
        return x * 2.0

    return double(tf.constant([1.0, 2.0])), double(tf.constant([1.0, 2.0, 3.0]))


def test_results(backend: str) -> None:
    compare(lambda tf: _calls(tf)[0])
    compare(_variables)
    compare(_creates_variable)
    compare(_training, ulps=8)


def test_traces_as_tf(backend: str) -> None:
    if backend not in ("jax", "tensorflow"):
        from frontends import tensorflow as tf

        assert _calls(tf)[1] == [2, 2, 3, 3, 2]  # eager: the body runs on every call
        return
    compare(lambda tf: _calls(tf)[1])


def _gather_out_of_range(tf):
    @tf.function
    def pick(x, i):
        return tf.gather(x, i)

    x = tf.constant([1.0, 2.0, 3.0])
    pick(x, tf.constant([0, 2]))  # traced with indices in range first
    return pick(x, tf.constant([0, 5]))


def test_gather_index_out_of_range_inside_a_function(backend: str) -> None:
    """TF checks a gather's indices when the graph runs; on the jax backend (XLA clamps)
    a host check raises the same InvalidArgumentError."""
    compare(_gather_out_of_range)


def test_input_signature() -> None:
    from frontends import tensorflow as tf
    from frontends.tensorflow.data import TensorSpec
    from tests.frontends.tensorflow.oracle import real_tf

    def run(module, spec):
        @module.function(input_signature=[spec([None], module.float32)])
        def double(x):
            return x * 2.0

        return double

    compare(lambda m: run(m, m.TensorSpec if m is real_tf else TensorSpec)(m.constant([1.0, 2.0])))
    for bad in (numpy.array([1, 2], numpy.int32), numpy.ones((2, 2), numpy.float32)):
        with pytest.raises(TypeError):
            run(real_tf, real_tf.TensorSpec)(real_tf.constant(bad))
        with pytest.raises(TypeError):
            run(tf, TensorSpec)(tf.constant(bad))


def test_stateful_random_runs_eagerly(backend: str) -> None:
    """A stateful draw inside makes the function eager: each call draws anew (as TF's
    graph kernel advances), never a replay of one compiled draw."""
    from frontends import tensorflow as tf

    @tf.function
    def noisy(x):
        return x + tf.random.uniform([3], seed=1)

    tf.random.set_seed(0)
    a, b = noisy(tf.zeros([3])), noisy(tf.zeros([3]))
    assert not numpy.array_equal(a.numpy(), b.numpy())
