"""tf.data.Dataset against real TF on four backends: elements (dtype, shape, values, in
order, including shuffle's order for a seed), element_spec and cardinality."""

from __future__ import annotations

import numpy

from tests.frontends.tensorflow.oracle import compare

X = numpy.arange(14, dtype=numpy.float32).reshape(7, 2)
Y = numpy.arange(7, dtype=numpy.int64)


def _plain(value):
    """Dicts as sorted (key, value) lists and numpy values as (dtype, shape, values), for
    the oracle's comparison of tensors and nested lists."""
    if isinstance(value, dict):
        return [(key, _plain(value[key])) for key in sorted(value)]
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, (numpy.ndarray, numpy.generic)):
        return (str(value.dtype), numpy.shape(value), numpy.asarray(value).tolist())
    return value


def _elements(dataset):
    return [_plain(element) for element in dataset]


def _pipelines(tf):
    D = tf.data.Dataset
    out = [_elements(D.from_tensor_slices((X, Y)).batch(3))]
    out.append(_elements(D.from_tensor_slices({"x": X, "y": Y}).batch(3, drop_remainder=True)))
    out.append(_elements(D.from_tensors(X).repeat(2)))
    out.append(_elements(D.range(10).filter(lambda v: v % 3 == 0).map(lambda v: v * 2)))
    out.append(_elements(D.range(3, 20, 4).repeat(2).skip(3).take(4).enumerate(5)))
    out.append(_elements(D.zip((D.range(3), D.from_tensor_slices(X))).batch(2)))
    out.append(_elements(D.range(5).map(lambda v: tf.fill([v], v)).padded_batch(2)))
    out.append(_elements(D.range(4).map(lambda v: tf.fill([v], v)).padded_batch(
        2, padded_shapes=[5], padding_values=tf.constant(-1, tf.int64))))  # fmt: skip
    out.append(_elements(D.range(6).batch(4).unbatch()))
    out.append(_elements(D.range(3).concatenate(D.range(2)).shard(2, 1)))
    out.append(_elements(D.range(5).cache().prefetch(tf.data.AUTOTUNE)))
    out.append(D.range(4).reduce(tf.constant(0, tf.int64), lambda s, v: s + v))
    out.append(_plain(list(D.from_tensor_slices([1, 2, 3]).as_numpy_iterator())))
    out.append(
        _plain(list(D.from_tensor_slices(([1.5, 2.5], [[1, 2], [3, 4]])).as_numpy_iterator()))
    )
    return out


def _shuffles(tf):
    tf.random.set_seed(None)  # op seeds alone (other tests leave a global seed behind)
    D = tf.data.Dataset
    once = D.range(12).shuffle(5, seed=3)
    fixed = D.range(9).shuffle(4, seed=8, reshuffle_each_iteration=False)
    out = [_elements(once), _elements(once), _elements(fixed), _elements(fixed)]
    out.append(_elements(D.range(7).shuffle(100, seed=1)))
    tf.random.set_seed(4)
    out.append(_elements(D.range(9).shuffle(5)))
    out.append(_elements(D.from_tensor_slices((X, Y)).shuffle(7, seed=2).batch(3).repeat(2)))
    return out


def _metadata(tf):
    D = tf.data.Dataset
    cards = [D.range(10).batch(3), D.range(10).batch(3, drop_remainder=True), D.range(4).repeat(),
             D.range(10).filter(lambda v: v > 2), D.range(10).take(3), D.range(10).skip(12),
             D.range(3).repeat(3), D.zip((D.range(3), D.range(5)))]  # fmt: skip
    specs = [D.from_tensor_slices({"a": X}).batch(2, drop_remainder=True).element_spec,
             D.zip((D.range(3), D.from_tensor_slices(X))).element_spec,
             D.range(3).map(lambda v: (v, tf.cast(v, tf.float32))).batch(2).element_spec]  # fmt: skip
    return [d.cardinality() for d in cards] + [repr(s) for s in specs]


def test_pipelines(backend: str) -> None:
    compare(_pipelines)
    compare(_shuffles)


def test_metadata() -> None:
    compare(_metadata)


def test_errors() -> None:
    compare(lambda tf: tf.data.Dataset.from_tensor_slices((X, Y[:3])))
    compare(lambda tf: tf.data.Dataset.from_tensor_slices(1.0))
    compare(lambda tf: _elements(tf.data.Dataset.range(3).map(lambda v: tf.fill([v], v)).batch(2)))
    compare(lambda tf: iter(tf.data.Dataset.range(0)).get_next())
