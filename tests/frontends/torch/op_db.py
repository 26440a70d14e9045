"""torch's op database (``op_db``) against the frontend: the machinery test_op_db.py,
test_op_db_grad.py and ``python -m tests.conformance.torch_op_db`` share.

For each ``OpInfo`` in ``torch.testing._internal.common_methods_invocations.op_db`` whose
name the frontend provides (``torch.<name>``, ``torch.nn.functional.<name>``,
``torch.linalg.<name>`` ..., or a Tensor method/operator of that name), its sample inputs
run through real torch and through the frontend on the current backend: same dtype, same
shape, values within tolerance; where torch raises, the frontend must raise too.
"""

from __future__ import annotations

import math
import types
from collections.abc import Iterator
from typing import Any

import ml_dtypes
import numpy
import torch as real_torch
from hypothesis import settings
from torch.testing._internal import common_utils
from torch.testing._internal.common_methods_invocations import op_db

import core
from frontends import torch
from frontends.torch._frontend import DeclaredDtypeError

# torch's test utilities load their own hypothesis profile on import; a ``@settings(...)``
# copies the profile active when it decorates, so reload ours before later test modules load.
settings.load_profile("default")
# op_db's sample generators look for the running unittest method with inspect.stack() on
# every sample (for their debugging output): under pytest's deep stacks that is most of the
# time, and there is no unittest method to find
common_utils.extract_test_fn = lambda: None

SAMPLES_PER_DTYPE = 4
DTYPES = (real_torch.float32, real_torch.int64)

# ops whose values are not determined by their inputs: dtype and shape are compared only
VALUES_FREE = {
    "empty", "empty_like", "new_empty", "empty_strided", "new_empty_strided", "empty_permuted",
    "bernoulli", "normal", "rand_like", "randint", "randint_like", "randn", "randn_like",
    "uniform", "exponential", "geometric", "cauchy", "log_normal", "multinomial",
    "nn.functional.dropout", "nn.functional.dropout2d", "nn.functional.dropout3d",
    "nn.functional.alpha_dropout", "nn.functional.feature_alpha_dropout", "nn.functional.rrelu",
    # randomized: which sign each singular vector takes follows the random sketch, and
    # op_db's samples run after other draws of torch's generator
    "svd_lowrank", "pca_lowrank",
}  # fmt: skip


def frontend_callable(name: str) -> Any:
    """The frontend function (or Tensor attribute name) for an op_db name, or None."""
    target: Any = torch
    for part in name.split("."):
        target = getattr(target, part, None)
        if target is None:
            break
    if target is not None and callable(target) and not isinstance(target, type):
        return target
    if ("." not in name and name in vars(torch.Tensor)) or hasattr(torch.Tensor, name):
        return name
    return None


def _frontend_seeded(function: Any, *args: Any, **kwargs: Any) -> Any:
    """op_db's ``wrapper_set_seed`` for the frontend: seed 42, then call."""
    torch.manual_seed(42)
    return function(*args, **kwargs)


def frontend_op(op: Any) -> Any:
    """What the frontend runs for ``op``: where op_db wraps the call in a function of its own
    (argument order, a method call, a seed), that same function with ``torch`` meaning the
    frontend; else the frontend function or Tensor attribute of the op's name."""
    wrapper = op.op
    if isinstance(wrapper, types.FunctionType) and wrapper.__module__.startswith("torch.testing"):
        scope = {**wrapper.__globals__, "torch": torch, "wrapper_set_seed": _frontend_seeded}
        return types.FunctionType(
            wrapper.__code__, scope, wrapper.__name__, wrapper.__defaults__, wrapper.__closure__
        )
    return frontend_callable(op.name)


def _implemented_ops() -> list[Any]:
    ops = []
    for op in op_db:
        if op.name.startswith(("_", "torch.", "jiterator", "sparse.")):
            continue
        if frontend_callable(op.name) is not None:
            ops.append(op)
    return ops


IMPLEMENTED = _implemented_ops()


def convert_to_frontend(value: Any) -> Any:
    if isinstance(value, real_torch.Tensor):
        array = value.detach()
        if array.dtype == real_torch.bfloat16:
            values = array.float().numpy().astype(ml_dtypes.bfloat16)
        else:
            values = array.resolve_conj().resolve_neg().numpy()
        return torch.Tensor._from_native(core.native.asarray(values))
    if isinstance(value, real_torch.dtype):
        return getattr(torch, str(value).removeprefix("torch."))
    if isinstance(value, real_torch.Size):
        return torch.Size(value)
    if isinstance(value, real_torch.device):
        return torch.device(str(value))
    if isinstance(value, real_torch.nn.PairwiseDistance):  # a distance_function argument
        return torch.nn.PairwiseDistance(value.norm, value.eps, value.keepdim)
    if isinstance(value, list):
        return [convert_to_frontend(v) for v in value]
    if isinstance(value, tuple):
        return tuple(convert_to_frontend(v) for v in value)
    if isinstance(value, dict):
        return {k: convert_to_frontend(v) for k, v in value.items()}
    return value


