"""The torch APIs libraries probe before they compute (torch.jit, torch.fx, torch.compiler,
torch._dynamo, torch.cuda/xpu/mps/accelerator, torch.distributed, torch.version, the float8
dtypes, nn.init.sparse_), each against real torch on a CPU-only build."""

from __future__ import annotations

import pickle
import typing

import numpy as np
import pytest
import torch as real_torch

import core
from frontends import torch


def _outcome(call):
    try:
        return ("value", call())
    except Exception as error:  # the exception class is what is compared
        return ("raises", type(error).__name__)


# ---------------------------------------------------------------------------------------
# torch.jit
# ---------------------------------------------------------------------------------------
def test_jit_answers_as_eager_torch():
    assert torch.jit.is_scripting() is real_torch.jit.is_scripting() is False
    assert torch.jit.is_tracing() is real_torch.jit.is_tracing() is False
    assert torch.jit.Final is real_torch.jit.Final is typing.Final
    assert torch.jit.annotate(int, 3) == real_torch.jit.annotate(int, 3) == 3

    def f(x):
        return x

    assert torch.jit.script(f) is f
    assert torch.jit.script_if_tracing(f) is f


def test_jit_annotations_are_typings_names():
    """timm: ``from torch.jit.annotations import List``."""
    import torch.jit.annotations as theirs

    import frontends.torch.jit.annotations as ours

    for name in ours.__all__:
        assert getattr(ours, name) is getattr(theirs, name) is getattr(typing, name)
    assert torch.jit.annotations is ours


@pytest.mark.parametrize(
    "decorate",
    [
        lambda jit: jit.ignore,
        lambda jit: jit.ignore(drop=False),
        lambda jit: jit.unused,
        lambda jit: jit.export,
    ],
    ids=["ignore", "ignore()", "unused", "export"],
)
def test_jit_decorators_mark_the_function_as_torch_does(decorate):
    marks = []
    for jit in (torch.jit, real_torch.jit):

        def f(x):
            return x + 1

        g = decorate(jit)(f)
        marks.append((g is f, g(1), g._torchscript_modifier))
    assert marks[0] == marks[1]


def test_jit_unused_property_and_bad_ignore_argument():
    for jit in (torch.jit, real_torch.jit):
        prop = jit.unused(property(lambda self: 1))
        assert prop.fget._torchscript_modifier.startswith("unused")
    assert _outcome(lambda: torch.jit.ignore(3)) == _outcome(lambda: real_torch.jit.ignore(3))


def test_jit_trace_is_a_clear_error():
    with pytest.raises(NotImplementedError, match=r"torch\.jit\.trace is not provided"):
        torch.jit.trace(lambda x: x, torch.ones(1))
    with pytest.raises(AttributeError, match="freeze"):
        torch.jit.freeze


# ---------------------------------------------------------------------------------------
# torch.fx
# ---------------------------------------------------------------------------------------
def test_fx_wrap_at_module_level_and_inside_a_function():
    namespace = {"fx": torch.fx}
    exec("def leaf(x):\n    return x\nresult = fx.wrap(leaf)\nname = fx.wrap('leaf')", namespace)
    assert namespace["result"] is namespace["leaf"] and namespace["name"] == "leaf"
    for fx in (torch.fx, real_torch.fx):
        with pytest.raises(NotImplementedError, match="top level of a module"):
            fx.wrap("leaf")
        with pytest.raises(RuntimeError, match="Unsupported type"):
            fx.wrap(3)


def test_fx_values_are_never_proxies():
    x = torch.ones(2)
    for name in ("Proxy", "Node", "Graph", "GraphModule"):
        assert not isinstance(x, getattr(torch.fx, name))
        with pytest.raises(NotImplementedError, match="FX symbolic tracing"):
            getattr(torch.fx, name)()
    assert issubclass(torch.fx.GraphModule, torch.nn.Module)
    with pytest.raises(AttributeError, match="symbolic_trace"):
        torch.fx.symbolic_trace
    from frontends.torch.fx.experimental import symbolic_shapes

    assert symbolic_shapes.guard_or_false(3 > 2) is True
    assert symbolic_shapes.guard_or_true(0) is False


# ---------------------------------------------------------------------------------------
# torch.compiler and torch._dynamo
# ---------------------------------------------------------------------------------------
def test_compiler_queries_outside_compile_match_torch():
    for name in ("is_compiling", "is_dynamo_compiling", "is_exporting"):
        assert getattr(torch.compiler, name)() is getattr(real_torch.compiler, name)() is False
    assert torch._dynamo.is_compiling() is False


