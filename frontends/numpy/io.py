"""numpy's input and output: save/load/savez (the .npy/.npz formats), loadtxt/savetxt/
genfromtxt/fromregex, fromfile, and printing (array2string, print options, float formatting).

File I/O and text formatting are host work in numpy too, so these functions hand a host
copy of each frontend array to numpy's own serializers (``numpy.save``, ``numpy.savetxt``,
``numpy.array2string`` ...): the files are byte for byte what numpy writes, and numpy's
parsers, header checks and errors (a truncated file, a bad magic string, object arrays
without ``allow_pickle``) are numpy's own. Arrays read back become frontend ndarrays on the
current backend.

Differences from numpy, and why:

- Frontend arrays are C-ordered (their ``flags`` say so), so ``save`` never writes a
  Fortran-order header; numpy writes one for a Fortran-contiguous array. The data read
  back is the same.
- Strings, objects and datetimes come back as frontend ndarrays held on the host (as
  numpy holds them: ``HostArray``); structured records and ``genfromtxt``'s masked arrays
  come back as real numpy arrays: the frontend has no array for them.
- Arrays stored in the other byte order (``>f8`` on a little-endian machine) are read
  into the native one: no backend holds a swapped byte order. The values are the same.
- ``load(..., mmap_mode=...)`` maps the file as numpy does; on the numpy backend the
  frontend array reads through the map lazily, on the others it is copied to the device.
  Writes to the frontend array never reach the file (frontend arrays own their values).
- The print options are numpy's own (``set_printoptions`` & co are numpy's functions):
  ``repr``/``str`` of a frontend ndarray format a host copy with numpy, so they follow them.
"""

from __future__ import annotations

import operator
from typing import Any

import numpy

from core import native as ops
from frontends.base.array import FrontendArray
from frontends.base.host import HOST_KINDS
from frontends.numpy._core import numerictypes as nt
from frontends.numpy._core._conversion import to_host
from frontends.numpy._core.multiarray import HostArray, ndarray

__all__ = [
    "NpzFile",
    "array2string",
    "array_repr",
    "array_str",
    "base_repr",
    "binary_repr",
    "format_float_positional",
    "format_float_scientific",
    "fromfile",
    "fromregex",
    "genfromtxt",
    "get_printoptions",
    "load",
    "loadtxt",
    "printoptions",
    "save",
    "savetxt",
    "savez",
    "savez_compressed",
    "set_printoptions",
]

# numpy's print options are process state numpy's own repr reads; the frontend's repr is
# numpy's repr of a host copy, so the frontend shares them.
set_printoptions = numpy.set_printoptions
get_printoptions = numpy.get_printoptions
printoptions = numpy.printoptions


# ---------------------------------------------------------------------------------------
# host <-> frontend
# ---------------------------------------------------------------------------------------
def _host(value: Any) -> Any:
    """A frontend array (any frontend's) as a C-ordered host numpy array; nested lists and
    tuples of them made host too; everything else unchanged (numpy takes it as it is)."""
    if isinstance(value, FrontendArray):
        return numpy.asarray(to_host(value.stored), order="C")
    if isinstance(value, list | tuple) and any(_holds_frontend(v) for v in value):
        return type(value)(_host(v) for v in value)
    return value


def _holds_frontend(value: Any) -> bool:
    if isinstance(value, FrontendArray):
        return True
    return isinstance(value, list | tuple) and any(_holds_frontend(v) for v in value)


def _holdable(dtype: numpy.dtype) -> bool:
    try:
        nt.as_core(dtype)
    except Exception:
        return False
    return dtype.names is None and dtype.subdtype is None


def _frontend(value: Any) -> Any:
    """A host result as numpy gives it, with plain numeric arrays made frontend ndarrays on
    the current backend (arrays of other dtypes stay real numpy arrays: module docstring)."""
    if type(value) is numpy.ndarray or isinstance(value, numpy.memmap):
        if value.dtype.kind in HOST_KINDS:  # strings, objects, dates: held on the host
            return HostArray._from_native(numpy.asarray(value))
        if not _holdable(value.dtype):
            return value
        if not value.dtype.isnative:  # no backend holds a foreign byte order
            value = value.astype(value.dtype.newbyteorder("="))
        return ndarray._from_native(ops.asarray(numpy.asarray(value)))
    if type(value) in (tuple, list) and any(isinstance(v, numpy.ndarray) for v in value):
        return type(value)(_frontend(v) for v in value)
    return value


