"""torch.Tensor: one native array of the backend, with torch's attributes and methods.

Views (``view``, ``reshape`` of a tensor, ``transpose``, ``permute``, ``expand``,
``narrow``, ``unsqueeze``, ``squeeze``, indexing with basic keys) share writes with their
base through :class:`frontends.base.array.FrontendArray`'s view chain, on every backend.
Autograd maps onto :mod:`core.autodiff`: a tensor that requires grad is a tracked leaf
(its sink accumulates ``.grad``), results of ops on tracked values are recorded nodes
(``grad_fn``), and an in-place op replaces the tensor's native value by the op's recorded
result, so gradients flow through in-place updates of non-leaf tensors.

The method form of every ``torch`` function whose first parameter is ``input`` is
generated from the function (:func:`add_function_methods`), with the in-place ``name_``
variants for those :data:`INPLACE_NAMES` lists; the operators call the same functions,
so they follow torch's promotion.
"""

from __future__ import annotations

import builtins
import sys
import weakref as _weakref
from collections.abc import Callable, Iterator
from types import FunctionType as _FunctionType
from typing import Any

import core
from core import autodiff as _ad
from core import native as ops
from frontends.base.array import FrontendArray, dtype_view_step, native_function, to_native
from frontends.torch import _dtype, _views
from frontends.torch._device import CREATING_META as _creating_meta
from frontends.torch._size import Size


def _torch() -> Any:
    return sys.modules["frontends.torch"]