def test_compiler_markers_keep_the_function():
    def f(x):
        return x * 2

    for name in ("allow_in_graph", "assume_constant_result"):
        assert getattr(torch.compiler, name)(f) is f
    disabled = torch.compiler.disable(f)  # torch marks it so (real torch's dynamo: 13 s import)
    assert disabled._torchdynamo_disable is True and disabled(3) == 6
    assert torch.compiler.disable(recursive=False)(f)(2) == 4
    torch._dynamo.mark_static_address(torch.ones(2))
    torch._dynamo.mark_dynamic(torch.ones(2), 0)
    torch.compiler.cudagraph_mark_step_begin()


def test_compiled_disabled_function_runs_eagerly(backend):
    calls = []

    @torch.compiler.disable
    def f(x):
        calls.append(torch.compiler.is_compiling())
        return x + 1

    compiled = torch.compile(f)
    assert compiled(torch.ones(2)).tolist() == [2.0, 2.0]
    assert calls == [False]


def test_compiler_reset_forgets_programs():
    with core.use_backend("jax"):
        compiled = torch.compile(lambda x: x * 3)
        compiled(torch.ones(2))
        assert compiled.programs
        torch.compiler.reset()
        assert not compiled.programs
        assert compiled(torch.ones(2)).tolist() == [3.0, 3.0]


def test_dynamo_config_has_torch_defaults():
    """torch 2.13's values (read off torch._dynamo.config, whose import alone takes 13 s)."""
    from frontends.torch._dynamo import config

    assert (config.cache_size_limit, config.recompile_limit) == (8, 8)
    assert config.capture_scalar_outputs is config.suppress_errors is False
    with config.patch(cache_size_limit=64):
        assert config.cache_size_limit == 64
    with config.patch("capture_scalar_outputs", True):
        assert config.capture_scalar_outputs is True
    assert config.cache_size_limit == 8 and config.capture_scalar_outputs is False
    with pytest.raises(AttributeError, match="no_such_option"):
        config.no_such_option
    assert issubclass(torch._dynamo.exc.Unsupported, RuntimeError)


def test_transform_getitem_to_index_leaves_indexing_unchanged():
    from frontends.torch._dynamo._trace_wrapped_higher_order_op import TransformGetItemToIndex

    table = torch.arange(6.0).reshape(2, 3)
    with TransformGetItemToIndex():
        assert table[torch.tensor(1), torch.tensor(2)].item() == 5.0


# ---------------------------------------------------------------------------------------
# devices: torch.cuda, torch.xpu, torch.mps, torch.accelerator
# ---------------------------------------------------------------------------------------
CUDA_QUERIES = [
    "is_available", "device_count", "current_device", "synchronize", "empty_cache",
    "memory_allocated", "max_memory_allocated", "memory_reserved", "get_device_name",
    "get_device_properties", "get_device_capability", "is_bf16_supported", "is_initialized",
    "get_rng_state_all",
]  # fmt: skip


@pytest.mark.parametrize("name", CUDA_QUERIES)
def test_cuda_queries_answer_as_a_cpu_only_torch(name):
    assert _outcome(getattr(torch.cuda, name)) == _outcome(getattr(real_torch.cuda, name))


@pytest.mark.parametrize("name", ["Stream", "Event", "CUDAGraph"])
def test_cuda_stream_classes_refuse_construction(name):
    assert _outcome(getattr(torch.cuda, name)) == _outcome(getattr(real_torch.cuda, name))
    assert not isinstance(torch.ones(1), getattr(torch.cuda, name))


def test_cuda_device_and_stream_contexts():
    assert torch.cuda.default_generators == real_torch.cuda.default_generators == ()
    for cuda in (torch.cuda, real_torch.cuda):
        with cuda.stream(None), cuda.device(-1):
            pass
        with pytest.raises(RuntimeError, match="compiled without CUDA"), cuda.device(0):
            pass


