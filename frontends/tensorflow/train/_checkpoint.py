"""tf.train.Checkpoint: TF2's object-based checkpoints, in TF's files.

Saving walks the object graph from the checkpoint breadth first, numbering the objects
as TF does: a Variable is a leaf whose value is saved under its path of names
(``model/dense/kernel/.ATTRIBUTES/VARIABLE_VALUE``, ``.`` and ``/`` in a name escaped as
``..`` and ``.S``), a tf.Module or Checkpoint has its trackable attributes as children in
the order they were set, a list or tuple its items by index, a dict its values by key.
Other objects take part through TF's Trackable protocol, as Keras' do:
``_trackable_children()`` gives their children, ``_serialize_to_tensors()`` and
``_restore_from_tensors()`` the values they save themselves. The graph itself is saved as a serialized ``TrackableObjectGraph`` under
``_CHECKPOINTABLE_OBJECT_GRAPH``. Restoring matches the saved graph with the objects from
the root by those names and assigns every matched variable. Reading never runs code: the
files hold only tensors and protocol buffers.

Values for objects that do not exist yet when ``restore`` runs (a layer's variables
before its first call, an optimizer's slots before its first step) wait on the nearest
existing object and are restored when it gains them (:mod:`.._tracking`), as in TF.
Differences from TF: containers without variables are not nodes of the graph (TF keeps
empty nodes for them; restoring is unaffected). Sliced (partitioned) variables and
sharded checkpoints are refused.
"""

from __future__ import annotations

import collections
import os
from collections.abc import Iterator
from typing import Any

import numpy

from frontends.tensorflow import _dtypes, errors
from frontends.tensorflow._host import from_host
from frontends.tensorflow._module import Module
from frontends.tensorflow._proto import TrackableObjectGraph
from frontends.tensorflow._tracking import wait
from frontends.tensorflow._variable import Variable
from frontends.tensorflow.train._bundle import BundleReader, write_bundle

__all__ = ["Checkpoint", "CheckpointOptions", "object_graph"]

GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"
_VALUE = "VARIABLE_VALUE"
_IGNORED = frozenset(("_self_unconditional_checkpoint_dependencies",
                      "_self_unconditional_dependency_names"))  # fmt: skip


class CheckpointOptions:
    """tf.train.CheckpointOptions: accepted; there is one device and no async writes."""

    def __init__(self, experimental_io_device: Any = None,
                 experimental_enable_async_checkpoint: bool = False,
                 experimental_write_callbacks: Any = None,
                 enable_async: bool = False, experimental_sharding_callback: Any = None,
                 experimental_skip_slot_variables: bool = False) -> None:  # fmt: skip
        self.experimental_io_device = experimental_io_device
        self.enable_async = enable_async or experimental_enable_async_checkpoint


# ---------------------------------------------------------------------------------------
# the object graph
# ---------------------------------------------------------------------------------------
def _is_trackable(value: Any) -> bool:
    if isinstance(value, (Variable, Module, Checkpoint)) or any(
        callable(getattr(value, method, None))
        for method in ("_trackable_children", "_serialize_to_tensors")
    ):
        return True
    if isinstance(value, (list, tuple)):
        return any(_is_trackable(item) for item in value)
    if isinstance(value, dict):
        return any(_is_trackable(item) for item in value.values())
    return False


def children(obj: Any) -> list[tuple[str, Any]]:
    """An object's children in TF's object graph, by local name."""
    if isinstance(obj, Variable):
        return []
    if isinstance(obj, (list, tuple)):
        items: Iterator[tuple[str, Any]] = ((str(i), item) for i, item in enumerate(obj))
    elif isinstance(obj, dict):
        items = ((str(key), item) for key, item in obj.items())
    elif isinstance(obj, Checkpoint):
        items = iter(obj._dependencies.items())
    elif callable(getattr(obj, "_trackable_children", None)):
        items = iter(obj._trackable_children().items())
    else:
        items = ((name, item) for name, item in vars(obj).items() if name not in _IGNORED)
    return [(name, item) for name, item in items if _is_trackable(item)]


def _escape(name: str) -> str:
    return name.replace(".", "..").replace("/", ".S")


