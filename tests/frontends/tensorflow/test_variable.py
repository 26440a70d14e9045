"""tf.Variable's writing API against real TF on four backends."""

from __future__ import annotations

import numpy

from tests.frontends.tensorflow.oracle import compare

BASE = numpy.arange(12, dtype=numpy.float32).reshape(4, 3)


def _assigns(tf):
    v = tf.Variable(BASE, name="weights")
    out = [v.assign(BASE * 2).read_value(), v.assign_add(tf.ones([4, 3])).read_value()]
    out.append(v.assign_sub(BASE).read_value())
    out.append(v.assign(numpy.zeros((4, 3), numpy.float32), read_value=False) is None)
    out += [v.value(), v.name, v.trainable, v.shape.as_list(), v.dtype.name]
    return out


def _scatter(tf):
    v = tf.Variable(BASE)
    out = [v.scatter_nd_update([[0], [2]], [[1.0, 1.0, 1.0], [5.0, 5.0, 5.0]]).read_value()]
    out.append(v.scatter_nd_add([[1, 1], [3, 2], [1, 1]], [10.0, 20.0, 30.0]).read_value())
    out.append(v.scatter_nd_sub([[3, 0]], [7.0]).read_value())
    out.append(v.sparse_read([3, 0]))
    out.append(v.gather_nd([[1, 2], [0, 0]]))
    return out


def _not_aliased(tf):
    host = BASE.copy()
    v = tf.Variable(host)
    host[0, 0] = 100.0
    w = tf.Variable(v)
    v.assign_add(tf.ones([4, 3]))
    return v.read_value(), w.read_value(), tf.Variable(3, trainable=False).trainable


def _int_variable(tf):
    v = tf.Variable([1, 2, 3])
    v.assign_add([1, 1, 1])
    return v.read_value(), v * 2, v.dtype.name


def test_variable_writes(backend: str) -> None:
    for case in (_assigns, _scatter, _not_aliased, _int_variable):
        compare(case)


def test_errors(backend: str) -> None:
    compare(lambda tf: tf.Variable(BASE).assign(numpy.zeros((2, 2), numpy.float32)))
    compare(lambda tf: tf.Variable(BASE).assign(tf.constant([[1, 2, 3]] * 4)))
    compare(lambda tf: tf.Variable(BASE).scatter_nd_update([[5]], [[1.0, 1.0, 1.0]]))
    compare(lambda tf: tf.Variable([1, 2]).assign_add([0.5, 1.0]))
    compare(lambda tf: tf.Variable(None))
