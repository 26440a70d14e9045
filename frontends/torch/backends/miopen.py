"""torch.backends.miopen: MIOpen is not used by the frontend; ``is_available()`` is
False."""


def is_available() -> bool:
    return False
