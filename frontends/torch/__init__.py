"""The torch frontend: ``from frontends import torch`` behaves like ``import torch``.

Functions are grouped as torch's documentation groups them (creation_ops, indexing_ops,
random_sampling, pointwise_ops, reduction_ops, comparison_ops, spectral_ops, other_ops,
blas_lapack_ops) and all appear here, in ``torch.*``; their method forms are on
:class:`Tensor`. Submodules mirror torch's: ``nn``, ``linalg``, ``fft``, ``special``,
``testing``, ``cuda``, ``utils.data``, ``autograd``.
"""

import math as _math

from frontends.torch import (
    _C,
    _dynamo,
    accelerator,
    amp,
    autograd,
    backends,
    compiler,
    cuda,
    distributed,
    distributions,
    fft,
    func,
    functional,
    fx,
    hub,
    jit,
    library,
    linalg,
    masked,
    mps,
    nn,
    optim,
    quasirandom,
    random,
    return_types,
    serialization,
    sparse,
    special,
    storage,
    testing,
    utils,
    version,
    xpu,
)
from frontends.torch._binomial import binomial
from frontends.torch._compile import compile
from frontends.torch._config import *  # noqa: F403
from frontends.torch._device import device, get_default_device, set_default_device
from frontends.torch._dtype import (
    bfloat16,
    bool,
    can_cast,
    cdouble,
    cfloat,
    complex64,
    complex128,
    double,
    dtype,
    float,
    float8_e4m3fn,
    float8_e4m3fnuz,
    float8_e5m2,
    float8_e5m2fnuz,
    float8_e8m0fnu,
    float16,
    float32,
    float64,
    get_default_dtype,
    half,
    int,
    int8,
    int16,
    int32,
    int64,
    long,
    promote_types,
    set_default_dtype,
    short,
    uint8,
    uint16,
    uint32,
    uint64,
)
from frontends.torch._frontend import UnsupportedDtypeError, result_type, torch_function
from frontends.torch._interop import detach, frombuffer, get_device, set_default_tensor_type
from frontends.torch._legacy import *  # noqa: F403
from frontends.torch._lobpcg import lobpcg
from frontends.torch._lowrank import pca_lowrank, svd_lowrank

# torch.* also holds these nn.functional ops, under the same names and signatures (and
# those of _nn_forms, under torch's own signatures)
from frontends.torch._nn_forms import *  # noqa: F403
from frontends.torch._ops import ops
from frontends.torch._size import Size
from frontends.torch._tensor import Tensor, is_complex, is_floating_point, is_tensor, numel
from frontends.torch._tensor_attributes import *  # noqa: F403
from frontends.torch._tensor_attributes import _assert, _assert_async
from frontends.torch._tensor_str import set_printoptions
from frontends.torch._type_info import finfo, iinfo
from frontends.torch.amp.autocast_mode import autocast, get_autocast_dtype, is_autocast_enabled
from frontends.torch.autograd.anomaly_mode import (
    is_anomaly_check_nan_enabled,
    is_anomaly_enabled,
    set_anomaly_enabled,
)
from frontends.torch.autograd.grad_mode import (
    enable_grad,
    inference_mode,
    is_grad_enabled,
    is_inference_mode_enabled,
    no_grad,
    set_grad_enabled,
)
from frontends.torch.blas_lapack_ops import *  # noqa: F403
from frontends.torch.comparison_ops import *  # noqa: F403
from frontends.torch.creation_ops import *  # noqa: F403
from frontends.torch.func import vmap
from frontends.torch.indexing_ops import *  # noqa: F403
from frontends.torch.nn.functional import (
    adaptive_avg_pool1d,
    avg_pool1d,
    bilinear,
    celu,
    channel_shuffle,
    constant_pad_nd,
    conv1d,
    conv2d,
    conv3d,
    conv_transpose1d,
    conv_transpose2d,
    conv_transpose3d,
    cosine_similarity,
    hardshrink,
    max_pool1d,
    max_pool2d,
    max_pool3d,
    native_channel_shuffle,
    native_group_norm,
    native_layer_norm,
    pairwise_distance,
    pdist,
    pixel_shuffle,
    pixel_unshuffle,
    prelu,
    relu,
    rms_norm,
    rrelu_,
    selu,
    threshold_,
)
from frontends.torch.other_ops import *  # noqa: F403
from frontends.torch.pointwise_ops import *  # noqa: F403
from frontends.torch.random import thread_safe_generator
from frontends.torch.random_sampling import *  # noqa: F403
from frontends.torch.reduction_ops import *  # noqa: F403
from frontends.torch.serialization import load, save
from frontends.torch.signal import windows
from frontends.torch.signal.windows import (
    bartlett_window,
    blackman_window,
    hamming_window,
    hann_window,
    kaiser_window,
)
from frontends.torch.sparse import sparse_coo_tensor, spmm
from frontends.torch.special import i0, igamma, igammac, log_softmax, polygamma, softmax
from frontends.torch.spectral_ops import istft, stft
from frontends.torch.storage import UntypedStorage
from frontends.torch.utils.dlpack import from_dlpack, to_dlpack

__version__ = version.__version__

from frontends.torch import _frontend, _tensor

_tensor.add_function_methods(globals())
_tensor.add_fast_operators(_frontend.fast)

pi = _math.pi
e = _math.e
inf = _math.inf
nan = _math.nan
newaxis = None