# ---------------------------------------------------------------------------------------
# .npy / .npz
# ---------------------------------------------------------------------------------------
def save(file: Any, arr: Any, allow_pickle: bool = True, **kwargs: Any) -> None:
    """numpy.save: writes the .npy bytes numpy writes for the array (C order: module
    docstring)."""
    numpy.save(file, _host(arr), allow_pickle=allow_pickle, **kwargs)


def savez(file: Any, *args: Any, allow_pickle: bool = True, **kwds: Any) -> None:
    """numpy.savez: one .npy member per array (``arr_0``, ``arr_1`` ... and the keyword
    names), stored uncompressed."""
    numpy.savez(
        file,
        *[_host(a) for a in args],
        allow_pickle=allow_pickle,
        **{k: _host(v) for k, v in kwds.items()},
    )


def savez_compressed(file: Any, *args: Any, allow_pickle: bool = True, **kwds: Any) -> None:
    """numpy.savez_compressed: numpy.savez with deflate-compressed members."""
    numpy.savez_compressed(
        file,
        *[_host(a) for a in args],
        allow_pickle=allow_pickle,
        **{k: _host(v) for k, v in kwds.items()},
    )


class NpzFile(numpy.lib.npyio.NpzFile):
    """What ``load`` gives for a .npz file: numpy's own lazy mapping of member name to array
    (``.files``, ``[name]``, ``.f.name``, ``.get``/``.keys()``/``.items()``, a context
    manager, ``close()``; an instance of ``numpy.lib.npyio.NpzFile`` too), each member read
    when asked for and given as a frontend ndarray."""

    def __getitem__(self, key: str) -> Any:
        return _frontend(super().__getitem__(key))


def load(file: Any, mmap_mode: str | None = None, allow_pickle: bool = False,
         fix_imports: bool = True, encoding: str = "ASCII", *,
         max_header_size: int = 10000) -> Any:  # fmt: skip
    """numpy.load: a .npy file as a frontend ndarray, a .npz file as a lazy :class:`NpzFile`,
    a pickle (only with ``allow_pickle=True``) as the object it holds. numpy's own reader:
    a truncated or corrupt file raises numpy's error (EOFError, ValueError, OSError), and
    pickled data is never unpickled without ``allow_pickle``."""
    result = numpy.load(
        file,
        mmap_mode=mmap_mode,
        allow_pickle=allow_pickle,
        fix_imports=fix_imports,
        encoding=encoding,
        max_header_size=max_header_size,
    )
    if isinstance(result, numpy.lib.npyio.NpzFile):
        result.__class__ = NpzFile  # numpy's object, its members read as frontend arrays
        return result
    return _frontend(result)


# ---------------------------------------------------------------------------------------
# text and raw files
# ---------------------------------------------------------------------------------------
def loadtxt(fname: Any, dtype: Any = float, comments: Any = "#", delimiter: Any = None,
            converters: Any = None, skiprows: int = 0, usecols: Any = None,
            unpack: bool = False, ndmin: int = 0, encoding: Any = None,
            max_rows: Any = None, *, quotechar: Any = None, like: Any = None) -> Any:  # fmt: skip
    """numpy.loadtxt (numpy's parser), the array a frontend ndarray."""
    return _frontend(
        numpy.loadtxt(
            fname, dtype=dtype,
            comments=comments, delimiter=delimiter, converters=converters,
            skiprows=skiprows, usecols=usecols, unpack=unpack, ndmin=ndmin,
            encoding=encoding, max_rows=max_rows, quotechar=quotechar,
        )
    )  # fmt: skip


