"""Every option of real ``jax.config`` (JAX 0.10.2): name -> (default, kind), where kind
is ``"bool"``, ``"int"``, ``"float"``, ``"str"`` or the tuple of an enum's values.

Listed from ``jax.config.values`` and ``jax.config.meta``; ``tests/frontends/jax/
test_config.py`` checks the list against the installed JAX. What the frontend does with
each is in :mod:`frontends.jax._src.config`.
"""

from __future__ import annotations

from typing import Any

_PRECISIONS = (
    "default", "high", "highest", "bfloat16", "tensorfloat32", "float32",
    "ANY_F8_ANY_F8_F32", "ANY_F8_ANY_F8_F32_FAST_ACCUM", "ANY_F8_ANY_F8_ANY",
    "ANY_F8_ANY_F8_ANY_FAST_ACCUM", "F16_F16_F16", "F16_F16_F32", "BF16_BF16_BF16",
    "BF16_BF16_F32", "BF16_BF16_F32_X3", "BF16_BF16_F32_X6", "BF16_BF16_F32_X9",
    "TF32_TF32_F32", "TF32_TF32_F32_X3", "F32_F32_F32", "F64_F64_F64",
)  # fmt: skip
_PRNG_IMPLS = ("threefry2x32", "threefry4x32", "rbg", "unsafe_rbg", "philox2x32", "philox4x32")
_FILTERING = ("off", "tracebackhide", "remove_frames", "quiet_remove_frames", "auto")
_GUARD = ("allow", "log", "disallow", "log_explicit", "disallow_explicit")
_LEVELS = ("UNKNOWN", "O0", "O1", "O2", "O3")
_CHECKING = ("ignore", "raise")