class Tensor(FrontendArray):
    """torch.Tensor on any core backend. Like torch's, a tensor takes attributes of its own
    (libraries mark parameters: ``param._is_hf_initialized = True``)."""

    __slots__ = ("__dict__", "_hooks", "_leaf", "_name", "_retains_grad", "_view_strides", "grad")
    __array_priority__ = 1000

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # torch.Tensor(data) / torch.Tensor(2, 3): the legacy constructor, default dtype
        if len(args) == 1 and not isinstance(args[0], builtins.int):
            value = _torch().tensor(args[0], dtype=_dtype.get_default_dtype()).native
        else:
            value = _torch().empty(*args, **kwargs).native
        super().__init__(value)
        self._leaf = None
        self.grad = None
        self._view_strides = None

    @classmethod
    def _from_native(cls, value: Any) -> Tensor:
        # FrontendArray._from_native's fields and Tensor's, set in one call: every result
        # is made here, and a second call costs a fifth of a small op's dispatch
        tensor = object.__new__(cls)
        tensor._value = value
        tensor._root = None
        tensor._chain = ()
        tensor._version = 0
        tensor._leaf = None
        tensor.grad = None
        # set on every tensor: reading an unset slot raises inside (getattr with a
        # default costs 0.7 µs), and views read it on every call
        tensor._view_strides = None
        if _creating_meta[0]:
            tensor._meta = True
        return tensor

    _meta = False  # made under a meta default device (see frontends.torch._device)

    def _view_from(self, value: Any, forward: Callable[[Any], Any], inverse: Any) -> Tensor:
        view = FrontendArray._view_from(self, value, forward, inverse)
        view._leaf = None  # recorded: views carry requires_grad
        view.grad = None
        view._view_strides = None
        return view

    # ------------------------------------------------------------------ autograd
    @property
    def requires_grad(self) -> builtins.bool:
        return self._leaf is not None or _ad.node_of(self.native) is not None

    @requires_grad.setter
    def requires_grad(self, value: builtins.bool) -> None:
        value = builtins.bool(value)
        node = _ad.node_of(self.native)
        if node is not None and not node.is_leaf:
            if value:
                return
            raise RuntimeError(
                "you can only change requires_grad flags of leaf variables. If you want to "
                "use a computed variable in a subgraph that doesn't require differentiation "
                "use var_no_grad = var.detach()."
            )
        if value == (self._leaf is not None):
            return
        if value:
            if self.dtype.core_dtype.kind not in "fc":
                raise RuntimeError(
                    "only Tensors of floating point and complex dtype can require gradients"
                )
            # a leaf owns its native object (the engine keys nodes by identity); a view
            # that becomes a leaf (``x.detach().requires_grad_()``) stops sharing writes
            native = _fresh(self.native)
            self._root, self._chain = None, ()
            self._value = native
            self._leaf = _ad.track(native, _sink(self))
        else:
            _ad.untrack(self.native)
            self._leaf = None

    def requires_grad_(self, requires_grad: builtins.bool = True) -> Tensor:
        if requires_grad and self.dtype.core_dtype.kind not in "fc":
            raise RuntimeError("only Tensors of floating point dtype can require gradients")
        self.requires_grad = requires_grad
        return self

    @property
    def is_leaf(self) -> builtins.bool:
        if self._leaf is not None:
            return True
        node = _ad.node_of(self.native)
        return node is None or node.is_leaf

    @property
    def grad_fn(self) -> Any:
        """The node that produced this tensor (None for leaves), with torch's names."""
        if self._leaf is not None:
            return None
        node = _ad.node_of(self.native)
        if node is None or node.is_leaf:
            return None
        from frontends.torch.autograd.graph import node_object

        return node_object(node)

    def retain_grad(self) -> None:
        """Keep the gradient of a non-leaf tensor in ``.grad`` after ``backward``."""
        if self.is_leaf:
            return
        if getattr(self, "_retains_grad", False):
            return
        self._retains_grad = True
        reference = _weakref.ref(self)

        def store(g: Any) -> None:
            tensor = reference()
            if tensor is not None:
                _accumulate(tensor, g)

        _ad.add_hook(self.native, store, last=True)

    @property
    def retains_grad(self) -> builtins.bool:
        return not self.is_leaf and getattr(self, "_retains_grad", False)

    def register_hook(self, hook: Callable[[Tensor], Any]) -> Any:
        """``hook(grad)`` runs when this tensor's gradient is computed; a returned tensor
        replaces it."""
        if not self.requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")

        def native_hook(g: Any) -> Any:
            result = hook(Tensor._from_native(g))
            return None if result is None else to_native(result)

        return _RemovableHandle(_ad.add_hook(self.native, native_hook))

    def backward(
        self,
        gradient: Any = None,
        retain_graph: builtins.bool | None = None,
        create_graph: builtins.bool = False,
        inputs: Any = None,
    ) -> None:
        """Accumulate the gradient of this tensor into the ``.grad`` of the leaves."""
        from frontends.torch.autograd import backward

        backward(self, gradient, retain_graph, create_graph, inputs=inputs)

    def _set_leaf_value(self, value: Any) -> None:
        """Replace a root tensor's value in place, keeping it the same leaf (an optimizer
        step); ``value`` must be a fresh native array."""
        _ad.mark_modified(self._value, value)
        self._value = value
        self._version += 1
        if self._leaf is not None:
            _ad.retrack(value, self._leaf)

    def _assign(self, value: Any) -> None:
        root = self if self._root is None else self._root
        if root._leaf is not None and _ad.is_grad_enabled() and self.requires_grad:
            if root is self:
                raise RuntimeError(
                    "a leaf Variable that requires grad is being used in an in-place operation."
                )
            raise RuntimeError(
                "a view of a leaf Variable that requires grad is being used in an in-place "
                "operation."
            )
        old_root, old_view = root._value, None if root is self else self.native
        super()._assign(value)
        if root._leaf is not None:
            root._value = _fresh(root._value)
            _ad.retrack(root._value, root._leaf)
        # torch's version counter: a graph that saved the old value raises at backward
        _ad.mark_modified(old_root, root._value)
        if old_view is not None:
            _ad.mark_modified(old_view, value)

    def _view(
        self,
        forward: Callable[[Any], Any],
        inverse: Any,
        strides: Any,
        value: Any = None,
    ) -> Tensor:
        """A view (see :mod:`frontends.torch._views`) with the strides torch gives it
        (None: contiguous; a function: computed when first asked); ``value``, when the
        caller has it, is ``forward(self.native)``."""
        if value is None or type(self) is not Tensor:
            view = self._make_view(forward, inverse)  # subclasses may make views their way
            view._view_strides = strides
            return view
        return self._step_view((forward, inverse), strides, value)

    def _step_view(self, step: tuple[Any, Any], strides: Any, value: Any) -> Tensor:
        """The view of the (forward, inverse) ``step`` whose value ``forward(self.native)``
        the caller has, all fields set in one call (views are the cheapest ops, so this is
        most of their cost)."""
        if type(self) is not Tensor:
            return self._view(step[0], step[1], strides)
        view = object.__new__(Tensor)
        root = self._root
        if root is None:
            view._root = self
            view._chain = (step,)
            view._seen_version = self._version
        else:
            view._root = root
            view._chain = (*self._chain, step)
            view._seen_version = root._version
        view._value = value
        view._version = 0
        view._leaf = None  # recorded: views carry requires_grad
        view.grad = None
        view._view_strides = strides
        return view

    # ------------------------------------------------------------------ attributes
    @property
    def dtype(self) -> _dtype.dtype:
        return _dtype.of(core.as_core_dtype(self.native.dtype))

    @property
    def shape(self) -> Size:
        shape = self.native.shape
        if isinstance(shape, tuple):  # already Python ints (numpy, jax, torch.Size)
            return tuple.__new__(Size, shape)
        return Size(shape)

    def size(self, dim: int | None = None, *, axis: int | None = None) -> Size | int:
        """The shape, or its extent along ``dim`` (``axis``: numpy's name, as torch takes)."""
        shape = self.shape
        if axis is not None:
            dim = axis
        if dim is None:
            return shape
        return shape[_normalize_dim(dim, len(shape))]

    @property
    def ndim(self) -> int:
        return len(self.native.shape)

    def dim(self) -> int:
        return self.ndim

    ndimension = dim

    def numel(self) -> int:
        return self.shape.numel()

    nelement = numel

    @property
    def device(self) -> Any:
        if self._meta:
            return _torch().device("meta")
        return _torch().device(
            "cpu" if core.current_backend().module.device_of(self.native) == "cpu" else "cuda"
        )

    @property
    def is_meta(self) -> bool:
        return self._meta

    @property
    def is_cuda(self) -> bool:
        return self.device.type == "cuda"

    @property
    def data(self) -> Tensor:
        return self.detach()

    @data.setter
    def data(self, value: Tensor) -> None:
        """Replace the values (torch allows another shape or dtype), outside the graph: a
        leaf stays the same leaf."""
        native = to_native(value)
        if self._root is not None:
            with _ad.no_grad():
                self._assign(native)
            return
        if self._leaf is not None:
            native = _fresh(native)
            self._value = native
            self._version += 1
            _ad.retrack(native, self._leaf)
        else:
            self._value = _detached(native)
            self._version += 1
        self._view_strides = None

    @property
    def T(self) -> Tensor:
        native = self._value if self._root is None else self.native
        ndim = len(native.shape)
        if not ndim:
            return _views.permute(self, ())
        return _views.permuted(self, native, _views.reversed_dims(ndim))

    @property
    def mT(self) -> Tensor:
        return self.transpose(-2, -1)

    @property
    def H(self) -> Tensor:
        return self.T.conj()

    @property
    def mH(self) -> Tensor:
        return self.mT.conj()

    @property
    def itemsize(self) -> int:
        return self.dtype.itemsize

    def element_size(self) -> int:
        return self.dtype.itemsize

    @property
    def nbytes(self) -> int:
        return self.numel() * self.dtype.itemsize

    def is_floating_point(self) -> bool:
        return self.dtype.is_floating_point

    def is_complex(self) -> bool:
        return self.dtype.is_complex

    @property
    def is_sparse(self) -> bool:
        """Always False: tensors are dense."""
        return False

    def is_conj(self) -> bool:
        """Always False: ``conj`` of a complex tensor gives a conjugated copy here."""
        return False

    def is_neg(self) -> bool:
        return False

    def resolve_conj(self) -> Tensor:
        return self

    def resolve_neg(self) -> Tensor:
        return self

    def is_contiguous(self, memory_format: Any = None) -> bool:
        if getattr(self, "_view_strides", None) is None:  # contiguous strides
            return True
        return _views.is_contiguous(self.shape, self._strides())

    def stride(self, dim: int | None = None, *, axis: int | None = None) -> tuple[int, ...] | int:
        strides = self._strides()
        if axis is not None:
            dim = axis
        return strides if dim is None else strides[_normalize_dim(dim, len(strides))]

    def _strides(self) -> tuple[int, ...]:
        """Strides as torch would report them: contiguous for a root, and for a view the
        result of its view steps applied to its root's strides (recorded with the step, or
        as a function computing them, called when first asked)."""
        try:
            strides = self._view_strides
        except AttributeError:  # a tensor made without _from_native (a subclass's __new__)
            strides = None
        if strides is None:
            return _views.contiguous_strides(self.native.shape)
        if type(strides) is not tuple:
            strides = tuple(strides() if callable(strides) else strides)
            self._view_strides = strides
        return strides

    def data_ptr(self) -> int:
        return id(self if self._root is None else self._root)

    def untyped_storage(self) -> Any:
        """A description of the memory this tensor and its views share (see
        :mod:`frontends.torch.storage`)."""
        from frontends.torch.storage import UntypedStorage

        base = self if self._root is None else self._root
        return UntypedStorage._describe(
            self.data_ptr(), base.numel() * base.element_size(), self.device
        )

    def storage_offset(self) -> int:
        """The view's offset into its root's storage, from the view chain (see
        :func:`frontends.torch._interop.storage_offset`)."""
        from frontends.torch._interop import storage_offset

        return storage_offset(self)

    def __dlpack__(self, **kwargs: Any) -> Any:
        from frontends.torch.utils.dlpack import tensor_dlpack

        return tensor_dlpack(self, **kwargs)

    def __dlpack_device__(self) -> tuple[int, int]:
        from frontends.torch.utils.dlpack import tensor_dlpack_device

        return tensor_dlpack_device(self)

    def __hash__(self) -> int:
        return id(self)

    # ------------------------------------------------------------------ conversion
    def numpy(self, *, force: bool = False) -> Any:
        """The values as a numpy array (a copy: backends may not share memory with numpy)."""
        if self.requires_grad and not force:
            raise RuntimeError(
                "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead."
            )
        import numpy

        return numpy.asarray(
            core.current_backend().module.to_numpy(self.native)
            if _is_current(self.native)
            else core.Array(self.native).to_numpy()
        )

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> Any:
        array = self.numpy(force=True)
        return array if dtype is None else array.astype(dtype)

    def tolist(self) -> Any:
        return self.numpy(force=True).tolist()

    def item(self) -> Any:
        if self.numel() != 1:
            raise RuntimeError(
                f"a Tensor with {self.numel()} elements cannot be converted to Scalar"
            )
        return self.numpy(force=True).reshape(()).item()

    def detach(self) -> Tensor:
        """A tensor sharing this one's values; writes to it reach this one, as in torch."""
        native = self._value if self._root is None else self.native
        return self._step_view(_DETACH, getattr(self, "_view_strides", None), _detached(native))

    def detach_(self) -> Tensor:
        if self._is_view and self.requires_grad:
            raise RuntimeError(
                "Can't detach views in-place. Use detach() instead. If you are using "
                "DistributedDataParallel (DDP) for training, and gradient_as_bucket_view is "
                "set as True, gradients are views of DDP buckets, and hence detach_() cannot "
                "be called on these gradients. To fix this error, please refer to the "
                "Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution."
            )
        if self._leaf is not None:
            _ad.untrack(self.native)
            self._leaf = None
        elif _ad.is_tracked(self.native):
            self._value = _detached(self._value)
        return self

    def clone(self, *, memory_format: Any = None) -> Tensor:
        """A copy; like torch it keeps a dense permuted layout's strides (``stride()``)."""
        copy = Tensor._from_native(
            ops.astype(self.native, core.as_core_dtype(self.native.dtype), copy=True)
        )
        if getattr(self, "_view_strides", None) is not None:
            strides = self._strides()
            if _views.is_non_overlapping_and_dense(self.shape, strides):
                copy._view_strides = strides
        return copy

    def contiguous(self, memory_format: Any = None) -> Tensor:
        if self.is_contiguous():
            return self
        return Tensor._from_native(
            ops.astype(self.native, core.as_core_dtype(self.native.dtype), copy=True)
        )

    def cpu(self, memory_format: Any = None) -> Tensor:
        return self

    def cuda(
        self, device: Any = None, non_blocking: bool = False, memory_format: Any = None
    ) -> Tensor:
        raise AssertionError("Torch not compiled with CUDA enabled")

    def to(self, *args: Any, **kwargs: Any) -> Tensor:
        """``to(dtype)``, ``to(device)``, ``to(device, dtype)``, ``to(other)``; ``copy=``.

        Returns ``self`` when nothing changes, as torch does; never mutates ``self``.
        """
        if not kwargs and len(args) == 1 and type(args[0]) is _DTYPE:  # to(dtype)
            native = self._value if self._root is None else self.native
            plan = _TO_PLANS.get((native.dtype, args[0]))
            if plan is None:
                plan = _to_plan(native.dtype, args[0])
            if plan is _SAME:
                return self
            target, source = plan
            if source is None:  # nothing but the cast
                return Tensor._from_native(native_function("astype", native)(native, target))
            return Tensor._from_native(_views.cast(native, target, source))
        target = kwargs.pop("dtype", None)
        copy = kwargs.pop("copy", False)
        kwargs.pop("non_blocking", None)
        kwargs.pop("memory_format", None)
        device = kwargs.pop("device", None)
        for arg in args:
            if isinstance(arg, Tensor):
                target = arg.dtype
            elif isinstance(arg, _dtype.dtype):
                target = arg
            elif arg is not None and not isinstance(arg, builtins.bool):
                device = arg
        if kwargs:
            raise TypeError(f"to() got unexpected keyword arguments {sorted(kwargs)}")
        if device is not None:
            _torch().device(device)  # validates, and cuda raises like torch without CUDA
        if target is None or _dtype.to_torch_dtype(target) == self.dtype:
            return self.clone() if copy else self
        return Tensor._from_native(
            _views.cast(self.native, _dtype.to_torch_dtype(target).core_dtype)
        )

    def type(self, dtype: Any = None, non_blocking: bool = False) -> Any:
        if dtype is None:
            return _LEGACY_TYPE_NAMES[self.dtype.core_dtype]
        if isinstance(dtype, str):
            dtype = _DTYPE_OF_TYPE_NAME[dtype]
        return self.to(dtype)

    def type_as(self, other: Tensor) -> Tensor:
        return self.to(other.dtype)

    def float(self, memory_format: Any = None) -> Tensor:
        return self.to(_dtype.float32)

    def double(self, memory_format: Any = None) -> Tensor:
        return self.to(_dtype.float64)

    def half(self, memory_format: Any = None) -> Tensor:
        return self.to(_dtype.float16)

    def bfloat16(self, memory_format: Any = None) -> Tensor:
        return self.to(_dtype.bfloat16)

    def long(self, memory_format: Any = None) -> Tensor:
        return self.to(_dtype.int64)

    def int(self, memory_format: Any = None) -> Tensor:
        return self.to(_dtype.int32)

    def short(self, memory_format: Any = None) -> Tensor:
        return self.to(_dtype.int16)

    def char(self, memory_format: Any = None) -> Tensor:
        return self.to(_dtype.int8)

    def byte(self, memory_format: Any = None) -> Tensor:
        return self.to(_dtype.uint8)

    def bool(self, memory_format: Any = None) -> Tensor:
        return self.to(_dtype.bool)

    def cfloat(self, memory_format: Any = None) -> Tensor:
        return self.to(_dtype.complex64)

    def cdouble(self, memory_format: Any = None) -> Tensor:
        return self.to(_dtype.complex128)

    # ------------------------------------------------------------------ Python protocol
    def __len__(self) -> int:
        if self.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return self.shape[0]

    def __iter__(self) -> Iterator[Tensor]:
        if self.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        return (self[index] for index in range(self.shape[0]))

    def __bool__(self) -> bool:
        if self.numel() != 1:
            raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
        return builtins.bool(self.item())

    def __int__(self) -> int:
        return builtins.int(self.item())

    def __float__(self) -> float:
        return builtins.float(self.item())

    def __complex__(self) -> complex:
        return builtins.complex(self.item())

    def __index__(self) -> int:
        if self.dtype.is_floating_point or self.dtype.is_complex or self.numel() != 1:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return builtins.int(self.item())

    def __repr__(self, *, tensor_contents: str | None = None) -> str:
        """torch's repr; ``tensor_contents`` (what torch's subclasses print) in place of
        the values."""
        return _format(self, tensor_contents)

    def __str__(self) -> str:
        return _format(self)

    def __format__(self, format_spec: str) -> str:
        if self.ndim == 0:
            return format(self.item(), format_spec)
        return repr(self)

    # ------------------------------------------------------------------ views
    def view(self, *shape: Any, size: Any = None, dtype: Any = None) -> Tensor:
        """A view of another shape; torch's error where the strides don't allow it.
        ``view(dtype)`` reads the same bytes as ``dtype`` (the last dimension scaled)."""
        shape = _views.varargs_or_keyword(shape, "size", size, "view")
        shape = _views.varargs_or_keyword(shape, "dtype", dtype, "view")
        view = _views.plain_reshape(self, shape)
        if view is not None:
            return view
        if len(shape) == 1 and isinstance(shape[0], _dtype.dtype):
            if shape[0] == self.dtype:
                return self._view(_identity, _replace, self._strides())
            return self._dtype_view(shape[0])
        return _views.view(self, _views.shape_args(shape, "shape"))

    def _dtype_view(self, dtype: Any) -> Tensor:
        source, wanted = self.dtype.itemsize, dtype.itemsize
        if source != wanted:
            names = (_dtype.scalar_type_name(str(d.core_dtype)) for d in (self.dtype, dtype))
            pair = " as ".join(names)
            if self.ndim == 0:
                raise RuntimeError(
                    f"self.dim() cannot be 0 to view {pair} (different element sizes)"
                )
            if source < wanted and self.shape[-1] % (wanted // source):
                raise RuntimeError(
                    f"self.size(-1) must be divisible by {wanted // source} to view {pair} "
                    f"(different element sizes), but got {self.shape[-1]}"
                )
        return self._view(*dtype_view_step(dtype.core_dtype), None)

    def view_as(self, other: Tensor) -> Tensor:
        return self.view(other.shape)

    def reshape(self, *args: Any, shape: Any = None) -> Tensor:
        """A view when torch's ``view`` would succeed (as torch), otherwise a copy."""
        shape = _views.varargs_or_keyword(args, "shape", shape, "reshape")
        view = _views.plain_reshape(self, shape)
        if view is not None:
            return view
        return _views.reshape(self, _views.shape_args(shape, "shape"))

    def reshape_as(self, other: Tensor) -> Tensor:
        return self.reshape(other.shape)

    def expand(self, *sizes: Any, size: Any = None, implicit: bool = False) -> Tensor:
        """A broadcast view; writes to it raise torch's overlapping-memory error.
        ``implicit`` (torch's flag for broadcasts it made itself) changes nothing."""
        sizes = _views.varargs_or_keyword(sizes, "size", size, "expand")
        return _views.expand(self, _views.shape_args(sizes))

    def expand_as(self, other: Tensor) -> Tensor:
        return self.expand(other.shape)

    def permute(self, *args: Any, dims: Any = None) -> Tensor:
        dims = _views.varargs_or_keyword(args, "dims", dims, "permute")
        return _views.permute(self, _views.shape_args(dims, "dims"))

    def repeat(self, *sizes: Any, repeats: Any = None) -> Tensor:
        sizes = _views.varargs_or_keyword(sizes, "repeats", repeats, "repeat")
        sizes = _views.shape_args(sizes, "repeats")
        if len(sizes) < self.ndim:
            raise RuntimeError(
                "Number of dimensions of repeat dims can not be smaller than number of "
                "dimensions of tensor"
            )
        value = self.native
        if len(sizes) > self.ndim:
            value = ops.reshape(value, (1,) * (len(sizes) - self.ndim) + tuple(value.shape))
        return Tensor._from_native(ops.tile(value, sizes))

    def tile(self, *args: Any, dims: Any = None) -> Tensor:
        dims = _views.varargs_or_keyword(args, "dims", dims, "tile")
        return _torch().tile(self, _views.shape_args(dims, "dims"))

    def split(self, split_size: Any, dim: int = 0) -> tuple[Tensor, ...]:
        return _torch().split(self, split_size, dim)

    # torch's indexing: ints, slices, None and Ellipsis give a view; integer and boolean
    # tensors (and lists) give a copy (the functions themselves: one call less)
    __getitem__ = _views.getitem
    __setitem__ = _views.setitem

    # ------------------------------------------------------------------ in place
    def copy_(self, other: Any, non_blocking: bool = False) -> Tensor:
        """Copy ``other`` (broadcast, cast to this dtype) into this tensor in place."""
        value = _views.as_native_of(other, self.dtype.core_dtype)
        shape = tuple(self.shape)
        if tuple(value.shape) != shape:
            try:
                value = ops.broadcast_to(value, shape)
            except Exception:
                raise RuntimeError(
                    f"The size of tensor a ({shape[-1] if shape else 1}) must match the size "
                    f"of tensor b ({value.shape[-1] if value.shape else 1}) at non-singleton "
                    "dimension 0"
                ) from None
        self._assign(value)
        return self

    def zero_(self) -> Tensor:
        self._assign(ops.zeros(tuple(self.shape), dtype=self.dtype.core_dtype))
        return self

    def fill_(self, value: Any) -> Tensor:
        if isinstance(value, Tensor) and value.ndim:
            raise RuntimeError(
                "fill_ only supports 0-dimension value tensor but got tensor with "
                f"{value.ndim} dimensions."
            )
        # copied from the broadcast: a broadcast value is read-only memory on numpy (the
        # .numpy() of a parameter nn.init filled must be writable)
        dtype = self.dtype.core_dtype
        fill = ops.broadcast_to(_views.as_native_of(value, dtype), tuple(self.shape))
        self._assign(ops.astype(fill, dtype, copy=True))
        return self

    def fill_diagonal_(self, fill_value: Any, wrap: bool = False) -> Tensor:
        """Write ``fill_value`` on the main diagonal (``wrap``: restart below a tall
        matrix's square part every ``cols + 1`` rows, as torch)."""
        shape = tuple(self.shape)
        if len(shape) < 2:
            raise RuntimeError("dimensions must larger than 1")
        if len(shape) > 2 and len(set(shape)) != 1:
            raise RuntimeError("all dimensions of input must be of equal length")
        import numpy

        if len(shape) == 2:
            rows, cols = shape
            stop = rows * cols if wrap else min(rows, cols) * cols
            positions = numpy.arange(0, stop, cols + 1)
        else:
            n = shape[0]
            positions = numpy.arange(n) * sum(n**k for k in range(len(shape)))
        fill = _views.as_native_of(fill_value, self.dtype.core_dtype)
        flat = ops.reshape(self.native, (-1,))
        flat = ops.set_item(flat, ops.asarray(positions), fill)
        self._assign(ops.reshape(flat, shape))
        return self

    # ------------------------------------------------------------------ new_*
    def _new(self, kwargs: dict[str, Any]) -> dict[str, Any]:
        kwargs.setdefault("dtype", self.dtype)
        return kwargs

    def new_zeros(self, *size: Any, **kwargs: Any) -> Tensor:
        return _torch().zeros(*size, **self._new(kwargs))

    def new_ones(self, *size: Any, **kwargs: Any) -> Tensor:
        return _torch().ones(*size, **self._new(kwargs))

    def new_empty(self, *size: Any, **kwargs: Any) -> Tensor:
        return _torch().empty(*size, **self._new(kwargs))

    def new_full(self, size: Any, fill_value: Any, **kwargs: Any) -> Tensor:
        return _torch().full(size, fill_value, **self._new(kwargs))

    def new_tensor(self, data: Any, **kwargs: Any) -> Tensor:
        return _torch().tensor(data, **self._new(kwargs))

    def __reduce_ex__(self, proto: Any) -> Any:
        return (_rebuild, (self.numpy(force=True), self.requires_grad))

    def __deepcopy__(self, memo: dict) -> Tensor:
        if not self.is_leaf:
            raise RuntimeError(
                "Only Tensors created explicitly by the user (graph leaves) support the "
                "deepcopy protocol at the moment.  If you were attempting to deepcopy a module, "
                "this may be because of a torch.nn.utils.weight_norm usage, see "
                "https://github.com/pytorch/pytorch/pull/103001"
            )
        with _ad.no_grad():
            copy = self.clone()
        copy.requires_grad = self.requires_grad
        return copy


_DTYPE = _dtype.dtype
_SAME = ("same",)
_TO_PLANS: dict[tuple[Any, _dtype.dtype], Any] = {}


def _to_plan(native_dtype: Any, dtype: _dtype.dtype) -> Any:
    """What ``to(dtype)`` does to a native array of ``native_dtype``, worked out once per
    pair: ``_SAME`` (returns the tensor), or ``(target, None)`` (``ops.astype``), or
    ``(target, source)`` (torch's complex-to-bool cast, :func:`_views.cast`)."""
    source, target = core.as_core_dtype(native_dtype), dtype.core_dtype
    if source == target:
        plan = _SAME
    elif source.kind == "c" and target.kind == "b":
        plan = (target, source)
    else:
        plan = (target, None)
    if len(_TO_PLANS) >= 1024:
        _TO_PLANS.clear()
    _TO_PLANS[native_dtype, dtype] = plan
    return plan


def _sink(tensor: Tensor) -> Callable[[Any], None]:
    """A leaf's sink: accumulate the cotangent into ``.grad`` (a weak reference, so the
    graph keeps no tensor alive)."""
    reference = _weakref.ref(tensor)

    def sink(g: Any) -> None:
        target = reference()
        if target is not None:
            _accumulate(target, g)

    return sink


def _accumulate(tensor: Tensor, g: Any) -> None:
    if g.dtype != tensor.native.dtype:
        g = ops.astype(g, tensor.dtype.core_dtype)
    grad = tensor.grad
    if grad is None:
        tensor.grad = Tensor._from_native(g if _ad.is_grad_enabled() else _fresh(_row_major(g)))
    elif _ad.is_grad_enabled():  # create_graph: a new, recorded gradient
        tensor.grad = Tensor._from_native(ops.add(grad.native, g))
    else:
        grad._value = ops.add(grad.native, g)
        grad._version += 1


def _row_major(value: Any) -> Any:
    """``value``'s data in row-major order (itself if it is), as torch's AccumulateGrad
    gives a grad its parameter's layout: a linear layer's weight grad comes transposed, and
    every optimizer op on it would be a strided loop."""
    name = core.current_backend().name
    if name == "torch":
        return value.contiguous()
    if name == "numpy":
        return value if value.flags.c_contiguous else value.copy(order="C")
    return value  # jax and tensorflow arrays have no layout to choose


def _fresh(value: Any) -> Any:
    """``value`` as a distinct native object sharing its data where the backend allows
    (the engine keys nodes by object identity, so a leaf's value must be its own)."""
    name = core.current_backend().name
    if name == "numpy":
        return value.view()
    if name == "torch":
        return value.detach()
    if name == "tensorflow":
        return sys.modules["tensorflow"].identity(value)
    if name == "jax":
        return value.copy()
    return ops.astype(value, core.as_core_dtype(value.dtype), copy=True)


def _detached(value: Any) -> Any:
    return _fresh(value) if _ad.is_tracked(value) else value


class _RemovableHandle:
    def __init__(self, remove: Callable[[], None]) -> None:
        self._remove = remove

    def remove(self) -> None:
        self._remove()


def _rebuild(array: Any, requires_grad: bool) -> Tensor:
    tensor = Tensor._from_native(ops.asarray(array))
    tensor.requires_grad = requires_grad
    return tensor


def _is_current(value: Any) -> bool:
    return isinstance(value, core.current_backend().native_array_types)


def _identity(value: Any) -> Any:
    return value


def _replace(old: Any, new: Any) -> Any:
    return new


_DETACH = (_detached, _replace)


_normalize_dim = _views.normalize_dim


_LEGACY_TYPE_NAMES = {
    "float32": "torch.FloatTensor", "float64": "torch.DoubleTensor", "float16": "torch.HalfTensor",
    "bfloat16": "torch.BFloat16Tensor", "int8": "torch.CharTensor", "int16": "torch.ShortTensor",
    "int32": "torch.IntTensor", "int64": "torch.LongTensor", "uint8": "torch.ByteTensor",
    "bool": "torch.BoolTensor", "complex64": "torch.ComplexFloatTensor",
    "complex128": "torch.ComplexDoubleTensor", "uint16": "torch.UInt16Tensor",
    "uint32": "torch.UInt32Tensor", "uint64": "torch.UInt64Tensor",
}  # fmt: skip
_DTYPE_OF_TYPE_NAME = {name: _dtype.of(d) for d, name in _LEGACY_TYPE_NAMES.items()}


def _format(tensor: Tensor, contents: str | None = None) -> str:
    """torch's repr: ``tensor([1., 2.])``, with ``dtype=`` when not a default dtype; the
    values printed as ``contents`` when given."""
    import numpy

    from frontends.torch._tensor_str import PRINT_OPTS

    values = tensor.numpy(force=True)
    dtype = tensor.dtype
    layout = {
        "threshold": PRINT_OPTS.threshold if PRINT_OPTS.threshold != float("inf") else sys.maxsize,
        "edgeitems": PRINT_OPTS.edgeitems,
        "max_line_width": PRINT_OPTS.linewidth,
    }
    if dtype in (_dtype.bfloat16,):
        values = values.astype(numpy.float32)
    kind = dtype.core_dtype.kind
    if contents is not None:
        body = contents
    elif values.size == 0:
        body = "[]"
    elif kind == "b":
        body = numpy.array2string(
            values,
            separator=", ",
            prefix="tensor(",
            formatter={"bool": lambda v: "True" if v else "False"},
            **layout,
        )
    elif kind == "f":
        finite = values[numpy.isfinite(values)]
        integral = bool(numpy.all(finite == numpy.round(finite)))
        body = numpy.array2string(
            values,
            separator=", ",
            prefix="tensor(",
            precision=PRINT_OPTS.precision,
            floatmode="maxprec_equal" if integral else "fixed",
            suppress_small=False,
            **layout,
        )
    else:
        body = numpy.array2string(values, separator=", ", prefix="tensor(", **layout)
    default_dtypes = (_dtype.get_default_dtype(), _dtype.int64, _dtype.bool)
    extras = []
    if values.size == 0 and values.ndim != 1:
        extras.append(f"size={tuple(values.shape)}")
    if dtype not in default_dtypes or (
        dtype.is_complex and dtype is not _dtype.get_default_dtype().to_complex()
    ):
        if not (dtype.is_complex and dtype is _dtype.get_default_dtype().to_complex()):
            extras.append(f"dtype={dtype}")
    grad_fn = tensor.grad_fn
    if grad_fn is not None:
        extras.append(f"grad_fn=<{type(grad_fn).__name__}>")
    elif tensor.requires_grad:
        extras.append("requires_grad=True")
    return "tensor(" + body + "".join(", " + e for e in extras) + ")"


# ---------------------------------------------------------------------------------------
# methods generated from the torch functions
# ---------------------------------------------------------------------------------------
def _method(function: Callable[..., Any]) -> Callable[..., Any]:
    def method(self: Tensor, *args: Any, **kwargs: Any) -> Any:
        return function(self, *args, **kwargs)

    method.__name__ = method.__qualname__ = function.__name__
    method.__doc__ = function.__doc__
    method.__signature__ = _signature_of(function)
    return method


VARARGS_METHODS = ("broadcast_to", "count_nonzero", "dsplit", "flip", "hsplit", "squeeze", "vsplit")
"""Methods whose argument after ``self`` torch also takes as varargs (``t.flip(0, 1)``)."""


def _varargs_method(function: Callable[..., Any]) -> Callable[..., Any]:
    """The method form of ``function(input, x, ...)`` that takes ``x`` as varargs too."""
    import inspect

    def method(self: Tensor, *args: Any, **kwargs: Any) -> Any:
        if len(args) > 1:
            args = (args,)
        return function(self, *args, **kwargs)

    method.__name__ = method.__qualname__ = function.__name__
    method.__doc__ = function.__doc__
    self_parameter, *parameters = inspect.signature(function).parameters.values()
    varargs = inspect.Parameter("args", inspect.Parameter.VAR_POSITIONAL)
    keywords = [
        p.replace(
            kind=inspect.Parameter.KEYWORD_ONLY, default=None if p.default is p.empty else p.default
        )
        for p in parameters
    ]
    method.__signature__ = inspect.Signature([self_parameter, varargs, *keywords])
    return method


def _signature_of(function: Callable[..., Any]) -> Any:
    """``function``'s signature (what ``inspect.signature`` of its method form shows)."""
    import inspect

    try:
        return inspect.signature(function)
    except (TypeError, ValueError):
        return None


def _inplace(function: Callable[..., Any]) -> Callable[..., Any]:
    def method(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        _write_inplace(self, function(self, *args, **kwargs))
        return self

    method.__name__ = method.__qualname__ = function.__name__ + "_"
    method.__doc__ = f"In-place version of :func:`torch.{function.__name__}`."
    method.__signature__ = _signature_of(function)
    return method


def write_into(target: Tensor, result: Any) -> None:
    """Write ``result`` into ``target`` in place (``out=`` and ``x.op_()``), as torch does:
    the result's dtype must cast to the target's without lowering its category, and the
    value broadcasts to the target's shape."""
    value = to_native(result)
    source = _dtype.of(core.as_core_dtype(value.dtype))
    if not _dtype.can_cast(source, target.dtype):
        raise RuntimeError(
            f"result type {_dtype.scalar_type_name(source.core_dtype)} can't be cast to the "
            f"desired output type {_dtype.scalar_type_name(target.dtype.core_dtype)}"
        )
    if source != target.dtype:
        value = _views.cast(value, target.dtype.core_dtype)
    shape = tuple(target.native.shape)
    if tuple(value.shape) != shape:
        if target._is_view:
            value = ops.broadcast_to(value, shape)
        else:
            try:
                value = ops.broadcast_to(value, shape)
            except Exception:
                target._value = value  # torch resizes a non-view ``out`` to the result
                target._version += 1
                target._view_strides = None
                return
    target._assign(value)


def is_tensor(obj: Any) -> builtins.bool:
    """torch.is_tensor: whether ``obj`` is a Tensor."""
    return isinstance(obj, Tensor)


def is_floating_point(input: Tensor) -> builtins.bool:
    return input.is_floating_point()


def is_complex(input: Tensor) -> builtins.bool:
    return input.is_complex()


def numel(input: Tensor) -> builtins.int:
    return input.numel()


INPLACE_NAMES: set[str] = set()
"""Functions whose method also has an in-place ``name_`` form; the op modules add to it."""

MODULE_INPLACE_NAMES = (
    "abs_", "acos_", "acosh_", "addmv_", "arccos_", "arccosh_", "arcsin_", "arcsinh_",
    "arctan_", "arctanh_", "asin_", "asinh_", "atan_", "atanh_", "ceil_", "celu_", "clamp_",
    "clamp_max_", "clamp_min_", "clip_", "conj_physical_", "cos_", "cosh_", "deg2rad_",
    "detach_", "erf_", "erfc_", "exp2_", "exp_", "expm1_", "fill_", "fix_", "floor_", "frac_",
    "gcd_", "i0_", "index_put_", "lcm_", "ldexp_", "log10_", "log1p_", "log2_", "log_",
    "logit_", "nan_to_num_", "neg_", "negative_", "rad2deg_", "reciprocal_", "relu_",
    "round_", "rrelu_", "rsqrt_", "selu_", "sigmoid_", "sin_", "sinc_", "sinh_", "sqrt_",
    "square_", "tan_", "tanh_", "threshold_", "trunc_", "xlogy_", "zero_",
)  # fmt: skip
"""The in-place ops torch also has as module functions (``torch.zero_(t)``)."""


def add_function_methods(namespace: dict[str, Any]) -> None:
    """Give Tensor the method form of each function whose first parameter is ``input``, and
    the module ``namespace`` torch's module forms of in-place methods (``torch.abs_``)."""
    import inspect

    for name, function in namespace.items():
        if name.startswith("_") or not callable(function) or isinstance(function, type):
            continue
        try:
            parameters = list(inspect.signature(function).parameters)
        except (TypeError, ValueError):
            continue
        if not parameters or parameters[0] != "input":
            continue
        if name in VARARGS_METHODS:
            setattr(Tensor, name, _varargs_method(function))
        elif name not in Tensor.__dict__:
            # a fast function is a plain function of (input, ...): it is its own method
            # a plain function of (input, ...) is its own method (one call less); fast
            # functions are plain functions too
            plain = type(function) is _FunctionType or hasattr(function, "direct")
            setattr(Tensor, name, function if plain else _method(function))
        if name in INPLACE_NAMES and name + "_" not in Tensor.__dict__:
            setattr(Tensor, name + "_", _inplace(function))
    for name in MODULE_INPLACE_NAMES:
        if name in namespace:  # defined by an op module (torch.threshold_)
            continue
        if hasattr(Tensor, name):
            namespace[name] = _module_inplace(name)
        elif name[:-1] in namespace:  # module-only in-place forms (torch.selu_)
            namespace[name] = _inplace(namespace[name[:-1]])


def _module_inplace(name: str) -> Callable[..., Any]:
    def function(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        return getattr(input, name)(*args, **kwargs)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"``input.{name}(...)``: writes into ``input`` and returns it."
    return function


# ---------------------------------------------------------------------------------------
# operators: each calls its torch function (looked up at call time), so ``t + 1``,
# ``1 - t``, ``2 ** t`` follow torch's promotion; in-place operators write into ``self``
# (and through a view into its base)
# ---------------------------------------------------------------------------------------
def _write_inplace(target: Tensor, result: Any) -> None:
    """An in-place op's result written into ``target``: it may not broadcast ``target``."""
    shape = tuple(result.shape)
    if shape != tuple(target.shape):
        broadcast = _broadcast_shape(shape, tuple(target.shape))
        if broadcast != tuple(target.shape):
            raise RuntimeError(
                f"output with shape {list(target.shape)} doesn't match the broadcast shape "
                f"{list(broadcast)}"
            )
    write_into(target, result)


def _broadcast_shape(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    width = max(len(a), len(b))
    a, b = (1,) * (width - len(a)) + a, (1,) * (width - len(b)) + b
    return tuple(y if x == 1 else x for x, y in zip(a, b))


# other frontends' arrays take part as tensors do (real torch takes numpy arrays so)
_OPERAND_TYPES = (FrontendArray, builtins.bool, builtins.int, builtins.float, builtins.complex)


def _binary_operator(function_name: str, reflected: builtins.bool = False) -> Callable[..., Any]:
    def method(self: Tensor, other: Any) -> Any:
        if not isinstance(other, _OPERAND_TYPES):
            return NotImplemented
        function = getattr(_torch(), function_name)
        return function(other, self) if reflected else function(self, other)

    return method


def _inplace_operator(function_name: str) -> Callable[..., Any]:
    def method(self: Tensor, other: Any) -> Any:
        if not isinstance(other, _OPERAND_TYPES):
            return NotImplemented
        _write_inplace(self, getattr(_torch(), function_name)(self, other))
        return self

    return method


def _unary_operator(function_name: str) -> Callable[..., Any]:
    def method(self: Tensor) -> Any:
        return getattr(_torch(), function_name)(self)

    return method


_FORWARD_OPERATORS: dict[str, str] = {}
"""Operator method -> the torch function it calls with (self, other) or (self)."""

for _name, _function in (
    ("add", "add"), ("sub", "sub"), ("mul", "mul"), ("truediv", "div"),
    ("floordiv", "floor_divide"), ("mod", "remainder"), ("pow", "pow"),
    ("matmul", "matmul"), ("and", "bitwise_and"), ("or", "bitwise_or"),
    ("xor", "bitwise_xor"), ("lshift", "bitwise_left_shift"),
    ("rshift", "bitwise_right_shift"),
):  # fmt: skip
    setattr(Tensor, f"__{_name}__", _binary_operator(_function))
    setattr(Tensor, f"__r{_name}__", _binary_operator(_function, reflected=True))
    if _name != "matmul":
        setattr(Tensor, f"__i{_name}__", _inplace_operator(_function))
    _FORWARD_OPERATORS[f"__{_name}__"] = _function
for _name in ("eq", "ne", "lt", "le", "gt", "ge"):
    setattr(Tensor, f"__{_name}__", _binary_operator(_name))
    _FORWARD_OPERATORS[f"__{_name}__"] = _name
for _name, _function in (
    ("neg", "neg"),
    ("pos", "positive"),
    ("abs", "abs"),
    ("invert", "bitwise_not"),
):
    setattr(Tensor, f"__{_name}__", _unary_operator(_function))
    _FORWARD_OPERATORS[f"__{_name}__"] = _function


def _invert(self: Tensor) -> Any:
    """``~x``: torch's operator refuses floating and complex tensors with a TypeError
    before ``bitwise_not`` (whose own refusal is a NotImplementedError)."""
    if self.dtype.is_floating_point or self.dtype.is_complex:
        raise TypeError(
            "~ (operator.invert) is only implemented on integer and Boolean-type tensors"
        )
    return _torch().bitwise_not(self)


Tensor.__invert__ = _invert


def add_fast_operators(fast: Callable[..., Any]) -> None:
    """Give each operator whose torch function has a fast path (``x + y``: ``torch.add``)
    the same fast path in front of it, so the common case costs one call."""
    for operator, function_name in _FORWARD_OPERATORS.items():
        function = getattr(_torch(), function_name)
        kernel = getattr(function, "direct", None)
        if kernel is not None:
            method = Tensor.__dict__[operator]
            arrays = ("self", "other") if operator not in _UNARY_OPERATORS else ("self",)
            setattr(Tensor, operator, fast(kernel, *arrays, scalars=function.scalars)(method))


_UNARY_OPERATORS = ("__neg__", "__pos__", "__abs__", "__invert__")
