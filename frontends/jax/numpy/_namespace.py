"""The rest of jax.numpy's names: constants, numpy's abstract scalar classes (which JAX
re-exports), host-side helpers (printing, I/O, ``isscalar`` ...), index tricks and
``vectorize``/``frompyfunc``.

``vectorize`` and ``frompyfunc`` loop over elements in Python (JAX's use ``vmap``): the
same values, slower on large inputs.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

import numpy

from frontends import numpy as _np
from frontends.jax._src import dtypes as jdt
from frontends.jax._src.array import Array
from frontends.jax.numpy._bridge import as_array, is_arraylike, numpy_profile, unwrap, wrap
from frontends.jax.numpy._ufuncs import ufunc

# numpy's messages for arrays that do not concatenate
_CONCAT_SHAPES = (
    "all the input array dimensions except for the concatenation axis",
    "all the input arrays must have same number of dimensions",
)


class _IndexTrick:
    """``jnp.r_``/``c_``/``mgrid``/``ogrid``: numpy's index tricks, results as Arrays."""

    def __init__(self, numpy_trick: Any, name: str) -> None:
        self._trick = numpy_trick
        self._name = name

    def __getitem__(self, key: Any) -> Any:
        key = unwrap(key)
        with numpy_profile():
            try:
                return wrap(self._trick[key])
            except ValueError as error:
                if not str(error).startswith(_CONCAT_SHAPES):
                    raise
                # JAX concatenates with lax, which raises a TypeError for the shapes
                raise TypeError(str(error)) from None

    def __len__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return f"<jnp.{self._name}>"


def isscalar(element: Any) -> bool:
    """``jnp.isscalar``: Python and numpy scalars, and 0-d arrays (as JAX)."""
    if isinstance(element, (Array, numpy.ndarray)):
        return element.ndim == 0
    return isinstance(element, (bool, int, float, complex, numpy.generic))


def iscomplexobj(x: Any) -> bool:
    """``jnp.iscomplexobj``: whether the dtype is complex (no value is read)."""
    if x is None:
        return False
    return jdt.dtype_and_weak(x)[0].kind == "c" if is_arraylike(x) else numpy.iscomplexobj(x)


def isrealobj(x: Any) -> bool:
    """``jnp.isrealobj``."""
    return not iscomplexobj(x)


def can_cast(from_: Any, to: Any, casting: str = "safe") -> bool:
    """``jnp.can_cast`` on dtypes (numpy's rules, as JAX's)."""
    source = from_.dtype if hasattr(from_, "dtype") and not isinstance(from_, type) else from_
    return numpy.can_cast(
        jdt.numpy_dtype(jdt.to_core(source)), jdt.numpy_dtype(jdt.to_core(to)), casting
    )


def array_repr(arr: Any, max_line_width: Any = None, precision: Any = None,
               suppress_small: Any = None) -> str:  # fmt: skip
    """``jnp.array_repr``: JAX prints the implementation class name (``ArrayImpl``)."""
    text = repr(as_array(arr))
    return "ArrayImpl(" + text[len("Array(") :].replace("\n" + " " * 6, "\n" + " " * 10)


def array_str(a: Any, max_line_width: Any = None, precision: Any = None,
              suppress_small: Any = None) -> str:  # fmt: skip
    return str(as_array(a))


