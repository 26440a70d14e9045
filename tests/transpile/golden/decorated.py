"""The first statement after the docstring is decorated."""
@staticmethod
def f():
    import torch
    return torch