@pytest.mark.parametrize(
    "module, names",
    [
        ("accelerator", ["is_available", "device_count", "current_accelerator",
                         "current_device_index", "synchronize", "empty_cache"]),
        ("xpu", ["is_available", "device_count", "current_device", "synchronize",
                 "memory_allocated", "max_memory_allocated", "memory_reserved",
                 "get_device_name", "is_bf16_supported", "empty_cache"]),
        ("mps", ["is_available", "device_count", "empty_cache", "current_allocated_memory",
                 "driver_allocated_memory", "synchronize", "recommended_max_memory"]),
    ],
)  # fmt: skip
def test_accelerator_modules_answer_as_a_cpu_only_torch(module, names):
    for name in names:
        ours = _outcome(getattr(getattr(torch, module), name))
        theirs = _outcome(getattr(getattr(real_torch, module), name))
        assert ours == theirs, f"torch.{module}.{name}"


def test_distributed_is_unavailable_until_a_group_is_initialized():
    """Libraries probing at import see no torch.distributed (they would import DTensor
    and more, which the frontend lacks); the single controller's group is in
    tests/frontends/torch/test_distributed.py."""
    assert torch.distributed.is_available() is False
    assert torch.distributed.is_initialized() is False
    for name in ("get_rank", "get_world_size"):
        with pytest.raises(ValueError, match="Default process group has not been initialized"):
            getattr(torch.distributed, name)()


def test_version_module():
    assert torch.version.__version__ == real_torch.version.__version__.split("+")[0]
    for name in ("cuda", "hip", "xpu", "debug"):
        assert getattr(torch.version, name) == getattr(real_torch.version, name)


# ---------------------------------------------------------------------------------------
# float8 dtypes
# ---------------------------------------------------------------------------------------
FLOAT8 = ["float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu"]


@pytest.mark.parametrize("name", FLOAT8)
def test_float8_dtypes_and_finfo_match_torch(name):
    ours, theirs = getattr(torch, name), getattr(real_torch, name)
    assert repr(ours) == repr(theirs) and isinstance(ours, torch.dtype)
    for attribute in ("itemsize", "is_floating_point", "is_signed", "is_complex"):
        assert getattr(ours, attribute) == getattr(theirs, attribute), attribute
    mine, real = torch.finfo(ours), real_torch.finfo(theirs)
    for field in ("bits", "eps", "max", "min", "tiny", "smallest_normal", "resolution", "dtype"):
        assert getattr(mine, field) == getattr(real, field), field
    assert pickle.loads(pickle.dumps(ours)) is ours


def test_float8_tensors_raise_unsupported_dtype():
    with pytest.raises(torch.UnsupportedDtypeError, match="float8_e4m3fn"):
        torch.zeros(2, dtype=torch.float8_e4m3fn)
    with pytest.raises(torch.UnsupportedDtypeError, match="float8_e5m2"):
        torch.ones(2).to(torch.float8_e5m2)


# ---------------------------------------------------------------------------------------
# nn.init.sparse_
# ---------------------------------------------------------------------------------------
def test_sparse_init_matches_torch_bit_for_bit(backend):
    real_torch.manual_seed(5)
    expected = real_torch.nn.init.sparse_(real_torch.empty(9, 4), 0.4, std=0.05)
    torch.manual_seed(5)
    got = torch.nn.init.sparse_(torch.empty(9, 4), 0.4, std=0.05)
    np.testing.assert_array_equal(got.numpy(), expected.numpy())
    for module in (torch, real_torch):
        with pytest.raises(ValueError, match="Only tensors with 2 dimensions"):
            module.nn.init.sparse_(module.empty(3), 0.1)


# ---------------------------------------------------------------------------------------
# torch.autocast
# ---------------------------------------------------------------------------------------
def _autocast_trace(module):
    import warnings

    seen = [module.is_autocast_enabled(), module.is_autocast_enabled("cpu")]
    seen += [module.get_autocast_dtype("cpu"), module.get_autocast_dtype("cuda")]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with module.autocast("cuda"):
            seen.append(module.is_autocast_enabled("cuda"))
        with module.autocast("cpu", dtype=module.float32):
            seen.append(module.is_autocast_enabled("cpu"))
    with module.autocast("cpu", enabled=False):
        seen.append(module.is_autocast_enabled("cpu"))
    seen.append(module.amp.autocast(device_type="cpu", enabled=False)(lambda: 3)())
    seen.append(_outcome(lambda: module.autocast("tpu")))
    return [str(s) for s in seen] + [str(w.message).split("\n")[0] for w in caught]


def test_autocast_regions_that_change_nothing_match_torch():
    assert _autocast_trace(torch) == _autocast_trace(real_torch)
    assert torch.autocast is torch.amp.autocast


def test_enabled_cpu_autocast_is_refused():
    with pytest.raises(NotImplementedError, match="reduced precision"), torch.autocast("cpu"):
        pass