def object_graph(root: Any) -> tuple[list[Any], list[list[tuple[int, str]]], list[list[str]]]:
    """(objects numbered breadth first from ``root``, each one's children as (node id,
    local name), each one's path of names from the root)."""
    nodes = [root]
    ids = {id(root): 0}
    paths: list[list[str]] = [[]]
    edges: list[list[tuple[int, str]]] = []
    queue = collections.deque([root])
    while queue:
        obj = queue.popleft()
        refs = []
        for name, child in children(obj):
            if id(child) not in ids:
                ids[id(child)] = len(nodes)
                nodes.append(child)
                paths.append([*paths[ids[id(obj)]], name])
                queue.append(child)
            refs.append((ids[id(child)], name))
        edges.append(refs)
    return nodes, edges, paths


def _checkpoint_key(path: list[str], attribute: str = _VALUE) -> str:
    return "/".join(_escape(name) for name in path) + f"/.ATTRIBUTES/{attribute}"


def _full_name(obj: Any) -> str:
    name = str(getattr(obj, "path", None) or getattr(obj, "name", ""))
    return name[: -len(":0")] if name.endswith(":0") else name


def _saved_values(obj: Any) -> dict[str, Any]:
    """The tensors an object saves itself, by attribute name: a Variable its value, any
    other object what TF's ``_serialize_to_tensors()`` gives (Keras' variables)."""
    if isinstance(obj, Variable):
        return {_VALUE: obj}
    serialize = getattr(obj, "_serialize_to_tensors", None)
    return dict(serialize()) if callable(serialize) else {}


def _host_value(value: Any) -> numpy.ndarray:
    return numpy.asarray(value.numpy() if hasattr(value, "numpy") else value)


def save_tensors(root: Any) -> dict[str, numpy.ndarray]:
    """The tensors of ``root``'s checkpoint: each variable's value under its key, and the
    serialized object graph."""
    nodes, edges, paths = object_graph(root)
    tensors: dict[str, numpy.ndarray] = {}
    protos: list[dict[str, Any]] = []
    for node, refs, path in zip(nodes, edges, paths):
        proto: dict[str, Any] = {
            "children": [{"node_id": i, "local_name": name} for i, name in refs]
        }
        attributes = []
        for attribute, value in _saved_values(node).items():
            key = _checkpoint_key(path, attribute)
            tensors[key] = _host_value(value)
            attributes.append({"name": attribute, "full_name": _full_name(node),
                               "checkpoint_key": key})  # fmt: skip
        proto["attributes"] = attributes
        protos.append(proto)
    # has_checkpoint_values: the node or one of its descendants has values
    has_values = [bool(proto["attributes"]) for proto in protos]
    for index in reversed(range(len(nodes))):
        has_values[index] = has_values[index] or any(has_values[i] for i, _ in edges[index])
    for proto, value in zip(protos, has_values):
        proto["has_checkpoint_values"] = {"value": value}
    graph = TrackableObjectGraph.encode({"nodes": protos})
    tensors[GRAPH_KEY] = numpy.array(graph, dtype=object)
    return tensors


# ---------------------------------------------------------------------------------------
# restoring
# ---------------------------------------------------------------------------------------
class _LoadStatus:
    """What tf.train.Checkpoint.restore returns: assertions on what was matched (values
    restored later, when their objects are created, count as they are restored)."""

    def __init__(self, restoration: Any, unrestored: list[str]) -> None:
        self._restoration = restoration
        self._unrestored = unrestored

    def assert_consumed(self) -> _LoadStatus:
        """Every value in the checkpoint was restored and every variable was restored."""
        unresolved = self._restoration.unresolved() if self._restoration else []
        if unresolved:
            raise AssertionError(f"Unresolved object in checkpoint: {unresolved[0]}")
        return self.assert_existing_objects_matched()

    def assert_existing_objects_matched(self) -> _LoadStatus:
        """Every variable reachable from the root was restored."""
        if self._unrestored:
            raise AssertionError(
                "Some Python objects were not bound to checkpointed values, likely due to "
                f"changes in the Python program: {self._unrestored}"
            )
        return self

    def assert_nontrivial_match(self) -> _LoadStatus:
        if self._restoration is None or len(self._restoration.matched) <= 1:
            raise AssertionError(
                "Nothing except the root object matched a checkpointed value. Typically this "
                "means that the checkpoint does not match the Python program."
            )
        return self

    def expect_partial(self) -> _LoadStatus:
        return self

    def run_restore_ops(self, session: Any = None) -> None:
        return None

    def initialize_or_restore(self, session: Any = None) -> None:
        return None


