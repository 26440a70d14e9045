"""Imports below the top level are rewritten too."""
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import torch

try:
    import jax
    import jax.numpy as jnp
except ImportError:  # jax is optional
    jax = None
else:
    from jax import random
finally:
    pass

if __name__ == "__main__": import numpy as np


def load():
    import torch.nn.functional as F

    def inner():
        from tensorflow import math as tfm
        return tfm

    return F, inner


class Model:
    import torch.nn as nn

    def forward(self, x):
        with open(x) as f:
            import numpy
        match x:
            case 1:
                import tensorflow as tf
            case _:
                pass
        for _ in range(2):
            import torch
        while False:
            import jax
        return numpy