def real_tensors(value: Any) -> list[Any]:
    """The real torch tensors in a nest of lists, tuples and dicts (a sample's input, args
    and kwargs; a module's output), in order."""
    if isinstance(value, real_torch.Tensor):
        return [value]
    if isinstance(value, list | tuple):
        return [leaf for item in value for leaf in real_tensors(item)]
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in real_tensors(item)]
    return []


def convert_to_real(value: Any) -> Any:
    if isinstance(value, torch.sparse.SparseTensor):
        indices, values = convert_to_real(value._indices()), convert_to_real(value._values())
        sparse = real_torch.sparse_coo_tensor(
            indices, values, tuple(value.shape), check_invariants=True
        )
        return sparse.coalesce() if value.is_coalesced() else sparse
    if isinstance(value, torch.Tensor):
        array = value.numpy(force=True)
        if value.dtype == torch.bfloat16:
            return real_torch.from_numpy(array.astype(numpy.float32)).to(real_torch.bfloat16)
        return real_torch.from_numpy(numpy.array(array))
    if isinstance(value, tuple | list):
        return (
            type(value)(convert_to_real(v) for v in value)
            if not hasattr(value, "_fields")
            else tuple(convert_to_real(v) for v in value)
        )
    if isinstance(value, torch.dtype):
        return getattr(real_torch, repr(value).removeprefix("torch."))
    if isinstance(value, torch.Size):
        return real_torch.Size(value)
    return value


def values_determined(op: Any, sample: Any) -> bool:
    """Whether the sample's result is a function of its inputs (no random draw)."""
    return op.name not in VALUES_FREE and not draws_at_random(op.name, sample)


def draws_at_random(op_name: str, sample: Any) -> bool:
    """Whether the sample applies dropout (its values then follow the generator's draws, which
    op_db's earlier samples have moved on in real torch)."""
    if op_name == "nn.functional.multi_head_attention_forward":
        return bool(sample.kwargs.get("training", True)) and bool(sample.args[9])
    return bool(sample.kwargs.get("dropout_p", 0.0))


def _gathered(source: Any, dim: int, indices: Any, keepdim: bool) -> Any:
    """``source``'s values at ``indices`` along ``dim`` (what an index output points to)."""
    if not source.ndim:
        return source
    if not keepdim:
        indices = indices.unsqueeze(dim)
    picked = source.gather(dim, indices)
    return picked if keepdim else picked.squeeze(dim)


def _argument(sample: Any, position: int, name: str, default: Any) -> Any:
    return (
        sample.args[position] if len(sample.args) > position else sample.kwargs.get(name, default)
    )


def _eigen_order(values: Any) -> Any:
    """A canonical order of eigenvalues: by real part, ties by imaginary part."""
    if not values.is_complex():
        return values.argsort(dim=-1)
    by_imag = values.imag.argsort(dim=-1, stable=True)
    by_real = values.real.gather(-1, by_imag).argsort(dim=-1, stable=True)
    return by_imag.gather(-1, by_real)


def canonical(op_name: str, sample: Any, result: Any) -> Any:
    """The parts of ``result`` that torch defines: for ops whose other parts are up to the
    implementation (which index among equal values, an eigenvector's sign or phase, the order
    of a general matrix's eigenvalues), the result in a form that leaves them out."""
    if op_name == "topk":
        values, indices = result
        dim = _argument(sample, 1, "dim", -1)
        return values, _gathered(sample.input, dim, indices, keepdim=True)
    if op_name == "kthvalue":
        values, indices = result
        dim, keepdim = _argument(sample, 1, "dim", -1), _argument(sample, 2, "keepdim", False)
        return values, _gathered(sample.input, dim, indices, keepdim)
    if op_name == "linalg.eigh":
        values, vectors = result
        return values, vectors.abs()
    if op_name == "linalg.eigvals":
        return result.gather(-1, _eigen_order(result))
    if op_name == "linalg.eig":
        values, vectors = result
        order = _eigen_order(values)
        columns = order.unsqueeze(-2).expand(vectors.shape)
        return values.gather(-1, order), vectors.gather(-1, columns).abs()
    return result


# float32 ops whose rounding error grows with the size of the whole result (long sums of
# products, series): compared with an absolute tolerance relative to the largest entry
NORMWISE = {"addbmm", "matrix_exp"}


