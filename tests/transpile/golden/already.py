"""Transpiled before: running it again changes nothing (and --to torch only the name)."""

import core as _transpile_core; _transpile_core.set_backend("jax")  # inserted by transpile
from frontends import torch
import frontends.torch.nn.functional as F
from frontends.jax import numpy as jnp, random