class _InitializationOnlyStatus(_LoadStatus):
    """The status of ``restore(None)``: nothing restored, variables keep their values."""

    def __init__(self) -> None:
        super().__init__(None, [])

    def assert_consumed(self) -> _LoadStatus:
        raise AssertionError("No checkpoint specified (save_path=None); nothing is being restored.")

    assert_existing_objects_matched = assert_consumed
    assert_nontrivial_match = assert_consumed


def _assign(variable: Variable, value: numpy.ndarray, key: str) -> None:
    shape = tuple(variable.shape.as_list())
    if tuple(value.shape) != shape:
        raise ValueError(
            f"Received incompatible tensor with shape {value.shape} when attempting to "
            f"restore variable with shape {shape} and name {key}."
        )
    if _dtypes.as_dtype(value.dtype) != variable.dtype:
        raise errors.InvalidArgumentError(
            None,
            None,
            f"tensor_name = {key}; expected dtype {variable.dtype.name} does not equal "
            f"original dtype {_dtypes.as_dtype(value.dtype).name}",
        )
    variable.assign(value)


class _Restoration:
    """One restore: the checkpoint's reader and graph, and the nodes restored so far."""

    def __init__(self, reader: BundleReader, saved: list[dict[str, Any]]) -> None:
        self.reader = reader
        self.saved = saved
        self.restored: set[int] = set()  # checkpoint node ids whose values were assigned
        self.matched: dict[int, int] = {}  # checkpoint node id -> id() of its object

    def walk(self, node_id: int, obj: Any) -> None:
        """Match the saved subtree at ``node_id`` with ``obj``'s, assign its variables,
        and leave what is still missing waiting on the nearest object that can be
        told it gained children (see :mod:`.._tracking`)."""
        queue = collections.deque([(node_id, obj, obj if _waitable(obj) else None)])
        waiting: dict[int, tuple[int, Any]] = {}
        visited = {node_id}
        while queue:
            current, value, owner = queue.popleft()
            self.matched[current] = id(value)
            node = self.saved[current]
            if node.get("attributes") and current not in self.restored:
                self._restore(value, node["attributes"])
                self.restored.add(current)
            own = dict(children(value))
            for ref in node.get("children", []):
                child_id = ref.get("node_id", 0)
                child = own.get(ref.get("local_name", ""))
                if child is None:
                    if owner is not None and self._has_values(child_id):
                        node_of_owner = next(k for k, v in self.matched.items() if v == id(owner))
                        waiting[id(owner)] = (node_of_owner, owner)
                    continue
                if child_id in visited:
                    continue
                visited.add(child_id)
                queue.append((child_id, child, child if _waitable(child) else owner))
        for node_of_owner, owner in waiting.values():
            wait(owner, lambda target, n=node_of_owner: self.walk(n, target))

    def _restore(self, obj: Any, attributes: list[dict[str, Any]]) -> None:
        values = {a.get("name"): (a["checkpoint_key"], self.reader.get(a["checkpoint_key"]))
                  for a in attributes}  # fmt: skip
        if isinstance(obj, Variable) and _VALUE in values:
            _assign(obj, values[_VALUE][1], values[_VALUE][0])
        elif callable(getattr(obj, "_restore_from_tensors", None)):
            obj._restore_from_tensors({name: from_host(v) for name, (_, v) in values.items()})

    def _has_values(self, node_id: int) -> bool:
        node = self.saved[node_id]
        return bool(node.get("attributes")) or any(
            self._has_values(ref.get("node_id", 0)) for ref in node.get("children", [])
        )

    def unresolved(self) -> list[str]:
        return [
            attribute["checkpoint_key"]
            for index, node in enumerate(self.saved)
            if index not in self.restored
            for attribute in node.get("attributes", [])
        ]


def _waitable(obj: Any) -> bool:
    """Whether ``obj`` can hold checkpoint values until it gains children (a weakly
    referable object: not a list, dict or tuple)."""
    return not isinstance(obj, (list, dict, tuple, Variable))


def restore_tensors(root: Any, prefix: str) -> _LoadStatus:
    """Restore the variables of ``root``'s graph from the checkpoint ``prefix``."""
    reader = BundleReader(prefix)
    if GRAPH_KEY not in reader.entries:
        raise errors.NotFoundError(
            None,
            None,
            f"The checkpoint at {prefix} has no object graph: it is a name-based (TF1) "
            "checkpoint; read it with tf.train.load_checkpoint",
        )
    graph = TrackableObjectGraph.decode(bytes(reader.get(GRAPH_KEY)[()]))
    restoration = _Restoration(reader, graph.get("nodes", []))
    restoration.walk(0, root)
    restored = set(restoration.matched.values())
    nodes, _, paths = object_graph(root)
    unrestored = [
        _checkpoint_key(path)
        for node, path in zip(nodes, paths)
        if _saved_values(node) and id(node) not in restored
    ]
    return _LoadStatus(restoration, unrestored)