def savetxt(fname: Any, X: Any, fmt: Any = "%.18e", delimiter: str = " ", newline: str = "\n",
            header: str = "", footer: str = "", comments: str = "# ",
            encoding: Any = None) -> None:  # fmt: skip
    """numpy.savetxt: the text numpy writes for the array."""
    numpy.savetxt(
        fname, _host(X), fmt=fmt, delimiter=delimiter, newline=newline, header=header,
        footer=footer, comments=comments, encoding=encoding,
    )  # fmt: skip


def genfromtxt(fname: Any, dtype: Any = float, *args: Any, **kwargs: Any) -> Any:
    """numpy.genfromtxt (numpy's parser, every argument); a plain numeric result is a
    frontend ndarray, a masked (``usemask=True``) or structured one numpy's own."""
    kwargs.pop("like", None)
    return _frontend(numpy.genfromtxt(fname, dtype, *args, **kwargs))


def fromregex(file: Any, regexp: Any, dtype: Any, encoding: Any = None) -> Any:
    """numpy.fromregex: a structured array, so numpy's own (module docstring), unless the
    dtype is a plain numeric one."""
    return _frontend(numpy.fromregex(file, regexp, dtype, encoding=encoding))


def fromfile(file: Any, dtype: Any = float, count: int = -1, sep: str = "", offset: int = 0,
             *, like: Any = None) -> Any:  # fmt: skip
    """numpy.fromfile: raw (``sep=""``) or text data as a frontend ndarray."""
    return _frontend(numpy.fromfile(file, dtype=dtype, count=count, sep=sep, offset=offset))


# ---------------------------------------------------------------------------------------
# printing
# ---------------------------------------------------------------------------------------
def array2string(a: Any, max_line_width: Any = None, precision: Any = None,
                 suppress_small: Any = None, separator: str = " ", prefix: str = "",
                 *args: Any, **kwargs: Any) -> str:  # fmt: skip
    """numpy.array2string of the array's host copy (every option numpy's)."""
    return numpy.array2string(
        _host(a), max_line_width, precision, suppress_small, separator, prefix, *args, **kwargs
    )


def array_repr(arr: Any, max_line_width: Any = None, precision: Any = None,
               suppress_small: Any = None) -> str:  # fmt: skip
    """numpy.array_repr: ``repr`` of the array with these options."""
    return numpy.array_repr(_host(arr), max_line_width, precision, suppress_small)


def array_str(a: Any, max_line_width: Any = None, precision: Any = None,
              suppress_small: Any = None) -> str:  # fmt: skip
    """numpy.array_str: ``str`` of the array with these options."""
    return numpy.array_str(_host(a), max_line_width, precision, suppress_small)


def _scalar_of(x: Any) -> Any:
    if isinstance(x, ndarray):
        return to_host(x.stored)[()] if x.ndim == 0 else x.__array__()
    return x


def format_float_positional(x: Any, precision: Any = None, unique: bool = True,
                            fractional: bool = True, trim: str = "k", sign: bool = False,
                            pad_left: Any = None, pad_right: Any = None,
                            min_digits: Any = None) -> str:  # fmt: skip
    """numpy.format_float_positional (Dragon4) of a Python or numpy float."""
    return numpy.format_float_positional(
        _scalar_of(x), precision, unique, fractional, trim, sign, pad_left, pad_right,
        min_digits,
    )  # fmt: skip


def format_float_scientific(x: Any, precision: Any = None, unique: bool = True,
                            trim: str = "k", sign: bool = False, pad_left: Any = None,
                            exp_digits: Any = None, min_digits: Any = None) -> str:  # fmt: skip
    """numpy.format_float_scientific (Dragon4) of a Python or numpy float."""
    return numpy.format_float_scientific(
        _scalar_of(x), precision, unique, trim, sign, pad_left, exp_digits, min_digits
    )


def binary_repr(num: Any, width: int | None = None) -> str:
    """numpy.binary_repr of an integer (two's complement for negatives with a width)."""
    return numpy.binary_repr(operator.index(num), width)


def base_repr(number: Any, base: int = 2, padding: int = 0) -> str:
    """numpy.base_repr of an integer."""
    return numpy.base_repr(operator.index(number), base, padding)
