"""torch.utils: ``data`` (Dataset, TensorDataset, DataLoader)."""

from frontends.torch.utils import data
