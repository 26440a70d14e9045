"""Nothing to rewrite: no backend line is added."""
import os
import torch_utils
from . import numpy

print(os.getcwd())
