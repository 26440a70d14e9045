"""JAX's sharding API: devices, meshes, shardings, ``device_put`` with a sharding,
``shard_map`` and ``pmap``, mapped onto real JAX on the jax backend.

On the jax backend the classes are real JAX's own (``jax.sharding.Mesh``, ``NamedSharding``,
``PartitionSpec``, ...), the devices are real JAX's (``XLA_FLAGS=
--xla_force_host_platform_device_count=8`` gives eight), and each function hands the
natives of its arrays to the real one: the partitioning, the collectives and the
communication are XLA's. What differs, and why:

- Meshes are made with every axis ``AxisType.Auto`` (an ``Explicit`` request is accepted
  and runs as ``Auto``). Explicit axes put shardings into the types of traced values, and
  core's autodiff rules build constants (zeros, masks) that carry no sharding, which JAX's
  explicit mode rejects. Values are the same; only the shardings of intermediate values
  are chosen by XLA's propagation instead of by the types.
- ``jit(in_shardings=, out_shardings=)`` constrain the traced arguments and results with
  real ``jax.lax.with_sharding_constraint`` (the frontend's ``jit`` traces one flat list of
  natives, so JAX's per-argument shardings are applied inside the program).
- ``shard_map``/``pmap`` bodies and the collectives must not be differentiated through
  (a value tracked by an enclosing ``jax.grad`` raises NotImplementedError); gradients
  taken inside the body, as in data-parallel training steps, are fine.

On the other backends there is one device, and these behave as on a one-device JAX: a mesh
of that CPU device (every axis of size 1), shardings that place nothing, ``shard_map``
calling the function on the whole arrays, collectives over axes of size 1. An array placed
by ``device_put``/``reshard``/``with_sharding_constraint`` or returned by a ``jit`` with
``out_shardings`` reports that sharding; any other array its device's
``SingleDeviceSharding``.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import math
import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy

import core
from frontends.jax import tree_util
from frontends.jax._src.array import Array

__all__ = [
    "AxisType", "Mesh", "NamedSharding", "PartitionSpec", "SingleDeviceSharding", "Sharding",
    "make_mesh", "set_mesh", "get_mesh", "reshard", "device_put", "with_sharding_constraint",
    "shard_map", "pmap_devices", "bound_axes",
]  # fmt: skip


def on_jax() -> bool:
    return core.current_backend().name == "jax"


def real_jax() -> Any:
    import jax

    return jax


# ---------------------------------------------------------------------------------------
# the one-device forms (every backend but jax)
# ---------------------------------------------------------------------------------------
class Device:
    """The one device: the host CPU (``jax.devices()[0]``)."""

    id = 0
    platform = "cpu"
    device_kind = "cpu"
    process_index = 0

    def __repr__(self) -> str:
        return "CpuDevice(id=0)"


DEVICE = Device()


class AxisType(enum.Enum):
    """``jax.sharding.AxisType``."""

    Auto = enum.auto()
    Explicit = enum.auto()
    Manual = enum.auto()

    def __repr__(self) -> str:
        return self.name


class PartitionSpec(tuple):
    """``jax.sharding.PartitionSpec``: per array dimension, the mesh axis (or axes, or
    None) it is split over."""

    def __new__(cls, *partitions: Any) -> PartitionSpec:
        return super().__new__(cls, partitions)

    def __repr__(self) -> str:
        return f"P{tuple.__repr__(self)}" if self else "P()"


class Sharding:
    """``jax.sharding.Sharding``: the base of the one-device shardings."""

    memory_kind = "device"

    @property
    def device_set(self) -> set[Device]:
        return {DEVICE}

    @property
    def addressable_devices(self) -> set[Device]:
        return {DEVICE}

    @property
    def is_fully_replicated(self) -> bool:
        return True

    @property
    def is_fully_addressable(self) -> bool:
        return True

    @property
    def num_devices(self) -> int:
        return 1

    def shard_shape(self, global_shape: Sequence[int]) -> tuple[int, ...]:
        return tuple(global_shape)


class SingleDeviceSharding(Sharding):
    """``jax.sharding.SingleDeviceSharding``."""

    def __init__(self, device: Any, *, memory_kind: Any = None) -> None:
        self._device = device

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, SingleDeviceSharding)

    def __hash__(self) -> int:
        return hash(DEVICE)

    def __repr__(self) -> str:
        return f"SingleDeviceSharding(device={self._device!r}, memory_kind=device)"


class Mesh:
    """``jax.sharding.Mesh`` over the one device: every axis has size 1."""

    def __init__(self, devices: Any, axis_names: Any, axis_types: Any = None) -> None:
        names = (axis_names,) if isinstance(axis_names, str) else tuple(axis_names)
        self.devices = numpy.asarray(devices, dtype=object)
        if self.devices.ndim != len(names):
            raise ValueError(
                f"Mesh requires the ndim of its first argument (`devices`) to equal the "
                f"length of its second argument (`axis_names`), but got devices.ndim == "
                f"{self.devices.ndim} and len(axis_names) == {len(names)}."
            )
        self.axis_names = names
        self.axis_types = _axis_types(axis_types, len(names))

    @property
    def shape(self) -> dict[str, int]:
        return dict(zip(self.axis_names, self.devices.shape))

    @property
    def axis_sizes(self) -> tuple[int, ...]:
        return self.devices.shape

    @property
    def size(self) -> int:
        return self.devices.size

    @property
    def local_devices(self) -> list[Device]:
        return list(self.devices.flat)

    def __enter__(self) -> Mesh:
        _MESHES.append(self)
        return self

    def __exit__(self, *exc: Any) -> None:
        _MESHES.pop()

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, Mesh) and self.shape == other.shape

    def __hash__(self) -> int:
        return hash(self.axis_names)

    def __repr__(self) -> str:
        axes = ", ".join(f"'{n}': {s}" for n, s in self.shape.items())
        types = ", ".join(repr(t) for t in self.axis_types)
        return f"Mesh({axes}, axis_types=({types},))"


_MESHES: list[Mesh] = []


class NamedSharding(Sharding):
    """``jax.sharding.NamedSharding`` over a one-device mesh."""

    def __init__(self, mesh: Mesh, spec: Any, *, memory_kind: Any = None) -> None:
        if not isinstance(spec, PartitionSpec):
            raise TypeError(
                "NamedSharding expects a PartitionSpec as its spec, got "
                f"{spec!r} of type {type(spec)}"
            )
        for entry in spec:
            for name in entry if isinstance(entry, tuple) else (entry,):
                if name is not None and name not in mesh.axis_names:
                    raise ValueError(
                        f"Resource axis: {name} of {spec} is not found in mesh: "
                        f"{tuple(mesh.axis_names)}."
                    )
        self.mesh, self.spec = mesh, spec

    def __eq__(self, other: Any) -> bool:
        return (
            isinstance(other, NamedSharding)
            and self.mesh == other.mesh
            and tuple(self.spec) == tuple(other.spec)
        )

    def __hash__(self) -> int:
        return hash((self.mesh, tuple(self.spec)))

    def __repr__(self) -> str:
        return f"NamedSharding(mesh={self.mesh!r}, spec={self.spec!r}, memory_kind=device)"


def _axis_types(axis_types: Any, n: int) -> tuple[Any, ...]:
    if axis_types is None:
        return (AxisType.Auto,) * n
    if not isinstance(axis_types, tuple):
        axis_types = (axis_types,) * n
    return axis_types


# ---------------------------------------------------------------------------------------
# names of jax.sharding, resolved per backend
# ---------------------------------------------------------------------------------------
_CLASSES = ("AxisType", "NamedSharding", "PartitionSpec", "SingleDeviceSharding", "Sharding")


def resolve(name: str) -> Any:
    """``jax.sharding.<name>``: real JAX's class on the jax backend, the one-device one
    elsewhere; functions are this module's (they unwrap frontend arrays)."""
    if name in _CLASSES:
        return getattr(real_jax().sharding, name) if on_jax() else globals()[name]
    if name == "Mesh":
        return _real_mesh if on_jax() else Mesh
    return globals()[name]


