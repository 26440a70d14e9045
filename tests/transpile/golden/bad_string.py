import torch
x = "unterminated
