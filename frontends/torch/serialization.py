"""torch.save / torch.load in torch's own checkpoint formats, without importing torch.

A checkpoint is a zip archive (stored, not compressed) whose records are
``<archive>/data.pkl`` (a protocol-2 pickle of the object; each tensor is a call of
``torch._utils._rebuild_tensor_v2(storage, offset, size, stride, requires_grad, hooks)``
whose ``storage`` is a persistent id ``('storage', torch.<Type>Storage, key, location,
numel)``), one ``<archive>/data/<key>`` record of raw little-endian bytes per storage,
``byteorder``, ``version``, ``.format_version``, ``.storage_alignment`` and
``.data/serialization_id``; each record's bytes start at a multiple of 64 as torch writes
them. The unsigned 16/32/64-bit dtypes use ``_rebuild_tensor_v3`` with an untyped (byte)
storage, as torch does. :func:`load` also reads torch's legacy pre-zip format (a sequence
of pickles followed by the raw storages).

Differences from torch, and why:

* A storage is the root of a frontend view chain (see :mod:`frontends.base.array`): tensors
  that are views of one root are saved with one storage and their offsets and strides.
  Views whose dtype differs from their root's (``view(dtype)``, ``view_as_real``) are saved
  as storages of their own (the frontend does not keep a byte layout).
* On load, tensors sharing a storage are views of one root again, so writes through one
  reach the others, except tensors with ``requires_grad=True``, which load as independent
  leaves (a frontend view is never a leaf).
* Everything loads on the backend in use: ``map_location`` is accepted (a device, a string,
  a dict or a callable taking ``(storage, location)``) but there is one device. ``mmap``
  reads the records instead of mapping them.
* The weights-only unpickler is Python's own unpickler with every global resolved through
  torch's allowlist (and :func:`add_safe_globals`); nothing else can be called while
  loading. Sparse, quantized, nested and meta tensors raise a clear error.
"""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import secrets
import struct
import sys
import zipfile
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator
from typing import IO, Any

import numpy

import core
from frontends.torch import _dtype
from frontends.torch._device import device as _device_type
from frontends.torch._size import Size
from frontends.torch._tensor import Tensor

__all__ = [
    "DEFAULT_PROTOCOL",
    "UnpicklingError",
    "add_safe_globals",
    "clear_safe_globals",
    "get_safe_globals",
    "load",
    "safe_globals",
    "save",
]

DEFAULT_PROTOCOL = 2
UnpicklingError = pickle.UnpicklingError
_LEGACY_MAGIC = 0x1950A86A20F9469CFC6C
_LEGACY_PROTOCOL = 1001
_ALIGNMENT = 64

FileLike = str | os.PathLike | IO[bytes]

# torch's storage class for each dtype (the unsigned 16/32/64-bit ones have none: untyped)
_STORAGE_NAMES = {
    "bool": "BoolStorage",
    "uint8": "ByteStorage",
    "int8": "CharStorage",
    "int16": "ShortStorage",
    "int32": "IntStorage",
    "int64": "LongStorage",
    "bfloat16": "BFloat16Storage",
    "float16": "HalfStorage",
    "float32": "FloatStorage",
    "float64": "DoubleStorage",
    "complex64": "ComplexFloatStorage",
    "complex128": "ComplexDoubleStorage",
}
_UNTYPED = ("torch.storage", "UntypedStorage")


def _numpy_dtype(dtype: _dtype.dtype) -> numpy.dtype:
    name = str(dtype.core_dtype)
    if name == "bfloat16":
        import ml_dtypes

        return numpy.dtype(ml_dtypes.bfloat16)
    return numpy.dtype(name).newbyteorder("<")


# =======================================================================================
# save
# =======================================================================================


class _Global:
    """A name pickled as a GLOBAL opcode (``torch._utils._rebuild_tensor_v2`` ...) without
    the object it names existing here."""

    __slots__ = ("module", "name")

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name

    def __call__(self, *args: Any) -> Any:  # pickle wants reduce functions callable
        raise TypeError(f"{self.module}.{self.name} exists only in a pickle")


class _SavedStorage:
    """One storage of a checkpoint being written: the bytes of a root (or lone) tensor."""

    __slots__ = ("data", "dtype", "keep", "key")

    def __init__(self, key: str, dtype: _dtype.dtype, data: numpy.ndarray, keep: Any) -> None:
        self.key, self.dtype, self.data, self.keep = key, dtype, data, keep


class _AsPlainTensor:
    """The tensor inside a Parameter (pickled as ``_rebuild_parameter(tensor, ...)``)."""

    __slots__ = ("tensor",)

    def __init__(self, tensor: Tensor) -> None:
        self.tensor = tensor


def _host(value: Any) -> numpy.ndarray:
    backend = core.current_backend().module
    if isinstance(value, core.current_backend().native_array_types):
        return numpy.asarray(backend.to_numpy(value))
    return numpy.asarray(core.Array(value).to_numpy())