# ---------------------------------------------------------------------------------------
# tf.train.Checkpoint
# ---------------------------------------------------------------------------------------
class Checkpoint:
    """tf.train.Checkpoint(root=None, **kwargs): ``save``/``write`` the variables of the
    objects given (and of any attribute set later) in TF's checkpoint files, ``restore``/
    ``read`` them back (see the module docstring)."""

    def __init__(self, root: Any = None, **kwargs: Any) -> None:
        object.__setattr__(self, "_dependencies", {})
        object.__setattr__(self, "_root", root)
        object.__setattr__(self, "_save_counter", None)
        if root is not None and not _is_trackable(root):
            raise ValueError(
                f"`Checkpoint` was expecting root to be a trackable object (an object derived "
                f"from `Trackable`), got {root}. If you believe this object should be "
                "trackable (i.e. it is part of the TensorFlow Python API and manages state), "
                "please open an issue."
            )
        for name, value in sorted(kwargs.items()):
            setattr(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        if not name.startswith("_"):
            if not _is_trackable(value):
                raise ValueError(
                    f"`Checkpoint` was expecting {name} to be a trackable object (an object "
                    f"derived from `Trackable`), got {value}. If you believe this object "
                    "should be trackable (i.e. it is part of the TensorFlow Python API and "
                    "manages state), please open an issue."
                )
            self._dependencies[name] = value
        object.__setattr__(self, name, value)

    # ------------------------------------------------------------------ the graph's root
    def _graph_root(self) -> Any:
        if self._root is None:
            return self
        return _Attached(self._root, self._dependencies)

    @property
    def save_counter(self) -> Variable:
        """The number of ``save`` calls (an int64 Variable, created on first use)."""
        if self._save_counter is None:
            counter = Variable(0, dtype=_dtypes.int64, trainable=False, name="save_counter")
            object.__setattr__(self, "_save_counter", counter)
            self._dependencies["save_counter"] = counter
        return self._save_counter

    # ------------------------------------------------------------------ writing
    def write(self, file_prefix: Any, options: Any = None) -> str:
        """Write the checkpoint files at ``file_prefix``; return it."""
        prefix = os.fspath(file_prefix)
        write_bundle(prefix, save_tensors(self._graph_root()))
        return prefix

    def save(self, file_prefix: Any, options: Any = None) -> str:
        """Write ``file_prefix-N`` (N the new ``save_counter``) and record it as the latest
        checkpoint in the directory's ``checkpoint`` file."""
        from frontends.tensorflow.train._management import update_checkpoint_state

        counter = self.save_counter
        counter.assign_add(1)
        path = self.write(f"{os.fspath(file_prefix)}-{int(counter.numpy())}")
        update_checkpoint_state(os.path.dirname(path), path, [path])
        return path

    # ------------------------------------------------------------------ reading
    def read(self, save_path: Any, options: Any = None) -> _LoadStatus:
        """Restore from a checkpoint written by ``write`` (or ``save``)."""
        return self.restore(save_path, options)

    def restore(self, save_path: Any, options: Any = None) -> _LoadStatus:
        """Assign every variable of the object graph its saved value; ``save_path=None``
        restores nothing."""
        if save_path is None:
            return _InitializationOnlyStatus()
        prefix = os.fspath(save_path)
        if os.path.isdir(prefix):
            raise errors.NotFoundError(
                None, None, f"Failed to restore from checkpoint: {prefix} is a directory; pass a "
                "checkpoint prefix (tf.train.latest_checkpoint(directory))",
            )  # fmt: skip
        _ = self.save_counter  # created now, so that it is restored too
        return restore_tensors(self._graph_root(), prefix)

    def sync(self) -> None:
        return None


class _Attached:
    """A root object with the checkpoint's own dependencies (kwargs, save_counter) added
    as children, as TF attaches them to ``Checkpoint(root=...)``."""

    def __init__(self, root: Any, attached: dict[str, Any]) -> None:
        self.root = root
        self.attached = attached

    def _trackable_children(self) -> dict[str, Any]:
        return {**dict(children(self.root)), **self.attached}
