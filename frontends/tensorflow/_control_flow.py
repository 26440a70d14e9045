"""Control flow: ``tf.cond``, ``tf.while_loop``, ``tf.map_fn``, ``tf.scan``,
``tf.switch_case``, ``tf.case``, ``tf.TensorArray`` and the graph-building contexts
(``init_scope``, ``control_dependencies``, ``device``).

All run eagerly, as TF2 runs them outside ``tf.function``: the predicate is read on the
host and the chosen branch or the loop body runs in Python (inside ``tf.function`` too,
where core compiles what the Python calls). ``parallel_iterations``, ``swap_memory`` and
``back_prop`` are accepted and have no effect (they tune TF's graph executor).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from core import compilation
from core import native as ops
from frontends.tensorflow import _dtypes, nest
from frontends.tensorflow._common import host, native, wrap
from frontends.tensorflow._ops import convert_to_tensor
from frontends.tensorflow._tensor import Tensor

__all__ = [
    "TensorArray", "case", "cond", "control_dependencies", "device", "init_scope", "map_fn",
    "scan", "switch_case", "vectorized_map", "while_loop",
]  # fmt: skip


def _truth(pred: Any, what: str) -> bool:
    value = host(pred)
    if value.size != 1:
        raise ValueError(f"{what}: the predicate must be a scalar, got shape {value.shape}")
    return bool(value.reshape(()))


def cond(pred: Any, true_fn: Callable[[], Any] | None = None,
         false_fn: Callable[[], Any] | None = None, name: Any = None) -> Any:  # fmt: skip
    """``tf.cond``: the result of the branch ``pred`` selects."""
    if true_fn is None or false_fn is None:
        raise TypeError("cond(): 'true_fn' and 'false_fn' arguments are required.")
    return true_fn() if _truth(pred, "cond") else false_fn()


def _loop_vars_as_tensors(values: Any) -> Any:
    return nest.map_structure(
        lambda v: convert_to_tensor(v) if not isinstance(v, TensorArray) else v, values
    )


def while_loop(cond: Callable[..., Any], body: Callable[..., Any], loop_vars: Any,
               shape_invariants: Any = None, parallel_iterations: int = 10,
               back_prop: bool = True, swap_memory: bool = False,
               maximum_iterations: Any = None, name: Any = None) -> Any:  # fmt: skip
    """``tf.while_loop``: ``body`` while ``cond`` holds, at most ``maximum_iterations``."""
    if not callable(cond) or not callable(body):
        raise TypeError("'cond' and 'body' must be callable.")
    single = not isinstance(loop_vars, (list, tuple))
    values = _loop_vars_as_tensors([loop_vars] if single else loop_vars)
    limit = None if maximum_iterations is None else int(host(maximum_iterations))
    count = 0
    while (limit is None or count < limit) and _truth(cond(*values), "while_loop"):
        result = body(*values)
        result = [result] if single else result
        if len(nest.flatten(result)) != len(nest.flatten(values)):
            raise ValueError("The two structures don't have the same number of elements: "
                             f"{len(nest.flatten(values))} loop vars, body returned "
                             f"{len(nest.flatten(result))}")  # fmt: skip
        values = _loop_vars_as_tensors(type(values)(result) if isinstance(values, tuple)
                                       else list(result))  # fmt: skip
        count += 1
    return values[0] if single else values


def _unstack(elems: Any) -> tuple[list[Any], int]:
    """The leaves of ``elems`` (a RaggedTensor stays one, its rows the elements) and their
    number of elements."""
    from frontends.tensorflow.ragged import RaggedTensor

    leaves = [e if isinstance(e, RaggedTensor) else convert_to_tensor(e)
              for e in nest.flatten(elems)]  # fmt: skip
    if not leaves:
        raise ValueError("elems must be a Tensor or (possibly nested) sequence of Tensors.")
    first = leaves[0]
    n = int(first.nrows()) if isinstance(first, RaggedTensor) else int(first.shape[0])
    return leaves, n


def _element(elems: Any, leaves: list[Any], i: int) -> Any:
    return nest.pack_sequence_as(elems, [leaf[i] for leaf in leaves])


def _stack(results: list[Any]) -> Any:
    if not results:
        raise ValueError("map_fn over zero elements needs fn_output_signature (not provided)")
    from frontends.tensorflow._array_ops import stack  # string tensors too

    flat = [nest.flatten(r) for r in results]
    stacked = [stack([r[k] for r in flat]) for k in range(len(flat[0]))]
    return nest.pack_sequence_as(results[0], stacked)


def map_fn(fn: Callable[[Any], Any], elems: Any, dtype: Any = None,
           parallel_iterations: Any = None, back_prop: bool = True, swap_memory: bool = False,
           infer_shape: bool = True, name: Any = None, fn_output_signature: Any = None) -> Any:  # fmt: skip
    """``tf.map_fn``: ``fn`` on each slice along axis 0, results stacked."""
    leaves, n = _unstack(elems)
    return _stack([fn(_element(elems, leaves, i)) for i in range(n)])


def vectorized_map(fn: Callable[[Any], Any], elems: Any,
                   fallback_to_while_loop: bool = True, warn: bool = True) -> Any:  # fmt: skip
    """``tf.vectorized_map``: the results of :func:`map_fn` (computed one slice at a time)."""
    return map_fn(fn, elems)


def scan(fn: Callable[[Any, Any], Any], elems: Any, initializer: Any = None,
         parallel_iterations: int = 10, back_prop: bool = True, swap_memory: bool = False,
         infer_shape: bool = True, reverse: bool = False, name: Any = None) -> Any:  # fmt: skip
    """``tf.scan``: the running accumulations of ``fn`` over axis 0, stacked."""
    leaves, n = _unstack(elems)
    order = list(range(n))[::-1] if reverse else list(range(n))
    if initializer is None:
        acc, order = _element(elems, leaves, order[0]), order[1:]
        results = [acc]
    else:
        acc, results = initializer, []
    for i in order:
        acc = fn(acc, _element(elems, leaves, i))
        results.append(acc)
    if reverse:
        results.reverse()
    return _stack(results)


def switch_case(branch_index: Any, branch_fns: Any, default: Any = None, name: Any = None) -> Any:
    """``tf.switch_case``: ``branch_fns[branch_index]()``, ``default`` (or the last branch)
    when the index is out of range."""
    fns = dict(branch_fns) if isinstance(branch_fns, dict) else dict(enumerate(branch_fns))
    index = int(host(branch_index))
    if index in fns:
        return fns[index]()
    return (default or fns[max(fns)])()


def case(pred_fn_pairs: Any, default: Any = None, exclusive: bool = False,
         strict: bool = False, name: Any = None) -> Any:  # fmt: skip
    """``tf.case``: the function of the first true predicate, else ``default``."""
    pairs = list(pred_fn_pairs.items() if isinstance(pred_fn_pairs, dict) else pred_fn_pairs)
    chosen = [fn for pred, fn in pairs if _truth(pred, "case")]
    if exclusive and len(chosen) > 1:
        raise ValueError("case: more than one condition evaluated as True with exclusive=True")
    if chosen:
        return chosen[0]()
    if default is None:
        return pairs[-1][1]()
    return default()


@contextlib.contextmanager
def init_scope() -> Iterator[None]:
    """``tf.init_scope``: inside a ``tf.function`` trace, operations on concrete values run
    eagerly (``core.compilation.eager``), as TF lifts them out of the function graph."""
    with compilation.eager():
        yield


@contextlib.contextmanager
def control_dependencies(control_inputs: Any) -> Iterator[None]:
    """``tf.control_dependencies``: eager ops run in program order already."""
    yield


@contextlib.contextmanager
def device(device_name: Any) -> Iterator[None]:
    """``tf.device``: placement follows core's backend (one device)."""
    yield


