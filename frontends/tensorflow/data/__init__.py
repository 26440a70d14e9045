"""tf.data: ``Dataset`` pipelines run as Python iterators over native arrays.

Elements are nested structures (tuples, lists, dicts) of native arrays inside the
pipeline and frontend Tensors where they reach user code (``map``/``filter`` functions,
iteration). Differences from TF: ``map``/``filter`` functions run eagerly once per
element (TF traces them once into a graph, so Python side effects run once there);
``prefetch`` and ``num_parallel_calls`` are accepted and run sequentially (the order is
TF's deterministic order). ``shuffle`` reproduces TF's ShuffleDataset (its buffer and
Philox stream) for a given seed.
"""

from __future__ import annotations

from frontends.tensorflow.data._dataset import (
    AUTOTUNE,
    INFINITE_CARDINALITY,
    UNKNOWN_CARDINALITY,
    Dataset,
    Iterator,
    Options,
    TensorSpec,
    experimental,
)
from frontends.tensorflow.data._readers import TextLineDataset, TFRecordDataset

__all__ = [
    "AUTOTUNE", "Dataset", "INFINITE_CARDINALITY", "Iterator", "Options", "TensorSpec",
    "TextLineDataset", "TFRecordDataset", "UNKNOWN_CARDINALITY", "experimental",
]  # fmt: skip