OPTIONS: dict[str, tuple[Any, Any]] = {
    "check_vma": (False, "bool"),
    "eager_constant_folding": (False, "bool"),
    "jax2tf_associative_scan_reductions": (False, "bool"),
    "jax2tf_default_native_serialization": (True, "bool"),
    "jax_allow_f16_reductions": (True, "bool"),
    "jax_array_garbage_collection_guard": (None, ("allow", "log", "fatal")),
    "jax_auto_pcast": (True, "bool"),
    "jax_backend_target": ("", "str"),
    "jax_bcoo_cusparse_lowering": (False, "bool"),
    "jax_captured_constants_report_frames": (0, "int"),
    "jax_captured_constants_warn_bytes": (2000000000, "int"),
    "jax_check_proxy_envs": (True, "bool"),
    "jax_check_static_indices": (False, "bool"),
    "jax_check_tracer_leaks": (False, "bool"),
    "jax_compilation_cache_check_contents": (False, "bool"),
    "jax_compilation_cache_dir": (None, "str"),
    "jax_compilation_cache_expect_pgle": (False, "bool"),
    "jax_compilation_cache_include_metadata_in_key": (False, "bool"),
    "jax_compilation_cache_max_size": (-1, "int"),
    "jax_compiler_detailed_logging_min_ops": (10, "int"),
    "jax_compiler_enable_remat_pass": (True, "bool"),
    "jax_cpu_collectives_implementation": ("gloo", ("gloo", "mpi", "megascale")),
    "jax_cpu_enable_async_dispatch": (True, "bool"),
    "jax_cpu_get_global_topology_timeout_minutes": (5, "int"),
    "jax_cpu_get_local_topology_timeout_minutes": (2, "int"),
    "jax_cross_host_transfer_socket_address": ("", "str"),
    "jax_cross_host_transfer_timeout_seconds": (None, "int"),
    "jax_cross_host_transfer_transfer_size": (None, "int"),
    "jax_cross_host_transport_addresses": ("", "str"),
    "jax_cuda_visible_devices": ("all", "str"),
    "jax_custom_vjp3": (False, "bool"),
    "jax_debug_infs": (False, "bool"),
    "jax_debug_key_reuse": (False, "bool"),
    "jax_debug_leaked_clients_on_clear_backends": (False, "bool"),
    "jax_debug_log_modules": ("", "str"),
    "jax_debug_nans": (False, "bool"),
    "jax_default_device": (None, "str"),
    "jax_default_matmul_precision": (None, _PRECISIONS),
    "jax_default_prng_impl": ("threefry2x32", _PRNG_IMPLS),
    "jax_disable_bwd_checks": (False, "bool"),
    "jax_disable_jit": (False, "bool"),
    "jax_disable_most_optimizations": (False, "bool"),
    "jax_disable_vmap_shmap_error": (False, "bool"),
    "jax_disallow_mesh_context_manager": (False, "bool"),
    "jax_distributed_debug": (False, "bool"),
    "jax_dump_ir_modes": ("stablehlo", "str"),
    "jax_dump_ir_to": ("", "str"),
    "jax_embedded_constants_max_bytes": (32, "int"),
    "jax_enable_checks": (False, "bool"),
    "jax_enable_compilation_cache": (True, "bool"),
    "jax_enable_custom_prng": (False, "bool"),
    "jax_enable_pgle": (False, "bool"),
    "jax_enable_preemption_service": (True, "bool"),
    "jax_enable_recoverability": (False, "bool"),
    "jax_enable_x64": (False, "bool"),
    "jax_error_checking_behavior_divide": ("ignore", _CHECKING),
    "jax_error_checking_behavior_nan": ("ignore", _CHECKING),
    "jax_error_checking_behavior_oob": ("ignore", _CHECKING),
    "jax_exec_time_optimization_effort": (0.0, "float"),
    "jax_experimental_unsafe_xla_runtime_errors": (False, "bool"),
    "jax_explain_cache_misses": (False, "bool"),
    "jax_explicit_x64_dtypes": (1, (1, 2, 3)),
    "jax_export_calling_convention_version": (10, "int"),
    "jax_export_ignore_forward_compatibility": (False, "bool"),
    "jax_force_dcn_cross_host_transfers": (False, "bool"),
    "jax_high_dynamic_range_gumbel": (False, "bool"),
    "jax_hlo_source_file_canonicalization_regex": (None, "str"),
    "jax_include_debug_info_in_dumps": (True, "bool"),
    "jax_include_full_tracebacks_in_locations": (True, "bool"),
    "jax_legacy_prng_key": ("allow", ("allow", "warn", "error")),
    "jax_log_checkpoint_residuals": (False, "bool"),
    "jax_log_compiles": (False, "bool"),
    "jax_logging_level": ("NOTSET", ("NOTSET", "DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")),
    "jax_memory_fitting_effort": (0.0, "float"),
    "jax_memory_fitting_level": ("O2", _LEVELS),
    "jax_mock_gpu_topology": ("", "str"),
    "jax_mosaic_allow_hlo": (False, "bool"),
    "jax_mutable_array_checks": (True, "bool"),
    "jax_no_execution": (False, "bool"),
    "jax_no_tracing": (False, "bool"),
    "jax_num_cpu_devices": (-1, "int"),
    "jax_numpy_dtype_promotion": ("standard", ("standard", "strict")),
    "jax_numpy_rank_promotion": ("allow", ("allow", "warn", "raise")),
    "jax_oneapi_visible_devices": ("all", "str"),
    "jax_optimization_level": ("UNKNOWN", _LEVELS),
    "jax_pallas_enable_debug_checks": (False, "bool"),
    "jax_pallas_poison_buffers": (False, "bool"),
    "jax_pallas_use_mosaic_gpu": (True, "bool"),
    "jax_pallas_verbose_errors": (False, "bool"),
    "jax_persistent_cache_enable_xla_caches": ("xla_gpu_per_fusion_autotune_cache_dir", "str"),
    "jax_persistent_cache_min_compile_time_secs": (1.0, "float"),
    "jax_persistent_cache_min_entry_size_bytes": (0, "int"),
    "jax_pgle_aggregation_percentile": (90, "int"),
    "jax_pgle_profiling_runs": (3, "int"),
    "jax_pjrt_client_create_options": (None, "str"),
    "jax_platform_name": ("", "str"),
    "jax_platforms": (None, "str"),
    "jax_pprint_use_color": (True, "bool"),
    "jax_ragged_dot_use_gpu_pallas_triton_lowering": (False, "bool"),
    "jax_ragged_dot_use_ragged_dot_instruction": (True, "bool"),
    "jax_raise_persistent_cache_errors": (False, "bool"),
    "jax_random_seed_offset": (0, "int"),
    "jax_refs_to_pins": (False, "bool"),
    "jax_remat3": (False, "bool"),
    "jax_remove_custom_partitioning_ptr_from_cache_key": (False, "bool"),
    "jax_remove_size_one_mesh_axis_from_type": (False, "bool"),
    "jax_rocm_visible_devices": ("all", "str"),
    "jax_scan3": (False, "bool"),
    "jax_send_traceback_to_runtime": ("off", ("off", "on", "full")),
    "jax_serialization_version": (0, "int"),
    "jax_share_binary_between_hosts": (False, "bool"),
    "jax_share_binary_between_hosts_timeout_ms": (1200000, "int"),
    "jax_softmax_custom_jvp": (False, "bool"),
    "jax_sort_devices_by_process_index": (True, "bool"),
    "jax_source_url_schema": (None, "str"),
    "jax_thread_guard": (False, "bool"),
    "jax_threefry_gpu_kernel_lowering": (False, "bool"),
    "jax_threefry_partitionable": (True, "bool"),
    "jax_traceback_filtering": ("auto", _FILTERING),
    "jax_traceback_in_locations_limit": (100, "int"),
    "jax_tracer_error_num_traceback_frames": (5, "int"),
    "jax_transfer_guard": (None, _GUARD),
    "jax_transfer_guard_device_to_device": (None, _GUARD),
    "jax_transfer_guard_device_to_host": (None, _GUARD),
    "jax_transfer_guard_host_to_device": (None, _GUARD),
    "jax_use_direct_linearize": (True, "bool"),
    "jax_use_emit_pipeline_primitive": (False, "bool"),
    "jax_use_magma": ("auto", ("off", "on", "auto")),
    "jax_use_shardy_partitioner": (True, "bool"),
    "jax_use_simplified_jaxpr_constants": (False, "bool"),
    "jax_xla_backend": ("", "str"),
    "jax_xla_profile_version": (0, "int"),
    "mock_num_gpu_processes": (0, "int"),
}

# the options ``jax.config.read`` reads; JAX refuses it for the others (those with a
# context manager), which are read as attributes
READABLE = frozenset(
    """jax_backend_target jax_check_proxy_envs jax_compiler_detailed_logging_min_ops
    jax_cpu_enable_async_dispatch jax_cross_host_transfer_socket_address
    jax_cross_host_transfer_timeout_seconds jax_cross_host_transfer_transfer_size
    jax_cross_host_transport_addresses jax_cuda_visible_devices jax_disable_most_optimizations
    jax_dump_ir_modes jax_dump_ir_to jax_enable_x64 jax_force_dcn_cross_host_transfers
    jax_include_debug_info_in_dumps jax_mock_gpu_topology jax_oneapi_visible_devices
    jax_pallas_verbose_errors jax_platform_name jax_rocm_visible_devices
    jax_sort_devices_by_process_index jax_tracer_error_num_traceback_frames jax_xla_backend
    mock_num_gpu_processes""".split()
)
