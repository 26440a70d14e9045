"""torch.backends.nnpack: NNPACK is not used by the frontend; ``is_available()`` is
False."""


def is_available() -> bool:
    return False