class _TorchPickler(pickle._Pickler):
    """Python's pickler with tensors, dtypes, sizes and devices written as torch writes them
    (the pure-Python pickler, so that names of torch's globals can be written directly)."""

    dispatch = pickle._Pickler.dispatch.copy()

    def __init__(self, file: IO[bytes], protocol: int) -> None:
        super().__init__(file, protocol)
        self.storages: dict[int, _SavedStorage] = {}
        self.order: list[_SavedStorage] = []

    # -- names -------------------------------------------------------------------------
    def _write_global(self, obj: Any, module: str, name: str) -> None:
        self.write(pickle.GLOBAL + module.encode() + b"\n" + name.encode() + b"\n")
        self.memoize(obj)

    dispatch[_Global] = lambda self, obj: self._write_global(obj, obj.module, obj.name)
    dispatch[_dtype.dtype] = lambda self, obj: self._write_global(obj, "torch", str(obj.core_dtype))

    # -- tensors -----------------------------------------------------------------------
    def persistent_id(self, obj: Any) -> Any:
        if type(obj) is not _SavedStorage:
            return None
        if str(obj.dtype.core_dtype) in _STORAGE_NAMES:
            kind = _Global("torch", _STORAGE_NAMES[str(obj.dtype.core_dtype)])
            return ("storage", kind, obj.key, "cpu", obj.data.size)
        return ("storage", _Global(*_UNTYPED), obj.key, "cpu", obj.data.nbytes)

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, Tensor):
            from frontends.torch.nn.parameter import Parameter

            if isinstance(obj, Parameter):
                hooks = OrderedDict()
                return (
                    _Global("torch._utils", "_rebuild_parameter"),
                    (_AsPlainTensor(obj), obj.requires_grad, hooks),
                )
            return self._reduce_tensor(obj)
        if type(obj) is _AsPlainTensor:
            return self._reduce_tensor(obj.tensor)
        if isinstance(obj, Size):
            return (_Global("torch", "Size"), (tuple(obj),))
        if isinstance(obj, _device_type):
            return (_Global("torch", "device"), (str(obj),))
        return NotImplemented

    def _reduce_tensor(self, tensor: Tensor) -> tuple[Any, ...]:
        storage, offset, strides = self._storage_of(tensor)
        size = tuple(tensor.shape)
        requires_grad = tensor.requires_grad
        if str(storage.dtype.core_dtype) in _STORAGE_NAMES:
            rebuild = _Global("torch._utils", "_rebuild_tensor_v2")
            return (rebuild, (storage, offset, size, strides, requires_grad, OrderedDict()))
        rebuild = _Global("torch._utils", "_rebuild_tensor_v3")
        args = (storage, offset, size, strides, requires_grad, OrderedDict(), tensor.dtype)
        return (rebuild, args)

    def _new_storage(self, dtype: _dtype.dtype, values: Any, keep: Any) -> _SavedStorage:
        data = numpy.ascontiguousarray(_host(values)).reshape(-1)
        storage = _SavedStorage(str(len(self.order)), dtype, data, keep)
        self.order.append(storage)
        return storage

    def _storage_of(self, tensor: Tensor) -> tuple[_SavedStorage, int, tuple[int, ...]]:
        """The storage a tensor's values live in, its offset and strides there."""
        root = tensor._root
        if root is None or root.dtype != tensor.dtype:
            storage = self.storages.get(id(tensor))
            if storage is None:
                storage = self._new_storage(tensor.dtype, tensor.native, tensor)
                if root is None:
                    self.storages[id(tensor)] = storage
            return storage, 0, _contiguous(tensor.shape)
        layout = _strided_layout(tensor)
        if layout is None:  # not a strided view of its root: its own storage
            return (
                self._new_storage(tensor.dtype, tensor.native, tensor),
                0,
                _contiguous(tensor.shape),
            )
        storage = self.storages.get(id(root))
        if storage is None:
            storage = self._new_storage(root.dtype, root.native, root)
            self.storages[id(root)] = storage
        return storage, *layout


def _contiguous(shape: tuple[int, ...]) -> tuple[int, ...]:
    strides, step = [], 1
    for extent in reversed(tuple(shape)):
        strides.append(step)
        step *= max(extent, 1)
    return tuple(reversed(strides))


