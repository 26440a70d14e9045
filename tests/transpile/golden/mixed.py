import os, torch, numpy as np
import sys; import jax.numpy as jnp; print(sys.argv)
from torch import nn; from numpy import linalg

t = torch.tensor(np.ones(3))