def _auto(axis_types: Any, n: int) -> tuple[Any, ...]:
    return (real_jax().sharding.AxisType.Auto,) * n


def _real_mesh(devices: Any, axis_names: Any, axis_types: Any = None) -> Any:
    """Real ``jax.sharding.Mesh`` with ``Auto`` axes (see the module's docstring)."""
    names = (axis_names,) if isinstance(axis_names, str) else tuple(axis_names)
    return real_jax().sharding.Mesh(devices, names, axis_types=_auto(axis_types, len(names)))


def make_mesh(axis_shapes: Sequence[int], axis_names: Sequence[str], axis_types: Any = None,
              *, devices: Any = None) -> Any:  # fmt: skip
    """``jax.make_mesh``: real JAX's (``Auto`` axes) on jax; one device elsewhere."""
    shapes, names = tuple(axis_shapes), tuple(axis_names)
    if on_jax():
        return real_jax().make_mesh(
            shapes, names, axis_types=_auto(axis_types, len(names)), devices=devices
        )
    if math.prod(shapes) != 1:
        raise ValueError(
            f"Number of devices {1} must be >= the product of mesh_shape {shapes}"
            if math.prod(shapes) > 1
            else f"mesh_shape {shapes} has no devices"
        )
    return Mesh(numpy.array([DEVICE], dtype=object).reshape(shapes), names, axis_types)


