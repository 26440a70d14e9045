# -*- coding: utf-8 -*-
"""A module whose docstring says: import torch.

And mentions `from torch import nn`.
"""
from __future__ import annotations
from __future__ import division

# The comment above the first import stays above it.
import torch_utils  # a name that merely contains "torch"
import numpyro
import mytorch.nn as nn
from tensorflow_addons import layers
from . import torch
from .torch import nn as local_nn
from ..numpy import thing
import importlib
import torch as T  # the only import here that is rewritten

torch_module = importlib.import_module("torch")
text = "import torch"
other = 'from jax import numpy as jnp'
template = f"""
import numpy as np  {text}
"""
	# a tab-indented comment
x = torch.thing  ;  y = torch_utils.torch   # spacing kept

def  f( a ,b ):   # odd formatting kept
    return  a+b   # as is


# trailing comment with no newline at the end
x = 1