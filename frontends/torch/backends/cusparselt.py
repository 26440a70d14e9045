"""torch.backends.cusparselt: cuSPARSELt is not used by the frontend; ``is_available()`` is
False."""


def is_available() -> bool:
    return False


def version() -> None:
    return None