def set_mesh(mesh: Any) -> Any:
    """``jax.set_mesh``: real JAX's context on jax; elsewhere the mesh as a context."""
    return real_jax().set_mesh(mesh) if on_jax() else mesh


def get_mesh() -> Any:
    if on_jax():
        return real_jax().sharding.get_mesh()
    return _MESHES[-1] if _MESHES else None


# ---------------------------------------------------------------------------------------
# arrays and shardings
# ---------------------------------------------------------------------------------------
def leaves_as_arrays(x: Any) -> tuple[list[Array], Any]:
    from frontends.jax import numpy as jnp

    leaves, treedef = tree_util.tree_flatten(x)
    return [leaf if isinstance(leaf, Array) else jnp.asarray(leaf) for leaf in leaves], treedef


def _per_leaf(prefix: Any, tree: Any) -> list[Any]:
    """Each leaf of ``tree`` with its entry of the prefix tree ``prefix`` (a sharding or
    device is a leaf of the prefix)."""
    from frontends.jax._src.api import _broadcast_prefix

    return _broadcast_prefix(prefix, tree)


def _placed(x: Any, shardings: Any, place: Callable[[Any, Any], Any], what: str) -> Any:
    """``place(native, sharding)`` for each array leaf of ``x`` on jax; elsewhere the one
    device holds them, and each remembers the sharding it was placed with."""
    arrays, treedef = leaves_as_arrays(x)
    targets = _per_leaf(shardings, tree_util.tree_unflatten(treedef, arrays))
    out = []
    for array, target in zip(arrays, targets):
        if target is not None:
            if on_jax():
                check_untracked(array, what)
                native = place(array.native, target)
                array = type(array)._wrap(native, array.weak_type, array._dtype)
            else:
                array = remember(array, target)
        out.append(array)
    return tree_util.tree_unflatten(treedef, out)


_PLACED: dict[int, tuple[Any, Any]] = {}  # id(array) -> (weak reference, sharding)


def remember(array: Array, target: Any) -> Array:
    """``array`` (a new object, off the jax backend) whose ``sharding`` is ``target``, as a
    one-device JAX reports the sharding an array was placed with."""
    if not isinstance(target, Sharding):
        return array
    array = type(array)._wrap(array.native, array.weak_type, array._dtype)
    key = id(array)
    _PLACED[key] = (weakref.ref(array, lambda _: _PLACED.pop(key, None)), target)
    return array


def device_put(x: Any, device: Any = None, *, src: Any = None, donate: Any = False,
               may_alias: Any = None) -> Any:  # fmt: skip
    """``jax.device_put``: the array-likes of a pytree as ``jax.Array``s, placed by real
    ``jax.device_put`` on the jax backend (``device``: a device, a sharding, or a pytree
    prefix of them); elsewhere the one device holds them."""
    return _placed(x, device, lambda n, s: real_jax().device_put(n, s), "jax.device_put")


def reshard(xs: Any, out_shardings: Any) -> Any:
    """``jax.sharding.reshard``: on jax, real ``jax.device_put`` (real
    ``with_sharding_constraint`` inside a trace), as meshes here have ``Auto`` axes, which
    JAX's ``reshard`` refuses; the arrays themselves elsewhere."""

    def place(native: Any, target: Any) -> Any:
        jax = real_jax()
        if isinstance(native, jax.core.Tracer):
            return jax.lax.with_sharding_constraint(native, target)
        return jax.device_put(native, target)

    return _placed(xs, out_shardings, place, "reshard")


