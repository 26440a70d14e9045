import torch
import torchvision
from torchvision import transforms
import keras
import flax.linen as nn
import torch.nn, torchvision.models
import numpy as np, tensorflow.keras.applications
