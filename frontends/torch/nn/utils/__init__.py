"""torch.nn.utils: gradient clipping, parameter/vector conversion, BatchNorm fusion."""

from frontends.torch.nn.utils import parametrizations, parametrize, rnn
from frontends.torch.nn.utils.clip_grad import (
    clip_grad_norm,
    clip_grad_norm_,
    clip_grad_value_,
    clip_grads_with_norm_,
    get_total_norm,
)
from frontends.torch.nn.utils.convert_parameters import (
    parameters_to_vector,
    vector_to_parameters,
)
from frontends.torch.nn.utils.fusion import (
    fuse_conv_bn_eval,
    fuse_conv_bn_weights,
    fuse_linear_bn_eval,
    fuse_linear_bn_weights,
)
from frontends.torch.nn.utils.spectral_norm import remove_spectral_norm, spectral_norm
from frontends.torch.nn.utils.weight_norm import remove_weight_norm, weight_norm
