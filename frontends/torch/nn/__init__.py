"""torch.nn: ``functional`` (torch.nn.functional) and the layer modules."""

from frontends.torch.nn import functional