def with_sharding_constraint(x: Any, shardings: Any) -> Any:
    """``jax.lax.with_sharding_constraint``: real JAX's on jax; unchanged elsewhere."""
    return _placed(
        x,
        shardings,
        lambda n, s: real_jax().lax.with_sharding_constraint(n, s),
        "with_sharding_constraint",
    )


def check_untracked(array: Array, what: str) -> None:
    from core import autodiff

    if autodiff.recording() and autodiff.is_tracked(array.native):
        raise NotImplementedError(
            f"{what} on a value that an enclosing jax.grad/vjp differentiates is not "
            "supported by the jax frontend (core's autodiff engine has no rule for it): "
            "take the gradient inside the sharded function instead"
        )


def array_sharding(array: Array) -> Any:
    """``jax.Array.sharding``: the native's on jax; the one device's elsewhere."""
    if on_jax():
        return array.native.sharding
    entry = _PLACED.get(id(array))
    if entry is not None and entry[0]() is array:
        return entry[1]
    return SingleDeviceSharding(DEVICE)


class Shard:
    """``jax.Shard``: one device's piece of an array."""

    def __init__(self, device: Any, index: Any, replica_id: int, data: Array) -> None:
        self.device, self.index, self.replica_id, self.data = device, index, replica_id, data

    def __repr__(self) -> str:
        return f"Shard(device={self.device!r}, index={self.index}, replica_id={self.replica_id})"


def addressable_shards(array: Array) -> list[Shard]:
    if on_jax():
        return [
            Shard(s.device, s.index, s.replica_id, Array._wrap(s.data, False, array._dtype))
            for s in array.native.addressable_shards
        ]
    return [Shard(DEVICE, (slice(None),) * array.ndim, 0, array)]


def array_devices(array: Array) -> set[Any]:
    return set(array.native.devices()) if on_jax() else {DEVICE}


# ---------------------------------------------------------------------------------------
# shard_map and pmap: real JAX's on the natives; one device elsewhere
# ---------------------------------------------------------------------------------------
bound_axes: list[str] = []  # named axes of the enclosing one-device shard_map/pmap bodies
looped_axes: list[str] = []  # named axes of enclosing vmaps run as a loop (size > 1)


@contextlib.contextmanager
def binding(names: Sequence[str], looped: bool = False) -> Iterator[None]:
    """The named axes bound while a one-device body runs: of size 1, or (``looped``) the
    axis of a vmap run one element at a time, which no collective can reduce over."""
    axes = looped_axes if looped else bound_axes
    axes.extend(names)
    try:
        yield
    finally:
        del axes[len(axes) - len(names) :]


class MappedOnNatives:
    """``fun`` under a real JAX transformation (``shard_map``, ``pmap``) that takes and
    returns pytrees of natives: frontend arrays go in as natives, the traced natives are
    wrapped back for ``fun``, and its results unwrapped. One real transformed function per
    signature (tree, dtypes, static values), as JAX caches its traces."""

    def __init__(self, fun: Callable[..., Any], build: Callable[[Callable[..., Any]], Any],
                 static_argnums: Sequence[int] = (), what: str = "") -> None:  # fmt: skip
        self._fun, self._build = fun, build
        self._static = tuple(static_argnums)
        self._what = what
        self._cache: dict[Any, tuple[Any, dict[str, Any]]] = {}

    def __call__(self, *args: Any) -> Any:
        from frontends.jax._src.api import _leaf_native, _unflatten_out

        n = len(args)
        static = sorted({i % n for i in self._static if -n <= i < n})
        static_pos = tuple((i, args[i]) for i in static)
        dyn = tuple(a for i, a in enumerate(args) if i not in static)
        leaves, treedef = tree_util.tree_flatten(dyn)
        pairs = [_leaf_native(leaf, "argument") for leaf in leaves]
        for leaf in leaves:
            if isinstance(leaf, Array):
                check_untracked(leaf, self._what)
        metas = tuple(m for _, m in pairs)
        key = (treedef, metas, static_pos)
        entry = self._cache.get(key)
        if entry is None:
            entry = self._cache[key] = self._trace_entry(treedef, metas, static_pos)
        real_fn, found = entry
        out = real_fn(*tree_util.tree_unflatten(treedef, [native for native, _ in pairs]))
        return _unflatten_out(found["meta"], tree_util.tree_leaves(out))

    def _trace_entry(self, treedef: Any, metas: Any, static_pos: Any) -> tuple[Any, dict]:
        from frontends.jax._src.api import _leaf_native

        found: dict[str, Any] = {}

        def body(*native_args: Any) -> Any:
            natives = tree_util.tree_leaves(native_args)
            wrapped = [cls._wrap(n, weak, dt) for n, (dt, weak, cls) in zip(natives, metas)]
            args = list(tree_util.tree_unflatten(treedef, wrapped))
            for i, value in static_pos:
                args.insert(i, value)
            out = self._fun(*args)
            out_leaves, out_tree = tree_util.tree_flatten(out)
            pairs = [_leaf_native(leaf, "output") for leaf in out_leaves]
            found["meta"] = (out_tree, [m for _, m in pairs])
            return tree_util.tree_unflatten(out_tree, [n for n, _ in pairs])

        body.__name__ = getattr(self._fun, "__name__", "fun")
        return self._build(body), found