def _from_host(function: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        return _asarray(function(*args, **kwargs))

    wrapper.__doc__ = f"``jnp.{function.__name__}``: numpy's, as an Array."
    return wrapper


def _asarray(value: Any) -> Any:
    from frontends.jax.numpy import asarray

    if isinstance(value, numpy.ndarray):
        return asarray(value)
    return value


def save(file: Any, arr: Any, allow_pickle: bool = True) -> None:
    numpy.save(file, numpy.asarray(arr), allow_pickle=allow_pickle)


def savez(file: Any, *args: Any, **kwds: Any) -> None:
    numpy.savez(
        file, *(numpy.asarray(a) for a in args), **{k: numpy.asarray(v) for k, v in kwds.items()}
    )


def load(file: Any, *args: Any, **kwargs: Any) -> Any:
    """``jnp.load``: an ``.npy`` file's array as an Array (``.npz`` archives as numpy's)."""
    return _asarray(numpy.load(file, *args, **kwargs))


def from_dlpack(x: Any, /, *, device: Any = None, copy: Any = None) -> Array:
    return _asarray(numpy.from_dlpack(x))


class vectorize:
    """``jnp.vectorize``: ``pyfunc`` applied elementwise over broadcast inputs (a Python
    loop over elements or core-dimension slices, where JAX uses ``vmap``)."""

    def __init__(self, pyfunc: Callable[..., Any], *, excluded: Any = frozenset(),
                 signature: str | None = None) -> None:  # fmt: skip
        self.pyfunc = pyfunc
        self.excluded = set(excluded)
        self.signature = signature
        functools.update_wrapper(self, pyfunc)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from frontends.jax import numpy as jnp

        positions = [i for i in range(len(args)) if i not in self.excluded]
        arrays = [as_array(args[i]) for i in positions]
        core_ndims = [0] * len(arrays)
        if self.signature is not None:
            inputs = self.signature.split("->")[0]
            dims = [d.strip("() ") for d in inputs.split("),")]
            core_ndims = [len([t for t in d.split(",") if t.strip()]) for d in dims]
        batch = numpy.broadcast_shapes(*(a.shape[: a.ndim - k] for a, k in zip(arrays, core_ndims)))
        arrays = [
            jnp.broadcast_to(a, batch + a.shape[a.ndim - k :]) for a, k in zip(arrays, core_ndims)
        ]
        outputs = []
        for index in numpy.ndindex(*batch):
            call_args = list(args)
            for position, array in zip(positions, arrays):
                call_args[position] = array[index] if index else array
            outputs.append(self.pyfunc(*call_args, **kwargs))
        if not outputs:
            return jnp.zeros(batch)
        if isinstance(outputs[0], tuple):
            return tuple(
                jnp.stack([as_array(o[k]) for o in outputs]).reshape(
                    batch + as_array(outputs[0][k]).shape
                )
                for k in range(len(outputs[0]))
            )
        first = as_array(outputs[0])
        return jnp.stack([as_array(o) for o in outputs]).reshape(batch + first.shape)


def frompyfunc(func: Callable[..., Any], /, nin: int, nout: int, *, identity: Any = None) -> ufunc:
    """``jnp.frompyfunc``: a :class:`jnp.ufunc` applying ``func`` elementwise."""
    return ufunc(func.__name__, vectorize(func), nin, identity)


def get_printoptions() -> dict[str, Any]:
    return numpy.get_printoptions()


def broadcast_shapes(*shapes: Any) -> tuple[int, ...]:
    return numpy.broadcast_shapes(*(tuple(s) if not isinstance(s, int) else (s,) for s in shapes))


def iterable(y: Any) -> bool:
    return numpy.iterable(y)


_SCALAR_ALIASES = {"bool": "bool_", "single": "float32", "double": "float64", "csingle": "complex64",
                   "cdouble": "complex128"}  # fmt: skip

NAMES: dict[str, Any] = {
    "e": math.e, "pi": math.pi, "inf": math.inf, "nan": math.nan,
    "euler_gamma": 0.5772156649015329, "newaxis": None,
    "ComplexWarning": numpy.exceptions.ComplexWarning,
    **{n: getattr(numpy, n) for n in (
        "generic", "number", "integer", "signedinteger", "unsignedinteger", "inexact",
        "floating", "complexfloating", "character", "flexible", "object_",
    )},
    "s_": numpy.s_, "index_exp": numpy.index_exp,
    "r_": _IndexTrick(_np.r_, "r_"), "c_": _IndexTrick(_np.c_, "c_"),
    "mgrid": _IndexTrick(_np.mgrid, "mgrid"), "ogrid": _IndexTrick(_np.ogrid, "ogrid"),
    "isscalar": isscalar, "iscomplexobj": iscomplexobj, "isrealobj": isrealobj,
    "can_cast": can_cast, "array_repr": array_repr, "array_str": array_str,
    "save": save, "savez": savez, "load": load, "from_dlpack": from_dlpack,
    "frombuffer": _from_host(numpy.frombuffer), "fromfile": _from_host(numpy.fromfile),
    "fromiter": _from_host(numpy.fromiter), "fromstring": _from_host(numpy.fromstring),
    "vectorize": vectorize, "frompyfunc": frompyfunc, "get_printoptions": get_printoptions,
    "printoptions": numpy.printoptions, "set_printoptions": numpy.set_printoptions,
    "broadcast_shapes": broadcast_shapes, "iterable": iterable,
}  # fmt: skip
