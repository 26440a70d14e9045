"""tf.Module's tracking and naming against real TF (backend-independent: one run)."""

from __future__ import annotations

import numpy

from tests.frontends.tensorflow.oracle import compare


def _model(tf):
    class Dense(tf.Module):
        def __init__(self, units_in, units_out, name=None):
            super().__init__(name=name)
            with self.name_scope:
                self.w = tf.Variable(numpy.ones((units_in, units_out), numpy.float32), name="w")
                self.b = tf.Variable(numpy.zeros(units_out, numpy.float32), name="b",
                                     trainable=False)  # fmt: skip

        @tf.Module.with_name_scope
        def make(self):
            return tf.Variable(1.0, name="made").name

    class MultiLayer(tf.Module):
        def __init__(self):
            super().__init__()
            self.layers = [Dense(2, 3), Dense(3, 1, name="out")]
            self.extra = {"z": tf.Variable(1.0), "a": tf.Variable(2.0, name="a")}
            self.alias = self.layers[0]

    net = MultiLayer()
    return (
        [v.name for v in net.variables],
        [v.name for v in net.trainable_variables],
        [v.name for v in net.non_trainable_variables],
        [m.name for m in net.submodules],
        net.name,
        net.layers[1].make(),
        tf.Module(name="plain").name,
    )


def test_module_tracking() -> None:
    compare(_model)


def test_invalid_name() -> None:
    compare(lambda tf: tf.Module(name="not valid"))