class TensorArray:
    """``tf.TensorArray``: a list of tensors with TF's read/write/stack/unstack API."""

    def __init__(self, dtype: Any, size: Any = None, dynamic_size: Any = None,
                 clear_after_read: Any = None, tensor_array_name: Any = None, handle: Any = None,
                 flow: Any = None, infer_shape: bool = True, element_shape: Any = None,
                 colocate_with_first_write_call: bool = True, name: Any = None) -> None:  # fmt: skip
        self._dtype = _dtypes.as_dtype(dtype)
        self._dynamic = bool(dynamic_size)
        self._items: list[Any] = [None] * (0 if size is None else int(host(size)))
        self._element_shape = element_shape

    @property
    def dtype(self) -> _dtypes.DType:
        return self._dtype

    @property
    def dynamic_size(self) -> bool:
        return self._dynamic

    def _copy(self, items: list[Any]) -> TensorArray:
        out = TensorArray.__new__(TensorArray)
        out._dtype, out._dynamic, out._element_shape = (
            self._dtype,
            self._dynamic,
            self._element_shape,
        )
        out._items = items
        return out

    def size(self, name: Any = None) -> Tensor:
        return convert_to_tensor(len(self._items), _dtypes.int32)

    def read(self, index: Any, name: Any = None) -> Tensor:
        i = int(host(index))
        if not 0 <= i < len(self._items) or self._items[i] is None:
            from frontends.tensorflow import errors

            raise errors.InvalidArgumentError(None, None, f"Tried to read from index {i} but "
                                              f"array size is: {len(self._items)}")  # fmt: skip
        return self._items[i]

    def write(self, index: Any, value: Any, name: Any = None) -> TensorArray:
        i = int(host(index))
        items = list(self._items)
        if i >= len(items):
            if not self._dynamic:
                from frontends.tensorflow import errors

                raise errors.InvalidArgumentError(None, None, f"Tried to write to index {i} "
                                                  f"but array is not resizeable and size is: "
                                                  f"{len(items)}")  # fmt: skip
            items.extend([None] * (i + 1 - len(items)))
        items[i] = convert_to_tensor(value, self._dtype)
        return self._copy(items)

    def stack(self, name: Any = None) -> Tensor:
        return wrap(ops.stack([native(t) for t in self._items], axis=0))

    def gather(self, indices: Any, name: Any = None) -> Tensor:
        return wrap(ops.stack([native(self.read(i)) for i in host(indices).tolist()], axis=0))

    def unstack(self, value: Any, name: Any = None) -> TensorArray:
        tensor = convert_to_tensor(value, self._dtype)
        return self._copy([tensor[i] for i in range(int(tensor.shape[0]))])

    def scatter(self, indices: Any, value: Any, name: Any = None) -> TensorArray:
        out = self
        for k, i in enumerate(host(indices).tolist()):
            out = out.write(i, convert_to_tensor(value)[k])
        return out

    def concat(self, name: Any = None) -> Tensor:
        return wrap(ops.concat([native(t) for t in self._items], axis=0))

    def close(self, name: Any = None) -> None:
        self._items = []

    def element_shape(self) -> Any:
        return self._element_shape
