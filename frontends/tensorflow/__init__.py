"""The tensorflow frontend: behaves like `import tensorflow`, on any core backend.

``from frontends import tensorflow as tf``: ``tf.constant``, ``tf.Tensor``,
``tf.Variable``, ``tf.float32`` ..., ``tf.math``, ``tf.random``, ``tf.nest``,
``tf.errors``, ``tf.dtypes``, with TensorFlow 2.21's dtype rules and errors.
"""

from __future__ import annotations

from frontends.tensorflow import dtypes, errors, math, nest, random
from frontends.tensorflow._array_ops import *  # noqa: F403
from frontends.tensorflow._dtypes import (
    DType,
    as_dtype,
    bfloat16,
    bool,
    complex64,
    complex128,
    double,
    float16,
    float32,
    float64,
    half,
    int8,
    int16,
    int32,
    int64,
    string,
    uint8,
    uint16,
    uint32,
    uint64,
)  # fmt: skip
from frontends.tensorflow._ops import *  # noqa: F403
from frontends.tensorflow._shape import TensorShape
from frontends.tensorflow._tensor import Tensor
from frontends.tensorflow._variable import Variable
from frontends.tensorflow.math import (
    abs,
    acos,
    acosh,
    add,
    add_n,
    argmax,
    argmin,
    asin,
    asinh,
    atan,
    atan2,
    atanh,
    cos,
    cosh,
    divide,
    equal,
    exp,
    floor,
    greater,
    greater_equal,
    less,
    less_equal,
    logical_and,
    logical_not,
    logical_or,
    matmul,
    maximum,
    minimum,
    multiply,
    negative,
    not_equal,
    pow,
    reduce_all,
    reduce_any,
    reduce_logsumexp,
    reduce_max,
    reduce_mean,
    reduce_min,
    reduce_prod,
    reduce_sum,
    round,
    scalar_mul,
    sigmoid,
    sign,
    sin,
    sinh,
    sqrt,
    square,
    subtract,
    tan,
    tanh,
    truediv,
)  # fmt: skip

__version__ = "2.21.0"

# Names defined in modules that load on first use: (module, attribute or None for the module).
_LAZY = {
    "nn": ("frontends.tensorflow.nn", None),
    "linalg": ("frontends.tensorflow.linalg", None),
    "signal": ("frontends.tensorflow.signal", None),
    "debugging": ("frontends.tensorflow.debugging", None),
    "data": ("frontends.tensorflow.data", None),
    "keras": ("frontends.tensorflow.keras", None),
    "optimizers": ("frontends.tensorflow.keras", "optimizers"),
    "initializers": ("frontends.tensorflow.keras", "initializers"),
    "losses": ("frontends.tensorflow.keras", "losses"),
    "eig": ("frontends.tensorflow.linalg", "eig"),
    "eigvals": ("frontends.tensorflow.linalg", "eigvals"),
    "matrix_square_root": ("frontends.tensorflow.linalg", "sqrtm"),
    "fftnd": ("frontends.tensorflow.signal", "fftnd"),
    "ifftnd": ("frontends.tensorflow.signal", "ifftnd"),
    "rfftnd": ("frontends.tensorflow.signal", "rfftnd"),
    "irfftnd": ("frontends.tensorflow.signal", "irfftnd"),
    "space_to_batch": ("frontends.tensorflow.nn", "space_to_batch"),
    "space_to_batch_nd": ("frontends.tensorflow.nn", "space_to_batch_nd"),
    "batch_to_space": ("frontends.tensorflow.nn", "batch_to_space"),
    "Assert": ("frontends.tensorflow.debugging", "Assert"),
    "assert_equal": ("frontends.tensorflow.debugging", "assert_equal"),
    "assert_greater": ("frontends.tensorflow.debugging", "assert_greater"),
    "assert_less": ("frontends.tensorflow.debugging", "assert_less"),
    "assert_rank": ("frontends.tensorflow.debugging", "assert_rank"),
    "GradientTape": ("frontends.tensorflow._tape", "GradientTape"),
    "custom_gradient": ("frontends.tensorflow._tape", "custom_gradient"),
    "function": ("frontends.tensorflow._function", "function"),
    "Module": ("frontends.tensorflow._module", "Module"),
    "name_scope": ("frontends.tensorflow._module", "name_scope"),
    "UnconnectedGradients": ("frontends.tensorflow._tape", "UnconnectedGradients"),
    "TensorSpec": ("frontends.tensorflow.data._dataset", "TensorSpec"),
    "TypeSpec": ("frontends.tensorflow.data._dataset", "TypeSpec"),
    "strings": ("frontends.tensorflow.strings", None),
    "train": ("frontends.tensorflow.train", None),
    "io": ("frontends.tensorflow.io", None),
    "as_string": ("frontends.tensorflow.strings", "as_string"),
    "ragged": ("frontends.tensorflow.ragged", None),
    "RaggedTensor": ("frontends.tensorflow.ragged", "RaggedTensor"),
    "__internal__": ("frontends.tensorflow._internal", None),
    "compat": ("frontends.tensorflow.compat", None),
    "experimental": ("frontends.tensorflow.experimental", None),
    "distribute": ("frontends.tensorflow.distribute", None),
    "autograph": ("frontends.tensorflow.autograph", None),
    "config": ("frontends.tensorflow.config", None),
    "compiler": ("frontends.tensorflow.compiler", None),
    "python": ("frontends.tensorflow.python", None),
    "sparse": ("frontends.tensorflow.sparse", None),
    "bitwise": ("frontends.tensorflow.bitwise", None),
    "IndexedSlices": ("frontends.tensorflow._indexed_slices", "IndexedSlices"),
    "SparseTensor": ("frontends.tensorflow.sparse", "SparseTensor"),
    "VariableAggregation": ("frontends.tensorflow._variable", "VariableAggregation"),
    "VariableSynchronization": ("frontends.tensorflow._variable", "VariableSynchronization"),
    **{
        name: ("frontends.tensorflow._control_flow", name)
        for name in (
            "TensorArray",
            "case",
            "cond",
            "control_dependencies",
            "device",
            "init_scope",
            "map_fn",
            "scan",
            "switch_case",
            "vectorized_map",
            "while_loop",
        )
    },
}


def __getattr__(name: str) -> object:
    import importlib

    if name not in _LAZY:
        raise AttributeError(f"module 'tensorflow' has no attribute {name!r}")
    module_name, attribute = _LAZY[name]
    module = importlib.import_module(module_name)
    value = module if attribute is None else getattr(module, attribute)
    globals()[name] = value
    return value