class _Infer:
    def __repr__(self) -> str:
        return "Infer"


INFER = _Infer()


def shard_map(f: Callable[..., Any] | None = None, /, *, out_specs: Any,
              in_specs: Any = INFER, mesh: Any = None, axis_names: Any = frozenset(),
              check_vma: bool = True) -> Any:  # fmt: skip
    """``jax.shard_map``: real ``jax.shard_map`` on jax (the mesh's axes split the arrays
    across its devices); elsewhere ``f`` on the whole arrays, its axes bound with size 1."""
    if f is None:
        return functools.partial(
            shard_map, out_specs=out_specs, in_specs=in_specs, mesh=mesh,
            axis_names=axis_names, check_vma=check_vma,
        )  # fmt: skip

    def build(body: Callable[..., Any]) -> Any:
        jax = real_jax()
        kwargs: dict[str, Any] = {"out_specs": out_specs, "check_vma": check_vma}
        if in_specs is not INFER:
            kwargs["in_specs"] = in_specs
        if mesh is not None:
            kwargs["mesh"] = mesh
        if axis_names:
            kwargs["axis_names"] = set(axis_names)
        return jax.shard_map(body, **kwargs)

    mapped = MappedOnNatives(f, build, what="jax.shard_map")

    @functools.wraps(f)
    def shard_mapped(*args: Any) -> Any:
        if on_jax():
            return mapped(*args)
        current = mesh if mesh is not None else get_mesh()
        if current is None:
            raise ValueError(
                "The context mesh cannot be empty. Use `jax.set_mesh(mesh)` to enter into a "
                "mesh context or pass the mesh to shard_map"
            )
        names = tuple(axis_names) if axis_names else tuple(current.axis_names)
        with binding(names):
            return f(*args)

    return shard_mapped


def experimental_shard_map(f: Callable[..., Any], mesh: Any = None, in_specs: Any = INFER,
                           out_specs: Any = None, check_rep: bool = True,
                           auto: Any = frozenset()) -> Any:  # fmt: skip
    """``jax.experimental.shard_map.shard_map``: :func:`shard_map` (``check_rep`` is
    ``check_vma``)."""
    return shard_map(f, out_specs=out_specs, in_specs=in_specs, mesh=mesh, check_vma=check_rep)


def pmap_devices(fun: Callable[..., Any], axis_name: Any, in_axes: Any, out_axes: Any,
                 static_broadcasted_argnums: Any, devices: Any,
                 axis_size: int | None) -> Callable[..., Any]:  # fmt: skip
    """``jax.pmap`` on the jax backend: real ``jax.pmap`` over the natives."""
    statics = (
        (static_broadcasted_argnums,)
        if isinstance(static_broadcasted_argnums, int)
        else tuple(static_broadcasted_argnums)
    )

    def build(body: Callable[..., Any]) -> Any:
        # the static arguments are bound inside ``body``: the real pmap maps the rest
        return real_jax().pmap(
            body, axis_name=axis_name, in_axes=_drop(in_axes, statics),
            out_axes=out_axes, devices=devices, axis_size=axis_size,
        )  # fmt: skip

    return MappedOnNatives(fun, build, statics, "jax.pmap")


def _drop(in_axes: Any, statics: tuple[int, ...]) -> Any:
    if not statics or not isinstance(in_axes, (tuple, list)):
        return in_axes
    n = len(in_axes)
    gone = {i % n for i in statics}
    return tuple(a for i, a in enumerate(in_axes) if i not in gone)