def _strided_layout(view: Tensor) -> tuple[int, tuple[int, ...]] | None:
    """(offset, strides) of a view in its root's contiguous storage, read off by running
    the view's steps on the root's element indices; None when it is not a strided view."""
    root = view._root
    count = int(numpy.prod(root.shape, dtype=numpy.int64))
    try:
        index = core.native.reshape(core.native.arange(count, dtype=core.int64), tuple(root.shape))
        for forward, _ in view._chain:
            index = forward(index)
        index = _host(index)
    except Exception:
        return None
    if index.shape != tuple(view.shape) or index.dtype != numpy.int64:
        return None
    strides = tuple(view.stride())
    offset = int(index.reshape(-1)[0]) if index.size else 0
    grid = numpy.full(index.shape, offset, dtype=numpy.int64)
    for axis, (extent, stride) in enumerate(zip(index.shape, strides)):
        shape = [1] * index.ndim
        shape[axis] = extent
        grid = grid + numpy.arange(extent, dtype=numpy.int64).reshape(shape) * stride
    if not numpy.array_equal(grid, index):
        return None
    return offset, strides


def _archive_name(f: Any) -> str:
    if isinstance(f, (str, os.PathLike)):
        return os.path.splitext(os.path.basename(os.fspath(f)))[0] or "archive"
    return "archive"


