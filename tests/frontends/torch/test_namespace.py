"""Which public names of torch the frontend provides: ``dir()`` of real torch, torch.Tensor,
torch.nn, torch.nn.functional, torch.linalg, torch.special and torch.fft against the
frontend's.

Every name real torch 2.13 has must exist in the frontend, or stand in ``LEFT_OUT`` below,
grouped with the reason it is left out. The test prints what is missing (``-s``) and fails
on a missing name outside the list; it also fails on a listed name the frontend now has, so
the list stays current. The last group is the work still to do, not a design decision.
"""

from __future__ import annotations

import pytest
import torch as real_torch
import torch.nn.functional as real_functional

from frontends import torch

LEFT_OUT: dict[str, dict[str, str]] = {
    "CUDA, accelerators and device-specific kernels (one device here)": {
        "torch": (
            "AcceleratorError Event FatalError OutOfMemoryError Stream StreamObjType "
            "cpu cudnn_affine_grid_generator cudnn_batch_norm cudnn_convolution "
            "cudnn_convolution_add_relu cudnn_convolution_relu cudnn_convolution_transpose "
            "cudnn_grid_sampler cudnn_is_acceptable get_device_module is_vulkan_available "
            "miopen_batch_norm miopen_convolution miopen_convolution_add_relu "
            "miopen_convolution_relu miopen_convolution_transpose miopen_ctc_loss "
            "miopen_depthwise_convolution miopen_rnn mkldnn_adaptive_avg_pool2d "
            "mkldnn_convolution mkldnn_linear_backward_weights mkldnn_max_pool2d "
            "mkldnn_max_pool3d mkldnn_rnn_layer mtia "
        ),
        "Tensor": "ipu mtia record_stream to_mkldnn xpu",
        "nn": "DataParallel",
        "nn.functional": "grouped_mm scaled_grouped_mm scaled_mm",
    },
    "quantization": {
        "torch": (
            "ao choose_qparams_optimized dequantize empty_quantized "
            "fake_quantize_per_channel_affine fake_quantize_per_tensor_affine "
            "fbgemm_linear_fp16_weight fbgemm_linear_fp16_weight_fp32_activation "
            "fbgemm_linear_int8_weight fbgemm_linear_int8_weight_fp32_activation "
            "fbgemm_linear_quantize_weight fbgemm_pack_gemm_matrix_fp16 "
            "fbgemm_pack_quantized_matrix fused_moving_avg_obs_fake_quant int_repr "
            "per_channel_affine per_channel_affine_float_qparams per_channel_symmetric "
            "per_tensor_affine per_tensor_symmetric q_per_channel_axis q_per_channel_scales "
            "q_per_channel_zero_points q_scale q_zero_point qint32 qint8 qscheme quantization "
            "quantize_per_channel quantize_per_tensor quantize_per_tensor_dynamic "
            "quantized_batch_norm quantized_gru quantized_gru_cell quantized_lstm "
            "quantized_lstm_cell quantized_max_pool1d quantized_max_pool2d quantized_max_pool3d "
            "quantized_rnn_relu_cell quantized_rnn_tanh_cell quint2x4 quint4x2 quint8 "
        ),
        "Tensor": (
            "dequantize int_repr q_per_channel_axis q_per_channel_scales "
            "q_per_channel_zero_points q_scale q_zero_point qscheme "
        ),
        "nn": "intrinsic qat quantizable quantized",
    },
    "sparse layouts other than a dense-backed COO, and nested/jagged tensors": {
        "torch": (
            "ccol_indices_copy col_indices_copy crow_indices_copy dsmm hsmm hspmm indices_copy "
            "jagged nested resize_as_sparse_ row_indices_copy saddmm segment_reduce smm "
            "sparse_bsc_tensor sparse_bsr_tensor sparse_compressed_tensor sparse_csc_tensor "
            "sparse_csr_tensor sspaddmm values_copy "
        ),
        "Tensor": (
            "ccol_indices col_indices crow_indices resize_as_sparse_ row_indices smm sparse_mask "
            "sparse_resize_ sparse_resize_and_clear_ sspaddmm to_padded_tensor to_sparse_bsc "
            "to_sparse_bsr to_sparse_coo to_sparse_csc to_sparse_csr "
        ),
    },
    "TorchScript, FX, export, dispatcher and symbolic-shape internals": {
        "torch": (
            "AliasDb AnyType Argument ArgumentSpec AwaitType Block BoolType BufferDict CallStack "
            "Capsule ClassType Code CompilationUnit CompleteArgumentSpec ComplexType "
            "ConcreteModuleType ConcreteModuleTypeBuilder DeepCopyMemoTable DeviceObjType "
            "DictType DisableTorchFunction DisableTorchFunctionSubclass DispatchKey "
            "DispatchKeySet EnumType ErrorReport ExcludeDispatchKeyGuard ExecutionPlan FileCheck "
            "FloatType FunctionSchema Future FutureType Gradient Graph GraphExecutorState "
            "IODescriptor InferredType IntType InterfaceType JITException ListType "
            "LiteScriptModule ModuleDict Node NoneType NumberType OperatorInfo OptionalType "
            "PRIVATE_OPS ParameterDict PyObjectType RRefType ScriptClass ScriptClassFunction "
            "ScriptDict ScriptDictIterator ScriptDictKeyIterator ScriptFunction ScriptList "
            "ScriptListIterator ScriptMethod ScriptModule ScriptModuleSerializer ScriptObject "
            "ScriptObjectProperty StaticModule StringType SymBool SymBoolType SymFloat SymInt "
            "SymIntType Tag TensorType TracingState TupleType Type UnionType Use Value classes "
            "cond export fork futures hash_tensor onnx import_ir_module "
            "import_ir_module_from_buffer merge_type_from_type_comment overrides "
            "parse_ir parse_schema parse_type_comment sym_constrain_range "
            "sym_constrain_range_for_size sym_float sym_fresh_size sym_int sym_ite sym_max "
            "sym_min sym_not sym_sqrt sym_sum unify_type_list wait while_loop "
        ),
        "Tensor": "apply_ as_subclass grad_dtype hash_tensor map2_ map_ module_load",
    },
    "distributed and multiprocessing": {
        "torch": ("is_distributed monitor multiprocessing prepare_multiprocessing_environment "),
        "Tensor": "is_distributed",
    },
    "storage objects (a tensor here holds a backend array, not a storage; Tensor.untyped_storage() only describes its memory)": {
        "torch": (
            "BFloat16Storage BoolStorage ByteStorage CharStorage ComplexDoubleStorage "
            "ComplexFloatStorage DeserializationStorageContext DoubleStorage FloatStorage "
            "HalfStorage IntStorage LongStorage PyTorchFileReader PyTorchFileWriter QInt32Storage "
            "QInt8Storage QUInt2x4Storage QUInt4x2Storage QUInt8Storage "
            "SerializationStorageContext ShortStorage Storage StorageBase TypedStorage "
            "from_file "
        ),
        "Tensor": "const_data_ptr is_set_to set_ storage storage_type",
    },
    "automatic mixed precision (an enabled autocast region is refused: see torch.amp)": {
        "torch": (
            "GradScaler autocast_decrement_nesting autocast_increment_nesting "
            "clear_autocast_cache get_autocast_cpu_dtype "
            "get_autocast_gpu_dtype get_autocast_ipu_dtype get_autocast_xla_dtype "
            "is_autocast_cache_enabled is_autocast_cpu_enabled "
            "is_autocast_ipu_enabled is_autocast_xla_enabled set_autocast_cache_enabled "
            "set_autocast_cpu_dtype set_autocast_cpu_enabled set_autocast_dtype "
            "set_autocast_enabled set_autocast_gpu_dtype set_autocast_ipu_dtype "
            "set_autocast_ipu_enabled set_autocast_xla_dtype set_autocast_xla_enabled "
        ),
    },
    "profiling, benchmarking and packaging": {
        "torch": (
            "AVG AggregationType BenchmarkConfig BenchmarkExecutionStats LockingLogger LoggerBase "
            "NoopLogger SUM ThroughputBenchmark package profiler "
            "profiler_allow_cudagraph_cupti_lazy_reinit_cuda12 "
        ),
    },
    "dtypes no backend provides (complex32, float8, float4, sub-byte integers, bits)": {
        "torch": (
            "bits16 bits1x8 bits2x4 bits4x2 bits8 chalf complex32 float4_e2m1fn_x2 "
            "int1 int2 int3 int4 int5 "
            "int6 int7 uint1 uint2 uint3 uint4 uint5 uint6 uint7 "
        ),
        "Tensor": "chalf",
    },
    "in-place changes of a tensor's shape or strides (a tensor's shape is fixed here; use the out-of-place forms)": {
        "torch": "as_strided as_strided_ as_strided_copy as_strided_scatter resize_as_ slice_inverse",
        "Tensor": (
            "as_strided as_strided_ as_strided_scatter resize resize_ resize_as resize_as_ "
            "slice_inverse squeeze_ swapaxes_ swapdims_ t_ transpose_ unsqueeze_ "
        ),
    },
    "ATen-level forms of nn.functional ops and RNN kernels (enum reductions, positional flags): use torch.nn.functional / torch.nn": {
        "torch": (
            "adaptive_max_pool1d affine_grid_generator alpha_dropout_ batch_norm "
            "batch_norm_backward_elemt batch_norm_backward_reduce batch_norm_elemt "
            "batch_norm_gather_stats batch_norm_gather_stats_with_counts batch_norm_stats "
            "batch_norm_update_stats binary_cross_entropy_with_logits conv_tbc convolution "
            "cosine_embedding_loss ctc_loss dropout_ embedding embedding_bag embedding_renorm_ "
            "feature_alpha_dropout_ feature_dropout feature_dropout_ grid_sampler grid_sampler_2d "
            "grid_sampler_3d gru gru_cell hinge_embedding_loss instance_norm kl_div lstm "
            "lstm_cell margin_ranking_loss max_pool1d_with_indices native_dropout native_norm "
            "norm_except_dim poisson_nll_loss rnn_relu rnn_relu_cell rnn_tanh rnn_tanh_cell "
            "triplet_margin_loss "
        ),
        "nn.functional": (
            "celu_ conv_tbc elu_ hardtanh_ leaky_relu_ max_pool1d_with_indices relu_ selu_ "
        ),
    },
    "Python modules and flags torch imports or defines for itself, not API": {
        "torch": (
            "TYPE_CHECKING USE_GLOBAL_DEPS USE_RTLD_GLOBAL_WITH_LIBTORCH builtins classproperty "
            "compiled_with_cxx11_abi ctypes functools get_file_path glob has_lapack has_mkl "
            "has_openmp has_spectral importlib inspect math os platform sys textwrap threading "
            "torch torch_version types warnings "
        ),
        "nn": "Container common_types factory_kwargs",
        "nn.functional": (
            "BroadcastingList1 BroadcastingList2 BroadcastingList3 DType "
            "GRID_SAMPLE_INTERPOLATION_MODES GRID_SAMPLE_PADDING_MODES Optional ScalingType "
            "SwizzleType TYPE_CHECKING assert_int_or_pair boolean_dispatch dataclasses "
            "handle_torch_function has_torch_function has_torch_function_unary "
            "has_torch_function_variadic importlib np reproducibility_notes sparse_support_notes "
            "tf32_notes torch "
        ),
        "linalg": "common_notes",
        "special": "common_args multi_dim_common torch",
        "fft": "common_args factory_common_args torch",
    },
    "sub-byte dtypes, C++ extension internals and functorch first-class dims": {
        "torch": "bit cpp",
        "Tensor": "index",
    },
}