def compare(ours: Any, theirs: Any, values: bool, normwise: bool = False) -> None:
    if isinstance(theirs, real_torch.Tensor):
        assert isinstance(ours, real_torch.Tensor), f"expected a tensor, got {type(ours).__name__}"
        assert ours.dtype == theirs.dtype, f"dtype {ours.dtype} != {theirs.dtype}"
        assert ours.shape == theirs.shape, f"shape {tuple(ours.shape)} != {tuple(theirs.shape)}"
        if values:
            tolerance = {}
            if theirs.dtype == real_torch.float32:
                finite = theirs.abs().nan_to_num(nan=0.0, posinf=0.0)  # nan/inf: no scale
                scale = finite.max().item() if normwise and theirs.numel() else 1.0
                tolerance = {"rtol": 1e-4, "atol": 1e-5 * max(scale, 1.0)}
            real_torch.testing.assert_close(
                ours, theirs.resolve_conj().resolve_neg(), equal_nan=True, **tolerance
            )
        return
    if isinstance(theirs, tuple | list):
        assert len(ours) == len(theirs)
        for a, b in zip(ours, theirs):
            compare(a, b, values, normwise)
        return
    if isinstance(theirs, float) and math.isnan(theirs):
        assert math.isnan(ours)
        return
    if values:
        assert ours == theirs or (
            isinstance(theirs, float) and math.isclose(ours, theirs, rel_tol=1e-5, abs_tol=1e-6)
        )


# samples per dtype of the masked.* ops on the jax backend, where every new shape is an XLA
# compile (test time); the others run SAMPLES_PER_DTYPE
MASKED_JAX_SAMPLES = 2


def spread(op: Any, samples: Any, count: int = SAMPLES_PER_DTYPE) -> Any:
    """op_db's masked.* ops list dozens of samples, 0-d inputs first: for those, ``count``
    samples spread evenly over the list (the middles of equal parts), so that the first
    ``count`` cover shapes, dims and mask shapes."""
    if not op.name.startswith("masked."):
        return samples
    samples = list(samples)
    step = max(1, len(samples) // count)
    return samples[step // 2 :: step]


def op_samples(
    op: Any, backend: str = "numpy", dtypes: tuple[Any, ...] = DTYPES
) -> Iterator[tuple[Any, Any]]:
    """(dtype, sample) pairs: up to SAMPLES_PER_DTYPE of op_db's samples per dtype of
    ``dtypes`` that torch supports the op in on the CPU."""
    supported = op.supported_dtypes("cpu")
    count = SAMPLES_PER_DTYPE
    if backend == "jax" and op.name.startswith("masked."):
        count = MASKED_JAX_SAMPLES
    for dtype in dtypes:
        if dtype not in supported:
            continue
        samples = spread(op, op.sample_inputs("cpu", dtype, requires_grad=False), count)
        for index, sample in enumerate(samples):
            if index >= count:
                break
            yield dtype, sample


def run_frontend(op: Any, sample: Any) -> Any:
    target = frontend_op(op)
    inputs = convert_to_frontend(sample.input)
    args = convert_to_frontend(sample.args)
    kwargs = convert_to_frontend(sample.kwargs)
    if isinstance(target, str):
        attribute = getattr(inputs, target)
        return attribute(*args, **kwargs) if callable(attribute) else attribute
    return target(inputs, *args, **kwargs)


def op_id(op: Any) -> str:
    """op_db's name of ``op`` with its variant after a dot (``nn.functional.interpolate.area``)."""
    return f"{op.name}.{op.variant_test_name}".rstrip(".")


def check_sample(op: Any, dtype: Any, sample: Any) -> tuple[str, str]:
    """Run one sample through real torch and the frontend (on the current backend):
    ``("pass", "")``; ``("unsupported", reason)`` where the frontend declares the dtype left
    out (a :class:`core.UnsupportedDtypeError`, or a declared dtype the frontend refuses as
    torch's kernels do) and torch computes it; or ``("fail", the
    first difference)``."""
    label = f"{dtype} {sample.summary() if hasattr(sample, 'summary') else sample}"
    try:
        expected = op(sample.input, *sample.args, **sample.kwargs)
    except Exception as error:  # torch refuses: the frontend must refuse too
        try:
            run_frontend(op, sample)
        except Exception:
            return "pass", ""
        return "fail", f"torch raised {type(error).__name__}, the frontend did not; {label}"
    try:
        ours = canonical(op.name, sample, convert_to_real(run_frontend(op, sample)))
        expected = canonical(op.name, sample, expected)
        compare(ours, expected, values_determined(op, sample), op.name in NORMWISE)
    except (core.UnsupportedDtypeError, DeclaredDtypeError) as error:
        return "unsupported", f"{dtype}: {error}"
    except Exception as error:
        return "fail", f"{type(error).__name__}: {' '.join(str(error).split())}; {label}"
    return "pass", ""
