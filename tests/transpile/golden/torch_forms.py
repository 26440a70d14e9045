"""Every import form of torch."""

import torch
import torch as T
import torch.nn as nn
import torch.nn.functional as F
import torch.nn
from torch import nn, optim
from torch.nn import functional as F, Linear
from torch.utils.data import DataLoader
from torch.nn import (
    Conv2d,  # a comment inside the parentheses
    ReLU,
)
from torch import *
import   torch  as  T2   # odd spacing is kept
import torch.nn as nn, torch.optim as optim

x = torch.zeros(3)