NAMESPACES = {
    "torch": (real_torch, torch),
    "Tensor": (real_torch.Tensor, torch.Tensor),
    "nn": (real_torch.nn, torch.nn),
    "nn.functional": (real_functional, torch.nn.functional),
    "linalg": (real_torch.linalg, torch.linalg),
    "special": (real_torch.special, torch.special),
    "fft": (real_torch.fft, torch.fft),
}


def _left_out(namespace: str) -> dict[str, str]:
    """name -> the reason it is left out, for one namespace."""
    reasons = {}
    for reason, groups in LEFT_OUT.items():
        for name in groups.get(namespace, "").split():
            assert name not in reasons, f"{namespace}.{name} is listed twice"
            reasons[name] = reason
    return reasons


@pytest.mark.parametrize("namespace", sorted(NAMESPACES))
def test_every_public_name_is_present_or_listed(namespace):
    real, ours = NAMESPACES[namespace]
    public = sorted(name for name in dir(real) if not name.startswith("_"))
    missing = [name for name in public if not hasattr(ours, name)]
    listed = _left_out(namespace)
    unlisted = [name for name in missing if name not in listed]
    # by what the frontend has, not by dir(real): real torch lists some submodules (onnx ...)
    # only once something has imported them
    stale = sorted(name for name in listed if hasattr(ours, name))
    print(
        f"\n{namespace}: {len(public) - len(missing)} of {len(public)} public names present; "
        f"{len(missing)} missing ({len(missing) - len(unlisted)} listed as left out)"
    )
    if unlisted:
        print(f"  missing and not listed: {' '.join(unlisted)}")
    assert not unlisted, f"{namespace}: missing, not in LEFT_OUT: {' '.join(unlisted)}"
    assert not stale, f"{namespace}: present now, remove from LEFT_OUT: {' '.join(stale)}"


def test_left_out_names_exist_in_real_torch():
    """Every listed name is a public name of real torch (no typos, no stale entries after a
    torch upgrade)."""
    for namespace, (real, _) in NAMESPACES.items():
        for name in _left_out(namespace):
            assert hasattr(real, name), f"{namespace}.{name} is not in real torch"
