"""``jax.lax`` on any core backend: lax's non-promoting primitives (mismatched dtypes
raise TypeError, as real lax), slicing with XLA's gather/scatter dimension numbers,
convolutions, windowed reductions and control flow.

Left out (``tests/frontends/jax/test_namespace_lax.py`` lists them with reasons): the ``*_p``
primitive objects (JAX's tracing internals), the collectives ``pbroadcast``/``pcast``/
``psend``/``precv``/``pswapaxes``/``ragged_all_to_all``, token plumbing, ``rng_*``
(XLA's hardware RNG), ``ragged_*`` and ``scaled_*`` dot products, ``custom_root`` /
``custom_linear_solve``, and a few special functions whose XLA kernels core does not have.
"""

from __future__ import annotations

from frontends.jax._src.sharding import with_sharding_constraint
from frontends.jax.lax._extra import (
    approx_max_k,
    approx_min_k,
    bessel_i0e,
    bessel_i1e,
    betainc,
    broadcast_like,
    empty,
    igamma,
    igammac,
    optimization_barrier,
    platform_dependent,
    polygamma,
    random_gamma_grad,
    stack,
    unstack,
    zeta,
)
from frontends.jax.lax.control_flow import (
    associative_scan,
    cond,
    fori_loop,
    map,
    scan,
    switch,
    while_loop,
)
from frontends.jax.lax.convolution import (
    ConvDimensionNumbers,
    ConvGeneralDilatedDimensionNumbers,
    conv,
    conv_dimension_numbers,
    conv_general_dilated,
    conv_general_dilated_patches,
    conv_general_permutations,
    conv_shape_tuple,
    conv_transpose,
    conv_with_general_padding,
    padtype_to_pads,
    reduce_window,
    reduce_window_shape_tuple,
)
from frontends.jax.lax.lax import *  # noqa: F403
from frontends.jax.lax.lax import (
    DotDimensionNumbers,
    Precision,
    PrecisionLike,
    RoundingMethod,
)
from frontends.jax.lax.parallel import (
    all_gather,
    all_to_all,
    axis_index,
    axis_size,
    pmax,
    pmean,
    pmin,
    ppermute,
    pshuffle,
    psum,
    psum_scatter,
)
from frontends.jax.lax.slicing import (
    GatherDimensionNumbers,
    GatherScatterMode,
    ScatterDimensionNumbers,
    dynamic_index_in_dim,
    dynamic_slice,
    dynamic_slice_in_dim,
    dynamic_update_index_in_dim,
    dynamic_update_slice,
    dynamic_update_slice_in_dim,
    gather,
    index_in_dim,
    index_take,
    scatter,
    scatter_add,
    scatter_apply,
    scatter_max,
    scatter_min,
    scatter_mul,
    scatter_sub,
    slice,
    slice_in_dim,
)

_ = (DotDimensionNumbers, Precision, PrecisionLike, RoundingMethod)

# lax's functions raise JAX's exceptions whatever the backend (a backend's exception from
# inside one is mapped: ``frontends/jax/_src/errors.py``). Those that call the user's
# functions are left as they are: an exception of the user's is the user's.
_CALLS_USER_CODE = frozenset(
    {"associative_scan", "cond", "fori_loop", "map", "platform_dependent", "reduce",
     "reduce_window", "scan", "scatter_apply", "switch", "while_loop"}
)  # fmt: skip


def _map_errors() -> None:
    import types

    from frontends.jax._src.errors import lax_maps_errors

    namespace = globals()
    for name, value in list(namespace.items()):
        if (
            not name.startswith("_")
            and name not in _CALLS_USER_CODE
            and isinstance(value, types.FunctionType)
            and value.__module__.startswith("frontends.jax.")
        ):
            namespace[name] = lax_maps_errors(value)


_map_errors()
