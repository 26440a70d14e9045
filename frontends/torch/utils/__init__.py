"""torch.utils: ``data`` (Dataset, TensorDataset, DataLoader), ``checkpoint`` and
``_pytree``."""

from frontends.torch.utils import _pytree, checkpoint, data