class _AlignedZipWriter:
    """A stored (uncompressed) zip whose records' bytes start at multiples of 64, padded
    with an extra field as torch pads them."""

    def __init__(self, file: IO[bytes], name: str) -> None:
        self.file = file
        self.zip = zipfile.ZipFile(file, "w", compression=zipfile.ZIP_STORED)
        self.prefix = name + "/"

    def write(self, name: str, data: bytes) -> None:
        info = zipfile.ZipInfo(self.prefix + name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_STORED
        start = self.file.tell() + 30 + len(info.filename.encode())
        padding = (-(start + 4)) % _ALIGNMENT
        info.extra = b"FB" + struct.pack("<H", padding) + b"Z" * padding
        self.zip.writestr(info, data)

    def close(self) -> None:
        self.zip.close()


def save(
    obj: object,
    f: FileLike,
    pickle_module: Any = pickle,
    pickle_protocol: int = DEFAULT_PROTOCOL,
    _use_new_zipfile_serialization: bool = True,
    _disable_byteorder_record: bool = False,
) -> None:
    """Save ``obj`` to ``f`` (a path or a writable binary file) in torch's zip format.

    A file this writes loads in real torch (and through :func:`load`). The legacy format
    is not written: ``_use_new_zipfile_serialization=False`` raises.
    """
    if not _use_new_zipfile_serialization:
        raise NotImplementedError(
            "torch.save(..., _use_new_zipfile_serialization=False): the frontend writes only "
            "torch's zip format (every torch since 1.6 reads it); drop the argument"
        )
    if pickle_module is not pickle:
        raise NotImplementedError(
            "torch.save(pickle_module=...): the frontend pickles with Python's pickle only"
        )
    buffer = io.BytesIO()
    pickler = _TorchPickler(buffer, pickle_protocol)
    pickler.dump(obj)
    if isinstance(f, (str, os.PathLike)):
        with open(f, "wb") as file:
            _write_archive(
                file, _archive_name(f), buffer.getvalue(), pickler.order, _disable_byteorder_record
            )
        return
    target = f if f.seekable() else io.BytesIO()
    _write_archive(target, "archive", buffer.getvalue(), pickler.order, _disable_byteorder_record)
    if target is not f:
        f.write(target.getvalue())


def _write_archive(
    file: IO[bytes], name: str, data: bytes, storages: list[_SavedStorage], no_byteorder: bool
) -> None:
    writer = _AlignedZipWriter(file, name)
    writer.write("data.pkl", data)
    writer.write(".format_version", b"1")
    writer.write(".storage_alignment", str(_ALIGNMENT).encode())
    if not no_byteorder:
        writer.write("byteorder", sys.byteorder.encode())
    for storage in storages:
        writer.write(f"data/{storage.key}", storage.data.tobytes())
    writer.write("version", b"3\n")
    writer.write(".data/serialization_id", str(secrets.randbits(128)).zfill(40).encode())
    writer.close()


# =======================================================================================
# load: the objects globals resolve to
# =======================================================================================


class _StorageType:
    """What ``torch.FloatStorage`` (etc.) resolves to: the dtype of a storage record."""

    __slots__ = ("dtype",)

    def __init__(self, dtype: _dtype.dtype) -> None:
        self.dtype = dtype


class _Root:
    """One storage's elements on the host, and the tensors built on it."""

    __slots__ = ("host", "tensors")

    def __init__(self, host: numpy.ndarray) -> None:
        self.host = host
        self.tensors: list[tuple[Tensor, numpy.ndarray | None, tuple[int, ...]]] = []
        if _loads:
            _loads[-1].roots.append(self)


class _Load:
    """What one :func:`load` built: its storages' roots, and the Parameters made of loaded
    tensors (the legacy format's data comes after the pickle: they are filled in after)."""

    def __init__(self) -> None:
        self.roots: list[_Root] = []
        self.built: dict[int, tuple[_Root, numpy.ndarray | None]] = {}
        self.aliases: list[tuple[Tensor, Tensor]] = []


_loads: list[_Load] = []


class TypedStorage:
    """A loaded storage: ``numel`` elements of ``dtype`` from ``offset`` in a root (the
    object ``map_location`` callables receive)."""

    __slots__ = ("dtype", "location", "numel", "offset", "root")

    def __init__(
        self, root: _Root, dtype: _dtype.dtype, offset: int, numel: int, location: str
    ) -> None:
        self.root, self.dtype, self.offset, self.numel = root, dtype, offset, numel
        self.location = location

    @property
    def device(self) -> _device_type:
        return _device_type("cpu")

    def size(self) -> int:
        return self.numel

    def __len__(self) -> int:
        return self.numel

    def cpu(self) -> TypedStorage:
        return self

    def _tensor(self, offset: int, size: tuple[int, ...], stride: tuple[int, ...]) -> Tensor:
        size, stride = tuple(int(s) for s in size), tuple(int(s) for s in stride)
        count = int(numpy.prod(size, dtype=numpy.int64))
        start = self.offset + int(offset)
        if count == 0:
            index = numpy.zeros(size, dtype=numpy.int64)
        else:
            last = start + sum((n - 1) * s for n, s in zip(size, stride))
            first = start + sum((n - 1) * s for n, s in zip(size, stride) if s < 0)
            if first < self.offset or last >= self.offset + self.numel:
                raise RuntimeError(
                    f"torch.load: a tensor of size {list(size)}, stride {list(stride)} and "
                    f"offset {offset} reaches past its storage of {self.numel} elements; "
                    "the file is corrupt"
                )
            index = None
            if start == 0 and stride == _contiguous(size) and count == self.root.host.size:
                host = self.root.host.reshape(size)
            else:
                index = numpy.full(size, start, dtype=numpy.int64)
                for axis, (extent, step) in enumerate(zip(size, stride)):
                    shape = [1] * len(size)
                    shape[axis] = extent
                    index = index + numpy.arange(extent, dtype=numpy.int64).reshape(shape) * step
                host = self.root.host[index]
        if count == 0:
            host = numpy.zeros(size, dtype=self.root.host.dtype)
            index = None
        backend = core.current_backend().module
        tensor = Tensor._from_native(backend.from_numpy(numpy.array(host, copy=True)))
        self.root.tensors.append((tensor, index, stride))
        if _loads:
            _loads[-1].built[id(tensor)] = (self.root, index)
        return tensor


def _rebuild_tensor(storage: TypedStorage, storage_offset: int, size: Any, stride: Any) -> Tensor:
    if not isinstance(storage, TypedStorage):
        raise pickle.UnpicklingError(
            f"torch.load: a tensor's storage is {type(storage).__name__}, not a storage record"
        )
    return storage._tensor(storage_offset, tuple(size), tuple(stride))


def _rebuild_tensor_v2(
    storage: TypedStorage,
    storage_offset: int,
    size: Any,
    stride: Any,
    requires_grad: bool,
    backward_hooks: Any,
    metadata: Any = None,
) -> Tensor:
    tensor = _rebuild_tensor(storage, storage_offset, size, stride)
    if requires_grad:
        tensor.requires_grad_(True)
    return tensor


def _rebuild_tensor_v3(
    storage: TypedStorage,
    storage_offset: int,
    size: Any,
    stride: Any,
    requires_grad: bool,
    backward_hooks: Any,
    dtype: _dtype.dtype,
    metadata: Any = None,
) -> Tensor:
    if not isinstance(storage, TypedStorage) or not isinstance(dtype, _dtype.dtype):
        raise pickle.UnpicklingError("torch.load: malformed _rebuild_tensor_v3 record")
    typed = storage
    if storage.dtype != dtype:
        host = storage.root.host[storage.offset : storage.offset + storage.numel]
        itemsize = dtype.itemsize
        if host.nbytes % itemsize:
            raise RuntimeError(
                f"torch.load: a storage of {host.nbytes} bytes does not hold {dtype} elements"
            )
        root = _Root(host.view(_numpy_dtype(dtype)))
        typed = TypedStorage(root, dtype, 0, root.host.size, storage.location)
    return _rebuild_tensor_v2(typed, storage_offset, size, stride, requires_grad, backward_hooks)


def _rebuild_parameter(data: Tensor, requires_grad: bool, backward_hooks: Any) -> Any:
    from frontends.torch.nn.parameter import Parameter

    param = Parameter(data, requires_grad)
    if _loads and isinstance(data, Tensor):
        _loads[-1].aliases.append((param, data))
    return param


def _rebuild_parameter_with_state(
    data: Tensor, requires_grad: bool, backward_hooks: Any, state: Any
) -> Any:
    param = _rebuild_parameter(data, requires_grad, backward_hooks)
    if state:
        for name, value in dict(state).items():
            setattr(param, name, value)
    return param


def _rebuild_from_type_v2(func: Callable, new_type: Any, args: Any, state: Any) -> Any:
    """Tensor subclasses: the tensor ``func(*args)`` (subclasses are not rebuilt)."""
    return func(*args)


def _unsupported_rebuild(kind: str) -> Callable[..., Any]:
    def rebuild(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(
            f"torch.load: the checkpoint holds a {kind}, which the torch frontend does not "
            "support; convert it to a dense CPU tensor with real torch before saving"
        )

    return rebuild


def _dtype_globals() -> dict[str, Any]:
    names = {str(d.core_dtype): d for d in _dtype.ALL_DTYPES}
    unsupported = (
        "complex32 bits16 bits1x8 bits2x4 bits4x2 bits8 float8_e4m3fn float8_e4m3fnuz "
        "float8_e5m2 float8_e5m2fnuz float8_e8m0fnu float4_e2m1fn_x2 qint32 qint8 quint2x4 "
        "quint4x2 quint8"
    ).split()
    for name in unsupported:
        names[name] = _unsupported_rebuild(f"torch.{name} dtype")
    for bits in range(1, 8):
        names[f"int{bits}"] = names[f"uint{bits}"] = _unsupported_rebuild(f"{bits}-bit dtype")
    return names


def _torch_globals() -> dict[str, Any]:
    """torch's weights-only allowlist, as the frontend's objects."""
    from frontends import torch as frontend

    table: dict[str, Any] = {
        "collections.OrderedDict": OrderedDict,
        "collections.Counter": Counter,
        "builtins.set": set,
        "builtins.complex": complex,
        "builtins.bytearray": bytearray,
        "_codecs.encode": _codecs_encode,
        "torch.Size": Size,
        "torch.device": _device_type,
        "torch.Tensor": Tensor,
        "torch._utils._rebuild_tensor": _rebuild_tensor,
        "torch._utils._rebuild_tensor_v2": _rebuild_tensor_v2,
        "torch._utils._rebuild_tensor_v3": _rebuild_tensor_v3,
        "torch._utils._rebuild_parameter": _rebuild_parameter,
        "torch._utils._rebuild_parameter_with_state": _rebuild_parameter_with_state,
        "torch._tensor._rebuild_from_type_v2": _rebuild_from_type_v2,
        "torch.nn.parameter.Parameter": frontend.nn.Parameter,
        "torch.storage.UntypedStorage": _StorageType(_dtype.uint8),
    }
    for name, storage in _STORAGE_NAMES.items():
        table[f"torch.{storage}"] = _StorageType(_dtype._by_core[name])
        table[f"torch.cuda.{storage}"] = _StorageType(_dtype._by_core[name])
    for name, value in _dtype_globals().items():
        table[f"torch.{name}"] = value
    for kind, qualname in [
        ("quantized tensor", "torch._utils._rebuild_qtensor"),
        ("sparse tensor", "torch._utils._rebuild_sparse_tensor"),
        ("nested tensor", "torch._utils._rebuild_nested_tensor"),
        ("meta tensor", "torch._utils._rebuild_meta_tensor_no_storage"),
        ("tensor subclass", "torch._utils._rebuild_wrapper_subclass"),
        ("device tensor", "torch._utils._rebuild_device_tensor_from_numpy"),
        ("device tensor", "torch._utils._rebuild_device_tensor_from_cpu_tensor"),
        ("sparse layout", "torch.serialization._get_layout"),
        ("typed storage object", "torch.storage.TypedStorage"),
        ("quantized storage", "torch.QInt32Storage"),
        ("quantized storage", "torch.QInt8Storage"),
        ("quantized storage", "torch.QUInt8Storage"),
        ("quantized storage", "torch.QUInt2x4Storage"),
        ("quantized storage", "torch.QUInt4x2Storage"),
    ]:
        table[qualname] = _unsupported_rebuild(kind)
    for legacy in "Float Double Half BFloat16 Long Int Short Char Byte Bool".split():
        for space in ("torch", "torch.cuda", "torch.sparse", "torch.cuda.sparse"):
            name = f"{legacy}Tensor"
            kind = getattr(frontend, name, None) if space == "torch" else None
            table[f"{space}.{name}"] = kind or _unsupported_rebuild(f"{space}.{name}")
    for scheme in (
        "per_tensor_affine per_channel_affine per_tensor_symmetric per_channel_symmetric "
        "per_channel_affine_float_qparams"
    ).split():
        table[f"torch.{scheme}"] = _unsupported_rebuild("quantization scheme")
    return table


def _codecs_encode(text: str, encoding: str = "utf-8") -> bytes:
    """Python 2 style bytes in protocol-2 pickles (``_codecs.encode(str, 'latin1')``)."""
    import codecs

    if encoding not in ("latin1", "latin-1", "utf-8", "utf8"):
        raise pickle.UnpicklingError(f"torch.load: _codecs.encode with encoding {encoding!r}")
    return codecs.encode(text, encoding)


_allowed: dict[str, Any] | None = None
_user_safe: dict[str, Any] = {}


def _allowlist() -> dict[str, Any]:
    global _allowed
    if _allowed is None:
        _allowed = _torch_globals()
    return _allowed


def _qualified(obj: Any) -> str:
    return f"{obj.__module__}.{obj.__qualname__}"


def add_safe_globals(safe_globals: list[Any]) -> None:
    """Allow these globals in ``weights_only`` loads (objects, or ``(object, "module.name")``
    pairs for an object pickled under another name)."""
    for entry in safe_globals:
        if isinstance(entry, tuple):
            obj, name = entry
            _user_safe[name] = obj
        else:
            _user_safe[_qualified(entry)] = entry


def get_safe_globals() -> list[Any]:
    """The globals :func:`add_safe_globals` allowed."""
    return list(_user_safe.values())


def clear_safe_globals() -> None:
    _user_safe.clear()


@contextlib.contextmanager
def safe_globals(safe_globals: list[Any]) -> Iterator[None]:
    """Allow these globals in ``weights_only`` loads inside the ``with`` block."""
    saved = dict(_user_safe)
    add_safe_globals(safe_globals)
    try:
        yield
    finally:
        _user_safe.clear()
        _user_safe.update(saved)


def _weights_only_error(message: str) -> pickle.UnpicklingError:
    return pickle.UnpicklingError(
        "Weights only load failed. This file can still be loaded, to do so you have two "
        "options, do those steps only if you trust the source of the checkpoint. \n\t(1) In "
        "PyTorch 2.6, we changed the default value of the `weights_only` argument in "
        "`torch.load` from `False` to `True`. Re-running `torch.load` with `weights_only` "
        "set to `False` will likely succeed, but it can result in arbitrary code execution. "
        "Do it only if you got the file from a trusted source.\n\t(2) Alternatively, to load "
        "with `weights_only=True` please check the recommended steps in the following error "
        f"message.\n\tWeightsUnpickler error: {message}\n\nCheck the documentation of "
        "torch.load to learn more about types accepted by default with weights_only "
        "https://pytorch.org/docs/stable/generated/torch.load.html."
    )


class _Unpickler(pickle.Unpickler):
    """Python's unpickler with torch's globals resolved to the frontend's objects; with
    ``weights_only`` every other global is refused (nothing outside the allowlist can be
    called or built)."""

    def __init__(
        self, file: IO[bytes], storage: Callable[[tuple], Any], weights_only: bool, **kwargs: Any
    ) -> None:
        super().__init__(file, **kwargs)
        self._storage = storage
        self._weights_only = weights_only

    def find_class(self, module: str, name: str) -> Any:
        key = f"{module}.{name}"
        if key in _user_safe:
            return _user_safe[key]
        table = _allowlist()
        if key in table:
            return table[key]
        if self._weights_only:
            shown = name if module == "builtins" else key
            raise _weights_only_error(
                f"Unsupported global: GLOBAL {shown} was not an allowed global by default. "
                f"Please use `torch.serialization.add_safe_globals([{shown}])` or the "
                f"`torch.serialization.safe_globals([{shown}])` context manager to allowlist "
                "this global if you trust this class/function."
            )
        if module == "torch" or module.startswith("torch."):
            import importlib

            try:
                found = importlib.import_module("frontends." + module)
                for part in name.split("."):
                    found = getattr(found, part)
                return found
            except (ImportError, AttributeError):
                raise pickle.UnpicklingError(
                    f"torch.load: the checkpoint needs {key}, which the torch frontend does "
                    "not have"
                ) from None
        return super().find_class(module, name)

    def persistent_load(self, pid: Any) -> Any:
        if not (isinstance(pid, tuple) and len(pid) >= 5 and pid[0] == "storage"):
            raise pickle.UnpicklingError(f"torch.load: unknown persistent id {pid!r}")
        return self._storage(pid)


# =======================================================================================
# load
# =======================================================================================


def _open(f: FileLike) -> tuple[IO[bytes], bool]:
    if isinstance(f, (str, os.PathLike)):
        return open(f, "rb"), True
    if isinstance(f, (bytes, bytearray)):
        return io.BytesIO(f), True
    return f, False


def _check_location(map_location: Any) -> Callable[[TypedStorage, str], Any] | None:
    if map_location is None or isinstance(map_location, (str, _device_type, dict)):
        return None
    if callable(map_location):
        return map_location
    raise TypeError(
        f"torch.load: map_location should be a string, a device, a dict or a callable, "
        f"got {type(map_location).__name__}"
    )


def load(
    f: FileLike,
    map_location: Any = None,
    pickle_module: Any = None,
    *,
    weights_only: bool | None = None,
    mmap: bool | None = None,
    **pickle_load_args: Any,
) -> Any:
    """Load an object :func:`save` (or real ``torch.save``) wrote, on the backend in use.

    ``weights_only`` defaults to True as in torch 2.6+: only tensors, containers, primitive
    types and torch's allowlisted globals (plus :func:`add_safe_globals`) load; any other
    global raises torch's ``UnpicklingError``. Pass ``weights_only=False`` to unpickle
    arbitrary objects from a trusted file. Reads the zip format and the legacy format.
    """
    if weights_only is None:
        weights_only = os.environ.get("TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD", "0") in ("0", "")
    if weights_only and pickle_module is not None and pickle_module is not pickle:
        raise RuntimeError("Can not safely load weights when explicit pickle_module is specified")
    mapper = _check_location(map_location)
    pickle_load_args.setdefault("encoding", "utf-8")
    file, owned = _open(f)
    try:
        start = file.tell() if file.seekable() else 0
        magic = file.read(4)
        if file.seekable():
            file.seek(start)
        else:
            file = io.BytesIO(magic + file.read())
        _loads.append(_Load())
        if magic[:2] == b"PK":
            return _load_zip(file, mapper, weights_only, pickle_load_args)
        return _load_legacy(file, mapper, weights_only, pickle_load_args)
    finally:
        if _loads:
            _loads.pop()
        if owned:
            file.close()


def _storage_loader(
    read: Callable[[str, _dtype.dtype, int], numpy.ndarray],
    mapper: Callable | None,
    roots: dict[str, TypedStorage],
) -> Callable[[tuple], TypedStorage]:
    def storage(pid: tuple) -> TypedStorage:
        kind, key, location, numel = pid[1], str(pid[2]), str(pid[3]), pid[4]
        if not isinstance(kind, _StorageType) or not isinstance(numel, int):
            raise pickle.UnpicklingError(f"torch.load: malformed storage record {pid!r}")
        typed = roots.get(key)
        if typed is None:
            host = read(key, kind.dtype, numel)
            typed = TypedStorage(_Root(host), kind.dtype, 0, host.size, location)
            if mapper is not None:
                mapped = mapper(typed, location)
                typed = mapped if isinstance(mapped, TypedStorage) else typed
            roots[key] = typed
        view = pid[5] if len(pid) > 5 else None
        if view is not None:  # legacy view of a storage: (key, offset, numel)
            _, offset, size = view
            return TypedStorage(typed.root, typed.dtype, int(offset), int(size), location)
        return typed

    return storage


def _corrupt(message: str) -> RuntimeError:
    return RuntimeError(f"PytorchStreamReader failed reading zip archive: {message}")


def _load_zip(
    file: IO[bytes], mapper: Callable | None, weights_only: bool, pickle_args: dict
) -> Any:
    try:
        archive = zipfile.ZipFile(file)
        names = archive.namelist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as error:
        raise _corrupt(f"failed finding central directory ({error})") from None
    pickles = [n for n in names if n.endswith("/data.pkl") or n == "data.pkl"]
    if len(pickles) != 1:
        raise _corrupt(f"expected one data.pkl record, found {len(pickles)}")
    prefix = pickles[0][: -len("data.pkl")]

    def record(name: str) -> bytes:
        try:
            return archive.read(prefix + name)
        except KeyError:
            raise _corrupt(f"file not found: {prefix + name}") from None
        except (zipfile.BadZipFile, OSError, EOFError, ValueError) as error:
            raise _corrupt(f"record {prefix + name} is damaged ({error})") from None

    byteorder = "little"
    if prefix + "byteorder" in names:
        byteorder = record("byteorder").decode("ascii", "replace").strip()
        if byteorder not in ("little", "big"):
            raise _corrupt(f"unknown byteorder {byteorder!r}")

    def read(key: str, dtype: _dtype.dtype, numel: int) -> numpy.ndarray:
        raw = record(f"data/{key}")
        npdtype = _numpy_dtype(dtype)
        if byteorder == "big" and npdtype.itemsize > 1 and dtype != _dtype.bfloat16:
            npdtype = npdtype.newbyteorder(">")
        if len(raw) % npdtype.itemsize:
            raise _corrupt(
                f"storage record data/{key} has {len(raw)} bytes, not whole {dtype} elements"
            )
        host = numpy.frombuffer(raw, dtype=npdtype)
        if byteorder == "big" and dtype == _dtype.bfloat16:
            host = host.view(numpy.uint16).byteswap().view(npdtype)
        return host.astype(npdtype.newbyteorder("="), copy=False)

    roots: dict[str, TypedStorage] = {}
    unpickler = _Unpickler(
        io.BytesIO(record("data.pkl")),
        _storage_loader(read, mapper, roots),
        weights_only,
        **pickle_args,
    )
    result = _unpickle(unpickler, weights_only)
    _share(roots.values())
    return result


def _unpickle(unpickler: _Unpickler, weights_only: bool) -> Any:
    try:
        return unpickler.load()
    except pickle.UnpicklingError:
        raise
    except RuntimeError:
        raise
    except Exception as error:
        message = f"{type(error).__name__}: {error}"
        if weights_only:
            raise _weights_only_error(message) from error
        raise pickle.UnpicklingError(f"torch.load: the pickle is corrupt ({message})") from error


def _load_legacy(
    file: IO[bytes], mapper: Callable | None, weights_only: bool, pickle_args: dict
) -> Any:
    def header(what: str) -> Any:
        try:
            return _Unpickler(file, _no_storage, True, **pickle_args).load()
        except EOFError:
            raise
        except Exception as error:
            if weights_only:
                raise _weights_only_error(f"{type(error).__name__}: {error}") from None
            raise RuntimeError(f"Invalid {what}; corrupt file? ({error})") from None

    magic = header("magic number")
    if magic != _LEGACY_MAGIC:
        if weights_only:
            raise _weights_only_error("Invalid magic number; corrupt file?")
        raise RuntimeError("Invalid magic number; corrupt file?")
    protocol = header("protocol version")
    if protocol != _LEGACY_PROTOCOL:
        raise RuntimeError(f"Invalid protocol version: {protocol}")
    sys_info = header("system information")
    little = not isinstance(sys_info, dict) or sys_info.get("little_endian", True)
    pending: dict[str, TypedStorage] = {}

    def read(key: str, dtype: _dtype.dtype, numel: int) -> numpy.ndarray:
        npdtype = _numpy_dtype(dtype)
        return numpy.zeros(numel, dtype=npdtype)  # filled once the records are read

    roots: dict[str, TypedStorage] = {}
    unpickler = _Unpickler(file, _storage_loader(read, mapper, roots), weights_only, **pickle_args)
    result = _unpickle(unpickler, weights_only)
    keys = header("storage key list")
    if not isinstance(keys, list):
        raise RuntimeError("torch.load: corrupt legacy file (no storage key list)")
    pending.update(roots)
    for key in keys:
        typed = pending.get(str(key))
        if typed is None:
            raise RuntimeError(f"torch.load: legacy file has storage {key} not used by its pickle")
        size = file.read(8)
        if len(size) != 8:
            raise RuntimeError("torch.load: legacy file is truncated (storage size)")
        (numel,) = struct.unpack("<q" if little else ">q", size)
        host = typed.root.host
        raw = file.read(numel * host.itemsize)
        if numel != host.size or len(raw) != host.nbytes:
            raise RuntimeError(f"torch.load: legacy file is truncated (storage {key})")
        npdtype = host.dtype if little else host.dtype.newbyteorder(">")
        host[...] = numpy.frombuffer(raw, dtype=npdtype)
    # the tensors were built before their data was read: fill them now
    backend = core.current_backend().module
    load = _loads[-1]
    for root in load.roots:
        for tensor, index, _ in root.tensors:
            values = root.host.reshape(tuple(tensor.shape)) if index is None else root.host[index]
            tensor._set_leaf_value(backend.from_numpy(numpy.array(values, copy=True)))
    for param, data in load.aliases:
        param._set_leaf_value(data.native)
    _share(roots.values())
    return result


def _no_storage(pid: tuple) -> Any:
    raise pickle.UnpicklingError("torch.load: corrupt legacy file (a storage in its header)")


def _share(storages: Any) -> None:
    """Make the untracked tensors loaded from one storage views of one root tensor of its
    elements, so that writes through one reach the others (as torch's shared storage)."""
    backend = core.current_backend().module
    for typed in storages:
        root = typed.root
        tensors = [entry for entry in root.tensors if not entry[0].requires_grad]
        if len(tensors) < 2:
            continue
        base = Tensor._from_native(backend.from_numpy(numpy.array(root.host, copy=True)))
        for tensor, index, stride in tensors:
            if index is None:
                index = numpy.arange(root.host.size, dtype=numpy.int64).reshape(tuple(tensor.shape))
            forward, inverse = _gather_step(index)
            tensor._root = base
            tensor._chain = ((forward, inverse),)
            tensor._seen_version = base._version
            tensor._view_strides = stride


def _gather_step(index: numpy.ndarray) -> tuple[Callable, Callable | None]:
    ops = core.native
    shape = index.shape
    flat = index.reshape(-1)
    index_native = core.current_backend().module.from_numpy(flat)

    def forward(root: Any) -> Any:
        return ops.reshape(ops.take(root, index_native), shape)

    def inverse(root: Any, new: Any) -> Any:  # the root is the 1-D storage
        return ops.set_item(root, index_native, ops.reshape(new, (-1,)))

    overlapping = numpy.unique(flat).size != flat.size
    return forward, None if overlapping else inverse
