"""torch's functions about memory and legacy settings: ``frombuffer``, ``detach``,
``get_device``, ``set_default_tensor_type``, and the logic of ``Tensor.storage_offset``.

Differs from torch: ``frombuffer`` copies the buffer's bytes (later writes on either side do
not reach the other), since a frontend tensor's native value cannot alias a Python buffer on
every backend.
"""

from __future__ import annotations

import builtins
import warnings
from typing import Any

import numpy

import core
from core import native as ops
from frontends.torch import _dtype, _views
from frontends.torch._tensor import Tensor

__all__ = ["detach", "frombuffer", "get_device", "set_default_tensor_type"]


def frombuffer(
    buffer: Any,
    *,
    dtype: Any,
    count: int = -1,
    offset: int = 0,
    requires_grad: bool = False,
) -> Tensor:
    """A 1-D tensor of the buffer's bytes read as ``dtype`` (native byte order), torch's
    ValueErrors for bad lengths and offsets. The bytes are copied (see module docstring)."""
    try:
        view = memoryview(buffer)
    except TypeError:
        raise ValueError("object does not implement Python buffer protocol.") from None
    torch_dtype = _dtype.to_torch_dtype(dtype)
    core_dtype = torch_dtype.core_dtype
    itemsize = torch_dtype.itemsize
    length = view.nbytes
    count, offset = builtins.int(count), builtins.int(offset)
    if length <= 0 or count == 0:
        raise ValueError(f"both buffer length ({length}) and count ({count}) must not be 0")
    if not 0 <= offset < length:
        raise ValueError(
            f"offset ({offset} bytes) must be non-negative and no greater than buffer length "
            f"({length} bytes) minus 1"
        )
    if count < 0:
        if (length - offset) % itemsize:
            raise ValueError(
                f"buffer length ({length - offset} bytes) after offset ({offset} bytes) must be "
                f"a multiple of element size ({itemsize})"
            )
        count = (length - offset) // itemsize
    elif offset + count * itemsize > length:
        raise ValueError(
            f"requested buffer length ({count} * {itemsize} bytes) after offset ({offset} bytes) "
            f"must not be greater than actual buffer length ({length} bytes)"
        )
    raw = view.cast("B")[offset : offset + count * itemsize].tobytes()
    if core_dtype == core.bool:
        host = numpy.frombuffer(raw, dtype=numpy.uint8) != 0
    else:
        from frontends.torch.serialization import _numpy_dtype

        host = numpy.frombuffer(raw, dtype=_numpy_dtype(torch_dtype)).copy()
    tensor = Tensor._from_native(ops.asarray(host, dtype=core_dtype))
    return tensor.requires_grad_(True) if requires_grad else tensor


def detach(input: Tensor) -> Tensor:
    """``input.detach()``."""
    if not isinstance(input, Tensor):
        raise TypeError(
            f"detach(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}"
        )
    return input.detach()


def get_device(input: Tensor) -> int:
    """``input.get_device()``: -1 for a CPU tensor."""
    if not isinstance(input, Tensor):
        raise TypeError(
            "get_device(): argument 'input' (position 1) must be Tensor, not "
            f"{type(input).__name__}"
        )
    return input.get_device()


_FLOAT_TYPES = {
    "torch.FloatTensor": "float32",
    "torch.DoubleTensor": "float64",
    "torch.HalfTensor": "float16",
    "torch.BFloat16Tensor": "bfloat16",
}


def set_default_tensor_type(t: Any) -> None:
    """Deprecated in torch (a UserWarning, as there): sets the default dtype from a legacy
    type (``torch.DoubleTensor`` or its name). CUDA types raise, as on a CPU-only torch."""
    warnings.warn(
        "torch.set_default_tensor_type() is deprecated as of PyTorch 2.1, please use "
        "torch.set_default_dtype() and torch.set_default_device() as alternatives.",
        UserWarning,
        stacklevel=2,
    )
    if isinstance(t, str):
        name = t
        if name.startswith("torch.cuda."):
            raise TypeError(f"type {name} not available. Torch not compiled with CUDA enabled.")
        module = name.rpartition(".")[0]
        if module != "torch":
            raise ModuleNotFoundError(f"No module named '{module or name}'")
    elif isinstance(t, type) and getattr(t, "__module__", None) == "torch":
        name = f"torch.{t.__name__}"
    else:
        raise TypeError(
            "invalid type object: only floating-point types are supported as the default type"
        )
    if name not in _FLOAT_TYPES:
        raise TypeError("only floating-point types are supported as the default type")
    _dtype.set_default_dtype(getattr(_dtype, _FLOAT_TYPES[name]))


def _positions(shape: tuple[int, ...], strides: tuple[int, ...], complex_: bool) -> Any:
    """Each element's storage position (complex elements as ``2k + (2k + 1)j``: their real
    and imaginary parts' positions in real units)."""
    position = numpy.zeros(shape, dtype=numpy.float64)
    for axis, (extent, stride) in enumerate(zip(shape, strides)):
        index = numpy.arange(extent, dtype=numpy.float64) * stride
        position = position + index.reshape((extent,) + (1,) * (len(shape) - axis - 1))
    if complex_:
        return (2 * position + 1j * (2 * position + 1)).astype(numpy.complex128)
    return position


def storage_offset(tensor: Any) -> int:
    """``Tensor.storage_offset()``: where the view's first element lies in its root's
    storage, in elements of the view's dtype.

    Computed by running the view chain's forward steps on an array holding each root
    element's storage position (see :func:`_positions`; so real/imag and
    ``view_as_real``/``view_as_complex`` steps count in real units), on the numpy backend
    whatever the current one (the steps look core's functions up at call time). A tensor
    sharing another frontend's array (``from_numpy`` of the numpy frontend's ndarray)
    starts its storage there, as torch's does. An empty view has no first element to read
    the position from: that raises (torch gives the offset it was sliced at)."""
    from frontends.base.array import _identity as shared_step

    root = tensor._root
    if root is None:
        return 0
    shape = tuple(root._value.shape)
    strides = root._strides() if isinstance(root, Tensor) else _views.contiguous_strides(shape)
    is_complex = core.as_core_dtype(root._value.dtype).kind == "c"
    # metadata, a Python int: computed on the host, so no backend work (or jax compile)
    with core.use_backend("numpy"):
        value = _positions(shape, strides, is_complex)
        for forward, _ in tensor._chain:
            if forward is shared_step:  # another frontend's array: a new storage
                shape = tuple(value.shape)
                value = _positions(shape, _views.contiguous_strides(shape), is_complex)
                continue
            value = forward(value)
            is_complex = numpy.iscomplexobj(value)
    if not builtins.int(numpy.prod(value.shape)):
        raise RuntimeError(
            "storage_offset() of an empty view is not known to this frontend (its views "
            "record how to compute their values, not where they start); take the offset "
            "from the slice that made it"
        )
    first = numpy.asarray(value).reshape(-1)[0]
    if numpy.iscomplexobj(first):
        return builtins.int(first.real) // 2
    return builtins.int(first)
